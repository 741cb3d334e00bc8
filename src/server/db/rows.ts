/**
 * The records the data layer hands out (camelCase, booleans, parsed JSON) and how a table row becomes one; callers
 * never see a table row.
 */
import type { Selectable } from 'kysely';
import type { LmsIdAsk } from '../../room/lms-id-check.ts';
import { LMS_ID_KINDS, type LmsIdKind } from '../../room/protocol.ts';
import { readStoredVerdict } from '../../room/verdict.ts';
import type { EventsTable, LearnersTable, RoomsTable } from './schema.ts';

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

export const parseJson = (text: string): unknown => {
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

export function toRoom(row: Selectable<RoomsTable>): Room {
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

export function toLearner(row: Selectable<LearnersTable>): Learner {
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

export function toEvent(row: Selectable<EventsTable>): StoredEvent {
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
export const EVENT_COLUMNS_BUT_PAYLOAD = [
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
