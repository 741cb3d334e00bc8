/**
 * Attack tests for the workshop server under load, each at small scale with the limit injected: live streams that
 * go deaf, one visitor stalling everyone, events missing past a read limit, idle connections taking every file
 * descriptor, and unread streams growing without bound. Full-scale reproductions are in test/bench/.
 */
import { createEventStreamParser } from '#message-model';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from 'node:http';
import { createWorkshopApp } from '../../../src/server/app.ts';
import { limitConnections, type ConnectionLimits } from '../../../src/server/connections.ts';
import { createMemoryBus, type Bus } from '../../../src/server/bus.ts';
import type { LiveMessage } from '../../../src/room/live.ts';
import { readEventStream } from '../../../src/room/sse.ts';
import type { WorkshopData } from '../../../src/server/db/workshop-data.ts';
import { ENGINES_UNDER_TEST, reportPostgresAvailability, type TestDatabase } from './databases.ts';
import {
  createRoom,
  freshKey,
  join,
  post,
  tableCheck,
  testCourse,
  testServer,
  testServerWrapping,
  withToken,
} from './harness.ts';
import { createWorkshopData } from '../../../src/server/db/workshop-data.ts';

reportPostgresAvailability('workshop server under load');

/** A live stream read a bit at a time: `until` waits for events without closing the stream. */
function openReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: string }[] = [];
  const parser = createEventStreamParser((e) => events.push({ event: e.type, data: e.data }));
  let ended = false;
  let bytes = 0;
  let pending: Promise<void> | undefined;
  const pump = async () => {
    const chunk = await reader.read();
    if (chunk.done) {
      ended = true;
      return;
    }
    bytes += chunk.value.byteLength;
    parser.push(decoder.decode(chunk.value, { stream: true }));
  };
  return {
    events,
    get ended() {
      return ended;
    },
    get bytes() {
      return bytes;
    },
    /** Reads until `done` says so, the stream ends or `timeoutMs` passes; true when `done` said so. */
    async until(done: (events: { event: string; data: string }[]) => boolean, timeoutMs = 5000): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      while (!done(events) && !ended && Date.now() < deadline) {
        pending ??= pump().finally(() => (pending = undefined));
        await Promise.race([pending, new Promise((r) => setTimeout(r, Math.max(1, deadline - Date.now())))]);
      }
      return done(events);
    },
    async close() {
      await reader.cancel().catch(() => {});
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A bus that silently drops the messages `drop` picks (a lost NOTIFY, a subscriber set gone missing). */
function lossyBus(drop: (message: LiveMessage) => boolean): Bus {
  const bus = createMemoryBus();
  return { ...bus, publish: (message) => (drop(message) ? Promise.resolve() : bus.publish(message)) };
}

/** Generous learner limits, so a test can send hundreds of events quickly. */
const MANY_EVENTS = {
  requestsPerLearner: { burst: 10_000, perSecond: 1000 },
  eventsPerLearner: { burst: 100_000, perSecond: 10_000 },
};

/** Sends `count` decision-table checks for one learner, 20 a request; returns the stored ids. */
async function sendChecks(server: ReturnType<typeof testServer>, token: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, (_, i) => tableCheck(start + i + 1, {}));
    const res = await server.request('/api/events', post({ events: batch }, token));
    expect(res.status).toBe(200);
    for (const r of ((await res.json()) as { results: { status: string; id: number }[] }).results) {
      expect(r.status).toBe('stored');
      ids.push(r.id);
    }
  }
  return ids;
}

/** The event ids of the snapshots on a dashboard stream (a snapshot and the pages of events that follow it). */
const snapshotEventIds = (events: { event: string; data: string }[]) =>
  events
    .filter((e) => e.event === 'snapshot' || e.event === 'snapshot-events')
    .flatMap((e) => (JSON.parse(e.data) as { events: { id: number }[] }).events.map((ev) => ev.id));

/** A prediction on chapter 1's progress notification, as shown (no edited text). */
const prediction = (seq: number) => ({
  key: freshKey(),
  seq,
  chapterId: 'message-shapes',
  kind: 'classify',
  itemId: 'classify-notification-progress-2026-07-28',
  action: 'predict',
  fixtureId: 'notification-progress',
  protocol: '2026-07-28',
  prediction: { kind: 'notification' },
});

/** A data layer whose reads of a room's events return at most `page` rows a call (as a page size would). */
const readingAtMost =
  (page: number) =>
  (data: WorkshopData): WorkshopData => ({
    ...data,
    eventsOfRoom: (roomId, afterId, limit = page, options) =>
      data.eventsOfRoom(roomId, afterId, Math.min(limit, page), options),
  });

describe('the in-process bus', () => {
  it('keeps a newer subscriber when an older one unsubscribes twice', async () => {
    // A stream unsubscribed on abort and again when its heartbeat woke; the second call deleted the room's set of
    // subscribers, newer streams included.
    const bus = createMemoryBus();
    const got: LiveMessage[] = [];
    const older = bus.subscribe('room-1', () => {});
    older();
    bus.subscribe('room-1', (m) => got.push(m));
    older();
    await bus.publish({ t: 'resync' });
    await bus.publish({ t: 'room', roomId: 'room-1', room: {} as never });
    expect(got.map((m) => m.t)).toEqual(['resync', 'room']);
  });
});

describe('a page reading a live stream', () => {
  it('stops with an error when the stream sends nothing, not even a keep-alive, for idleMs', async () => {
    // The page said "Live" for as long as the connection stayed open, whether anything came or not.
    const silent = new Response(new ReadableStream({ start: () => {} }));
    await expect(readEventStream(silent, () => {}, undefined, { idleMs: 50 })).rejects.toThrow(/sent nothing/);
    const chatty = new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(': keep-alive\n\nevent: room\ndata: {}\n\n'));
          controller.close();
        },
      }),
    );
    const seen: string[] = [];
    await readEventStream(chatty, (e) => seen.push(e.event), undefined, { idleMs: 50 });
    expect(seen).toEqual(['room']);
  });
});

for (const engine of ENGINES_UNDER_TEST) {
  describe(`workshop server under load on ${engine.name}`, () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await engine.open();
    });
    afterAll(async () => {
      await db.dispose();
    });

    describe('streams that go deaf', () => {
      it('keeps a reloaded dashboard live after the old stream’s heartbeat wakes', async () => {
        const server = testServer(db, { heartbeatSeconds: 0.05, streamStallSeconds: 60 });
        try {
          const room = await createRoom(server);
          const ada = await join(server, room.code, 'Ada');
          const old = openReader(
            await server.request(`/api/rooms/${room.roomId}/stream`, withToken(room.instructorSecret)),
          );
          expect(await old.until((e) => e.some((x) => x.event === 'snapshot'))).toBe(true);
          await old.close();
          const fresh = openReader(
            await server.request(`/api/rooms/${room.roomId}/stream`, withToken(room.instructorSecret)),
          );
          expect(await fresh.until((e) => e.some((x) => x.event === 'snapshot'))).toBe(true);
          // The old stream's heartbeat wakes (and, before, unsubscribed a second time).
          await sleep(200);
          const sent = await server.request('/api/events', post({ events: [tableCheck(1, {})] }, ada.token));
          expect(sent.status).toBe(200);
          const { results } = (await sent.json()) as { results: { status: string; id: number }[] };
          expect(results[0]!.status).toBe('stored');
          expect(
            await fresh.until(
              (e) => e.some((x) => x.event === 'event' && JSON.parse(x.data).id === results[0]!.id),
              2000,
            ),
          ).toBe(true);
          await fresh.close();
        } finally {
          server.close();
        }
      });

      it('keeps a reconnected learner’s stream live: the lock reaches them', async () => {
        const server = testServer(db, { heartbeatSeconds: 0.05, streamStallSeconds: 60 });
        try {
          const room = await createRoom(server);
          const ada = await join(server, room.code, 'Ada');
          const old = openReader(await server.request('/api/me/stream', withToken(ada.token)));
          expect(await old.until((e) => e.some((x) => x.event === 'room'))).toBe(true);
          await old.close();
          const fresh = openReader(await server.request('/api/me/stream', withToken(ada.token)));
          expect(await fresh.until((e) => e.some((x) => x.event === 'room'))).toBe(true);
          await sleep(200);
          const lock = await server.request(
            `/api/rooms/${room.roomId}/lock`,
            post({ locked: true }, room.instructorSecret),
          );
          expect(lock.status).toBe(200);
          expect(
            await fresh.until((e) => e.some((x) => x.event === 'room' && JSON.parse(x.data).locked === true), 2000),
          ).toBe(true);
          await fresh.close();
        } finally {
          server.close();
        }
      });

      it('resynchronises a dashboard that missed an event: a fresh snapshot carries it', async () => {
        let dropped = 0;
        const bus = lossyBus((m) => m.t === 'event' && dropped++ === 0);
        const server = testServer(db, { heartbeatSeconds: 0.05, streamStallSeconds: 60 }, bus);
        try {
          const room = await createRoom(server);
          const ada = await join(server, room.code, 'Ada');
          const dash = openReader(
            await server.request(`/api/rooms/${room.roomId}/stream`, withToken(room.instructorSecret)),
          );
          expect(await dash.until((e) => e.some((x) => x.event === 'snapshot'))).toBe(true);
          const sent = await server.request('/api/events', post({ events: [tableCheck(1, {})] }, ada.token));
          const id = ((await sent.json()) as { results: { id: number }[] }).results[0]!.id;
          expect(dropped).toBe(1);
          expect(await dash.until((e) => snapshotEventIds(e).includes(id), 3000)).toBe(true);
          await dash.close();
        } finally {
          server.close();
        }
      });

      it('resynchronises a learner who missed the lock and the end of the room', async () => {
        const bus = lossyBus((m) => m.t === 'room');
        const server = testServer(db, { heartbeatSeconds: 0.05, streamStallSeconds: 60 }, bus);
        try {
          const room = await createRoom(server);
          const ada = await join(server, room.code, 'Ada');
          const learner = openReader(await server.request('/api/me/stream', withToken(ada.token)));
          expect(await learner.until((e) => e.some((x) => x.event === 'room'))).toBe(true);
          await server.request(`/api/rooms/${room.roomId}/lock`, post({ locked: true }, room.instructorSecret));
          expect(
            await learner.until((e) => e.some((x) => x.event === 'room' && JSON.parse(x.data).locked === true), 3000),
          ).toBe(true);
          await server.request(`/api/rooms/${room.roomId}/end`, post({}, room.instructorSecret));
          expect(
            await learner.until((e) => e.some((x) => x.event === 'room' && JSON.parse(x.data).endedAt !== null), 3000),
          ).toBe(true);
          await learner.close();
        } finally {
          server.close();
        }
      });
    });

    describe('unread streams', () => {
      it('closes a dashboard stream whose reader stalls past 64 KB queued; the reconnect resynchronises', async () => {
        // Writes were fire-and-forget: a dashboard that never read made the server queue every event for it.
        const server = testServer(db, {
          heartbeatSeconds: 60,
          maxQueuedBytesPerStream: 64 * 1024,
          limits: MANY_EVENTS,
        });
        try {
          const room = await createRoom(server);
          const ada = await join(server, room.code, 'Ada');
          const open = () => server.request(`/api/rooms/${room.roomId}/stream`, withToken(room.instructorSecret));
          const stalled = openReader(await open());
          const reading = openReader(await open());
          expect(await stalled.until((e) => e.some((x) => x.event === 'snapshot'))).toBe(true);
          expect(await reading.until((e) => e.some((x) => x.event === 'snapshot'))).toBe(true);
          const before = stalled.bytes;
          const reader = reading.until(() => false, 4000);
          const ids = await sendChecks(server, ada.token, 300);
          await reader;
          // The reading dashboard got every event, well over 64 KB of them.
          expect(reading.events.filter((e) => e.event === 'event')).toHaveLength(300);
          expect(reading.bytes - before).toBeGreaterThan(3 * 64 * 1024);
          // The stalled one, read again now, holds at most what fitted in 64 KB, and then it ends.
          expect(await stalled.until(() => false, 2000)).toBe(false);
          expect(stalled.ended).toBe(true);
          expect(stalled.bytes - before).toBeLessThanOrEqual(64 * 1024 + 4096);
          // It reconnects, and the snapshot has every event.
          const again = openReader(await open());
          expect(await again.until((e) => ids.every((id) => snapshotEventIds(e).includes(id)))).toBe(true);
          await Promise.all([again.close(), reading.close()]);
        } finally {
          server.close();
        }
      });

      it('closes a stream whose reader reads nothing for two heartbeats, even with little queued', async () => {
        const server = testServer(db, { heartbeatSeconds: 0.05, maxQueuedBytesPerStream: 64 * 1024 });
        try {
          const room = await createRoom(server);
          const ada = await join(server, room.code, 'Ada');
          const learner = openReader(await server.request('/api/me/stream', withToken(ada.token)));
          expect(await learner.until((e) => e.some((x) => x.event === 'room'))).toBe(true);
          await sleep(500);
          expect(await learner.until(() => false, 1000)).toBe(false);
          expect(learner.ended).toBe(true);
        } finally {
          server.close();
        }
      });
    });

    describe('rooms past a read limit', () => {
      it('shows and exports every acknowledged event when each read returns at most 100 (1,000 events)', async () => {
        // Snapshots and exports read a room's events once, at most 100,000: past that, acknowledged answers were
        // missing from the dashboard and the CSV. Here one read returns at most 100 rows.
        const server = testServerWrapping(db, readingAtMost(100), { limits: MANY_EVENTS, eventPageSize: 100 });
        try {
          const room = await createRoom(server, ['message-shapes']);
          const learners = [];
          for (let i = 0; i < 10; i++) learners.push(await join(server, room.code, `Learner ${i}`));
          const ids: number[] = [];
          for (const learner of learners) {
            for (let start = 0; start < 100; start += 25) {
              const batch = Array.from({ length: 25 }, (_, i) => prediction(start + i + 1));
              const res = await server.request('/api/events', post({ events: batch }, learner.token));
              const { results } = (await res.json()) as { results: { status: string; id: number }[] };
              expect(results.every((r) => r.status === 'stored')).toBe(true);
              ids.push(...results.map((r) => r.id));
            }
          }
          expect(ids).toHaveLength(1000);
          // The snapshot the dashboard page reads.
          const dash = openReader(
            await server.request(`/api/rooms/${room.roomId}/stream`, withToken(room.instructorSecret)),
          );
          expect(await dash.until((e) => snapshotEventIds(e).length >= 1000)).toBe(true);
          expect(new Set(snapshotEventIds(dash.events))).toEqual(new Set(ids));
          await dash.close();
          // The snapshot as JSON.
          const snap = await server.request(`/api/rooms/${room.roomId}`, withToken(room.instructorSecret));
          const body = (await snap.json()) as { events: { id: number }[] };
          expect(new Set(body.events.map((e) => e.id))).toEqual(new Set(ids));
          // The CSV: each learner made 100 predictions.
          const csv = await server.request(`/api/rooms/${room.roomId}/export.csv`, withToken(room.instructorSecret));
          const [header, ...rows] = (await csv.text())
            .trim()
            .split('\r\n')
            .map((line) => line.split(','));
          const made = header!.indexOf('predictions made');
          expect(made).toBeGreaterThan(0);
          expect(rows).toHaveLength(10);
          expect(rows.map((row) => row[made])).toEqual(Array.from({ length: 10 }, () => '100'));
        } finally {
          server.close();
        }
      });
    });

    describe('one visitor stalling the server', () => {
      /** A room of `learners` × 100 predictions (stored through the API). */
      async function busyRoom(server: ReturnType<typeof testServer>, learners: number) {
        const room = await createRoom(server, ['message-shapes']);
        for (let i = 0; i < learners; i++) {
          const learner = await join(server, room.code, `Bot ${i}`);
          for (let start = 0; start < 100; start += 25) {
            const batch = Array.from({ length: 25 }, (_, k) => prediction(start + k + 1));
            expect((await server.request('/api/events', post({ events: batch }, learner.token))).status).toBe(200);
          }
        }
        return room;
      }

      it('rate-limits an instructor’s requests per room; another room is not slowed', async () => {
        const server = testServer(db, { limits: { requestsPerInstructor: { burst: 5, perSecond: 0.001 } } });
        try {
          const room = await createRoom(server);
          const other = await createRoom(server);
          const statuses: number[] = [];
          for (let i = 0; i < 8; i++)
            statuses.push((await server.request(`/api/rooms/${room.roomId}`, withToken(room.instructorSecret))).status);
          expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
          const limited = await server.request(`/api/rooms/${room.roomId}`, withToken(room.instructorSecret));
          expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
          expect((await server.request(`/api/rooms/${other.roomId}`, withToken(other.instructorSecret))).status).toBe(
            200,
          );
        } finally {
          server.close();
        }
      });

      it('limits whole-room reads (snapshot, export, dashboard stream) per room more tightly than other routes', async () => {
        const server = testServer(db, { limits: { wholeRoomReadsPerRoom: { burst: 2, perSecond: 0.001 } } });
        try {
          const room = await createRoom(server);
          const base = `/api/rooms/${room.roomId}`;
          const statuses: number[] = [];
          for (const path of [`${base}/export.csv`, base, `${base}/export.csv`, base])
            statuses.push((await server.request(path, withToken(room.instructorSecret))).status);
          expect(statuses).toEqual([200, 200, 429, 429]);
          expect((await server.request(`${base}/stream`, withToken(room.instructorSecret))).status).toBe(429);
          // Locking is not a whole-room read.
          expect((await server.request(`${base}/lock`, post({ locked: true }, room.instructorSecret))).status).toBe(
            200,
          );
        } finally {
          server.close();
        }
      });

      it('limits room creation server-wide, whatever addresses the requests come from', async () => {
        const server = testServer(db, { limits: { createPerServer: { burst: 3, perSecond: 0.001 } } });
        try {
          const statuses: number[] = [];
          for (let i = 0; i < 5; i++)
            statuses.push(
              (
                await server.request('/api/rooms', {
                  ...post({ title: 'Spam', chapters: ['error-semantics-and-retries'] }),
                  ip: `198.18.${i}.7`,
                })
              ).status,
            );
          expect(statuses).toEqual([201, 201, 201, 429, 429]);
        } finally {
          server.close();
        }
      });

      it('runs at most maxWholeRoomReads whole-room reads at once; the next is told to retry', async () => {
        // The first export's reads wait on a gate, so it is still folding when the second arrives.
        let opened!: () => void;
        const gate = new Promise<void>((r) => (opened = r));
        let reading!: () => void;
        const started = new Promise<void>((r) => (reading = r));
        const gated = (data: WorkshopData): WorkshopData => ({
          ...data,
          eventsOfRoom: async (...args) => {
            reading();
            await gate;
            return data.eventsOfRoom(...args);
          },
        });
        const server = testServerWrapping(db, gated, { maxWholeRoomReads: 1, limits: MANY_EVENTS });
        try {
          const a = await createRoom(server);
          const b = await createRoom(server);
          const exportOf = (r: typeof a) =>
            server.request(`/api/rooms/${r.roomId}/export.csv`, withToken(r.instructorSecret));
          const first = exportOf(a);
          await started;
          const second = await exportOf(b);
          expect(second.status).toBe(503);
          expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
          opened();
          expect((await first).status).toBe(200);
          expect((await exportOf(b)).status).toBe(200);
        } finally {
          opened();
          server.close();
        }
      });

      it('answers another room’s learner while a large export is being folded', async () => {
        const server = testServer(db, { eventPageSize: 100, limits: MANY_EVENTS });
        try {
          const big = await busyRoom(server, 10);
          const small = await createRoom(server);
          const grace = await join(server, small.code, 'Grace');
          const order: string[] = [];
          const exporting = server
            .request(`/api/rooms/${big.roomId}/export.csv`, withToken(big.instructorSecret))
            .then(async (res) => {
              await res.text();
              order.push('export');
            });
          const sending = server
            .request('/api/events', post({ events: [prediction(1)] }, grace.token))
            .then(() => order.push('learner'));
          await Promise.all([exporting, sending]);
          expect(order).toEqual(['learner', 'export']);
        } finally {
          server.close();
        }
      });
    });

    describe('idle keep-alive connections', () => {
      /** A real server on a loopback port, with connection limits applied as main.ts applies them. */
      async function listening(limits: ConnectionLimits) {
        const { app } = createWorkshopApp({
          data: createWorkshopData(db.database.db),
          bus: createMemoryBus(),
          course: testCourse(),
        });
        const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
        await new Promise((r) => server.once('listening', r));
        const limiter = limitConnections(server as Server, limits);
        const { port } = server.address() as AddressInfo;
        return { server, port, limiter };
      }

      /** Opens a socket from `from`, sends one keep-alive request and waits for its answer; the socket stays open. */
      function idleSocket(
        port: number,
        from = '127.0.0.1',
      ): Promise<{ socket: Socket; closed: () => boolean; status: string }> {
        return new Promise((resolve, reject) => {
          let closed = false;
          let text = '';
          const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => {
            socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
          });
          socket.on('data', (chunk) => {
            text += chunk.toString();
            if (text.includes('\r\n\r\n')) resolve({ socket, closed: () => closed, status: text.slice(9, 12) });
          });
          socket.on('close', () => {
            closed = true;
            resolve({ socket, closed: () => closed, status: text.slice(9, 12) || 'closed' });
          });
          socket.on('error', () => {});
          setTimeout(() => reject(new Error('no answer')), 5000);
        });
      }

      it('holds at most 20 idle connections from one address (50 opened), and still answers a new one', async () => {
        // Plain keep-alive connections were neither capped nor closed early: ~1,100 idle ones from one client
        // took every file descriptor at ulimit -n 1024.
        const { server, port } = await listening({
          maxConnections: 30,
          maxConnectionsPerAddress: 20,
          idleTimeoutSeconds: 60,
        });
        const sockets: Awaited<ReturnType<typeof idleSocket>>[] = [];
        try {
          for (let i = 0; i < 50; i++) sockets.push(await idleSocket(port));
          await sleep(100);
          expect(sockets.filter((s) => !s.closed()).length).toBeLessThanOrEqual(20);
          const fresh = await idleSocket(port);
          sockets.push(fresh);
          expect(fresh.status).toBe('200');
          // Another address is served, and the server-wide cap holds across addresses.
          for (let i = 0; i < 20; i++) sockets.push(await idleSocket(port, '127.0.0.2'));
          await sleep(100);
          expect(sockets.filter((s) => !s.closed()).length).toBeLessThanOrEqual(30);
          expect((await idleSocket(port, '127.0.0.3')).status).toBe('200');
        } finally {
          for (const s of sockets) s.socket.destroy();
          server.close();
        }
      });

      it('closes a connection idle past idleTimeoutSeconds, and one that never sends a request', async () => {
        const { server, port } = await listening({
          maxConnections: 30,
          maxConnectionsPerAddress: 20,
          idleTimeoutSeconds: 0.3,
        });
        const silent = connect({ port, host: '127.0.0.1' });
        let silentClosed = false;
        silent.on('close', () => (silentClosed = true));
        silent.on('error', () => {});
        try {
          const idle = await idleSocket(port);
          expect(idle.status).toBe('200');
          await sleep(1200);
          expect(idle.closed()).toBe(true);
          expect(silentClosed).toBe(true);
        } finally {
          silent.destroy();
          server.close();
        }
      });
    });
  });
}
