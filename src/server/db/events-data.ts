/**
 * Events: storing a learner's batch (batches that arrive together share one commit), and reading a room's or a
 * learner's events.
 */
import type { Kysely, Transaction } from 'kysely';
import { EVENT_COLUMNS_BUT_PAYLOAD, toEvent, type EventAck, type NewEvent, type StoredEvent } from './rows.ts';
import type { WorkshopDatabase } from './schema.ts';

/** One learner's batch waiting for the next group commit. */
interface PendingBatch {
  roomId: string;
  learnerId: string;
  events: readonly NewEvent[];
  now: number;
  resolve: (acks: EventAck[]) => void;
  reject: (error: unknown) => void;
}

/** The events' reads and writes over `db`. */
export function eventsData(db: Kysely<WorkshopDatabase>) {
  const pending: PendingBatch[] = [];
  let flushing = false;

  /** Stores one batch inside an open transaction. */
  async function insertBatch(
    tx: Transaction<WorkshopDatabase>,
    { roomId, learnerId, events, now }: PendingBatch,
  ): Promise<EventAck[]> {
    const acks: EventAck[] = [];
    for (const event of events) {
      const inserted = await tx
        .insertInto('events')
        .values({
          room_id: roomId,
          learner_id: learnerId,
          key: event.key,
          seq: event.seq,
          kind: event.kind,
          chapter_id: event.chapterId,
          item_id: event.itemId,
          payload: JSON.stringify(event.payload),
          verdict: JSON.stringify(event.verdict),
          outcome: event.outcome,
          self_reported: event.selfReported ? 1 : 0,
          client_at: event.clientAt,
          received_at: now,
        })
        .onConflict((oc) => oc.columns(['learner_id', 'key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        acks.push({ key: event.key, status: 'stored', id: Number(inserted.id) });
      } else {
        const first = await tx
          .selectFrom('events')
          .select('id')
          .where('learner_id', '=', learnerId)
          .where('key', '=', event.key)
          .executeTakeFirstOrThrow();
        acks.push({ key: event.key, status: 'duplicate', id: Number(first.id) });
      }
    }
    const last = events.at(-1);
    await tx
      .updateTable('learners')
      .set(last ? { last_seen_at: now, chapter_id: last.chapterId, chapter_at: now } : { last_seen_at: now })
      .where('id', '=', learnerId)
      .execute();
    return acks;
  }

  /**
   * Commits every waiting batch in one transaction. If that transaction fails (a batch whose learner or room was
   * deleted meanwhile), each batch is retried in a transaction of its own, so one bad batch fails alone.
   */
  async function flush(): Promise<void> {
    if (flushing) return;
    flushing = true;
    try {
      while (pending.length > 0) {
        const group = pending.splice(0, 200);
        try {
          const results = await db.transaction().execute(async (tx) => {
            const out: EventAck[][] = [];
            for (const batch of group) out.push(await insertBatch(tx, batch));
            return out;
          });
          group.forEach((batch, i) => batch.resolve(results[i]!));
        } catch (error) {
          if (group.length === 1) {
            group[0]!.reject(error);
            continue;
          }
          for (const batch of group) {
            try {
              batch.resolve(await db.transaction().execute((tx) => insertBatch(tx, batch)));
            } catch (single) {
              batch.reject(single);
            }
          }
        }
      }
    } finally {
      flushing = false;
    }
  }

  return {
    /**
     * Stores a learner's batch, in the order given. An event whose key the learner has used before is not stored
     * again: its ack says `duplicate` and carries the first copy's id. The learner's last-seen time and chapter move
     * with the batch. Batches that arrive while a commit is on its way to disk are committed together in the next
     * transaction (group commit): one disk flush for many learners, each batch still all or nothing.
     */
    insertEvents(roomId: string, learnerId: string, events: readonly NewEvent[], now: number): Promise<EventAck[]> {
      return new Promise((resolve, reject) => {
        pending.push({ roomId, learnerId, events, now, resolve, reject });
        // setImmediate, not a microtask: the commit waits until the event loop has read every request that
        // arrived meanwhile, so they share its transaction (and, on SQLite, its one synchronous disk flush).
        if (pending.length === 1) setImmediate(() => void flush());
      });
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
