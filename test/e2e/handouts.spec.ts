/**
 * Handouts are handouts: the whole-course handout prints at most 3 A4 pages a chapter and the exercises handout at
 * most 2. Each handout is printed to PDF by Chromium as a whole (its total against the chapters it holds) and one
 * chapter at a time (the other chapters hidden), and the pages of each PDF are counted.
 */
import type { Page } from '@playwright/test';
import { countPdfPages } from '../support/pdf.ts';
import { expect, test } from './fixtures.ts';

/** Prints the page as it stands to an A4 PDF and counts its pages. */
async function printedPages(page: Page): Promise<number> {
  return countPdfPages(await page.pdf({ format: 'A4', printBackground: true }));
}

const HANDOUTS = [
  { path: '/handout/', chapter: 'section.ws-handout-chapter', perChapter: 3 },
  { path: '/handout/exercises/', chapter: 'section.ws-sheet-chapter', perChapter: 2 },
] as const;

for (const { path, chapter, perChapter } of HANDOUTS) {
  test(`${path} prints at most ${perChapter} A4 pages a chapter`, async ({ page }) => {
    await page.goto(path);
    await page.emulateMedia({ media: 'print' });
    const ids = await page
      .locator(chapter)
      .evaluateAll((sections) => sections.map((s) => (s as HTMLElement).dataset.chapter ?? ''));
    expect(ids.length, 'chapters in the handout').toBeGreaterThanOrEqual(9);
    expect(ids.every(Boolean), 'every chapter section names its chapter (data-chapter)').toBe(true);

    const total = await printedPages(page);
    console.log(`${path}: ${total} pages for ${ids.length} chapters`);

    // One chapter at a time: hide the others and the handout's own front matter, then print.
    const over: string[] = [];
    for (const id of ids) {
      // Through the CSSOM: the site's policy refuses inline style elements, not style properties set by script.
      const hide = async (hidden: boolean) =>
        page.evaluate(
          ({ selector, keep, hidden }) => {
            const front = '.ws-handout-title, .ws-options, .ws-sheet > h1, .ws-sheet > p';
            for (const el of document.querySelectorAll<HTMLElement>(`${selector}, ${front}`)) {
              if (el.dataset.chapter === keep) continue;
              if (hidden) el.style.setProperty('display', 'none', 'important');
              else el.style.removeProperty('display');
            }
          },
          { selector: chapter, keep: id, hidden },
        );
      await hide(true);
      const pages = await printedPages(page);
      await hide(false);
      console.log(`  ${id}: ${pages}`);
      if (pages > perChapter) over.push(`${id}: ${pages} pages`);
    }
    expect(over, `chapters over ${perChapter} pages`).toEqual([]);
    expect(total).toBeGreaterThanOrEqual(ids.length);
    expect(total, `the whole handout, ${ids.length} chapters`).toBeLessThanOrEqual(perChapter * ids.length);
  });
}
