/**
 * A path through the course (issue 12 §4) and the widget behaviour of issue 10 §4–§5: the home page says where the
 * learner is; each chapter card and checklist says what is left in words; /progress/ never shows an internal id;
 * "Show solution" opens only after a complete attempt and says when an instructor has locked it; instructor pages
 * are out of the learners' navigation and noindex; printing a chapter prints the learner's answers and code.
 */
import { expect, test } from '@playwright/test';
import { CH05_RIGHT as RIGHT, CH05_TABLE as TABLE, fillTable } from './fixtures.ts';

const CH5 = '/chapters/error-semantics-and-retries/';

test('the home page says where to continue once anything is done, and each chapter card what is left', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('[data-progress-continue]')).toBeHidden();
  await page.goto(CH5);
  await page.locator(`${TABLE}[data-upgraded]`).waitFor();
  await fillTable(page, RIGHT);
  await page.locator(`${TABLE} [data-action="check"]`).click();
  await expect(page.locator(`${TABLE} [data-role="status"]`)).toContainText('All 12 cells are right');
  await page.goto('/');
  const resume = page.locator('[data-progress-continue] a');
  await expect(resume).toHaveText(/^Continue: chapter 5, /);
  await expect(resume).not.toHaveText(/ch05|[a-z]+-[a-z]+-[a-z]+/);
  const card = page.locator('[data-progress-chapter="error-semantics-and-retries"]');
  await expect(card).toContainText('Left: the practice messages');
  await expect(card).not.toContainText('decision table');
});

test('a chapter shows its checklist in words beside the table of contents, ticking as items are done', async ({
  page,
}) => {
  await page.goto(CH5);
  const checklist = page.locator('.chapter-aside [data-checklist]');
  await expect(checklist).toBeVisible();
  await expect(checklist).toContainText('Solve the decision table');
  await expect(checklist).toContainText('Pass the completion check');
  await expect(checklist).toContainText('Mark “I can explain this”');
  const table = checklist.locator('li', { hasText: 'Solve the decision table' });
  await expect(table).toHaveAttribute('data-done', 'false');
  await fillTable(page, RIGHT);
  await page.locator(`${TABLE} [data-action="check"]`).click();
  await expect(table).toHaveAttribute('data-done', 'true');
  await expect(table).toContainText('solved');
  const box = await checklist.boundingBox();
  const toc = await page.locator('.chapter-aside nav.toc').boundingBox();
  expect(Math.abs((box?.x ?? 0) - (toc?.x ?? 1)), 'beside the table of contents').toBeLessThan(2);
});

test('the progress page speaks the learner’s language, never internal ids', async ({ page }) => {
  await page.goto(CH5);
  await page.locator(`${TABLE}[data-upgraded]`).waitFor();
  await fillTable(page, RIGHT);
  await page.locator(`${TABLE} [data-action="check"]`).click();
  await expect(page.locator(`${TABLE} [data-role="status"]`)).toContainText('All 12 cells are right');
  await page.goto('/progress/');
  const main = page.locator('lab-progress-page');
  await expect(main).toContainText('Chapter 5: ');
  await expect(
    main.locator('li[data-chapter="error-semantics-and-retries"] li[data-index]', {
      hasText: 'Solve the decision table',
    }),
  ).toContainText('solved');
  const text = await main.innerText();
  expect(text).not.toMatch(/ch05-table|\b\d\d-[a-z]+(-[a-z]+)+\b|decision-table|classify-/);
});

test('“Show solution” appears only after an attempt that answered every cell', async ({ page }) => {
  await page.goto(CH5);
  await page.locator(`${TABLE}[data-upgraded]`).waitFor();
  const solution = page.locator(`${TABLE} [data-action="solution"]`);
  await page.locator(`${TABLE} [data-action="check"]`).click();
  await expect(solution, 'an empty Check is not an attempt').toBeHidden();
  await fillTable(page, { 'unknown-method': RIGHT['unknown-method']! });
  await page.locator(`${TABLE} [data-action="check"]`).click();
  await expect(solution, 'nor is a half-filled one').toBeHidden();
  const wrong = Object.fromEntries(
    Object.entries(RIGHT).map(([k, row]) => [
      k,
      { ...row, retry: row.retry === 'with-backoff' ? 'never-as-is' : 'with-backoff' },
    ]),
  );
  await fillTable(page, wrong);
  await page.locator(`${TABLE} [data-action="check"]`).click();
  await expect(solution).toBeVisible();
  await solution.click();
  await expect(page.locator(`${TABLE} [data-role="solution"]`)).toBeVisible();
});

test('under a workshop lock the solution says it is locked by the instructor instead of vanishing', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem(
      'mcp-lab-workshop-lock',
      JSON.stringify({ state: 'locked', code: 'ROOM-42', since: new Date().toISOString() }),
    ),
  );
  await page.goto(CH5);
  await page.locator(`${TABLE}[data-upgraded]`).waitFor();
  await expect(page.locator(`${TABLE} .locked-note`)).toBeVisible();
  await expect(page.locator(`${TABLE} .locked-note`)).toHaveText(/locked by the instructor/);
  await expect(page.locator(`${TABLE} [data-action="solution"]`)).toBeHidden();
});

test('instructor pages are not in the learners’ navigation, are linked from the footer and are noindex', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('nav[aria-label="Site"] a[href^="/instructor/"]')).toHaveCount(0);
  await expect(page.locator('.site-footer a[href="/instructor/"]')).toBeVisible();
  for (const path of ['/instructor/', '/instructor/roster/']) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  }
  await page.goto('/');
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});

test('printing a chapter hides the controls and shows the chosen answers in full', async ({ page }) => {
  await page.goto(CH5);
  await page.locator(`${TABLE}[data-upgraded]`).waitFor();
  await fillTable(page, RIGHT);
  await page.locator(`${TABLE} [data-action="check"]`).click();
  await page.emulateMedia({ media: 'print' });
  const visibleButtons = await page.evaluate(() =>
    [...document.querySelectorAll('button')].filter((b) => b.checkVisibility()).map((b) => b.textContent?.trim()),
  );
  expect(visibleButtons).toEqual([]);
  const shown = await page
    .locator(`${TABLE} select[data-scenario="malformed-incident-id"][data-column="userSees"]`)
    .evaluate((s) => {
      const text = s.closest('.choice-select')!.querySelector('.choice-select-text') as HTMLElement;
      return {
        text: text.innerText,
        full: (s as HTMLSelectElement).selectedOptions[0]!.text,
        selectShown: s.checkVisibility(),
      };
    });
  expect(shown.text).toBe(shown.full);
  expect(shown.selectShown).toBe(false);
});

test('printing a chapter prints the learner’s own code in a code lab, not the starter', async ({ page }) => {
  await page.goto('/chapters/message-shapes/');
  const lab = page.locator('lab-code-lab').first();
  const exercise = await lab.getAttribute('data-exercise');
  await page.evaluate(
    ([exercise]) => {
      const key = 'mcp-message-lab:progress';
      const doc = JSON.parse(localStorage.getItem(key) ?? 'null') ?? {
        format: 'mcp-message-lab/progress',
        version: 3,
        updatedAt: new Date().toISOString(),
        chapters: {},
      };
      doc.chapters['message-shapes'] ??= { checks: {}, widgets: {}, codeLabs: {} };
      doc.chapters['message-shapes'].widgets[`code-lab-${exercise}`] = {
        kind: 'code-lab',
        state: { code: '// my own answer: LEARNER-CODE-MARKER\nexport const x = 1;\n', ran: true },
        done: false,
        at: new Date().toISOString(),
      };
      localStorage.setItem(key, JSON.stringify(doc));
    },
    [exercise] as const,
  );
  await page.reload();
  await page.locator('lab-code-lab').first().waitFor();
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await page.emulateMedia({ media: 'print' });
  const printed = await lab.innerText();
  expect(printed).toContain('LEARNER-CODE-MARKER');
  const starterShown = await lab.locator('[data-role="static"]').evaluate((s) => s.checkVisibility());
  expect(starterShown).toBe(false);
});
