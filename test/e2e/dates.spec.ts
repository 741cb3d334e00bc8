/**
 * Dates follow the reader's locale: a German browser reads "2. Dezember 2026", an American one "December 2, 2026".
 * Each expected text is what the browser's own `Intl.DateTimeFormat` writes for the locale, never the page's output.
 */
import { expect, expectNoConsoleErrors, test, type Page } from './fixtures.ts';

const LOCALE = 'de-DE';
test.use({ locale: LOCALE, timezoneId: 'Europe/Berlin' });
test.afterEach(({ page }) => expectNoConsoleErrors(page));

/** A day as the locale writes it in full (the calendar day of an ISO date, in UTC). */
const longDay = (iso: string) =>
  new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
/** Today, as the locale writes it in the browser's time zone. */
const today = async (page: Page) =>
  page.evaluate((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date()), LOCALE);

test('the handout says the day it was built in the reader’s locale', async ({ page }) => {
  await page.goto('/handout/');
  const built = page.locator('.ws-handout-title time');
  const iso = (await built.getAttribute('datetime'))!;
  expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(built).toHaveText(longDay(iso));
});

test('a chapter says the day it was checked against the spec in the reader’s locale', async ({ page }) => {
  await page.goto('/chapters/message-shapes/');
  const checked = page.locator('.version-facts time');
  const iso = (await checked.getAttribute('datetime'))!;
  await expect(checked).toHaveText(longDay(iso));
});

test('the “I can explain this” mark says its day in the reader’s locale', async ({ page }) => {
  await page.goto('/chapters/message-shapes/');
  const mark = page.locator('lab-make-it-yours[data-upgraded]');
  await mark.scrollIntoViewIfNeeded();
  await mark.locator('[data-role="checkbox"]').check();
  await expect(mark.locator('[data-role="status"]')).toHaveText(`Marked on ${await today(page)}.`);
});

test('set-aside progress on /progress/ says when it was set aside in the reader’s locale', async ({ page }) => {
  const at = '2026-11-30T09:05:00.000Z';
  await page.goto('/');
  await page.evaluate(
    ([at]) =>
      localStorage.setItem(
        'mcp-message-lab:progress:set-aside:1',
        JSON.stringify({ reason: 'not a progress document', at, raw: '{"oops": true}' }),
      ),
    [at] as const,
  );
  await page.goto('/progress/');
  const expected = await page.evaluate(
    ([locale, at]) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)),
    [LOCALE, at] as const,
  );
  await expect(page.locator('[data-role="aside"] li').first()).toContainText(`Set aside at ${expected} (`);
});
