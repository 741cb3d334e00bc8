/**
 * A fresh attacker's tests against the hardened workshop server. Each `it.fails` documents a hole that still works:
 * the test asserts what the server should do, and fails while the attack gets through.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES_UNDER_TEST, reportPostgresAvailability, type TestDatabase } from './databases.ts';
import { DEFAULT_CONFIG } from '../../../src/server/app.ts';
import { createRoom, post, testServer } from './harness.ts';

reportPostgresAvailability('workshop review attacks');

/** The refusal the brief for this server specifies for a room created from another computer. */
const CREATE_REFUSED =
  'Rooms are created on the computer that runs the workshop server: open /instructor/room/ there, or start the server with --rooms-from-anywhere.';

/** A built site with the answer key, so the server has a page to refuse. */
function siteDir(): string {
  const dist = mkdtempSync(joinPath(tmpdir(), 'review-dist-'));
  for (const [path, text] of [
    ['', 'home'],
    ['instructor/room', 'dashboard'],
    ['instructor/answer-key', 'THE ANSWERS'],
  ] as const) {
    mkdirSync(joinPath(dist, path), { recursive: true });
    writeFileSync(joinPath(dist, path, 'index.html'), `<p>${text}</p>`);
  }
  return dist;
}

for (const engine of ENGINES_UNDER_TEST) {
  describe(`workshop review attacks on ${engine.name}`, () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await engine.open();
    });
    afterAll(async () => {
      await db.dispose();
    });

    // Attack: a learner reads the answer key through a room of their own (severity Medium). Anyone may create a
    // room, and its creator is that room's instructor; the sign-in cookie of any room opens /instructor/answer-key/,
    // which is the same for every room. So a learner in class creates a throwaway room from another tab, signs in
    // with its key and copies the answers that the class room's server then marks "correct". The cookie gate
    // proves only "instructor of some room", not "instructor of this class"; closing it needs room creation to be
    // for instructors only (an operator key), which is not a few-line fix.
    it('a learner who creates a room of their own cannot read the answer key', async () => {
      // The server's default (main.ts without --rooms-from-anywhere): rooms are created from the computer it runs on.
      const server = testServer(db, { distDir: siteDir(), roomCreation: 'loopback' });
      const room = { title: 'Tuesday class', chapters: ['results-in-2026-07-28'] };
      const classRoom = await server.request('/api/rooms', { ...post(room), ip: '127.0.0.1' });
      expect(classRoom.status).toBe(201);
      // The learner's own room, from the learner's own address: no credential beyond what any visitor has.
      const own = await server.request('/api/rooms', { ...post(room), ip: '192.0.2.1' });
      expect(own.status).toBe(403);
      expect(((await own.json()) as { error: string }).error).toBe(CREATE_REFUSED);
      const page = await server.request('/instructor/answer-key/');
      expect(await page.text()).not.toContain('THE ANSWERS');
      expect(page.status).toBe(403);
    });

    it('creates rooms by default only from a loopback address, or the forwarded one behind --trust-proxy', async () => {
      expect(DEFAULT_CONFIG.roomCreation).toBe('loopback');
      const server = testServer(db, { roomCreation: 'loopback' });
      const room = post({ title: 'Tuesday class', chapters: ['results-in-2026-07-28'] });
      for (const ip of ['192.0.2.1', '10.0.0.5', 'fe80::1', '::ffff:192.0.2.1']) {
        const res = await server.request('/api/rooms', { ...room, ip });
        expect(res.status).toBe(403);
        expect(((await res.json()) as { error: string }).error).toBe(CREATE_REFUSED);
      }
      for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        expect((await server.request('/api/rooms', { ...room, ip })).status).toBe(201);
      }
      // Behind a proxy the proxy's own address is loopback; the address it forwards is the client's.
      const proxied = testServer(db, { roomCreation: 'loopback', trustProxy: true });
      const lan = post({ title: 'Tuesday class', chapters: ['results-in-2026-07-28'] }, undefined, {
        'X-Forwarded-For': '192.0.2.7',
      });
      expect((await proxied.request('/api/rooms', { ...lan, ip: '127.0.0.1' })).status).toBe(403);
      const local = post({ title: 'Tuesday class', chapters: ['results-in-2026-07-28'] }, undefined, {
        'X-Forwarded-For': '127.0.0.1',
      });
      expect((await proxied.request('/api/rooms', { ...local, ip: '127.0.0.1' })).status).toBe(201);
      // --rooms-from-anywhere: a LAN address may create one.
      const anyone = testServer(db, { roomCreation: 'anyone' });
      expect((await anyone.request('/api/rooms', { ...room, ip: '192.0.2.1' })).status).toBe(201);
    });

    // Attack: the answer key outlives the sign-in in the browser's caches (severity Low). The server marks the
    // page "private, no-store" before serving it, but the site's caching middleware replaced Cache-Control
    // with "no-cache" on every file with a Last-Modified date (fixed), so the service worker (which skips no-store and
    // private responses) stored the answer key and served it offline to whoever next used that browser.
    it('the answer key served to a signed-in instructor is never stored by a cache', async () => {
      const server = testServer(db, { distDir: siteDir() });
      const own = await createRoom(server);
      const signIn = await server.request(`/api/rooms/${own.roomId}/sign-in`, post({}, own.instructorSecret));
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
      const page = await server.request('/instructor/answer-key/', { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control') ?? '').toMatch(/\bno-store\b/);
    });

    // Control for the test above: without any cookie the page is refused, so the failure above is the cookie's doing.
    it('a visitor with no sign-in cannot read the answer key', async () => {
      const server = testServer(db, { distDir: siteDir() });
      const page = await server.request('/instructor/answer-key/');
      expect(page.status).toBe(403);
      expect(await page.text()).not.toContain('THE ANSWERS');
    });
  });
}
