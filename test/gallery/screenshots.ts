/**
 * `npm run screenshots`: a gallery of every practice widget in each state (empty, wrong, right, solution shown, and
 * the states peculiar to one widget), plus the home, progress, roster and Playground pages, at 1280 and 390 px
 * wide, light and dark, written to test/screenshots/ (ignored by git) with an index.html to look through them.
 *
 * It serves the already-built dist/ with `astro preview` on $SCREENSHOT_PORT (default 4321), and the workshop server
 * (SQLite in a temporary folder) on the port after it for the live room's shots: a paced room with three learners,
 * set up through its API for each width and theme. Build first:
 *
 *   npm run build && npm run screenshots
 *   SCREENSHOT_PORT=4462 npm run screenshots -- decision-table    # only the shots whose name contains the word
 *
 * Looking is the point: a person opens the pictures (index.html) and fixes what looks unfinished.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { MESSAGE_KINDS, classifyMessage, type Protocol } from '#message-model';
import { getScenario, type CompletionCheck } from '#course';
import { serializeReceipt } from '../../src/receipts/schema.ts';
import { classReceipts } from '../support/class-receipts.ts';
import { testGraderCourse } from '../support/course.ts';
import { SAMPLE_REPORT } from '../support/probe-report-sample.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const out = join(root, 'test/screenshots');
const port = Number(process.env.SCREENSHOT_PORT ?? 4321);
const base = `http://127.0.0.1:${port}`;
const only = process.argv.slice(2);

if (!existsSync(join(root, 'dist/index.html'))) {
  console.error('dist/ has no index.html: build the site first (npm run build).');
  process.exit(2);
}

/**
 * One picture: a page, what to do on it, and the element to photograph (the whole page when absent; the screen only
 * with `screen`). A `room` shot is taken on the workshop server, in a paced room made for it (see pacedRoom): its
 * `url` is then built from the room, and `storage` is put in the page's localStorage before it loads.
 */
interface Shot {
  name: string;
  url: string | ((room: PacedRoom) => string);
  target?: string;
  screen?: boolean;
  room?: true;
  storage?: (room: PacedRoom) => Record<string, string>;
  act?: (page: Page) => Promise<void>;
}

/** A room on the workshop server with three learners who answered chapter 5's table, sent there and revealed. */
interface PacedRoom {
  roomId: string;
  secret: string;
  code: string;
  /** The first learner's sign-in, as the join page keeps it. */
  session: Record<string, string>;
}

const workshopPort = port + 1;
const workshopBase = `http://127.0.0.1:${workshopPort}`;
const CH5_ID = 'error-semantics-and-retries';

async function api(path: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${workshopBase}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Makes a paced room: two learners choose the JSON parser for a malformed incident id, one the course's answer. */
async function pacedRoom(): Promise<PacedRoom> {
  const room = await api('/api/rooms', { title: 'Tuesday class', chapters: [CH5_ID, 'message-shapes'] });
  const [roomId, secret, code] = [String(room.roomId), String(room.instructorSecret), String(room.code)];
  const sessions: Record<string, string>[] = [];
  const answers: [string, string][] = [
    ['Ada Lovelace', 'json-parser'],
    ['Grace Hopper', 'tool-input-validation'],
    ['Lin Chen', 'json-parser'],
  ];
  for (const [i, [name, layer]] of answers.entries()) {
    const joined = await api('/api/join', { code, name });
    const token = joined.token as string;
    sessions.push({ roomId, learnerId: joined.learnerId as string, token, name, title: 'Tuesday class', code });
    await api(
      '/api/events',
      {
        events: [
          {
            key: `gallery-${roomId.slice(0, 8)}-${i}`,
            seq: 1,
            kind: 'decision-table',
            chapterId: CH5_ID,
            itemId: 'ch05-table',
            action: 'check',
            answers: { 'malformed-incident-id': { layer }, 'backend-unavailable': { layer: 'tool-backend' } },
            hintLevel: 0,
          },
        ],
      },
      token,
    );
  }
  await api(`/api/rooms/${roomId}/pace`, { action: 'focus', chapterId: CH5_ID, itemId: 'ch05-table' }, secret);
  await api(`/api/rooms/${roomId}/pace`, { action: 'close', chapterId: CH5_ID, itemId: 'completion' }, secret);
  await api(`/api/rooms/${roomId}/pace`, { action: 'reveal', revealed: true }, secret);
  return { roomId, secret, code, session: sessions[0]! };
}

const dashboardUrl = (room: PacedRoom) =>
  `/instructor/room/#room=${encodeURIComponent(room.roomId)}&key=${encodeURIComponent(room.secret)}`;

const CH5 = '/chapters/error-semantics-and-retries/';
const CH2 = '/chapters/what-a-receiver-owes/';
const CH1 = '/chapters/message-shapes/';
const TABLE = 'lab-decision-table[data-table-id="ch05-table"]';
const CLASSIFY = `lab-classify-fixture:has([data-role="code"])`;
const TIMELINE = 'lab-message-timeline';
const CHECK = 'lab-completion-check';
const CODELAB = 'lab-code-lab';
const CAPSTONE = '/chapters/check-your-own-server/';
const PROBE_REPORT = 'lab-probe-report';

const ROWS = ['unknown-method', 'malformed-incident-id', 'backend-unavailable', 'lost-response-after-write'];
const COLUMNS = ['layer', 'userSees', 'retry'] as const;

async function upgraded(page: Page, selector: string): Promise<void> {
  await page.locator(`${selector}[data-upgraded]`).first().waitFor();
}

async function fillTable(page: Page, scope: string, right: boolean, rows = ROWS): Promise<void> {
  for (const id of rows) {
    const answer = getScenario(id)!.answer;
    for (const column of COLUMNS) {
      const select = page.locator(`${scope} select[data-scenario="${id}"][data-column="${column}"]`);
      if (right) await select.selectOption(answer[column]);
      else {
        const options = await select.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
        await select.selectOption(options.find((v) => v && v !== answer[column])!);
      }
    }
  }
}

/** Pastes a text into the Playground and classifies it. */
async function pastePlayground(page: Page, text: string): Promise<void> {
  await page.locator('#pg-text').fill(text);
  await page.locator('lab-playground button[type="submit"]').click();
  await page.locator('lab-playground [data-role="headline"]').waitFor();
}

/** Pastes the sample probe report (one failed MUST, one forged link) into the capstone's hand-in and loads it. */
async function loadReport(page: Page): Promise<void> {
  await page.locator(PROBE_REPORT).scrollIntoViewIfNeeded();
  await upgraded(page, PROBE_REPORT);
  await page.locator(`${PROBE_REPORT} textarea`).fill(JSON.stringify(SAMPLE_REPORT));
  await page.locator(`${PROBE_REPORT} button[type="submit"]`).click();
  await page.locator(`${PROBE_REPORT} [data-role="rendered"]`).waitFor();
  await page
    .locator(`${PROBE_REPORT} details`)
    .first()
    .evaluate((d) => ((d as HTMLDetailsElement).open = true));
}

async function checkTable(page: Page): Promise<void> {
  await page.locator(`${TABLE} [data-action="check"]`).click();
  await page.locator(`${TABLE} [data-role="status"]:not(:empty)`).waitFor();
}

/** The first classify widget of chapter 2, its fixture's expected kind, computed with the model (a picture, not a test). */
function classifyTruth(page: Page): Promise<{ text: string; protocol: Protocol }> {
  return page
    .locator(CLASSIFY)
    .first()
    .locator('script[data-role="data"]')
    .textContent()
    .then((t) => JSON.parse(t ?? '{}') as { text: string; protocol: Protocol });
}

async function predict(page: Page, kind: string | undefined, send: string | undefined, code?: string): Promise<void> {
  const widget = page.locator(CLASSIFY).first();
  if (kind) await widget.locator(`input[name$=".kind"][value="${kind}"]`).check();
  if (send) await widget.locator(`input[name$=".send"][value="${send}"]`).check();
  if (code !== undefined) await widget.locator('input[name$=".code"]').fill(code);
  await widget.locator('button[type="submit"]').click();
  await page.waitForTimeout(300);
}

function replySendOf(text: string, protocol: Protocol): { send: string; code?: string } {
  const c = classifyMessage(text, { protocol });
  const r = c.reply as { send: string; code?: number | null };
  return { send: r.send, ...(r.send === 'error' && typeof r.code === 'number' ? { code: String(r.code) } : {}) };
}

const check2 = JSON.parse(
  readFileSync(join(root, 'content/checks/what-a-receiver-owes.json'), 'utf8'),
) as CompletionCheck;

async function fillCheck(page: Page, right: boolean): Promise<void> {
  const data = JSON.parse((await page.locator(`${CHECK} script[data-role="data"]`).textContent()) ?? '{}') as {
    fixtureTexts: Record<string, string>;
  };
  for (const q of check2.questions) {
    const li = page.locator(`${CHECK} [data-question="${q.id}"]`);
    if (q.type === 'choice') {
      const option = q.options.find((o) => o.correct === right) ?? q.options[0]!;
      await li.locator(`input[value="${option.id}"]`).check();
    } else if (q.type === 'classify') {
      const text = data.fixtureTexts[q.fixture]!;
      const c = classifyMessage(text, { protocol: q.protocol as Protocol });
      const kind = right ? c.kind : MESSAGE_KINDS.find((k) => k !== c.kind)!;
      if (q.ask.includes('kind')) await li.locator(`input[name$=".kind"][value="${kind}"]`).check();
      if (q.ask.includes('reply')) {
        const reply = replySendOf(text, q.protocol as Protocol);
        const send = right ? reply.send : reply.send === 'nothing' ? 'response' : 'nothing';
        await li.locator(`input[name$=".send"][value="${send}"]`).check();
        if (send === 'error' && reply.code) await li.locator('input[name$=".code"]').fill(reply.code);
      }
    } else if (q.type === 'self-assessed') {
      await li.locator('textarea').fill('The receiver owes a reply only to a request: a notification has no id.');
    }
  }
  await page.locator(`${CHECK} button[type="submit"]`).click();
  await page.waitForTimeout(300);
}

const shots: Shot[] = [
  // Decision table (chapter 5).
  { name: 'decision-table-empty', url: CH5, target: TABLE },
  {
    name: 'decision-table-wrong',
    url: CH5,
    target: TABLE,
    act: async (page) => {
      await fillTable(page, TABLE, false, ROWS.slice(0, 2));
      await checkTable(page);
    },
  },
  {
    name: 'decision-table-right',
    url: CH5,
    target: TABLE,
    act: async (page) => {
      await fillTable(page, TABLE, true);
      await checkTable(page);
    },
  },
  {
    name: 'decision-table-hints-and-solution',
    url: CH5,
    target: TABLE,
    act: async (page) => {
      await fillTable(page, TABLE, false);
      await checkTable(page);
      await page.locator(`${TABLE} [data-action="hint"]`).click();
      await page.locator(`${TABLE} [data-action="solution"]`).click();
      await page.locator(`${TABLE} [data-role="solution"] h4`).waitFor();
    },
  },
  {
    name: 'decision-table-shared-link',
    url: `${CH5}#dt-ch05-table=${Buffer.from(JSON.stringify({ a: { 'unknown-method': { layer: 'transport', retry: 'with-backoff' } } })).toString('base64url')}`,
    target: TABLE,
  },
  {
    name: 'decision-table-locked',
    url: CH5,
    target: TABLE,
    act: async (page) => {
      await page.evaluate(() => document.documentElement.setAttribute('data-workshop-lock', 'locked'));
      await fillTable(page, TABLE, false);
      await checkTable(page);
    },
  },
  // Classify (chapter 2's first fixture).
  { name: 'classify-empty', url: CH2, target: CLASSIFY },
  {
    name: 'classify-incomplete',
    url: CH2,
    target: CLASSIFY,
    act: async (page) => predict(page, 'request', undefined),
  },
  {
    name: 'classify-wrong',
    url: CH2,
    target: CLASSIFY,
    act: async (page) => predict(page, 'notification', 'error', '-32601'),
  },
  {
    name: 'classify-right',
    url: CH2,
    target: CLASSIFY,
    act: async (page) => {
      const { text, protocol } = await classifyTruth(page);
      const c = classifyMessage(text, { protocol });
      const reply = replySendOf(text, protocol);
      await predict(page, c.kind, reply.send, reply.code);
    },
  },
  {
    name: 'classify-explained',
    url: CH2,
    target: CLASSIFY,
    act: async (page) => {
      await predict(page, 'request', 'nothing');
      const widget = page.locator(CLASSIFY).first();
      await widget.locator('[data-role="explain"] textarea').fill('It has an id, so it is a request and owes a reply.');
      await widget.locator('[data-action="compare"]').click();
    },
  },
  {
    // A solved table whose answers then changed: the old verdict is gone.
    name: 'decision-table-changed-after-check',
    url: CH5,
    target: TABLE,
    act: async (page) => {
      await fillTable(page, TABLE, true);
      await checkTable(page);
      await page
        .locator(`${TABLE} select[data-scenario="unknown-method"][data-column="layer"]`)
        .selectOption('transport');
    },
  },
  {
    // Checked again with a cell left empty: the verdict on the answers as they stand.
    name: 'decision-table-recheck-with-empty',
    url: CH5,
    target: TABLE,
    act: async (page) => {
      await fillTable(page, TABLE, true);
      await checkTable(page);
      await page.locator(`${TABLE} select[data-scenario="backend-unavailable"][data-column="retry"]`).selectOption('');
      await checkTable(page);
    },
  },
  // Timeline (chapter 5): its outcome is held back until the table above has been tried.
  { name: 'timeline-default', url: CH5, target: TIMELINE },
  {
    name: 'timeline-shown-on-request',
    url: CH5,
    target: TIMELINE,
    act: async (page) => {
      await page.locator(`${TIMELINE} [data-action="release"]`).click();
    },
  },
  {
    name: 'timeline-after-the-table',
    url: CH5,
    target: TIMELINE,
    act: async (page) => {
      await fillTable(page, TABLE, false);
      await checkTable(page);
    },
  },
  {
    name: 'timeline-stepping',
    url: CH5,
    target: TIMELINE,
    act: async (page) => {
      await page.locator(`${TIMELINE} [data-action="first"]`).click();
      await page.locator(`${TIMELINE} [data-action="next"]`).click();
    },
  },
  {
    name: 'timeline-last-step',
    url: CH5,
    target: TIMELINE,
    act: async (page) => {
      await page.locator(`${TIMELINE} [data-action="first"]`).click();
      const next = page.locator(`${TIMELINE} [data-action="next"]`);
      while (await next.isEnabled()) await next.click();
    },
  },
  {
    name: 'timeline-blind-retry',
    url: CH5,
    target: TIMELINE,
    act: async (page) => {
      await page.locator(`${TIMELINE} [data-role="retry"]`).selectOption('blind');
      await page.waitForTimeout(300);
    },
  },
  // Completion check (chapter 2: choice, classify and self-assessed questions).
  { name: 'completion-check-empty', url: CH2, target: CHECK },
  { name: 'completion-check-wrong', url: CH2, target: CHECK, act: (page) => fillCheck(page, false) },
  { name: 'completion-check-right', url: CH2, target: CHECK, act: (page) => fillCheck(page, true) },
  // Completion check with a decision table (chapter 5).
  { name: 'completion-check-table-empty', url: CH5, target: CHECK },
  // Make it yours.
  { name: 'make-it-yours-empty', url: CH2, target: 'lab-make-it-yours' },
  {
    name: 'make-it-yours-ticked',
    url: CH2,
    target: 'lab-make-it-yours',
    act: async (page) => page.locator('lab-make-it-yours input[type="checkbox"]').check(),
  },
  // Code lab (chapter 1's first).
  { name: 'code-lab-empty', url: CH1, target: CODELAB },
  {
    name: 'code-lab-wrong',
    url: CH1,
    target: CODELAB,
    act: async (page) => {
      const lab = page.locator(CODELAB).first();
      await lab.locator('[data-role="run"]').click();
      await page.locator(`${CODELAB}[data-state="failed"], ${CODELAB}[data-state="passed"]`).first().waitFor();
    },
  },
  {
    name: 'code-lab-solution-shown',
    url: CH1,
    target: CODELAB,
    act: async (page) => {
      const lab = page.locator(CODELAB).first();
      await lab.locator('[data-role="run"]').click();
      await page.locator(`${CODELAB}[data-state="failed"], ${CODELAB}[data-state="passed"]`).first().waitFor();
      await lab.locator('[data-role="show-solution"]').click();
    },
  },
  // Pages.
  // The capstone's hand-in of a probe report.
  { name: 'probe-report-empty', url: CAPSTONE, target: PROBE_REPORT },
  { name: 'probe-report-loaded', url: CAPSTONE, target: PROBE_REPORT, act: loadReport },
  { name: 'page-home', url: '/' },
  {
    name: 'page-home-in-progress',
    url: CH5,
    act: async (page) => {
      await fillTable(page, TABLE, true);
      await checkTable(page);
      await page.goto(`${base}/`);
      await page.waitForTimeout(500);
    },
  },
  { name: 'page-chapter-5', url: CH5 },
  { name: 'page-chapter-capstone', url: CAPSTONE },
  { name: 'page-progress-empty', url: '/progress/' },
  {
    name: 'page-progress-in-progress',
    url: CH5,
    act: async (page) => {
      await fillTable(page, TABLE, true);
      await checkTable(page);
      await page.goto(`${base}/progress/`);
      await page.waitForTimeout(500);
    },
  },
  { name: 'page-roster', url: '/instructor/roster/' },
  {
    // Six receipts graded: the grid, misconceptions by name, and the LMS export's controls with their default columns.
    name: 'page-roster-graded',
    url: '/instructor/roster/',
    act: async (page) => {
      await page.locator('lab-roster form:not([hidden])').waitFor();
      await page
        .locator('#roster-paste')
        .fill(classReceipts(testGraderCourse(), 6, 45).map(serializeReceipt).join('\n'));
      await page.locator('lab-roster button[type="submit"]').click();
      await page.locator('[data-role="grid"]').waitFor();
      await page.waitForTimeout(300);
    },
  },
  {
    // The most common misconceptions, by name, then the belief and its correction.
    name: 'page-roster-misconceptions',
    url: '/instructor/roster/',
    target: 'lab-roster section:has([data-role="misconceptions"])',
    act: async (page) => {
      await page.locator('lab-roster form:not([hidden])').waitFor();
      await page
        .locator('#roster-paste')
        .fill(classReceipts(testGraderCourse(), 6, 45).map(serializeReceipt).join('\n'));
      await page.locator('lab-roster button[type="submit"]').click();
      await page.locator('[data-role="misconceptions"]').waitFor();
    },
  },
  {
    name: 'page-roster-lms-export',
    url: '/instructor/roster/',
    target: '[data-role="lms-export"]',
    act: async (page) => {
      await page.locator('lab-roster form:not([hidden])').waitFor();
      await page
        .locator('#roster-paste')
        .fill(classReceipts(testGraderCourse(), 3, 46).map(serializeReceipt).join('\n'));
      await page.locator('lab-roster button[type="submit"]').click();
      await page.locator('[data-role="grid"]').waitFor();
    },
  },
  { name: 'page-playground', url: '/playground/' },
  {
    name: 'page-playground-log',
    url: '/playground/',
    act: async (page) => {
      await page.locator('[data-example="__log"]').click();
      await page.locator('lab-playground button[type="submit"]').click();
      await page.waitForTimeout(1000);
    },
  },
  {
    // A host's log (test/data/host-logs): prefixes stripped, the side of each line, the session in one sentence.
    name: 'page-playground-host-log',
    url: '/playground/',
    target: 'lab-playground [data-role="result-section"]',
    act: async (page) => {
      await pastePlayground(page, readFileSync(join(root, 'test/data/host-logs/both-sides-id-1.txt'), 'utf8'));
    },
  },
  {
    // A JSONL log whose problems span lines: the headline counts them and the list names each.
    name: 'page-playground-log-issues',
    url: '/playground/',
    target: 'lab-playground [data-role="result-section"]',
    act: async (page) => {
      const meta = {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'lab', version: '1.0.0' },
      };
      const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } });
      await pastePlayground(
        page,
        [call, call, JSON.stringify({ jsonrpc: '2.0', id: 9, result: { resultType: 'complete', tools: [] } })].join(
          '\n',
        ),
      );
    },
  },
  { name: 'page-instructor', url: '/instructor/' },
  // The live room, led by the instructor (on the workshop server).
  {
    name: 'room-pacing-controls',
    room: true,
    url: dashboardUrl,
    target: '[data-role="pace"]',
    act: async (page) => {
      await page.locator('[data-role="pace-closed"] li').waitFor();
    },
  },
  {
    name: 'room-reveal',
    room: true,
    url: dashboardUrl,
    target: '[data-role="reveal"]',
    act: async (page) => {
      await page.locator('[data-role="reveal"] .room-cell').first().waitFor();
    },
  },
  {
    name: 'room-projector',
    room: true,
    url: dashboardUrl,
    storage: () => ({ 'mcp-lab-room:projector': '1' }),
    act: async (page) => {
      await page.locator('[data-role="reveal"]:not([hidden])').waitFor();
    },
  },
  {
    name: 'room-learner-paced',
    room: true,
    url: () => '/chapters/message-shapes/',
    screen: true,
    storage: (room) => ({ 'mcp-lab-room:session': JSON.stringify(room.session) }),
    act: async (page) => {
      await page.waitForURL(`**${CH5}`);
      await page.locator('.room-pace-note').waitFor();
    },
  },
  {
    name: 'room-learner-closed-item',
    room: true,
    url: () => CH5,
    target: CHECK,
    storage: (room) => ({ 'mcp-lab-room:session': JSON.stringify(room.session) }),
    act: async (page) => {
      await page.locator(`${CHECK} .room-closed-note`).waitFor();
    },
  },
  {
    // "Print the agenda", as the paper shows it.
    name: 'print-agenda',
    url: '/instructor/',
    act: async (page) => {
      await page.evaluate(() => (window.print = () => undefined));
      await page.locator('lab-agenda-planner [data-action="print"]').click();
      await page.emulateMedia({ media: 'print' });
    },
  },
  {
    // Chapter 5 of the exercises handout on paper: each blank decision table carries its letter keys.
    name: 'print-exercises-chapter-5',
    url: '/handout/exercises/',
    target: 'section[data-chapter="error-semantics-and-retries"]',
    act: (page) => page.emulateMedia({ media: 'print' }),
  },
  { name: 'page-handout', url: '/handout/' },
  { name: 'page-search', url: '/search/?q=idempotency' },
  // The live room, on the workshop server: a room that asks for a student ID (made once, before the shots).
  {
    name: 'room-join-lms-id',
    url: '/join/',
    room: true,
    target: '[data-role="join-form"]',
    act: (page) => joinAskedRoom(page),
  },
  {
    name: 'room-join-lms-id-error',
    url: '/join/',
    room: true,
    target: '[data-role="join-form"]',
    act: async (page) => {
      await joinAskedRoom(page);
      await page.getByLabel('Student number (on your card)').fill('ada lovelace');
      await page.getByRole('button', { name: 'Join the room' }).click();
      await page.locator('[data-role="lms-error"]:not([hidden])').waitFor();
    },
  },
  {
    name: 'room-create-lms-id',
    url: '/instructor/room/',
    room: true,
    target: '[data-role="create-form"]',
    act: async (page) => {
      await page.getByLabel('E-mail address').check();
      await page.getByLabel('Label learners see above the field').fill('University e-mail');
    },
  },
  {
    // A decision table answered before joining, then the offer to send it after joining the room.
    name: 'room-earlier-work',
    url: CH5,
    room: true,
    target: '.room-earlier',
    act: async (page) => {
      const table = page.locator('lab-decision-table').first();
      await table.locator('select[name="malformed-incident-id.layer"]').selectOption('json-parser');
      const graded = page.evaluate(
        () => new Promise<void>((r) => document.addEventListener('mcp-lab:graded', () => r(), { once: true })),
      );
      await table.locator('[data-action="check"]').click();
      await graded;
      await page.goto(`${workshopBase}/join/`);
      await page.getByLabel('Room code').fill(askedRoomCode);
      await page.getByLabel('Your name').fill(`Learner ${Math.random().toString(36).slice(2, 8)}`);
      await page.getByRole('button', { name: 'Join the room' }).click();
      await page.locator('[data-role="lms-field"]:not([hidden])').waitFor();
      await page.getByLabel('Student number (on your card)').fill('s1234567');
      await page.getByRole('button', { name: 'Join the room' }).click();
      await page.locator('.room-earlier').waitFor();
    },
  },
  {
    name: 'room-created',
    url: '/instructor/room/',
    room: true,
    screen: true,
    act: async (page) => {
      await page.getByLabel('Room title').fill('Tuesday class');
      await page.getByRole('button', { name: 'Create the room' }).click();
      await page.locator('[data-role="join-info"]:focus').waitFor();
      await page.locator('[data-role="qr"] svg').waitFor();
    },
  },
];

/** The code of the room the join shots use; set once the workshop server is up. */
let askedRoomCode = '';

/** Types the asking room's code and a name on the join page and joins, so the room asks for the identifier. */
async function joinAskedRoom(page: Page): Promise<void> {
  await page.getByLabel('Room code').fill(askedRoomCode);
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Join the room' }).click();
  await page.locator('[data-role="lms-field"]:not([hidden])').waitFor();
}

const VARIANTS = [
  { name: '1280-light', width: 1280, height: 800, colorScheme: 'light' },
  { name: '1280-dark', width: 1280, height: 800, colorScheme: 'dark' },
  { name: '390-light', width: 390, height: 844, colorScheme: 'light' },
  { name: '390-dark', width: 390, height: 844, colorScheme: 'dark' },
] as const;

const server = spawn(
  process.execPath,
  [
    join(root, 'node_modules/astro/bin/astro.mjs'),
    'preview',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--ignore-lock',
  ],
  { cwd: root, stdio: 'ignore', detached: true },
);
const stop = () => {
  try {
    process.kill(-server.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
};
const roomData = mkdtempSync(join(tmpdir(), 'gallery-room-'));
const workshop = spawn(
  process.execPath,
  [
    join(root, 'src/server/main.ts'),
    '--dist',
    join(root, 'dist'),
    '--no-qr',
    '--port',
    String(workshopPort),
    '--host',
    '127.0.0.1',
    '--data',
    join(roomData, 'room.sqlite'),
  ],
  { cwd: root, stdio: 'ignore', detached: true },
);
const stopWorkshop = () => {
  try {
    process.kill(-workshop.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
  rmSync(roomData, { recursive: true, force: true });
};
process.on('SIGINT', () => (stop(), stopWorkshop(), process.exit(130)));

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(`${base}/`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`astro preview did not answer on ${base} (is the port taken? set SCREENSHOT_PORT)`);
}

async function waitForWorkshop(): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${workshopBase}/workshop-server.json`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the workshop server did not answer on ${workshopBase} (is the port taken? set SCREENSHOT_PORT)`);
}

/** Creates the room the join shots use: two chapters, asking for a student ID under the instructor's label. */
async function createAskedRoom(): Promise<string> {
  const res = await fetch(`${workshopBase}/api/rooms`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title: 'Gradebook class',
      chapters: ['what-a-receiver-owes', 'error-semantics-and-retries'],
      lmsId: { kind: 'student-id', label: 'Student number (on your card)' },
    }),
  });
  if (res.status !== 201) throw new Error(`the workshop server did not create a room: ${res.status}`);
  return ((await res.json()) as { code: string }).code;
}

const failures: string[] = [];
try {
  await waitForServer();
  await waitForWorkshop();
  askedRoomCode = await createAskedRoom();
  rmSync(out, { recursive: true, force: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const selected = shots.filter((s) => only.length === 0 || only.some((o) => s.name.includes(o)));
  for (const variant of VARIANTS) {
    mkdirSync(join(out, variant.name), { recursive: true });
    // One room per width and theme: each dashboard opening counts against the room's whole-room reads.
    const room = selected.some((s) => s.room) ? await pacedRoom() : undefined;
    for (const shot of selected) {
      const context = await browser.newContext({
        viewport: { width: variant.width, height: variant.height },
        colorScheme: variant.colorScheme,
        reducedMotion: 'reduce',
        hasTouch: variant.width < 500,
        isMobile: variant.width < 500,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('dialog', (d) => void d.accept());
      try {
        const url = typeof shot.url === 'string' ? shot.url : shot.url(room!);
        const storage = shot.storage?.(room!);
        if (storage)
          await page.addInitScript((items: Record<string, string>) => {
            if (sessionStorage.getItem('gallery-seeded')) return;
            sessionStorage.setItem('gallery-seeded', '1');
            for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
          }, storage);
        await page.goto(`${shot.room ? workshopBase : base}${url}`);
        for (const tag of [
          'lab-decision-table',
          'lab-classify-fixture',
          'lab-message-timeline',
          'lab-completion-check',
        ])
          if (url.includes('/chapters/') && (await page.locator(tag).count())) await upgraded(page, tag);
        await shot.act?.(page);
        const file = join(out, variant.name, `${shot.name}.png`);
        if (shot.target) await page.locator(shot.target).first().screenshot({ path: file });
        else await page.screenshot({ path: file, fullPage: !shot.screen });
        if (errors.length) failures.push(`${variant.name}/${shot.name}: ${errors.join('; ')}`);
      } catch (error) {
        failures.push(`${variant.name}/${shot.name}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
      }
      await context.close();
    }
    console.log(`${variant.name}: ${selected.length} shots`);
  }
  await browser.close();
  const cells = VARIANTS.map((v) => `<th>${v.name}</th>`).join('');
  const rows = selected
    .map(
      (s) =>
        `<tr><th>${s.name}</th>${VARIANTS.map((v) => `<td><a href="${v.name}/${s.name}.png"><img loading="lazy" src="${v.name}/${s.name}.png" alt="${s.name}, ${v.name}"></a></td>`).join('')}</tr>`,
    )
    .join('\n');
  writeFileSync(
    join(out, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>Screenshot gallery</title><style>body{font:14px system-ui}img{max-width:320px;max-height:480px;border:1px solid #ccc}td,th{vertical-align:top;padding:4px}</style><table><tr><th></th>${cells}</tr>\n${rows}</table>`,
  );
  console.log(`Gallery: ${join('test/screenshots', 'index.html')} (${selected.length * VARIANTS.length} pictures)`);
} finally {
  stop();
  stopWorkshop();
}
if (failures.length) {
  console.error(`\n${failures.length} shot(s) had problems:\n${failures.join('\n')}`);
  process.exit(1);
}
