/**
 * The SCORM packages in an LMS: scorm-again (the LMS runtime many LMSs and players embed) hosts the API in a
 * loopback "LMS" page, and the package's chapter page runs in its iframe, served from the unpacked zip below a path
 * of its own (/mod/scorm/<version>/, as an LMS serves it) on the same origin. Every request outside the package is
 * a failure (a root address left in the package); so is every API call whose last error is not 0, and every
 * Content-Security-Policy violation.
 *
 * Expected values come from the SCORM documents and the course's content, not from running the adapter:
 * - SCORM 1.2 RTE §3.4.2: cmi.core.lesson_status is one of "passed, completed, failed, incomplete, browsed, not
 *   attempted"; cmi.core.score.raw is "a number that reflects the performance of the learner relative to the range
 *   bounded by the values of min and max"; cmi.interactions.n.result is one of "correct, wrong, unanticipated,
 *   neutral" or a decimal.
 * - SCORM 2004 4th ed. RTE §4.2.4 / §4.2.22 / §4.2.21: cmi.completion_status "completed, incomplete, not attempted,
 *   unknown"; cmi.success_status "passed, failed, unknown"; cmi.score.scaled a real in [-1, 1]; interaction result
 *   "correct, incorrect, unanticipated, neutral" or a real. cmi.exit "suspend" keeps the attempt, and its
 *   cmi.suspend_data, for the next launch (§4.2.10).
 * - The course (src/progress/items.ts): a chapter is done when every item on its checklist is; chapter 10's
 *   checklist is its completion check and the self-mark, so both done is 100 % of the checklist. The right answers
 *   are the check file's (content/checks/*.json: the option marked correct, the fixture's hand-written expected
 *   classification).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { buildScormPackage, chapterHref, type ScormVersion } from '../../src/lms/scorm/package.ts';
import { expect, test, type Page } from './fixtures.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DIST = process.env.E2E_DIST ?? join(ROOT, 'dist');
const LMS = 'http://lms.test';
const PASSED = 'errors-on-streamable-http';
const FAILED = 'designing-your-own-errors';

/** The unpacked packages, built from the served site by the build's own function (npm run build:scorm). */
const packages = new Map<ScormVersion, Map<string, Uint8Array>>();
function unpacked(version: ScormVersion): Map<string, Uint8Array> {
  let files = packages.get(version);
  if (!files) {
    files = new Map(Object.entries(unzipSync(buildScormPackage(DIST, version, 'test').zip)));
    packages.set(version, files);
  }
  return files;
}

/** scorm-again's browser builds (the ones that define window.Scorm12API and window.Scorm2004API). */
const require = createRequire(import.meta.url);
const RUNTIME: Record<string, string> = {
  '/runtime/scorm12.min.js': require.resolve('scorm-again/scorm12/min'),
  '/runtime/scorm2004.min.js': require.resolve('scorm-again/scorm2004/min'),
};

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript',
  css: 'text/css',
  json: 'application/json',
  svg: 'image/svg+xml',
  xml: 'application/xml',
  woff2: 'font/woff2',
  wasm: 'application/wasm',
};

/** The loopback LMS: scorm-again's API in the page, the SCO in an iframe, every call and commit recorded. */
const LMS_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>LMS</title>
<script src="/runtime/scorm12.min.js"></script><script src="/runtime/scorm2004.min.js"></script>
<script>
window.__calls = []; window.__commits = [];
window.__start = function (version, launch, prior) {
  var settings = { lmsCommitUrl: '/lms/commit', autocommit: false, logLevel: 5,
    requestHandler: function (c) { window.__commits.push(JSON.parse(JSON.stringify(c))); return c; } };
  var api = version === 'scorm12' ? new Scorm12API(settings) : new Scorm2004API(settings);
  if (prior) api.loadFromJSON(prior);
  var lastError = version === 'scorm12' ? 'LMSGetLastError' : 'GetLastError';
  var names = version === 'scorm12'
    ? ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSGetLastError', 'LMSGetErrorString', 'LMSGetDiagnostic']
    : ['Initialize', 'Terminate', 'GetValue', 'SetValue', 'Commit', 'GetLastError', 'GetErrorString', 'GetDiagnostic'];
  var wrapped = {};
  names.forEach(function (name) {
    wrapped[name] = function () {
      var result = api[name].apply(api, arguments);
      if (!/Error|Diagnostic/.test(name))
        window.__calls.push({ name: name, args: [].slice.call(arguments), result: result, error: String(api[lastError]()) });
      return result;
    };
  });
  window.__api = api;
  delete window.API; delete window.API_1484_11;
  window[version === 'scorm12' ? 'API' : 'API_1484_11'] = wrapped;
  document.getElementById('sco').src = launch;
};
window.__close = function () { document.getElementById('sco').src = 'about:blank'; };
</script></head><body><iframe id="sco" title="SCO" style="width:1200px;height:760px"></iframe></body></html>`;

interface Call {
  name: string;
  args: string[];
  result: string;
  error: string;
}

/** Routes the LMS origin: the loopback page, the runtime's files, the commit endpoint and the package. */
async function openLms(page: Page, version: ScormVersion): Promise<{ outside: string[] }> {
  const outside: string[] = [];
  const files = unpacked(version);
  const base = `/mod/scorm/${version}/`;
  await page.context().route(`${LMS}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/lms.html') return route.fulfill({ contentType: TYPES.html, body: LMS_PAGE });
    const runtime = RUNTIME[url.pathname];
    if (runtime) return route.fulfill({ contentType: TYPES.js, body: readFileSync(runtime) });
    if (url.pathname === '/lms/commit')
      return route.fulfill({ contentType: TYPES.json, body: '{"result":true,"errorCode":0}' });
    const file = url.pathname.startsWith(base)
      ? files.get(decodeURIComponent(url.pathname.slice(base.length)))
      : undefined;
    if (!file) {
      outside.push(url.pathname);
      return route.fulfill({ status: 404, body: 'not in the package' });
    }
    return route.fulfill({
      contentType: TYPES[url.pathname.split('.').pop() ?? ''] ?? 'application/octet-stream',
      body: Buffer.from(file),
    });
  });
  await page.addInitScript(() => {
    (window as unknown as { __violations: string[] }).__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window.top as unknown as { __violations: string[] }).__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await page.goto(`${LMS}/lms.html`);
  return { outside };
}

/** The launch address of a chapter's SCO, read from the package's manifest: resource href plus item parameters. */
function launchOf(version: ScormVersion, chapter: string): string {
  const manifest = new TextDecoder().decode(unpacked(version).get('imsmanifest.xml'));
  const item = new RegExp(`<item identifier="[^"]+" identifierref="sco-${chapter}" parameters="([^"]*)"`).exec(
    manifest,
  );
  const resource = new RegExp(`<resource identifier="sco-${chapter}"[^>]* href="([^"]+)"`).exec(manifest);
  expect(resource?.[1]).toBe(chapterHref(chapter));
  return `/mod/scorm/${version}/${resource![1]}${item![1]}`;
}

const check = (chapter: string) =>
  JSON.parse(readFileSync(join(ROOT, 'content/checks', `${chapter}.json`), 'utf8')) as { questions: any[] };

/** Answers a chapter's completion check in the SCO frame: every question right, or every question wrong. */
async function answerCheck(page: Page, chapter: string, right: boolean): Promise<void> {
  const form = page.frameLocator('#sco').locator(`lab-completion-check[data-chapter="${chapter}"] form`);
  await form.locator('[data-role="controls"]:not([hidden])').waitFor();
  for (const q of check(chapter).questions) {
    const item = form.locator(`li[data-question="${q.id}"]`);
    if (q.type === 'choice') {
      const option = (q.options as { id: string; correct: boolean }[]).find((o) => o.correct === right)!;
      await item.locator(`input[name="${q.id}.choice"][value="${option.id}"]`).check();
    } else if (q.type === 'classify') {
      const fixture = JSON.parse(readFileSync(join(ROOT, 'content/fixtures', `${q.fixture}.json`), 'utf8'));
      const expected = fixture.expected[q.protocol];
      const kind = right ? expected.kind : expected.kind === 'request' ? 'response' : 'request';
      await item.locator(`input[name="${q.id}.kind"][value="${kind}"]`).check();
      if (q.ask.includes('reply'))
        await item.locator(`input[name="${q.id}.send"][value="${expected.reply.send}"]`).check();
      if (q.ask.includes('reply') && expected.reply.send === 'error')
        await item.locator(`input[name="${q.id}.code"]`).fill(String(expected.reply.code));
    } else if (q.type === 'self-assessed') {
      await item.locator(`textarea[name="${q.id}.text"]`).fill('A structured error the client can act on.');
    }
  }
  await form.getByRole('button', { name: 'Check my answers' }).click();
  await form.locator('[data-role="status"]').filter({ hasText: /\S/ }).waitFor();
}

/** Makes a prediction on every HTTP exchange of the chapter in the SCO frame (each is an item of its checklist). */
/**
 * The right prediction for each exchange, from its answer key (content/exchanges/<id>.json `expected`): a wrong
 * prediction is only tried, so a passed chapter needs right ones.
 */
function rightPrediction(id: string): Record<string, string> {
  const { expected } = JSON.parse(
    readFileSync(new URL(`../../content/exchanges/${id}.json`, import.meta.url), 'utf8'),
  ) as {
    expected: { http: string; jsonrpc: string; brokenBy: string };
  };
  const body = expected.jsonrpc === 'success' ? 'result' : expected.jsonrpc === 'error' ? 'error' : 'nothing';
  return { status: expected.http, body, broken: expected.brokenBy };
}

async function predictExchanges(page: Page): Promise<void> {
  const frame = page.frameLocator('#sco');
  const widgets = frame.locator('lab-http-exchange');
  const count = await widgets.count();
  for (let i = 0; i < count; i++) {
    const widget = widgets.nth(i);
    await widget.locator('fieldset[data-part]').first().waitFor();
    const data = JSON.parse((await widget.locator('script[data-role="data"]').textContent()) ?? '{}') as { id: string };
    for (const [part, value] of Object.entries(rightPrediction(data.id)))
      await widget.locator(`fieldset[data-part="${part}"] input[value="${value}"]`).check();
    await widget.getByRole('button', { name: 'Check my prediction' }).click();
    await widget.locator('[data-role="result"]').filter({ hasText: /\S/ }).waitFor();
  }
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __calls: Call[] }).__calls);
const commits = (page: Page) => page.evaluate(() => (window as unknown as { __commits: any[] }).__commits);

/** Every call the SCO made was accepted: its result is not "false" and the runtime's last error after it is 0. */
async function expectNoRefusals(page: Page): Promise<Call[]> {
  const all = await calls(page);
  expect(all.length).toBeGreaterThan(0);
  expect(all.filter((c) => c.error !== '0' || c.result === 'false')).toEqual([]);
  return all;
}

/** Closes the SCO (the LMS unloads its frame) and waits for its Terminate. */
async function closeSco(page: Page, version: ScormVersion): Promise<void> {
  await page.evaluate(() => (window as unknown as { __close: () => void }).__close());
  const finish = version === 'scorm12' ? 'LMSFinish' : 'Terminate';
  await expect.poll(async () => (await calls(page)).some((c) => c.name === finish)).toBe(true);
}

/** The cmi of the last commit the runtime sent to the LMS. */
async function lastCmi(page: Page): Promise<any> {
  const all = await commits(page);
  expect(all.length).toBeGreaterThan(0);
  return all.at(-1).cmi;
}

/** What an LMS hands back at the next launch of a suspended attempt: its suspend_data, status and entry "resume". */
function priorAttempt(version: ScormVersion, cmi: any): object {
  return version === 'scorm12'
    ? { cmi: { suspend_data: cmi.suspend_data, core: { lesson_status: cmi.core.lesson_status, entry: 'resume' } } }
    : { cmi: { suspend_data: cmi.suspend_data, completion_status: cmi.completion_status, entry: 'resume' } };
}

async function start(page: Page, version: ScormVersion, chapter: string, prior?: object): Promise<void> {
  await page.evaluate(([v, launch, p]) => (window as any).__start(v, launch, p), [
    version,
    launchOf(version, chapter),
    prior ?? null,
  ] as const);
  await page.frameLocator('#sco').locator('main').waitFor();
}

test.describe('SCORM packages in scorm-again', () => {
  for (const version of ['scorm12', 'scorm2004'] as const) {
    test(`${version}: a passed and a failed chapter are committed, and a relaunch resumes from suspend_data`, async ({
      page,
    }) => {
      const { outside } = await openLms(page, version);
      const frame = page.frameLocator('#sco');

      // Chapter 10, passed: a prediction on each of its HTTP exchanges, the completion check right and the
      // self-mark ticked.
      await start(page, version, PASSED);
      await predictExchanges(page);
      await answerCheck(page, PASSED, true);
      await frame.locator(`lab-make-it-yours [data-role="checkbox"]`).check();
      await closeSco(page, version);
      await expectNoRefusals(page);
      const passed = await lastCmi(page);
      if (version === 'scorm12') {
        expect(passed.core.lesson_status).toBe('passed');
        expect(passed.core.score).toMatchObject({ raw: '100', min: '0', max: '100' });
        expect(passed.core.exit).toBe('suspend');
      } else {
        expect(passed.completion_status).toBe('completed');
        expect(passed.success_status).toBe('passed');
        expect(passed.score).toMatchObject({ scaled: '1', raw: '100', min: '0', max: '100' });
        expect(passed.exit).toBe('suspend');
      }
      const interactions = Object.values(passed.interactions ?? {}).filter((i: any) => i && typeof i === 'object');
      expect(interactions).toContainEqual(expect.objectContaining({ id: `${PASSED}.completion`, result: 'correct' }));
      expect(passed.suspend_data).toMatch(/^MLS1:/);
      // A commit went out when the check was graded, before the page closed.
      const finish = version === 'scorm12' ? 'LMSFinish' : 'Terminate';
      const log = await calls(page);
      const graded = log.findIndex(
        (c) => /SetValue$/.test(c.name) && /^cmi\.interactions\.0\.result$/.test(c.args[0]!),
      );
      expect(graded).toBeGreaterThan(-1);
      expect(log.slice(graded).findIndex((c) => /Commit$/.test(c.name))).toBeLessThan(
        log.slice(graded).findIndex((c) => c.name === finish),
      );

      // Chapter 6, failed: every question of its completion check wrong.
      await page.reload();
      await start(page, version, FAILED);
      await answerCheck(page, FAILED, false);
      await closeSco(page, version);
      await expectNoRefusals(page);
      const failed = await lastCmi(page);
      if (version === 'scorm12') {
        expect(failed.core.lesson_status).toBe('failed');
        expect(failed.core.score.raw).toBe('0');
      } else {
        expect(failed.completion_status).toBe('incomplete');
        expect(failed.success_status).toBe('failed');
        expect(failed.score.scaled).toBe('0');
      }
      expect(Object.values(failed.interactions ?? {})).toContainEqual(
        expect.objectContaining({ id: `${FAILED}.completion`, result: version === 'scorm12' ? 'wrong' : 'incorrect' }),
      );

      // Relaunch chapter 10 on a browser that has nothing saved: the LMS's suspend_data brings the chapter back.
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await start(page, version, PASSED, priorAttempt(version, passed));
      // All three checklist items: the predictions, the completion check and the self-mark.
      await expect(frame.locator('.checklist-wide li[data-done="true"]')).toHaveCount(3);
      await closeSco(page, version);
      await expectNoRefusals(page);
      const resumed = await lastCmi(page);
      if (version === 'scorm12') expect(resumed.core.lesson_status).toBe('passed');
      else expect(resumed.success_status).toBe('passed');

      // The policy held: no violation, and the packaged page carries the built page's policy unchanged.
      expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
      const policy = (html: string) => /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
      const built = readFileSync(join(DIST, chapterHref(PASSED)), 'utf8');
      const packaged = new TextDecoder().decode(unpacked(version).get(chapterHref(PASSED)));
      expect(policy(packaged)).toBeDefined();
      expect(policy(packaged)).toBe(policy(built));
      expect(outside).toEqual([]);
    });
  }
});
