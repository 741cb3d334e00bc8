/**
 * Shared helpers for the browser tests (test/e2e/*.e2e.ts): Debian's chromium through playwright-core, a page that
 * records console and page errors, and an axe check that fails on any violation. test/e2e/run.ts serves dist/ and
 * sets E2E_BASE_URL before the tests start.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the site under test is served, without a trailing slash. */
export const BASE_URL = (process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 4321}`).replace(
  /\/$/,
  '',
);

/** The chromium flags every helper uses (no sandbox in containers, nothing phoning home). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches Debian's chromium (override the path with CHROMIUM_PATH). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/** One recorded problem: a console error or an uncaught exception. */
export interface PageProblem {
  kind: 'console' | 'pageerror' | 'requestfailed';
  text: string;
  url: string;
}

const problems = new WeakMap<Page, PageProblem[]>();

/**
 * A fresh context and page that record console errors, uncaught exceptions and failed same-origin requests.
 * `opts` are passed to `browser.newContext` (colorScheme, viewport, javaScriptEnabled, storageState…);
 * reducedMotion defaults to 'reduce'.
 * Close it with `await page.context().close()`.
 */
export async function newPage(browser: Browser, opts: BrowserContextOptions = {}): Promise<Page> {
  // Reduced motion by default: an element caught mid-transition can fail axe's contrast check at random.
  const context = await browser.newContext({ baseURL: BASE_URL, reducedMotion: 'reduce', ...opts });
  const page = await context.newPage();
  const list: PageProblem[] = [];
  problems.set(page, list);
  page.on('console', (msg) => {
    if (msg.type() === 'error') list.push({ kind: 'console', text: msg.text(), url: page.url() });
  });
  page.on('pageerror', (error) =>
    list.push({ kind: 'pageerror', text: String(error?.stack ?? error), url: page.url() }),
  );
  page.on('requestfailed', (request) => {
    // Navigations that a test interrupts on purpose report net::ERR_ABORTED; they are not the page's fault.
    const failure = request.failure()?.errorText ?? 'failed';
    if (request.url().startsWith(BASE_URL) && !failure.includes('ERR_ABORTED')) {
      list.push({ kind: 'requestfailed', text: `${request.method()} ${request.url()}: ${failure}`, url: page.url() });
    }
  });
  return page;
}

/** The problems recorded on a page so far. */
export function pageProblems(page: Page): readonly PageProblem[] {
  return problems.get(page) ?? [];
}

/** Fails when the page logged a console error, threw, or a same-origin request failed; then clears the list. */
export function expectNoConsoleErrors(page: Page): void {
  const list = problems.get(page) ?? [];
  const found = list.splice(0, list.length);
  assert.deepEqual(
    found.map((p) => `${p.kind} on ${p.url}: ${p.text}`),
    [],
    `expected no console errors on ${page.url()}`,
  );
}

/** Options for `checkA11y`: CSS selectors to leave out (use sparingly and say why in the test). */
export interface A11yOptions {
  exclude?: string[];
}

/** Runs axe on the page and fails on any violation, printing each with its target nodes. */
export async function checkA11y(page: Page, label: string, opts: A11yOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page });
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  if (results.violations.length > 0) {
    const report = results.violations
      .map((v) => {
        const nodes = v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
          .join('\n');
        return `  [${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.nodes.length} node(s))\n${nodes}`;
      })
      .join('\n');
    console.error(`axe violations on ${label}:\n${report}`);
  }
  assert.equal(results.violations.length, 0, `axe found ${results.violations.length} violation(s) on ${label}`);
}

/** The built site being served: the runner's snapshot ($E2E_DIST), or dist/ when a test runs without the runner. */
export const DIST_DIR = process.env.E2E_DIST ?? join(root, 'dist');

/**
 * Every page of the served build as a site path ("/", "/chapters/01-message-shapes/", "/404.html"), sorted.
 * Pagefind's own files are left out. Use it to visit every page without keeping a list by hand.
 */
export function listBuiltPages(): string[] {
  const dist = DIST_DIR;
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        // code-lab/ holds the code lab's sandbox frame document, loaded inside a lab page, not a page of its own.
        if (name !== 'pagefind' && name !== '_astro' && name !== 'code-lab') walk(full);
      } else if (name.endsWith('.html')) {
        const rel = relative(dist, full).split(sep).join('/');
        pages.push(
          rel === 'index.html'
            ? '/'
            : rel.endsWith('/index.html')
              ? `/${rel.slice(0, -'index.html'.length)}`
              : `/${rel}`,
        );
      }
    }
  };
  walk(dist);
  return pages.sort();
}
