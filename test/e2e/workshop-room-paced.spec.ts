/**
 * The instructor leading a live room, in real browsers: an instructor and three learners in separate contexts of
 * one Chromium against the workshop server (its own process, SQLite in a temporary folder). The instructor sends
 * the room to chapter 5's decision table and every learner's page follows, with the notice and a way back; the
 * item is closed and a learner's check is held back and refused with the message; reopened, the class answers and
 * the reveal counts them; the projector view shows no learner's name.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { person, useWorkshopServer } from './workshop-server.ts';

const PORT = Number(process.env.WORKSHOP_E2E_PORT ?? Number(process.env.E2E_PORT ?? 4321) + 2);
const BASE = `http://127.0.0.1:${PORT}`;
const CH5 = '/chapters/error-semantics-and-retries/';
const CLOSED =
  'The instructor has closed “Decision table: who notices, what the user sees, and whether to retry” for now: your answer stays in this browser and is not sent to the room.';

test.describe.configure({ mode: 'serial' });

useWorkshopServer(PORT);

/** Chooses a value in one cell of chapter 5's table and checks it. */
async function answer(page: Page, cell: string, value: string): Promise<void> {
  const table = page.locator('lab-decision-table[data-table-id="ch05-table"]');
  await table.locator(`select[name="${cell}"]`).selectOption(value);
  await table.locator('[data-action="check"]').click();
}

test.describe('a room the instructor leads', () => {
  let instructor: Awaited<ReturnType<typeof person>>;
  const learners: Awaited<ReturnType<typeof person>>[] = [];
  const names = ['Ada Lovelace', 'Grace Hopper', 'Lin Chen'];

  test('the instructor sends the room to a decision table and all three learners’ pages follow', async ({
    browser,
  }) => {
    instructor = await person(browser);
    const dash = instructor.page;
    await dash.goto(`${BASE}/instructor/room/`);
    await dash.getByLabel('Room title').fill('Paced class');
    await dash.getByRole('button', { name: 'Create the room' }).click();
    await expect(dash.locator('[data-role="live"]')).toHaveText('Live');
    const code = (await dash.locator('[data-role="code"]').textContent())!.trim();
    for (const name of names) {
      const learner = await person(browser);
      learners.push(learner);
      await learner.page.goto(`${BASE}/join/`);
      await learner.page.getByLabel('Room code').fill(code);
      await learner.page.getByLabel('Your name').fill(name);
      await learner.page.getByRole('button', { name: 'Join the room' }).click();
      await expect(learner.page.locator('[data-role="joined"]')).toBeVisible();
      await learner.page.goto(`${BASE}/chapters/message-shapes/`);
      await expect(learner.page.locator('.room-banner')).toContainText('all answers sent', { timeout: 20_000 });
    }
    await expect(dash.locator('[data-role="pace-state"]')).toHaveText('Learners work at their own pace.');
    await dash.getByLabel('Item', { exact: true }).selectOption('error-semantics-and-retries/ch05-table');
    await dash.getByRole('button', { name: 'Send the room here' }).click();
    await expect(dash.locator('[data-role="pace-state"]')).toContainText(
      'The room is on Decision table: who notices, what the user sees, and whether to retry (Error semantics and retries), open',
    );
    for (const { page } of learners) {
      // The machine is shared: a page load and a stream's reconnection get the time a loaded classroom laptop needs.
      await expect(page).toHaveURL(`${BASE}${CH5}`, { timeout: 20_000 });
      const note = page.locator('.room-pace-note');
      await expect(note).toContainText('Your instructor moved the room here', { timeout: 20_000 });
      await expect(note).toContainText('Decision table: who notices');
      await expect(note.getByRole('link', { name: 'Back to where you were' })).toHaveAttribute(
        'href',
        '/chapters/message-shapes/',
      );
      // The item's heading has the focus, so a keyboard or screen-reader user is where the room is.
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toMatch(
        /^Decision table: who notices/,
      );
    }
  });

  test('a learner goes back and is not pulled again until the instructor sends the room somewhere', async () => {
    const lin = learners[2]!.page;
    await lin.locator('.room-pace-note').getByRole('link', { name: 'Back to where you were' }).click();
    await expect(lin).toHaveURL(`${BASE}/chapters/message-shapes/`);
    await expect(lin.locator('.room-banner')).toContainText('all answers sent', { timeout: 20_000 });
    // The stream has told this page the pace again by now (it does on connecting): the page stays.
    await lin.waitForTimeout(1500);
    await expect(lin).toHaveURL(`${BASE}/chapters/message-shapes/`);
    await lin.goto(`${BASE}${CH5}`);
  });

  test('a closed item says so on every learner’s widget, and a check is held back and refused with the message', async () => {
    const dash = instructor.page;
    await dash.getByRole('button', { name: 'Close this item' }).click();
    await expect(dash.locator('[data-role="pace-closed"]')).toContainText('Closed: Decision table');
    for (const { page } of learners) {
      await expect(page.locator('lab-decision-table .room-closed-note')).toHaveText(CLOSED, { timeout: 20_000 });
    }
    const ada = learners[0]!.page;
    await answer(ada, 'malformed-incident-id.layer', 'json-parser');
    await expect(ada.locator('lab-decision-table .room-closed-note')).toHaveText(`Not sent. ${CLOSED}`);
    await expect(ada.locator('.room-banner')).toContainText('The instructor has closed');
    // The server refuses it too, with the reason, when a page sends one all the same.
    const refused = await ada.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('mcp-lab-room:session')!) as { token: string };
      const res = await fetch('/api/events', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
        body: JSON.stringify({
          events: [
            {
              key: 'paced-e2e-key-1',
              seq: 9999,
              kind: 'decision-table',
              chapterId: 'error-semantics-and-retries',
              itemId: 'ch05-table',
              action: 'check',
              answers: { 'malformed-incident-id': { layer: 'json-parser' } },
              hintLevel: 0,
            },
          ],
        }),
      });
      return ((await res.json()) as { results: { status: string; reason?: string }[] }).results[0];
    });
    expect(refused).toEqual({
      key: 'paced-e2e-key-1',
      status: 'rejected',
      reason:
        'The instructor has closed this item for now: your answer stays in this browser and is not sent to the room.',
    });
  });

  test('reopened, the class answers and the reveal shows the counts per cell with the course’s answer marked', async () => {
    const dash = instructor.page;
    await dash.getByRole('button', { name: 'Open this item' }).click();
    for (const { page } of learners)
      await expect(page.locator('lab-decision-table .room-closed-note')).toHaveCount(0, { timeout: 20_000 });
    // Two learners choose the JSON parser, one the tool's input validation, which is the course's answer
    // (content/scenarios/tool-calls.json): the parser never sees inside the arguments.
    await answer(learners[0]!.page, 'malformed-incident-id.layer', 'json-parser');
    await answer(learners[1]!.page, 'malformed-incident-id.layer', 'tool-input-validation');
    await answer(learners[2]!.page, 'malformed-incident-id.layer', 'json-parser');
    for (const { page } of learners)
      await expect(page.locator('.room-banner')).toContainText('all answers sent', { timeout: 20_000 });
    await dash.getByRole('button', { name: "Reveal the class's answers" }).click();
    const reveal = dash.locator('[data-role="reveal"]');
    await expect(reveal).toBeVisible();
    await expect(reveal.locator('[data-role="reveal-summary"]')).toHaveText(
      '3 learners have answered; 0 got all of it right.',
    );
    const cell = reveal
      .locator('.room-cell')
      .filter({ has: dash.locator('h4', { hasText: 'Malformed incident ID: Which layer detects it' }) });
    await expect(cell.locator('.room-answer-wrong')).toHaveText('Chosen: JSON parser: 2', { timeout: 20_000 });
    await expect(cell.locator('.room-answer-right')).toHaveText("Course answer: The tool's input validation: 1");
    for (const name of names) await expect(reveal).not.toContainText(name);
  });

  test('the projector view shows the class and the reveal, and no learner’s name anywhere on the page', async () => {
    const dash = instructor.page;
    await expect(dash.locator('[data-role="learners"] tbody')).toContainText('Ada Lovelace');
    // An LMS file made just before: nobody in this room gave an identifier, so its report names every learner as
    // left out. That report is the instructor's, not the class's.
    const download = dash.waitForEvent('download');
    await dash.getByRole('button', { name: 'Download for the LMS' }).click();
    await download;
    await expect(dash.locator('[data-role="lms-status"]')).toContainText('Ada Lovelace');
    await dash.getByLabel('Projector view: large text, no names').check();
    await expect(dash.locator('[data-role="learners"] tbody tr')).toHaveCount(0);
    await expect(dash.locator('[data-role="reveal"]')).toBeVisible();
    await expect(dash.locator('[data-role="summary"]')).toContainText('3 in the room');
    const text = await dash.locator('body').innerText();
    for (const name of names) expect(text).not.toContain(name);
    const html = await dash.content();
    for (const name of names) expect(html).not.toContain(name);
    await dash.getByLabel('Projector view: large text, no names').uncheck();
  });

  test('the instructor stops presenting: learners work at their own pace and the answers are hidden', async () => {
    const dash = instructor.page;
    await dash.getByRole('button', { name: 'Let learners work at their own pace' }).click();
    await expect(dash.locator('[data-role="pace-state"]')).toHaveText('Learners work at their own pace.');
    await expect(dash.locator('[data-role="reveal"]')).toBeHidden();
  });

  test('no page logged an error', async () => {
    for (const p of [instructor, ...learners]) expect(p.errors).toEqual([]);
    for (const p of [instructor, ...learners]) await p.context.close();
  });
});
