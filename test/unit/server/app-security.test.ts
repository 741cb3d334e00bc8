/**
 * Who may do what in a workshop room, each rule as the attack a hostile learner or site would try.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretMatches, hashSecret } from '../../../src/server/secrets.ts';
import { MAX_BODY_BYTES } from '../../../src/room/protocol.ts';
import { CH05_ONE_ROW_WRONG as WRONG_ROW } from '../../support/ch05-table.ts';
import { ENGINES_UNDER_TEST, reportPostgresAvailability, type TestDatabase } from './databases.ts';
import {
  createRoom,
  freshKey,
  join,
  largePrediction,
  post,
  readEvents,
  tableCheck,
  testServer,
  withToken,
  type TestServer,
} from './harness.ts';

reportPostgresAvailability('workshop API security');

for (const engine of ENGINES_UNDER_TEST) {
  describe(`workshop API security on ${engine.name}`, () => {
    let db: TestDatabase;
    let server: TestServer;

    beforeAll(async () => {
      db = await engine.open();
      server = testServer(db);
    });
    afterAll(async () => {
      server.close();
      await db.dispose();
    });

    describe('a learner token on an instructor route', () => {
      it('is refused on every instructor route of the learner’s own room', async () => {
        const room = await createRoom(server);
        const ada = await join(server, room.code, 'Ada');
        const base = `/api/rooms/${room.roomId}`;
        const attempts: [string, RequestInit][] = [
          [base, withToken(ada.token)],
          [`${base}/stream`, withToken(ada.token)],
          [`${base}/export.csv`, withToken(ada.token)],
          [`${base}/lock`, post({ locked: false }, ada.token)],
          [`${base}/end`, post({}, ada.token)],
          [`${base}/learners/${ada.learnerId}`, withToken(ada.token, 'DELETE')],
          [base, withToken(ada.token, 'DELETE')],
        ];
        for (const [path, init] of attempts) {
          const res = await server.request(path, init);
          expect(res.status, `${init.method ?? 'GET'} ${path}`).toBe(401);
        }
        // The learner's secret alone (without the id prefix) is no better.
        const secret = ada.token.split('.')[1]!;
        expect((await server.request(`${base}/lock`, post({ locked: false }, secret))).status).toBe(401);
        expect((await server.data.roomById(room.roomId))?.endedAt).toBeNull();
      });

      it('is refused when the instructor secret travels in the URL instead of the Authorization header', async () => {
        const room = await createRoom(server);
        const res = await server.request(`/api/rooms/${room.roomId}?key=${room.instructorSecret}`);
        expect(res.status).toBe(401);
      });

      it('does not open one room with another room’s instructor secret', async () => {
        const a = await createRoom(server);
        const b = await createRoom(server);
        expect((await server.request(`/api/rooms/${b.roomId}`, withToken(a.instructorSecret))).status).toBe(401);
        expect((await server.request(`/api/rooms/${a.roomId}`, withToken(a.instructorSecret))).status).toBe(200);
      });
    });

    describe('one learner writing as another', () => {
      it('cannot name another learner in an event: the body has no say in who wrote it', async () => {
        const room = await createRoom(server);
        const ada = await join(server, room.code, 'Ada');
        const grace = await join(server, room.code, 'Grace');
        const forged = { ...tableCheck(1, WRONG_ROW), learnerId: grace.learnerId };
        const res = await server.request('/api/events', post({ events: [forged] }, ada.token));
        expect(res.status).toBe(200);
        const { results } = (await res.json()) as { results: { status: string }[] };
        expect(results[0]!.status).toBe('rejected');
        expect(await server.data.eventsOfLearner(grace.learnerId)).toEqual([]);
      });

      it('stores an event under the token’s learner only', async () => {
        const room = await createRoom(server);
        const ada = await join(server, room.code, 'Ada');
        const grace = await join(server, room.code, 'Grace');
        await server.request('/api/events', post({ events: [tableCheck(1, WRONG_ROW)] }, ada.token));
        expect((await server.data.eventsOfLearner(ada.learnerId)).length).toBe(1);
        expect(await server.data.eventsOfLearner(grace.learnerId)).toEqual([]);
      });

      it('cannot use another learner’s id with its own secret', async () => {
        const room = await createRoom(server);
        const ada = await join(server, room.code, 'Ada');
        const grace = await join(server, room.code, 'Grace');
        const mixed = `${grace.learnerId}.${ada.token.split('.')[1]}`;
        const res = await server.request('/api/events', post({ events: [tableCheck(1, WRONG_ROW)] }, mixed));
        expect(res.status).toBe(401);
        expect(await server.data.eventsOfLearner(grace.learnerId)).toEqual([]);
      });

      it('reads only its own record', async () => {
        const room = await createRoom(server);
        const ada = await join(server, room.code, 'Ada');
        const grace = await join(server, room.code, 'Grace');
        await server.request('/api/events', post({ events: [tableCheck(1, WRONG_ROW)] }, grace.token));
        const mine = (await (await server.request('/api/me/events', withToken(ada.token))).json()) as {
          events: unknown[];
        };
        expect(mine.events).toEqual([]);
        const me = (await (await server.request('/api/me', withToken(ada.token))).json()) as {
          learner: { name: string };
        };
        expect(me.learner.name).toBe('Ada');
      });

      it('loses its access once the instructor removes it', async () => {
        const room = await createRoom(server);
        const ada = await join(server, room.code, 'Ada');
        const del = await server.request(
          `/api/rooms/${room.roomId}/learners/${ada.learnerId}`,
          withToken(room.instructorSecret, 'DELETE'),
        );
        expect(del.status).toBe(200);
        const res = await server.request('/api/events', post({ events: [tableCheck(1, WRONG_ROW)] }, ada.token));
        expect(res.status).toBe(410);
      });
    });

    describe('a guessed room code', () => {
      it('gets the same answer for a code that does not exist and one of an ended room', async () => {
        const room = await createRoom(server);
        await server.request(`/api/rooms/${room.roomId}/end`, post({}, room.instructorSecret));
        const ended = await server.request('/api/join', {
          ...post({ code: room.code, name: 'Eve' }),
          ip: '198.51.100.7',
        });
        const missing = await server.request('/api/join', {
          ...post({ code: 'AAAA-AAAA', name: 'Eve' }),
          ip: '198.51.100.7',
        });
        expect(ended.status).toBe(404);
        expect(missing.status).toBe(404);
        expect(await ended.text()).toBe(await missing.text());
      });

      it('is slowed per IP address: past the burst, guesses from one address are refused, other addresses still join', async () => {
        const limited = testServer(db, { limits: { joinPerIp: { burst: 20, perSecond: 0.001 } } });
        const room = await createRoom(limited);
        const statuses: number[] = [];
        for (let i = 0; i < 25; i++) {
          const guess = `QQQQ${String(i)
            .padStart(4, '0')
            .replace(/[0-9]/g, (d) => 'ACDEFGHJKM'[Number(d)]!)}`;
          statuses.push(
            (await limited.request('/api/join', { ...post({ code: guess, name: 'Eve' }), ip: '203.0.113.66' })).status,
          );
        }
        expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
        expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
        const blocked = await limited.request('/api/join', {
          ...post({ code: room.code, name: 'Eve' }),
          ip: '203.0.113.66',
        });
        expect(blocked.status).toBe(429);
        expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
        await expect(join(limited, room.code, 'Mallory', '203.0.113.67')).resolves.toMatchObject({ name: 'Mallory' });
        limited.close();
      });

      it('draws codes from 25^8 (about 37 bits) and room ids and secrets from 128 and 256 random bits', async () => {
        const room = await createRoom(server);
        expect(room.code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{8}$/);
        expect(Buffer.from(room.roomId, 'base64url').length).toBe(16);
        expect(Buffer.from(room.instructorSecret, 'base64url').length).toBe(32);
        const ada = await join(server, room.code, 'Ada');
        expect(Buffer.from(ada.token.split('.')[1]!, 'base64url').length).toBe(32);
      });
    });

    describe('secrets at rest', () => {
      it('stores only hashes of the instructor and learner secrets', async () => {
        const room = await createRoom(server);
        const ada = await join(server, room.code, 'Ada');
        const stored = await server.data.roomById(room.roomId);
        expect(stored?.instructorSecretHash).toBe(hashSecret(room.instructorSecret));
        expect(JSON.stringify(stored)).not.toContain(room.instructorSecret);
        const learner = await server.data.learnerById(ada.learnerId);
        expect(JSON.stringify(learner)).not.toContain(ada.token.split('.')[1]);
      });

      it('compares a secret with its hash, refusing a near miss and a hash of another length', () => {
        const secret = 'x'.repeat(43);
        expect(secretMatches(secret, hashSecret(secret))).toBe(true);
        expect(secretMatches(`${secret.slice(0, -1)}y`, hashSecret(secret))).toBe(false);
        expect(secretMatches(secret, hashSecret(secret).slice(0, 10))).toBe(false);
      });
    });

    describe('oversized and malformed bodies', () => {
      it('refuses a body over the cap before reading it', async () => {
        const room = await createRoom(server);
        const ada = await join(server, room.code, 'Ada');
        const big = JSON.stringify({ events: [{ pad: 'x'.repeat(MAX_BODY_BYTES) }] });
        const res = await server.request('/api/events', post(big, ada.token));
        expect(res.status).toBe(413);
        const joinBig = await server.request(
          '/api/join',
          post(JSON.stringify({ code: room.code, name: 'y'.repeat(MAX_BODY_BYTES) })),
        );
        expect(joinBig.status).toBe(413);
      });

      it('rejects one oversized event in a batch and stores the others', async () => {
        const room = await createRoom(server);
        const ada = await join(server, room.code, 'Ada');
        const huge = {
          ...tableCheck(1, WRONG_ROW),
          answers: { 'backend-unavailable': { layer: 'z'.repeat(70) } },
          pad: 'p'.repeat(40_000),
        };
        const res = await server.request('/api/events', post({ events: [huge, tableCheck(2, WRONG_ROW)] }, ada.token));
        const { results } = (await res.json()) as { results: { status: string; reason?: string }[] };
        expect(results.map((r) => r.status)).toEqual(['rejected', 'stored']);
        expect(results[0]!.reason).toMatch(/at most 32 KB/);
      });

      it('answers malformed JSON, wrong shapes, wrong types and too many events with 400 and a reason', async () => {
        const room = await createRoom(server);
        const ada = await join(server, room.code, 'Ada');
        const bad: [unknown, RegExp][] = [
          ['{"events": [', /not valid JSON/],
          [{ events: 'all of them' }, /events/],
          [{ events: [] }, /events/],
          [{ events: Array.from({ length: 26 }, (_, i) => tableCheck(i, WRONG_ROW)) }, /events/],
          [{ events: [tableCheck(1, WRONG_ROW)], extra: true }, /not acceptable/],
          [[1, 2, 3], /not acceptable/],
        ];
        for (const [body, reason] of bad) {
          const res = await server.request('/api/events', post(body, ada.token));
          expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
          expect(((await res.json()) as { error: string }).error).toMatch(reason);
        }
        const join400 = await server.request('/api/join', post({ code: room.code }));
        expect(join400.status).toBe(400);
        const create400 = await server.request('/api/rooms', post({ title: 'x', chapters: ['99-nope'] }));
        expect(create400.status).toBe(400);
      });

      it('rejects events with an unknown kind, a bad key, an unknown table or code lab, or a chapter outside the room', async () => {
        const room = await createRoom(server, ['error-semantics-and-retries']);
        const ada = await join(server, room.code, 'Ada');
        const events = [
          { ...tableCheck(1, WRONG_ROW), kind: 'grade-me' },
          { ...tableCheck(2, WRONG_ROW), key: 'short' },
          { ...tableCheck(3, WRONG_ROW), itemId: 'no-such-table' },
          { ...tableCheck(4, WRONG_ROW), chapterId: 'results-in-2026-07-28', itemId: 'ch04-envelope-failures' },
          {
            key: freshKey(),
            seq: 5,
            chapterId: 'error-semantics-and-retries',
            kind: 'completion-check',
            itemId: 'completion',
            action: 'check',
            answers: 'all right',
          },
          {
            key: freshKey(),
            seq: 6,
            chapterId: 'error-semantics-and-retries',
            kind: 'code-lab',
            itemId: 'no-such-lab',
            action: 'run',
            passed: true,
            codeHash: 'b'.repeat(64),
          },
        ];
        const res = await server.request('/api/events', post({ events }, ada.token));
        const { results } = (await res.json()) as { results: { status: string }[] };
        expect(results.map((r) => r.status)).toEqual([
          'rejected',
          'rejected',
          'rejected',
          'rejected',
          'rejected',
          'rejected',
        ]);
        expect(await server.data.eventsOfLearner(ada.learnerId)).toEqual([]);
      });

      it('requires JSON: a form post (which another site could send without asking) is refused', async () => {
        const room = await createRoom(server);
        const res = await server.request('/api/join', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: `code=${room.code}&name=Eve`,
        });
        expect(res.status).toBe(415);
      });

      it('refuses names with control characters or direction overrides', async () => {
        const room = await createRoom(server);
        for (const name of ['\u001b[2AMallory', 'Eve\u202Eecila', 'Zero\u200bWidth', '']) {
          const res = await server.request('/api/join', post({ code: room.code, name }));
          expect(res.status, JSON.stringify(name)).toBe(400);
        }
      });

      it('refuses names that show as nothing (Hangul fillers, soft hyphens, joiners alone) or hide a soft hyphen', async () => {
        const room = await createRoom(server);
        for (const name of ['\u3164', '\u115f\u1160', '\u00ad', '\u200d\u200c', 'A\u00adda', '\u2800x\u180e']) {
          const res = await server.request('/api/join', post({ code: room.code, name }));
          expect(res.status, JSON.stringify(name)).toBe(400);
        }
      });

      it('refuses a room title that shows as nothing', async () => {
        const res = await server.request('/api/rooms', {
          ...post({ title: '\u3164\u3164', chapters: ['error-semantics-and-retries'] }),
          ip: '10.250.0.1',
        });
        expect(res.status).toBe(400);
      });

      it('takes a zero-width joiner in a name as spelling, and as the same person as the name without it', async () => {
        const room = await createRoom(server);
        // Persian spells with the zero-width non-joiner; emoji sequences need the joiner.
        for (const name of ['\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645', 'Ada \u{1f469}\u200d\u{1f4bb}']) {
          const res = await server.request('/api/join', post({ code: room.code, name }));
          expect(res.status, JSON.stringify(name)).toBe(201);
        }
        await join(server, room.code, 'Grace Hopper');
        const twin = await server.request('/api/join', post({ code: room.code, name: 'Gr\u200dace Hopper' }));
        expect(twin.status).toBe(409);
      });
    });

    describe('a flood from one learner while others keep working', () => {
      it('limits the flooding learner and keeps storing everyone else’s events', async () => {
        const room = await createRoom(server);
        const flooder = await join(server, room.code, 'Flood');
        const others = await Promise.all(['Ada', 'Grace', 'Alan'].map((n) => join(server, room.code, n)));
        const flood = await Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            server.request(
              '/api/events',
              post({ events: Array.from({ length: 5 }, (_, j) => tableCheck(i * 5 + j, WRONG_ROW)) }, flooder.token),
            ),
          ),
        );
        const statuses = flood.map((r) => r.status);
        expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
        expect(flood.find((r) => r.status === 429)?.headers.get('retry-after')).toMatch(/^\d+$/);
        for (const learner of others) {
          const res = await server.request('/api/events', post({ events: [tableCheck(1, WRONG_ROW)] }, learner.token));
          expect(res.status).toBe(200);
          const { results } = (await res.json()) as { results: { status: string }[] };
          expect(results[0]!.status).toBe('stored');
        }
        // Everything the flooder got through was stored once; nothing more.
        const stored = await server.data.eventsOfLearner(flooder.learnerId);
        expect(stored.length).toBeLessThanOrEqual(statuses.filter((s) => s === 200).length * 5);
        expect(stored.length).toBeGreaterThan(0);
      });
      it('limits events as well as requests: a few requests of full batches hit the event limit', async () => {
        const room = await createRoom(server);
        const flooder = await join(server, room.code, 'Batcher');
        const ada = await join(server, room.code, 'Ada');
        const statuses: number[] = [];
        for (let i = 0; i < 10; i++) {
          const batch = Array.from({ length: 25 }, (_, j) => tableCheck(i * 25 + j, WRONG_ROW));
          statuses.push((await server.request('/api/events', post({ events: batch }, flooder.token))).status);
        }
        expect(statuses.filter((s) => s === 200).length).toBe(4); // a burst of 100 events, refilled 10 a second
        expect(statuses.slice(4).every((s) => s === 429)).toBe(true);
        const res = await server.request('/api/events', post({ events: [tableCheck(1, WRONG_ROW)] }, ada.token));
        expect(res.status).toBe(200);
      });
    });

    describe('same origin only', () => {
      it('refuses a request that another site’s page sends, whatever its credentials', async () => {
        const room = await createRoom(server);
        const ada = await join(server, room.code, 'Ada');
        const crossOrigin = await server.request(
          '/api/events',
          post({ events: [tableCheck(1, WRONG_ROW)] }, ada.token, { Origin: 'http://evil.test' }),
        );
        expect(crossOrigin.status).toBe(403);
        const crossSite = await server.request(
          `/api/rooms/${room.roomId}/lock`,
          post({ locked: true }, room.instructorSecret, { 'Sec-Fetch-Site': 'cross-site' }),
        );
        expect(crossSite.status).toBe(403);
        const sameOrigin = await server.request('/api/me', {
          headers: {
            Authorization: `Bearer ${ada.token}`,
            Origin: 'http://workshop.test',
            'Sec-Fetch-Site': 'same-origin',
          },
        });
        expect(sameOrigin.status).toBe(200);
        expect((await server.data.roomById(room.roomId))?.locked).toBe(false);
      });

      it('never sends a CORS header and refuses preflight requests', async () => {
        const preflight = await server.request('/api/events', {
          method: 'OPTIONS',
          headers: { Origin: 'http://evil.test', 'Access-Control-Request-Method': 'POST' },
        });
        expect(preflight.status).toBeGreaterThanOrEqual(400);
        expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
        const room = await createRoom(server);
        const res = await server.request(`/api/rooms/${room.roomId}`, withToken(room.instructorSecret));
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        expect(res.headers.get('cache-control')).toBe('no-store');
      });
    });

    describe('names are data, escaped where shown', () => {
      it('puts a formula-looking name into the CSV with a guard and quotes', async () => {
        const room = await createRoom(server);
        await join(server, room.code, '=HYPERLINK("http://evil.test","click")');
        await join(server, room.code, '<img src=x onerror=alert(1)>');
        const res = await server.request(`/api/rooms/${room.roomId}/export.csv`, withToken(room.instructorSecret));
        const csv = await res.text();
        expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
        expect(csv).not.toMatch(/(^|\n|,)=HYPERLINK/);
        expect(csv).toContain('<img src=x onerror=alert(1)>');
        expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
      });
    });
    describe('exhausting the server’s open streams', () => {
      /** True when the stream's body ends within `ms` (the server closed it). */
      async function ends(res: Response, ms = 3000): Promise<boolean> {
        const reader = res.body!.getReader();
        const deadline = Date.now() + ms;
        try {
          for (;;) {
            const chunk = await Promise.race([
              reader.read(),
              new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), Math.max(0, deadline - Date.now()))),
            ]);
            if (chunk === 'timeout') return false;
            if (chunk.done) return true;
          }
        } finally {
          await reader.cancel().catch(() => {});
        }
      }

      it('one learner token cannot hold more than its share of live streams: a new one closes the oldest', async () => {
        const capped = testServer(db, { streamsPerLearner: 3 });
        try {
          const room = await createRoom(capped);
          const ada = await join(capped, room.code, 'Ada');
          const opened: Response[] = [];
          for (let i = 0; i < 4; i++) {
            const res = await capped.request('/api/me/stream', withToken(ada.token));
            expect(res.status).toBe(200);
            opened.push(res);
          }
          // The oldest is told why (so its page waits to be shown again rather than reconnecting at once), then ends.
          const oldest = await readEvents(opened[0]!, (events) => events.some((e) => e.event === 'replaced'));
          expect(oldest.map((e) => e.event)).toEqual(['room', 'pace', 'replaced']);
          expect(await ends(opened[1]!, 300)).toBe(false);
          expect(await ends(opened[3]!, 300)).toBe(false);
        } finally {
          capped.close();
        }
      });

      it('one room’s instructor link cannot hold more than its share of dashboards: a new one closes the oldest', async () => {
        const capped = testServer(db, { streamsPerDashboard: 5 });
        try {
          const room = await createRoom(capped);
          const opened: Response[] = [];
          for (let i = 0; i < 6; i++) {
            const res = await capped.request(`/api/rooms/${room.roomId}/stream`, withToken(room.instructorSecret));
            expect(res.status).toBe(200);
            opened.push(res);
          }
          expect(await ends(opened[0]!)).toBe(true);
          expect(await ends(opened[5]!, 300)).toBe(false);
        } finally {
          capped.close();
        }
      });

      it('refuses a stream beyond the server-wide cap with 503 and a clear message, and takes one again once one closes', async () => {
        // Both streams come from one address, which may otherwise hold only half the server's streams.
        const capped = testServer(db, { maxStreams: 2, streamsPerAddress: 2 });
        try {
          const a = await createRoom(capped);
          const b = await createRoom(capped);
          const first = await capped.request(`/api/rooms/${a.roomId}/stream`, withToken(a.instructorSecret));
          const second = await capped.request(`/api/rooms/${b.roomId}/stream`, withToken(b.instructorSecret));
          expect([first.status, second.status]).toEqual([200, 200]);
          const third = await capped.request(`/api/rooms/${b.roomId}/stream`, withToken(b.instructorSecret));
          expect(third.status).toBe(503);
          expect(((await third.json()) as { error: string }).error).toMatch(/too many live connections/i);
          await first.body!.cancel();
          await new Promise((r) => setTimeout(r, 50));
          const again = await capped.request(`/api/rooms/${a.roomId}/stream`, withToken(a.instructorSecret));
          expect(again.status).toBe(200);
          await again.body!.cancel();
        } finally {
          capped.close();
        }
      });
    });

    describe('a stream that fails while starting', () => {
      it('gives its place back: a database error while sending the first snapshot does not use up the server-wide cap', async () => {
        const capped = testServer(db, { maxStreams: 1 });
        try {
          const room = await createRoom(capped);
          const original = capped.data.eventsOfRoom.bind(capped.data);
          capped.data.eventsOfRoom = () => Promise.reject(new Error('database went away'));
          const failed = await capped.request(`/api/rooms/${room.roomId}/stream`, withToken(room.instructorSecret));
          await failed.text(); // the client reads to the end, never cancels
          capped.data.eventsOfRoom = original;
          await new Promise((r) => setTimeout(r, 50));
          const next = await capped.request(`/api/rooms/${room.roomId}/stream`, withToken(room.instructorSecret));
          expect(next.status).toBe(200);
          await next.body!.cancel();
        } finally {
          capped.close();
        }
      });
    });

    describe('filling the disk', () => {
      it('stores a long edited classify text as its length and digest, not the text', async () => {
        const room = await createRoom(server, ['message-shapes']);
        const ada = await join(server, room.code, 'Ada');
        const text = `{"jsonrpc":"2.0","method":"notifications/progress","params":{"x":"${'x'.repeat(12_000)}"}}`;
        const event = {
          key: freshKey(),
          seq: 1,
          chapterId: 'message-shapes',
          kind: 'classify',
          itemId: 'classify-notification-progress-2026-07-28',
          action: 'predict',
          fixtureId: 'notification-progress',
          protocol: '2026-07-28',
          prediction: { kind: 'notification', send: 'nothing' },
          text,
        };
        const res = await server.request('/api/events', post({ events: [event] }, ada.token));
        expect(res.status).toBe(200);
        const [stored] = await server.data.eventsOfLearner(ada.learnerId);
        // A prediction on an edited message is an exploration: stored, never counted.
        expect(stored?.outcome).toBe('info');
        expect(JSON.stringify(stored?.payload).length).toBeLessThan(3000);
        expect(stored?.payload).toMatchObject({ textLength: text.length });
        expect((stored?.payload as { text?: string }).text).toBeUndefined();
      });

      it('refuses a learner beyond the room’s learner cap with a clear message', async () => {
        const capped = testServer(db, { maxLearnersPerRoom: 3, signInsPerAddress: 10 });
        try {
          const room = await createRoom(capped);
          for (const name of ['Ada', 'Grace', 'Alan']) await join(capped, room.code, name);
          const res = await capped.request('/api/join', post({ code: room.code, name: 'Bot' }));
          expect(res.status).toBe(409);
          expect(((await res.json()) as { error: string }).error).toMatch(/full/i);
        } finally {
          capped.close();
        }
      });
    });

    describe('malformed requests', () => {
      it('answers 400, not 500, to an events body of 100,000 nested arrays', async () => {
        const room = await createRoom(server);
        const ada = await join(server, room.code, 'Ada');
        const body = `{"events":[${'['.repeat(100_000)}${']'.repeat(100_000)}]}`;
        const res = await server.request('/api/events', post(body, ada.token));
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: string }).error).toMatch(/nested/i);
      });

      it('counts nesting by brackets outside strings: 33 levels are refused as too deep, 32 are not, and brackets inside a string count for nothing', async () => {
        const room = await createRoom(server);
        const ada = await join(server, room.code, 'Ada');
        // {"events":[ ... ]} is two levels; the rest is arrays inside the list.
        const nested = (levels: number, inside = '') =>
          `{"events":[${'['.repeat(levels - 2)}${inside}${']'.repeat(levels - 2)}]}`;
        const error = async (body: string) => (await server.request('/api/events', post(body, ada.token))).text();
        expect(await error(nested(33))).toMatch(/nested too deeply/);
        expect(await error(nested(32))).not.toMatch(/nested/);
        expect(await error(nested(32, `"${'[{'.repeat(50)}\\\"[["`))).not.toMatch(/nested/);
      });

      it('answers 400 to a path that is not valid percent-encoding and 404 (with the site’s 404 page) to a missing page', async () => {
        const dist = mkdtempSync(joinPath(tmpdir(), 'room-dist-'));
        writeFileSync(joinPath(dist, 'index.html'), '<p>home</p>');
        writeFileSync(joinPath(dist, '404.html'), '<p>not here</p>');
        const site = testServer(db, { distDir: dist });
        try {
          expect((await site.request('/%E0')).status).toBe(400);
          const missing = await site.request('/no-such-page/');
          expect(missing.status).toBe(404);
          expect(await missing.text()).toContain('not here');
          expect((await site.request('/')).status).toBe(200);
        } finally {
          site.close();
        }
      });

      it('refuses, per event, a classify prediction for a fixture or item the chapter does not have', async () => {
        const room = await createRoom(server, ['message-shapes']);
        const ada = await join(server, room.code, 'Ada');
        const predict = (fixtureId: string, itemId: string) => ({
          key: freshKey(),
          seq: 1,
          chapterId: 'message-shapes',
          kind: 'classify',
          itemId,
          action: 'predict',
          fixtureId,
          protocol: '2026-07-28',
          prediction: { kind: 'request' },
        });
        const events = [
          // A fixture that exists, but chapter 1 never asks to classify it.
          predict('result-complete-modern', 'classify-result-complete-modern-2026-07-28'),
          // The chapter's fixture under an item id that is not its widget's.
          predict('notification-progress', 'ch05-table'),
          predict('notification-progress', 'classify-notification-progress-2026-07-28'),
        ];
        const res = await server.request('/api/events', post({ events }, ada.token));
        const { results } = (await res.json()) as { results: { status: string; reason?: string }[] };
        expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'stored']);
        expect(results[0]!.reason).toMatch(/result-complete-modern/);
        expect(results[1]!.reason).toMatch(/ch05-table/);
      });
    });
    describe('a removed learner coming back under another name', () => {
      it('is kept out once the instructor closes joining; learners already in keep working; reopening lets people in', async () => {
        const room = await createRoom(server);
        const ada = await join(server, room.code, 'Ada');
        const mallory = await join(server, room.code, 'Mallory');
        const base = `/api/rooms/${room.roomId}`;
        expect(
          (await server.request(`${base}/learners/${mallory.learnerId}`, withToken(room.instructorSecret, 'DELETE')))
            .status,
        ).toBe(200);
        // A learner cannot close or open joining.
        expect((await server.request(`${base}/joining`, post({ open: true }, ada.token))).status).toBe(401);
        const closed = await server.request(`${base}/joining`, post({ open: false }, room.instructorSecret));
        expect(closed.status).toBe(200);
        expect(((await closed.json()) as { joiningClosed: boolean }).joiningClosed).toBe(true);
        const again = await server.request('/api/join', post({ code: room.code, name: 'Mallory2' }));
        expect(again.status).toBe(403);
        expect(((await again.json()) as { error: string }).error).toMatch(/closed joining/i);
        const sent = await server.request('/api/events', post({ events: [tableCheck(1, WRONG_ROW)] }, ada.token));
        expect(((await sent.json()) as { results: { status: string }[] }).results[0]!.status).toBe('stored');
        const snapshot = await server.request(base, withToken(room.instructorSecret));
        expect(((await snapshot.json()) as { room: { joiningClosed: boolean } }).room.joiningClosed).toBe(true);
        expect((await server.request(`${base}/joining`, post({ open: true }, room.instructorSecret))).status).toBe(200);
        await join(server, room.code, 'Grace');
      });
    });

    describe('filling the disk from one sign-in', () => {
      it('refuses, per event with a clear reason, what goes beyond a learner’s stored-data quota', async () => {
        const capped = testServer(db, { maxStoredCharsPerLearner: 5000 });
        try {
          const room = await createRoom(capped, ['message-shapes']);
          const ada = await join(capped, room.code, 'Ada');
          const events = [1, 2, 3, 4].map(largePrediction);
          const res = await capped.request('/api/events', post({ events }, ada.token));
          const { results } = (await res.json()) as { results: { status: string; reason?: string }[] };
          expect(results.map((r) => r.status)).toEqual(['stored', 'stored', 'rejected', 'rejected']);
          expect(results[2]!.reason).toMatch(/quota/i);
          // The quota holds across requests too.
          const later = await capped.request('/api/events', post({ events: [largePrediction(5)] }, ada.token));
          expect(((await later.json()) as { results: { status: string }[] }).results[0]!.status).toBe('rejected');
        } finally {
          capped.close();
        }
      });
    });

    describe('creating rooms from one address', () => {
      it('is slowed per IP address: past the burst, more rooms from one address are refused, other addresses still create', async () => {
        const limited = testServer(db, { limits: { createPerIp: { burst: 3, perSecond: 0.001 } } });
        try {
          const create = (ip: string) =>
            limited.request('/api/rooms', {
              ...post({ title: 'Spam', chapters: ['error-semantics-and-retries'] }),
              ip,
            });
          const statuses: number[] = [];
          for (let i = 0; i < 5; i++) statuses.push((await create('203.0.113.80')).status);
          expect(statuses).toEqual([201, 201, 201, 429, 429]);
          expect((await create('203.0.113.81')).status).toBe(201);
        } finally {
          limited.close();
        }
      });

      it('refuses chapters the course does not have and a retention beyond the most days allowed', async () => {
        const unknown = await server.request('/api/rooms', {
          ...post({ title: 'T', chapters: ['99-no-such-chapter'] }),
          ip: '203.0.113.82',
        });
        expect(unknown.status).toBe(400);
        const forever = await server.request('/api/rooms', {
          ...post({ title: 'T', chapters: ['error-semantics-and-retries'], retentionDays: 100_000 }),
          ip: '203.0.113.83',
        });
        expect(forever.status).toBe(400);
      });
    });

    describe('headers a client can set', () => {
      it('does not take the client address from X-Forwarded-For unless told it is behind a proxy', async () => {
        const limited = testServer(db, { limits: { joinPerIp: { burst: 2, perSecond: 0.001 } } });
        try {
          const room = await createRoom(limited);
          const statuses: number[] = [];
          for (let i = 0; i < 4; i++) {
            const res = await limited.request('/api/join', {
              ...post({ code: room.code, name: `Eve ${i}` }, undefined, { 'X-Forwarded-For': `198.51.100.${i}` }),
              ip: '203.0.113.90',
            });
            statuses.push(res.status);
          }
          expect(statuses).toEqual([201, 201, 429, 429]);
        } finally {
          limited.close();
        }
      });

      it('does not take the expected origin from X-Forwarded-Host unless told it is behind a proxy', async () => {
        const room = await createRoom(server);
        const res = await server.request(
          `/api/rooms/${room.roomId}/lock`,
          post({ locked: true }, room.instructorSecret, {
            Origin: 'https://evil.example',
            'X-Forwarded-Host': 'evil.example',
          }),
        );
        expect(res.status).toBe(403);
        expect((await server.data.roomById(room.roomId))?.locked).toBe(false);
      });
    });

    describe('one room’s instructor acting on another room', () => {
      it('cannot remove a learner of another room with its own instructor link', async () => {
        const mine = await createRoom(server);
        const theirs = await createRoom(server);
        const bob = await join(server, theirs.code, 'Bob');
        const res = await server.request(
          `/api/rooms/${mine.roomId}/learners/${bob.learnerId}`,
          withToken(mine.instructorSecret, 'DELETE'),
        );
        expect(res.status).toBe(404);
        expect((await server.request('/api/me', withToken(bob.token))).status).toBe(200);
      });
    });

    describe('reading files outside the built site', () => {
      it('serves nothing above the site folder, however the dots and slashes are written', async () => {
        const parent = mkdtempSync(joinPath(tmpdir(), 'room-dist-'));
        const dist = joinPath(parent, 'site');
        mkdirSync(dist);
        writeFileSync(joinPath(dist, 'index.html'), '<p>home</p>');
        writeFileSync(joinPath(parent, 'secret.txt'), 'SECRET');
        const site = testServer(db, { distDir: dist });
        try {
          for (const path of [
            '/../secret.txt',
            '/%2e%2e/secret.txt',
            '/..%2fsecret.txt',
            '/%2e%2e%2fsecret.txt',
            '/..%5csecret.txt',
          ]) {
            const res = await site.request(path);
            expect(res.status, path).not.toBe(200);
            expect(await res.text(), path).not.toContain('SECRET');
          }
        } finally {
          site.close();
        }
      });
    });
  });
}
