/**
 * The workshop room against the attacks a browser sees, in Chromium against the workshop server (its own process,
 * SQLite in a temporary folder, serving the same build the other specs see): a link carrying a made-up instructor
 * key, the service worker keeping class data, and the send lease a page leaves behind when it navigates.
 */
import type { Browser, Page } from '@playwright/test';
import { VIEWPORTS, expect, test } from './fixtures.ts';
import { useWorkshopServer } from './workshop-server.ts';

const PORT = Number(process.env.WORKSHOP_E2E_PORT ?? Number(process.env.E2E_PORT ?? 4321) + 1) + 1;
const BASE = `http://127.0.0.1:${PORT}`;
const ROOMS_KEY = 'mcp-lab-room:instructor';

useWorkshopServer(PORT);

/** Creates a room from the instructor page; returns the room id and the key this browser kept. */
async function createRoom(page: Page, title: string): Promise<{ roomId: string; secret: string; code: string }> {
  await page.goto(`${BASE}/instructor/room/`);
  await page.getByLabel('Room title').fill(title);
  await page.getByRole('button', { name: 'Create the room' }).click();
  await expect(page.locator('[data-role="live"]')).toHaveText('Live');
  const code = (await page.locator('[data-role="code"]').textContent())!.trim();
  const kept = await keptRooms(page);
  return { roomId: kept[0]!.roomId, secret: kept[0]!.secret, code };
}

const keptRooms = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '[]') as { roomId: string; secret: string }[],
    ROOMS_KEY,
  );

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' });
  return context.newPage();
}

test('a link with a made-up key does not replace the instructor key this browser kept, which opens the answer key', async ({
  browser,
}) => {
  // The page stored whatever #room=…&key=… a link carried: a learner who knew the room id sent "the dashboard
  // link" with a made-up key, and the instructor could no longer lock, export, end or remove anyone.
  const page = await newPage(browser);
  const room = await createRoom(page, 'Key test');
  const forged = 'A'.repeat(43);
  await page.goto(`${BASE}/`);
  await page.goto(`${BASE}/instructor/room/#room=${encodeURIComponent(room.roomId)}&key=${forged}`);
  await expect(page.locator('[data-role="live"]')).toHaveText('Live');
  await expect(page.locator('[data-role="note"]')).toContainText('not accepted');
  const kept = (await keptRooms(page)).find((r) => r.roomId === room.roomId);
  expect(kept?.secret).toBe(room.secret);
  // The instructor can still act: the lock works.
  const status = await page.evaluate(
    async ({ roomId, secret }) =>
      (
        await fetch(`/api/rooms/${roomId}/lock`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${secret}` },
          body: JSON.stringify({ locked: true }),
        })
      ).status,
    { roomId: room.roomId, secret: kept!.secret },
  );
  expect(status).toBe(200);
  // The dashboard signed this browser in for the answer key; a learner's browser is shown why it cannot read it.
  await page.goto(`${BASE}/instructor/answer-key/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Answer key, with reasoning');
  const learner = await newPage(browser);
  const refused = await learner.goto(`${BASE}/instructor/answer-key/`);
  expect(refused?.status()).toBe(403);
  await expect(learner.getByRole('heading', { level: 1 })).toHaveText("This page is for the room's instructor");
  await learner.context().close();
  await page.context().close();
});

test("the service worker never keeps the room API's answers, and purges any it kept before", async ({ browser }) => {
  // It cached every same-origin GET network-first, the room API included: the class CSV and snapshot survived
  // "Delete the room's data now" and were served from the cache to anyone once the server was gone.
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, reducedMotion: 'reduce' });
  // What an earlier worker stored: a class CSV, seeded before this build's worker starts.
  await context.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    void caches
      .open('mcp-lab-offline-v1')
      .then((cache) =>
        cache.put(
          '/api/rooms/earlier/export.csv',
          new Response('learner\r\nAda\r\n', { headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/csv' } }),
        ),
      );
  });
  const page = await context.newPage();
  const room = await createRoom(page, 'Cache test');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect(page.locator('[data-role="live"]')).toHaveText('Live');
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The dashboard reads the room with its key; export the CSV the same way.
  const exported = await page.evaluate(
    async ({ roomId, secret }) =>
      (await fetch(`/api/rooms/${roomId}/export.csv`, { headers: { Authorization: `Bearer ${secret}` } })).status,
    room,
  );
  expect(exported).toBe(200);
  const stored = () =>
    page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
      return urls.map((u) => new URL(u).pathname).filter((p) => p.startsWith('/api/') || p === '/workshop-server.json');
    });
  await expect.poll(stored).toEqual([]);
  await context.close();
});

test('a learner who moves to another page sends at once: the page left behind hands its send lease over', async ({
  browser,
}) => {
  // Each page load is a new tab id, and the page it replaced held the send lease for five seconds more: after every
  // navigation the banner said "Another tab is sending." with one tab open, and the answers waited.
  const instructor = await newPage(browser);
  const room = await createRoom(instructor, 'Lease test');
  const learner = await newPage(browser);
  // Every state the banner shows, from the first moment of each page.
  await learner.context().addInitScript(() => {
    const seen: string[] = JSON.parse(sessionStorage.getItem('banner') ?? '[]') as string[];
    new MutationObserver(() => {
      const text = document.querySelector('.room-banner-state')?.textContent;
      if (text && seen.at(-1) !== text) {
        seen.push(text);
        sessionStorage.setItem('banner', JSON.stringify(seen));
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await learner.goto(`${BASE}/join/`);
  await learner.getByLabel('Room code').fill(room.code);
  await learner.getByLabel('Your name').fill('Ada');
  await learner.getByRole('button', { name: 'Join the room' }).click();
  await expect(learner.locator('[data-role="joined"]')).toBeVisible();
  for (const chapter of ['message-shapes', 'what-a-receiver-owes', 'tool-failures-vs-protocol-failures']) {
    await learner.goto(`${BASE}/chapters/${chapter}/`);
    await expect(learner.locator('.room-banner')).toContainText('all answers sent', { timeout: 15_000 });
  }
  const seen = await learner.evaluate(() => JSON.parse(sessionStorage.getItem('banner') ?? '[]') as string[]);
  expect(seen.filter((s) => /another tab/i.test(s))).toEqual([]);
  // The dashboard saw the learner on the last chapter.
  await expect(
    instructor
      .locator('[data-role="learners"] tbody tr')
      .filter({ hasText: 'Ada' })
      .locator('td[data-label="Chapter now"]'),
  ).toContainText('tool failures', { ignoreCase: true });
  await learner.context().close();
  await instructor.context().close();
});
