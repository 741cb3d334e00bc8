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
import { createRoom, join, post, testServer, withToken } from './harness.ts';

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
  page('instructor/notes/05-error-semantics-and-retries', 'FACILITATOR NOTES');
  return dist;
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
              chapters: ['05-error-semantics-and-retries'],
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
          '/instructor/notes/05-error-semantics-and-retries/',
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
        for (const path of revealing) {
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
