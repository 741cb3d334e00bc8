/**
 * `mcp-lab grade`, run as a real process on a folder of generated receipts, good and bad: exit codes, the table,
 * the flagged list and the CSV. Grading itself is tested with hand-worked expectations in grade.test.ts; here the
 * expectations follow from how each receipt was made (all right, some cells wrong, edited, broken).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testGraderCourse, useCourseFileForCli } from '../../support/course.ts';
import { compressReceiptText } from '../../../src/receipts/encode.ts';
import { sealReceipt, serializeReceipt, type Receipt } from '../../../src/receipts/schema.ts';
import { learnerReceipt, seededRandom } from '../../support/class-receipts.ts';
import { runCli } from '../../support/run-cli.ts';
import { parseCsv } from '../../support/csv.ts';

const run = (args: string[], stdin = '') => runCli(['grade', ...args], stdin);

const course = testGraderCourse();
useCourseFileForCli();
const checked = course.chapters.filter((c) => course.checks[c.id] !== undefined);
let dir: string;
let perfect: Receipt;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-lab-grade-'));
  const random = seededRandom(7);
  perfect = learnerReceipt(course, { name: 'Perfect Pat', accuracy: 1, diligence: 1 }, random);
  const wrong = learnerReceipt(course, { name: 'Wrong Wes', accuracy: 0, diligence: 1 }, random);
  // An edited receipt: Wes raises his claimed grades and recomputes the digest, as someone who read the format would.
  const { digest: _d, ...body } = structuredClone(wrong);
  for (const ch of Object.values(body.chapters))
    if (ch.check) ch.check.grade = { correct: ch.check.grade.total, total: ch.check.grade.total, passed: true };
  const forged = sealReceipt({ ...body, learner: 'Forged Fay' });
  await mkdir(join(dir, 'class'));
  await writeFile(join(dir, 'class/pat.json'), serializeReceipt(perfect));
  await writeFile(join(dir, 'class/wes.json'), JSON.stringify(wrong, null, 2));
  await writeFile(join(dir, 'class/fay.json'), serializeReceipt(forged));
  await writeFile(join(dir, 'class/broken.json'), serializeReceipt(perfect).slice(0, 200));
  await writeFile(join(dir, 'class/notes.md'), 'not a receipt file: skipped by extension');
  await writeFile(
    join(dir, 'class/phone.txt'),
    `${await compressReceiptText(serializeReceipt({ ...perfect }).replace('Perfect Pat', 'Pat'))}\n`,
  );
  await mkdir(join(dir, 'empty'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('mcp-lab grade', () => {
  it('has a course with at least one completion check to grade', () => {
    expect(checked.length).toBeGreaterThan(0);
  });

  it('grades a folder: counts good receipts at their re-grade, flags the damaged ones, exit 0', async () => {
    const { code, stdout, stderr } = await run([join(dir, 'class'), '--csv', join(dir, 'roster.csv')]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Read 5 sources: 5 receipts found, 3 counted, 2 flagged\./);
    // Pat answered every check right: every chapter with a check passes.
    const pat = stdout.split('\n').find((l) => l.startsWith('Perfect Pat'))!;
    expect(pat.match(/\bpass\b/g)).toHaveLength(checked.length);
    const wes = stdout.split('\n').find((l) => l.startsWith('Wrong Wes'))!;
    expect(wes.match(/\bFAIL\b/g)).toHaveLength(checked.length);
    // Fay's raised claims gain nothing: she counts at the model's grade, and the notes say her receipt was edited.
    const fay = stdout.split('\n').find((l) => l.startsWith('Forged Fay'))!;
    expect(fay.match(/\bFAIL\b/g)).toHaveLength(checked.length);
    expect(stdout).toMatch(
      /fay\.json: Claimed grades differ from the model's re-grade: .* the re-grade is what counts\./,
    );
    expect(stdout).toMatch(/broken\.json: malformed: This is not JSON/);
    // The compressed copy of Pat's receipt, with the name changed inside, no longer matches its digest.
    expect(stdout).toMatch(/phone\.txt: tampered: The digest does not match/);
    expect(stdout).toMatch(/Most common misconceptions/);
    expect(stdout).toMatch(/CSV written to .*roster\.csv \(5 rows and a header\)/);
  });

  it('numbers chapter columns by their place in the course, as the instructor pages do (chapter ids keep old digits)', async () => {
    const { stdout } = await run([join(dir, 'class')]);
    const line = stdout.split('\n').find((l) => l.startsWith('Chapters: '))!;
    const labels = line
      .slice('Chapters: '.length)
      .split('; ')
      .map((c) => c.slice(0, 2));
    expect(labels.length).toBeGreaterThan(8);
    expect(labels).toEqual(labels.map((_l, i) => String(i + 1).padStart(2, '0')));
  });

  it('writes CSV rows that match the table', async () => {
    const csv = parseCsv(await readFile(join(dir, 'roster.csv'), 'utf8'));
    expect(csv).toHaveLength(6);
    const header = csv[0]!;
    expect(header.slice(0, 5)).toEqual([
      'learner',
      'standing',
      'source',
      'receipt made at (learner’s word)',
      'course version',
    ]);
    const pat = csv.find((r) => r[0] === 'Perfect Pat')!;
    for (const { id } of checked) {
      const title = course.chapters.find((c) => c.id === id)!.title;
      expect(pat[header.indexOf(`${title}: status`)]).toBe('Passed');
    }
    expect(pat[header.indexOf('chapters passed')]).toBe(String(course.chapters.length));
    expect(csv.filter((r) => r[1]!.startsWith('flagged: '))).toHaveLength(2);
  });

  it('reads a compressed receipt and a pretty-printed one from stdin', async () => {
    const token = await compressReceiptText(serializeReceipt(perfect));
    const { code, stdout } = await run(['-'], `${token}\n${JSON.stringify(perfect, null, 2)}\n`);
    expect(code).toBe(0);
    expect(stdout).toMatch(/2 receipts found, 1 counted, 1 flagged/);
    expect(stdout).toMatch(/duplicate: The same receipt as \(stdin\), receipt 1/);
  });

  it('lists a missing file and still grades the rest', async () => {
    const { code, stdout } = await run([join(dir, 'class/pat.json'), join(dir, 'nope.json')]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/1 counted, 1 flagged/);
    expect(stdout).toMatch(/nope\.json: unreadable: .*no such file or folder/);
  });

  it('exits 2 with a reason when nothing could be read', async () => {
    const missing = await run([join(dir, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^mcp-lab grade: nothing to grade: .*nope\.json: no such file or folder\n$/);
    const empty = await run([join(dir, 'empty')]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/the folder has no \.json, \.txt or \.receipt files/);
    const blank = await run(['-'], '\n\n');
    expect(blank.code).toBe(2);
    expect(blank.stderr).toMatch(/\(stdin\): no receipt found in it/);
  });

  it('prints CSV instead of the table with --csv -', async () => {
    const { code, stdout } = await run([join(dir, 'class/pat.json'), '--csv', '-']);
    expect(code).toBe(0);
    expect(stdout.split('\r\n')[1]).toMatch(/^Perfect Pat,counted,/);
  });

  it('says in its help what a receipt proves and what it does not', async () => {
    const { stdout } = await run(['--help']);
    expect(stdout).toMatch(/self-reported/);
    expect(stdout).toMatch(/digest\s+catches accidental damage/);
    expect(stdout).toMatch(/claimed score cannot be inflated/);
    expect(stdout).toMatch(/the name and\s+the dates are the learner's word/);
    expect(stdout).toMatch(/live workshop room/);
    expect(stdout).not.toMatch(/edited.*flagged and not counted/s);
  });

  describe('two receipts with the same name', () => {
    // Issue 11 §3: "ada lovelace " with a later, self-chosen date used to replace the real Ada Lovelace's receipt.
    const write2 = async () => {
      const random = seededRandom(3);
      const real = learnerReceipt(course, { name: 'Ada Lovelace', accuracy: 1, diligence: 1 }, random);
      const { digest: _d, ...body } = learnerReceipt(course, { name: 'x', accuracy: 0, diligence: 1 }, random);
      const impostor = sealReceipt({ ...body, learner: 'ada lovelace', createdAt: '2099-12-31T23:59:59.000Z' });
      await mkdir(join(dir, 'same-name'), { recursive: true });
      await writeFile(join(dir, 'same-name/ada.json'), serializeReceipt(real));
      await writeFile(join(dir, 'same-name/zz-later.json'), serializeReceipt(impostor));
      return join(dir, 'same-name');
    };

    it('shows both, marked, counts neither, and says how to choose', async () => {
      const { code, stdout } = await run([await write2()]);
      expect(code).toBe(0);
      expect(stdout).toMatch(/2 receipts found, 0 counted, 0 flagged, 2 waiting for your choice \(same name\)/);
      expect(stdout).toMatch(/^! Ada Lovelace /m);
      expect(stdout).toMatch(/^! ada lovelace /m);
      expect(stdout).toMatch(/Same name, not counted until you choose/);
      expect(stdout).toMatch(/same-name\/ada\.json: "Ada Lovelace", \d+\/\d+ chapters passed, says it was made/);
      expect(stdout).toMatch(/zz-later\.json: "ada lovelace", .*says it was made 2099-12-31T23:59:59\.000Z/);
    });

    it('counts the receipt chosen with --choose, whatever the dates say', async () => {
      const folder = await write2();
      const { code, stdout } = await run([folder, '--choose', join(folder, 'ada.json')]);
      expect(code).toBe(0);
      expect(stdout).toMatch(/1 counted, 1 flagged/);
      expect(stdout).toMatch(/zz-later\.json: set-aside: You chose .*ada\.json for this name/);
    });

    it('counts both with --count-all NAME, and refuses a choice that matches nothing', async () => {
      const folder = await write2();
      expect((await run([folder, '--count-all', 'ADA  Lovelace'])).stdout).toMatch(/2 counted, 0 flagged/);
      const wrong = await run([folder, '--choose', 'nobody.json']);
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toMatch(/--choose "nobody\.json": not a receipt in a name conflict/);
    });
  });

  it('rejects an unknown flag with exit 2', async () => {
    const { code, stderr } = await run(['--bogus']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^mcp-lab grade: Unknown option '--bogus'/);
  });
});
