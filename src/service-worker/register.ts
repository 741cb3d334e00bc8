/**
 * Registers the service worker (/sw.js, built from src/service-worker/sw.ts) that keeps visited pages readable offline, then hands it the URLs
 * this page has already loaded so the first page visited is stored too. Service workers need a secure context:
 * https, or http on localhost. On a laptop serving a room over plain http on the LAN, learners' browsers skip this
 * step; the laptop is then the offline copy (see README, "Running a workshop").
 */

/** Collects this page's address and the same-origin files it loaded (scripts, styles, fonts, images). */
export function loadedUrls(): string[] {
  const urls = new Set<string>([location.href.split('#')[0]!]);
  for (const entry of performance.getEntriesByType('resource')) {
    if (entry.name.startsWith(location.origin)) urls.add(entry.name);
  }
  return [...urls];
}

async function register(): Promise<void> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    const ready = await navigator.serviceWorker.ready;
    ready.active?.postMessage({ type: 'cache-urls', urls: loadedUrls() });
  } catch {
    // Offline reading is a bonus: a browser that refuses the worker still has the page it is showing.
  }
}

if (typeof window !== 'undefined' && !import.meta.env.DEV) {
  if (document.readyState === 'complete') void register();
  else addEventListener('load', () => void register(), { once: true });
}
