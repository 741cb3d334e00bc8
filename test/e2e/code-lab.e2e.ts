/**
 * The code lab in a real browser: a learner solves an exercise by typing in the page (progress shows it and the
 * code survives a reload); an endless loop is stopped within the 3 s limit and the page keeps answering; code that
 * reaches for the page, storage or the network fails with a message and changes nothing; the whole lab works from
 * the keyboard; pages without a lab load none of its code; and the lab's page carries its Content-Security-Policy.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { checkA11y, expectNoConsoleErrors, launchBrowser, newPage } from './support.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const EXERCISE = '01-request-or-notification';
const CHAPTER = '/chapters/01-message-shapes/';
const SOLUTION = readFileSync(join(root, 'exercises', EXERCISE, 'request-or-notification.solution.ts'), 'utf8');

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** Opens the chapter and waits until the lab's editor has loaded (it loads when the lab scrolls into view). */
async function openLab(page: Page): Promise<Locator> {
  await page.goto(CHAPTER);
  const lab = page.locator(`lab-code-lab[data-exercise="${EXERCISE}"]`);
  await lab.scrollIntoViewIfNeeded();
  await lab.locator('.cm-content').waitFor({ timeout: 10_000 });
  return lab;
}

/** Replaces the editor's text the way a learner would: select all, then type. */
async function typeCode(page: Page, lab: Locator, code: string): Promise<void> {
  await lab.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

/** Waits until the lab's current run has finished, passed or failed. */
async function finished(lab: Locator, timeout = 10_000): Promise<string> {
  const handle = await lab.elementHandle();
  await lab
    .page()
    .waitForFunction((el) => ['passed', 'failed'].includes((el as HTMLElement).dataset.state ?? ''), handle, {
      timeout,
    });
  return (await lab.getAttribute('data-state')) ?? '';
}

/** Clicks Run and waits for the run to finish. */
async function runAndWait(lab: Locator, timeout = 10_000): Promise<string> {
  await lab.locator('[data-role="run"]').click();
  return finished(lab, timeout);
}

async function chapterDone(page: Page): Promise<number> {
  await page.goto('/');
  const bar = page.locator('#progress-bar-01-message-shapes');
  await bar.waitFor({ timeout: 10_000 });
  return Number(await bar.getAttribute('value'));
}

test('solving the exercise by typing passes every test, counts in the chapter progress, and survives a reload', async () => {
  const page = await newPage(browser);
  try {
    const before = await chapterDone(page);
    const lab = await openLab(page);
    // The starter fails: the lab shows which tests and why.
    assert.equal(await runAndWait(lab), 'failed');
    assert.match((await lab.locator('[data-role="status"]').textContent()) ?? '', /of 8 tests fail/);
    assert.ok((await lab.locator('.cl-fail').count()) > 0);
    assert.match((await lab.locator('.cl-why').first().textContent()) ?? '', /the model says "request"/);

    await typeCode(page, lab, SOLUTION);
    assert.equal(await runAndWait(lab), 'passed');
    assert.equal(await lab.locator('.cl-pass').count(), 8);
    assert.equal(await lab.locator('.cl-fail').count(), 0);
    assert.match((await lab.locator('[data-role="status"]').textContent()) ?? '', /All 8 tests pass/);
    // Show solution unlocks after a first run.
    assert.equal(await lab.locator('[data-role="show-solution"]').isDisabled(), false);

    assert.equal(await chapterDone(page), before + 1, 'the chapter outline counts the passed code lab');

    const again = await openLab(page);
    const code = (await again.locator('.cm-line').allTextContents()).join('\n');
    assert.equal(code.trim(), SOLUTION.trim(), 'the typed code is back after a reload');
    await checkA11y(page, `${CHAPTER} with an upgraded code lab`);
    expectNoConsoleErrors(page);
  } finally {
    await page.context().close();
  }
});

test('an endless loop is stopped within 4 s with a message, and the page still answers', async () => {
  const page = await newPage(browser);
  try {
    const lab = await openLab(page);
    await typeCode(
      page,
      lab,
      "export function kindOf(message: unknown): 'request' | 'notification' {\n  while (true) {}\n}\n",
    );
    await lab.locator('[data-role="run"]').click();
    // The lab promises 3 s; 4 s leaves room for a slow machine without hiding a missing stop.
    await lab.locator('[data-role="status"]', { hasText: 'Stopped after 3 seconds' }).waitFor({ timeout: 4_000 });
    // The main thread never blocked: the page answers at once and the lab runs again.
    assert.equal(await page.evaluate(() => 6 * 7), 42);
    await lab.locator('[data-role="hint"]').first().locator('summary').click();
    assert.equal(await lab.locator('[data-role="hint"]').first().getAttribute('open'), '');
    await typeCode(page, lab, SOLUTION);
    assert.equal(await runAndWait(lab), 'passed');
    expectNoConsoleErrors(page);
  } finally {
    await page.context().close();
  }
});

test('code that reaches for document, localStorage, fetch or importScripts fails with a message and changes nothing; a flood of output is cut', async () => {
  const page = await newPage(browser);
  try {
    const lab = await openLab(page);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.evaluate(() => localStorage.setItem('code-lab-canary', 'untouched'));
    const title = await page.title();
    const attempts: Array<[string, RegExp]> = [
      ["document.title = 'owned';", /document is not available here/],
      ["localStorage.setItem('code-lab-canary', 'owned');", /localStorage is not available here/],
      ["void fetch('/code-lab-canary');", /fetch is not available here/],
      ["importScripts('/code-lab-canary.js');", /importScripts is not available here/],
    ];
    for (const [statement, message] of attempts) {
      await typeCode(
        page,
        lab,
        `export function kindOf(message: { id?: unknown }): 'request' | 'notification' {\n  ${statement}\n  return 'request';\n}\n`,
      );
      assert.equal(await runAndWait(lab), 'failed', statement);
      const why = (await lab.locator('.cl-why').first().textContent()) ?? '';
      assert.match(why, message, statement);
      // The failure points at the learner's line (line 2 of the typed code).
      assert.match((await lab.locator('.cl-line').first().textContent()) ?? '', /line 2,/, statement);
    }
    // A flood of console output is cut to the lab's limit, with a note, and the page stays responsive.
    await typeCode(
      page,
      lab,
      "export function kindOf(message: { id?: unknown }): 'request' | 'notification' {\n  for (let i = 0; i < 100000; i++) console.log('line', i, 'x'.repeat(50));\n  return 'request';\n}\n",
    );
    await runAndWait(lab);
    const output = (await lab.locator('[data-role="output"]').textContent()) ?? '';
    assert.match(output, /output truncated/);
    assert.ok(output.split('\n').length <= 202, `${output.split('\n').length} output lines shown`);
    assert.equal(await page.evaluate(() => 6 * 7), 42);

    assert.equal(await page.title(), title);
    assert.equal(await page.evaluate(() => localStorage.getItem('code-lab-canary')), 'untouched');
    assert.deepEqual(
      requests.filter((u) => u.includes('code-lab-canary')),
      [],
    );
    expectNoConsoleErrors(page);
  } finally {
    await page.context().close();
  }
});

test('a syntax error shows its line and column, and no test runs', async () => {
  const page = await newPage(browser);
  try {
    const lab = await openLab(page);
    await typeCode(page, lab, "export function kindOf(message) {\n  return 'request' +;\n}\n");
    assert.equal(await runAndWait(lab), 'failed');
    assert.match((await lab.locator('[data-role="results"]').textContent()) ?? '', /does not parse/);
    assert.match((await lab.locator('.cl-line').first().textContent()) ?? '', /line 2, column \d+/);
    assert.equal(await lab.locator('.cl-pass').count(), 0);
    expectNoConsoleErrors(page);
  } finally {
    await page.context().close();
  }
});

test('keyboard only: reach the editor, run with Ctrl+Enter, leave with Escape, and Tab moves on', async () => {
  const page = await newPage(browser);
  try {
    const lab = await openLab(page);
    await page.locator('main').focus();
    let inEditor = false;
    for (let i = 0; i < 600 && !inEditor; i++) {
      await page.keyboard.press('Tab');
      inEditor = await lab.locator('.cm-content').evaluate((el) => el === document.activeElement);
    }
    assert.ok(inEditor, 'Tab reaches the editor');
    assert.equal(
      await lab.locator('.cm-content').getAttribute('aria-label'),
      'Code editor for request-or-notification.problem.ts',
    );
    await page.keyboard.press('Control+Enter');
    assert.equal(await finished(lab), 'failed', 'Ctrl+Enter ran the starter, which fails');
    // Tab inside the editor indents; Escape leaves it for the Run button, and Tab then moves on to Reset.
    await page.keyboard.press('Escape');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-role')), 'run');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-role')), 'reset');
    assert.match((await lab.locator('[data-role="keys"]').textContent()) ?? '', /Escape leaves the editor/);
    expectNoConsoleErrors(page);
  } finally {
    await page.context().close();
  }
});

test('at 320 px in the dark theme the lab fits, passes axe, shows the solution after a run, and reset can be undone', async () => {
  const page = await newPage(browser, { colorScheme: 'dark', viewport: { width: 320, height: 720 } });
  try {
    const lab = await openLab(page);
    const mine =
      "export function kindOf(message: { id?: unknown }): 'request' | 'notification' {\n  return 'request';\n}\n";
    await typeCode(page, lab, mine);
    assert.equal(await runAndWait(lab), 'failed');
    const overflow = await lab.evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(overflow <= 0, `the lab is ${overflow} px wider than a 320 px screen`);
    await lab.locator('[data-role="show-solution"]').click();
    assert.equal(await lab.locator('[data-role="show-solution"]').getAttribute('aria-expanded'), 'true');
    assert.match((await lab.locator('[data-role="solution"]').textContent()) ?? '', /Object\.hasOwn/);
    await checkA11y(page, `${CHAPTER} code lab at 320 px, dark, after a run`);

    await lab.locator('[data-role="reset"]').click();
    assert.match((await lab.locator('.cm-content').textContent()) ?? '', /if \(message\.id\)/, 'the starter is back');
    await lab.locator('[data-role="restore"]').click();
    assert.equal(
      (await lab.locator('.cm-line').allTextContents()).join('\n').trim(),
      mine.trim(),
      "Restore brings the learner's code back",
    );
    expectNoConsoleErrors(page);
  } finally {
    await page.context().close();
  }
});

test('in the page, every exercise fails with its starter and passes with its solution', async () => {
  const page = await newPage(browser);
  try {
    const exercises = readdirSync(join(root, 'exercises')).filter((d) => /^\d\d-/.test(d));
    let checked = 0;
    for (const id of exercises) {
      const manifest = JSON.parse(readFileSync(join(root, 'exercises', id, 'exercise.json'), 'utf8')) as {
        chapter: string;
        files: { solutions: string[] };
      };
      await page.goto(`/chapters/${manifest.chapter}/`);
      const lab = page.locator(`lab-code-lab[data-exercise="${id}"]`);
      if ((await lab.count()) === 0) continue; // Not placed in its chapter yet.
      await lab.scrollIntoViewIfNeeded();
      await lab.locator('.cm-content').waitFor({ timeout: 10_000 });
      assert.equal(await runAndWait(lab), 'failed', `${id}: the starter fails`);
      const solution = readFileSync(join(root, 'exercises', id, manifest.files.solutions[0]!), 'utf8');
      await typeCode(page, lab, solution);
      const state = await runAndWait(lab);
      const why = state === 'passed' ? '' : ((await lab.locator('.cl-fail').first().textContent()) ?? '');
      assert.equal(state, 'passed', `${id}: the solution passes in the page: ${why}`);
      checked++;
    }
    assert.ok(checked >= 8, `only ${checked} exercises are placed in chapters`);
    expectNoConsoleErrors(page);
  } finally {
    await page.context().close();
  }
});

test('the lab page carries the CSP (every page has one: test/e2e/csp.spec.ts), and pages without a lab load none of the lab code', async () => {
  const page = await newPage(browser);
  try {
    const response = await page.goto(CHAPTER);
    const html = (await response?.text()) ?? '';
    assert.match(
      html,
      /<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'[^"]*worker-src 'self'/,
    );
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
    for (const path of ['/', '/progress/', '/playground/']) {
      const r = await page.goto(path, { waitUntil: 'networkidle' });
      assert.equal(r?.status(), 200, path);
    }
    assert.deepEqual(
      loaded.filter((p) => /\/_astro\/(editor|runner\.worker|CodeLab)/.test(p)),
      [],
    );
    expectNoConsoleErrors(page);
  } finally {
    await page.context().close();
  }
});
