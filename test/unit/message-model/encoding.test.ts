/**
 * classifyNotUtf8 and the log analyzer's not-UTF-8 lines. MCP basic/transports: "JSON-RPC messages MUST be UTF-8
 * encoded"; bytes that do not decode are text the receiver cannot parse, answered with Parse error (-32700) and id
 * null (JSON-RPC 2.0 §5.1). The links must name a page and heading of the committed spec snapshot.
 */
import { describe, expect, it } from 'vitest';
import { classifyNotUtf8, createLogAnalyzer, MCP_VERSIONS } from '#message-model';
import { checkSpecUrl } from '../../support/oracles/spec-snapshot.ts';

describe('classifyNotUtf8', () => {
  it('is a parse error answered with -32700 and id null, citing where each MCP revision says MUST be UTF-8', () => {
    for (const protocol of MCP_VERSIONS) {
      const c = classifyNotUtf8({ protocol });
      expect(c.kind).toBe('parse-error');
      expect(c.protocol).toBe(protocol);
      expect(c.reply).toEqual({ send: 'error', code: -32700, id: null });
      expect(c.findings).toHaveLength(1);
      expect(c.findings[0]!.severity).toBe('error');
      expect(c.findings[0]!.message).toContain('JSON-RPC messages MUST be UTF-8 encoded');
      expect(checkSpecUrl(c.findings[0]!.spec.url)).toBeUndefined();
    }
    expect(classifyNotUtf8({ protocol: 'jsonrpc-2.0' }).findings[0]!.spec.url).toBe(
      'https://www.rfc-editor.org/rfc/rfc8259#section-8.1',
    );
  });

  it('the analyzer classifies a marked line with it, also while it holds lines to detect the version', () => {
    const analyzer = createLogAnalyzer();
    const notUtf8 = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}';
    expect(analyzer.push(1, notUtf8, true)).toEqual([]);
    const end = analyzer.finish();
    expect(end.entries.map((e) => [e.line, e.classification.kind, e.classification.reply])).toEqual([
      [1, 'parse-error', { send: 'error', code: -32700, id: null }],
    ]);
    // The marked line's text does not decide the version: it was not readable.
    expect(end.analysis.detection.source).toBe('default');
    expect(end.analysis.counts.requests).toBe(0);
  });
});
