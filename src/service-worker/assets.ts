/**
 * What the service worker knows about the build it came with: the hashed files under /_astro/ and which of them
 * each one loads at once. The build step (src/build/service-worker.ts) writes this into sw.js; the worker uses it to
 * tell current files from outdated ones and to store everything a stored page needs to render offline.
 */

/** The build's hashed assets, as the build step embeds them in sw.js. */
export interface BuildAssets {
  /** Every file under /_astro/ in this build, as site paths (`/_astro/x.hash.js`). */
  files: string[];
  /** For a script or style, the files it loads with it (static imports and its styles); absent when none. */
  loads: Record<string, string[]>;
}

/** The prefix of hashed build assets: a file's name changes whenever its content does. */
export const ASSET_PREFIX = '/_astro/';

/**
 * The /_astro/ files a page's HTML names in the `src` or `href` of its script, link, img and source tags (scripts,
 * styles, preloads, images), once each, in order. Text that merely looks like such an attribute is not a tag.
 */
export function assetRefs(html: string): string[] {
  const found = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link|img|source)\b[^>]*>/gi)) {
    for (const m of tag.matchAll(/\s(?:src|href)=["']?(\/_astro\/[^"'\s>?#]+)/g)) found.add(m[1]!);
  }
  return [...found];
}

/** The files given and everything they load at once, transitively, following `loads`. */
export function withLoads(files: Iterable<string>, build: BuildAssets): Set<string> {
  const seen = new Set<string>();
  const queue = [...files];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...(build.loads[file] ?? []));
  }
  return seen;
}

/** Whether a site path is a hashed asset that this build does not have (left by an earlier build). */
export function isOutdatedAsset(path: string, current: ReadonlySet<string>): boolean {
  return path.startsWith(ASSET_PREFIX) && !current.has(path);
}
