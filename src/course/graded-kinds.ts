/**
 * The graded kinds: one contract per kind of graded answer, from the widget that announces it to the grade an
 * instructor reads. Per kind: the shape of its answers (what the widget announces and what every grader reads),
 * the checklist item it gives a chapter, its slot in a receipt, its room event and the column it gives a roster
 * and the dashboard. Each consumer keeps a table keyed by `GradedKind` (typed
 * `Record<GradedKind, …>`), so a kind one of them lacks is a compile error, and
 * test/unit/course/graded-kinds.test.ts names the consumer. The graders are in graded-graders.ts (they load the
 * model; this file must stay small, every page loads it). The recipe for a new kind is in this folder's README.
 *
 * zod/mini, the flavour progress and the room already use: these schemas are in every page's first script (the
 * progress store and the room client), and the receipts' classic schemas take them as members (both are zod 4).
 * Pure.
 */
import * as z from 'zod/mini';

/** Every kind of graded answer, in the order checklists and columns list them. */
export const GRADED_KINDS = [
  'decision-table',
  'completion-check',
  'classify-prediction',
  'http-exchange-prediction',
  'code-lab',
] as const;
export type GradedKind = (typeof GRADED_KINDS)[number];

/** The longest message text a classify prediction may carry (the widget saves at most 20,000 characters). */
export const MAX_CLASSIFY_TEXT = 20_000;

const FixtureIdSchema = z.string().check(z.regex(/^[a-z0-9-]{1,100}$/));
const short = (n: number) => z.string().check(z.maxLength(n));
const countSchema = z.int().check(z.minimum(0), z.maximum(2 ** 31 - 1));

/** A decision table's answers: scenario id → column → chosen value (bounded in count and length). */
export const TableAnswersSchema = z.record(short(80), z.record(short(40), short(80)));

/** What each kind's widget announces, and every grader (room, receipt) reads: one schema per kind. */
export const GRADED_ANSWERS = {
  /** The cells as the learner left them. */
  'decision-table': TableAnswersSchema,
  /** Question id → answer, in the shape of the course's CheckAnswersSchema (its grader checks each one). */
  'completion-check': z.record(short(80), z.unknown()),
  /** Which fixture under which protocol, the prediction, and the message as edited when the learner changed it. */
  'classify-prediction': z.strictObject({
    fixture: FixtureIdSchema,
    protocol: short(20),
    kind: z.optional(short(40)),
    reply: z.optional(z.strictObject({ send: short(20), code: z.optional(z.int()) })),
    text: z.optional(short(MAX_CLASSIFY_TEXT)),
  }),
  /** Which exchange, and the learner's answer to each part (content/exchanges, src/course/exchanges.ts). */
  'http-exchange-prediction': z.strictObject({
    exchange: FixtureIdSchema,
    status: z.optional(short(20)),
    body: z.optional(short(20)),
    broken: z.optional(short(20)),
  }),
  /** Whether every test passed and the types checked, the tests as the learner's browser ran them, and the SHA-256 (hex) of the code that ran. */
  'code-lab': z.strictObject({
    passed: z.boolean(),
    tests: z.strictObject({ passed: countSchema, total: countSchema }),
    codeHash: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
  }),
} as const satisfies Record<GradedKind, z.ZodMiniType>;

/** The answers of each kind. */
export type GradedAnswers = { [K in GradedKind]: z.infer<(typeof GRADED_ANSWERS)[K]> };

/** What the contract says about each kind beyond its answers. */
export interface GradedKindContract {
  /** The checklist item type it gives a chapter (src/progress/items.ts `ProgressItem`). */
  progressItem: 'practice' | 'widget' | 'check' | 'code-lab';
  /** The chapter component that places it (content/chapters/*.mdx), and the attribute that names the item. */
  component: { name: string; idAttribute: string };
  /** The member of a receipt chapter that holds it (src/receipts/schema.ts). */
  receiptSlot: 'tables' | 'check' | 'predictions' | 'exchanges' | 'codeLabs';
  /** The room event's `kind` (src/room/protocol.ts). */
  roomEvent: 'decision-table' | 'completion-check' | 'classify' | 'http-exchange' | 'code-lab';
  /** The column it gives the roster and the dashboard, in words. */
  column: string;
  /** Whether only the learner's word vouches for it (no grader can re-run it). */
  selfReported: boolean;
}

/** The contract of every kind. */
export const GRADED_KIND_CONTRACTS: Readonly<Record<GradedKind, GradedKindContract>> = {
  'decision-table': {
    progressItem: 'widget',
    component: { name: 'DecisionTable', idAttribute: 'id' },
    receiptSlot: 'tables',
    roomEvent: 'decision-table',
    column: 'decision-table cells right',
    selfReported: false,
  },
  'completion-check': {
    progressItem: 'check',
    component: { name: 'CompletionCheck', idAttribute: '' },
    receiptSlot: 'check',
    roomEvent: 'completion-check',
    column: 'completion check',
    selfReported: false,
  },
  'classify-prediction': {
    progressItem: 'practice',
    component: { name: 'ClassifyFixture', idAttribute: 'fixture' },
    receiptSlot: 'predictions',
    roomEvent: 'classify',
    column: 'message predictions right',
    selfReported: false,
  },
  'http-exchange-prediction': {
    progressItem: 'practice',
    component: { name: 'HttpExchange', idAttribute: 'exchange' },
    receiptSlot: 'exchanges',
    roomEvent: 'http-exchange',
    column: 'HTTP exchange predictions right',
    selfReported: false,
  },
  'code-lab': {
    progressItem: 'code-lab',
    component: { name: 'CodeLab', idAttribute: 'exercise' },
    receiptSlot: 'codeLabs',
    roomEvent: 'code-lab',
    column: 'code labs passed (self-reported)',
    selfReported: true,
  },
};

/** The graded kind a room event kind carries, for the events that carry one. */
export function kindOfRoomEvent(eventKind: string): GradedKind | undefined {
  return GRADED_KINDS.find((k) => GRADED_KIND_CONTRACTS[k].roomEvent === eventKind);
}

/** Reads one kind's answers; never throws. */
export function readGradedAnswers<K extends GradedKind>(
  kind: K,
  answers: unknown,
): { kind: 'answers'; answers: GradedAnswers[K] } | { kind: 'invalid'; message: string } {
  const parsed = (GRADED_ANSWERS[kind] as unknown as z.ZodMiniType<GradedAnswers[K]>).safeParse(answers);
  if (parsed.success) return { kind: 'answers', answers: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    kind: 'invalid',
    message: `The ${kind} answers do not have the expected shape (${issue?.path.join('.') || 'the answers'}: ${issue?.message ?? 'invalid'}).`,
  };
}

const recordOf = <K extends GradedKind, A extends (typeof GRADED_ANSWERS)[K]>(kind: K, answers: A) =>
  z.strictObject({
    kind: z.literal(kind),
    /** The answers as announced. */
    answers,
    /** The grade the learner's browser showed: what the checklist says, never what a grader counts. */
    correct: countSchema,
    total: countSchema,
    passed: z.boolean(),
    /** When it was graded (ISO 8601). */
    at: short(40),
  });

/**
 * The last graded answer of one item, as the progress store keeps it (src/progress/schema.ts): what a receipt
 * carries and what the room is sent when a learner brings earlier work. One member per kind.
 */
const RECORDS = {
  'decision-table': recordOf('decision-table', GRADED_ANSWERS['decision-table']),
  'completion-check': recordOf('completion-check', GRADED_ANSWERS['completion-check']),
  'classify-prediction': recordOf('classify-prediction', GRADED_ANSWERS['classify-prediction']),
  'http-exchange-prediction': recordOf('http-exchange-prediction', GRADED_ANSWERS['http-exchange-prediction']),
  'code-lab': recordOf('code-lab', GRADED_ANSWERS['code-lab']),
} as const satisfies Record<GradedKind, z.ZodMiniType>;
export const GradedRecordSchema = z.discriminatedUnion('kind', [
  RECORDS['decision-table'],
  RECORDS['completion-check'],
  RECORDS['classify-prediction'],
  RECORDS['http-exchange-prediction'],
  RECORDS['code-lab'],
]);
export type GradedRecord = z.infer<typeof GradedRecordSchema>;
