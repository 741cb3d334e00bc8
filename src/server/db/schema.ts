/**
 * The workshop database's tables, as Kysely sees them. Times are milliseconds since the epoch (integers in both
 * databases, so one data layer reads them the same way); flags are 0/1 integers for the same reason. JSON is
 * stored as text written by our own code. The migrations in migrations.ts create exactly these columns.
 */
import type { Generated } from 'kysely';

/** A workshop room. */
export interface RoomsTable {
  /** Public, random id (appears in the instructor link's path-free fragment and in API paths). */
  id: string;
  /** The short code learners type to join (upper-case letters and digits, no look-alikes). */
  code: string;
  title: string;
  /** JSON array of the chapter ids the room covers, in course order. */
  chapters: string;
  /** When the instructor plans to start (ms), if given. */
  starts_at: number | null;
  created_at: number;
  ended_at: number | null;
  /** When the room and everything in it is deleted (ms). */
  expires_at: number;
  /** SHA-256 of the instructor secret (base64url); the secret itself is never stored. */
  instructor_secret_hash: string;
  /** 1 while solutions are locked for the room. */
  locked: number;
  lock_changed_at: number;
  /** 1 while the instructor has closed joining (learners already in keep working). */
  joining_closed: number;
  /** The kind of LMS identifier asked at join (login, email, student-id), or null when the room asks for none. */
  lms_id_kind: string | null;
  /** The label learners see above that field; null when the room asks for none. */
  lms_id_label: string | null;
}

/** A learner in a room. */
export interface LearnersTable {
  id: string;
  room_id: string;
  /** The display name as typed (printable text only; escaped wherever it is shown). */
  name: string;
  /** The name folded for uniqueness within a room (NFKC, case-folded, spaces collapsed). */
  name_key: string;
  /** SHA-256 of the learner's secret (base64url). */
  secret_hash: string;
  joined_at: number;
  last_seen_at: number;
  removed_at: number | null;
  /** The chapter the learner last opened, and when. */
  chapter_id: string | null;
  chapter_at: number | null;
  /** The learner's LMS identifier as checked at join (src/room/lms-id-check.ts), or null. Read only by exports. */
  lms_id: string | null;
}

/** One graded action a learner sent, with the server's own verdict. */
export interface EventsTable {
  id: Generated<number>;
  room_id: string;
  learner_id: string;
  /** The browser's idempotency key: a second copy of the same event is recognised and not stored again. */
  key: string;
  /** The browser's sequence number for this learner (order of the learner's actions). */
  seq: number;
  kind: string;
  chapter_id: string;
  item_id: string;
  /** What the learner sent (JSON). */
  payload: string;
  /** The server's verdict (JSON, see src/server/grade-event.ts). */
  verdict: string;
  /** The verdict in one word, for queries: correct, incorrect, partial, unanswered, self-reported, info. */
  outcome: string;
  /** 1 when the result is the learner's own report (code labs), which the server cannot check. */
  self_reported: number;
  /** When the browser says the action happened (ms); a claim, kept for ordering only. */
  client_at: number | null;
  received_at: number;
}

/** A room's pace (src/room/pace.ts): the item in focus, the closed items, the reveal. One row per paced room. */
export interface RoomPaceTable {
  room_id: string;
  /** The pace as JSON (read back with readPace, which never throws). */
  state: string;
  updated_at: number;
}

/** The whole database. */
export interface WorkshopDatabase {
  rooms: RoomsTable;
  learners: LearnersTable;
  events: EventsTable;
  room_pace: RoomPaceTable;
}
