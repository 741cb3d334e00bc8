/**
 * A workshop server for tests: the real application over a real database (SQLite file or PostgreSQL schema) with
 * the in-process bus, driven through Hono's app.request (no sockets). Helpers create a room, join learners and
 * read live streams.
 */
import { createEventStreamParser } from '#message-model';
import { createWorkshopApp, type WorkshopSettings } from '../../../src/server/app.ts';
import { createMemoryBus, type Bus } from '../../../src/server/bus.ts';
import { buildCourse } from '../../../src/course/build-course.ts';
import { roomCourse, type RoomCourse } from '../../../src/server/course.ts';
import { createWorkshopData, type WorkshopData } from '../../../src/server/db/workshop-data.ts';
import type { CreateRoomResponse, JoinResponse } from '../../../src/room/protocol.ts';
import type { TestDatabase } from './databases.ts';

let course: RoomCourse | undefined;
/** The course, loaded once per test file. */
export function testCourse(): RoomCourse {
  course ??= roomCourse(buildCourse());
  return course;
}

/** A server under test. */
export interface TestServer {
  /** Sends a request from `ip` (default 192.0.2.1) to `host` (default workshop.test, which the server serves). */
  request(path: string, init?: RequestInit & { ip?: string; host?: string }): Promise<Response>;
  data: WorkshopData;
  bus: Bus;
  clock: { now: number };
  /** Every route the application registers (Hono's `app.routes`), middleware included. */
  routes: readonly { method: string; path: string }[];
  close(): void;
}

/** Builds a server over `db`, with a clock the test moves. */
export function testServer(
  db: TestDatabase,
  config: WorkshopSettings = {},
  bus: Bus = createMemoryBus(),
  wrap: (data: WorkshopData) => WorkshopData = (data) => data,
): TestServer {
  const data = wrap(createWorkshopData(db.database.db));
  const clock = { now: Date.UTC(2026, 10, 30, 9, 0, 0) };
  const { app, closeStreams } = createWorkshopApp({
    data,
    bus,
    course: testCourse(),
    // Rooms from any address, as with --rooms-from-anywhere: the tests create rooms from many addresses.
    config: { allowedHosts: ['workshop.test'], roomCreation: 'anyone', ...config },
    now: () => clock.now,
  });
  return {
    request: (path, init = {}) => {
      const { ip = '192.0.2.1', host = 'workshop.test', ...rest } = init;
      const env = { incoming: { socket: { remoteAddress: ip, remotePort: 40000, remoteFamily: 'IPv4' } } };
      return Promise.resolve(app.request(`http://${host}${path}`, rest, env));
    },
    data,
    bus,
    clock,
    routes: app.routes.map(({ method, path }) => ({ method, path })),
    close: closeStreams,
  };
}

/** JSON POST init with an optional bearer token. */
export function post(body: unknown, token?: string, extra: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...extra },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** GET/DELETE init with a bearer token. */
export function withToken(token: string, method = 'GET'): RequestInit {
  return { method, headers: { Authorization: `Bearer ${token}` } };
}

let roomCounter = 0;

/** Creates a room covering chapters 4 and 5 (a decision table each, and a completion check in 5). */
export async function createRoom(
  server: TestServer,
  chapters = ['results-in-2026-07-28', 'error-semantics-and-retries'],
) {
  // Each room from its own address: room creation is limited per address, and that limit has its own test.
  roomCounter += 1;
  const ip = `10.${(roomCounter >> 8) & 255}.${roomCounter & 255}.1`;
  const res = await server.request('/api/rooms', { ...post({ title: 'Tuesday class', chapters }), ip });
  if (res.status !== 201) throw new Error(`room not created: ${res.status} ${await res.text()}`);
  return (await res.json()) as CreateRoomResponse;
}

/** Joins a learner; throws unless it works. */
export async function join(server: TestServer, code: string, name: string, ip?: string): Promise<JoinResponse> {
  const res = await server.request('/api/join', { ...post({ code, name }), ...(ip ? { ip } : {}) });
  if (res.status !== 201) throw new Error(`join failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as JoinResponse;
}

let keyCounter = 0;
/** A fresh idempotency key. */
export function freshKey(): string {
  keyCounter += 1;
  return `test-key-${String(keyCounter).padStart(6, '0')}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A decision-table check on chapter 5's table with the given answers. */
export function tableCheck(seq: number, answers: Record<string, Record<string, string>>, key = freshKey()) {
  return {
    key,
    seq,
    chapterId: 'error-semantics-and-retries',
    kind: 'decision-table',
    itemId: 'ch05-table',
    action: 'check',
    answers,
    hintLevel: 0,
  };
}

/**
 * A classify prediction on chapter 1's progress notification, sent with an edited message of about 1,900 characters
 * (what the stored-data quota counts): two fit a quota of 5,000 characters, three do not.
 */
export function largePrediction(seq: number) {
  return {
    key: freshKey(),
    seq,
    chapterId: 'message-shapes',
    kind: 'classify',
    itemId: 'classify-notification-progress-2026-07-28',
    action: 'predict',
    fixtureId: 'notification-progress',
    protocol: '2026-07-28',
    prediction: { kind: 'notification' },
    text: `{"jsonrpc":"2.0","method":"notifications/progress","params":{"x":"${'x'.repeat(1800)}"}}`,
  };
}

/** Reads Server-Sent Events from a streaming response until `until` says stop (or the time runs out). */
export async function readEvents(
  res: Response,
  until: (events: { event: string; data: string }[]) => boolean,
  timeoutMs = 5000,
): Promise<{ event: string; data: string }[]> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: string }[] = [];
  const parser = createEventStreamParser((e) => events.push({ event: e.type, data: e.data }));
  const deadline = Date.now() + timeoutMs;
  try {
    while (!until(events) && Date.now() < deadline) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<{ done: true; value: undefined }>((r) =>
          setTimeout(() => r({ done: true, value: undefined }), deadline - Date.now()),
        ),
      ]);
      if (chunk.done) break;
      parser.push(decoder.decode(chunk.value, { stream: true }));
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return events;
}

/**
 * A server over `db` whose data layer `wrap` may change (a read limit, a slow query), with the same clock and
 * requests as testServer.
 */
export function testServerWrapping(
  db: TestDatabase,
  wrap: (data: WorkshopData) => WorkshopData,
  config: WorkshopSettings = {},
  bus: Bus = createMemoryBus(),
): TestServer {
  return testServer(db, config, bus, wrap);
}
