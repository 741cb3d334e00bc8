/**
 * `mcp-lab classify --http`, run as a real process: a HAR file of MCP traffic read exchange by exchange, one exchange
 * as JSON, and bad input (not JSON, not a HAR, too large, both --http and --jsonl) refused with exit 2 and a sentence.
 * Expected verdicts quote the 2026-07-28 transport page (basic/transports/streamable-http.mdx).
 */
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.ts';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const call = (id: number, name: string) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {}, _meta: META } });
const h = (o: Record<string, string>) => Object.entries(o).map(([name, value]) => ({ name, value }));
const REQ_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
  'MCP-Protocol-Version': '2026-07-28',
  'Mcp-Method': 'tools/call',
};

function entry(url: string, name: string, headerName: string, status: number, body: string) {
  return {
    request: {
      method: 'POST',
      url,
      headers: h({ ...REQ_HEADERS, 'Mcp-Name': headerName }),
      postData: { mimeType: 'application/json', text: call(7, name) },
    },
    response: {
      status,
      headers: h({ 'Content-Type': 'application/json' }),
      content: { mimeType: 'application/json', text: body },
    },
  };
}

const RESULT = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { resultType: 'complete', content: [] } });
const MISMATCH = JSON.stringify({ jsonrpc: '2.0', id: 7, error: { code: -32020, message: 'Header mismatch' } });
const HAR = {
  log: {
    version: '1.2',
    entries: [
      entry('https://mcp.example.com/mcp', 'get_incident', 'get_incident', 200, RESULT),
      // A page asset: no MCP header, no JSON-RPC body; skipped and counted.
      {
        request: { method: 'GET', url: 'https://mcp.example.com/app.js', headers: [] },
        response: { status: 200, headers: [] },
      },
      entry('https://mcp.example.com/mcp', 'get_incident', 'get_weather', 200, RESULT),
      entry('https://mcp.example.com/mcp\u001b[2J', 'get_incident', 'get_weather', 400, MISMATCH),
    ],
  },
};

/** A 2025-11-25 session: initialize (the server mints a session id), then two requests of that session. */
const legacy = (id: number, method: string, headers: Record<string, string>, result: unknown) => ({
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:3000/mcp',
    headers: h({ 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers }),
    postData: {
      text: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method,
        params:
          method === 'initialize'
            ? { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } }
            : {},
      }),
    },
  },
  response: {
    status: 200,
    headers: h({ 'Content-Type': 'application/json', ...(method === 'initialize' ? { 'Mcp-Session-Id': 's-9' } : {}) }),
    content: { text: JSON.stringify({ jsonrpc: '2.0', id, result }) },
  },
});
const LEGACY_HAR = {
  log: {
    entries: [
      legacy(
        0,
        'initialize',
        {},
        { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } },
      ),
      legacy(1, 'tools/list', { 'Mcp-Session-Id': 's-9', 'MCP-Protocol-Version': '2025-11-25' }, { tools: [] }),
      legacy(2, 'tools/list', { 'Mcp-Session-Id': 's-9' }, { tools: [] }),
    ],
  },
};

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-lab-http-'));
  await writeFile(join(dir, 'session.har'), JSON.stringify(HAR));
  await writeFile(
    join(dir, 'one.json'),
    JSON.stringify({
      request: {
        method: 'POST',
        headers: { ...REQ_HEADERS, 'Mcp-Name': 'get_incident' },
        body: call(7, 'get_incident'),
      },
      response: { status: 202 },
    }),
  );
  await writeFile(join(dir, 'legacy.har'), JSON.stringify(LEGACY_HAR));
  await writeFile(join(dir, 'not-har.json'), JSON.stringify({ entries: [] }));
  await writeFile(join(dir, 'broken.har'), '{"log": {"entries": [');
  await writeFile(join(dir, 'huge.har'), '');
  await truncate(join(dir, 'huge.har'), 33 * 1024 * 1024);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('mcp-lab classify --http', () => {
  it('reads every MCP exchange of a HAR file, skipping page assets, and prints one JSON object per exchange', async () => {
    const r = await runCli(['classify', '--http', '--format', 'json', join(dir, 'session.har')]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const items = lines.filter((l) => 'classification' in l);
    expect(items.map((i) => i.entry)).toEqual([0, 2, 3]);
    expect(items[0].classification).toMatchObject({ agree: true, brokenBy: 'nobody' });
    // §Server Validation: servers "MUST reject requests where the values specified in the headers do not match the
    // corresponding values in the request body", with 400 Bad Request and -32020.
    expect(items[1].classification.brokenBy).toBe('both');
    expect(items[2].classification.brokenBy).toBe('client');
    expect(items[2].classification.expected).toMatchObject({ status: 400, strength: 'must' });
    const summary = lines.at(-1).summary;
    expect(summary).toMatchObject({ exchanges: 3, withErrors: 2 });
    expect(summary.skipped.join(' ')).toMatch(/1 entry with no MCP header/);
  });

  it('judges a 2025-11-25 session by its initialize, not by 2026-07-28, and carries the session across entries', async () => {
    // 2026-07-28 basic/versioning.mdx: "An `initialize` request selects legacy semantics"; 2025-11-25
    // basic/transports.mdx §Protocol Version Header: "the client MUST include the MCP-Protocol-Version:
    // <protocol-version> HTTP header on all subsequent requests to the MCP server".
    const r = await runCli(['classify', '--http', '--format', 'json', join(dir, 'legacy.har')]);
    expect(r.code, r.stderr).toBe(0);
    const items = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .filter((l) => 'classification' in l)
      .map((l) => l.classification);
    expect(items.map((c) => [c.protocol, c.era.source, c.brokenBy])).toEqual([
      ['2025-11-25', 'initialize', 'nobody'],
      ['2025-11-25', 'session', 'nobody'],
      ['2025-11-25', 'session', 'client'],
    ]);
    const text = await runCli(['classify', '--http', join(dir, 'legacy.har')]);
    expect(text.stdout).toMatch(
      /era: 2025-11-25 \(session\): An earlier initialize of this session negotiated 2025-11-25/,
    );
  });

  it('prints a readable report whose input text cannot drive the terminal', async () => {
    const r = await runCli(['classify', '--http', join(dir, 'session.har')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('entry 3: POST https://mcp.example.com/mcp\\u001b[2J -> 400 Bad Request');
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).toMatch(/error http-name-header-mismatch at request header Mcp-Name/);
    expect(r.stdout).toMatch(/Summary of .*session\.har: 3 MCP exchanges, 2 breaking a rule/);
  });

  it('reads one exchange given as JSON, from a file or stdin', async () => {
    // §Sending Messages: a request MUST be answered with application/json or text/event-stream, never 202.
    const r = await runCli(['classify', '--http', join(dir, 'one.json')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/error http-accepted-for-request/);
    const piped = await runCli(['classify', '--http', '--format', 'json', '-'], JSON.stringify(HAR));
    expect(piped.code, piped.stderr).toBe(0);
  });

  it('refuses text that is not JSON, JSON that is not a HAR, a file over 32 MiB, and --http with --jsonl', async () => {
    const broken = await runCli(['classify', '--http', join(dir, 'broken.har')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/not JSON/);
    const notHar = await runCli(['classify', '--http', join(dir, 'not-har.json')]);
    expect(notHar.code).toBe(2);
    expect(notHar.stderr).toMatch(/log\.entries/);
    const huge = await runCli(['classify', '--http', join(dir, 'huge.har')]);
    expect(huge.code).toBe(2);
    expect(huge.stderr).toMatch(/at most 32 MiB/);
    const both = await runCli(['classify', '--http', '--jsonl', join(dir, 'session.har')]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/choose one/);
  });
});
