/**
 * Live updates across server instances: two instances on one PostgreSQL, an event posted to one
 * reaching a dashboard connected to the other, through LISTEN/NOTIFY; and the in-process bus of a single server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createMemoryBus, createPostgresBus, type Bus } from '../../../src/server/bus.ts';
import { dashboardEvent } from '../../../src/server/app.ts';
import { createWorkshopData } from '../../../src/server/db/workshop-data.ts';
import type { LiveMessage } from '../../../src/room/live.ts';
import { openDatabase, type OpenDatabase } from '../../../src/server/db/open.ts';
import { CH05_ONE_ROW_WRONG as WRONG_ROW } from '../../support/ch05-table.ts';
import { ENGINES_UNDER_TEST, reportPostgresAvailability, type TestDatabase } from './databases.ts';
import { createRoom, join, post, readEvents, tableCheck, testServer, withToken } from './harness.ts';

reportPostgresAvailability('live updates across instances');

describe('the in-process bus', () => {
  it('delivers a room’s messages to that room’s subscribers and to "*" only', async () => {
    const bus = createMemoryBus();
    const a: LiveMessage[] = [];
    const b: LiveMessage[] = [];
    const all: LiveMessage[] = [];
    bus.subscribe('a', (m) => a.push(m));
    const stopB = bus.subscribe('b', (m) => b.push(m));
    bus.subscribe('*', (m) => all.push(m));
    await bus.publish({ t: 'event-ref', roomId: 'a', id: 1 });
    stopB();
    await bus.publish({ t: 'event-ref', roomId: 'b', id: 2 });
    expect(a.length).toBe(1);
    expect(b.length).toBe(0);
    expect(all.length).toBe(2);
  });

  it('keeps delivering to the others when one subscriber throws', async () => {
    const bus = createMemoryBus();
    const got: LiveMessage[] = [];
    bus.subscribe('a', () => {
      throw new Error('closed stream');
    });
    bus.subscribe('a', (m) => got.push(m));
    await bus.publish({ t: 'event-ref', roomId: 'a', id: 1 });
    expect(got.length).toBe(1);
  });
});

for (const engine of ENGINES_UNDER_TEST.filter((e) => e.name === 'PostgreSQL')) {
  describe('two server instances on one PostgreSQL', () => {
    let db: TestDatabase;
    let second: OpenDatabase;
    const buses: Bus[] = [];

    async function bus(database: OpenDatabase): Promise<Bus> {
      const data = createWorkshopData(database.db);
      const created = await createPostgresBus(database.postgresUrl!, database.db, async (roomId, ids) =>
        (await data.eventsByIds(roomId, ids)).map(dashboardEvent),
      );
      buses.push(created);
      return created;
    }

    beforeAll(async () => {
      db = await engine.open();
      second = await openDatabase(db.url);
    });
    afterAll(async () => {
      for (const b of buses) await b.close();
      await second.close();
      await db.dispose();
    });

    it('shows an event posted to one instance on a dashboard connected to the other', async () => {
      const one = testServer(db, {}, await bus(db.database));
      const two = testServer({ ...db, database: second }, {}, await bus(second));
      const room = await createRoom(one);
      const ada = await join(one, room.code, 'Ada');
      const stream = await two.request(`/api/rooms/${room.roomId}/stream`, withToken(room.instructorSecret));
      const reading = readEvents(stream, (events) => events.some((e) => e.event === 'event'));
      await new Promise((r) => setTimeout(r, 100));
      const sent = await one.request('/api/events', post({ events: [tableCheck(1, WRONG_ROW)] }, ada.token));
      expect(sent.status).toBe(200);
      const events = await reading;
      const live = events.find((e) => e.event === 'event');
      expect(live, 'the event reached the other instance').toBeDefined();
      expect(JSON.parse(live!.data)).toMatchObject({ learnerId: ada.learnerId, verdict: { outcome: 'incorrect' } });
      one.close();
      two.close();
    });

    it('sends a message too large for NOTIFY as a reference that the other instance reads back', async () => {
      const data = createWorkshopData(db.database.db);
      const sender = await bus(db.database);
      const receiver = await bus(second);
      const one = testServer(db, {}, sender);
      const room = await createRoom(one);
      const ada = await join(one, room.code, 'Ada');
      await one.request('/api/events', post({ events: [tableCheck(1, WRONG_ROW)] }, ada.token));
      const [stored] = await data.eventsOfLearner(ada.learnerId);
      const got: LiveMessage[] = [];
      // Only events: the join's own message may still be on its way.
      receiver.subscribe(room.roomId, (m) => m.t === 'event' && got.push(m));
      const big = dashboardEvent(stored!);
      big.verdict = {
        kind: 'code-lab',
        action: 'run',
        outcome: 'self-reported',
        selfReported: true,
        passed: true,
        codeHash: 'f'.repeat(9000),
      };
      await sender.publish({ t: 'event', roomId: room.roomId, event: big });
      for (let i = 0; i < 50 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(got[0]).toMatchObject({ t: 'event', event: { id: stored!.id } });
      one.close();
    });

    it('reconnects after losing its LISTEN connection and tells subscribers to resynchronise', async () => {
      const listener = await bus(second);
      const got: LiveMessage[] = [];
      listener.subscribe('some-room', (m) => got.push(m));
      // Ends every other session's connection to this database's schema owner, as a PostgreSQL restart would.
      const admin = new pg.Client({ connectionString: db.url });
      await admin.connect();
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and query ilike 'LISTEN%'",
      );
      await admin.end();
      for (let i = 0; i < 100 && !got.some((m) => m.t === 'resync'); i++) await new Promise((r) => setTimeout(r, 20));
      expect(got.some((m) => m.t === 'resync')).toBe(true);
    });
  });
}
