/**
 * A learner working around a closed item. The instructor closes chapter 1's prediction on a request whose id is
 * null (`classify-request-id-null-2026-07-28`, the id the widget gives it); the learner's client then sends the
 * same prediction on the same fixture under the item id of another protocol. The grader accepts any
 * classify-<fixture>-<protocol> id for the fixture, so the item must be closed whatever protocol the id names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES_UNDER_TEST, reportPostgresAvailability, type TestDatabase } from './databases.ts';
import { createRoom, freshKey, join, post, testServer, type TestServer } from './harness.ts';

reportPostgresAvailability('closed items under attack');

const CH1 = 'message-shapes';
const CLOSED = 'classify-request-id-null-2026-07-28';
type Results = { results: { key: string; status: string; reason?: string }[] };

for (const engine of ENGINES_UNDER_TEST) {
  describe(`closed items on ${engine.name}`, () => {
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

    it('refuses a prediction on a closed classify exercise sent under another protocol’s item id', async () => {
      const room = await createRoom(server, [CH1]);
      const ada = await join(server, room.code, 'Ada');
      const closed = await server.request(
        `/api/rooms/${room.roomId}/pace`,
        post({ action: 'close', chapterId: CH1, itemId: CLOSED }, room.instructorSecret),
      );
      expect(closed.status).toBe(200);
      const prediction = (itemId: string) => ({
        key: freshKey(),
        seq: 1,
        chapterId: CH1,
        kind: 'classify',
        itemId,
        action: 'predict',
        fixtureId: 'request-id-null',
        protocol: '2026-07-28',
        prediction: { kind: 'invalid' },
      });
      const sent = await server.request(
        '/api/events',
        post(
          {
            events: [
              prediction(CLOSED),
              prediction('classify-request-id-null-2025-11-25'),
              prediction('classify-request-id-null-jsonrpc-2-0'),
            ],
          },
          ada.token,
        ),
      );
      expect(sent.status).toBe(200);
      const { results } = (await sent.json()) as Results;
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    });
  });
}
