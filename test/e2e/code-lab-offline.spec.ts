/**
 * The code lab and the service worker (src/service-worker/sw.ts): a learner who never runs a lab never stores the
 * TypeScript compiler (about 1 MB gzipped) or the runner; once a lab has run, the lab page's scripts, its editor and
 * the compiler work with the network cut, and Run says that the tests need the network rather than waiting.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { labWithEditor, typeCode } from './code-lab-steps.ts';
import { expect, test, type Page } from './fixtures.ts';

const CACHE = 'mcp-lab-offline-v1';
const EXERCISE = '01-request-or-notification';
const CHAPTER = '/chapters/message-shapes/';
const SOLUTION = readFileSync(
  join(import.meta.dirname, '../../exercises', EXERCISE, 'request-or-notification.solution.ts'),
  'utf8',
);
/** The files only a lab that runs loads: the compiler's worker, the runner worker, the editor. */
const LAB_ONLY = /\/_astro\/(type-check\.worker|runner\.worker|editor)[^/]*\.js$/;

/** Waits until the service worker controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Asks the worker to store what this page posts and tidy up, and waits for its answer. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        const urls = [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)].filter((u) =>
          u.startsWith(location.origin),
        );
        navigator.serviceWorker.controller!.postMessage({ type: 'cache-urls', urls }, [channel.port2]);
      }),
  );
}

/** The paths the worker has stored. */
async function storedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  }, CACHE);
}

test('a learner who never runs a lab stores none of its code, not even on a page with a lab', async ({ page }) => {
  // The home page, a chapter with a lab (read, not run) and the Playground, each visited and settled.
  for (const path of ['/', CHAPTER, '/playground/']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await controlled(page);
    await settle(page);
  }
  const paths = await storedPaths(page);
  expect(paths, 'the pages visited are stored').toContain(CHAPTER);
  expect(paths.filter((p) => LAB_ONLY.test(p))).toEqual([]);
});

test('once a lab has run, its scripts and the compiler work with the network cut; Run says the tests need the network', async ({
  page,
  context,
}) => {
  await page.goto(CHAPTER);
  await controlled(page);
  const lab = await labWithEditor(page, EXERCISE, 15_000);
  await typeCode(page, lab, SOLUTION);
  await lab.locator('[data-role="run"]').click();
  await expect(lab).toHaveAttribute('data-state', 'passed', { timeout: 30_000 });
  await expect(lab).toHaveAttribute('data-types', 'clean', { timeout: 30_000 });
  await settle(page);
  const paths = await storedPaths(page);
  for (const name of ['type-check.worker', 'runner.worker', 'editor'])
    expect(
      paths.some((p) => p.startsWith(`/_astro/${name}`)),
      `${name} is stored`,
    ).toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    // The page's module scripts come from the worker's cache (the preview server sends Vary: Origin, which a
    // module script's request would not match): the lab upgrades and its editor loads.
    await lab.scrollIntoViewIfNeeded();
    await lab.locator('.cm-content').waitFor({ timeout: 15_000 });
    // The saved code is back. Run: the types are checked offline; the tests cannot run (the sandbox frame is a
    // sandboxed, opaque-origin page that no service worker serves), and the lab says so instead of waiting for ever.
    await lab.locator('[data-role="run"]').click();
    await expect(lab).toHaveAttribute('data-types', 'clean', { timeout: 30_000 });
    await expect(lab).toHaveAttribute('data-state', 'failed', { timeout: 15_000 });
    await expect(lab.locator('[data-role="status"]')).toContainText('needs the network, and this browser is offline');
    await expect(lab.locator('[data-role="types-status"]')).toHaveText('Types: no errors.');
  } finally {
    await context.setOffline(false);
  }
  // Back online, the next run runs.
  await lab.locator('[data-role="run"]').click();
  await expect(lab).toHaveAttribute('data-state', 'passed', { timeout: 30_000 });
});
