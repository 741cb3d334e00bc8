/**
 * Feedback that is right and short (issue 12 §1): a prediction is graded only when every part is answered; a
 * decision-table cell's feedback is about that cell and the answer given; no doubled verdicts; search highlights
 * keep their spaces; the footer's words do not run together; a misconception is named, its explanation on request.
 */
import { expect, test, type Page } from '@playwright/test';
import { CH05_TABLE as TABLE, tableCell } from './fixtures.ts';

const CH2 = '/chapters/what-a-receiver-owes/';
const CH5 = '/chapters/error-semantics-and-retries/';
const CLASSIFY = 'lab-classify-fixture';

const feedbackOf = (page: Page, scenario: string, column: string) =>
  page.locator(`${TABLE} tr[data-scenario="${scenario}"] td[data-column="${column}"] [data-role="feedback"]`);

/** Two verdict words in a row, as "Right. Right." or "Not right. Not quite." printed them. */
const DOUBLED =
  /\b(right|not right|not quite|wrong|correct)\s*[.:!]\s*(right|not right|not quite|wrong|correct|misconception)\b/i;

// Known and not yet explained (as in workshops.spec.ts): on a loaded machine the completion check's selects have
// stayed "not visible" after the widget upgraded (the verdict test below, once in CI on a machine shared with
// browser walks). One retry keeps that from hiding a real failure elsewhere; a second failure in a row still fails.
test.describe.configure({ retries: 1 });

test('a prediction with only its kind chosen is not graded, and the feedback says which part is missing', async ({
  page,
}) => {
  await page.goto(CH2);
  const widget = page.locator(CLASSIFY).first();
  await widget.locator('[data-role="predict-form"]').waitFor();
  await widget.locator('input[name$=".kind"]').first().check();
  await widget.locator('button[type="submit"]').click();
  await expect(widget.locator('[data-part="reply"] > [data-role="error"]')).toHaveText(
    /Choose what the receiver sends back/,
  );
  await expect(widget.locator('[data-role="status"]')).toContainText('not finished');
  await expect(widget.getByText('Your prediction matches')).toHaveCount(0);
  await expect(widget.locator('[data-role="verdict"]')).toHaveCount(0);
  // Focus lands on the missing part, as GOV.UK's error pattern does.
  await expect(widget.locator('input[name$=".send"]').first()).toBeFocused();
});

test('an error reply without its code is not graded either', async ({ page }) => {
  await page.goto(CH2);
  const widget = page.locator(CLASSIFY).first();
  await widget.locator('input[name$=".kind"][value="request"]').check();
  await widget.locator('input[name$=".send"][value="error"]').check();
  await widget.locator('button[type="submit"]').click();
  await expect(widget.locator('[data-part="code"] > [data-role="error"]')).toHaveText(/error code/);
  await expect(widget.locator('[data-role="verdict"]')).toHaveCount(0);
});

test('a decision-table cell’s feedback is about that cell and the answer given', async ({ page }) => {
  await page.goto(CH5);
  await page.locator(`${TABLE}[data-upgraded]`).waitFor();
  // Row 4, "what the user sees" answered wrong: the feedback must not be the row's layer hint.
  await tableCell(page, 'lost-response-after-write', 'userSees').selectOption('try-again-later');
  await tableCell(page, 'lost-response-after-write', 'layer').selectOption('transport');
  await page.locator(`${TABLE} [data-action="check"]`).click();
  const userSees = feedbackOf(page, 'lost-response-after-write', 'userSees');
  const layer = feedbackOf(page, 'lost-response-after-write', 'layer');
  await expect(userSees).toContainText('Not right.');
  expect(await userSees.innerText(), 'two cells of one row do not say the same thing').not.toBe(
    await layer.innerText(),
  );
  // Row 2: a misconception is named once, in the cell it belongs to; the long explanation is behind "Why?".
  await tableCell(page, 'malformed-incident-id', 'layer').selectOption('jsonrpc-envelope');
  await tableCell(page, 'malformed-incident-id', 'userSees').selectOption('integration-error');
  await page.locator(`${TABLE} [data-action="check"]`).click();
  const row2 = page.locator(`${TABLE} tr[data-scenario="malformed-incident-id"]`);
  const texts = await row2
    .locator('[data-role="feedback"]')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText.trim()).filter(Boolean));
  expect(new Set(texts).size, `row 2 feedback: ${JSON.stringify(texts)}`).toBe(texts.length);
});

test('feedback is short: the verdict and one sentence, the misconception named, the explanation on request', async ({
  page,
}) => {
  await page.goto(CH5);
  await page.locator(`${TABLE}[data-upgraded]`).waitFor();
  await tableCell(page, 'lost-response-after-write', 'retry').selectOption('freely-with-new-id');
  await page.locator(`${TABLE} [data-action="check"]`).click();
  const fb = feedbackOf(page, 'lost-response-after-write', 'retry');
  await expect(fb.locator('.feedback-verdict')).toHaveText('Not right.');
  await expect(fb).toContainText('The belief behind it');
  const why = fb.locator('details');
  await expect(why.locator('summary')).toHaveText('Why?');
  expect(await why.evaluate((d) => (d as HTMLDetailsElement).open), 'the explanation waits to be asked for').toBe(
    false,
  );
  // What shows before "Why?" is opened: the verdict, a sentence and the name, not a paragraph.
  const shown = await fb.evaluate((el) =>
    [...el.children]
      .filter((c) => c.tagName !== 'DETAILS')
      .map((c) => (c as HTMLElement).innerText)
      .join(' '),
  );
  expect(shown.length, shown).toBeLessThan(260);
});

test('no verdict is printed twice anywhere a learner checks an answer', async ({ page }) => {
  await page.goto(CH5);
  await page.locator(`${TABLE}[data-upgraded]`).waitFor();
  await tableCell(page, 'unknown-method', 'layer').selectOption('method-dispatch');
  await tableCell(page, 'unknown-method', 'retry').selectOption('with-backoff');
  await page.locator(`${TABLE} [data-action="check"]`).click();
  // As a learner reaches it: scrolled to, the check's code loads and its controls show.
  await page.locator('lab-completion-check').scrollIntoViewIfNeeded();
  await page.locator('lab-completion-check[data-upgraded]').waitFor();
  await page.locator('lab-completion-check select').first().selectOption({ index: 1 });
  await page.locator('lab-completion-check button[type="submit"]').click();
  await page.goto(CH2);
  const widget = page.locator(CLASSIFY).first();
  await widget.locator('input[name$=".kind"][value="parse-error"]').check();
  await widget.locator('input[name$=".send"][value="error"]').check();
  await widget.locator('input[name$=".code"]').fill('-32700');
  await widget.locator('button[type="submit"]').click();
  await widget.locator('[data-role="verdict"]').waitFor();
  await page.locator('lab-completion-check input[type="radio"]').first().check();
  await page.locator('lab-completion-check button[type="submit"]').click();
  await page.locator('lab-completion-check [data-role="q-feedback"] .feedback').first().waitFor();
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(DOUBLED);
});

test('search highlights keep the spaces around them', async ({ page }) => {
  await page.goto('/search/?q=idempotency');
  await page.locator('.search-excerpt mark').first().waitFor();
  // Every highlighted word is separated from the words around it (a space or punctuation on each side).
  const joined = await page.locator('.search-excerpt').evaluateAll((excerpts) => {
    const bad: string[] = [];
    for (const p of excerpts) {
      for (const mark of p.querySelectorAll('mark')) {
        const before = mark.previousSibling?.textContent ?? '';
        const after = mark.nextSibling?.textContent ?? '';
        if (before && /[\p{L}\p{N}]$/u.test(before)) bad.push(`…${before.slice(-12)}[${mark.textContent}]`);
        if (after && /^[\p{L}\p{N}]/u.test(after)) bad.push(`[${mark.textContent}]${after.slice(0, 12)}…`);
      }
    }
    return bad;
  });
  expect(joined).toEqual([]);
});

test('the footer’s sentence keeps its spaces before links', async ({ page }) => {
  await page.goto('/');
  const footer = await page.locator('.site-footer p').first().innerText();
  expect(footer).toContain('link to the MCP specification and the JSON-RPC 2.0 specification');
});
