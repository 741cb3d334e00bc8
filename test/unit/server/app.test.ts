/**
 * The workshop API doing its job: rooms, joining, events re-graded on the server and stored once,
 * the live streams, lock, end, removal, CSV and retention.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradeDecisionTable } from '#course';
import type { DashboardSnapshot } from '../../../src/room/dashboard-model.ts';
import type { DashboardEvent } from '../../../src/room/live.ts';
import { CH05_ONE_ROW_RIGHT as RIGHT_ROW, CH05_ONE_ROW_WRONG as WRONG_ROW } from '../../support/ch05-table.ts';
import { ENGINES_UNDER_TEST, reportPostgresAvailability, type TestDatabase } from './databases.ts';
import type { CellResult } from '../../../src/room/verdict.ts';
import {
  createRoom,
  freshKey,
  join,
  post,
  readEvents,
  tableCheck,
  testServer,
  withToken,
  type TestServer,
} from './harness.ts';

reportPostgresAvailability('workshop API');

const DAY = 86_400_000;

type Results = { results: { key: string; status: string; id?: number; reason?: string }[] };

for (const engine of ENGINES_UNDER_TEST) {
  describe(`workshop API on ${engine.name}`, () => {
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

    it('tells pages that a workshop server is here (the static site answers the same file with false), and the most days it keeps a room', async () => {
      const res = await server.request('/workshop-server.json');
      expect(await res.json()).toEqual({ server: true, retentionDays: 30 });
    });

    it('creates a room that keeps its data 30 days by default, or fewer if the instructor asks', async () => {
      const room = await createRoom(server);
      expect(room.expiresAt).toBe(server.clock.now + 30 * DAY);
      const short = await server.request('/api/rooms', {
        ...post({ title: 'Short', chapters: ['error-semantics-and-retries'], retentionDays: 2 }),
        ip: '10.200.0.1',
      });
      expect(((await short.json()) as { expiresAt: number }).expiresAt).toBe(server.clock.now + 2 * DAY);
    });

    it('joins learners by code in any case and spacing, refusing a name already taken', async () => {
      const room = await createRoom(server);
      const typed = `${room.code.slice(0, 4).toLowerCase()} ${room.code.slice(4)}`;
      const ada = await join(server, typed, '  Ada   Lovelace ');
      expect(ada.name).toBe('Ada Lovelace');
      expect(ada.chapters).toEqual(['results-in-2026-07-28', 'error-semantics-and-retries']);
      const again = await server.request('/api/join', post({ code: room.code, name: 'ada lovelace' }));
      expect(again.status).toBe(409);
    });

    it('grades a decision table on the server: a wrong answer is stored as the model grades it, naming the misconception', async () => {
      const room = await createRoom(server);
      const ada = await join(server, room.code, 'Ada');
      const res = await server.request('/api/events', post({ events: [tableCheck(1, WRONG_ROW)] }, ada.token));
      expect(((await res.json()) as Results).results[0]!.status).toBe('stored');
      const [event] = await server.data.eventsOfLearner(ada.learnerId);
      const model = gradeDecisionTable(WRONG_ROW, [
        'unknown-method',
        'malformed-incident-id',
        'backend-unavailable',
        'lost-response-after-write',
      ]);
      if (model.kind !== 'graded') throw new Error('model refused the answers');
      expect(event!.outcome).toBe('incorrect');
      expect(event!.verdict).toMatchObject({ correct: model.correct, total: model.total, passed: false });
      const layer = (event!.verdict as { cells: CellResult[] }).cells.find(
        (c) => c.scenario === 'backend-unavailable' && c.column === 'layer',
      );
      expect(layer?.result).toBe('incorrect');
      const modelLayer = model.cells.find((c) => c.scenarioId === 'backend-unavailable' && c.column === 'layer');
      expect(layer?.misconception).toBe(modelLayer?.misconception?.id);
    });

    it('ignores any verdict the browser claims: only the answers count', async () => {
      const room = await createRoom(server);
      const ada = await join(server, room.code, 'Ada');
      const claim = { ...tableCheck(1, WRONG_ROW), passed: true };
      const res = await server.request('/api/events', post({ events: [claim] }, ada.token));
      expect(((await res.json()) as Results).results[0]!.status).toBe('rejected');
      await server.request('/api/events', post({ events: [tableCheck(2, RIGHT_ROW)] }, ada.token));
      const [event] = await server.data.eventsOfLearner(ada.learnerId);
      // One right row of four: not passed, whatever was claimed.
      expect(event!.verdict).toMatchObject({ passed: false });
    });

    it('stores an event sent twice once, acknowledging the copy as a duplicate', async () => {
      const room = await createRoom(server);
      const ada = await join(server, room.code, 'Ada');
      const event = tableCheck(1, WRONG_ROW);
      const first = (await (
        await server.request('/api/events', post({ events: [event] }, ada.token))
      ).json()) as Results;
      const second = (await (
        await server.request('/api/events', post({ events: [event, tableCheck(2, RIGHT_ROW)] }, ada.token))
      ).json()) as Results;
      expect(second.results[0]).toEqual({ key: event.key, status: 'duplicate', id: first.results[0]!.id });
      expect(second.results[1]!.status).toBe('stored');
      expect((await server.data.eventsOfLearner(ada.learnerId)).map((e) => e.seq)).toEqual([1, 2]);
    });

    it('grades a classify prediction against the fixture as shown; one on an edited message is an exploration, never counted', async () => {
      const room = await createRoom(server, ['message-shapes']);
      const ada = await join(server, room.code, 'Ada');
      const predict = (prediction: object, text?: string, protocol = '2026-07-28') => ({
        key: freshKey(),
        seq: 1,
        chapterId: 'message-shapes',
        kind: 'classify',
        itemId: 'classify-notification-progress-2026-07-28',
        action: 'predict',
        fixtureId: 'notification-progress',
        protocol,
        prediction,
        ...(text !== undefined ? { text } : {}),
      });
      // JSON-RPC 2.0 §4.1: "A Notification is a Request object without an "id" member." and "The Server MUST NOT reply to a Notification".
      const events = [
        predict({ kind: 'notification', send: 'nothing' }),
        predict({ kind: 'request', send: 'response' }),
        predict({ kind: 'request', send: 'response' }, '{"jsonrpc":"2.0","id":1,"method":"ping"}', 'jsonrpc-2.0'),
      ];
      await server.request('/api/events', post({ events }, ada.token));
      const stored = await server.data.eventsOfLearner(ada.learnerId);
      // The third prediction is right for the edited text (a request with an id is owed a response) but says nothing
      // about the fixture: it is recorded as an exploration with outcome info, and nothing counts it.
      expect(stored.map((e) => e.outcome)).toEqual(['correct', 'incorrect', 'info']);
      expect(stored[2]!.verdict).toMatchObject({ edited: true, exploration: true });
      expect(stored[2]!.verdict).not.toHaveProperty('passed');
    });

    it('grades a completion check against the course’s own check', async () => {
      const room = await createRoom(server, ['error-semantics-and-retries']);
      const ada = await join(server, room.code, 'Ada');
      const event = {
        key: freshKey(),
        seq: 1,
        chapterId: 'error-semantics-and-retries',
        kind: 'completion-check',
        itemId: 'completion',
        action: 'check',
        answers: {},
      };
      await server.request('/api/events', post({ events: [event] }, ada.token));
      const [stored] = await server.data.eventsOfLearner(ada.learnerId);
      expect(stored!.verdict).toMatchObject({ kind: 'completion-check', passed: false, correct: 0 });
      expect((stored!.verdict as { total: number }).total).toBeGreaterThan(0);
    });

    it('takes chapter ids from before the rename (content/course.json renamed) and files the work under the ids of now', async () => {
      const room = await createRoom(server, ['05-error-semantics-and-retries']);
      const ada = await join(server, room.code, 'Ada');
      expect(ada.chapters).toEqual(['error-semantics-and-retries']);
      const event = { ...tableCheck(1, {}), chapterId: '05-error-semantics-and-retries' };
      const res = await server.request('/api/events', post({ events: [event] }, ada.token));
      expect(((await res.json()) as { results: { status: string }[] }).results[0]!.status).toBe('stored');
      const [stored] = await server.data.eventsOfLearner(ada.learnerId);
      expect(stored!.chapterId).toBe('error-semantics-and-retries');
    });

    it('stores code-lab results as self-reported, with the code hash', async () => {
      const room = await createRoom(server, ['error-semantics-and-retries']);
      const ada = await join(server, room.code, 'Ada');
      const event = {
        key: freshKey(),
        seq: 1,
        chapterId: 'error-semantics-and-retries',
        kind: 'code-lab',
        itemId: '06-retry-safety',
        action: 'run',
        passed: true,
        tests: { passed: 4, total: 4 },
        codeHash: 'a'.repeat(64),
      };
      await server.request('/api/events', post({ events: [event] }, ada.token));
      const [stored] = await server.data.eventsOfLearner(ada.learnerId);
      expect(stored).toMatchObject({ selfReported: true, outcome: 'self-reported' });
      expect(stored!.verdict).toMatchObject({ selfReported: true, passed: true, codeHash: 'a'.repeat(64) });
    });

    it('streams a snapshot to the dashboard, then each event as it is stored', async () => {
      const room = await createRoom(server);
      const ada = await join(server, room.code, 'Ada');
      await server.request('/api/events', post({ events: [tableCheck(1, RIGHT_ROW)] }, ada.token));
      const stream = await server.request(`/api/rooms/${room.roomId}/stream`, withToken(room.instructorSecret));
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reading = readEvents(stream, (events) => events.some((e) => e.event === 'event'));
      await new Promise((r) => setTimeout(r, 50));
      await server.request('/api/events', post({ events: [tableCheck(2, WRONG_ROW)] }, ada.token));
      const events = await reading;
      const snapshot = JSON.parse(events[0]!.data) as DashboardSnapshot;
      expect(events[0]!.event).toBe('snapshot');
      expect(snapshot.learners.map((l) => l.name)).toEqual(['Ada']);
      expect(snapshot.events.length).toBe(1);
      const live = JSON.parse(events.find((e) => e.event === 'event')!.data) as DashboardEvent;
      expect(live.verdict.outcome).toBe('incorrect');
      expect(live.learnerId).toBe(ada.learnerId);
    });

    it('tells learners at once when the instructor locks or unlocks solutions, and when the room ends', async () => {
      const room = await createRoom(server);
      const ada = await join(server, room.code, 'Ada');
      const stream = await server.request('/api/me/stream', withToken(ada.token));
      const reading = readEvents(stream, (events) => events.filter((e) => e.event === 'room').length >= 4);
      await new Promise((r) => setTimeout(r, 50));
      await server.request(`/api/rooms/${room.roomId}/lock`, post({ locked: true }, room.instructorSecret));
      await server.request(`/api/rooms/${room.roomId}/lock`, post({ locked: false }, room.instructorSecret));
      await server.request(`/api/rooms/${room.roomId}/end`, post({}, room.instructorSecret));
      const states = (await reading)
        .filter((e) => e.event === 'room')
        .map((e) => JSON.parse(e.data) as { locked: boolean; endedAt: number | null });
      expect(states.map((s) => s.locked)).toEqual([false, true, false, false]);
      expect(states[3]!.endedAt).toBe(server.clock.now);
      const late = await server.request('/api/events', post({ events: [tableCheck(1, WRONG_ROW)] }, ada.token));
      expect(late.status).toBe(409);
    });

    it('tells a removed learner’s browser, and shows the removal on the dashboard', async () => {
      const room = await createRoom(server);
      const ada = await join(server, room.code, 'Ada');
      const learnerStream = await server.request('/api/me/stream', withToken(ada.token));
      const learnerReading = readEvents(learnerStream, (events) => events.some((e) => e.event === 'removed'));
      await new Promise((r) => setTimeout(r, 50));
      await server.request(
        `/api/rooms/${room.roomId}/learners/${ada.learnerId}`,
        withToken(room.instructorSecret, 'DELETE'),
      );
      expect((await learnerReading).some((e) => e.event === 'removed')).toBe(true);
      const snap = (await (
        await server.request(`/api/rooms/${room.roomId}`, withToken(room.instructorSecret))
      ).json()) as DashboardSnapshot;
      expect(snap.learners[0]!.removedAt).toBe(server.clock.now);
    });

    it('exports the class as CSV, one row per learner, code labs labelled self-reported', async () => {
      const room = await createRoom(server);
      const ada = await join(server, room.code, 'Ada');
      server.clock.now += 1000;
      await join(server, room.code, 'Grace');
      await server.request('/api/events', post({ events: [tableCheck(1, WRONG_ROW)] }, ada.token));
      const csv = await (
        await server.request(`/api/rooms/${room.roomId}/export.csv`, withToken(room.instructorSecret))
      ).text();
      const lines = csv.trimEnd().split('\r\n');
      expect(lines.length).toBe(3);
      expect(lines[0]).toContain('code labs passed (self-reported)');
      // Learner, standing, four receipt columns (blank), the room's title and code, then join time and chapter.
      expect(lines[1]).toMatch(
        new RegExp(`^Ada,in the room,,,,,Tuesday class,${room.code},[0-9T:.-]+Z,Error semantics and retries,`),
      );
      expect(lines[2]).toMatch(new RegExp(`^Grace,in the room,,,,,Tuesday class,${room.code},[0-9T:.-]+Z,,`));
    });

    it('deletes a room on request, and expired rooms when their time is up', async () => {
      const room = await createRoom(server);
      const del = await server.request(`/api/rooms/${room.roomId}`, withToken(room.instructorSecret, 'DELETE'));
      expect(del.status).toBe(200);
      expect(await server.data.roomById(room.roomId)).toBeUndefined();
      const old = await createRoom(server);
      expect(await server.data.deleteExpiredRooms(server.clock.now + 30 * DAY)).toContain(old.roomId);
    });
  });
}
