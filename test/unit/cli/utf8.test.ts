/**
 * Input bytes that are not UTF-8. MCP basic/transports: "JSON-RPC messages MUST be UTF-8 encoded" (2026-07-28
 * basic/transports/index.mdx §Messages; 2025-11-25 and 2025-06-18 basic/transports.mdx); RFC 8259 §8.1 asks the same
 * of JSON text. A receiver cannot read such bytes, so `mcp-lab classify` reports them as a parse error (answered with
 * Parse error -32700, id null), never as the message a lenient decoder makes of them: the bytes 0xC3 0x28 are not a
 * character, whereas EF BF BD is a real U+FFFD and stays valid. Multi-byte characters cut by the file reader's 64 KiB
 * chunks are not a false alarm.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.ts';

const jsonLines = (text: string): any[] =>
  text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));

/** A JSON-RPC 2.0 notification whose one string param holds `inner` (raw bytes) between "a" and "b". */
const notification = (inner: Buffer) =>
  Buffer.concat([Buffer.from('{"jsonrpc":"2.0","method":"notify","params":{"s":"a'), inner, Buffer.from('b"}}')]);
const INVALID = Buffer.from([0xc3, 0x28]);
const REPLACEMENT = Buffer.from([0xef, 0xbf, 0xbd]);
const META =
  '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"}}';
const toolsCall = (inner: Buffer) =>
  Buffer.concat([
    Buffer.from(
      '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_incident","arguments":{"incidentId":"INC-',
    ),
    inner,
    Buffer.from(`"},${META}}}`),
  ]);

const PARSE_ERROR_REPLY = { send: 'error', code: -32700, id: null };
const CHUNK = 64 * 1024;

/** A message whose string puts `char` (a multi-byte character) so that it starts `before` bytes ahead of `at`. */
function straddling(char: string, at: number, before: number): Buffer {
  const head = Buffer.from('{"jsonrpc":"2.0","method":"notify","params":{"s":"');
  return Buffer.concat([
    head,
    Buffer.from('x'.repeat(at - before - head.length)),
    Buffer.from(char),
    Buffer.from('y"}}'),
  ]);
}

let dir = '';
const file = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-lab-utf8-'));
  await writeFile(file('bad.json'), notification(INVALID));
  await writeFile(file('bad-mcp.json'), toolsCall(INVALID));
  await writeFile(file('fffd.json'), notification(REPLACEMENT));
  await writeFile(
    file('log.jsonl'),
    Buffer.concat([
      notification(Buffer.from('1')),
      Buffer.from('\n'),
      notification(INVALID),
      Buffer.from('\n'),
      notification(Buffer.from('3')),
      Buffer.from('\n'),
    ]),
  );
  // "€" is E2 82 AC: its first byte ends the first 64 KiB chunk, the other two begin the second.
  await writeFile(file('split.json'), straddling('€', CHUNK, 1));
  await writeFile(file('split-fffd.json'), straddling('\uFFFD', CHUNK, 2));
  const line1 = straddling('€', CHUNK, 2);
  await writeFile(
    file('split.jsonl'),
    Buffer.concat([line1, Buffer.from('\n'), notification(REPLACEMENT), Buffer.from('\n')]),
  );
  await writeFile(
    file('split-bad.jsonl'),
    Buffer.concat([straddling('é', CHUNK, 1), Buffer.from('\n'), notification(INVALID)]),
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('mcp-lab classify: bytes that are not UTF-8', () => {
  it('reports a message with 0xC3 0x28 in a string as a parse error, not as the notification it decodes to', async () => {
    const r = await runCli(['classify', '--protocol', 'jsonrpc-2.0', '--format', 'json', file('bad.json')]);
    expect(r.code).toBe(0);
    const [c] = jsonLines(r.stdout);
    expect(c.kind).toBe('parse-error');
    expect(c.reply).toEqual(PARSE_ERROR_REPLY);
    expect(c.findings[0].severity).toBe('error');
    expect(c.findings[0].spec.url).toBe('https://www.rfc-editor.org/rfc/rfc8259#section-8.1');
  });

  it('cites the MCP transport rule for an MCP message, from a file and from stdin', async () => {
    const { readFile } = await import('node:fs/promises');
    for (const r of [
      await runCli(['classify', '--format', 'json', file('bad-mcp.json')]),
      await runCli(['classify', '--format', 'json', '-'], await readFile(file('bad-mcp.json'))),
    ]) {
      expect(r.code).toBe(0);
      const [c] = jsonLines(r.stdout);
      expect(c.kind).toBe('parse-error');
      expect(c.reply).toEqual(PARSE_ERROR_REPLY);
      expect(c.findings[0].message).toContain('MUST be UTF-8 encoded');
      expect(c.findings[0].spec.url).toBe(
        'https://modelcontextprotocol.io/specification/2026-07-28/basic/transports#messages',
      );
    }
    const r = await runCli(['classify', '--protocol', '2025-11-25', '--format', 'json', file('bad-mcp.json')]);
    expect(jsonLines(r.stdout)[0].findings[0].spec.url).toBe(
      'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports',
    );
  });

  it('keeps a real U+FFFD (EF BF BD) valid', async () => {
    const r = await runCli(['classify', '--protocol', 'jsonrpc-2.0', '--format', 'json', file('fffd.json')]);
    expect(r.code).toBe(0);
    expect(jsonLines(r.stdout)[0].kind).toBe('notification');
  });

  it('--jsonl reports the bad line by number and classifies the lines around it as before', async () => {
    const r = await runCli(['classify', '--jsonl', '--protocol', 'jsonrpc-2.0', '--format', 'json', file('log.jsonl')]);
    expect(r.code).toBe(0);
    const out = jsonLines(r.stdout);
    expect(out.slice(0, 3).map((o) => [o.line, o.classification.kind])).toEqual([
      [1, 'notification'],
      [2, 'parse-error'],
      [3, 'notification'],
    ]);
    expect(out[1].classification.reply).toEqual(PARSE_ERROR_REPLY);
    const text = await runCli(['classify', '--jsonl', '--protocol', 'jsonrpc-2.0', file('log.jsonl')]);
    expect(text.stdout).toContain('by kind: parse-error 1, notification 2');
    expect(text.stdout).toMatch(/line 2\n[^\n]*parse-error/);
  });

  it('--jsonl flags a line whose last byte starts a character that the next chunk cuts off with a newline', async () => {
    // Line 1 ends with 0xE2 (the first byte of a three-byte character) as the first chunk's last byte; the second
    // chunk starts with the newline and is valid UTF-8 on its own, so only what came before shows line 1 is bad.
    const head = Buffer.from('{"jsonrpc":"2.0","method":"notify"}');
    const cut = Buffer.concat([head, Buffer.from(' '.repeat(CHUNK - head.length - 1)), Buffer.from([0xe2])]);
    const path = file('cut-at-newline.jsonl');
    await writeFile(path, Buffer.concat([cut, Buffer.from('\n'), notification(REPLACEMENT), Buffer.from('\n')]));
    const r = await runCli(['classify', '--jsonl', '--protocol', 'jsonrpc-2.0', '--format', 'json', path]);
    const out = jsonLines(r.stdout);
    expect(out[0].classification.reason).toContain('not valid UTF-8');
    expect([out[1].line, out[1].classification.kind]).toEqual([2, 'notification']);
  });

  it('gives the verdict on a 4 MiB message of two million bad lines', async () => {
    // The first bad byte decides it; checking every line after it took 11 s for this file.
    const path = file('many-bad-lines.json');
    await writeFile(path, Buffer.alloc(4 * 1024 * 1024, Buffer.from([0xff, 0x0a])));
    const r = await runCli(['classify', '--protocol', 'jsonrpc-2.0', '--format', 'json', path]);
    expect(jsonLines(r.stdout)[0].reason).toContain('not valid UTF-8');
  }, 30_000);

  it('is no false alarm for characters cut between two read chunks', async () => {
    for (const name of ['split.json', 'split-fffd.json']) {
      const r = await runCli(['classify', '--protocol', 'jsonrpc-2.0', '--format', 'json', file(name)]);
      expect(jsonLines(r.stdout)[0].kind, name).toBe('notification');
    }
    const r = await runCli([
      'classify',
      '--jsonl',
      '--protocol',
      'jsonrpc-2.0',
      '--format',
      'json',
      file('split.jsonl'),
    ]);
    expect(
      jsonLines(r.stdout)
        .slice(0, 2)
        .map((o) => [o.line, o.classification.kind]),
    ).toEqual([
      [1, 'notification'],
      [2, 'notification'],
    ]);
    const bad = await runCli([
      'classify',
      '--jsonl',
      '--protocol',
      'jsonrpc-2.0',
      '--format',
      'json',
      file('split-bad.jsonl'),
    ]);
    expect(
      jsonLines(bad.stdout)
        .slice(0, 2)
        .map((o) => [o.line, o.classification.kind]),
    ).toEqual([
      [1, 'notification'],
      [2, 'parse-error'],
    ]);
  });
});
