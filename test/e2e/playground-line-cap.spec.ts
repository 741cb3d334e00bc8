/**
 * A short Playground link cannot freeze the tab by carrying millions of lines. The attack: "1\n" repeated about two
 * million times deflates to a 5.4 KB link and stays under the 4 MB text cap, yet every line used to be classified,
 * posted from the worker and filtered on the main thread, which froze the tab for minutes. The log mode now
 * classifies the first LOG_LINE_LIMIT lines and says how many it left out; the page keeps answering clicks.
 */
import { deflateRawSync } from 'node:zlib';
import { expect, expectNoConsoleErrors, test } from './fixtures.ts';

test.afterEach(({ page }) => expectNoConsoleErrors(page));

/** The cap the page states (src/components/widgets/client/analyse.ts LOG_LINE_LIMIT). */
const LIMIT = 20_000;
const LINES = 2 * 1024 * 1024 - 8;

test('a link of two million short lines classifies only the first 20,000, says so, and the page answers', async ({
  page,
}) => {
  const z = deflateRawSync(Buffer.from('1\n'.repeat(LINES)), { level: 9 }).toString('base64url');
  expect(z.length).toBeLessThan(8 * 1024);
  await page.goto(`/playground/#m=log&z=${z}`);
  const limit = page.locator('lab-playground [data-role="log-limit"]');
  await expect(limit).toHaveText(
    new RegExp(
      `first ${LIMIT.toLocaleString('en')} of ${LINES.toLocaleString('en')} lines.*${(LINES - LIMIT).toLocaleString('en')} lines were not classified`,
    ),
  );
  // The table pages through the classified rows only: its caption counts at most LIMIT of them.
  await expect(page.locator('lab-playground [role="region"][aria-label="Classified lines"] caption')).toHaveText(
    `Lines 1 to 100 of ${LIMIT.toLocaleString('en')}`,
  );
  // The page still handles a click: the filter narrows the table, and a row's button opens its classification.
  await page.locator('#pg-filter').selectOption('errors');
  await expect(page.locator('lab-playground [role="region"][aria-label="Classified lines"] caption')).toHaveText(
    /of \d[\d,]*$/,
  );
  await page.locator('lab-playground tbody button').first().click();
  await expect(page.locator('lab-playground h3', { hasText: /^Line \d+$/ })).toBeVisible();
});
