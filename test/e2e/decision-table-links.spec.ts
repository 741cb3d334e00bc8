/**
 * Decision-table share links are someone else's input (issue 11 §4): each attack a link made on the learner's
 * saved answers, as a test. A link's answers open beside the learner's own; nothing is replaced without the
 * learner's say; adopting keeps an undo that a second link cannot erase; answers from a link never mark the table
 * solved and are recorded as link-loaded in progress.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  CH05_RIGHT as RIGHT,
  CH05_TABLE as TABLE,
  fillTable,
  tableCell,
  type TableAnswers as Answers,
  type TableColumn,
} from './fixtures.ts';

const CHAPTER = 'error-semantics-and-retries';
const URL = `/chapters/${CHAPTER}/`;

/** A share link as the site encodes it: #dt-<id>=base64url(JSON {a: answers}). */
function linkTo(answers: Answers): string {
  const json = JSON.stringify({ a: answers, c: true });
  return `${URL}#dt-ch05-table=${Buffer.from(json).toString('base64url')}`;
}

async function values(page: Page): Promise<Answers> {
  const out: Answers = {};
  for (const [scenario, row] of Object.entries(RIGHT))
    for (const column of Object.keys(row) as TableColumn[]) {
      const v = await tableCell(page, scenario, column).inputValue();
      if (v) (out[scenario] ??= {})[column] = v;
    }
  return out;
}

/** Solves the table as the learner and waits for it to be recorded as solved. */
async function solve(page: Page): Promise<void> {
  await page.goto(URL);
  await page.locator(`${TABLE}[data-upgraded]`).waitFor();
  await fillTable(page, RIGHT);
  await page.locator(`${TABLE} [data-action="check"]`).click();
  await expect(page.locator(`${TABLE} [data-role="status"]`)).toContainText('All 12 cells are right');
}

async function tableRecord(page: Page): Promise<{ done?: boolean; assist?: { linkLoaded?: boolean } } | undefined> {
  return page.evaluate(
    ([key, chapter]) => JSON.parse(localStorage.getItem(key) ?? '{}')?.chapters?.[chapter]?.widgets?.['ch05-table'],
    ['mcp-message-lab:progress', CHAPTER] as const,
  );
}

const WRONG_LINK: Answers = {
  'unknown-method': { layer: 'transport', userSees: 'try-again-later', retry: 'with-backoff' },
  'backend-unavailable': { layer: 'json-parser' },
};
const OTHER_LINK: Answers = { 'unknown-method': { layer: 'json-parser' } };

test('opening a share link leaves the learner’s solved answers in place and shows the link’s beside them', async ({
  page,
}) => {
  await solve(page);
  await page.goto('/');
  await page.goto(linkTo(WRONG_LINK));
  await page.locator(`${TABLE}[data-upgraded]`).waitFor();
  expect(await values(page), 'the learner’s own answers are still in the table').toEqual(RIGHT);
  await expect(page.locator(`${TABLE} [data-role="link-panel"]`)).toBeVisible();
  await expect(
    page.locator(`${TABLE} tr[data-scenario="unknown-method"] td[data-column="layer"] [data-role="link-answer"]`),
  ).toContainText('Transport');
  const record = await tableRecord(page);
  expect(record?.done, 'the table is still solved').toBe(true);
  expect(record?.assist?.linkLoaded ?? false).toBe(false);
});

test('adopting a link keeps the learner’s own answers for undo, and a second link cannot erase them', async ({
  page,
}) => {
  await solve(page);
  await page.goto('/');
  await page.goto(linkTo(WRONG_LINK));
  await page.locator(`${TABLE} [data-action="adopt"]`).click();
  expect((await values(page))['unknown-method']?.layer).toBe('transport');
  // A second link, opened and adopted too: the learner's own answers must still come back.
  await page.goto('/');
  await page.goto(linkTo(OTHER_LINK));
  await page.locator(`${TABLE} [data-action="adopt"]`).click();
  expect((await values(page))['unknown-method']?.layer).toBe('json-parser');
  await page.locator(`${TABLE} [data-action="own"]`).click();
  expect(await values(page), 'the learner’s own solved answers are back').toEqual(RIGHT);
});

test('answers adopted from a link never mark the table solved and are recorded as link-loaded', async ({ page }) => {
  await page.goto(linkTo(RIGHT));
  await page.locator(`${TABLE} [data-action="adopt"]`).click();
  expect(await values(page)).toEqual(RIGHT);
  await page.locator(`${TABLE} [data-action="check"]`).click();
  await expect(page.locator(`${TABLE} [data-role="status"]`)).toContainText('not marked solved');
  const record = await tableRecord(page);
  expect(record?.done).toBe(false);
  expect(record?.assist?.linkLoaded).toBe(true);
  await expect(page.locator(`${TABLE} [data-action="solution"]`), 'a link’s answers are not an attempt').toBeHidden();
});

test('a link that is not ours, or too long, changes nothing and says so', async ({ page }) => {
  await solve(page);
  await page.goto('/');
  await page.goto(`${URL}#dt-ch05-table=${'A'.repeat(20_000)}`);
  await expect(page.locator(`${TABLE} [data-role="status"]`)).toContainText('could not be read');
  expect(await values(page)).toEqual(RIGHT);
  await page.goto('/');
  const hostile = Buffer.from(
    JSON.stringify({ a: { 'unknown-method': { layer: '<img src=x onerror=alert(1)>' }, __proto__: { x: 1 } } }),
  ).toString('base64url');
  await page.goto(`${URL}#dt-ch05-table=${hostile}`);
  await page.locator(`${TABLE}[data-upgraded]`).waitFor();
  expect(await values(page)).toEqual(RIGHT);
  await expect(
    page.locator(`${TABLE} tr[data-scenario="unknown-method"] td[data-column="layer"] [data-role="link-answer"]`),
    'a value that is not an option is not shown as an answer',
  ).toContainText('no answer');
  expect(await page.locator(`${TABLE} img`).count()).toBe(0);
});
