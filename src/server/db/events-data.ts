/**
 * Events: storing a learner's batch (batches that arrive together share one commit: group-commit.ts), and reading a
 * room's or a learner's events.
 */
import type { Kysely } from 'kysely';
import { createGroupCommit } from './group-commit.ts';
import { EVENT_COLUMNS_BUT_PAYLOAD, toEvent, type EventAck, type NewEvent, type StoredEvent } from './rows.ts';
import type { WorkshopDatabase } from './schema.ts';

/** The events' reads and writes over `db`. */
export function eventsData(db: Kysely<WorkshopDatabase>) {
  const commit = createGroupCommit(db);
  return {
    /**
     * Stores a learner's batch, in the order given. An event whose key the learner has used before is not stored
     * again: its ack says `duplicate` and carries the first copy's id. The learner's last-seen time and chapter move
     * with the batch. Batches that arrive while a commit is on its way to disk are committed together in the next
     * transaction (group commit): one disk flush for many learners, each batch still all or nothing.
     */
    insertEvents(roomId: string, learnerId: string, events: readonly NewEvent[], now: number): Promise<EventAck[]> {
      return commit(roomId, learnerId, events, now);
    },

    /**
     * A room's events in the order they were stored, after `afterId` (for catching up), at most `limit`. With
     * `payload: false` the learners' payloads are not read (each is null): a dashboard never shows them, and a room's
     * payloads may add up to hundreds of MB where its verdicts (the server's own) stay small.
     */
    async eventsOfRoom(
      roomId: string,
      afterId = 0,
      limit = 100_000,
      { payload = true }: { payload?: boolean } = {},
    ): Promise<StoredEvent[]> {
      const query = db.selectFrom('events');
      const rows = await (payload ? query.selectAll() : query.select(EVENT_COLUMNS_BUT_PAYLOAD))
        .where('room_id', '=', roomId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => toEvent({ payload: 'null', ...row }));
    },

    /** One learner's events in the order they were stored. */
    async eventsOfLearner(learnerId: string): Promise<StoredEvent[]> {
      const rows = await db
        .selectFrom('events')
        .selectAll()
        .where('learner_id', '=', learnerId)
        .orderBy('id')
        .execute();
      return rows.map(toEvent);
    },

    /** Events by id, within one room (ids from another room are ignored). */
    async eventsByIds(roomId: string, ids: readonly number[]): Promise<StoredEvent[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('events')
        .selectAll()
        .where('room_id', '=', roomId)
        .where('id', 'in', [...ids])
        .orderBy('id')
        .execute();
      return rows.map(toEvent);
    },

    /** How many events a room holds. */
    async countEvents(roomId: string): Promise<number> {
      const row = await db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('room_id', '=', roomId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
