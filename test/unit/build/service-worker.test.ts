import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAssets } from '../../../src/build/service-worker.ts';

describe('buildAssets', () => {
  const dist = mkdtempSync(join(tmpdir(), 'sw-build-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(join(dist, '_astro'));
  for (const name of ['page.A.js', 'dom.B.js', 'runtime.C.js', 'page.D.css', 'editor.E.js', 'runner.worker-F.js'])
    writeFileSync(join(dist, '_astro', name), '');
  // A manifest in Vite's format: keys are sources or chunk names, `file` is relative to dist/.
  writeFileSync(
    join(dist, 'vite-manifest.json'),
    JSON.stringify({
      'src/page.ts': {
        file: '_astro/page.A.js',
        isEntry: true,
        imports: ['_dom.B.js'],
        dynamicImports: ['src/editor.ts'],
        css: ['_astro/page.D.css'],
        assets: ['_astro/runner.worker-F.js'],
      },
      '_dom.B.js': { file: '_astro/dom.B.js', imports: ['_runtime.C.js'] },
      '_runtime.C.js': { file: '_astro/runtime.C.js' },
      'src/editor.ts': { file: '_astro/editor.E.js', isDynamicEntry: true, imports: ['_runtime.C.js'] },
    }),
  );

  it('lists every file under _astro/ as a site path', () => {
    expect(buildAssets(dist).files).toEqual([
      '/_astro/dom.B.js',
      '/_astro/editor.E.js',
      '/_astro/page.A.js',
      '/_astro/page.D.css',
      '/_astro/runner.worker-F.js',
      '/_astro/runtime.C.js',
    ]);
  });

  it('says what each script loads at once: static imports and styles, not dynamic imports or workers', () => {
    expect(buildAssets(dist).loads).toEqual({
      '/_astro/page.A.js': ['/_astro/dom.B.js', '/_astro/page.D.css'],
      '/_astro/dom.B.js': ['/_astro/runtime.C.js'],
      '/_astro/editor.E.js': ['/_astro/runtime.C.js'],
    });
  });
});
