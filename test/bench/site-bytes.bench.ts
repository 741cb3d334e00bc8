/**
 * Bytes a learner pulls from the workshop server for one chapter with a code lab, through to a first type check:
 * the page, every script and stylesheet it names, and every /_astro/ file those scripts import or fetch (the code
 * lab's worker and its TypeScript library files included), followed transitively. Printed for the server's old
 * behaviour (everything uncompressed, no cache headers, so a second visit pulls it all again) and for the current
 * one (brotli where the browser accepts it; hashed files cached for a year, pages revalidated), for one learner and
 * for a class of 30. Needs a built site (npm run build).
 *
 *   npm run bench:site-bytes -- [--chapter error-semantics-and-retries]
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createWorkshopApp } from '../../src/server/app.ts';
import { createMemoryBus } from '../../src/server/bus.ts';
import { readRoomCourse } from '../../src/server/course.ts';
import { openDatabase } from '../../src/server/db/open.ts';
import { createWorkshopData } from '../../src/server/db/workshop-data.ts';
import { precompressSite } from '../../src/server/site-assets.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { values } = parseArgs({ options: { chapter: { type: 'string' } } });
const chapter = values.chapter ?? 'error-semantics-and-retries';
const dist = join(ROOT, 'dist');
if (!existsSync(join(dist, 'chapters', chapter, 'index.html'))) {
  process.stderr.write(`site-bytes: dist/chapters/${chapter}/ is missing; run npm run build first.\n`);
  process.exit(1);
}

const read = readRoomCourse(dist);
if (read.kind !== 'course') {
  process.stderr.write(`site-bytes: ${read.message}\n`);
  process.exit(1);
}

const made = await precompressSite(dist);
const dir = mkdtempSync(join(tmpdir(), 'site-bytes-'));
const database = await openDatabase(join(dir, 'w.sqlite'));
const { app } = createWorkshopApp({
  data: createWorkshopData(database.db),
  bus: createMemoryBus(),
  course: read.course,
  config: { distDir: dist },
});
const get = (path: string, headers: Record<string, string> = {}) =>
  Promise.resolve(app.request(`http://workshop.test${path}`, { headers }));

/** Every same-site path a text file names: src/href attributes, import specifiers and URL strings under /_astro/. */
function referenced(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/(?:src|href)="(\/_astro\/[^"]+)"/g)) found.add(m[1]!);
  for (const m of text.matchAll(/["'`(](\/_astro\/[^"'`)\s]+)["'`)]/g)) found.add(m[1]!);
  // Relative imports between chunks ("./x.js") resolve inside /_astro/.
  for (const m of text.matchAll(/["'`]\.\/([A-Za-z0-9_.-]+\.(?:js|css|wasm|json))["'`]/g)) found.add(`/_astro/${m[1]}`);
  return [...found];
}

/** The files a first visit loads, page first. */
async function filesOfPage(page: string): Promise<string[]> {
  const seen = new Set<string>([page]);
  const queue = [page];
  while (queue.length) {
    const path = queue.shift()!;
    const res = await get(path);
    if (res.status !== 200) continue;
    const type = res.headers.get('content-type') ?? '';
    if (!/javascript|html|css|json/.test(type)) {
      await res.arrayBuffer();
      continue;
    }
    for (const next of referenced(await res.text())) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen];
}

/** Bytes on the wire for `paths` with these request headers (body only; headers are a few hundred bytes each). */
async function bytes(paths: string[], headers: (path: string) => Record<string, string>): Promise<number> {
  let total = 0;
  for (const path of paths) {
    const res = await get(path, headers(path));
    total += (await res.arrayBuffer()).byteLength;
  }
  return total;
}

const page = `/chapters/${chapter}/`;
const files = await filesOfPage(page);
const accept = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };
const before = await bytes(files, () => ({}));
const firstVisit = await bytes(files, () => accept);
// A second visit with the cache from the first: hashed files are not asked for again, the page is revalidated.
const pageRes = await get(page, accept);
const lastModified = pageRes.headers.get('last-modified') ?? '';
await pageRes.arrayBuffer();
const secondVisit = await bytes([page], () => ({ ...accept, 'If-Modified-Since': lastModified }));
const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
const lines = [
  `site bytes for ${page} through a first type check: ${files.length} files (${made} precompressed files written now)`,
  `  before (uncompressed, no caching): first visit ${mb(before)}, every later visit ${mb(before)}; a class of 30: ${mb(30 * before)} a visit`,
  `  now (brotli, hashed files cached): first visit ${mb(firstVisit)}, later visit ${mb(secondVisit)}; a class of 30: ${mb(30 * firstVisit)} first, ${mb(30 * secondVisit)} later`,
];
process.stdout.write(`${lines.join('\n')}\n`);
await database.close();
rmSync(dir, { recursive: true, force: true });
