/**
 * What the instructor prints: "Print the agenda" prints the agenda alone on one A4 page; the exercises handout
 * carries the decision-table letter keys with every blank table (in its header, which Chromium repeats on each page
 * a table runs onto); and no printed code chip breaks inside a token.
 */
import { countPdfPages } from '../support/pdf.ts';
import { expect, expectNoConsoleErrors, test, type Page } from './fixtures.ts';

test.afterEach(({ page }) => expectNoConsoleErrors(page));

const printedPages = async (page: Page) => countPdfPages(await page.pdf({ format: 'A4', printBackground: true }));

test('“Print the agenda” prints the agenda alone, on one A4 page, and the page prints in full again afterwards', async ({
  page,
}) => {
  await page.goto('/instructor/');
  await page.locator('lab-agenda-planner form').waitFor();
  // The print dialog itself is the browser's; the test prints to PDF instead, in print media.
  await page.evaluate(() => (window.print = () => undefined));
  await page.getByRole('button', { name: 'Print the agenda' }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('lab-agenda-planner table')).toBeVisible();
  await expect(page.locator('lab-agenda-planner tbody tr').last()).toBeVisible();
  await expect(page.locator('#notes')).toBeHidden();
  await expect(page.locator('h1')).toBeHidden();
  expect(await printedPages(page)).toBe(1);

  // Printing ends with "afterprint" (Chromium fires it after printing to PDF too): the whole page prints again.
  await expect(page.locator('#notes')).toBeVisible();
  expect(await printedPages(page)).toBeGreaterThan(1);
});

test('every blank decision table on the exercises handout carries the letter keys in its repeated header', async ({
  page,
}) => {
  await page.goto('/handout/exercises/');
  await page.emulateMedia({ media: 'print' });
  // The keys as the handout's option lists give them: per column, "A" for the first option, and so on.
  const lists = await page.locator('.ws-options .ws-option-list').evaluateAll((divs) =>
    divs.map((d) => ({
      column: d.querySelector('h3')!.textContent!.trim(),
      options: [...d.querySelectorAll('li')].map((li) => li.textContent!.trim()),
    })),
  );
  expect(lists.length).toBe(3);
  const grids = page.locator('table.ws-blank-grid:not(.ws-classify-grid)');
  expect(await grids.count()).toBeGreaterThanOrEqual(2);
  for (const grid of await grids.all()) {
    const key = grid.locator('thead [data-role="letter-key"]');
    await expect(key).toBeVisible();
    const text = (await key.innerText()).replace(/\s+/g, ' ');
    for (const { column, options } of lists) {
      expect(text).toContain(column);
      options.forEach((option, i) => expect(text).toContain(`${'ABCDEFGHIJKLMNOP'[i]} ${option}`));
    }
  }
});

for (const path of ['/handout/', '/handout/exercises/']) {
  test(`no printed code chip on ${path} breaks inside a token`, async ({ page }) => {
    await page.goto(path);
    await page.emulateMedia({ media: 'print' });
    // Where a chip wraps, the line ends after a space or a JSON separator, never between two letters of a token.
    const broken = await page.locator(':not(pre) > code').evaluateAll((chips) => {
      const found: string[] = [];
      for (const chip of chips) {
        if (!chip.checkVisibility() || chip.getClientRects().length < 2) continue;
        const walker = document.createTreeWalker(chip, NodeFilter.SHOW_TEXT);
        let previous: { top: number; char: string } | undefined;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (let i = 0; i < text.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const rect = range.getClientRects()[0];
            if (!rect) continue;
            if (previous && rect.top > previous.top + 2 && !/[\s,:{}[\]()]/.test(previous.char) && text[i] !== ' ')
              found.push(`${chip.textContent!.slice(0, 60)}… broken between “${previous.char}” and “${text[i]}”`);
            previous = { top: rect.top, char: text[i]! };
          }
        }
      }
      return found;
    });
    expect(broken).toEqual([]);
  });
}

test.describe('printed from a dark theme', () => {
  test.use({ colorScheme: 'dark' });
  for (const path of ['/instructor/', '/chapters/check-your-own-server/']) {
    test(`${path} prints dark text on light boxes, never on the screen's dark surfaces`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await page.emulateMedia({ media: 'print' });
      // The print stylesheet sets the page's text to black (--fg: #000): every box printed behind text must be
      // light for it to be read on paper, whatever theme the screen was in.
      const dark = await page.locator('main *').evaluateAll((elements) =>
        elements.flatMap((element) => {
          if (!element.checkVisibility()) return [];
          const [r = 0, g = 0, b = 0, a = 1] = (getComputedStyle(element).backgroundColor.match(/[\d.]+/g) ?? []).map(
            Number,
          );
          return a > 0.5 && r + g + b < 3 * 160 ? [`${element.tagName.toLowerCase()}.${element.className}`] : [];
        }),
      );
      expect(dark).toEqual([]);
    });
  }
});
