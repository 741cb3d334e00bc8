/**
 * Attack tests for the workshop room's limits, each first written against the server that let the attack through:
 * retention beyond the operator's cap, look-alike names, one address filling a room, storage per room and per
 * creating address, DNS rebinding through an unchecked Host, and the instructor pages served to learners.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES_UNDER_TEST, reportPostgresAvailability, type TestDatabase } from './databases.ts';
import {
  createRoom,
  freshKey,
  join,
  largePrediction,
  post,
  testServer,
  withToken,
  type TestServer,
} from './harness.ts';

reportPostgresAvailability('workshop room attacks');

const DAY_MS = 86_400_000;

/** A built site with the instructor's pages, for the tests that need the server to serve pages. */
function siteDir(): string {
  const dist = mkdtempSync(joinPath(tmpdir(), 'room-dist-'));
  const page = (path: string, text: string) => {
    mkdirSync(joinPath(dist, path), { recursive: true });
    writeFileSync(joinPath(dist, path, 'index.html'), `<p>${text}</p>`);
  };
  page('', 'home');
  page('instructor', 'hub');
  page('instructor/room', 'dashboard');
  page('instructor/answer-key', 'THE ANSWERS');
  page('instructor/notes/error-semantics-and-retries', 'FACILITATOR NOTES');
  return dist;
}

/** The room's CSV export as records keyed by header, one per learner. */
async function csvRecords(server: TestServer, roomId: string, secret: string): Promise<Record<string, string>[]> {
  const res = await server.request(`/api/rooms/${roomId}/export.csv`, withToken(secret));
  expect(res.status).toBe(200);
  // No field of these rooms holds a comma, a quote or a line break, so a plain split reads them.
  const [header, ...rows] = (await res.text())
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
  return rows.map((row) => Object.fromEntries(header!.map((h, i) => [h, row[i] ?? ''])));
}

for (const engine of ENGINES_UNDER_TEST) {
  describe(`workshop room attacks on ${engine.name}`, () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await engine.open();
    });
    afterAll(async () => {
      await db.dispose();
    });

    it("refuses a room that asks to be kept longer than the operator's --retention-days, and keeps one that asks for fewer", async () => {
      // The operator started the server with --retention-days 7, their longest; a room asking for 365 days was kept
      // 365 days (the cap was a separate maximum of 365 that the command never set).
      const server = testServer(db, { retentionDays: 7 });
      try {
        const create = (retentionDays: number | undefined, ip: string) =>
          server.request('/api/rooms', {
            ...post({
              title: 'Kept',
              chapters: ['error-semantics-and-retries'],
              ...(retentionDays === undefined ? {} : { retentionDays }),
            }),
            ip,
          });
        const long = await create(365, '203.0.113.201');
        expect(long.status).toBe(400);
        expect(((await long.json()) as { error: string }).error).toMatch(/at most 7 days/);
        const eight = await create(8, '203.0.113.202');
        expect(eight.status).toBe(400);
        const three = await create(3, '203.0.113.203');
        expect(three.status).toBe(201);
        expect(((await three.json()) as { expiresAt: number }).expiresAt).toBe(server.clock.now + 3 * DAY_MS);
        const byDefault = await create(undefined, '203.0.113.204');
        expect(byDefault.status).toBe(201);
        expect(((await byDefault.json()) as { expiresAt: number }).expiresAt).toBe(server.clock.now + 7 * DAY_MS);
      } finally {
        server.close();
      }
    });

    it('answers only the addresses it serves: a DNS-rebinding Host is refused, localhost and the public origin work', async () => {
      // Origin was compared with the request's own Host, and any Host was answered: a page on attacker.example whose
      // name is rebound to the laptop's LAN address is "same origin" to the room API. MCP's transport (2025-06-18,
      // basic/transports, Security Warning): "Servers MUST validate the Origin header on all incoming connections
      // to prevent DNS rebinding attacks"; the Host is what a rebinding page cannot choose.
      const server = testServer(db, {
        allowedHosts: ['192.168.1.20'],
        publicOrigin: 'https://workshop.example.org',
        distDir: siteDir(),
      });
      try {
        for (const host of ['attacker.example', 'attacker.example:4321', '192.168.1.20.attacker.example']) {
          const api = await server.request('/api/health', { host });
          expect(api.status, host).toBe(403);
          const page = await server.request('/', { host });
          expect(page.status, host).toBe(403);
          const joined = await server.request('/api/join', {
            ...post({ code: 'ACDE-FGHJ', name: 'Eve' }, undefined, { Origin: `http://${host}` }),
            host,
          });
          expect(joined.status, host).toBe(403);
        }
        for (const host of [
          'localhost:4321',
          '127.0.0.1:4321',
          '[::1]:4321',
          '192.168.1.20:4321',
          'workshop.example.org',
          'LOCALHOST:4321',
        ]) {
          const api = await server.request('/api/health', { host });
          expect(api.status, host).toBe(200);
          const page = await server.request('/', { host });
          expect(page.status, host).toBe(200);
        }
      } finally {
        server.close();
      }
    });

    it("serves the answer key and the facilitator notes only to a browser signed in with the room's instructor key", async () => {
      // The server served /instructor/answer-key/ and the notes to anyone: a learner copied the key and was marked
      // correct. Now a page that reveals answers needs the cookie set once the instructor key is proven.
      const server = testServer(db, { distDir: siteDir() });
      try {
        const room = await createRoom(server);
        const ada = await join(server, room.code, 'Ada');
        const revealing = [
          '/instructor/answer-key/',
          '/instructor/answer-key/index.html',
          '/instructor/%61nswer-key/',
          '/instructor//answer-key/',
          '/instructor/notes/error-semantics-and-retries/',
        ];
        const read = async (path: string, init: RequestInit = {}) => {
          const res = await server.request(path, init);
          return { status: res.status, text: await res.text() };
        };
        for (const path of revealing) {
          const anyone = await read(path);
          expect(anyone.status, path).toBe(403);
          expect(anyone.text, path).not.toMatch(/THE ANSWERS|FACILITATOR NOTES/);
          expect(anyone.text, path).toMatch(/instructor/i);
          expect((await read(path, withToken(ada.token))).status, path).toBe(403);
          expect(
            (await read(path, { headers: { Cookie: `lab_instructor=${room.roomId}.${'A'.repeat(43)}` } })).status,
            path,
          ).toBe(403);
        }
        // Pages that reveal nothing stay open: the hub, and the dashboard where a room is created.
        expect((await read('/instructor/')).status).toBe(200);
        expect((await read('/instructor/room/')).status).toBe(200);

        // A learner's token cannot sign in; the instructor key can.
        const learnerTry = await server.request(`/api/rooms/${room.roomId}/sign-in`, post({}, ada.token));
        expect(learnerTry.status).toBe(401);
        expect(learnerTry.headers.get('set-cookie')).toBeNull();
        const signIn = await server.request(`/api/rooms/${room.roomId}/sign-in`, post({}, room.instructorSecret));
        expect(signIn.status).toBe(200);
        const cookie = signIn.headers.get('set-cookie') ?? '';
        expect(cookie).toMatch(/HttpOnly/i);
        expect(cookie).toMatch(/SameSite=Strict/i);
        const pair = cookie.split(';')[0]!;
        // (The doubled slash names no file to the static server: refused above, not found here.)
        for (const path of revealing.filter((p) => !p.includes('//'))) {
          const signedIn = await read(path, { headers: { Cookie: pair } });
          expect(signedIn.status, path).toBe(200);
        }
        // Once the room is deleted, its cookie opens nothing.
        await server.request(`/api/rooms/${room.roomId}`, withToken(room.instructorSecret, 'DELETE'));
        expect((await read('/instructor/answer-key/', { headers: { Cookie: pair } })).status).toBe(403);
      } finally {
        server.close();
      }
    });

    it('never counts a prediction on an edited message as right: only predictions on the fixture as shown count', async () => {
      // The server graded the prediction against the learner's edited text: replacing chapter 1's request with a
      // null id by a one-line notification and predicting "notification" scored "correct" as often as wanted.
      const server = testServer(db);
      try {
        const room = await createRoom(server, ['message-shapes']);
        const ada = await join(server, room.code, 'Ada');
        const prediction = (kind: string, text?: string) => ({
          key: freshKey(),
          seq: 1,
          chapterId: 'message-shapes',
          kind: 'classify',
          itemId: 'classify-request-id-null-2026-07-28',
          action: 'predict',
          fixtureId: 'request-id-null',
          protocol: '2026-07-28',
          prediction: { kind },
          ...(text === undefined ? {} : { text }),
        });
        const edit = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
        const sent = await server.request(
          '/api/events',
          post({ events: [prediction('notification', edit), prediction('notification', edit)] }, ada.token),
        );
        expect(sent.status).toBe(200);
        const mine = (await (await server.request('/api/me/events', withToken(ada.token))).json()) as {
          events: { verdict: { outcome: string; edited?: boolean } }[];
        };
        expect(mine.events).toHaveLength(2);
        for (const event of mine.events) {
          expect(event.verdict.edited).toBe(true);
          expect(event.verdict.outcome).not.toBe('correct');
        }
        // The fixture as shown is a request whose id is null, which MCP refuses (2025-06-18 and later,
        // basic/index, Requests: "Unlike base JSON-RPC, the ID MUST NOT be null"): predicting "invalid" on it is the
        // one right prediction.
        await server.request('/api/events', post({ events: [prediction('invalid')] }, ada.token));
        const [row] = await csvRecords(server, room.roomId, room.instructorSecret);
        expect(row!['predictions right']).toBe('1');
      } finally {
        server.close();
      }
    });

    it('keeps self-reported code labs and self-marks out of "items done", the chapter totals and the CSV', async () => {
      // A learner who only sends "passed: true" for chapter 1's two code labs and ticks "I can explain this" was
      // shown 3 of 4 items done, though the server checked none of them.
      const server = testServer(db);
      try {
        const room = await createRoom(server, ['message-shapes']);
        const ada = await join(server, room.code, 'Ada');
        const run = (itemId: string, seq: number) => ({
          key: freshKey(),
          seq,
          chapterId: 'message-shapes',
          kind: 'code-lab',
          itemId,
          action: 'run',
          passed: true,
        });
        const mark = {
          key: freshKey(),
          seq: 3,
          chapterId: 'message-shapes',
          kind: 'self-mark',
          action: 'mark',
          canExplain: true,
        };
        const sent = await server.request(
          '/api/events',
          post({ events: [run('01-request-or-notification', 1), run('02-minimal-classify', 2), mark] }, ada.token),
        );
        expect(sent.status).toBe(200);
        const [row] = await csvRecords(server, room.roomId, room.instructorSecret);
        expect(row!['graded items done']).toBe('0');
        expect(row!['self-reported items done']).toBe('3');
        expect(row!['The three message shapes: graded items done']).toMatch(/^0\//);
        expect(row!['The three message shapes: self-reported items done']).toBe('3/3');
      } finally {
        server.close();
      }
    });

    it('limits sign-ins per address in a room, and removed learners no longer count toward "room full"', async () => {
      // 200 sign-ins from one address fitted the join limits, and removed learners still counted: every real learner
      // was then told "This room is full".
      const server = testServer(db, { maxLearnersPerRoom: 4, signInsPerAddress: 2 });
      try {
        const room = await createRoom(server);
        const eve1 = await join(server, room.code, 'Bot 1', '203.0.113.50');
        const eve2 = await join(server, room.code, 'Bot 2', '203.0.113.50');
        const third = await server.request('/api/join', {
          ...post({ code: room.code, name: 'Bot 3' }),
          ip: '203.0.113.50',
        });
        expect(third.status).toBe(429);
        expect(((await third.json()) as { error: string }).error).toMatch(/network/);
        await join(server, room.code, 'Ada', '198.51.100.1');
        await join(server, room.code, 'Grace', '198.51.100.2');
        const full = await server.request('/api/join', {
          ...post({ code: room.code, name: 'Alan' }),
          ip: '198.51.100.3',
        });
        expect(full.status).toBe(409);
        for (const bot of [eve1, eve2]) {
          const removed = await server.request(
            `/api/rooms/${room.roomId}/learners/${bot.learnerId}`,
            withToken(room.instructorSecret, 'DELETE'),
          );
          expect(removed.status).toBe(200);
        }
        await join(server, room.code, 'Alan', '198.51.100.3');
        // The address that signed in twice stays at its limit after its learners were removed.
        const again = await server.request('/api/join', {
          ...post({ code: room.code, name: 'Bot 4' }),
          ip: '203.0.113.50',
        });
        expect(again.status).toBe(429);
      } finally {
        server.close();
      }
    });

    it('bounds what one room stores, counting verdicts as well as payloads', async () => {
      // The quota was per learner only: learners enough, each under their own quota, grew one room without bound.
      const server = testServer(db, { maxStoredCharsPerRoom: 5000 });
      try {
        const room = await createRoom(server, ['message-shapes']);
        const statuses: string[] = [];
        for (const name of ['Ada', 'Grace', 'Alan']) {
          const learner = await join(server, room.code, name);
          const res = await server.request(
            '/api/events',
            post({ events: [largePrediction(1), largePrediction(2)] }, learner.token),
          );
          const body = (await res.json()) as { results: { status: string; reason?: string }[] };
          statuses.push(...body.results.map((r) => r.status));
          if (name === 'Alan') expect(body.results[0]!.reason).toMatch(/room/);
        }
        // About 2,000 characters each (payload and verdict): two fit in 5,000, the rest are refused.
        expect(statuses.filter((s) => s === 'stored')).toHaveLength(2);
        expect(statuses.filter((s) => s === 'rejected')).toHaveLength(4);
      } finally {
        server.close();
      }
    });

    it('bounds what the rooms created from one address store together', async () => {
      // Rooms could be created freely: one address filled its rooms one after another, gigabytes an hour.
      const server = testServer(db, { maxStoredCharsPerCreator: 5000 });
      try {
        const statuses: string[] = [];
        for (const title of ['First', 'Second', 'Third']) {
          const res = await server.request('/api/rooms', {
            ...post({ title, chapters: ['message-shapes'] }),
            ip: '203.0.113.60',
          });
          const room = (await res.json()) as { code: string };
          const learner = await join(server, room.code, 'Ada');
          const sent = await server.request('/api/events', post({ events: [largePrediction(1)] }, learner.token));
          statuses.push(...((await sent.json()) as { results: { status: string }[] }).results.map((r) => r.status));
        }
        expect(statuses).toEqual(['stored', 'stored', 'rejected']);
        // Another address's room is not held back.
        const other = await createRoom(server, ['message-shapes']);
        const grace = await join(server, other.code, 'Grace');
        const sent = await server.request('/api/events', post({ events: [largePrediction(1)] }, grace.token));
        expect(((await sent.json()) as { results: { status: string }[] }).results[0]!.status).toBe('stored');
      } finally {
        server.close();
      }
    });

    it.each([
      ['Armenian օ (U+0585) for o', 'Ada Lovelace', 'Ada L\u0585velace'],
      ['Latin ɑ (U+0251) for a', 'Ada Lovelace', 'Ad\u0251 Lovelace'],
      ['Greek lunate sigma ϲ (U+03F2) for c', 'Grace Hopper', 'Gra\u03f2e Hopper'],
    ])('refuses a second learner whose name differs only by a look-alike: %s', async (_, first, lookalike) => {
      // The names were folded against a short hand list of Cyrillic and Greek letters; these three passed it, so a
      // second "Ada Lovelace" joined. Unicode's confusables data (UTS #39, Unicode Security Mechanisms, section 4,
      // Confusable Detection: two strings are confusable when their skeletons are equal) maps each to the Latin
      // letter it copies.
      const server = testServer(db);
      try {
        const room = await createRoom(server);
        await join(server, room.code, first);
        const second = await server.request('/api/join', post({ code: room.code, name: lookalike }));
        expect(second.status).toBe(409);
        expect(((await second.json()) as { error: string }).error).toMatch(/already has that name/);
        // A name that is really different still joins.
        await join(server, room.code, 'Ada Byron');
      } finally {
        server.close();
      }
    });
  });
}
