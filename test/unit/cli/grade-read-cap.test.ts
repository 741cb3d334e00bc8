/**
 * `mcp-lab grade` keeps to its limits before it reads, not after: 64 MiB for one file or for stdin, 32 MB in all. A
 * file that would take the total past the cap is never read into memory (the attack: many large files were each read
 * in full, then dropped by the cap). The files here are sparse, so they cost no disk; readFile is watched to see which
 * files were opened.
 */
import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { useCourseFileForCli } from '../../support/course.ts';

const readPaths: string[] = [];
vi.mock('node:fs/promises', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...original,
    readFile: ((...args: Parameters<typeof original.readFile>) => {
      readPaths.push(args[0] as string);
      return original.readFile(...args);
    }) as typeof original.readFile,
  };
});

const { gradeCommand } = await import('../../../src/cli/commands/grade.ts');

let dir: string;
beforeAll(async () => {
  // The grader needs a course file; a fresh clone has no dist/ yet.
  useCourseFileForCli();
  dir = await mkdtemp(join(tmpdir(), 'mcp-lab-grade-cap-'));
  for (const name of ['a.json', 'b.json']) {
    await writeFile(join(dir, name), '');
    await truncate(join(dir, name), 20 * 1024 * 1024);
  }
  await writeFile(join(dir, 'c.json'), '{}');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('does not read a file that takes the input past 32 MB in all, and says so', async () => {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  const stdin = Object.assign(new PassThrough(), { isTTY: false });
  try {
    await gradeCommand.run([dir], { stdin, stdout, stderr });
  } catch (error) {
    out += String(error);
  }
  expect(readPaths).toContain(join(dir, 'a.json'));
  expect(readPaths).not.toContain(join(dir, 'b.json'));
  // A small file after it still fits under the cap and is read.
  expect(readPaths).toContain(join(dir, 'c.json'));
  expect(out).toMatch(/b\.json: not read: over 32 MB/);
});

it('does not read a single file larger than 64 MiB, and says so', async () => {
  const big = join(dir, 'big', 'huge.json');
  await mkdir(join(dir, 'big'));
  await writeFile(big, '');
  await truncate(big, 65 * 1024 * 1024);
  const stdin = Object.assign(new PassThrough(), { isTTY: false });
  await expect(
    gradeCommand.run([big], { stdin, stdout: new PassThrough(), stderr: new PassThrough() }),
  ).rejects.toThrow(/huge\.json: larger than 64 MiB, not a set of receipts/);
  expect(readPaths).not.toContain(big);
});

it('stops reading stdin past 64 MiB and refuses it', async () => {
  const stdin = Object.assign(new PassThrough(), { isTTY: false });
  const chunk = 'x'.repeat(1024 * 1024);
  let written = 0;
  // Written as the reader takes it; a reader that kept going would take all 80 MiB.
  const writing = (async () => {
    for (; written < 80 && !stdin.destroyed; written++)
      if (!stdin.write(chunk))
        await new Promise((r) => {
          stdin.once('drain', r);
          stdin.once('close', r);
        });
    if (!stdin.destroyed) stdin.end();
  })();
  await expect(
    gradeCommand.run(['-'], { stdin, stdout: new PassThrough(), stderr: new PassThrough() }),
  ).rejects.toThrow(/stdin is larger than 64 MiB/);
  stdin.destroy();
  await writing.catch(() => undefined);
  expect(written).toBeLessThan(80);
});
