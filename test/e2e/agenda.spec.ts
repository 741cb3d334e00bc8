/**
 * The workshop agenda planner on /instructor/: the rows the browser renders for the default plan read exactly as the
 * build-time rows a reader without JavaScript gets, a changed break policy re-plans the table, and the rows the
 * browser writes are styled like the ones in the build (cell padding as the header's, the muted chapter detail).
 */
import { expect, expectNoConsoleErrors, test, type Page } from './fixtures.ts';

const rowTexts = (page: Page) =>
  page
    .locator('lab-agenda-planner tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.children].map((td) => td.textContent)));

test('the planner renders the same rows as the build, re-plans on a change, and styles what it renders', async ({
  page,
  newPage,
}) => {
  const noScript = await newPage({ javaScriptEnabled: false });
  await noScript.goto('/instructor/');
  const built = await rowTexts(noScript);
  // Welcome, chapters with breaks between them, wrap-up (the numbers are the course's, so only the shape is checked).
  expect(built[0]).toEqual(['09:00–09:10', 'Welcome, setup and goals', '10']);
  expect(built.at(-1)?.[1]).toBe('Wrap-up, questions and receipts');
  expect(built.some((r) => r[1] === 'Break')).toBe(true);

  await page.goto('/instructor/');
  await expect(page.locator('lab-agenda-planner form')).toBeVisible();
  expect(await rowTexts(page)).toEqual(built);
  const chapterLink = page.locator('lab-agenda-planner tbody tr.ws-chapter a').first();
  await expect(chapterLink).toHaveAttribute('href', /^\/instructor\/notes\/[\w-]+\/$/);

  await page.getByLabel('Breaks').selectOption('none');
  await expect(page.locator('lab-agenda-planner tbody tr.ws-break')).toHaveCount(0);
  await expect(page.locator('lab-agenda-planner [data-role="summary"]')).toContainText('0 min of breaks');

  const style = await page.evaluate(() => {
    const planner = document.querySelector('lab-agenda-planner')!;
    const css = (selector: string) => getComputedStyle(planner.querySelector(selector)!);
    return {
      th: css('thead th').paddingLeft,
      td: css('tbody td').paddingLeft,
      detail: css('tbody .ws-muted').color,
      formDetail: css('.ws-chapter-choices .ws-muted').color,
      body: getComputedStyle(document.body).color,
    };
  });
  expect(style.td).toBe(style.th);
  expect(style.detail).toBe(style.formDetail);
  expect(style.detail).not.toBe(style.body);
  expectNoConsoleErrors(page);
});
