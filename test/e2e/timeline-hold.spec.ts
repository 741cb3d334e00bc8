/**
 * Chapter 5's timeline sits one screen below its decision table, and its outcome (who notices, what the user sees,
 * whether a retry is safe) is worded in the table's own options: with the fault menu a learner could read every
 * row's answers there before trying the table. Until the table has been checked with every cell answered, the
 * timeline holds its outcome and summary back, says why, and offers to show them anyway.
 */
import { CH05_RIGHT, CH05_TABLE, expect, expectNoConsoleErrors, fillTable, test, type Page } from './fixtures.ts';

const CHAPTER = '/chapters/error-semantics-and-retries/';
const TIMELINE = 'lab-message-timeline';

/**
 * The outcome's verdicts on the lost-response row, in the table's words (its column names and the retry option);
 * the step list, the diagram's text alternative, narrates events and stays.
 */
const TABLE_WORDS = [
  'Who notices:',
  'Detected by',
  'Is a retry safe',
  'Only with a new JSON-RPC id and the same idempotency key',
];

/** The timeline's text a learner can see (hidden parts excluded). */
async function visibleText(page: Page): Promise<string> {
  return page.locator(TIMELINE).innerText();
}

test.afterEach(({ page }) => expectNoConsoleErrors(page));

test('before the table is tried, the timeline shows none of its answers, even with another fault chosen', async ({
  page,
}) => {
  await page.goto(CHAPTER);
  await page.locator(`${TIMELINE}[data-upgraded]`).waitFor();
  const held = page.locator(`${TIMELINE} [data-role="held"]`);
  await expect(held).toBeVisible();
  await expect(held).toContainText('decision table');
  await expect(page.locator(`${TIMELINE} [data-role="outcome"]`)).toBeHidden();
  for (const words of TABLE_WORDS) expect(await visibleText(page)).not.toContain(words);
  await expect(page.locator(`${TIMELINE} svg title`)).not.toContainText('Who notices:');

  // Another fault redraws the diagram: still nothing of the table's answers ("Transport" is the first row's layer).
  await page.locator(`${TIMELINE} [data-role="fault"]`).selectOption({ index: 0 });
  await expect(page.locator(`${TIMELINE} [data-role="outcome"]`)).toBeHidden();
  expect(await visibleText(page)).not.toContain('Who notices:');
  await expect(page.locator(`${TIMELINE} svg title`)).not.toContainText('Who notices:');

  // Stepping through still says which step is shown, and at the last step the outcome stays held.
  await page.locator(`${TIMELINE} [data-action="first"]`).click();
  await expect(page.locator(`${TIMELINE} [data-role="summary"]`)).toContainText('Step 1 of');
  await page.locator(`${TIMELINE} [data-action="all"]`).click();
  await expect(page.locator(`${TIMELINE} [data-role="outcome"]`)).toBeHidden();
});

test('a complete check of the table opens the timeline outcome on the same page', async ({ page }) => {
  await page.goto(CHAPTER);
  await page.locator(`${CH05_TABLE}[data-upgraded]`).waitFor();
  await page.locator(`${TIMELINE}[data-upgraded]`).waitFor();
  // A half-filled check is no attempt: the outcome stays held.
  await fillTable(page, { 'unknown-method': CH05_RIGHT['unknown-method']! });
  await page.locator(`${CH05_TABLE} [data-action="check"]`).click();
  await expect(page.locator(`${CH05_TABLE} [data-role="status"]`)).toContainText('not answered');
  await expect(page.locator(`${TIMELINE} [data-role="outcome"]`)).toBeHidden();

  await fillTable(page, CH05_RIGHT);
  await page.locator(`${CH05_TABLE} [data-action="check"]`).click();
  await expect(page.locator(`${TIMELINE} [data-role="outcome"]`)).toBeVisible();
  await expect(page.locator(`${TIMELINE} [data-role="held"]`)).toBeHidden();
  await expect(page.locator(`${TIMELINE} [data-role="summary"]`)).toContainText(
    "Who notices: The client's request timeout.",
  );
  await expect(page.locator(`${TIMELINE} svg title`)).toContainText('Who notices');

  // After a reload the attempt is remembered.
  await page.reload();
  await page.locator(`${TIMELINE}[data-upgraded]`).waitFor();
  await expect(page.locator(`${TIMELINE} [data-role="outcome"]`)).toBeVisible();
  await expect(page.locator(`${TIMELINE} [data-role="held"]`)).toBeHidden();
});

test('“Show them now” opens the outcome without the table, and focus moves to it', async ({ page }) => {
  await page.goto(CHAPTER);
  await page.locator(`${TIMELINE}[data-upgraded]`).waitFor();
  await page.locator(`${TIMELINE} [data-action="release"]`).click();
  const outcome = page.locator(`${TIMELINE} [data-role="outcome"]`);
  await expect(outcome).toBeVisible();
  await expect(outcome).toContainText("The client's request timeout");
  await expect(outcome).toBeFocused();
  await expect(page.locator(`${TIMELINE} [data-role="held"]`)).toBeHidden();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the timeline reads in full (the table shows its solution too)', async ({ page }) => {
    await page.goto(CHAPTER);
    await expect(page.locator(`${TIMELINE} [data-role="outcome"]`)).toBeVisible();
    await expect(page.locator(`${TIMELINE} [data-role="held"]`)).toBeHidden();
  });
});
