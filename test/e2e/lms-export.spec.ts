/**
 * A mark on its way into an LMS, as a learner and an instructor meet it: the learner passes chapter 10's completion
 * check and ticks its self-mark, puts their LMS identifier on the receipt and copies it; the instructor pastes it on the roster page, picks
 * Moodle, says the identifier is the e-mail address, pastes the grade item's name and downloads the file. Moodle's
 * rule (grade/import/csv): the teacher maps one column to "Identify user by" (email address) and each other column
 * to a grade item. The right answers are the check file's (the option marked correct, the fixture's hand-written
 * expected classification), so the score is 100. The identifier never appears in the roster's grid.
 */
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHAPTER_ORDER } from '../../src/course/course-order.ts';
import { expect, test } from './fixtures.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CHAPTER = 'errors-on-streamable-http';
const check = JSON.parse(readFileSync(join(ROOT, 'content/checks', `${CHAPTER}.json`), 'utf8')) as {
  questions: any[];
};

test('a receipt with an LMS identifier becomes a Moodle gradebook row from the roster page', async ({
  page,
  baseURL,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await page.goto(`/chapters/${CHAPTER}/`);
  const form = page.locator(`lab-completion-check[data-chapter="${CHAPTER}"] form`);
  await form.locator('[data-role="controls"]:not([hidden])').waitFor();
  for (const q of check.questions) {
    const item = form.locator(`li[data-question="${q.id}"]`);
    if (q.type === 'choice') {
      const right = (q.options as { id: string; correct: boolean }[]).find((o) => o.correct)!;
      await item.locator(`input[name="${q.id}.choice"][value="${right.id}"]`).check();
    } else {
      const fixture = JSON.parse(readFileSync(join(ROOT, 'content/fixtures', `${q.fixture}.json`), 'utf8'));
      const expected = fixture.expected[q.protocol];
      await item.locator(`input[name="${q.id}.kind"][value="${expected.kind}"]`).check();
      await item.locator(`input[name="${q.id}.send"][value="${expected.reply.send}"]`).check();
      if (expected.reply.send === 'error')
        await item.locator(`input[name="${q.id}.code"]`).fill(String(expected.reply.code));
    }
  }
  await form.getByRole('button', { name: 'Check my answers' }).click();
  await form.locator('[data-role="status"]').filter({ hasText: /\S/ }).waitFor();
  await page.locator('lab-make-it-yours [data-role="checkbox"]').check();

  await page.goto('/progress/');
  const panel = page.locator('lab-receipt-panel');
  await panel.getByLabel(/Your name/).fill('Ada');
  await panel.getByLabel(/Your LMS identifier/).fill('ada lovelace');
  await panel.getByRole('button', { name: 'Copy receipt' }).click();
  await expect(panel.locator('[data-role="status"]')).toHaveText(/Check your LMS identifier: .*no spaces/);
  await panel.getByLabel(/Your LMS identifier/).fill('ada@uni.example');
  await panel.getByRole('button', { name: 'Copy receipt' }).click();
  await panel.locator('[data-role="status"]').filter({ hasText: 'Receipt copied' }).waitFor();
  const receipt = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(receipt).extensions).toEqual({ 'lms-id': { version: 1, id: 'ada@uni.example' } });

  await page.goto('/instructor/roster/');
  await page.locator('lab-roster form:not([hidden])').waitFor();
  await page.locator('#roster-paste').fill(receipt);
  await page.getByRole('button', { name: 'Grade receipts' }).click();
  await expect(page.locator('lab-roster [data-role="status"]')).toHaveText(/1 counted/);
  await expect(page.locator('[data-role="grid"]')).not.toContainText('ada@uni.example');
  const lms = page.locator('[data-role="lms-export"]');
  await lms.getByLabel('LMS').selectOption('moodle');
  await lms.getByLabel(/identifier is the/).selectOption('email');
  const position = CHAPTER_ORDER.indexOf(CHAPTER) + 1; // its number in the course
  await lms.getByLabel(/^Columns/).fill(`${position} score Streamable HTTP quiz\n${position} completion HTTP done`);
  const download = page.waitForEvent('download');
  await lms.getByRole('button', { name: 'Download for the LMS' }).click();
  const file = await readFile((await (await download).path())!, 'utf8');
  expect(file).toBe('Email address,Streamable HTTP quiz,HTTP done\r\nada@uni.example,100,1\r\n');
  await expect(lms.locator('[data-role="lms-status"]')).toHaveText(/Downloaded: 1 learner\./);
});
