/**
 * The built site as the workshop server sends it: brotli or gzip when the browser accepts it (RFC 9110 §8.4:
 * Content-Encoding names the coding applied; §12.5.3 Accept-Encoding), a year's caching for content-hashed files,
 * and revalidation (no-cache with Last-Modified, 304 when unchanged: RFC 9111 §5.2.2.4, RFC 9110 §13.1.3) for pages.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressSite } from '../../../src/server/site-assets.ts';
import { ENGINES_UNDER_TEST, type TestDatabase } from './databases.ts';
import { testServer, type TestServer } from './harness.ts';

const engine = ENGINES_UNDER_TEST[0]!;

describe('the site over the workshop server', () => {
  let db: TestDatabase;
  let server: TestServer;
  let dist: string;
  const script = `export const lines = [${Array.from({ length: 400 }, (_, i) => `"line ${i}"`).join(',')}];\n`;
  const page = `<!doctype html><title>Chapter</title>${'<p>MCP error semantics</p>'.repeat(200)}`;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'site-assets-'));
    mkdirSync(join(dist, '_astro'));
    mkdirSync(join(dist, 'chapters'));
    writeFileSync(join(dist, '_astro', 'chapter.B1x2y3z4.js'), script);
    writeFileSync(join(dist, 'chapters', 'index.html'), page);
    writeFileSync(join(dist, 'index.html'), '<p>home</p>');
    expect(await precompressSite(dist)).toBe(4);
    // A second start finds them current and writes nothing.
    expect(await precompressSite(dist)).toBe(0);
    db = await engine.open();
    server = testServer(db, { distDir: dist });
  });
  afterAll(async () => {
    server.close();
    await db.dispose();
  });

  it('sends a hashed script brotli-compressed to a browser that accepts br, cached for a year', async () => {
    const res = await server.request('/_astro/chapter.B1x2y3z4.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('sends gzip to a browser that accepts only gzip, and the file as it is to one that accepts neither', async () => {
    const gz = await server.request('/chapters/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(page);
    const plain = await server.request('/chapters/');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(page);
  });

  it('makes pages revalidate: no-cache with Last-Modified, then 304 while unchanged', async () => {
    const first = await server.request('/chapters/', { headers: { 'Accept-Encoding': 'br' } });
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const lastModified = first.headers.get('last-modified');
    expect(lastModified).toBeTruthy();
    await first.arrayBuffer();
    const again = await server.request('/chapters/', {
      headers: { 'Accept-Encoding': 'br', 'If-Modified-Since': lastModified! },
    });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    // A copy older than the file gets the file.
    const stale = await server.request('/chapters/', {
      headers: { 'If-Modified-Since': 'Thu, 01 Jan 2015 00:00:00 GMT' },
    });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(readFileSync(join(dist, 'chapters', 'index.html'), 'utf8'));
  });

  it('never caches the room API', async () => {
    const res = await server.request('/api/health');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
