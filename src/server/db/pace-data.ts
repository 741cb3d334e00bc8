/** The room's pace (table room_pace): one row per paced room. */
import type { Kysely } from 'kysely';
import { parseJson } from './rows.ts';
import type { WorkshopDatabase } from './schema.ts';

/** The pace's read and write over `db`. */
export function paceData(db: Kysely<WorkshopDatabase>) {
  return {
    /** The room's pace as stored (JSON, for readPace), or undefined when it has never been paced. */
    async paceOfRoom(roomId: string): Promise<unknown> {
      const row = await db.selectFrom('room_pace').select('state').where('room_id', '=', roomId).executeTakeFirst();
      return row ? parseJson(row.state) : undefined;
    },

    /** Stores the room's pace (JSON written by the caller's own code), replacing what was there. */
    async setPace(roomId: string, state: unknown, now: number): Promise<void> {
      const text = JSON.stringify(state);
      await db
        .insertInto('room_pace')
        .values({ room_id: roomId, state: text, updated_at: now })
        .onConflict((oc) => oc.column('room_id').doUpdateSet({ state: text, updated_at: now }))
        .execute();
    },
  };
}
