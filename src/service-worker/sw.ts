/**
 * MCP Message Lab service worker: keeps the pages a learner has visited readable when the network goes away (a
 * workshop on bad wifi). Registered by register.ts beside it; built into /sw.js by src/build/service-worker.ts. It
 * stores only this site's own files, in this browser; nothing is sent anywhere.
 *
 * Strategy:
 * - Pages: network first (with a short timeout, so a dying wifi does not hang the page), then the stored copy,
 *   then /offline/, which lists the pages that are stored.
 * - Hashed build assets under /_astro/: stored copy first (their names change whenever their content does).
 * - Everything else of ours (search index, icons): network first, then the stored copy.
 * Never stored: the workshop room's API (/api/, /workshop-server.json), any request that carries an Authorization
 * header, and any response marked Cache-Control no-store or private: class data must not outlive "Delete the
 * room's data now", nor be served from this browser once the server is gone. On activation the worker deletes any
 * such entry an earlier worker stored.
 * The page also posts the URLs it has already loaded (its own address, scripts, styles), so even the very first
 * page visited, fetched before this worker was in control, is stored.
 *
 * When a new build is live, hashed assets of earlier builds are evicted as soon as no stored page needs them: a
 * stored page that names an outdated asset is fetched again first, with everything it loads, and only when every
 * stored page is current are the outdated files deleted. Offline, nothing is evicted.
 */
import { assetRefs, isOutdatedAsset, withLoads, type BuildAssets } from './assets.ts';

declare const self: ServiceWorkerGlobalScope;
/** This build's hashed assets, written in by the build step. */
declare const __BUILD_ASSETS__: BuildAssets;

const BUILD = __BUILD_ASSETS__;
const CURRENT: ReadonlySet<string> = new Set(BUILD.files);
const CACHE = 'mcp-lab-offline-v1';
const OFFLINE_URL = '/offline/';
const NETWORK_TIMEOUT_MS = 4000;
/**
 * How stored copies are looked up: by URL alone. Servers may send `Vary: Origin` (astro preview does), and a module
 * script's request carries an Origin header that the worker's own fetch of the same file did not, so honouring Vary
 * would miss every stored script offline. Everything stored here is this site's own, one copy per URL.
 */
const BY_URL: CacheQueryOptions = { ignoreVary: true };
/** The most URLs one page may ask to store. */
const MAX_POSTED_URLS = 200;

/** The message a page posts: store these URLs. With a MessagePort, the worker answers `{ type: 'cached' }` when done. */
interface CacheUrlsMessage {
  type: 'cache-urls';
  urls: unknown[];
}

function isCacheUrlsMessage(data: unknown): data is CacheUrlsMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'cache-urls' &&
    Array.isArray((data as { urls?: unknown }).urls)
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: 'reload' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith('mcp-lab-offline-') && n !== CACHE).map((n) => caches.delete(n))),
      )
      .then(() => purgePrivate())
      .then(() => self.clients.claim())
      .then(() => evictOutdatedAssets()),
  );
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (!isCacheUrlsMessage(data)) return;
  const urls = data.urls.filter((u): u is string => typeof u === 'string' && sameOrigin(u)).slice(0, MAX_POSTED_URLS);
  event.waitUntil(
    storePosted(urls)
      .then(() => evictOutdatedAssets())
      .catch(() => undefined)
      .then(() => event.ports[0]?.postMessage({ type: 'cached' })),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !sameOrigin(request.url)) return;
  const url = new URL(request.url);
  if (url.pathname === '/sw.js') return;
  // The room's data goes straight to the network, never through the cache.
  if (isPrivateRequest(url, request)) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
  } else if (url.pathname.startsWith('/_astro/')) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request));
  }
});

function sameOrigin(u: string): boolean {
  try {
    return new URL(u, self.location.href).origin === self.location.origin;
  } catch {
    return false;
  }
}

function isPage(u: string): boolean {
  const path = new URL(u, self.location.href).pathname;
  return path.endsWith('/') || path.endsWith('.html');
}

function stripSearch(u: string): string {
  const url = new URL(u, self.location.href);
  if (isPage(u)) url.search = '';
  url.hash = '';
  return url.toString();
}

function storable(res: Response | undefined): res is Response {
  // A redirected response cannot answer a navigation later, so only direct answers are stored.
  return res !== undefined && res.ok && res.type === 'basic' && !res.redirected && !isPrivateResponse(res);
}

/** The workshop room's API, or a request with credentials of its own: never answered from or stored in the cache. */
function isPrivateRequest(url: URL, request?: Request): boolean {
  return (
    url.pathname.startsWith('/api/') ||
    url.pathname === '/workshop-server.json' ||
    request?.headers.has('Authorization') === true
  );
}

/** A response its server asked no one to keep. */
function isPrivateResponse(res: Response): boolean {
  return /(?:^|,)\s*(?:no-store|private)\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '');
}

/** Deletes what an earlier worker stored of the room's data (the API, or anything marked no-store or private). */
async function purgePrivate(): Promise<void> {
  for (const name of await caches.keys()) {
    if (!name.startsWith('mcp-lab-offline-')) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const stored = await cache.match(request, BY_URL);
      if (isPrivateRequest(new URL(request.url)) || (stored && isPrivateResponse(stored))) await cache.delete(request);
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('network timeout')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Stores the URLs a page posted that are not stored yet. */
async function storePosted(urls: string[]): Promise<void> {
  const cache = await caches.open(CACHE);
  await Promise.all(
    urls.map(async (u) => {
      // A page fetched under this worker's control is already stored (and fresher); only fill the gaps.
      if (await cache.match(stripSearch(u), BY_URL)) return;
      try {
        const res = await fetch(u, { credentials: 'same-origin' });
        if (storable(res)) await cache.put(stripSearch(u), res);
      } catch {
        // Offline or refused: the next page load posts it again.
      }
    }),
  );
}

/**
 * Evicts the hashed assets earlier builds left in the cache, once no stored page needs them. Stored pages that
 * name an outdated asset are renewed first; if any cannot be (offline, an error), nothing is evicted this time.
 */
async function evictOutdatedAssets(): Promise<void> {
  const cache = await caches.open(CACHE);
  const requests = await cache.keys();
  const outdated = requests.filter((r) => isOutdatedAsset(new URL(r.url).pathname, CURRENT));
  if (outdated.length === 0) return;
  const renewed = await Promise.all(requests.filter((r) => isPage(r.url)).map((r) => renewIfOutdated(cache, r)));
  if (renewed.every(Boolean)) await Promise.all(outdated.map((r) => cache.delete(r)));
}

/**
 * Makes the stored page at `request` current if it names an outdated asset: fetches it again and stores it with
 * every asset it loads at once. True when the stored page needs no outdated asset (now or already).
 */
async function renewIfOutdated(cache: Cache, request: Request): Promise<boolean> {
  const stored = await cache.match(request, BY_URL);
  if (!stored || !assetRefs(await stored.text()).some((p) => isOutdatedAsset(p, CURRENT))) return true;
  try {
    const fresh = await withTimeout(
      fetch(request.url, { credentials: 'same-origin', cache: 'no-cache' }),
      NETWORK_TIMEOUT_MS,
    );
    if (!storable(fresh)) return false;
    const needed = withLoads(assetRefs(await fresh.clone().text()), BUILD);
    for (const path of needed) {
      // A page of another build than this worker's (a deploy under way): keep the old files for now.
      if (isOutdatedAsset(path, CURRENT)) return false;
      if (await cache.match(path, BY_URL)) continue;
      const res = await withTimeout(fetch(path, { credentials: 'same-origin' }), NETWORK_TIMEOUT_MS);
      if (!storable(res)) return false;
      await cache.put(path, res);
    }
    await cache.put(request, fresh);
    return true;
  } catch {
    return false;
  }
}

async function networkFirstPage(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const key = stripSearch(request.url);
  const network = fetch(request).then((res) => {
    if (storable(res)) cache.put(key, res.clone()).catch(() => undefined);
    return res;
  });
  network.catch(() => undefined);
  try {
    // Without a stored copy there is nothing better to offer, so wait for the network as long as it takes.
    const stored = await cache.match(key, BY_URL);
    return await (stored ? withTimeout(network, NETWORK_TIMEOUT_MS) : network);
  } catch {
    const stored = await cache.match(key, BY_URL);
    if (stored) return stored;
    const offline = await cache.match(OFFLINE_URL, BY_URL);
    return (
      offline ??
      new Response('You are offline and this page has not been visited on this device yet.', {
        status: 503,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      })
    );
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(request, BY_URL);
  if (stored) return stored;
  const res = await fetch(request);
  if (storable(res)) cache.put(request, res.clone()).catch(() => undefined);
  return res;
}

async function networkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(request);
    if (storable(res)) cache.put(request, res.clone()).catch(() => undefined);
    return res;
  } catch (error) {
    const stored = await cache.match(request, BY_URL);
    if (stored) return stored;
    throw error;
  }
}
