/**
 * TypeScript labs that check types, in a real browser: type errors are marked in the editor (wavy underline, the
 * message as hover text) and listed under it, before the test results; a syntax error is marked where it is; tests
 * that pass do not solve the exercise while the types do not check; "Check types" checks without running; and the
 * compiler loads only when a lab first runs or checks types, never with the page.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { labWithEditor, typeCode } from './code-lab-steps.ts';

const EXERCISE = '01-request-or-notification';
const CHAPTER = '/chapters/message-shapes/';
const root = join(import.meta.dirname, '../..');
const STARTER = readFileSync(join(root, 'exercises', EXERCISE, 'request-or-notification.problem.ts'), 'utf8');
const SOLUTION = readFileSync(join(root, 'exercises', EXERCISE, 'request-or-notification.solution.ts'), 'utf8');
const COMPILER = /\/_astro\/type-check\.worker[^/]*\.js$/;

async function openLab(page: Page): Promise<Locator> {
  await page.goto(CHAPTER);
  return labWithEditor(page, EXERCISE, 15_000);
}

/** Waits until the type check has answered. */
async function typesChecked(lab: Locator): Promise<string> {
  await expect(lab).toHaveAttribute('data-types', /^(clean|errors|unavailable)$/, { timeout: 30_000 });
  return (await lab.getAttribute('data-types')) ?? '';
}

test('42 returned where a kind is declared is a type error, marked on its return and listed before the tests', async ({
  page,
}) => {
  const lab = await openLab(page);
  const code = STARTER.replace("return 'request';", 'return 42;');
  const line = code.split('\n').findIndex((l) => l.includes('return 42;')) + 1;
  await typeCode(page, lab, code);
  await lab.locator('[data-role="run"]').click();
  expect(await typesChecked(lab)).toBe('errors');
  const error = lab.locator('[data-role="type-errors"] li').first();
  await expect(error).toContainText(`Type '42' is not assignable to type '"request" | "notification"'. (TS2322)`);
  await expect(error.locator('.cl-line')).toHaveText(`At line ${line}, column 5`);
  // The mark in the editor covers the span TypeScript reports (the return keyword) and carries the message as its
  // hover text.
  const mark = lab.locator('.cm-content .cl-mark-error');
  await expect(mark).toHaveText('return');
  await expect(mark).toHaveAttribute('title', /^TS2322: Type '42' is not assignable/);
  // The type errors come before the test results on the page.
  const before = await lab.evaluate((el) => {
    const types = el.querySelector('[data-role="types"]')!;
    const results = el.querySelector('[data-role="results"]')!;
    return Boolean(types.compareDocumentPosition(results) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(before).toBe(true);
  // The line button puts the cursor on the problem.
  await error.locator('.cl-line').click();
  await expect(lab.locator('.cm-activeLine')).toContainText('return 42;');
});

test('tests that pass do not solve the exercise while the types do not check', async ({ page }) => {
  const lab = await openLab(page);
  await typeCode(page, lab, `${SOLUTION}\nexport const count: number = 'three';\n`);
  await lab.locator('[data-role="run"]').click();
  await expect(lab).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(lab.locator('.cl-pass')).toHaveCount(8);
  await expect(lab.locator('[data-role="status"]')).toContainText(
    'All 8 tests pass, but TypeScript finds 1 type error in your code',
  );
  // Fixed, it is solved.
  await typeCode(page, lab, SOLUTION);
  await lab.locator('[data-role="run"]').click();
  await expect(lab).toHaveAttribute('data-state', 'passed', { timeout: 30_000 });
  await expect(lab.locator('[data-role="status"]')).toContainText('All 8 tests pass and the types check');
  await expect(lab.locator('.cl-mark-error')).toHaveCount(0);
});

test('a syntax error is marked where it is, at once and by the type check', async ({ page }) => {
  const lab = await openLab(page);
  await typeCode(page, lab, "export function kindOf(message: unknown) {\n  return 'request' +;\n}\n");
  await lab.locator('[data-role="run"]').click();
  await expect(lab.locator('.cl-mark-error').first()).toBeVisible({ timeout: 10_000 });
  await typesChecked(lab);
  await expect(lab.locator('[data-role="type-errors"] li').first()).toContainText('Syntax error: Expression expected.');
  await expect(lab.locator('[data-role="type-errors"] .cl-line').first()).toHaveText('At line 2, column 21');
  await expect(lab.locator('[data-role="types-status"]')).toContainText('does not parse');
});

test('Check types checks without running, and the compiler loads only then, never with the page', async ({ page }) => {
  const compilerRequests: string[] = [];
  page.on('request', (r) => {
    if (COMPILER.test(new URL(r.url()).pathname)) compilerRequests.push(r.url());
  });
  const lab = await openLab(page);
  await page.waitForTimeout(500);
  expect(compilerRequests, 'the compiler is not loaded by opening or scrolling to a lab').toEqual([]);
  await typeCode(page, lab, SOLUTION);
  await lab.locator('[data-role="check-types"]').click();
  expect(await typesChecked(lab)).toBe('clean');
  await expect(lab.locator('[data-role="types-status"]')).toHaveText('Types: no errors.');
  expect(compilerRequests).toHaveLength(1);
  // Nothing ran: no test results.
  await expect(lab.locator('[data-role="results"] li')).toHaveCount(0);
  await expect(lab).not.toHaveAttribute('data-state', /^(passed|failed)$/);
});

test('the first type check says whether it is loading the compiler or reading the declarations', async ({ page }) => {
  const lab = await openLab(page);
  await typeCode(page, lab, SOLUTION);
  // Every text the types status takes, in order, recorded in the page so that no step is missed between polls.
  await lab.evaluate((el) => {
    const status = el.querySelector('[data-role="types-status"]')!;
    const seen: string[] = [];
    (window as unknown as { typesSeen: string[] }).typesSeen = seen;
    new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await lab.locator('[data-role="check-types"]').click();
  expect(await typesChecked(lab)).toBe('clean');
  const seen = await page.evaluate(() => (window as unknown as { typesSeen: string[] }).typesSeen);
  const step = (pattern: RegExp) => seen.findIndex((text) => pattern.test(text));
  expect(step(/loading the TypeScript compiler \(step 1 of 2\)/), seen.join(' | ')).toBeGreaterThanOrEqual(0);
  expect(step(/reading the declarations \(step 2 of 2\)/)).toBeGreaterThan(step(/step 1 of 2/));
  expect(step(/^Types: no errors\.$/)).toBeGreaterThan(step(/step 2 of 2/));
});

test('pages without a lab never load the compiler', async ({ page }) => {
  const compilerRequests: string[] = [];
  page.on('request', (r) => {
    if (COMPILER.test(new URL(r.url()).pathname)) compilerRequests.push(r.url());
  });
  for (const path of ['/', '/progress/', '/playground/']) await page.goto(path, { waitUntil: 'networkidle' });
  expect(compilerRequests).toEqual([]);
});
