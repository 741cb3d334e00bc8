/**
 * The Playground's tables on a phone (390 px): they scroll sideways in their own box, so no column has to be
 * squeezed to a word per line. Before, the example table's "Reply owed" column was about 50 px wide ("error /
 * -3270… / witho… / an id") and each log row's "Line 1" button broke into "Line" over "1". A cell's least width must not push a table's
 * centred caption out of sight, so captions start at the box's left edge.
 */
import { expect, expectNoConsoleErrors, test } from './fixtures.ts';

test.afterEach(({ page }) => expectNoConsoleErrors(page));

const LOG = [
  '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  '{"jsonrpc":"2.0","method":"notifications/initialized"}',
  '{"jsonrpc":"2.0","id":2,"error":{"code":-32601}}',
  'not json',
].join('\n');

/** Cells of the tables in the page's scrolling table boxes narrower than 6rem (96 px at the default size). */
async function narrowCells(page: import('@playwright/test').Page, region: string): Promise<string[]> {
  return page
    .locator(region)
    .evaluate((wrap) =>
      [...wrap.querySelectorAll('td')]
        .filter((td) => td.getBoundingClientRect().width < 96)
        .map((td) => `${Math.round(td.getBoundingClientRect().width)} px: ${td.textContent}`),
    );
}

test('at 390 px the Playground tables give every cell a readable width and keep "Line N" on one line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/playground/');
  expect(await narrowCells(page, '[role="region"][aria-label="What the classifier says about each example"]')).toEqual(
    [],
  );
  await page.locator('lab-playground textarea').first().fill(LOG);
  await page.getByRole('button', { name: 'Classify', exact: true }).click();
  const log = page.locator('lab-playground [role="region"][aria-label="Classified lines"]');
  await expect(log.locator('tbody tr')).toHaveCount(4);
  expect(await narrowCells(page, 'lab-playground [role="region"][aria-label="Classified lines"]')).toEqual([]);
  const wrapped = await log.locator('tbody th button').evaluateAll((buttons) =>
    buttons
      .filter((b) => {
        const range = document.createRange();
        range.selectNodeContents(b);
        return range.getClientRects().length > 1;
      })
      .map((b) => b.textContent),
  );
  expect(wrapped).toEqual([]);
  // The captions ("Lines 1 to 4 of 4") start inside the box, readable before it is scrolled.
  for (const region of await page.locator('lab-playground [role="region"].lab-table-wrap').all()) {
    const [box, caption] = await region.evaluate((wrap) =>
      [wrap, wrap.querySelector('caption')!].map((e) => {
        const range = document.createRange();
        range.selectNodeContents(e);
        const r = e === wrap ? e.getBoundingClientRect() : range.getBoundingClientRect();
        return { left: r.left, right: r.right };
      }),
    );
    expect(caption!.left).toBeGreaterThanOrEqual(box!.left);
    expect(caption!.right).toBeLessThanOrEqual(box!.right);
  }
  // The page itself still does not scroll sideways: the tables scroll in their own boxes.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
