/**
 * Browser tests (test/e2e/*.spec.ts) with Playwright Test, against the built site in Debian's chromium.
 *
 *   npm run build && npm run test:e2e                 # every spec
 *   npm run test:e2e -- test/e2e/site.spec.ts -g 404  # one file, tests whose name matches
 *   E2E_PORT=4401 CHROMIUM_PATH=/path/to/chrome npm run test:e2e
 *
 * The server is `astro preview` on E2E_PORT (default 4321) over a copy of dist/ taken when the run starts, so a
 * build started during the run cannot pull pages from under the tests. Set E2E_DIST to serve a folder as it is.
 * Traces and screenshots of failed tests land in test-results/ (`npx playwright show-trace <zip>`).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './test/support/chromium.ts';

const root = import.meta.dirname;
const port = Number(process.env.E2E_PORT ?? 4321);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  throw new Error(`E2E_PORT must be a port number, got "${process.env.E2E_PORT}".`);
}
const baseURL = `http://127.0.0.1:${port}`;

/**
 * The folder served: E2E_DIST, or a fresh copy of dist/. Playwright loads this file in its runner and again in
 * every worker; the runner copies once and passes the folder on through E2E_DIST, which the workers inherit, so
 * the spec files list the very pages that are served.
 */
function servedFolder(): string {
  if (process.env.E2E_DIST) return resolve(process.env.E2E_DIST);
  const dist = join(root, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error('dist/ has no index.html: build the site first (npm run build), then npm run test:e2e.');
  }
  const copy = mkdtempSync(join(tmpdir(), 'mcp-lab-e2e-'));
  cpSync(dist, copy, { recursive: true });
  process.on('exit', () => rmSync(copy, { recursive: true, force: true }));
  process.env.E2E_DIST = copy;
  return copy;
}
const served = servedFolder();

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '*.spec.ts',
  // One worker: the machine has two cores shared with the preview server and the browser. Tests do not share
  // state (each gets a fresh context), so more workers are safe where there are cores to spare: --workers=N.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reportSlowTests: null,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  outputDir: 'test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    headless: true,
    viewport: { width: 1280, height: 800 },
    // Reduced motion: an element caught mid-transition can fail axe's contrast check at random.
    reducedMotion: 'reduce',
    colorScheme: 'light',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // --ignore-lock: preview servers of other checkouts on other ports must not stop this one.
    command: `${JSON.stringify(process.execPath)} node_modules/astro/bin/astro.mjs preview --host 127.0.0.1 --port ${port} --outDir ${JSON.stringify(served)} --ignore-lock`,
    cwd: root,
    url: `${baseURL}/`,
    // Never test a server someone else started on the port: fail and say the port is taken.
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
