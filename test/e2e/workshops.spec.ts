/**
 * Workshops, end to end: two learners in separate browsers answer chapter 5's completion check differently and copy
 * their receipts; the instructor pastes both into the roster and sees both learners, the right colours with their
 * text labels, the misconception counts, and a CSV whose rows match the grid. Then the offline test (the network cut
 * after visiting two chapters), the workshop lock, and 300 receipts graded by the CLI and by the roster page (figures
 * printed, never asserted).
 *
 * Right answers come from hand-written keys: the decision table's canonical answers below (from the course's
 * decision table), a choice option marked correct in the check file, a fixture's hand-written expected classification.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { testGraderCourse } from '../support/course.ts';
import { serializeReceipt } from '../../src/receipts/schema.ts';
import { classReceipts } from '../support/class-receipts.ts';
import { parseCsv } from '../support/csv.ts';
import { CH05_RIGHT, CH05_TABLE, expect, expectNoConsoleErrors, fillTable, test, type Page } from './fixtures.ts';

// Known and not yet explained: on a loaded machine the completion check's selects have stayed "not visible" after the
// widget upgraded, in one CI run of three (the receipts test below). One retry keeps that from hiding a real failure
// elsewhere; a second failure in a row still fails the run.
test.describe.configure({ retries: 1 });

const ROOT = resolve(import.meta.dirname, '../..');
const CHAPTER = 'error-semantics-and-retries';
const check = JSON.parse(readFileSync(join(ROOT, 'content/checks', `${CHAPTER}.json`), 'utf8')) as { questions: any[] };

/** The five rows of chapter 5's check (none of them in the chapter's practice table), answered as the key says. */
const RIGHT: Record<string, Record<string, string>> = {
  'read-timeout': { layer: 'client-timeout', userSees: 'try-again-later', retry: 'freely-with-new-id' },
  'rate-limited-backend': { layer: 'tool-backend', userSees: 'try-again-later', retry: 'with-backoff' },
  'unknown-tool': { layer: 'method-dispatch', userSees: 'integration-error', retry: 'never-as-is' },
  'invalid-json-http': { layer: 'json-parser', userSees: 'integration-error', retry: 'never-as-is' },
  'backend-timeout-during-write': {
    layer: 'tool-backend',
    userSees: 'outcome-unknown-checking',
    retry: 'same-idempotency-key',
  },
};
/** Bea's table: two retry cells wrong, each in the way a named misconception predicts. */
const BEA: Record<string, Record<string, string>> = {
  ...RIGHT,
  'unknown-tool': { ...RIGHT['unknown-tool']!, retry: 'with-backoff' },
  'backend-timeout-during-write': { ...RIGHT['backend-timeout-during-write']!, retry: 'freely-with-new-id' },
};

/** Answers chapter 5's completion check in the page: the table as given, everything else from the keys. */
async function answerCheck(page: Page, table: Record<string, Record<string, string>>): Promise<void> {
  await page.goto(`/chapters/${CHAPTER}/`);
  const form = page.locator(`lab-completion-check[data-chapter="${CHAPTER}"] form`);
  // As a learner reaches it: scrolled to, the check's code loads and its controls show.
  await form.scrollIntoViewIfNeeded();
  await page.locator(`lab-completion-check[data-chapter="${CHAPTER}"][data-upgraded]`).waitFor();
  await form.locator('[data-role="controls"]:not([hidden])').waitFor();
  for (const q of check.questions) {
    const item = form.locator(`li[data-question="${q.id}"]`);
    if (q.type === 'decision-table') {
      for (const scenario of q.scenarios as string[]) {
        for (const [column, value] of Object.entries(table[scenario] ?? {}))
          await item.locator(`select[name="${scenario}.${column}"]`).selectOption(value);
      }
    } else if (q.type === 'choice') {
      const right = (q.options as any[]).find((o) => o.correct);
      await item.locator(`input[name="${q.id}.choice"][value="${right.id}"]`).check();
    } else if (q.type === 'classify') {
      const fixture = JSON.parse(readFileSync(join(ROOT, 'content/fixtures', `${q.fixture}.json`), 'utf8'));
      const expected = fixture.expected[q.protocol];
      if (q.ask.includes('kind')) await item.locator(`input[name="${q.id}.kind"][value="${expected.kind}"]`).check();
      if (q.ask.includes('reply')) {
        await item.locator(`input[name="${q.id}.send"][value="${expected.reply.send}"]`).check();
        if (expected.reply.send === 'error')
          await item.locator(`input[name="${q.id}.code"]`).fill(String(expected.reply.code));
      }
    } else if (q.type === 'self-assessed') {
      await item
        .locator(`textarea[name="${q.id}.text"]`)
        .fill('A new JSON-RPC id for every attempt, the same idempotency key for the one write.');
    }
  }
  await form.getByRole('button', { name: 'Check my answers' }).click();
  await form.locator('[data-role="status"]').filter({ hasText: /\S/ }).waitFor();
}

/** Makes the receipt on /progress/ with "Copy receipt" and reads it back from the clipboard. */
async function copyReceipt(page: Page, name: string): Promise<string> {
  await page.goto('/progress/');
  const panel = page.locator('lab-receipt-panel');
  await panel.getByLabel(/Your name/).fill(name);
  await panel.getByRole('button', { name: 'Copy receipt' }).click();
  await panel.locator('[data-role="status"]').filter({ hasText: 'Receipt copied' }).waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}

test('two learners copy receipts; the roster shows both, with colours, labels, misconceptions and a matching CSV', async ({
  newPage,
  checkA11y,
  baseURL,
}) => {
  const learnerPage = async () => {
    const page = await newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    return page;
  };
  const ada = await learnerPage();
  const bea = await learnerPage();
  await answerCheck(ada, RIGHT);
  await answerCheck(bea, BEA);
  const adaReceipt = await copyReceipt(ada, 'Ada');
  const beaReceipt = await copyReceipt(bea, 'Bea');
  expect(adaReceipt).toMatch(/^\{"format":"mcp-message-lab\/receipt","version":4,/);
  expect(adaReceipt).not.toBe(beaReceipt);
  // The same receipt as a QR code for a phone: the panel says which form the code holds.
  await ada.locator('lab-receipt-panel').getByRole('button', { name: 'Show as QR code' }).click();
  await ada.locator('lab-receipt-panel [data-role="qr"] svg[role="img"]').waitFor();
  expect(await ada.locator('lab-receipt-panel [data-role="qr-note"]').innerText()).toMatch(
    /This code holds (the full receipt|a compact receipt)/,
  );
  await checkA11y(ada, '/progress/ with the receipt panel');
  expectNoConsoleErrors(ada);
  expectNoConsoleErrors(bea);
  await ada.context().close();
  await bea.context().close();

  const teacher = await newPage();
  await teacher.goto('/instructor/roster/');
  await teacher.getByLabel(/Paste receipts/).fill(`${adaReceipt}\n${beaReceipt}\n`);
  await teacher.getByRole('button', { name: 'Grade receipts' }).click();
  const results = teacher.locator('[data-role="results"][data-counted]');
  await results.waitFor({ state: 'attached' });
  expect(await results.getAttribute('data-counted')).toBe('2');
  expect(await results.getAttribute('data-flagged')).toBe('0');

  const cell = (learner: string) =>
    teacher.locator(`[data-role="grid"] tr[data-learner="${learner}"] td[data-chapter="${CHAPTER}"]`);
  expect(await cell('Ada').getAttribute('data-status')).toBe('passed');
  expect((await cell('Ada').getAttribute('class')) ?? '').toMatch(/\bws-green\b/);
  // The cell shows the symbol and the score; its label is in the tooltip and for screen readers.
  expect(await cell('Ada').innerText()).toMatch(/^✓/);
  expect(await cell('Ada').getAttribute('title')).toBe('Passed');
  expect(await cell('Bea').getAttribute('data-status')).toBe('failing');
  expect((await cell('Bea').getAttribute('class')) ?? '').toMatch(/\bws-red\b/);
  expect(await cell('Bea').innerText()).toMatch(/^✗/);
  expect(await cell('Bea').getAttribute('title')).toBe('Not passed');

  const misconception = (id: string) => teacher.locator(`[data-role="misconceptions"] li[data-misconception="${id}"]`);
  expect(await misconception('fresh-id-makes-write-safe').getAttribute('data-learners')).toBe('1');
  expect(await misconception('rejected-request-is-transient').getAttribute('data-learners')).toBe('1');
  const retry = teacher.locator('.ws-dist[data-scenario="backend-timeout-during-write"] table[data-column="retry"]');
  expect(await retry.locator('tr[data-value="same-idempotency-key"]').innerText()).toMatch(/\b1\b.*The right answer/s);
  // Named as content/scenarios/misconceptions.json names it, not by its id.
  expect(await retry.locator('tr[data-value="freely-with-new-id"]').innerText()).toMatch(
    /Misconception: A fresh id makes a retried write safe/,
  );

  const [download] = await Promise.all([
    teacher.waitForEvent('download'),
    teacher.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = parseCsv(await readFile(await download.path(), 'utf8'));
  const header = csv[0]!;
  expect(csv.length, 'a header and one row per receipt').toBe(3);
  const row = (learner: string) => csv.find((r) => r[0] === learner)!;
  // Chapters are headed by their titles, as learners saw them.
  const titleOf = (id: string) => testGraderCourse().chapters.find((c) => c.id === id)!.title;
  const statusColumn = header.indexOf(`${titleOf(CHAPTER)}: status`);
  expect(row('Ada')[statusColumn]).toBe('Passed');
  expect(row('Bea')[statusColumn]).toBe('Not passed');
  // Every chapter's status in the CSV matches the grid's label, learner by learner.
  for (const learner of ['Ada', 'Bea']) {
    for (const td of await teacher.locator(`[data-role="grid"] tr[data-learner="${learner}"] td[data-chapter]`).all()) {
      const chapter = (await td.getAttribute('data-chapter'))!;
      const label = await td.getAttribute('title');
      expect(row(learner)[header.indexOf(`${titleOf(chapter)}: status`)], `${learner}, ${chapter}`).toBe(label);
    }
  }
  await checkA11y(teacher, '/instructor/roster/ with results');

  // A receipt edited by hand is flagged, not counted.
  await teacher.getByLabel(/Paste receipts/).fill(beaReceipt.replace('"Bea"', '"Bee"'));
  await teacher.getByRole('button', { name: 'Grade receipts' }).click();
  await teacher.locator('[data-role="flagged"] li[data-reason="tampered"]').waitFor();
  expect(await teacher.locator('[data-role="results"]').getAttribute('data-counted')).toBe('0');
  expectNoConsoleErrors(teacher);
});

test('chapters already visited stay readable with the network cut', async ({ page, context }) => {
  await page.goto('/chapters/message-shapes/');
  const stored = (path: string) =>
    page.waitForFunction(async (p) => {
      const cache = await caches.open('mcp-lab-offline-v1');
      return (await cache.match(new URL(p, location.href).href)) !== undefined;
    }, path);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await stored('/chapters/message-shapes/');
  await page.goto(`/chapters/${CHAPTER}/`);
  await stored(`/chapters/${CHAPTER}/`);
  const title1 = await page.title();

  await context.setOffline(true);
  await page.goto('/chapters/message-shapes/');
  expect(await page.locator('h1').first().innerText()).toMatch(/\S/);
  expect(await page.title()).toMatch(/message shapes/i);
  await page.goto(`/chapters/${CHAPTER}/`);
  expect(await page.title()).toBe(title1);
  // A chapter never visited is not there: the offline page says so and lists what is.
  await page.goto('/chapters/designing-your-own-errors/');
  expect(await page.locator('h1').innerText()).toBe('You are offline');
  await page.locator('#stored-pages a', { hasText: /Error semantics/ }).waitFor();
  await context.setOffline(false);
});

test('a lock link hides Show solution until the unlock link is opened', async ({ page }) => {
  await page.goto(`/chapters/${CHAPTER}/#workshop-lock=class42`);
  await page.waitForFunction(() => document.documentElement.getAttribute('data-workshop-lock') === 'locked');
  expect(new URL(page.url()).hash, 'the lock leaves the address bar clean').toBe('');
  await page.goto(`/chapters/${CHAPTER}/`);
  expect(await page.locator('html').getAttribute('data-workshop-lock'), 'the lock holds across pages').toBe('locked');
  const solution = page.locator(`${CH05_TABLE} [data-action="solution"]`);
  // A complete check is what shows "Show solution" (the widget test holds that); under the lock it stays hidden.
  await page.locator(`${CH05_TABLE}[data-upgraded]`).waitFor();
  await fillTable(page, CH05_RIGHT);
  await page.locator(`${CH05_TABLE} [data-action="check"]`).click();
  await page
    .locator(`${CH05_TABLE} [data-role="status"]`)
    .filter({ hasText: /Table solved/ })
    .waitFor();
  await expect(solution, 'locked: no solution even after a complete attempt').toBeHidden();
  // Under the lock the solution's place says why it is not there.
  await expect(page.locator(`${CH05_TABLE} .locked-note`)).toBeVisible();
  await page.goto(`/#workshop-unlock=wrongcode`);
  expect(await page.locator('html').getAttribute('data-workshop-lock'), 'another code does not unlock').toBe('locked');
  await page.goto(`/chapters/${CHAPTER}/#workshop-unlock=class42`);
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-workshop-lock'));
  // Unlocked: the "locked by the instructor" note is gone, and the attempt made under the lock opens the solution.
  await expect(page.locator(`${CH05_TABLE} .locked-note`)).toBeHidden();
  await expect(solution, 'unlocked: the solution after the complete attempt').toBeVisible();
  expectNoConsoleErrors(page);
});

test('300 receipts are graded by the CLI and by the roster page (figures printed)', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const course = testGraderCourse();
  const receipts = classReceipts(course, 300, 2026).map(serializeReceipt);
  const dir = testInfo.outputPath('receipts');
  await mkdir(dir, { recursive: true });
  await Promise.all(receipts.map((r, i) => writeFile(join(dir, `learner-${String(i + 1).padStart(3, '0')}.json`), r)));
  const node = existsSync(join(ROOT, 'node_modules/.bin/node'))
    ? join(ROOT, 'node_modules/.bin/node')
    : process.execPath;
  const started = performance.now();
  const cli = await new Promise<{ code: number | null; stdout: string }>((done, fail) => {
    const child = spawn(node, [join(ROOT, 'src/cli/mcp-lab.ts'), 'grade', dir, '--csv', join(dir, 'roster.csv')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout }));
  });
  const cliMs = performance.now() - started;
  expect(cli.code).toBe(0);
  expect(cli.stdout).toMatch(/300 receipts found, 300 counted, 0 flagged/);
  const cliGradeMs = Number(/ in (\d+) ms\./.exec(cli.stdout)?.[1]);

  await page.goto('/instructor/roster/');
  await page.locator('lab-roster form:not([hidden])').waitFor();
  // Twice: right after the page opened (the worker still cold), then again as a second paste would be.
  const figures: number[] = [];
  for (let run = 0; run < 2; run++) {
    await page.evaluate((text) => {
      (document.getElementById('roster-paste') as HTMLTextAreaElement).value = text;
      document.querySelector('[data-role="results"]')!.removeAttribute('data-counted');
    }, receipts.join('\n'));
    await page.getByRole('button', { name: 'Grade receipts' }).click();
    const results = page.locator('[data-role="results"][data-counted]');
    await results.waitFor({ state: 'attached', timeout: 60_000 });
    expect(await results.getAttribute('data-counted')).toBe('300');
    figures.push(Number(await results.getAttribute('data-grade-ms')));
  }
  const report =
    `300 receipts: mcp-lab grade re-graded them in ${cliGradeMs} ms (${cliMs.toFixed(0)} ms for the whole process, start-up included); ` +
    `the roster page re-graded them in ${figures[0]!.toFixed(0)} ms in its Web Worker right after opening, ${figures[1]!.toFixed(0)} ms on a second paste.`;
  console.log(report);
  testInfo.annotations.push({ type: 'figures', description: report });
  expectNoConsoleErrors(page);
});
