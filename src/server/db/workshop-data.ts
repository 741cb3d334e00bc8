/**
 * The workshop's typed data layer: every read and write the server makes, over one Kysely instance that is either
 * SQLite (node:sqlite) or PostgreSQL. Kysely builds parameterised SQL, so no value is ever spliced into a query.
 * Rows come back as camelCase records with booleans and parsed JSON; callers never see a table row.
 */
import { readStoredVerdict } from '../../room/verdict.ts';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { LMS_ID_KINDS, type LmsIdKind } from '../../room/protocol.ts';
import type { LmsIdAsk } from '../../room/lms-id-check.ts';
import type { EventsTable, LearnersTable, RoomsTable, WorkshopDatabase } from './schema.ts';

/** A room as the server uses it. */
export interface Room {
  id: string;
  code: string;
  title: string;
  chapters: string[];
  startsAt: number | null;
  createdAt: number;
  endedAt: number | null;
  expiresAt: number;
  instructorSecretHash: string;
  locked: boolean;
  lockChangedAt: number;
  /** True while the instructor has closed joining. */
  joiningClosed: boolean;
  /** The LMS identifier the room asks for at join, or null when it asks for none. */
  lmsIdAsk: LmsIdAsk | null;
}

/** A learner as the server uses it. */
export interface Learner {
  id: string;
  roomId: string;
  name: string;
  nameKey: string;
  secretHash: string;
  joinedAt: number;
  lastSeenAt: number;
  removedAt: number | null;
  chapterId: string | null;
  chapterAt: number | null;
  /**
   * The learner's LMS identifier (login, e-mail address or student ID, as the room asked), or null when the room
   * asked for none. Only exports read it: never sent to a dashboard or shown on a projector.
   */
  lmsId: string | null;
}

/** An event to store (already validated and graded by the caller). */
export interface NewEvent {
  key: string;
  seq: number;
  kind: string;
  chapterId: string;
  itemId: string;
  payload: unknown;
  verdict: unknown;
  outcome: string;
  selfReported: boolean;
  clientAt: number | null;
}

/** A stored event: what was stored, with its row id, room, learner and the server's time of receipt. */
export interface StoredEvent extends NewEvent {
  id: number;
  roomId: string;
  learnerId: string;
  receivedAt: number;
}

/** What happened to one event of a batch: stored now, or already stored earlier under the same key. */
export interface EventAck {
  key: string;
  status: 'stored' | 'duplicate';
  id: number;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

const parseChapters = (text: string): string[] => {
  const value = parseJson(text);
  return Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : [];
};

const isLmsIdKind = (kind: string | null): kind is LmsIdKind => (LMS_ID_KINDS as readonly unknown[]).includes(kind);

function toRoom(row: Selectable<RoomsTable>): Room {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    chapters: parseChapters(row.chapters),
    startsAt: row.starts_at === null ? null : Number(row.starts_at),
    createdAt: Number(row.created_at),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
    expiresAt: Number(row.expires_at),
    instructorSecretHash: row.instructor_secret_hash,
    locked: Number(row.locked) === 1,
    lockChangedAt: Number(row.lock_changed_at),
    joiningClosed: Number(row.joining_closed) === 1,
    lmsIdAsk:
      isLmsIdKind(row.lms_id_kind) && row.lms_id_label !== null
        ? { kind: row.lms_id_kind, label: row.lms_id_label }
        : null,
  };
}

function toLearner(row: Selectable<LearnersTable>): Learner {
  return {
    id: row.id,
    roomId: row.room_id,
    name: row.name,
    nameKey: row.name_key,
    secretHash: row.secret_hash,
    joinedAt: Number(row.joined_at),
    lastSeenAt: Number(row.last_seen_at),
    removedAt: row.removed_at === null ? null : Number(row.removed_at),
    chapterId: row.chapter_id,
    chapterAt: row.chapter_at === null ? null : Number(row.chapter_at),
    lmsId: row.lms_id,
  };
}

function toEvent(row: Selectable<EventsTable>): StoredEvent {
  return {
    id: Number(row.id),
    roomId: row.room_id,
    learnerId: row.learner_id,
    key: row.key,
    seq: Number(row.seq),
    kind: row.kind,
    chapterId: row.chapter_id,
    itemId: row.item_id,
    payload: parseJson(row.payload),
    // Verdicts stored before cells and questions had readable member names are read in today's shape.
    verdict: readStoredVerdict(parseJson(row.verdict)),
    outcome: row.outcome,
    selfReported: Number(row.self_reported) === 1,
    clientAt: row.client_at === null ? null : Number(row.client_at),
    receivedAt: Number(row.received_at),
  };
}

/** Every column of an event but the learner's payload. */
const EVENT_COLUMNS_BUT_PAYLOAD = [
  'id',
  'room_id',
  'learner_id',
  'key',
  'seq',
  'kind',
  'chapter_id',
  'item_id',
  'verdict',
  'outcome',
  'self_reported',
  'client_at',
  'received_at',
] as const satisfies readonly Exclude<keyof EventsTable, 'payload'>[];

/** The data layer over one database. */
export type WorkshopData = ReturnType<typeof createWorkshopData>;

/** One learner's batch waiting for the next group commit. */
interface PendingBatch {
  roomId: string;
  learnerId: string;
  events: readonly NewEvent[];
  now: number;
  resolve: (acks: EventAck[]) => void;
  reject: (error: unknown) => void;
}

/** Builds the data layer over an open Kysely instance (either engine). */
export function createWorkshopData(db: Kysely<WorkshopDatabase>) {
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
      return this.roomById(roomId);
    },

    /** Closes or reopens joining; returns the updated room. */
    async setJoiningClosed(roomId: string, closed: boolean): Promise<Room | undefined> {
      await db
        .updateTable('rooms')
        .set({ joining_closed: closed ? 1 : 0 })
        .where('id', '=', roomId)
        .execute();
      return this.roomById(roomId);
    },

    /** Characters stored for one learner, payloads and verdicts (what their per-learner quota counts). */
    async storedCharsOfLearner(learnerId: string): Promise<number> {
      const row = await db
        .selectFrom('events')
        .select(sql<number | string | null>`sum(length(payload) + length(verdict))`.as('chars'))
        .where('learner_id', '=', learnerId)
        .executeTakeFirst();
      return Number(row?.chars ?? 0);
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
      return this.roomById(roomId);
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
      for (const { id } of expired) await this.deleteRoom(id);
      return expired.map((r) => r.id);
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
