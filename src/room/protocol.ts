/**
 * The workshop room's wire format: every request body the server accepts and every event a learner's browser
 * sends, as zod schemas shared by the server (which validates everything it receives) and the browser (which
 * builds what it sends). zod/mini keeps the browser's room client small. Sizes are capped here, so nothing larger
 * than these limits is ever graded or stored.
 */
import * as z from 'zod/mini';
import { LMS_ID_KINDS, type LmsIdKind } from '../receipts/lms-id-kinds.ts';
import { CHAPTER_ID_PATTERN } from '../course/course-order.ts';
import {
  answersOf,
  contractOf,
  MAX_CLASSIFY_TEXT,
  perKind,
  TableAnswersSchema,
  type GradedKind,
  type RoomActionOf,
  type RoomEventOf,
} from '../course/graded-kinds.ts';

/** The largest request body the server reads, in bytes (a batch of events). */
export const MAX_BODY_BYTES = 256 * 1024;
/** The largest single event, in characters of JSON. */
export const MAX_EVENT_CHARS = 32 * 1024;
/** The most events one request may carry. */
export const MAX_BATCH = 25;
/** The longest display name, in characters. */
export const MAX_NAME_CHARS = 60;
/** The longest room title, in characters. */
export const MAX_TITLE_CHARS = 80;
/**
 * A classify widget's item id, `classify-<fixture>-<protocol>` (the protocol with its dots as dashes, as the widget's
 * DOM id writes it); group 1 is the fixture. Read by the browser (to name the fixture) and the server (to refuse an
 * answer filed under another item).
 */
export const CLASSIFY_ITEM_ID = /^classify-([a-z0-9-]+?)-(?:jsonrpc-2-0|\d{4}-\d\d-\d\d)$/;

/** A chapter id (src/course/course-order.ts; an old id is resolved to the current one when graded). */
export const ChapterIdSchema = z.string().check(z.maxLength(80), z.regex(CHAPTER_ID_PATTERN));
/** A widget, check, exercise or fixture id within a chapter. */
export const ItemIdSchema = z.string().check(z.regex(/^[a-zA-Z0-9][a-zA-Z0-9:._-]{0,127}$/));
/** The browser's idempotency key for one event (random, URL-safe). */
export const EventKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/));
/** A join code as typed: letters and digits, optionally grouped with a dash or spaces. */
export const JoinCodeInputSchema = z.string().check(z.minLength(4), z.maxLength(16));

const seqSchema = z.int().check(z.minimum(0), z.maximum(2 ** 31 - 1));
const msSchema = z.int().check(z.minimum(0), z.maximum(8.64e15));

const base = {
  /** Idempotency key: the server stores an event once per learner and key. */
  key: EventKeySchema,
  /** The learner's own sequence number: events are sent, stored and shown in this order. */
  seq: seqSchema,
  /** When the action happened, by the browser's clock (ms). A claim: used for display only. */
  at: z.optional(msSchema),
  chapterId: ChapterIdSchema,
};

/** The learner opened a chapter (where they are, for the dashboard). Not graded. */
export const VisitEventSchema = z.strictObject({ ...base, kind: z.literal('visit') });

/** A decision table was checked, a hint or the solution shown, or answers were loaded from a shared link. */
export const DecisionTableEventSchema = z.strictObject({
  ...base,
  kind: z.literal('decision-table'),
  itemId: ItemIdSchema,
  action: z.enum(['check', 'hint', 'solution', 'load-link']),
  answers: TableAnswersSchema,
  hintLevel: z.int().check(z.minimum(0), z.maximum(3)),
});

/** A classify prediction was revealed: what the learner predicted, for which message. */
export const ClassifyEventSchema = z.strictObject({
  ...base,
  kind: z.literal('classify'),
  itemId: ItemIdSchema,
  action: z.literal('predict'),
  fixtureId: z.string().check(z.regex(/^[a-z0-9-]{1,100}$/)),
  protocol: z.string().check(z.maxLength(20)),
  prediction: z.strictObject({
    kind: z.optional(z.string().check(z.maxLength(40))),
    send: z.optional(z.string().check(z.maxLength(20))),
    code: z.optional(z.int()),
  }),
  /** The message as the learner edited it, when it differs from the fixture. */
  text: z.optional(z.string().check(z.maxLength(MAX_CLASSIFY_TEXT))),
});

/** A code lab run (self-reported: the server never runs learner code) or its solution shown. */
export const CodeLabEventSchema = z.strictObject({
  ...base,
  kind: z.literal('code-lab'),
  itemId: ItemIdSchema,
  action: z.enum(['run', 'solution']),
  passed: z.boolean(),
  /** Tests passed and run, as the browser reports them. */
  tests: z.optional(z.strictObject({ passed: seqSchema, total: seqSchema })),
  /** SHA-256 (hex) of the code that ran, when the code lab reports it. */
  codeHash: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
});

/** The learner ticked or cleared "I can explain this". */
export const SelfMarkEventSchema = z.strictObject({
  ...base,
  kind: z.literal('self-mark'),
  action: z.literal('mark'),
  canExplain: z.boolean(),
});

/**
 * The room event of a graded kind, built from its contract and answers schema (src/course/graded-kinds.ts): the
 * item, the contract's action and the answers as the widget announced them. The server re-grades the answers with
 * the kind's grader. Every kind is sent this way except the three in LEGACY_EVENT_SCHEMAS.
 */
export function gradedEventSchema<K extends GradedKind>(kind: K) {
  const contract = contractOf(kind);
  return z.strictObject({
    ...base,
    kind: z.literal(contract.roomEvent as RoomEventOf<K>),
    itemId: ItemIdSchema,
    action: z.literal(contract.roomAction as RoomActionOf<K>),
    answers: answersOf(kind),
  });
}

/**
 * The kinds whose room event carries more than the answers, in the shape browsers and stored rooms already use:
 * a decision table's help events (hint, solution, a link's answers), a classify prediction's fields, a code lab's
 * solution event.
 */
const LEGACY_EVENT_SCHEMAS = {
  'decision-table': DecisionTableEventSchema,
  'classify-prediction': ClassifyEventSchema,
  'code-lab': CodeLabEventSchema,
} as const;
type LegacyKind = keyof typeof LEGACY_EVENT_SCHEMAS;

type GradedEventSchemaOf<K extends GradedKind> = K extends LegacyKind
  ? (typeof LEGACY_EVENT_SCHEMAS)[K]
  : ReturnType<typeof gradedEventSchema<K>>;

/** The room event each graded kind is sent as (src/course/graded-kinds.ts `roomEvent`), one per kind. */
export const GRADED_EVENT_SCHEMAS = perKind(
  (kind) => (LEGACY_EVENT_SCHEMAS as Partial<Record<GradedKind, z.ZodMiniType>>)[kind] ?? gradedEventSchema(kind),
) as { readonly [K in GradedKind]: GradedEventSchemaOf<K> };

/** The room event of graded kind `K`. */
export type GradedEventOf<K extends GradedKind> = z.infer<GradedEventSchemaOf<K>>;

/** Any event a learner sends: a visit, a self-mark, or the event of a graded kind. */
export const RoomEventSchema = z.discriminatedUnion('kind', [
  VisitEventSchema,
  SelfMarkEventSchema,
  ...(Object.values(GRADED_EVENT_SCHEMAS) as GradedEventSchemaOf<GradedKind>[]),
]);
export type RoomEvent = z.infer<typeof RoomEventSchema>;

/** POST /api/events: a batch, in the learner's order. */
export const EventsBodySchema = z.strictObject({
  events: z.array(z.unknown()).check(z.minLength(1), z.maxLength(MAX_BATCH)),
});

export { LMS_ID_KINDS, type LmsIdKind };
/** The longest label of the LMS identifier field, in characters. */
export const MAX_LMS_LABEL_CHARS = 60;

/** POST /api/rooms: a new room. */
export const CreateRoomBodySchema = z.strictObject({
  title: z.string().check(z.minLength(1), z.maxLength(MAX_TITLE_CHARS)),
  chapters: z.array(ChapterIdSchema).check(z.minLength(1), z.maxLength(20)),
  startsAt: z.optional(msSchema),
  /** Days after creation the room's data is deleted (the server caps it at its own maximum). */
  retentionDays: z.optional(z.int().check(z.minimum(1), z.maximum(365))),
  /**
   * Ask each learner for their LMS identifier at join: which kind, and the label the learner sees (the kind's own
   * name when left out). Absent: the room asks for none.
   */
  lmsId: z.optional(
    z.strictObject({
      kind: z.enum(LMS_ID_KINDS),
      label: z.optional(z.string().check(z.maxLength(MAX_LMS_LABEL_CHARS * 4))),
    }),
  ),
});

/** POST /api/rooms/:roomId/joining: open or close joining. */
export const JoiningBodySchema = z.strictObject({ open: z.boolean() });

/**
 * POST /api/join: a learner joins with the room's code, a display name and, when the room asks for one, their LMS
 * identifier (checked on the server by src/room/lms-id-check.ts; bounded here only in length).
 */
export const JoinBodySchema = z.strictObject({
  code: JoinCodeInputSchema,
  name: z.string().check(z.minLength(1), z.maxLength(MAX_NAME_CHARS * 4)),
  lmsId: z.optional(z.string().check(z.maxLength(1024))),
});

/** POST /api/rooms/:id/lock: lock or unlock solutions for the room. */
export const LockBodySchema = z.strictObject({ locked: z.boolean() });

/** The server's answer to one event of a batch. */
export type EventResult =
  { key: string; status: 'stored' | 'duplicate'; id: number } | { key: string; status: 'rejected'; reason: string };

/** What POST /api/join returns. */
export interface JoinResponse {
  roomId: string;
  learnerId: string;
  /** The learner's bearer token (`<learnerId>.<secret>`); the server keeps only its hash. */
  token: string;
  name: string;
  title: string;
  chapters: string[];
  locked: boolean;
}

/**
 * What POST /api/join answers when it refuses: the message, and which field it concerns (the page shows it under
 * that field). When the room asks for an LMS identifier the answer also says what to ask (`lmsId`), so a page that
 * did not show the field yet shows it, keeping what the learner typed.
 */
export interface JoinRefusal {
  error: string;
  field?: 'code' | 'name' | 'lmsId';
  lmsId?: { kind: LmsIdKind; label: string };
}

/** What POST /api/rooms returns. */
export interface CreateRoomResponse {
  roomId: string;
  code: string;
  /** The instructor secret, shown once; the server keeps only its hash. */
  instructorSecret: string;
  expiresAt: number;
}

/** The state a learner's browser keeps for its room (localStorage). */
export const RoomSessionSchema = z.strictObject({
  roomId: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
  learnerId: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
  token: z.string().check(z.maxLength(200)),
  name: z.string().check(z.maxLength(MAX_NAME_CHARS * 4)),
  title: z.string().check(z.maxLength(MAX_TITLE_CHARS * 4)),
  code: z.string().check(z.maxLength(16)),
  /** The room's chapters in course order: the pages list only these (absent in sessions from before they were kept). */
  chapters: z.optional(z.array(ChapterIdSchema).check(z.maxLength(20))),
  /** When this browser joined (ms since the epoch, its own clock): graded work kept from before is offered to send. */
  joinedAt: z.optional(z.int().check(z.minimum(0))),
});
export type RoomSession = z.infer<typeof RoomSessionSchema>;
