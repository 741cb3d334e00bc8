/** log-version.ts: the era a session speaks, and the dual-era fallback from a modern probe to initialize. */
import { describe, expect, it } from 'vitest';
import { analyzeLog } from '#message-model';

const jsonl = (...messages: unknown[]) => messages.map((m) => JSON.stringify(m)).join('\n');
const discover = {
  jsonrpc: '2.0',
  id: 1,
  method: 'server/discover',
  params: {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'lab', version: '1.0.0' },
    },
  },
};
const initialize = (id: number, version: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'lab', version: '1.0.0' } },
});
const initialized = (id: number, version: string) => ({
  jsonrpc: '2.0',
  id,
  result: { protocolVersion: version, capabilities: {}, serverInfo: { name: 'legacy', version: '1.0.0' } },
});
const rest = [
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 3, method: 'tools/list' },
  { jsonrpc: '2.0', id: 3, result: { tools: [] } },
];

describe('the dual-era fallback', () => {
  // 2026-07-28 basic/transports/stdio.mdx §Backward Compatibility: a dual-era client "SHOULD probe with
  // `server/discover` before sending any other request"; when "The server returns any other error, or does not
  // respond within a reasonable timeout: the server is legacy. Fall back to the `initialize` handshake." and "The
  // fallback MUST NOT be keyed to one specific error code: legacy servers respond to unknown pre-`initialize`
  // requests with implementation-defined errors (commonly `-32601` or `-32602`) or not at all."
  it('switches to the negotiated legacy version from the initialize line on, with no findings', () => {
    for (const code of [-32601, -32602]) {
      const a = analyzeLog(
        jsonl(
          discover,
          { jsonrpc: '2.0', id: 1, error: { code, message: 'Unknown method' } },
          initialize(2, '2025-11-25'),
          initialized(2, '2025-11-25'),
          ...rest,
        ),
      );
      expect(a.issues).toEqual([]);
      expect(a.entries.map((e) => e.classification.protocol)).toEqual([
        '2026-07-28',
        '2026-07-28',
        '2025-11-25',
        '2025-11-25',
        '2025-11-25',
        '2025-11-25',
        '2025-11-25',
      ]);
      expect(a.entries.slice(2).flatMap((e) => e.classification.findings.filter((f) => f.severity !== 'info'))).toEqual(
        [],
      );
      expect(a.detection).toMatchObject({ protocol: '2025-11-25', line: 3, before: '2026-07-28' });
      expect(a.protocol).toBe('2025-11-25');
    }
  });

  // 2025-11-25 basic/lifecycle.mdx §Version Negotiation: "Otherwise, the server MUST respond with another protocol
  // version it supports." The answer decides from its own line on.
  // An uncovered dated version reads as the nearest covered revision not later than it, as the HTTP reader does:
  // 2025-09-01 came after 2025-06-18 and before 2025-11-25, so its rules are 2025-06-18's.
  it('reads an uncovered negotiated version as the covered one before it', () => {
    const a = analyzeLog(
      jsonl(
        discover,
        { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } },
        initialize(2, '2025-09-01'),
        initialized(2, '2025-09-01'),
        ...rest,
      ),
    );
    expect(a.detection).toMatchObject({ protocol: '2025-06-18', line: 3 });
  });

  it('follows the version the server answers the fallback initialize with', () => {
    const a = analyzeLog(
      jsonl(
        discover,
        { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } },
        initialize(2, '2025-11-25'),
        initialized(2, '2025-06-18'),
        ...rest,
      ),
    );
    expect(a.detection).toMatchObject({ protocol: '2025-06-18', line: 4 });
    expect(a.entries.at(-1)?.classification.protocol).toBe('2025-06-18');
  });

  // §Backward Compatibility: "The server returns a recognized modern JSON-RPC error such as
  // `UnsupportedProtocolVersionError`: the server is modern but does not support the requested version. Use one of
  // the versions in its advertised `supported` list. Do not fall back to `initialize`."
  it('does not switch after a modern error: the session stays 2026-07-28', () => {
    const a = analyzeLog(
      jsonl(
        discover,
        {
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2027-01-01'] } },
        },
        initialize(2, '2025-11-25'),
      ),
    );
    expect(a.protocol).toBe('2026-07-28');
    expect(a.entries[2]?.classification.findings.map((f) => f.id)).toContain('method-removed');
  });
});
