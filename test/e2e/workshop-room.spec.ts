/**
 * The live workshop room in real browsers: an instructor and three learners in separate browser
 * contexts against the workshop server (its own process, SQLite in a temporary folder, serving the same build the
 * other specs see). A wrong answer reaching the dashboard, the lock and unlock reaching learners, a learner going
 * offline and catching up, the CSV export, names shown as text. Delays are printed as annotations, not asserted
 * (the machine is shared).
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { VIEWPORTS, expect, test } from './fixtures.ts';
import { person, useWorkshopServer } from './workshop-server.ts';

const PORT = Number(process.env.WORKSHOP_E2E_PORT ?? Number(process.env.E2E_PORT ?? 4321) + 1);
const BASE = `http://127.0.0.1:${PORT}`;

test.describe.configure({ mode: 'serial' });

useWorkshopServer(PORT);

/** The dashboard's row for a learner. */
const row = (dashboard: Page, name: string) =>
  dashboard.locator('[data-role="learners"] tbody tr').filter({ has: dashboard.locator('th', { hasText: name }) });

/** The value in one labelled cell of a learner's row. */
const cell = (dashboard: Page, name: string, label: string) =>
  row(dashboard, name).locator(`td[data-label="${label}"]`);

test.describe('a live workshop room', () => {
  let instructor: Awaited<ReturnType<typeof person>>;
  const learners: Awaited<ReturnType<typeof person>>[] = [];
  const names = ['Ada Lovelace', 'Grace Hopper', '<img src=x onerror="window.__pwned=1">'];
  let code = '';

  test('an instructor creates a room and three learners join it from their own browsers', async ({ browser }) => {
    instructor = await person(browser);
    const dash = instructor.page;
    await dash.goto(`${BASE}/instructor/room/`);
    await dash.getByLabel('Room title').fill('Tuesday class');
    await dash.getByRole('button', { name: 'Create the room' }).click();
    await expect(dash.locator('[data-role="live"]')).toHaveText('Live');
    expect(dash.url()).not.toContain('key=');
    code = (await dash.locator('[data-role="code"]').textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await expect(dash.locator('[data-role="qr"] svg')).toBeVisible();

    for (const name of names) {
      const learner = await person(browser);
      learners.push(learner);
      await learner.page.goto(`${BASE}/join/`);
      await learner.page.getByLabel('Room code').fill(code.toLowerCase());
      await learner.page.getByLabel('Your name').fill(name);
      await learner.page.getByRole('button', { name: 'Join the room' }).click();
      await expect(learner.page.locator('[data-role="joined"]')).toBeVisible();
    }
    for (const name of names) await expect(row(dash, name)).toBeVisible();
    // A name is text on the dashboard, never markup.
    await expect(dash.locator('[data-role="learners"] th', { hasText: names[2]! })).toBeVisible();
    expect(await dash.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('a wrong answer shows on the dashboard', async () => {
    const ada = learners[0]!.page;
    await ada.goto(`${BASE}/chapters/message-shapes/`);
    await expect(ada.locator('.room-banner')).toContainText('Tuesday class');
    const lab = ada.locator('lab-code-lab').first();
    await lab.scrollIntoViewIfNeeded();
    const announced = ada.evaluate(
      () =>
        new Promise<number>((resolve) =>
          document.addEventListener('mcp-lab:graded', () => resolve(Date.now()), { once: true }),
        ),
    );
    // The starter code does not solve the exercise: its tests fail, a wrong answer reported by the code lab.
    await lab.locator('[data-role="run"]').click();
    const at = await announced;
    await expect(cell(instructor.page, 'Ada Lovelace', 'Wrong in a row')).toHaveText('1', { timeout: 15_000 });
    test.info().annotations.push({ type: 'graded → dashboard', description: `${Date.now() - at} ms (incl. polling)` });
    await expect(cell(instructor.page, 'Ada Lovelace', 'Chapter now')).toContainText('message shapes');
    await expect(ada.locator('.room-banner')).toContainText('all answers sent');
  });

  test('a wrong decision-table answer is graded on the server and counted in the dashboard’s cell answers', async () => {
    const ada = learners[0]!.page;
    await ada.goto(`${BASE}/chapters/error-semantics-and-retries/`);
    const table = ada.locator('lab-decision-table').first();
    await table.scrollIntoViewIfNeeded();
    // The course's answer for this cell is the tool's input validation (content/scenarios/tool-calls.json); the JSON
    // parser never sees inside the arguments.
    await table.locator('select[name="malformed-incident-id.layer"]').selectOption('json-parser');
    const announced = ada.evaluate(
      () =>
        new Promise<number>((resolve) =>
          document.addEventListener('mcp-lab:graded', () => resolve(Date.now()), { once: true }),
        ),
    );
    await table.locator('[data-action="check"]').click();
    const at = await announced;
    const cellBox = instructor.page
      .locator('.room-cell')
      .filter({ has: instructor.page.locator('h4', { hasText: 'Malformed incident ID' }) })
      .filter({ has: instructor.page.locator('h4', { hasText: 'layer' }) });
    await expect(cellBox.locator('.room-answer-wrong')).toContainText('Wrong: JSON parser (1)', { timeout: 15_000 });
    test.info().annotations.push({ type: 'table check → dashboard cell', description: `${Date.now() - at} ms` });
    await expect(cellBox).toContainText('0 of 1 right');
    await expect(cell(instructor.page, 'Ada Lovelace', 'Chapter now')).toContainText('Error semantics');
  });

  test('locking and unlocking solutions reaches every learner', async () => {
    const pages = learners.map((l) => l.page);
    for (const page of pages.slice(1)) await page.goto(`${BASE}/chapters/message-shapes/`);
    for (const page of pages) await expect(page.locator('.room-banner')).toBeVisible();
    await instructor.page.getByRole('button', { name: 'Lock solutions' }).click();
    const t0 = Date.now();
    for (const page of pages) await expect(page.locator('html')).toHaveAttribute('data-workshop-lock', 'locked');
    test.info().annotations.push({ type: 'lock → 3 learners', description: `${Date.now() - t0} ms` });
    await expect(instructor.page.locator('[data-role="lock-state"]')).toContainText('locked');
    await instructor.page.getByRole('button', { name: 'Unlock solutions' }).click();
    const t1 = Date.now();
    for (const page of pages) await expect(page.locator('html')).not.toHaveAttribute('data-workshop-lock', 'locked');
    test.info().annotations.push({ type: 'unlock → 3 learners', description: `${Date.now() - t1} ms` });
    // The room's state holds on the next page too.
    await instructor.page.getByRole('button', { name: 'Lock solutions' }).click();
    await expect(pages[1]!.locator('html')).toHaveAttribute('data-workshop-lock', 'locked');
    await pages[1]!.reload();
    await expect(pages[1]!.locator('html')).toHaveAttribute('data-workshop-lock', 'locked');
    await instructor.page.getByRole('button', { name: 'Unlock solutions' }).click();
    await expect(pages[1]!.locator('html')).not.toHaveAttribute('data-workshop-lock', 'locked');
  });

  test('closing joining keeps a newcomer out (a removed learner cannot come back under another name); opening lets them in', async ({
    browser,
  }) => {
    const dash = instructor.page;
    await expect(dash.locator('[data-role="joining-state"]')).toContainText('close joining to keep them out');
    await dash.getByRole('button', { name: 'Close joining' }).click();
    await expect(dash.locator('[data-role="joining-state"]')).toContainText('Joining is closed');
    const late = await person(browser);
    await late.page.goto(`${BASE}/join/`);
    await late.page.getByLabel('Room code').fill(code);
    await late.page.getByLabel('Your name').fill('Mallory2');
    await late.page.getByRole('button', { name: 'Join the room' }).click();
    await expect(late.page.locator('[data-role="form-error"]')).toContainText('closed joining');
    await dash.getByRole('button', { name: 'Open joining' }).click();
    await expect(dash.locator('[data-role="joining-state"]')).toContainText('Joining is open');
    await late.page.getByRole('button', { name: 'Join the room' }).click();
    await expect(late.page.locator('[data-role="joined"]')).toBeVisible();
    await late.context.close();
  });

  test('a learner who goes offline keeps working and catches up when the network is back', async () => {
    const grace = learners[1]!;
    await grace.context.setOffline(true);
    const box = grace.page.locator('[data-role="checkbox"]').first();
    await box.scrollIntoViewIfNeeded();
    await box.check();
    await expect(grace.page.locator('.room-banner')).toContainText('waiting to send');
    await expect(cell(instructor.page, 'Grace Hopper', 'Items done')).toHaveText(/^0 of/);
    await grace.context.setOffline(false);
    await grace.page.evaluate(() => dispatchEvent(new Event('online')));
    // The queued self-mark reaches the server once the network is back; it is the learner's word, not a
    // server-graded item, so the dashboard's "Items done" (server-graded items only) stays at 0.
    await expect(grace.page.locator('.room-banner')).toContainText('all answers sent', { timeout: 20_000 });
    await expect(cell(instructor.page, 'Grace Hopper', 'Items done')).toHaveText(/^0 of/);
  });

  test('the class exports as CSV, with code labs labelled self-reported', async () => {
    const download = instructor.page.waitForEvent('download');
    await instructor.page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = readFileSync(file, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('code labs passed (self-reported)');
    for (const name of ['Ada Lovelace', 'Grace Hopper']) expect(csv).toContain(name);
    expect(csv).toContain('<img src=x onerror=""window.__pwned=1"">');
    // The roster's columns: the room's title and code on every learner's row, chapters by title.
    const header = csv.split('\r\n')[0]!;
    expect(header).toContain('room code');
    expect(header).toContain('The three message shapes: status');
    expect(csv).toContain(`Tuesday class,${code.replace('-', '')}`);
  });

  test('the LMS export writes the gradebook file from the server and names who is left out', async () => {
    const dash = instructor.page;
    const lms = dash.locator('[data-role="lms-export"]');
    await lms.getByLabel('LMS').selectOption('moodle');
    await expect(lms.getByLabel(/^Columns/)).toHaveValue(/^message-shapes score The three message shapes \(score\)/);
    const download = dash.waitForEvent('download');
    await lms.getByRole('button', { name: 'Download for the LMS' }).click();
    const file = readFileSync((await (await download).path())!, 'utf8');
    // No learner gave an identifier at join, so the file is Moodle's header alone, and the page says why.
    expect(file.split('\r\n')[0]).toMatch(/^Username,The three message shapes \(score\),/);
    await expect(lms.locator('[data-role="lms-status"]')).toContainText('They gave none when they joined the room.');
  });

  test('an ended room says so and stops inviting: no join code or QR, no Remove column, and its data can still be exported', async () => {
    const dash = instructor.page;
    await expect(dash.locator('[data-role="join-info"]')).toBeVisible();
    await expect(dash.getByRole('button', { name: 'Remove Ada Lovelace' })).toBeVisible();
    await dash.getByRole('button', { name: 'End the room…' }).click();
    await dash.locator('[data-role="confirm-yes"]').click();
    await expect(dash.locator('[data-role="summary"]')).toContainText('ended');
    await expect(dash.locator('[data-role="live"]')).toHaveText('Ended');
    await expect(dash.locator('[data-role="join-info"]')).toBeHidden();
    await expect(dash.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expect(dash.getByRole('columnheader', { name: 'Remove' })).toHaveCount(0);
    await expect(dash.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  });

  test('no page logged an error', async () => {
    // Going offline makes the browser log the requests it could not send; nothing else may appear.
    const offline = /net::ERR_INTERNET_DISCONNECTED/;
    for (const p of [instructor, ...learners]) expect(p.errors.filter((e) => !offline.test(e))).toEqual([]);
    for (const p of [instructor, ...learners]) await p.context.close();
  });
});

test.describe('joining a room that asks for an LMS identifier, and sees only its chapters', () => {
  const ROOM_CHAPTERS = ['what-a-receiver-owes', 'error-semantics-and-retries'];
  let code = '';

  /** Creates a room of ROOM_CHAPTERS asking for a university e-mail, at `viewport`; returns the dashboard page. */
  async function createRoom(browser: Browser, viewport: { width: number; height: number }) {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const dash = await context.newPage();
    await dash.goto(`${BASE}/instructor/room/`);
    await dash.getByLabel('Room title').fill('Gradebook class');
    for (const box of await dash.locator('input[name="chapters"]').all()) {
      if (!ROOM_CHAPTERS.includes(await box.inputValue())) await box.uncheck();
    }
    await dash.getByLabel('E-mail address').check();
    await dash.getByLabel('Label learners see above the field').fill('University e-mail');
    await dash.getByRole('button', { name: 'Create the room' }).click();
    return { context, dash };
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`after "Create the room" the code and QR code are in view and focused (${size}, ${viewport.width} px)`, async ({
      browser,
    }) => {
      const { context, dash } = await createRoom(browser, viewport);
      const joinInfo = dash.getByRole('region', { name: /How learners join/ });
      await expect(dash.locator('[data-role="qr"] svg')).toBeVisible();
      await expect(joinInfo).toBeFocused();
      await expect(dash.locator('[data-role="code"]')).toBeInViewport({ ratio: 1 });
      await expect(dash.locator('[data-role="qr"] svg')).toBeInViewport({ ratio: 1 });
      code = (await dash.locator('[data-role="code"]').textContent())!.trim();
      await context.close();
    });
  }

  test('a learner is asked for the identifier, a bad one is refused keeping their name, a good one joins', async ({
    browser,
  }) => {
    const { context: dashContext, dash } = await createRoom(browser, VIEWPORTS.desktop);
    await expect(dash.locator('[data-role="live"]')).toHaveText('Live');
    code = (await dash.locator('[data-role="code"]').textContent())!.trim();
    const learner = await person(browser);
    const page = learner.page;
    await page.goto(`${BASE}/join/`);
    await page.getByLabel('Room code').fill(code);
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Join the room' }).click();
    // The room says what it asks for: the field appears under the instructor's label, focused, with no error yet.
    const field = page.getByLabel('University e-mail');
    await expect(field).toBeFocused();
    await expect(page.locator('[data-role="lms-error"]')).toBeHidden();
    await field.fill('ada lovelace');
    await page.getByRole('button', { name: 'Join the room' }).click();
    await expect(page.locator('[data-role="lms-error"]')).toContainText('e-mail address');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await expect(page.getByLabel('Your name')).toHaveValue('Ada Lovelace');
    await expect(field).toHaveValue('ada lovelace');
    await field.fill('ada@example.edu');
    await page.getByRole('button', { name: 'Join the room' }).click();
    await expect(page.locator('[data-role="joined"]')).toBeVisible();

    // The identifier is the export's, never the dashboard's.
    await expect(row(dash, 'Ada Lovelace')).toBeVisible();
    await expect(dash.locator('body')).not.toContainText('ada@example.edu');
    // The room asked for an e-mail address: Moodle's export identifies users by it unless the instructor changes it.
    const lms = dash.locator('[data-role="lms-export"]');
    await lms.getByLabel('LMS').selectOption('moodle');
    await expect(lms.getByLabel(/identifier is the/)).toHaveValue('email');
    await dashContext.close();
  });

  test('after joining, the join page, the home page, the course path and chapter navigation list the room’s chapters only', async ({
    browser,
  }) => {
    const learner = await person(browser);
    const page = learner.page;
    await page.goto(`${BASE}/join/`);
    await page.getByLabel('Room code').fill(code);
    await page.getByLabel('Your name').fill('Grace Hopper');
    await page.getByRole('button', { name: 'Join the room' }).click();
    await page.getByLabel('University e-mail').fill('grace@example.edu');
    await page.getByRole('button', { name: 'Join the room' }).click();
    const listed = page.locator('[data-role="joined"] li[data-room-chapter]:visible');
    await expect(listed).toHaveCount(2);
    expect(await listed.evaluateAll((li) => li.map((l) => (l as HTMLElement).dataset.roomChapter))).toEqual(
      ROOM_CHAPTERS,
    );
    // Numbered as the course numbers them (the outline's "Chapter 2" and "Chapter 5"), not 1 and 2: an instructor
    // saying "open chapter 5" must match what the learner reads here.
    expect(await listed.evaluateAll((li) => li.map((l) => (l as HTMLLIElement).value))).toEqual([2, 5]);
    await expect(page.getByRole('link', { name: 'Go to the course' })).toHaveAttribute(
      'href',
      `/chapters/${ROOM_CHAPTERS[0]}/`,
    );

    await page.goto(`${BASE}/`);
    const outline = page.locator('.outline-list > li:visible');
    await expect(outline).toHaveCount(2);
    expect(await outline.evaluateAll((li) => li.map((l) => (l as HTMLElement).dataset.roomChapter))).toEqual(
      ROOM_CHAPTERS,
    );
    await expect(page.locator('.outline-total')).toHaveText(/^Your workshop room has 2 chapters, about /);
    expect(await outline.evaluateAll((li) => li.map((l) => /Chapter (\d+)/.exec(l.textContent ?? '')?.[1]))).toEqual([
      '2',
      '5',
    ]);
    await expect(page.locator('[data-progress-start]')).toHaveAttribute('href', `/chapters/${ROOM_CHAPTERS[0]}/`);

    // Chapter navigation steps from the room's first chapter straight to its second (chapters 3 and 4 are not in it).
    await page.goto(`${BASE}/chapters/${ROOM_CHAPTERS[0]}/`);
    await expect(page.locator('.chapter-kicker')).toHaveText(/1 of 2 in your workshop room/);
    await expect(page.locator('.chapter-nav a[rel="prev"]')).toHaveCount(0);
    await page.locator('.chapter-nav a[rel="next"]').click();
    await expect(page).toHaveURL(`${BASE}/chapters/${ROOM_CHAPTERS[1]}/`);
    await expect(page.locator('.chapter-kicker')).toHaveText(/2 of 2 in your workshop room/);
    await expect(page.locator('.chapter-nav a[rel="prev"]')).toHaveAttribute('href', `/chapters/${ROOM_CHAPTERS[0]}/`);
    await expect(page.locator('.chapter-nav a[rel="next"]')).toHaveCount(0);

    // The course path's "Continue" stays in the room: work in chapter 1, outside it, gives no step there; work in
    // the room's first chapter gives a step in it, numbered as in the course.
    const mark = async (chapter: string) => {
      await page.goto(`${BASE}/chapters/${chapter}/`);
      await page.locator('lab-make-it-yours[data-upgraded]').waitFor();
      await page.locator('lab-make-it-yours [data-role="checkbox"]').check();
    };
    await mark('message-shapes');
    await page.goto(`${BASE}/`);
    await expect(page.locator('.outline-list > li:visible')).toHaveCount(2);
    await expect(page.locator('[data-progress-continue]')).toBeHidden();
    await mark(ROOM_CHAPTERS[0]!);
    await page.goto(`${BASE}/`);
    await expect(page.locator('[data-progress-continue] a')).toHaveText(/^Continue: chapter 2, /);
    // The progress page lists the room's two chapters only.
    await page.goto(`${BASE}/progress/`);
    await page.locator('lab-progress-page[data-upgraded]').waitFor();
    await expect(page.locator('lab-progress-page li[data-chapter]:visible')).toHaveCount(2);
    await expect(page.locator(`lab-progress-page li[data-chapter="${ROOM_CHAPTERS[0]}"]`)).toBeVisible();
    // The first join, sent before the page knows the room asks for an identifier, is answered as an ask (200),
    // not a refusal: the learner's console shows no failed request (issue 19).
    expect(learner.errors).toEqual([]);
    await learner.context.close();
  });
});
