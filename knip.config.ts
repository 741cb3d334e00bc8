/**
 * knip: files, exports and dependencies nothing uses. `npm run knip`.
 *
 * Entry points it finds by itself: package.json scripts and bin (the CLI, the workshop server, the exercise
 * runner, benches, budgets, the SDK recorder), Astro's pages and content config, Vitest's and Playwright's test
 * files. Listed here are the ones nothing names in a config: workers (started with `new Worker(new URL(...))`),
 * exercise files (loaded by path at run time) and chapters (loaded by a content collection's glob).
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // Web Workers, bundled by Vite from `new Worker(new URL('./x.ts', import.meta.url))`.
    'src/**/*.worker.ts',
    'src/components/widgets/client/classify-worker.ts',
    'exercises/support/summary-worker.ts',
    // The service worker, bundled into dist/sw.js by src/build/service-worker.ts.
    'src/service-worker/sw.ts',
    // Exercises: the harness loads the learner's problem file or the worked solution by path.
    'exercises/*/*.{problem,solution}.ts',
    // The capstone's gallery of broken servers: run as programs, and loaded by path in test/unit/probe/gallery.test.ts.
    'exercises/*/gallery/*.ts',
    // The exercise runner's Vitest reporter, named by path on the command line (exercises/support/cli.ts).
    'exercises/support/hint-reporter.ts',
    // A Vite library build's entry, named by path in test/unit/codelab/slim-sucrase.test.ts.
    'test/unit/codelab/sucrase-entry.ts',
    // Chapters and their notes, loaded by the content collection's glob loader (src/content.config.ts).
    'content/chapters/*.mdx',
  ],
  // Playwright's config throws without a built site (it serves dist/), so knip must not load it: its specs and the
  // config itself are named here instead.
  playwright: { config: [], entry: ['playwright.config.ts', 'test/e2e/**/*.spec.ts'] },
  // Run as programs, never imported: npx lighthouse (test/budgets/lighthouse.ts) and the conformance suite's CLI
  // (test/recordings/suite.ts, run by both conformance recorders).
  ignoreDependencies: ['lighthouse', '@modelcontextprotocol/conformance'],
  ignoreExportsUsedInFile: true,
  project: ['src/**/*.{ts,astro}', 'content/**/*.{ts,mdx}', 'exercises/**/*.ts', 'test/**/*.ts', '*.{ts,js,mjs}'],
};

export default config;
