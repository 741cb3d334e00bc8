/**
 * The built site as the workshop server sends it over a classroom's Wi-Fi: precompressed (brotli and gzip files
 * beside each compressible file, made once in the background when the server starts, and sent by serveStatic to a
 * browser that accepts them), cached for a year when the file name carries its content hash (`/_astro/…`, which a
 * new build renames), and revalidated otherwise (pages, the search index, images): `Cache-Control: no-cache` with
 * `Last-Modified`, answered 304 when unchanged.
 */
import { createReadStream, createWriteStream, readdirSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** Files worth compressing (text, and WebAssembly); smaller ones gain nothing over their headers. */
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|xml|txt|map|wasm|webmanifest|ts)$/i;
const MIN_BYTES = 1024;

/** A year: hashed assets never change under their name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Writes `file.br` and `file.gz` beside every compressible file of `root` that lacks them or has changed since,
 * one file at a time (compression runs in libuv's thread pool, not on the event loop). Returns how many files were
 * compressed; a site that cannot be written (read-only) is served uncompressed, and `log` says so.
 */
export async function precompressSite(root: string, log: (line: string) => void = () => {}): Promise<number> {
  let made = 0;
  const files = readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => join(e.parentPath, e.name));
  try {
    for (const file of files) {
      const source = statSync(file);
      if (source.size < MIN_BYTES) continue;
      for (const [ext, make] of [
        ['.br', () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })],
        ['.gz', () => createGzip({ level: 9 })],
      ] as const) {
        const target = file + ext;
        let current = false;
        try {
          current = statSync(target).mtimeMs >= source.mtimeMs;
        } catch {
          current = false;
        }
        if (current) continue;
        // Written under a temporary name and renamed, so a request never gets half a file.
        const partial = `${target}.partial`;
        try {
          await pipeline(createReadStream(file), make(), createWriteStream(partial));
          await rename(partial, target);
        } catch (error) {
          await rm(partial, { force: true });
          throw error;
        }
        made += 1;
      }
    }
  } catch (error) {
    log(
      `site: cannot write precompressed files (${error instanceof Error ? error.message : String(error)}); serving uncompressed`,
    );
  }
  return made;
}

/**
 * Cache headers for the site's files, and 304 for a conditional request whose copy is current. Put it before
 * serveStatic.
 */
export function siteCaching(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 200 || !['GET', 'HEAD'].includes(c.req.method)) return;
    const lastModified = c.res.headers.get('last-modified');
    if (!lastModified) return;
    // A page the server has marked for this browser only (the instructor's answer pages) keeps its no-store.
    if (/\b(?:no-store|private)\b/i.test(c.res.headers.get('cache-control') ?? '')) return;
    const hashed = c.req.path.startsWith('/_astro/');
    c.res.headers.set('Cache-Control', hashed ? IMMUTABLE : 'no-cache');
    const since = c.req.header('if-modified-since');
    if (since && !c.req.header('range') && Date.parse(since) >= Date.parse(lastModified)) {
      await c.res.body?.cancel().catch(() => {});
      const headers = new Headers(c.res.headers);
      for (const name of ['content-length', 'content-encoding', 'content-range']) headers.delete(name);
      c.res = new Response(null, { status: 304, headers });
    }
  };
}
