import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../../src/server/db/open.ts';
import { Migrator } from 'kysely/migration';
import { MIGRATION_NAMES, migrationProvider } from '../../../src/server/db/migrations.ts';
import { createWorkshopData, type NewEvent, type WorkshopData } from '../../../src/server/db/workshop-data.ts';
import { ENGINES_UNDER_TEST, reportPostgresAvailability, type TestDatabase } from './databases.ts';

reportPostgresAvailability('workshop data layer');

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 30, 9, 0, 0);

function room(id: string, code: string, expiresAt = T0 + 30 * DAY) {
  return {
    id,
    code,
    title: `Room ${id}`,
    chapters: ['message-shapes', 'error-semantics-and-retries'],
    startsAt: T0 + 3_600_000,
    createdAt: T0,
    expiresAt,
    instructorSecretHash: `hash-of-${id}`,
  };
}

function learner(id: string, roomId: string, name: string) {
  return { id, roomId, name, nameKey: name.toLowerCase(), secretHash: `hash-${id}`, joinedAt: T0 + 1000 };
}

function event(key: string, seq: number, extra: Partial<NewEvent> = {}): NewEvent {
  return {
    key,
    seq,
    kind: 'decision-table',
    chapterId: 'error-semantics-and-retries',
    itemId: 'ch05-table',
    payload: { answers: { a: { layer: 'transport' } } },
    verdict: { correct: 0, total: 1 },
    outcome: 'incorrect',
    selfReported: false,
    clientAt: T0 + 5000,
    ...extra,
  };
}

for (const engine of ENGINES_UNDER_TEST) {
  describe(`workshop data layer on ${engine.name}`, () => {
    let test: TestDatabase;
    let data: WorkshopData;

    beforeAll(async () => {
      test = await engine.open();
      data = createWorkshopData(test.database.db);
    });
    afterAll(async () => {
      await test.dispose();
    });

    it.runIf(engine.name === 'PostgreSQL')(
      'survives PostgreSQL ending a connection it has lent out (a restart between two statements): the next query works',
      async () => {
        const { db } = test.database;
        const failed = await db.connection().execute(async (conn) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
          const admin = new pg.Client({ connectionString: test.url });
          await admin.connect();
          await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
          await admin.end();
          // The connection is lent out and idle while PostgreSQL ends it: the pool no longer listens to it.
          await new Promise((r) => setTimeout(r, 300));
          return sql`select 1`.execute(conn).then(
            () => false,
            () => true,
          );
        });
        expect(failed).toBe(true);
        // An unheard 'error' event from the ended connection would have failed this run (and ended a server).
        const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
        expect(rows[0]?.one).toBe(1);
      },
    );

    it('applies every migration once: opening the same database again applies none', async () => {
      const again = await openDatabase(test.url);
      expect(await migrate(again)).toEqual([]);
      await again.close();
      expect(MIGRATION_NAMES).toEqual([
        '0001-rooms-learners-events',
        '0002-rooms-joining-closed',
        '0003-lms-identifiers',
        '0004-room-pace',
      ]);
    });

    it('keeps rooms and learners made before LMS identifiers working: they ask for none and have none', async () => {
      // Back to the schema before LMS identifiers (0003's down), rows written then, and forward again.
      const { db } = test.database;
      const migrator = new Migrator({ db, provider: migrationProvider(test.database.engine) });
      expect((await migrator.migrateTo('0002-rooms-joining-closed')).error).toBeUndefined();
      // Rows as the server wrote them before the migration, without the new columns.
      await db
        .insertInto('rooms')
        .values({
          id: 'r-old',
          code: 'OLDR3467',
          title: 'Room r-old',
          chapters: '["message-shapes"]',
          starts_at: null,
          created_at: T0,
          ended_at: null,
          expires_at: T0 + DAY,
          instructor_secret_hash: 'h',
          locked: 0,
          lock_changed_at: T0,
          joining_closed: 0,
        } as never)
        .execute();
      await db
        .insertInto('learners')
        .values({
          id: 'l-old',
          room_id: 'r-old',
          name: 'Ada',
          name_key: 'ada',
          secret_hash: 'h',
          joined_at: T0,
          last_seen_at: T0,
          removed_at: null,
          chapter_id: null,
          chapter_at: null,
        } as never)
        .execute();
      expect(await migrate(test.database)).toEqual(['0003-lms-identifiers', '0004-room-pace']);
      expect((await data.roomById('r-old'))?.lmsIdAsk).toBeNull();
      expect((await data.learnerById('l-old'))?.lmsId).toBeNull();
      expect(await data.insertLearner(learner('l-new', 'r-old', 'Grace'))).toBe('joined');
      await data.deleteRoom('r-old');
    });

    it('stores a room and reads it back by id and by code, with its chapters, start and an open lock', async () => {
      expect(await data.insertRoom(room('r1', 'ABCD2345'))).toBe('created');
      const byId = await data.roomById('r1');
      expect(byId).toEqual({
        id: 'r1',
        code: 'ABCD2345',
        title: 'Room r1',
        chapters: ['message-shapes', 'error-semantics-and-retries'],
        startsAt: T0 + 3_600_000,
        createdAt: T0,
        endedAt: null,
        expiresAt: T0 + 30 * DAY,
        instructorSecretHash: 'hash-of-r1',
        locked: false,
        lockChangedAt: T0,
        joiningClosed: false,
        lmsIdAsk: null,
      });
      expect(await data.roomByCode('ABCD2345')).toEqual(byId);
      expect(await data.roomByCode('ZZZZ9999')).toBeUndefined();
    });

    it('refuses a second room with a code already in use, so the caller draws another', async () => {
      expect(await data.insertRoom(room('r2', 'ABCD2345'))).toBe('code-taken');
      expect(await data.roomById('r2')).toBeUndefined();
    });

    it('locks and unlocks a room, recording when', async () => {
      expect((await data.setLock('r1', true, T0 + 10))?.locked).toBe(true);
      const unlocked = await data.setLock('r1', false, T0 + 20);
      expect(unlocked?.locked).toBe(false);
      expect(unlocked?.lockChangedAt).toBe(T0 + 20);
    });

    it('adds learners, refusing a name already taken in the same room but not in another room', async () => {
      expect(await data.insertRoom(room('r3', 'WXYZ6789'))).toBe('created');
      expect(await data.insertLearner(learner('l1', 'r1', 'Ada'))).toBe('joined');
      expect(await data.insertLearner(learner('l2', 'r1', 'ADA'))).toBe('name-taken');
      expect(await data.insertLearner(learner('l3', 'r3', 'Ada'))).toBe('joined');
      expect(await data.insertLearner(learner('l4', 'r1', 'Grace'))).toBe('joined');
      expect((await data.learnersOfRoom('r1')).map((l) => l.name)).toEqual(['Ada', 'Grace']);
      expect(await data.learnerById('l2')).toBeUndefined();
    });

    it('keeps the LMS identifier a room asks for, and each learner’s identifier apart from the name (null when none)', async () => {
      const asks = { ...room('r-lms', 'LMSX3467'), lmsIdAsk: { kind: 'student-id' as const, label: 'Student number' } };
      expect(await data.insertRoom(asks)).toBe('created');
      expect((await data.roomById('r-lms'))?.lmsIdAsk).toEqual({ kind: 'student-id', label: 'Student number' });
      expect(await data.insertLearner({ ...learner('l-lms', 'r-lms', 'Ada'), lmsId: 's1234567' })).toBe('joined');
      expect(await data.insertLearner(learner('l-none', 'r-lms', 'Grace'))).toBe('joined');
      const [ada, grace] = await data.learnersOfRoom('r-lms');
      expect(ada).toMatchObject({ name: 'Ada', lmsId: 's1234567' });
      expect(grace).toMatchObject({ name: 'Grace', lmsId: null });
      expect((await data.learnerById('l-lms'))?.lmsId).toBe('s1234567');
      await data.deleteRoom('r-lms');
    });

    it('stores a batch in order and acknowledges each event with its id', async () => {
      const acks = await data.insertEvents(
        'r1',
        'l1',
        [event('k1', 1), event('k2', 2, { outcome: 'correct' })],
        T0 + 6000,
      );
      expect(acks.map((a) => [a.key, a.status])).toEqual([
        ['k1', 'stored'],
        ['k2', 'stored'],
      ]);
      expect(acks[1]!.id).toBeGreaterThan(acks[0]!.id);
      const stored = await data.eventsOfLearner('l1');
      expect(stored.map((e) => [e.key, e.seq, e.outcome])).toEqual([
        ['k1', 1, 'incorrect'],
        ['k2', 2, 'correct'],
      ]);
      expect(stored[0]).toMatchObject({
        roomId: 'r1',
        learnerId: 'l1',
        kind: 'decision-table',
        payload: { answers: { a: { layer: 'transport' } } },
        verdict: { correct: 0, total: 1 },
        selfReported: false,
        clientAt: T0 + 5000,
        receivedAt: T0 + 6000,
      });
    });

    it('reads a verdict stored in the compact shape of earlier versions with today’s member names', async () => {
      // The shape src/room/verdict.ts wrote before cells and questions had readable names: s (scenario),
      // c (column), v (the value chosen), r (result), m (misconception); a question's verdict as r.
      expect(await data.insertRoom(room('rv', 'OLDV4679'))).toBe('created');
      expect(await data.insertLearner(learner('v1', 'rv', 'Vera'))).toBe('joined');
      const old = {
        kind: 'completion-check',
        action: 'check',
        outcome: 'incorrect',
        correct: 1,
        total: 2,
        passed: false,
        questions: [{ id: 'q1', r: 'correct' }],
        cells: [{ s: 'backend-unavailable', c: 'layer', v: 'transport', r: 'incorrect', m: 'a-belief' }],
      };
      await data.insertEvents('rv', 'v1', [event('old-1', 1, { kind: 'completion-check', verdict: old })], T0);
      const [stored] = await data.eventsOfLearner('v1');
      expect(stored!.verdict).toEqual({
        ...old,
        questions: [{ id: 'q1', result: 'correct' }],
        cells: [
          {
            scenario: 'backend-unavailable',
            column: 'layer',
            chosen: 'transport',
            result: 'incorrect',
            misconception: 'a-belief',
          },
        ],
      });
    });

    it('stores an event sent twice once: the second copy is acknowledged as a duplicate with the first id', async () => {
      const first = await data.eventsOfLearner('l1');
      const acks = await data.insertEvents('r1', 'l1', [event('k2', 2), event('k3', 3)], T0 + 7000);
      expect(acks[0]).toEqual({ key: 'k2', status: 'duplicate', id: first[1]!.id });
      expect(acks[1]!.status).toBe('stored');
      expect((await data.eventsOfLearner('l1')).map((e) => e.key)).toEqual(['k1', 'k2', 'k3']);
    });

    it('commits batches that arrive together in one go, each still acknowledged on its own, and fails a bad one alone', async () => {
      expect(await data.insertRoom(room('rg', 'GRPC4679'))).toBe('created');
      for (const id of ['g1', 'g2', 'g3']) expect(await data.insertLearner(learner(id, 'rg', id))).toBe('joined');
      const results = await Promise.allSettled([
        data.insertEvents('rg', 'g1', [event('a', 1), event('b', 2)], T0),
        data.insertEvents('rg', 'g2', [event('a', 1)], T0),
        data.insertEvents('rg', 'no-such-learner', [event('x', 1)], T0),
        data.insertEvents('rg', 'g3', [event('a', 1), event('a', 1)], T0),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      const g3 = (results[3] as PromiseFulfilledResult<{ status: string }[]>).value;
      expect(g3.map((a) => a.status)).toEqual(['stored', 'duplicate']);
      expect((await data.eventsOfRoom('rg')).map((e) => `${e.learnerId}:${e.key}`)).toEqual([
        'g1:a',
        'g1:b',
        'g2:a',
        'g3:a',
      ]);
      await data.deleteRoom('rg');
    });

    it('keys idempotency per learner: another learner may use the same key', async () => {
      const acks = await data.insertEvents('r1', 'l4', [event('k1', 1)], T0 + 8000);
      expect(acks[0]!.status).toBe('stored');
    });

    it('moves the learner to the chapter of their latest event and records when they were seen', async () => {
      await data.insertEvents('r1', 'l4', [event('k9', 9, { chapterId: 'message-shapes' })], T0 + 9000);
      const l4 = await data.learnerById('l4');
      expect(l4?.chapterId).toBe('message-shapes');
      expect(l4?.lastSeenAt).toBe(T0 + 9000);
    });

    it('lists a room’s events after a given id, and never another room’s', async () => {
      await data.insertEvents('r3', 'l3', [event('other', 1)], T0 + 9500);
      const all = await data.eventsOfRoom('r1');
      expect(all.map((e) => `${e.learnerId}:${e.key}`)).toEqual(['l1:k1', 'l1:k2', 'l1:k3', 'l4:k1', 'l4:k9']);
      const after = await data.eventsOfRoom('r1', all[2]!.id);
      expect(after.map((e) => e.key)).toEqual(['k1', 'k9']);
      const r3 = await data.eventsOfRoom('r3');
      expect(await data.eventsByIds('r1', [r3[0]!.id, all[0]!.id])).toEqual([all[0]]);
      expect(await data.countEvents('r1')).toBe(5);
    });

    it('lists a room’s events without the learners’ payloads when asked (what a dashboard reads), all else the same', async () => {
      const all = await data.eventsOfRoom('r1');
      expect(all[0]!.payload).toEqual({ answers: { a: { layer: 'transport' } } });
      const light = await data.eventsOfRoom('r1', 0, 100, { payload: false });
      expect(light.map((e) => e.payload)).toEqual(all.map(() => null));
      expect(light).toEqual(all.map((e) => ({ ...e, payload: null })));
    });

    it('stores self-reported results marked as such', async () => {
      await data.insertEvents(
        'r1',
        'l1',
        [event('lab', 10, { kind: 'code-lab', selfReported: true, outcome: 'self-reported' })],
        T0,
      );
      const lab = (await data.eventsOfLearner('l1')).find((e) => e.key === 'lab');
      expect(lab?.selfReported).toBe(true);
    });

    it('removes a learner once, keeping their events', async () => {
      expect(await data.removeLearner('r1', 'l4', T0 + 10_000)).toBe(true);
      expect(await data.removeLearner('r1', 'l4', T0 + 11_000)).toBe(false);
      expect(await data.removeLearner('r3', 'l1', T0 + 11_000)).toBe(false);
      expect((await data.learnerById('l4'))?.removedAt).toBe(T0 + 10_000);
      expect((await data.eventsOfLearner('l4')).length).toBe(2);
    });

    it('ends a room once (a second end keeps the first time)', async () => {
      expect((await data.endRoom('r3', T0 + 12_000))?.endedAt).toBe(T0 + 12_000);
      expect((await data.endRoom('r3', T0 + 13_000))?.endedAt).toBe(T0 + 12_000);
    });

    it('deletes rooms whose time is up, with their learners and events, and keeps the others', async () => {
      expect(await data.insertRoom(room('old', 'OLD23456', T0 + DAY))).toBe('created');
      expect(await data.insertLearner(learner('lo', 'old', 'Old'))).toBe('joined');
      await data.insertEvents('old', 'lo', [event('x', 1)], T0);
      expect(await data.deleteExpiredRooms(T0 + DAY)).toEqual(['old']);
      expect(await data.roomById('old')).toBeUndefined();
      expect(await data.learnerById('lo')).toBeUndefined();
      expect(await data.eventsOfRoom('old')).toEqual([]);
      expect(await data.roomById('r1')).toBeDefined();
    });

    it('deletes one room on request', async () => {
      expect(await data.deleteRoom('r3')).toBe(true);
      expect(await data.deleteRoom('r3')).toBe(false);
      expect(await data.learnerById('l3')).toBeUndefined();
    });

    it('stores names and payloads with quotes, semicolons and control characters as data', async () => {
      const name = "Robert'); DROP TABLE learners;--\u0007";
      expect(await data.insertLearner(learner('lx', 'r1', name))).toBe('joined');
      expect((await data.learnerById('lx'))?.name).toBe(name);
      await data.insertEvents('r1', 'lx', [event("'; delete from events; --", 1, { payload: { t: '\'"\\' } })], T0);
      expect((await data.eventsOfLearner('lx'))[0]?.payload).toEqual({ t: '\'"\\' });
      expect(await data.countEvents('r1')).toBe(7);
    });
  });
}
