/**
 * The mcp-lab CLI, run as a real process the way a user runs it: exit codes, stdout and stderr. Expected
 * classifications are written from the spec (JSON-RPC 2.0 §4-§7, MCP basic/index.mdx), not from the model's output.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.ts';

/** Parses JSON-lines output. */
const jsonLines = (text: string): any[] =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
/** The per-line entries of --jsonl --format json output, without the closing summary object. */
const entryLines = (text: string): any[] => jsonLines(text).filter((o) => !('summary' in o));

const META =
  '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"}}';
const TOOLS_CALL = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_incident","arguments":{"incidentId":"INC-1"},${META}}}`;
const NOT_JSON = '{"jsonrpc":"2.0","method":"tools/list","params":{';
// JSON-RPC 2.0 §7 "rpc call Batch": two requests with ids "1" and "2", one notification, one invalid element.
const BATCH =
  '[{"jsonrpc":"2.0","method":"sum","params":[1,2,4],"id":"1"},{"jsonrpc":"2.0","method":"notify_hello","params":[7]},{"jsonrpc":"2.0","method":"subtract","params":[42,23],"id":"2"},{"foo":"boo"}]';

let dir = '';
const file = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-lab-cli-'));
  await writeFile(file('tools-call.json'), TOOLS_CALL);
  await writeFile(file('not-json.json'), NOT_JSON);
  await writeFile(file('batch.json'), BATCH);
  await writeFile(file('null-id.json'), '{"jsonrpc":"2.0","id":null,"method":"tools/list","params":{}}');
  // A captured stdio log: a request, a blank line, a result, a line cut off mid-message, a notification,
  // and a CRLF-terminated error response at the end.
  await writeFile(
    file('session.jsonl'),
    [
      TOOLS_CALL,
      '',
      '{"jsonrpc":"2.0","id":7,"result":{"resultType":"complete","content":[{"type":"text","text":"INC-1 is open"}]}}',
      '{"jsonrpc":"2.0","id":8,"method":"tools/ca',
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p1","progress":1}}',
      '{"jsonrpc":"2.0","id":9,"error":{"code":-32601,"message":"Method not found"}}\r',
      '',
    ].join('\n'),
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('mcp-lab --help', () => {
  it('lists the classify command and exits 0', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: mcp-lab <command>/);
    expect(r.stdout).toMatch(/^\s+classify\s+\S/m);
    expect(r.stderr).toBe('');
  });

  it('documents every flag, every protocol and examples for classify', async () => {
    const r = await runCli(['classify', '--help']);
    expect(r.code).toBe(0);
    for (const word of [
      '--protocol',
      '--jsonl',
      '--format',
      'jsonrpc-2.0',
      '2025-06-18',
      '2025-11-25',
      '2026-07-28',
      'Examples',
      'Exit status',
    ]) {
      expect(r.stdout).toContain(word);
    }
  });

  it('prints the usage on stderr and exits 2 when no command is given', async () => {
    const r = await runCli([]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Usage: mcp-lab');
  });
});

describe('mcp-lab classify FILE', () => {
  it('prints one JSON object for a valid 2026-07-28 tools/call request: a response with id 7 is owed', async () => {
    const r = await runCli(['classify', '--format', 'json', file('tools-call.json')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = jsonLines(r.stdout);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      kind: 'request',
      method: 'tools/call',
      id: 7,
      protocol: '2026-07-28',
      reply: { send: 'response', id: 7 },
    });
  });

  it('exits 0 for text that is not JSON and reports a parse error owed -32700 with id null', async () => {
    const r = await runCli(['classify', '--format', 'json', file('not-json.json')]);
    expect(r.code).toBe(0);
    const [c] = jsonLines(r.stdout);
    expect(c.kind).toBe('parse-error');
    expect(c.reply).toEqual({ send: 'error', code: -32700, id: null });
    expect(c.findings.map((f: { id: string }) => f.id)).toContain('not-json');
  });

  it('answers the JSON-RPC 2.0 §7 batch with two results and one -32600 under --protocol jsonrpc-2.0', async () => {
    const r = await runCli(['classify', '--protocol', 'jsonrpc-2.0', '--format', 'json', file('batch.json')]);
    expect(r.code).toBe(0);
    const [c] = jsonLines(r.stdout);
    expect(c.kind).toBe('batch');
    expect(c.reply).toEqual({
      send: 'batch',
      items: [
        { send: 'response', id: '1' },
        { send: 'response', id: '2' },
        { send: 'error', code: -32600, id: null },
      ],
    });
  });

  it('flags the same array under MCP 2025-11-25, which has no batches and does not say how one is answered', async () => {
    const r = await runCli(['classify', '--protocol', '2025-11-25', '--format', 'json', file('batch.json')]);
    const [c] = jsonLines(r.stdout);
    expect(c.reply).toEqual({ send: 'unspecified' });
    expect(c.findings.map((f: { id: string }) => f.id)).toContain('batch-unsupported');
  });

  it('writes a readable report by default, with the kind, the reply and each finding with its spec section', async () => {
    const r = await runCli(['classify', '--protocol', '2025-11-25', file('null-id.json')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('kind: invalid');
    // 2025-11-25 leaves the id out of an error to a request whose id could not be read (basic/index.mdx §Error Responses).
    expect(r.stdout).toContain('reply: error -32600 without an id');
    expect(r.stdout).toMatch(/error\s+id-null at \/id:/);
    expect(r.stdout).toContain('MCP 2025-11-25 basic/index.mdx');
  });
});

describe('mcp-lab classify --jsonl', () => {
  it('classifies each non-blank line of a log, numbering lines as in the file, a broken line included', async () => {
    const r = await runCli(['classify', '--jsonl', '--format', 'json', file('session.jsonl')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = entryLines(r.stdout);
    expect(out.map((e) => [e.line, e.classification.kind])).toEqual([
      [1, 'request'],
      [3, 'result'],
      [4, 'parse-error'],
      [5, 'notification'],
      [6, 'error'],
    ]);
    expect(out[1].classification.toolOutcome).toBe('success');
    expect(out[2].classification.reply).toEqual({ send: 'error', code: -32700, id: null });
    expect(out[3].classification.reply).toEqual({ send: 'nothing' });
    expect(out[4].classification).toMatchObject({ code: -32601, codeClass: 'method-not-found' });
  });

  it('ends the text report with a summary of kinds and error findings', async () => {
    const r = await runCli(['classify', '--jsonl', file('session.jsonl')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^line 4$/m);
    const summary = r.stdout.slice(r.stdout.indexOf('Summary of'));
    expect(summary).toMatch(/5 messages on 6 lines/);
    expect(summary).toContain('parse-error 1, request 1, notification 1, result 1, error 1');
    expect(summary).toMatch(/error findings: 1 \(not-json 1\)/);
  });

  // The session: line 1 a tools/call (id 7, a 2026-07-28 envelope), line 3 its result, line 4 cut off, line 6 an
  // error for id 9, which no request has. JSON-RPC 2.0 §5: a response's id "MUST be the same as the value of the id
  // member in the Request Object"; the cut-off line is owed -32700 (§5.1) and nothing in the log answers it.
  it('detects the protocol from the log, pairs responses with requests, and says so in the summary', async () => {
    const text = await runCli(['classify', '--jsonl', file('session.jsonl')]);
    const summary = text.stdout.slice(text.stdout.indexOf('Summary of'));
    expect(summary).toMatch(/protocol: 2026-07-28 \(detected\) Line 1: /);
    expect(summary).toContain('requests: 1 (1 answered, 0 unanswered)');
    expect(summary).toMatch(/line 6: warning response-without-request: /);
    expect(summary).toMatch(/line 4: warning request-unanswered: /);
    const json = await runCli(['classify', '--jsonl', '--format', 'json', file('session.jsonl')]);
    const last = jsonLines(json.stdout).at(-1);
    expect(last.summary).toMatchObject({
      kind: 'log-analysis',
      protocol: '2026-07-28',
      detection: { source: 'detected', line: 1 },
      exchanges: [{ id: 7, method: 'tools/call', requestLine: 1, responseLine: 3, outcome: 'result' }],
      issueCounts: { 'response-without-request': 1, 'request-unanswered': 1 },
      lines: 6,
    });
  });

  it('classifies under the protocol given, when one is', async () => {
    const r = await runCli(['classify', '--jsonl', '--protocol', '2025-11-25', file('session.jsonl')]);
    expect(r.stdout).toMatch(/protocol: 2025-11-25 \(given\)/);
  });

  it('keeps line numbers right in a log larger than one read block', async () => {
    const lines: string[] = [];
    for (let i = 1; i <= 3000; i += 1) {
      lines.push(
        i % 1000 === 0
          ? '{oops'
          : `{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"${'x'.repeat(500)}","n":${i}}}`,
      );
    }
    await writeFile(file('big.jsonl'), `${lines.join('\n')}\n`);
    const r = await runCli(['classify', '--jsonl', '--format', 'json', file('big.jsonl')]);
    expect(r.code).toBe(0);
    const out = entryLines(r.stdout);
    expect(out).toHaveLength(3000);
    expect(out.map((e) => e.line)).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
    expect(out.filter((e) => e.classification.kind === 'parse-error').map((e) => e.line)).toEqual([1000, 2000, 3000]);
  });
});

describe('mcp-lab classify from stdin', () => {
  it('reads one message from stdin with -', async () => {
    const r = await runCli(
      ['classify', '--format', 'json', '-'],
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    );
    expect(r.code).toBe(0);
    const [c] = jsonLines(r.stdout);
    expect(c).toMatchObject({ kind: 'notification', reply: { send: 'nothing' } });
  });

  it('reads stdin when no FILE is given and stdin is a pipe', async () => {
    const r = await runCli(
      ['classify', '--format', 'json'],
      '{"jsonrpc":"2.0","id":"a","result":{"resultType":"complete"}}',
    );
    expect(r.code).toBe(0);
    const [c] = jsonLines(r.stdout);
    expect(c).toMatchObject({ kind: 'result', id: 'a', reply: { send: 'nothing' } });
  });

  it('reads a log from stdin with --jsonl', async () => {
    const r = await runCli(['classify', '--jsonl', '--format', 'json', '-'], `${TOOLS_CALL}\n${NOT_JSON}\n`);
    expect(r.code).toBe(0);
    expect(entryLines(r.stdout).map((e) => [e.line, e.classification.kind])).toEqual([
      [1, 'request'],
      [2, 'parse-error'],
    ]);
  });

  it('classifies empty input as a parse error, since the input was read', async () => {
    const r = await runCli(['classify', '--format', 'json', '-'], '');
    expect(r.code).toBe(0);
    expect(jsonLines(r.stdout)[0].kind).toBe('parse-error');
  });
});

describe('mcp-lab classify with bad arguments', () => {
  /** Every usage failure: exit 2, nothing on stdout, exactly one line on stderr. */
  async function expectUsageError(args: string[], pattern: RegExp): Promise<void> {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.endsWith('\n')).toBe(true);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(pattern);
  }

  it('names an unknown protocol and lists the allowed ones', async () => {
    await expectUsageError(
      ['classify', '--protocol', '2025-03-26', file('tools-call.json')],
      /unknown protocol "2025-03-26".*jsonrpc-2\.0, 2025-06-18, 2025-11-25, 2026-07-28/,
    );
  });

  it('names an unknown option', () =>
    expectUsageError(['classify', '--strict', file('tools-call.json')], /Unknown option '--strict'/));

  it('names an unknown format', () =>
    expectUsageError(['classify', '--format', 'yaml', file('tools-call.json')], /unknown format "yaml".*json, text/));

  it('says when --protocol has no value', () => expectUsageError(['classify', '--protocol'], /--protocol/));

  it('refuses two files', () =>
    expectUsageError(['classify', file('tools-call.json'), file('batch.json')], /expected one FILE/));

  it('names a missing file', () =>
    expectUsageError(['classify', file('missing.json')], /cannot read .*missing\.json: no such file/));

  it('names a directory given as a file', () =>
    expectUsageError(['classify', '--jsonl', dir], /cannot read .*: it is a directory/));

  it('names an unknown command', () => expectUsageError(['grade-all'], /unknown command "grade-all"/));
});
