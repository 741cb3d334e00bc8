/**
 * Attack tests for the workshop room's limits, each first written against the server that let the attack through:
 * retention beyond the operator's cap, look-alike names, one address filling a room, storage per room and per
 * creating address, DNS rebinding through an unchecked Host, and the instructor pages served to learners.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES_UNDER_TEST, reportPostgresAvailability, type TestDatabase } from './databases.ts';
import { post, testServer } from './harness.ts';

reportPostgresAvailability('workshop room attacks');

const DAY_MS = 86_400_000;

for (const engine of ENGINES_UNDER_TEST) {
  describe(`workshop room attacks on ${engine.name}`, () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await engine.open();
    });
    afterAll(async () => {
      await db.dispose();
    });

    it("refuses a room that asks to be kept longer than the operator's --retention-days, and keeps one that asks for fewer", async () => {
      // The operator started the server with --retention-days 7, their longest; a room asking for 365 days was kept
      // 365 days (the cap was a separate maximum of 365 that the command never set).
      const server = testServer(db, { retentionDays: 7 });
      try {
        const create = (retentionDays: number | undefined, ip: string) =>
          server.request('/api/rooms', {
            ...post({
              title: 'Kept',
              chapters: ['05-error-semantics-and-retries'],
              ...(retentionDays === undefined ? {} : { retentionDays }),
            }),
            ip,
          });
        const long = await create(365, '203.0.113.201');
        expect(long.status).toBe(400);
        expect(((await long.json()) as { error: string }).error).toMatch(/at most 7 days/);
        const eight = await create(8, '203.0.113.202');
        expect(eight.status).toBe(400);
        const three = await create(3, '203.0.113.203');
        expect(three.status).toBe(201);
        expect(((await three.json()) as { expiresAt: number }).expiresAt).toBe(server.clock.now + 3 * DAY_MS);
        const byDefault = await create(undefined, '203.0.113.204');
        expect(byDefault.status).toBe(201);
        expect(((await byDefault.json()) as { expiresAt: number }).expiresAt).toBe(server.clock.now + 7 * DAY_MS);
      } finally {
        server.close();
      }
    });
  });
}
