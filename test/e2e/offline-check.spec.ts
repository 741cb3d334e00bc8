/**
 * Checking on a classroom network: a chapter read online keeps checking answers when the network drops, and a
 * widget whose grader could not load says so and loads it again at the next check once the network is back,
 * without a reload (src/components/widgets/client/model.ts).
 */
import { CH05_RIGHT, CH05_TABLE, expect, fillTable, test, type Page } from './fixtures.ts';

const CHAPTER_URL = '/chapters/error-semantics-and-retries/';
const STATUS = `${CH05_TABLE} [data-role="status"]`;

async function checkTable(page: Page): Promise<void> {
  await page.locator(`${CH05_TABLE} [data-action="check"]`).click();
}

test('a decision table opened online is checked with the network gone', async ({ page, context }) => {
  await page.goto(CHAPTER_URL);
  // The table loads its grader at the page's first idle moment, before any check.
  await page.locator(`${CH05_TABLE}[data-graders="ready"]`).waitFor();
  await context.setOffline(true);
  await fillTable(page, CH05_RIGHT);
  await checkTable(page);
  await expect(page.locator(STATUS)).toHaveText(/All 12 cells are right\. Table solved\./);
});

// Open defect, not a pass: Chromium 150 (Debian 150.0.7871.100) keeps a failed dynamic import failed for the page's
// life, as the HTML spec's module map says, so the next check imports the same failed chunk and fails again; the
// retry in src/components/widgets/client/model.ts worked only while Chromium refetched. Shown by a page that imports
// a module whose first fetch was aborted: the second import() fails with the same error. Marked fixme, so the report
// names it, until the retry loads a fresh URL or offers a reload that keeps the answers.
test.fixme('a table whose grader could not load says so, and checks once the network is back, without a reload', async ({
  newPage,
}) => {
  // Playwright's routes do not see requests a service worker answers, so this browser runs no worker.
  const page = await newPage({ serviceWorkers: 'block' });
  // The grader's chunks (the course module and the message model: Vite names a chunk after its module) fail as if
  // the network had dropped; the widgets' own code loads.
  let networkDown = true;
  await page.route(
    (url) => /^\/_astro\/(course|message-model)\.[\w-]+\.js$/.test(url.pathname),
    (route) => (networkDown ? route.abort('internetdisconnected') : route.continue()),
  );
  await page.goto(CHAPTER_URL);
  await page.evaluate(() => customElements.whenDefined('lab-decision-table').then(() => true));
  await fillTable(page, CH05_RIGHT);
  await checkTable(page);
  await expect(page.locator(STATUS)).toHaveText(/could not run: its grader has not loaded.*Your answers are kept/);
  await expect(page.locator(`${CH05_TABLE}[data-graders="ready"]`)).toHaveCount(0);

  networkDown = false;
  await checkTable(page);
  await expect(page.locator(STATUS)).toHaveText(/All 12 cells are right\. Table solved\./);
});
