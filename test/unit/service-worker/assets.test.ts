import { describe, expect, it } from 'vitest';
import { assetRefs, isOutdatedAsset, withLoads, type BuildAssets } from '../../../src/service-worker/assets.ts';

describe('assetRefs', () => {
  it('finds the hashed files a page names in src and href attributes, once each, in order', () => {
    const html = [
      '<link rel="stylesheet" href="/_astro/base.A1.css">',
      '<script type="module" src="/_astro/page.B2.js"></script>',
      '<link rel="modulepreload" href=/_astro/dom.C3.js>',
      "<img src='/_astro/logo.D4.svg'>",
      '<script type="module" src="/_astro/page.B2.js"></script>',
    ].join('\n');
    expect(assetRefs(html)).toEqual([
      '/_astro/base.A1.css',
      '/_astro/page.B2.js',
      '/_astro/dom.C3.js',
      '/_astro/logo.D4.svg',
    ]);
  });

  it('leaves out other paths, other origins, text that only mentions a path, and any query or fragment', () => {
    const html = [
      '<a href="/chapters/message-shapes/">next</a>',
      '<script src="https://cdn.example/_astro/x.js"></script>',
      '<p>Built files live in /_astro/ and src="/_astro/in-text.js" is prose here.</p>',
      '<script src="/_astro/app.E5.js?v=1"></script>',
      '<link href="/_astro/font.F6.woff2#x">',
    ].join('\n');
    expect(assetRefs(html)).toEqual(['/_astro/app.E5.js', '/_astro/font.F6.woff2']);
  });
});

describe('withLoads', () => {
  const build: BuildAssets = {
    files: ['/_astro/a.js', '/_astro/b.js', '/_astro/c.js', '/_astro/s.css', '/_astro/lazy.js'],
    loads: { '/_astro/a.js': ['/_astro/b.js', '/_astro/s.css'], '/_astro/b.js': ['/_astro/c.js', '/_astro/a.js'] },
  };

  it('adds everything the files load at once, transitively, and stops at a cycle', () => {
    expect([...withLoads(['/_astro/a.js'], build)].sort()).toEqual([
      '/_astro/a.js',
      '/_astro/b.js',
      '/_astro/c.js',
      '/_astro/s.css',
    ]);
  });

  it('keeps a file that loads nothing and adds nothing else', () => {
    expect([...withLoads(['/_astro/lazy.js'], build)]).toEqual(['/_astro/lazy.js']);
  });
});

describe('isOutdatedAsset', () => {
  const current = new Set(['/_astro/page.NEW.js']);

  it('calls a hashed file this build does not have outdated', () => {
    expect(isOutdatedAsset('/_astro/page.OLD.js', current)).toBe(true);
  });

  it('never calls a current file, a page or another file of the site outdated', () => {
    expect(isOutdatedAsset('/_astro/page.NEW.js', current)).toBe(false);
    expect(isOutdatedAsset('/chapters/message-shapes/', current)).toBe(false);
    expect(isOutdatedAsset('/pagefind/pagefind.js', current)).toBe(false);
  });
});
