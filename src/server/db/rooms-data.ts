/** Rooms: creating, finding, locking, closing joining, ending and deleting them, and what a room stores. */
import { sql, type Kysely } from 'kysely';
import type { LmsIdAsk } from '../../room/lms-id-check.ts';
import { toRoom, type Room } from './rows.ts';
import type { WorkshopDatabase } from './schema.ts';

/** The rooms' reads and writes over `db`. */
export function roomsData(db: Kysely<WorkshopDatabase>) {
  const rooms = {
    /** Inserts a room; `code-taken` when another room already has the code (the caller draws a new one). */
    async insertRoom(
      room: Omit<Room, 'endedAt' | 'locked' | 'lockChangedAt' | 'joiningClosed' | 'lmsIdAsk'> & {
        lmsIdAsk?: LmsIdAsk | null;
      },
    ): Promise<'created' | 'code-taken'> {
      const inserted = await db
        .insertInto('rooms')
        .values({
          id: room.id,
          code: room.code,
          title: room.title,
          chapters: JSON.stringify(room.chapters),
          starts_at: room.startsAt,
          created_at: room.createdAt,
          ended_at: null,
          expires_at: room.expiresAt,
          instructor_secret_hash: room.instructorSecretHash,
          locked: 0,
          lock_changed_at: room.createdAt,
          joining_closed: 0,
          lms_id_kind: room.lmsIdAsk?.kind ?? null,
          lms_id_label: room.lmsIdAsk?.label ?? null,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted ? 'created' : 'code-taken';
    },

    async roomById(id: string): Promise<Room | undefined> {
      const row = await db.selectFrom('rooms').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRoom(row);
    },

    /** The room with this join code, ended or not. */
    async roomByCode(code: string): Promise<Room | undefined> {
      const row = await db.selectFrom('rooms').selectAll().where('code', '=', code).executeTakeFirst();
      return row && toRoom(row);
    },

    /** Sets the room's solution lock; returns the updated room. */
    async setLock(roomId: string, locked: boolean, now: number): Promise<Room | undefined> {
      await db
        .updateTable('rooms')
        .set({ locked: locked ? 1 : 0, lock_changed_at: now })
        .where('id', '=', roomId)
        .execute();
      return rooms.roomById(roomId);
    },

    /** Closes or reopens joining; returns the updated room. */
    async setJoiningClosed(roomId: string, closed: boolean): Promise<Room | undefined> {
      await db
        .updateTable('rooms')
        .set({ joining_closed: closed ? 1 : 0 })
        .where('id', '=', roomId)
        .execute();
      return rooms.roomById(roomId);
    },

    /** Characters stored for one room, payloads and verdicts (what the per-room quota counts). */
    async storedCharsOfRoom(roomId: string): Promise<number> {
      const row = await db
        .selectFrom('events')
        .select(sql<number | string | null>`sum(length(payload) + length(verdict))`.as('chars'))
        .where('room_id', '=', roomId)
        .executeTakeFirst();
      return Number(row?.chars ?? 0);
    },

    /** Marks the room ended (learners can no longer join or send); keeps its data until it expires. */
    async endRoom(roomId: string, now: number): Promise<Room | undefined> {
      await db
        .updateTable('rooms')
        .set({ ended_at: now })
        .where('id', '=', roomId)
        .where('ended_at', 'is', null)
        .execute();
      return rooms.roomById(roomId);
    },

    /** Deletes a room with its learners and events. */
    async deleteRoom(roomId: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        await tx.deleteFrom('events').where('room_id', '=', roomId).execute();
        await tx.deleteFrom('room_pace').where('room_id', '=', roomId).execute();
        await tx.deleteFrom('learners').where('room_id', '=', roomId).execute();
        const result = await tx.deleteFrom('rooms').where('id', '=', roomId).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },

    /** Deletes every room whose time is up (with its learners and events); returns their ids. */
    async deleteExpiredRooms(now: number): Promise<string[]> {
      const expired = await db.selectFrom('rooms').select('id').where('expires_at', '<=', now).execute();
      for (const { id } of expired) await rooms.deleteRoom(id);
      return expired.map((r) => r.id);
    },
  };
  return rooms;
}
