/**
 * A decision table's verdict describes the answers on screen: once the learner changes an answer, the verdict of
 * the last check (the status line, "Table solved.") is gone, and checking again with a cell left empty replaces it
 * with a verdict on the answers as they now stand.
 */
import { CH05_RIGHT, CH05_TABLE, expect, expectNoConsoleErrors, fillTable, tableCell, test } from './fixtures.ts';

const CHAPTER = '/chapters/error-semantics-and-retries/';

test('changing answers after a solved check clears the verdict, and a re-check with a cell empty replaces it', async ({
  page,
}) => {
  await page.goto(CHAPTER);
  await page.locator(`${CH05_TABLE}[data-upgraded]`).waitFor();
  const status = page.locator(`${CH05_TABLE} [data-role="status"]`);
  const check = page.locator(`${CH05_TABLE} [data-action="check"]`);

  await fillTable(page, CH05_RIGHT);
  await check.click();
  await expect(status).toHaveText('All 12 cells are right. Table solved.');

  // One answer made wrong (a transport failure, which the request does not have) and one cell emptied.
  await tableCell(page, 'unknown-method', 'layer').selectOption('transport');
  await expect(status).not.toContainText('solved');
  await expect(status).not.toContainText('All 12');
  await tableCell(page, 'backend-unavailable', 'retry').selectOption('');
  await expect(status).not.toContainText('solved');

  await check.click();
  await expect(status).toHaveText(
    '10 of 12 cells are right, 1 not right, 1 not answered. Answer every cell: the solution opens after a complete check.',
  );
  const cell = (scenario: string, column: string) =>
    page.locator(`${CH05_TABLE} tr[data-scenario="${scenario}"] td[data-column="${column}"]`);
  await expect(cell('unknown-method', 'layer')).toHaveAttribute('data-verdict', 'incorrect');
  await expect(cell('backend-unavailable', 'retry')).toHaveAttribute('data-verdict', 'unanswered');
  await expect(cell('backend-unavailable', 'retry').locator('[data-role="feedback"]')).toContainText(
    'Not answered yet.',
  );

  // After a reload the table shows the last check's verdict on the answers it holds, not the solved one.
  await page.reload();
  await page.locator(`${CH05_TABLE}[data-upgraded]`).waitFor();
  await expect(cell('unknown-method', 'layer')).toHaveAttribute('data-verdict', 'incorrect');
  await expect(status).not.toContainText('solved');
  expectNoConsoleErrors(page);
});

test('emptying every cell after a check leaves no verdict on screen, and a re-check says nothing is answered', async ({
  page,
}) => {
  await page.goto(CHAPTER);
  await page.locator(`${CH05_TABLE}[data-upgraded]`).waitFor();
  const status = page.locator(`${CH05_TABLE} [data-role="status"]`);
  await fillTable(page, CH05_RIGHT);
  await page.locator(`${CH05_TABLE} [data-action="check"]`).click();
  await expect(status).toContainText('Table solved.');

  const empty = Object.fromEntries(Object.keys(CH05_RIGHT).map((s) => [s, { layer: '', userSees: '', retry: '' }]));
  await fillTable(page, empty);
  await expect(status).not.toContainText('right');
  await expect(page.locator(`${CH05_TABLE} td[data-verdict]`)).toHaveCount(0);

  await page.locator(`${CH05_TABLE} [data-action="check"]`).click();
  await expect(status).toHaveText(
    '0 of 12 cells are right, 12 not answered. Answer every cell: the solution opens after a complete check.',
  );
  expectNoConsoleErrors(page);
});
