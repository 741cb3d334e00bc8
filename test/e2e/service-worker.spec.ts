/**
 * The service worker evicts hashed assets that an earlier build left in its cache, and never one a stored page
 * still needs. An earlier build is simulated in the page: a stored copy of chapter 2 that names
 * /_astro/old-page.OLDBUILD.js, and that file in the cache. (Keeping visited pages readable offline is tested in
 * workshops.spec.ts.)
 */
import { expect, test, type Page } from './fixtures.ts';

const CACHE = 'mcp-lab-offline-v1';
const OLD_ASSET = '/_astro/old-page.OLDBUILD.js';
const OLD_PAGE = '/chapters/what-a-receiver-owes/';

/** Opens chapter 1 and waits until the service worker controls it. */
async function openControlled(page: Page): Promise<void> {
  await page.goto('/chapters/message-shapes/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Puts an earlier build's page and asset into the worker's cache, as that build would have left them. */
async function leaveEarlierBuild(page: Page): Promise<void> {
  await page.evaluate(
    async ({ cacheName, asset, path }) => {
      const cache = await caches.open(cacheName);
      const html = `<!doctype html><html><head><script type="module" src="${asset}"></script></head><body><h1>Old copy</h1></body></html>`;
      await cache.put(
        new URL(path, location.href).href,
        new Response(html, { headers: { 'Content-Type': 'text/html' } }),
      );
      await cache.put(
        new URL(asset, location.href).href,
        new Response('/* old */', { headers: { 'Content-Type': 'text/javascript' } }),
      );
    },
    { cacheName: CACHE, asset: OLD_ASSET, path: OLD_PAGE },
  );
}

/** Asks the worker to store nothing new and tidy up, and waits for its answer. */
async function tidy(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        navigator.serviceWorker.controller!.postMessage({ type: 'cache-urls', urls: [] }, [channel.port2]);
      }),
  );
}

/** What the cache holds for the old asset and the stored chapter 2. */
async function stored(page: Page): Promise<{ oldAsset: boolean; pageHtml: string }> {
  return page.evaluate(
    async ({ cacheName, asset, path }) => {
      const cache = await caches.open(cacheName);
      const copy = await cache.match(new URL(path, location.href).href);
      return {
        oldAsset: (await cache.match(new URL(asset, location.href).href)) !== undefined,
        pageHtml: copy ? await copy.text() : '',
      };
    },
    { cacheName: CACHE, asset: OLD_ASSET, path: OLD_PAGE },
  );
}

test('an outdated asset is evicted once the stored page that named it has been renewed', async ({ page }) => {
  await openControlled(page);
  await leaveEarlierBuild(page);
  await tidy(page);
  const after = await stored(page);
  expect(after.oldAsset, 'the earlier build’s file is gone').toBe(false);
  expect(after.pageHtml, 'the stored chapter 2 is the current one').toContain('What a receiver owes');
  expect(after.pageHtml).not.toContain(OLD_ASSET);
  // Everything the renewed page loads at once is stored, so it renders offline too.
  const missing = await page.evaluate(
    async ({ cacheName, html }) => {
      const cache = await caches.open(cacheName);
      const refs = [...html.matchAll(/<(?:script|link)\b[^>]*\s(?:src|href)="(\/_astro\/[^"]+)"/g)].map((m) => m[1]!);
      const absent: string[] = [];
      for (const ref of refs) if (!(await cache.match(new URL(ref, location.href).href))) absent.push(ref);
      return { refs: refs.length, absent };
    },
    { cacheName: CACHE, html: after.pageHtml },
  );
  expect(missing.refs, 'the page names its styles and scripts').toBeGreaterThan(0);
  expect(missing.absent).toEqual([]);
});

test('offline, nothing a stored page needs is evicted; back online, it is', async ({ page, context }) => {
  await openControlled(page);
  await leaveEarlierBuild(page);
  await context.setOffline(true);
  await tidy(page);
  const offline = await stored(page);
  expect(offline.oldAsset, 'the file the stored page names is kept').toBe(true);
  expect(offline.pageHtml, 'the stored page is kept as it was').toContain('Old copy');
  await context.setOffline(false);
  await tidy(page);
  const online = await stored(page);
  expect(online.oldAsset).toBe(false);
  expect(online.pageHtml).toContain('What a receiver owes');
});
