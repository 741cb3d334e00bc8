/**
 * readLineBlocks (src/cli/command.ts) against a plain reference, on random logs cut into random chunks: every line
 * comes back once, in order, with its number; a line longer than the cap comes back as `too-long` with its length,
 * wherever the chunk boundaries fall. The reference is `text.split('\n')`, written independently of the reader.
 */
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLineBlocks, type CliIo, type LineBlock } from '../../../src/cli/command.ts';

async function read(chunks: string[], blockChars: number, maxLine: number): Promise<LineBlock[]> {
  const io = { stdin: Readable.from(chunks), stdout: process.stdout, stderr: process.stderr } as unknown as CliIo;
  (io.stdin as Readable).setEncoding = () => io.stdin as Readable;
  const out: LineBlock[] = [];
  for await (const b of readLineBlocks({ kind: 'stdin' }, io, blockChars, maxLine)) out.push(b);
  return out;
}

/** The lines a reader should report: [number, text] or [number, too-long length]. */
function expected(
  text: string,
  maxLine: number,
): (readonly [number, string] | readonly [number, { tooLong: number }])[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines.map((l, i) => (l.length > maxLine ? ([i + 1, { tooLong: l.length }] as const) : ([i + 1, l] as const)));
}

function flatten(blocks: LineBlock[]): ReturnType<typeof expected> {
  const out: ReturnType<typeof expected> = [];
  for (const [n, b] of blocks.entries()) {
    if (b.kind === 'too-long') {
      out.push([b.line, { tooLong: b.chars }]);
      continue;
    }
    // A block's text is its lines joined by newlines; only the input's final newline can end the last block.
    const lines = b.text.split('\n');
    if (n === blocks.length - 1 && b.text.endsWith('\n')) lines.pop();
    lines.forEach((l, i) => out.push([b.firstLine + i, l]));
  }
  return out;
}

describe('readLineBlocks', () => {
  it('returns every line in order, and reports each line over the cap instead of holding it', async () => {
    const line = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'b', '{', '"'), maxLength: 12 }),
      fc.integer({ min: 13, max: 60 }).map((n) => 'x'.repeat(n)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 12 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 50 }),
        async (lines, trailingNewline, cuts, blockChars) => {
          const text = lines.join('\n') + (trailingNewline && lines.length > 0 ? '\n' : '');
          const chunks: string[] = [];
          for (let i = 0, k = 0; i < text.length; k++) {
            const n = cuts[k % cuts.length]!;
            chunks.push(text.slice(i, i + n));
            i += n;
          }
          // Blank lines are left out of the comparison: a block's trailing newline may be a blank line or the
          // input's last line end, and the log reader skips blank lines either way.
          const nonBlank = (lines: ReturnType<typeof expected>) => lines.filter(([, l]) => l !== '');
          expect(nonBlank(flatten(await read(chunks, blockChars, 12)))).toEqual(nonBlank(expected(text, 12)));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reports an endless last line that has no newline', async () => {
    expect(await read(['ab\n', 'x'.repeat(30), 'x'.repeat(30)], 1 << 20, 20)).toEqual([
      { kind: 'lines', text: 'ab', firstLine: 1 },
      { kind: 'too-long', line: 2, chars: 60 },
    ]);
  });
});
