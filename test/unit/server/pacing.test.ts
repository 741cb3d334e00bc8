/**
 * The instructor leading the room: sending everyone to an item, closing and opening items, revealing the class's
 * answers; the pace stored (a restarted server and a late joiner see it), streamed to learners and dashboards, and
 * events for a closed item refused with a reason the learner can read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CH05_ONE_ROW_RIGHT } from '../../support/ch05-table.ts';
import { ENGINES_UNDER_TEST, reportPostgresAvailability, type TestDatabase } from './databases.ts';
import { createRoom, join, post, readEvents, tableCheck, testServer, withToken, type TestServer } from './harness.ts';

reportPostgresAvailability('room pacing');

const CH5 = 'error-semantics-and-retries';
type Results = { results: { key: string; status: string; reason?: string }[] };
type Pace = {
  focus: { chapterId: string; itemId: string; at: number } | null;
  closed: { chapterId: string; itemId: string }[];
  revealed: boolean;
  presentedUntil: number | null;
};

for (const engine of ENGINES_UNDER_TEST) {
  describe(`room pacing on ${engine.name}`, () => {
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

    const pace = (roomId: string, secret: string, body: unknown) =>
      server.request(`/api/rooms/${roomId}/pace`, post(body, secret));

    it('sends the room to a decision table: the pace is stored, and a learner who joins later is told it first thing', async () => {
      const room = await createRoom(server);
      const res = await pace(room.roomId, room.instructorSecret, {
        action: 'focus',
        chapterId: CH5,
        itemId: 'ch05-table',
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Pace;
      expect(body.focus).toEqual({ chapterId: CH5, itemId: 'ch05-table', at: server.clock.now });
      expect(body.revealed).toBe(false);

      const late = await join(server, room.code, 'Late Lin');
      const stream = await server.request('/api/me/stream', withToken(late.token));
      const events = await readEvents(stream, (e) => e.some((x) => x.event === 'pace'));
      const told = JSON.parse(events.find((e) => e.event === 'pace')!.data) as Pace;
      expect(told.focus).toMatchObject({ chapterId: CH5, itemId: 'ch05-table' });
    });

    it('keeps the pace across a restart: a new server over the same database answers the same pace', async () => {
      const room = await createRoom(server);
      await pace(room.roomId, room.instructorSecret, { action: 'close', chapterId: CH5, itemId: 'completion' });
      const restarted = testServer(db);
      const res = await restarted.request(`/api/rooms/${room.roomId}/pace`, withToken(room.instructorSecret));
      expect(res.status).toBe(200);
      expect(((await res.json()) as Pace).closed).toEqual([{ chapterId: CH5, itemId: 'completion' }]);
      restarted.close();
    });

    it('refuses a check on a closed item with a reason, stores it once the item is open again', async () => {
      const room = await createRoom(server);
      const ada = await join(server, room.code, 'Ada');
      await pace(room.roomId, room.instructorSecret, { action: 'close', chapterId: CH5, itemId: 'ch05-table' });
      const refused = await server.request(
        '/api/events',
        post({ events: [tableCheck(1, CH05_ONE_ROW_RIGHT)] }, ada.token),
      );
      const [result] = ((await refused.json()) as Results).results;
      expect(result?.status).toBe('rejected');
      expect(result?.reason).toBe(
        'The instructor has closed this item for now: your answer stays in this browser and is not sent to the room.',
      );
      // A visit is not an answer to the item: it is recorded while the item is closed.
      const visit = await server.request(
        '/api/events',
        post({ events: [{ key: 'visit-key-0001', seq: 2, kind: 'visit', chapterId: CH5 }] }, ada.token),
      );
      expect(((await visit.json()) as Results).results[0]?.status).toBe('stored');

      await pace(room.roomId, room.instructorSecret, { action: 'open', chapterId: CH5, itemId: 'ch05-table' });
      const stored = await server.request(
        '/api/events',
        post({ events: [tableCheck(3, CH05_ONE_ROW_RIGHT)] }, ada.token),
      );
      expect(((await stored.json()) as Results).results[0]?.status).toBe('stored');
    });

    it('opens a closed item when the instructor sends the room to it', async () => {
      const room = await createRoom(server);
      await pace(room.roomId, room.instructorSecret, { action: 'close', chapterId: CH5, itemId: 'ch05-table' });
      const res = await pace(room.roomId, room.instructorSecret, {
        action: 'focus',
        chapterId: CH5,
        itemId: 'ch05-table',
      });
      expect(((await res.json()) as Pace).closed).toEqual([]);
    });

    it('tells a dashboard and a learner already connected when the pace changes', async () => {
      const room = await createRoom(server);
      const ada = await join(server, room.code, 'Ada');
      const dashboard = await server.request(`/api/rooms/${room.roomId}/stream`, withToken(room.instructorSecret));
      const learner = await server.request('/api/me/stream', withToken(ada.token));
      const fromDashboard = readEvents(dashboard, (e) => e.filter((x) => x.event === 'pace').length >= 2);
      const fromLearner = readEvents(learner, (e) => e.filter((x) => x.event === 'pace').length >= 2);
      // Both streams tell the pace as it is on connecting (self-paced), then the change.
      await new Promise((r) => setTimeout(r, 200));
      await pace(room.roomId, room.instructorSecret, {
        action: 'focus',
        chapterId: CH5,
        itemId: 'classify-cancelled-after-timeout-stdio-2026-07-28',
      });
      for (const events of [await fromDashboard, await fromLearner]) {
        const paces = events.filter((e) => e.event === 'pace').map((e) => JSON.parse(e.data) as Pace);
        expect(paces[0]?.focus).toBeNull();
        expect(paces[1]?.focus).toMatchObject({ itemId: 'classify-cancelled-after-timeout-stdio-2026-07-28' });
      }
    });

    it('reveals the answers only with an item in focus, and hides them again for the next item', async () => {
      const room = await createRoom(server);
      const early = await pace(room.roomId, room.instructorSecret, { action: 'reveal', revealed: true });
      expect(early.status).toBe(409);
      expect(((await early.json()) as { error: string }).error).toMatch(/Send the room to an item first/);
      await pace(room.roomId, room.instructorSecret, { action: 'focus', chapterId: CH5, itemId: 'ch05-table' });
      const shown = await pace(room.roomId, room.instructorSecret, { action: 'reveal', revealed: true });
      expect(((await shown.json()) as Pace).revealed).toBe(true);
      const next = await pace(room.roomId, room.instructorSecret, {
        action: 'focus',
        chapterId: CH5,
        itemId: 'completion',
      });
      expect(((await next.json()) as Pace).revealed).toBe(false);
    });

    it('records when presenting stopped, so idle time while presenting is not counted', async () => {
      const room = await createRoom(server);
      await pace(room.roomId, room.instructorSecret, { action: 'focus', chapterId: CH5, itemId: 'ch05-table' });
      server.clock.now += 600_000;
      const res = await pace(room.roomId, room.instructorSecret, { action: 'release' });
      const body = (await res.json()) as Pace;
      expect(body.focus).toBeNull();
      expect(body.presentedUntil).toBe(server.clock.now);
    });

    it('refuses an item the course or the room does not have, a malformed change, a learner, and an ended room', async () => {
      const room = await createRoom(server);
      const unknown = await pace(room.roomId, room.instructorSecret, {
        action: 'focus',
        chapterId: CH5,
        itemId: 'no-such-table',
      });
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { error: string }).error).toBe(`Chapter ${CH5} has no item no-such-table.`);
      const outside = await pace(room.roomId, room.instructorSecret, {
        action: 'focus',
        chapterId: 'message-shapes',
        itemId: 'completion',
      });
      expect(outside.status).toBe(400);
      expect(((await outside.json()) as { error: string }).error).toBe(
        'Chapter message-shapes is not part of this room.',
      );
      const malformed = await pace(room.roomId, room.instructorSecret, { action: 'teleport' });
      expect(malformed.status).toBe(400);
      const ada = await join(server, room.code, 'Ada');
      expect((await pace(room.roomId, ada.token, { action: 'release' })).status).toBe(401);
      await server.request(`/api/rooms/${room.roomId}/end`, post({}, room.instructorSecret));
      const ended = await pace(room.roomId, room.instructorSecret, { action: 'release' });
      expect(ended.status).toBe(409);
    });

    it('deletes the pace with the room', async () => {
      const room = await createRoom(server);
      await pace(room.roomId, room.instructorSecret, { action: 'focus', chapterId: CH5, itemId: 'ch05-table' });
      const res = await server.request(`/api/rooms/${room.roomId}`, withToken(room.instructorSecret, 'DELETE'));
      expect(res.status).toBe(200);
      expect(await server.data.paceOfRoom(room.roomId)).toBeUndefined();
    });
  });
}
