/*
 * MCP Message Lab service worker: keeps the pages a learner has visited readable when the network goes away
 * (a workshop on bad wifi). Registered by src/workshop/offline.ts. It stores only this site's own files, in this
 * browser; nothing is sent anywhere.
 *
 * Strategy:
 * - Pages: network first (with a short timeout, so a dying wifi does not hang the page), then the stored copy,
 *   then /offline/, which lists the pages that are stored.
 * - Hashed build assets under /_astro/: stored copy first (their names change whenever their content does).
 * - Everything else of ours (search index, icons): network first, then the stored copy.
 * The page also posts the URLs it has already loaded (its own address, scripts, styles), so even the very first
 * page visited, fetched before this worker was in control, is stored.
 */
const CACHE = 'mcp-lab-offline-v1';
const OFFLINE_URL = '/offline/';
const NETWORK_TIMEOUT_MS = 4000;

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
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache-urls' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((u) => typeof u === 'string' && sameOrigin(u)).slice(0, 200);
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        urls.map((u) =>
          cache.match(stripSearch(u)).then((hit) => {
            // A page fetched under this worker's control is already stored (and fresher); only fill the gaps.
            if (hit) return undefined;
            return fetch(u, { credentials: 'same-origin' })
              .then((res) => (storable(res) ? cache.put(stripSearch(u), res) : undefined))
              .catch(() => undefined);
          }),
        ),
      ),
    ),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !sameOrigin(request.url)) return;
  const url = new URL(request.url);
  if (url.pathname === '/sw.js') return;
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
  } else if (url.pathname.startsWith('/_astro/')) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request));
  }
});

function sameOrigin(u) {
  try {
    return new URL(u, self.location.href).origin === self.location.origin;
  } catch {
    return false;
  }
}

function isPage(u) {
  const path = new URL(u, self.location.href).pathname;
  return path.endsWith('/') || path.endsWith('.html');
}

function stripSearch(u) {
  const url = new URL(u, self.location.href);
  if (isPage(u)) url.search = '';
  url.hash = '';
  return url.toString();
}

function storable(res) {
  // A redirected response cannot answer a navigation later, so only direct answers are stored.
  return res && res.ok && res.type === 'basic' && !res.redirected;
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('network timeout')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

async function networkFirstPage(request) {
  const cache = await caches.open(CACHE);
  const key = stripSearch(request.url);
  const network = fetch(request).then((res) => {
    if (storable(res)) cache.put(key, res.clone()).catch(() => undefined);
    return res;
  });
  network.catch(() => undefined);
  try {
    // Without a stored copy there is nothing better to offer, so wait for the network as long as it takes.
    const stored = await cache.match(key);
    return await (stored ? withTimeout(network, NETWORK_TIMEOUT_MS) : network);
  } catch {
    const stored = await cache.match(key);
    if (stored) return stored;
    const offline = await cache.match(OFFLINE_URL);
    return (
      offline ||
      new Response('You are offline and this page has not been visited on this device yet.', {
        status: 503,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      })
    );
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(request);
  if (stored) return stored;
  const res = await fetch(request);
  if (storable(res)) cache.put(request, res.clone()).catch(() => undefined);
  return res;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(request);
    if (storable(res)) cache.put(request, res.clone()).catch(() => undefined);
    return res;
  } catch (error) {
    const stored = await cache.match(request);
    if (stored) return stored;
    throw error;
  }
}
