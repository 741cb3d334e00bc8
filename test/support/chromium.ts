/**
 * Debian's chromium, the one browser every browser-driving script uses (Playwright Test, the code-lab bench,
 * Lighthouse): its path from the environment and the launch flags that work in containers and shared machines.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Where Debian's `chromium` package installs the browser; set CHROMIUM_PATH to use another build. */
const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Launch flags: headless without a sandbox (containers have no user namespaces), no GPU, no QUIC (UDP is often
 * filtered), and nothing that phones home or runs first-start work in the background.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browser to drive: $CHROMIUM_PATH, or the Debian default; throws a message saying what to do when absent. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
  if (!existsSync(path)) {
    throw new Error(
      `No chromium at ${path}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH to a ` +
        'Chromium or Chrome executable. Browser downloads are not used.',
    );
  }
  return path;
}

/** Launches chromium headless with CHROMIUM_ARGS, for scripts that drive it without Playwright Test. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}
