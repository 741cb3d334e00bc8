/**
 * Attack tests for the workshop server's limits: the per-address limits on creating rooms and joining (one IPv6
 * host holds a whole /64, 2^64 addresses, so limits keyed by the full address let it make a fresh address for every
 * request), and the room's learner cap under joins sent all at once.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES_UNDER_TEST, reportPostgresAvailability, type TestDatabase } from './databases.ts';
import { addressKey } from '../../../src/server/rate-limit.ts';
import { createRoom, join, largePrediction, post, testServer, withToken } from './harness.ts';

reportPostgresAvailability('workshop server limits under attack');

describe('addressKey', () => {
  it('keys IPv4 by the address, IPv6 by its first 64 bits, and an IPv4-mapped address as its IPv4 address', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:0DB8:00a0:0001:0:0:0:1')).toBe('2001:db8:a0:1::/64');
    expect(addressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});

for (const engine of ENGINES_UNDER_TEST) {
  describe(`workshop server limits under attack on ${engine.name}`, () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await engine.open();
    });
    afterAll(async () => {
      await db.dispose();
    });

    it('counts room creation per IPv6 /64: new interface ids in one /64 are refused past the burst, another /64 still creates', async () => {
      const limited = testServer(db, { limits: { createPerIp: { burst: 3, perSecond: 0.001 } } });
      try {
        const create = (ip: string) =>
          limited.request('/api/rooms', {
            ...post({ title: 'Spam', chapters: ['error-semantics-and-retries'] }),
            ip,
          });
        // The same /64 written five ways: compressed, with leading zeros, upper case, in full.
        const sameNetwork = [
          '2001:db8:5:7::1',
          '2001:db8:5:7::2',
          '2001:0db8:0005:0007:abcd::9',
          '2001:DB8:5:7:ffff:ffff:ffff:ffff',
          '2001:db8:5:7:1:2:3:4',
        ];
        const statuses: number[] = [];
        for (const ip of sameNetwork) statuses.push((await create(ip)).status);
        expect(statuses).toEqual([201, 201, 201, 429, 429]);
        expect((await create('2001:db8:5:8::1')).status).toBe(201);
        // IPv4 addresses stay one each.
        expect((await create('203.0.113.90')).status).toBe(201);
        expect((await create('203.0.113.91')).status).toBe(201);
      } finally {
        limited.close();
      }
    });

    it('holds the learner cap when 40 joins arrive at once: 5 join, 35 are told the room is full', async () => {
      // The cap was checked (count the learners) and then the learner inserted, with other joins running between the
      // two: all 40 joined a room capped at 5.
      const capped = testServer(db, { maxLearnersPerRoom: 5 });
      try {
        const room = await createRoom(capped);
        const responses = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            capped.request('/api/join', { ...post({ code: room.code, name: `Bot ${i}` }), ip: `198.51.100.${i}` }),
          ),
        );
        const statuses = responses.map((r) => r.status);
        expect(statuses.filter((s) => s === 201)).toHaveLength(5);
        expect(statuses.filter((s) => s === 409)).toHaveLength(35);
        expect(await capped.data.learnersOfRoom(room.roomId)).toHaveLength(5);
      } finally {
        capped.close();
      }
    });

    it('holds a learner’s stored-data quota when 20 batches arrive at once', async () => {
      // Each batch read the learner's stored total before any of them stored: all 20 were stored, 40,000 characters
      // past a quota of 5,000.
      const capped = testServer(db, { maxStoredCharsPerLearner: 5000 });
      try {
        const room = await createRoom(capped, ['message-shapes']);
        const ada = await join(capped, room.code, 'Ada');
        const responses = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            capped.request('/api/events', post({ events: [largePrediction(i + 1)] }, ada.token)),
          ),
        );
        const statuses = await Promise.all(
          responses.map(async (r) => ((await r.json()) as { results: { status: string }[] }).results[0]!.status),
        );
        // Two events of about 2,000 characters fit in 5,000; the third does not.
        expect(statuses.filter((s) => s === 'stored')).toHaveLength(2);
        expect(await capped.data.storedCharsOfLearner(ada.learnerId)).toBeLessThanOrEqual(5000);
      } finally {
        capped.close();
      }
    });

    it('treats a room past its retention as gone, before the hourly sweep deletes it', async () => {
      // The instructor chose one day; the room kept answering (joins, events, the dashboard, the CSV) until the
      // sweep, up to an hour later.
      const server = testServer(db);
      try {
        const res = await server.request('/api/rooms', {
          ...post({ title: 'Short-lived', chapters: ['error-semantics-and-retries'], retentionDays: 1 }),
          ip: '198.51.100.200',
        });
        const room = (await res.json()) as { roomId: string; code: string; instructorSecret: string };
        const ada = await join(server, room.code, 'Ada');
        server.clock.now += 86_400_000 + 60_000;
        const joined = await server.request('/api/join', post({ code: room.code, name: 'Grace' }));
        expect(joined.status).toBe(404);
        const dashboard = await server.request(`/api/rooms/${room.roomId}`, withToken(room.instructorSecret));
        expect(dashboard.status).not.toBe(200);
        const csv = await server.request(`/api/rooms/${room.roomId}/export.csv`, withToken(room.instructorSecret));
        expect(csv.status).not.toBe(200);
        const me = await server.request('/api/me', withToken(ada.token));
        expect(me.status).toBe(410);
      } finally {
        server.close();
      }
    });

    it('never redirects to another host: //chapters goes to /chapters/, not to a host named chapters', async () => {
      // A directory addressed without its slash is redirected to it; with the path's doubled leading slash kept, the
      // Location (//chapters/) was scheme-relative and a browser left for https://chapters/.
      const dist = mkdtempSync(joinPath(tmpdir(), 'room-dist-'));
      writeFileSync(joinPath(dist, 'index.html'), '<p>home</p>');
      mkdirSync(joinPath(dist, 'chapters'));
      writeFileSync(joinPath(dist, 'chapters', 'index.html'), '<p>chapters</p>');
      const site = testServer(db, { distDir: dist });
      try {
        for (const path of ['//chapters', '///chapters']) {
          const res = await site.request(path, { redirect: 'manual' });
          expect(res.status, path).toBe(301);
          expect(res.headers.get('location'), path).toBe('/chapters/');
        }
        const plain = await site.request('/chapters', { redirect: 'manual' });
        expect(plain.headers.get('location')).toBe('/chapters/');
      } finally {
        site.close();
      }
    });

    it('keeps half the server’s live streams for other addresses: one address’s learners cannot take them all', async () => {
      // From one address: a room of its own, learners joined into it, three streams each. With no limit per address
      // it held every stream the server allows, and every other class got 503 for its live updates.
      const capped = testServer(db, { maxStreams: 10 });
      const opened: Response[] = [];
      try {
        const room = await createRoom(capped);
        const bots = [];
        for (let i = 0; i < 4; i++) bots.push(await join(capped, room.code, `Bot ${i}`, '203.0.113.150'));
        const statuses: number[] = [];
        for (const bot of bots)
          for (let k = 0; k < 2; k++) {
            const res = await capped.request('/api/me/stream', { ...withToken(bot.token), ip: '203.0.113.150' });
            statuses.push(res.status);
            if (res.status === 200) opened.push(res);
          }
        expect(statuses.filter((s) => s === 200)).toHaveLength(5);
        expect(statuses.slice(5).every((s) => s === 503)).toBe(true);
        const ada = await join(capped, room.code, 'Ada', '198.51.100.151');
        const hers = await capped.request('/api/me/stream', { ...withToken(ada.token), ip: '198.51.100.151' });
        expect(hers.status).toBe(200);
        opened.push(hers);
      } finally {
        for (const res of opened) await res.body!.cancel().catch(() => {});
        capped.close();
      }
    });

    it('counts joining per IPv6 /64 too', async () => {
      const limited = testServer(db, { limits: { joinPerIp: { burst: 2, perSecond: 0.001 } } });
      try {
        const room = await createRoom(limited);
        const statuses: number[] = [];
        for (let i = 1; i <= 4; i++)
          statuses.push(
            (
              await limited.request('/api/join', {
                ...post({ code: room.code, name: `Eve ${i}` }),
                ip: `2001:db8:9::${i}`,
              })
            ).status,
          );
        expect(statuses).toEqual([201, 201, 429, 429]);
      } finally {
        limited.close();
      }
    });
  });
}
