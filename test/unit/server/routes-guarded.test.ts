/**
 * Every route of the workshop server, read from the application itself (Hono's `app.routes`), keeps the checks it
 * had before the routes were split into modules: each instructor route (/api/rooms/:roomId/…) refuses a learner
 * token and another room's instructor secret, each learner route refuses an instructor secret, every API route
 * refuses another site's Origin and a Host the server does not serve, and every API POST refuses a body over the
 * cap. A route module that forgets one fails here, named by method and path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../src/room/protocol.ts';
import { ENGINES_UNDER_TEST, type TestDatabase } from './databases.ts';
import { createRoom, join, post, testServer, withToken, type TestServer } from './harness.ts';

const sqlite = ENGINES_UNDER_TEST.find((e) => e.name === 'SQLite')!;
let db: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  db = await sqlite.open();
  server = testServer(db);
});
afterAll(async () => {
  server.close();
  await db.dispose();
});

/** The API's routes with a handler of their own (not the `*` middleware, not the closing 404). */
const apiRoutes = () => {
  const seen = new Set<string>();
  return server.routes.filter(({ method, path }) => {
    const key = `${method} ${path}`;
    if (method === 'ALL' || !path.startsWith('/api/') || path.includes('*') || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

const fill = (path: string, roomId: string, learnerId: string) =>
  path.replace(':roomId', roomId).replace(':learnerId', learnerId);

const init = (method: string, token: string, extra: Record<string, string> = {}): RequestInit =>
  method === 'POST'
    ? post({}, token, extra)
    : { ...withToken(token, method), headers: { ...extra, Authorization: `Bearer ${token}` } };

describe('every route of the split workshop server', () => {
  it('finds the routes it checks (the instructor routes and the learner routes)', () => {
    const paths = apiRoutes().map((r) => `${r.method} ${r.path}`);
    // The routes of src/server/app.ts before the split (ff9948f), and the room's LMS export and pace.
    for (const route of [
      'POST /api/join',
      'GET /api/me',
      'GET /api/me/events',
      'POST /api/events',
      'GET /api/me/stream',
      'POST /api/rooms',
      'GET /api/rooms/:roomId',
      'POST /api/rooms/:roomId/sign-in',
      'GET /api/rooms/:roomId/stream',
      'POST /api/rooms/:roomId/lock',
      'POST /api/rooms/:roomId/joining',
      'POST /api/rooms/:roomId/end',
      'DELETE /api/rooms/:roomId',
      'DELETE /api/rooms/:roomId/learners/:learnerId',
      'GET /api/rooms/:roomId/export.csv',
      'GET /api/rooms/:roomId/export/lms',
      'GET /api/rooms/:roomId/pace',
      'POST /api/rooms/:roomId/pace',
    ])
      expect(paths).toContain(route);
  });

  it('refuses a learner token and another room’s instructor secret on every instructor route', async () => {
    const room = await createRoom(server);
    const other = await createRoom(server);
    const ada = await join(server, room.code, 'Ada');
    const instructorRoutes = apiRoutes().filter((r) => r.path.startsWith('/api/rooms/:roomId'));
    expect(instructorRoutes.length).toBeGreaterThan(10);
    for (const { method, path } of instructorRoutes) {
      const url = fill(path, room.roomId, ada.learnerId);
      for (const [who, token] of [
        ['learner token', ada.token],
        ['other room’s secret', other.instructorSecret],
      ] as const) {
        const res = await server.request(url, init(method, token));
        expect(res.status, `${method} ${path} with a ${who}`).toBe(401);
      }
    }
    expect((await server.data.roomById(room.roomId))?.endedAt).toBeNull();
    expect((await server.data.learnerById(ada.learnerId))?.removedAt).toBeNull();
  });

  it('refuses an instructor secret on every learner route', async () => {
    const room = await createRoom(server);
    const learnerRoutes = apiRoutes().filter((r) => r.path.startsWith('/api/me') || r.path === '/api/events');
    expect(learnerRoutes.length).toBeGreaterThanOrEqual(4);
    for (const { method, path } of learnerRoutes) {
      const res = await server.request(path, init(method, room.instructorSecret));
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('refuses another site’s Origin and an address it does not serve on every API route', async () => {
    const room = await createRoom(server);
    const ada = await join(server, room.code, 'Ada');
    for (const { method, path } of apiRoutes()) {
      const url = fill(path, room.roomId, ada.learnerId);
      const cross = await server.request(url, init(method, room.instructorSecret, { Origin: 'https://evil.test' }));
      expect(cross.status, `${method} ${path} from another site`).toBe(403);
      const rebound = await server.request(url, { ...init(method, room.instructorSecret), host: 'evil.test' });
      expect(rebound.status, `${method} ${path} for another host`).toBe(403);
    }
  });

  it('refuses a body over the cap on every API POST, before any route reads it', async () => {
    const room = await createRoom(server);
    const big = JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES) });
    for (const { path } of apiRoutes().filter((r) => r.method === 'POST')) {
      const res = await server.request(fill(path, room.roomId, 'x'), post(big, room.instructorSecret));
      expect(res.status, `POST ${path}`).toBe(413);
    }
  });
});
