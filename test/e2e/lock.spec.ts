/**
 * The workshop lock against a lock link from anyone: once the instructor's unlock link has been
 * opened, another code's lock link does not hide the solutions again, until that unlock expires (12 hours, so next
 * week's workshop can lock again); and the instructor's unlock still works after someone else's lock link.
 */
import { expect, test, type Page } from '@playwright/test';

const CHAPTER = '/chapters/error-semantics-and-retries/';
const lockAttribute = (page: Page) => page.locator('html').getAttribute('data-workshop-lock');

async function open(page: Page, hash: string): Promise<void> {
  await page.goto(`${CHAPTER}#${hash}`);
  // The lock module applies the fragment, then clears it from the address bar.
  await page.waitForFunction(() => location.hash === '');
}

test("a lock link from anyone does not re-lock a learner after the instructor's unlock", async ({ page }) => {
  await open(page, 'workshop-lock=class42');
  expect(await lockAttribute(page)).toBe('locked');
  await open(page, 'workshop-unlock=class42');
  expect(await lockAttribute(page)).toBeNull();
  await open(page, 'workshop-lock=mallory1');
  expect(await lockAttribute(page)).toBeNull();
  // The code lab's "Show solution" is on the page from the start (disabled until a run); the decision table's
  // appears only after a complete attempt, so it cannot show whether the lock hides solutions.
  await expect(page.locator('[data-role="show-solution"][data-workshop-solution]').first()).toBeVisible();
});

test("the instructor's unlock works after someone else's lock link was followed", async ({ page }) => {
  await open(page, 'workshop-lock=class42');
  await open(page, 'workshop-lock=mallory1');
  expect(await lockAttribute(page)).toBe('locked');
  await open(page, 'workshop-unlock=class42');
  expect(await lockAttribute(page)).toBeNull();
});

test('an unlock older than 12 hours lets next week’s lock link lock again', async ({ page }) => {
  await open(page, 'workshop-lock=class42');
  await open(page, 'workshop-unlock=class42');
  // Move the unlock 13 hours into the past, as if a week had gone by.
  await page.evaluate(() => {
    const key = 'mcp-lab-workshop-lock';
    const state = JSON.parse(localStorage.getItem(key)!) as Record<string, string>;
    const shift = (iso: string) => new Date(Date.parse(iso) - 13 * 3600_000).toISOString();
    localStorage.setItem(
      key,
      JSON.stringify({ ...state, since: shift(state.since!), until: shift(state.until ?? state.since!) }),
    );
  });
  await open(page, 'workshop-lock=class43');
  expect(await lockAttribute(page)).toBe('locked');
});

test('the instructor page says the lock is friction, not security', async ({ page }) => {
  await page.goto('/instructor/');
  await expect(page.locator('lab-lock-links')).toContainText('friction');
  await expect(page.locator('lab-lock-links')).toContainText(/12 hours/);
});

test("in a live room, the room's lock decides over the link lock", async ({ page }) => {
  await open(page, 'workshop-lock=class42');
  await open(page, 'workshop-unlock=class42');
  await page.evaluate(() => localStorage.setItem('mcp-lab-room:lock', 'locked'));
  await page.reload();
  expect(await lockAttribute(page)).toBe('locked');
  await page.evaluate(() => localStorage.setItem('mcp-lab-room:lock', 'unlocked'));
  await open(page, 'workshop-lock=class43');
  expect(await lockAttribute(page)).toBeNull();
});
