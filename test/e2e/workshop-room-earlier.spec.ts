/**
 * Work done before joining a workshop room, in real browsers against the workshop server (its own process, SQLite in
 * a temporary folder, serving the same build the other specs see): a learner answers a decision table, joins a room,
 * is told the answer is not counted, sends it with one button, and the instructor's dashboard counts it, graded on
 * the server.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { person, useWorkshopServer } from './workshop-server.ts';

const PORT = Number(process.env.WORKSHOP_E2E_PORT ?? Number(process.env.E2E_PORT ?? 4321) + 1);
const BASE = `http://127.0.0.1:${PORT}`;

useWorkshopServer(PORT);

/** The dashboard's row for a learner. */
const row = (dashboard: Page, name: string) =>
  dashboard.locator('[data-role="learners"] tbody tr').filter({ has: dashboard.locator('th', { hasText: name }) });

test('work graded before joining is offered once, sent with one button and counted on the dashboard', async ({
  browser,
}) => {
  const instructor = await person(browser);
  const dash = instructor.page;
  await dash.goto(`${BASE}/instructor/room/`);
  await dash.getByLabel('Room title').fill('Wednesday class');
  await dash.getByRole('button', { name: 'Create the room' }).click();
  await expect(dash.locator('[data-role="live"]')).toHaveText('Live');
  const code = (await dash.locator('[data-role="code"]').textContent())!.trim();

  // Before joining: one wrong decision-table answer, kept in this browser's progress.
  const learner = await person(browser);
  const page = learner.page;
  await page.goto(`${BASE}/chapters/error-semantics-and-retries/`);
  const table = page.locator('lab-decision-table').first();
  await table.scrollIntoViewIfNeeded();
  // The course's answer for this cell is the tool's input validation (content/scenarios/tool-calls.json); the JSON
  // parser never sees inside the arguments.
  await table.locator('select[name="malformed-incident-id.layer"]').selectOption('json-parser');
  const graded = page.evaluate(
    () => new Promise<void>((resolve) => document.addEventListener('mcp-lab:graded', () => resolve(), { once: true })),
  );
  await table.locator('[data-action="check"]').click();
  await graded;

  await page.goto(`${BASE}/join/`);
  await page.getByLabel('Room code').fill(code);
  await page.getByLabel('Your name').fill('Katherine Johnson');
  await page.getByRole('button', { name: 'Join the room' }).click();
  await expect(page.locator('[data-role="joined"]')).toBeVisible();
  await expect(row(dash, 'Katherine Johnson')).toBeVisible();

  const notice = page.locator('.room-earlier');
  await expect(notice).toContainText(
    "You did 1 item in this room's chapters before joining. They are not counted unless you send them.",
  );
  const cellBox = dash
    .locator('.room-cell')
    .filter({ has: dash.locator('h4', { hasText: 'Malformed incident ID' }) })
    .filter({ has: dash.locator('h4', { hasText: 'layer' }) });
  // Not sent: not counted (the dashboard has no cell answer at all yet).
  await expect(dash.locator('.room-answer-wrong')).toHaveCount(0);

  await notice.getByRole('button', { name: 'Send them' }).click();
  await expect(notice).toContainText('1 item done before joining was sent to the room.', { timeout: 15_000 });
  await expect(notice.getByRole('button')).toHaveCount(0);
  await expect(cellBox.locator('.room-answer-wrong')).toContainText('Wrong: JSON parser (1)', { timeout: 15_000 });
  await expect(cellBox).toContainText('0 of 1 right');

  // Answered once: the next page of the room does not offer it again.
  await page.goto(`${BASE}/chapters/error-semantics-and-retries/`);
  await expect(page.locator('.room-banner')).toContainText('Wednesday class');
  await expect(page.locator('.room-earlier')).toHaveCount(0);
  expect(learner.errors).toEqual([]);
  await learner.context.close();
  await instructor.context.close();
});
