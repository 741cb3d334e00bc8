/**
 * The workshop server a room spec runs against: its own process on `port`, SQLite in a temporary folder, serving the
 * same build the other specs see. `useWorkshopServer` starts it before the spec's tests and stops it (and deletes
 * its data) after them; `person` is a browser context whose pages record console errors.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DIST_DIR, VIEWPORTS, test } from './fixtures.ts';

const ROOT = join(import.meta.dirname, '../..');

/** Starts the workshop server on `port` for the spec that calls this (at its top level). */
export function useWorkshopServer(port: number): void {
  let server: ChildProcess | undefined;
  let dataDir = '';
  test.beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'workshop-e2e-'));
    const child = spawn(
      process.execPath,
      [
        'src/server/main.ts',
        ...['--dist', DIST_DIR, '--no-qr', '--port', String(port), '--host', '127.0.0.1'],
        ...['--data', join(dataDir, 'room.sqlite')],
      ],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    server = child;
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`workshop server exited: ${stderr}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/workshop-server.json`)).ok) return;
      } catch {
        // not yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`workshop server did not start on ${port}: ${stderr}`);
  });
  test.afterAll(async () => {
    const child = server;
    child?.kill('SIGTERM');
    if (child && child.exitCode === null) await new Promise((r) => child.once('exit', r));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
}

/** A fresh browser context whose pages record console errors. */
export async function person(browser: Browser): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}
