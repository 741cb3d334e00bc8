import { execFile } from 'node:child_process';
import { cp, mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');

/**
 * Runs `astro sync` (which loads and validates every content entry, as the build does) on a scratch copy of the
 * site whose only chapter has the given frontmatter, and returns what Astro printed and its exit status.
 */
async function syncWithChapter(dir: string, frontmatter: string): Promise<{ ok: boolean; output: string }> {
  await writeFile(join(dir, 'content/chapters/broken-chapter.mdx'), `---\n${frontmatter}\n---\n\nBody text.\n`);
  try {
    const { stdout, stderr } = await run(join(root, 'node_modules/.bin/astro'), ['sync'], {
      cwd: dir,
      env: {
        ...process.env,
        PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}`,
        ASTRO_TELEMETRY_DISABLED: '1',
      },
    });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

const VALID = [
  'title: A valid chapter',
  'summary: A summary that is long enough to pass the schema check.',
  "protocol: '2026-07-28'",
  'checkedAgainstSpec: 2026-11-30',
  'readingMinutes: 10',
  'practiceMinutes: 5',
  'objectives:',
  '  - Explain why the frontmatter schema exists.',
].join('\n');

describe('chapter frontmatter validation', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lab-frontmatter-'));
    await cp(join(root, 'src'), join(dir, 'src'), { recursive: true });
    for (const file of ['package.json', 'astro.config.mjs', 'tsconfig.json'])
      await cp(join(root, file), join(dir, file));
    // The course module (src/course/) imports its data from content/scenarios/.
    await cp(join(root, 'content/scenarios'), join(dir, 'content/scenarios'), { recursive: true });
    // The course order (src/course/course-order.ts), which astro.config.mjs reads for its redirects.
    await cp(join(root, 'content/course.json'), join(dir, 'content/course.json'));
    await mkdir(join(dir, 'content/chapters'), { recursive: true });
    await mkdir(join(dir, 'content/fixtures'), { recursive: true });
    await symlink(join(root, 'node_modules'), join(dir, 'node_modules'));
  }, 60_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('accepts a chapter whose frontmatter is complete', async () => {
    const result = await syncWithChapter(dir, VALID);
    expect(result.output).not.toMatch(/InvalidContentEntryDataError|does not match collection schema/);
    expect(result.ok).toBe(true);
  }, 60_000);

  it('fails with the file and the field when a field has the wrong type', async () => {
    const result = await syncWithChapter(dir, VALID.replace('readingMinutes: 10', 'readingMinutes: ten'));
    expect(result.ok).toBe(false);
    expect(result.output).toContain('broken-chapter');
    expect(result.output).toContain('readingMinutes');
  }, 60_000);

  it('fails with the field name when a required field is missing', async () => {
    const result = await syncWithChapter(dir, VALID.replace(/^summary: .*$/m, ''));
    expect(result.ok).toBe(false);
    expect(result.output).toContain('broken-chapter');
    expect(result.output).toContain('summary');
  }, 60_000);

  it('rejects a protocol version the course does not know', async () => {
    const result = await syncWithChapter(dir, VALID.replace("protocol: '2026-07-28'", "protocol: '2024-11-05'"));
    expect(result.ok).toBe(false);
    expect(result.output).toContain('protocol');
  }, 60_000);
});
