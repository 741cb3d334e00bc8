/**
 * The progress page leads with the course: one line for the whole course and a link to the next step, above the
 * chapters. A chapter offers "Reset" only when it has progress to reset; on a phone each chapter starts with its
 * title.
 */
import { COLOR_SCHEMES, VIEWPORTS, expect, expectNoConsoleErrors, test, type Page } from './fixtures.ts';

interface Manifest {
  chapters: { chapter: string; title: string; items: { type: string; id?: string }[] }[];
}

const CH5 = 'error-semantics-and-retries';

/** The chapters and their items as the build lists them (dist/progress/manifest.json): data, not the page's sums. */
async function manifest(page: Page): Promise<Manifest> {
  const response = await page.request.get('/progress/manifest.json');
  return (await response.json()) as Manifest;
}

/** A progress document with chapter 5's decision table solved and nothing else. */
function tableSolved(): unknown {
  const at = '2026-11-30T10:00:00.000Z';
  return {
    format: 'mcp-message-lab/progress',
    version: 3,
    updatedAt: at,
    chapters: {
      [CH5]: {
        checks: {},
        codeLabs: {},
        widgets: {
          'ch05-table': {
            kind: 'decision-table',
            state: { answers: {}, hintLevel: 0, attempted: true, checked: true, solution: false, passed: true },
            done: true,
            at,
          },
        },
      },
    },
  };
}

const summary = (page: Page) => page.locator('[data-role="summary-section"]');

test.afterEach(({ page }) => expectNoConsoleErrors(page));

test('a new learner sees the course at the top, a link to chapter 1, and no reset buttons', async ({ page }) => {
  await page.goto('/progress/');
  await page.locator('lab-progress-page[data-upgraded]').waitFor();
  const { chapters } = await manifest(page);
  const tracked = chapters.filter((c) => c.items.length > 0);
  const items = tracked.reduce((n, c) => n + c.items.length, 0);
  await expect(summary(page)).toBeVisible();
  await expect(summary(page)).toContainText(`Nothing done yet: ${items} items in ${tracked.length} chapters.`);
  const next = summary(page).getByRole('link', { name: 'Start with chapter 1' });
  await expect(next).toHaveAttribute('href', `/chapters/${chapters[0]!.chapter}/`);
  await expect(page.getByRole('button', { name: /^Reset chapter/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reset the whole course' })).toBeHidden();

  // The summary comes before the chapters.
  const top = (await summary(page).boundingBox())!.y;
  const chaptersTop = (await page.locator('#progress-chapters-h').boundingBox())!.y;
  expect(top).toBeLessThan(chaptersTop);
});

test('with one table solved, the summary counts it, names the next step, and only that chapter can be reset', async ({
  page,
  progress,
}) => {
  await progress.seed(page, tableSolved());
  await page.goto('/progress/');
  await page.locator('lab-progress-page[data-upgraded]').waitFor();
  const { chapters } = await manifest(page);
  const tracked = chapters.filter((c) => c.items.length > 0);
  const items = tracked.reduce((n, c) => n + c.items.length, 0);
  const number = chapters.findIndex((c) => c.chapter === CH5) + 1;
  await expect(summary(page)).toContainText(
    `1 of ${items} items done (${Math.round(100 / items)}%): 0 of ${tracked.length} chapters done, 1 started.`,
  );
  // Chapter 5's first item is its practice messages, not done: that is where to continue.
  const next = summary(page).getByRole('link', { name: `Continue: chapter ${number}, the practice messages` });
  await expect(next).toBeVisible();
  await expect(page.getByRole('button', { name: /^Reset chapter/ })).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Reset chapter ${number}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset the whole course' })).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Reset chapter ${number}` }).click();
  await expect(page.getByRole('button', { name: /^Reset chapter/ })).toHaveCount(0);
  await expect(summary(page)).toContainText('Nothing done yet');
  await expect(page.getByRole('button', { name: 'Undo the last reset or import' })).toBeVisible();
});

for (const colorScheme of COLOR_SCHEMES) {
  test.describe(`on a phone, ${colorScheme}`, () => {
    test.use({ viewport: VIEWPORTS.phone, colorScheme });
    test('each chapter starts with its title, then its bar', async ({ page, progress, checkA11y }) => {
      await progress.seed(page, tableSolved());
      await page.goto('/progress/');
      await page.locator('lab-progress-page[data-upgraded]').waitFor();
      const order = await page.locator('.lab-progress-list > li').evaluateAll((lis) =>
        lis.map((li) => {
          const title = li.querySelector('h3')!.getBoundingClientRect();
          const bar = li.querySelector('[data-role="bar"]')!.getBoundingClientRect();
          return { chapter: (li as HTMLElement).dataset.chapter, titleFirst: title.bottom <= bar.top + 1 };
        }),
      );
      for (const o of order) {
        expect(o.titleFirst, `${o.chapter}: the title above the bar`).toBe(true);
      }
      await checkA11y(page, `/progress/ at 390 px, ${colorScheme}`);
    });
  });
}

test('on a wide screen the bar sits beside the chapter title', async ({ page, progress }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await progress.seed(page, tableSolved());
  await page.goto('/progress/');
  await page.locator('lab-progress-page[data-upgraded]').waitFor();
  const li = page.locator(`.lab-progress-list > li[data-chapter="${CH5}"]`);
  const title = (await li.locator('h3').boundingBox())!;
  const bar = (await li.locator('[data-role="bar"]').boundingBox())!;
  expect(bar.x).toBeGreaterThan(title.x + title.width - 1);
  expect(bar.y).toBeLessThan(title.y + title.height);
});
