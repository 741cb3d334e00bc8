/**
 * What every browser test shares: `test` and `expect` from Playwright Test with the fixtures below, the two
 * viewports and colour schemes the site is checked at, and the list of pages in the build being served.
 *
 *   import { expect, test } from './fixtures.ts';
 *   test('the home page passes axe in the dark theme', async ({ page, checkA11y }) => { … });
 *
 * Every page the fixtures hand out records console errors, uncaught exceptions and failed same-origin requests;
 * `expectNoConsoleErrors(page)` fails on them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { test as base, expect, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { PROGRESS_KEY, SET_ASIDE_PREFIX } from '../../src/progress/store.ts';
import { CH05_RIGHT, type TableAnswers, type TableColumn } from '../support/ch05-table.ts';

export { expect };
export type { Locator, Page } from '@playwright/test';
export { CH05_RIGHT, type TableAnswers, type TableColumn };

/** The two screens the site is designed for: a laptop and a phone (set one with `test.use({ viewport })`). */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Both themes; `test.use({ colorScheme })` sets the system preference the site follows. */
export const COLOR_SCHEMES = ['light', 'dark'] as const;

/** The built site being served (playwright.config.ts sets E2E_DIST to its copy of dist/). */
export const DIST_DIR = process.env.E2E_DIST ?? join(import.meta.dirname, '../../dist');

/**
 * Every page of the served build as a site path ("/", "/chapters/message-shapes/", "/404.html"), sorted.
 * Pagefind's files and the asset folder are left out. Use it to visit every page without keeping a list by hand.
 */
export function listBuiltPages(): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        // code-lab/ holds the code lab's sandbox frame document, loaded inside a lab page, not a page of its own.
        if (name !== 'pagefind' && name !== '_astro' && name !== 'code-lab') walk(full);
      } else if (name.endsWith('.html') && !/http-equiv="refresh"/.test(readFileSync(full, 'utf8').slice(0, 600))) {
        // Redirect pages (a renamed chapter's old address, astro.config.mjs) are not pages of their own.
        const rel = relative(DIST_DIR, full).split(sep).join('/');
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
  walk(DIST_DIR);
  return pages.sort();
}

/** The HTML of a built page, by its site path (as `listBuiltPages` gives it). */
export function readBuiltPage(path: string): string {
  const file = path.endsWith('/') ? `${path}index.html` : path;
  return readFileSync(join(DIST_DIR, file), 'utf8');
}

/** Chapter 5's practice decision table, the one the browser tests fill (its right answers: `CH05_RIGHT`). */
export const CH05_TABLE = 'lab-decision-table[data-table-id="ch05-table"]';

/** The select of one cell of chapter 5's decision table. */
export function tableCell(page: Page, scenario: string, column: string): Locator {
  return page.locator(`${CH05_TABLE} select[data-scenario="${scenario}"][data-column="${column}"]`);
}

/** Chooses each given answer in its cell, as a learner does; cells not given are left as they are. */
export async function fillTable(page: Page, answers: TableAnswers): Promise<void> {
  for (const [scenario, row] of Object.entries(answers))
    for (const [column, value] of Object.entries(row))
      if (value !== undefined) await tableCell(page, scenario, column).selectOption(value);
}

/** One recorded problem: a console error, an uncaught exception or a failed same-origin request. */
export interface PageProblem {
  kind: 'console' | 'pageerror' | 'requestfailed';
  text: string;
  url: string;
}

const problems = new WeakMap<Page, PageProblem[]>();

function recordProblems(page: Page, origin: string): void {
  const list: PageProblem[] = [];
  problems.set(page, list);
  page.on('console', (msg) => {
    if (msg.type() === 'error') list.push({ kind: 'console', text: msg.text(), url: page.url() });
  });
  page.on('pageerror', (error) =>
    list.push({ kind: 'pageerror', text: String(error.stack ?? error), url: page.url() }),
  );
  page.on('requestfailed', (request) => {
    // Navigations that a test interrupts on purpose report net::ERR_ABORTED; they are not the page's fault.
    const failure = request.failure()?.errorText ?? 'failed';
    if (request.url().startsWith(origin) && !failure.includes('ERR_ABORTED')) {
      list.push({ kind: 'requestfailed', text: `${request.method()} ${request.url()}: ${failure}`, url: page.url() });
    }
  });
}

/** The problems recorded on a page so far (for a test that expects some, such as a request the policy refused). */
export function pageProblems(page: Page): readonly PageProblem[] {
  return problems.get(page) ?? [];
}

/** Fails when the page logged a console error, threw, or a same-origin request failed; then clears the list. */
export function expectNoConsoleErrors(page: Page): void {
  const list = problems.get(page) ?? [];
  const found = list.splice(0, list.length);
  expect(
    found.map((p) => `${p.kind} on ${p.url}: ${p.text}`),
    `expected no console errors on ${page.url()}`,
  ).toEqual([]);
}

/** Options for `checkA11y`: CSS selectors to leave out (use sparingly and say why in the test). */
interface A11yOptions {
  exclude?: string[];
}

/** Reads and writes the learner's progress store (localStorage) of a page that is on the site. */
interface ProgressFixture {
  /** The localStorage key of the progress document. */
  readonly key: string;
  /**
   * Stores `value` under the progress key: a string as it is (to seed corrupt or foreign data), anything else as
   * JSON. Opens the home page first if the page is not on the site yet; reload or navigate to let the site read it.
   */
  seed(page: Page, value: unknown): Promise<void>;
  /** The progress document's text as stored, or null. */
  readRaw(page: Page): Promise<string | null>;
  /** The progress document parsed, or null when there is none. */
  read(page: Page): Promise<unknown>;
  /** The original texts the site set aside because it could not read them, oldest first. */
  setAside(page: Page): Promise<string[]>;
}

interface Fixtures {
  /**
   * Opens a page in a new browser context (another learner, a fresh browser) with this test's options and
   * `options` on top. It records problems like `page` does and is closed when the test ends.
   */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  /** Runs axe on the page and fails on any violation, listing each with up to five of its nodes. */
  checkA11y: (page: Page, label: string, options?: A11yOptions) => Promise<void>;
  /** The progress store of a page. */
  progress: ProgressFixture;
}

export const test = base.extend<Fixtures>({
  page: async ({ page, baseURL }, use) => {
    recordProblems(page, baseURL!);
    await use(page);
  },

  newPage: async ({ browser, baseURL, viewport, colorScheme, reducedMotion, javaScriptEnabled }, use) => {
    const contexts: Awaited<ReturnType<typeof browser.newContext>>[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({
        baseURL,
        viewport,
        colorScheme,
        reducedMotion,
        javaScriptEnabled,
        ...options,
      });
      contexts.push(context);
      const page = await context.newPage();
      recordProblems(page, baseURL!);
      return page;
    });
    for (const context of contexts) await context.close();
  },

  // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  checkA11y: async ({}, use, testInfo) => {
    await use(async (page, label, options = {}) => {
      let builder = new AxeBuilder({ page });
      for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
      const results = await builder.analyze();
      if (results.violations.length > 0) {
        await testInfo.attach(`axe violations on ${label}`, {
          body: JSON.stringify(results.violations, null, 2),
          contentType: 'application/json',
        });
      }
      const report = results.violations.map((v) => {
        const nodes = v.nodes
          .slice(0, 5)
          .map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`);
        return `[${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.nodes.length} node(s))\n    ${nodes.join('\n    ')}`;
      });
      expect(report, `axe violations on ${label}`).toEqual([]);
    });
  },

  progress: async ({ baseURL }, use) => {
    const onSite = async (page: Page) => {
      if (!page.url().startsWith(baseURL!)) await page.goto('/');
    };
    await use({
      key: PROGRESS_KEY,
      async seed(page, value) {
        await onSite(page);
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        await page.evaluate(([key, text]) => localStorage.setItem(key, text), [PROGRESS_KEY, text] as const);
      },
      async readRaw(page) {
        await onSite(page);
        return page.evaluate((key) => localStorage.getItem(key), PROGRESS_KEY);
      },
      async read(page) {
        const raw = await this.readRaw(page);
        return raw === null ? null : (JSON.parse(raw) as unknown);
      },
      async setAside(page) {
        await onSite(page);
        return page.evaluate(
          (prefix) =>
            Object.keys(localStorage)
              .filter((k) => k.startsWith(prefix))
              .sort()
              .map((k) => (JSON.parse(localStorage.getItem(k)!) as { raw: string }).raw),
          SET_ASIDE_PREFIX,
        );
      },
    });
  },
});
