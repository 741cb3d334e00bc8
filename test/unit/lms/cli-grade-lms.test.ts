/**
 * `mcp-lab grade --lms`: receipts carrying the learner's LMS identifier (the lms-id extension) become a gradebook
 * file in the LMS's import shape. Pat answers every check right (accuracy 1), Wes every one wrong (accuracy 0), so
 * Pat's score column is 100 and Wes's 0 for a chapter with a check; Cy gave no identifier and is named, left out.
 * The Moodle rule (grade/import/csv): the teacher maps one column to "Identify user by" (here the email address)
 * and each other column to a grade item.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealReceipt, serializeReceipt, type Receipt } from '../../../src/receipts/schema.ts';
import { learnerReceipt, seededRandom } from '../../support/class-receipts.ts';
import { testGraderCourse, useCourseFileForCli } from '../../support/course.ts';
import { runCli } from '../../support/run-cli.ts';

const course = testGraderCourse();
const first = course.chapters.findIndex((c) => course.checks[c.id] !== undefined);
let dir: string;

const withLmsId = (receipt: Receipt, id: string) => {
  const { digest: _d, ...body } = receipt;
  return sealReceipt({ ...body, version: 2, extensions: { 'lms-id': { version: 1, id } } } as Parameters<
    typeof sealReceipt
  >[0]);
};

beforeAll(async () => {
  useCourseFileForCli();
  dir = await mkdtemp(join(tmpdir(), 'mcp-lab-lms-'));
  const random = seededRandom(3);
  const pat = learnerReceipt(course, { name: 'Pat', accuracy: 1, diligence: 1 }, random);
  const wes = learnerReceipt(course, { name: 'Wes', accuracy: 0, diligence: 1 }, random);
  const cy = learnerReceipt(course, { name: 'Cy', accuracy: 1, diligence: 1 }, random);
  await writeFile(join(dir, 'pat.json'), serializeReceipt(withLmsId(pat, 'pat@uni.example')));
  await writeFile(join(dir, 'wes.json'), serializeReceipt(withLmsId(wes, 'wes@uni.example')));
  await writeFile(join(dir, 'cy.json'), serializeReceipt(cy));
  await writeFile(join(dir, 'columns.txt'), `# pasted from Moodle\n${first + 1} score Quiz ${first + 1}\n`);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('mcp-lab grade --lms', () => {
  it('writes the Moodle file keyed by e-mail address, with the pasted column, and names who is left out', async () => {
    const out = join(dir, 'moodle.csv');
    const result = await runCli([
      'grade',
      dir,
      '--lms',
      'moodle',
      '--lms-key',
      'email',
      '--lms-columns',
      join(dir, 'columns.txt'),
      '--lms-out',
      out,
    ]);
    expect(result.code).toBe(0);
    expect(await readFile(out, 'utf8')).toBe(
      `Email address,Quiz ${first + 1}\r\npat@uni.example,100\r\nwes@uni.example,0\r\n`,
    );
    expect(result.stderr).toContain('Left out, no LMS identifier: Cy.');
    expect(result.stdout).toContain('moodle gradebook file written to');
  });

  it('refuses an LMS it does not know, and a key the LMS does not have, before reading receipts', async () => {
    expect((await runCli(['grade', dir, '--lms', 'sakai'])).stderr).toMatch(/--lms takes canvas, moodle or blackboard/);
    expect((await runCli(['grade', dir, '--lms', 'blackboard', '--lms-key', 'email'])).stderr).toMatch(
      /Blackboard always keys by Username/,
    );
    expect((await runCli(['grade', dir, '--lms-out', 'x.csv'])).code).toBe(2);
  });
});
