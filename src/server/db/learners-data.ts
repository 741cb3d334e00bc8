/** Learners: joining, finding, removing and seeing them, and what one learner stores. */
import { sql, type Kysely } from 'kysely';
import { toLearner, type Learner } from './rows.ts';
import type { WorkshopDatabase } from './schema.ts';

/** The learners' reads and writes over `db`. */
export function learnersData(db: Kysely<WorkshopDatabase>) {
  return {
    /** Characters stored for one learner, payloads and verdicts (what their per-learner quota counts). */
    async storedCharsOfLearner(learnerId: string): Promise<number> {
      const row = await db
        .selectFrom('events')
        .select(sql<number | string | null>`sum(length(payload) + length(verdict))`.as('chars'))
        .where('learner_id', '=', learnerId)
        .executeTakeFirst();
      return Number(row?.chars ?? 0);
    },

    /**
     * Adds a learner, with their LMS identifier when the room asked for one; `name-taken` when someone in the room
     * already has that name (after folding).
     */
    async insertLearner(
      learner: Pick<Learner, 'id' | 'roomId' | 'name' | 'nameKey' | 'secretHash' | 'joinedAt'> & {
        lmsId?: string | null;
      },
    ): Promise<'joined' | 'name-taken'> {
      const inserted = await db
        .insertInto('learners')
        .values({
          id: learner.id,
          room_id: learner.roomId,
          name: learner.name,
          name_key: learner.nameKey,
          secret_hash: learner.secretHash,
          joined_at: learner.joinedAt,
          last_seen_at: learner.joinedAt,
          removed_at: null,
          chapter_id: null,
          chapter_at: null,
          lms_id: learner.lmsId ?? null,
        })
        .onConflict((oc) => oc.columns(['room_id', 'name_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted ? 'joined' : 'name-taken';
    },

    async learnerById(id: string): Promise<Learner | undefined> {
      const row = await db.selectFrom('learners').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toLearner(row);
    },

    /** Every learner of a room (removed ones included, marked), in joining order. */
    async learnersOfRoom(roomId: string): Promise<Learner[]> {
      const rows = await db
        .selectFrom('learners')
        .selectAll()
        .where('room_id', '=', roomId)
        .orderBy('joined_at')
        .orderBy('id')
        .execute();
      return rows.map(toLearner);
    },

    /** Marks a learner removed: their secret stops working; their events stay for the record until expiry. */
    async removeLearner(roomId: string, learnerId: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('learners')
        .set({ removed_at: now })
        .where('id', '=', learnerId)
        .where('room_id', '=', roomId)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Records that a learner was seen, and on which chapter if known. */
    async touchLearner(learnerId: string, now: number, chapterId?: string): Promise<void> {
      await db
        .updateTable('learners')
        .set(chapterId ? { last_seen_at: now, chapter_id: chapterId, chapter_at: now } : { last_seen_at: now })
        .where('id', '=', learnerId)
        .execute();
    },
  };
}
