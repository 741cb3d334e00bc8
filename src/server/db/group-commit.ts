/**
 * The group commit: batches that arrive while a commit is on its way to disk are committed together in the next
 * transaction, one disk flush for many learners, each batch still all or nothing.
 */
import type { Kysely, Transaction } from 'kysely';
import type { EventAck, NewEvent } from './rows.ts';
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

/** Stores batches over `db`, each call's batch in the next group commit. */
export function createGroupCommit(db: Kysely<WorkshopDatabase>) {
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

  return (roomId: string, learnerId: string, events: readonly NewEvent[], now: number): Promise<EventAck[]> =>
    new Promise((resolve, reject) => {
      pending.push({ roomId, learnerId, events, now, resolve, reject });
      // setImmediate, not a microtask: the commit waits until the event loop has read every request that
      // arrived meanwhile, so they share its transaction (and, on SQLite, its one synchronous disk flush).
      if (pending.length === 1) setImmediate(() => void flush());
    });
}
