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
  'probe-report',
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
  /**
   * A summary of the learner's `mcp-lab probe --format json` report, bounded in size (at most 100 checks): the
   * protocol, the transport, the score per level, each check's id, level and status, and the SHA-256 (hex) of the
   * report's text. Only its shape and size are checked here (this file loads on every page); its grader re-checks
   * it with the probe's own schema (src/probe/report.ts `ProbeHandInSchema`).
   */
  'probe-report': z.strictObject({
    protocol: short(20),
    transport: short(10),
    score: z.record(short(10), z.strictObject({ passed: countSchema, of: countSchema })),
    checks: z.array(z.strictObject({ id: short(80), level: short(10), status: short(20) })).check(z.maxLength(100)),
    sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  }),
} as const satisfies Record<GradedKind, z.ZodMiniType>;

/** The answers of each kind. */
export type GradedAnswers = { [K in GradedKind]: z.infer<(typeof GRADED_ANSWERS)[K]> };

/** What the contract says about each kind beyond its answers: every consumer derives its behaviour from it. */
export interface GradedKindContract {
  /**
   * The checklist item type it gives a chapter (src/progress/items.ts `ProgressItem`): `graded`, the generic item,
   * done when the item's last graded answer passed; the others are the item types the first kinds had.
   */
  progressItem: 'practice' | 'widget' | 'check' | 'code-lab' | 'graded';
  /** The chapter component that places it (content/chapters/*.mdx), and the attribute that names the item. */
  component: { name: string; idAttribute: string };
  /** The checklist's words for the item: what to do ("Hand in a probe report"). */
  checklistLabel: string;
  /**
   * The member of a receipt chapter that holds it (src/receipts/schema.ts): `graded`, the generic slot
   * (`graded.<kind>.<item>`, receipt version 4 on), or the slot the first kinds had.
   */
  receiptSlot: 'tables' | 'check' | 'predictions' | 'exchanges' | 'codeLabs' | 'graded';
  /** The room event's `kind` (src/room/protocol.ts), and the `action` its graded events carry. */
  roomEvent: string;
  roomAction: 'check' | 'predict' | 'run' | 'submit';
  /** What its events add to a learner's row on the dashboard and the roster: a prediction, or a checklist item. */
  tally: 'prediction' | 'item';
  /** The column it gives the roster and the dashboard, in words. */
  column: string;
  /** Whether only the learner's word vouches for it (no grader can re-run it). */
  selfReported: boolean;
  /**
   * The SCORM interaction type it is recorded as (src/lms/scorm/cmi.ts): 1.2's "performance" and 2004's "other"
   * take the free-form response every kind gives ("3/5": parts right of parts).
   */
  scorm: { scorm12: 'performance'; scorm2004: 'other' };
}

const SCORM_PERFORMANCE = { scorm12: 'performance', scorm2004: 'other' } as const;

/** The contract of every kind. */
export const GRADED_KIND_CONTRACTS = {
  'decision-table': {
    progressItem: 'widget',
    component: { name: 'DecisionTable', idAttribute: 'id' },
    checklistLabel: 'Solve the decision table',
    receiptSlot: 'tables',
    roomEvent: 'decision-table',
    roomAction: 'check',
    tally: 'item',
    column: 'decision-table cells right',
    selfReported: false,
    scorm: SCORM_PERFORMANCE,
  },
  'completion-check': {
    progressItem: 'check',
    component: { name: 'CompletionCheck', idAttribute: '' },
    checklistLabel: 'Pass the completion check',
    receiptSlot: 'check',
    roomEvent: 'completion-check',
    roomAction: 'check',
    tally: 'item',
    column: 'completion check',
    selfReported: false,
    scorm: SCORM_PERFORMANCE,
  },
  'classify-prediction': {
    progressItem: 'practice',
    component: { name: 'ClassifyFixture', idAttribute: 'fixture' },
    checklistLabel: 'Predict the practice message',
    receiptSlot: 'predictions',
    roomEvent: 'classify',
    roomAction: 'predict',
    tally: 'prediction',
    column: 'message predictions right',
    selfReported: false,
    scorm: SCORM_PERFORMANCE,
  },
  'http-exchange-prediction': {
    progressItem: 'practice',
    component: { name: 'HttpExchange', idAttribute: 'exchange' },
    checklistLabel: 'Predict the practice exchange',
    receiptSlot: 'exchanges',
    roomEvent: 'http-exchange',
    roomAction: 'predict',
    tally: 'prediction',
    column: 'HTTP exchange predictions right',
    selfReported: false,
    scorm: SCORM_PERFORMANCE,
  },
  'code-lab': {
    progressItem: 'code-lab',
    component: { name: 'CodeLab', idAttribute: 'exercise' },
    checklistLabel: 'Pass the code lab',
    receiptSlot: 'codeLabs',
    roomEvent: 'code-lab',
    roomAction: 'run',
    tally: 'item',
    column: 'code labs passed (self-reported)',
    selfReported: true,
    scorm: SCORM_PERFORMANCE,
  },
  'probe-report': {
    progressItem: 'graded',
    component: { name: 'ProbeReport', idAttribute: 'exercise' },
    checklistLabel: 'Hand in a probe report with every MUST passed',
    receiptSlot: 'graded',
    roomEvent: 'probe-report',
    roomAction: 'submit',
    tally: 'item',
    column: 'probe reports passed (self-reported)',
    selfReported: true,
    scorm: SCORM_PERFORMANCE,
  },
} as const satisfies Record<GradedKind, GradedKindContract>;

/** The room event kind of graded kind `K`. */
export type RoomEventOf<K extends GradedKind> = (typeof GRADED_KIND_CONTRACTS)[K]['roomEvent'];
/** The action the graded room events of kind `K` carry. */
export type RoomActionOf<K extends GradedKind> = (typeof GRADED_KIND_CONTRACTS)[K]['roomAction'];

/** Kinds registered at run time (registerGradedKind), after the ones above. */
const registered = new Map<string, { answers: z.ZodMiniType; contract: GradedKindContract }>();

/**
 * Registers a graded kind at run time: its answers schema and contract. The consumers derive their tables from
 * `gradedKinds()` when their module is first evaluated, so a kind registered before they load reaches every one
 * (test/unit/course/graded-kinds-dummy.test.ts registers a dummy kind this way). A kind that exists is refused.
 */
export function registerGradedKind(kind: string, answers: z.ZodMiniType, contract: GradedKindContract): void {
  if ((GRADED_KINDS as readonly string[]).includes(kind) || registered.has(kind))
    throw new Error(`The graded kind ${kind} exists already.`);
  registered.set(kind, { answers, contract });
}

/** Every graded kind: the ones above, then any registered at run time. */
export function gradedKinds(): readonly GradedKind[] {
  return [...GRADED_KINDS, ...(registered.keys() as Iterable<GradedKind>)];
}

/** The contract of a kind. */
export function contractOf(kind: GradedKind): GradedKindContract {
  return (GRADED_KIND_CONTRACTS as Record<string, GradedKindContract>)[kind] ?? registered.get(kind)!.contract;
}

/** The answers schema of a kind. */
export function answersOf<K extends GradedKind>(kind: K): (typeof GRADED_ANSWERS)[K] {
  return ((GRADED_ANSWERS as Record<string, z.ZodMiniType>)[kind] ?? registered.get(kind)!.answers) as never;
}

/** A table with one derived entry per graded kind (each consumer builds its table this way, never by hand). */
export function perKind<T>(derive: (kind: GradedKind) => T): Readonly<Record<GradedKind, T>> {
  return Object.fromEntries(gradedKinds().map((kind) => [kind, derive(kind)])) as Record<GradedKind, T>;
}

/** The graded kind a room event kind carries, for the events that carry one. */
export function kindOfRoomEvent(eventKind: string): GradedKind | undefined {
  return gradedKinds().find((k) => contractOf(k).roomEvent === eventKind);
}

/** Reads one kind's answers; never throws. */
export function readGradedAnswers<K extends GradedKind>(
  kind: K,
  answers: unknown,
): { kind: 'answers'; answers: GradedAnswers[K] } | { kind: 'invalid'; message: string } {
  const parsed = (answersOf(kind) as unknown as z.ZodMiniType<GradedAnswers[K]>).safeParse(answers);
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

/** The record schema of each kind, made when first asked for (a kind may be registered after this module loads). */
const recordSchemas = new Map<string, z.ZodMiniType>();
const recordSchemaOf = (kind: GradedKind): z.ZodMiniType => {
  let schema = recordSchemas.get(kind);
  if (!schema) recordSchemas.set(kind, (schema = recordOf(kind, answersOf(kind))));
  return schema;
};

type GradedRecordOf<K extends GradedKind> = z.infer<ReturnType<typeof recordOf<K, (typeof GRADED_ANSWERS)[K]>>>;
/** The last graded answer of one item, one member per kind. */
export type GradedRecord = { [K in GradedKind]: GradedRecordOf<K> }[GradedKind];

/**
 * The last graded answer of one item, as the progress store keeps it (src/progress/schema.ts): what a receipt
 * carries and what the room is sent when a learner brings earlier work. Checked by its kind's record schema, built
 * from the kind's answers, for every kind `gradedKinds()` lists when it is read.
 */
export const GradedRecordSchema = z.custom<GradedRecord>((value) => {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return (
    typeof kind === 'string' &&
    gradedKinds().includes(kind as GradedKind) &&
    recordSchemaOf(kind as GradedKind).safeParse(value).success
  );
}, 'a graded answer in the shape of its kind (src/course/graded-kinds.ts)');
