/**
 * The learner's receipt: a compact, versioned, self-describing JSON document made in the learner's browser from the
 * progress store, and shared only when the learner copies, downloads or shows it. The roster page and
 * `mcp-lab grade` never trust the grades it claims: they re-grade every answer with the message model.
 *
 * What it proves: a receipt is self-reported. `digest` is the SHA-256 of the canonical JSON of everything else: it
 * catches accidental damage (a cut-off paste, a changed character), not deliberate edits, since anyone can recompute
 * it. Grading is redone from the answers, so a claimed score cannot be inflated; the answers, the name and the dates
 * are the learner's word. The live workshop room, which grades on a server as learners work, is where marks are
 * trustworthy.
 */
import { z } from 'zod';
import { CHAPTER_ID_PATTERN } from '../course/course-order.ts';
import { CheckAnswersSchema } from '#course';
import { answersOf, contractOf, GRADED_ANSWERS, gradedKinds, type GradedKind } from '../course/graded-kinds.ts';
import { canonicalJson } from '#message-model';
import { isPrintable, toPrintable } from '../lib/printable.ts';
import { sha256Hex } from '../lib/sha256.ts';
import { isRecord } from '../lib/record.ts';

/** The value of `format`: what this document is. */
export const RECEIPT_FORMAT = 'mcp-message-lab/receipt';
/** The receipt format version this code writes. Readers accept every version in RECEIPT_VERSIONS. */
export const RECEIPT_VERSION = 4;
/**
 * Every receipt format version this code can read, oldest first. Version 2 adds code-lab results, where a table's
 * answers came from (someone's link, an imported file) and `extensions`; version 3 adds the predictions (classify
 * and HTTP exchange); version 4 adds `graded`, the slot of every later graded kind (`graded.<kind>.<item>`), so a
 * new kind needs no new version. An older receipt reads as a version 4 one without what came later.
 */
export const RECEIPT_VERSIONS = [1, 2, 3, 4] as const;
/** The sentence every receipt carries, so whoever finds the file knows what it is. */
export const RECEIPT_ABOUT =
  "A learner's progress receipt from MCP Message Lab, made in their browser and shared by them: self-reported. Graders re-grade every answer; the digest detects accidental damage, not deliberate edits.";

/** The learner's own verdict on a chapter (the "Make it yours" self-mark); absent means not marked. */
export const SELF_MARKS = ['can-explain'] as const;
export type SelfMark = (typeof SELF_MARKS)[number];

/** Largest receipt text readers accept: a real receipt is a few kilobytes. */
export const MAX_RECEIPT_CHARS = 256 * 1024;

const ChapterIdSchema = z.string().regex(CHAPTER_ID_PATTERN, 'a chapter id looks like error-semantics-and-retries');
const TimestampSchema = z.iso.datetime({ offset: true });
/** The largest count (hints, solutions, attempts) a receipt holds. */
export const MAX_RECEIPT_COUNT = 9999;
const CountSchema = z.int().min(0).max(MAX_RECEIPT_COUNT);

/** Longest learner name a receipt holds, in UTF-16 code units. */
const MAX_LEARNER_CHARS = 80;

/**
 * True when `name` is printable text by the site's one rule (src/lib/printable.ts): no control characters, line
 * breaks, direction overrides or invisible characters, and something visible. A name is shown in tables, CSV and
 * terminals; with those it could erase a terminal line or disguise itself as another name.
 */
export function isPrintableName(name: string): boolean {
  return isPrintable(name);
}

/** A typed name made printable (toPrintable) and capped at 80 code units. Empty when nothing visible is left. */
export function toPrintableName(typed: string): string {
  return toPrintable(typed, MAX_LEARNER_CHARS);
}

/** The learner's name as a receipt holds it: 1 to 80 characters of printable text. */
const LearnerNameSchema = z
  .string()
  .min(1)
  .max(MAX_LEARNER_CHARS)
  .refine(
    isPrintableName,
    'a learner name must be printable text (no control characters, line breaks or direction overrides)',
  );

/** A grade as the learner's browser computed it. Recorded, compared, never trusted. */
export const ClaimedGradeSchema = z
  .object({
    /** Auto-graded items right (questions for a check, cells for a table). */
    correct: CountSchema,
    /** Auto-graded items in all. */
    total: CountSchema,
    passed: z.boolean(),
  })
  .strict();
export type ClaimedGrade = z.infer<typeof ClaimedGradeSchema>;

/** The learner's answers to the chapter's completion check, as submitted. */
export const CheckReceiptSchema = z
  .object({
    /** Question id → answer, in the shape of the model's CheckAnswersSchema. */
    answers: CheckAnswersSchema,
    /** The grade the learner's browser showed. */
    grade: ClaimedGradeSchema,
    /** When the learner last submitted the check. */
    submittedAt: TimestampSchema,
  })
  .strict();

/** One decision table on a chapter page, as the learner left it. */
export const TableReceiptSchema = z
  .object({
    /** The rows, as scenario ids from the model's bank. */
    scenarios: z.array(z.string().min(1).max(80)).min(1).max(20),
    /** Scenario id → column → chosen value. */
    cells: z.record(z.string().max(80), z.record(z.string().max(20), z.string().max(80))),
    /** The grade of the last "Check", if the learner pressed it. */
    grade: ClaimedGradeSchema.optional(),
    /** How many hint levels the learner opened, over all rows. */
    hints: CountSchema,
    /** Whether the learner opened the solution. */
    solutionShown: z.boolean(),
    updatedAt: TimestampSchema,
  })
  .strict();

/** A widget's or code lab's id as a receipt holds it. */
export const RECEIPT_ITEM_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const WidgetIdSchema = z.string().regex(RECEIPT_ITEM_ID);

/** Everything a version 1 receipt says about one chapter. */
export const ChapterReceiptV1Schema = z
  .object({
    /** The learner's self-mark, if they made one. */
    selfMark: z.enum(SELF_MARKS).optional(),
    selfMarkedAt: TimestampSchema.optional(),
    /** The completion check, if submitted. */
    check: CheckReceiptSchema.optional(),
    /** Decision tables on the chapter page, by widget id. */
    tables: z.record(WidgetIdSchema, TableReceiptSchema).optional(),
    /** Hints opened in the chapter's widgets, in all. */
    hints: CountSchema,
    /** Solutions opened in the chapter's widgets, in all. */
    solutions: CountSchema,
    /** The learner's last activity in the chapter. */
    updatedAt: TimestampSchema.optional(),
  })
  .strict();

/** A decision table in a version 2 receipt: version 1's, plus where its answers came from. */
export const TableReceiptV2Schema = TableReceiptSchema.extend({
  /** The answers were loaded from someone's shared link: shown to the instructor, never counted as the learner's work. */
  fromLink: z.literal(true).optional(),
  /** The answers came from a progress file the learner imported, not from work in this browser. */
  imported: z.literal(true).optional(),
}).strict();

/**
 * A code lab's result, self-reported: the learner's browser ran the tests, and no grader can run them again (the
 * roster never runs learner code), so the roster shows it labelled as the learner's word.
 */
export const CodeLabReceiptSchema = z
  .object({
    /** Whether the last run passed every test. */
    passed: z.boolean(),
    /** How many times the tests were run. */
    attempts: CountSchema.optional(),
    /** The most hint levels opened. */
    hints: CountSchema,
    /** Whether the worked solution was shown. */
    solutionShown: z.boolean(),
    /** The code came from an imported progress file, not from work in this browser. */
    imported: z.literal(true).optional(),
    /** The last run. */
    at: TimestampSchema,
  })
  .strict();

/** Everything a version 2 receipt says about one chapter: version 1's, plus code labs and where tables came from. */
export const ChapterReceiptSchema = ChapterReceiptV1Schema.extend({
  /** Decision tables on the chapter page, by widget id. */
  tables: z.record(WidgetIdSchema, TableReceiptV2Schema).optional(),
  /** Code labs the learner ran, by exercise id. */
  codeLabs: z.record(WidgetIdSchema, CodeLabReceiptSchema).optional(),
}).strict();
/** One chapter as a reader sees it (an older chapter is one without the later members). */
export type ChapterReceipt = z.infer<typeof ChapterReceiptV4Schema>;

/** The generic slot: kind → item id → its last graded answer, the grade the browser showed and when. */
export type GradedSlot = Partial<
  Record<GradedKind, Record<string, { answers: unknown; grade: ClaimedGrade; at: string }>>
>;

/** A prediction's last graded answer (its answers in the kind's schema, src/course/graded-kinds.ts). */
const predictionReceipt = <A extends z.core.$ZodType>(answers: A) =>
  z
    .object({
      /** The answers as the widget announced them. */
      answers,
      /** The grade the learner's browser showed. */
      grade: ClaimedGradeSchema,
      /** When the learner made the prediction. */
      at: TimestampSchema,
    })
    .strict();

/** Everything a version 3 receipt says about one chapter: version 2's, plus the predictions. */
export const ChapterReceiptV3Schema = ChapterReceiptSchema.extend({
  /** Classify predictions, by widget id. */
  predictions: z.record(WidgetIdSchema, predictionReceipt(GRADED_ANSWERS['classify-prediction'])).optional(),
  /** HTTP-exchange predictions, by widget id. */
  exchanges: z.record(WidgetIdSchema, predictionReceipt(GRADED_ANSWERS['http-exchange-prediction'])).optional(),
}).strict();

/**
 * Everything a version 4 receipt says about one chapter: version 3's, plus `graded`, one member per graded kind whose
 * contract's receipt slot is the generic one, each answer in its kind's schema (src/course/graded-kinds.ts).
 */
export const ChapterReceiptV4Schema = ChapterReceiptV3Schema.extend({
  graded: z
    .object(
      Object.fromEntries(
        gradedKinds()
          .filter((kind) => contractOf(kind).receiptSlot === 'graded')
          .map((kind) => [kind, z.record(WidgetIdSchema, predictionReceipt(answersOf(kind))).optional()]),
      ),
    )
    .strict()
    .optional() as unknown as z.ZodOptional<z.ZodType<GradedSlot>>,
}).strict();

/** Extension names: lower-case words joined by dashes ("room", "peer-review"). */
const ExtensionNameSchema = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/);
/** The deepest nesting and the most values an extension may hold. */
const EXTENSION_LIMITS = { depth: 8, values: 2000 } as const;

/** True when `value` is plain JSON within EXTENSION_LIMITS (checked without recursion, so no input can overflow). */
export function isBoundedJson(value: unknown): boolean {
  const stack: { v: unknown; depth: number }[] = [{ v: value, depth: 0 }];
  let seen = 0;
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (++seen > EXTENSION_LIMITS.values || depth > EXTENSION_LIMITS.depth) return false;
    if (v === null || typeof v === 'boolean' || typeof v === 'string') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return false;
      continue;
    }
    if (Array.isArray(v)) for (const item of v) stack.push({ v: item, depth: depth + 1 });
    else if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
      for (const item of Object.values(v)) stack.push({ v: item, depth: depth + 1 });
    else return false;
  }
  return true;
}

const ReceiptCommon = {
  format: z.literal(RECEIPT_FORMAT),
  about: z.string().max(300),
  /** The course that made it: title and version (package.json). */
  course: z.object({ title: z.string().min(1).max(80), version: z.string().min(1).max(40) }).strict(),
  /** The name the learner typed; optional, and only what they chose to type. */
  learner: LearnerNameSchema.optional(),
  /** "full", or "compact" when free-text answers were left out to fit a QR code. */
  scope: z.enum(['full', 'compact']),
  /** When the learner's browser made it: the learner's word, not proof. */
  createdAt: TimestampSchema,
  /** "sha256:" + the SHA-256 of the canonical JSON of every other member. */
  digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
};

/** A receipt, version 1 (still read). */
export const ReceiptV1Schema = z
  .object({
    ...ReceiptCommon,
    version: z.literal(1),
    /** Chapter id → what the learner did there. Chapters with no activity are left out. */
    chapters: z.record(ChapterIdSchema, ChapterReceiptV1Schema),
  })
  .strict();

/**
 * Room for what other parts of the course add without a new version: name → a JSON value (at most 8 levels deep,
 * 2,000 values). Digested with the rest; readers list the names and grade nothing from them.
 */
const ExtensionsSchema = z
  .record(
    ExtensionNameSchema,
    z.unknown().refine(isBoundedJson, 'an extension is plain JSON, at most 8 levels deep and 2,000 values'),
  )
  .optional();

/** A receipt, version 2 (still read). */
export const ReceiptV2Schema = z
  .object({
    ...ReceiptCommon,
    version: z.literal(2),
    /** Chapter id → what the learner did there. Chapters with no activity are left out. */
    chapters: z.record(ChapterIdSchema, ChapterReceiptSchema),
    extensions: ExtensionsSchema,
  })
  .strict();

/** A receipt, version 3 (still read). */
export const ReceiptV3Schema = z
  .object({
    ...ReceiptCommon,
    version: z.literal(3),
    /** Chapter id → what the learner did there. Chapters with no activity are left out. */
    chapters: z.record(ChapterIdSchema, ChapterReceiptV3Schema),
    extensions: ExtensionsSchema,
  })
  .strict();

/** A receipt, version 4 (written now). */
export const ReceiptV4Schema = z
  .object({
    ...ReceiptCommon,
    version: z.literal(4),
    /** Chapter id → what the learner did there. Chapters with no activity are left out. */
    chapters: z.record(ChapterIdSchema, ChapterReceiptV4Schema),
    extensions: ExtensionsSchema,
  })
  .strict();

/** A receipt of any version this code reads. */
export type Receipt =
  | z.infer<typeof ReceiptV1Schema>
  | z.infer<typeof ReceiptV2Schema>
  | z.infer<typeof ReceiptV3Schema>
  | z.infer<typeof ReceiptV4Schema>;

/** The schema of each readable version. */
const SCHEMAS = { 1: ReceiptV1Schema, 2: ReceiptV2Schema, 3: ReceiptV3Schema, 4: ReceiptV4Schema } as const;

/** A receipt before it is sealed with its digest. */
export type ReceiptBody =
  | Omit<z.infer<typeof ReceiptV1Schema>, 'digest'>
  | Omit<z.infer<typeof ReceiptV2Schema>, 'digest'>
  | Omit<z.infer<typeof ReceiptV3Schema>, 'digest'>
  | Omit<z.infer<typeof ReceiptV4Schema>, 'digest'>;

/** The digest of a receipt body (any `digest` member is ignored). */
export function digestReceipt(body: ReceiptBody | Receipt): string {
  const { digest: _ignored, ...rest } = body as Receipt;
  // The model's canonical JSON: object keys sorted, no whitespace, so that member order never changes a digest.
  return `sha256:${sha256Hex(canonicalJson(rest))}`;
}

/**
 * Seals a body: adds its digest. The body goes through JSON first, so what is digested is exactly what a reader
 * will see (an `undefined` member, for one, disappears).
 */
export function sealReceipt(body: ReceiptBody): Receipt {
  const plain = JSON.parse(JSON.stringify(body)) as ReceiptBody;
  return { ...plain, digest: digestReceipt(plain) };
}

/** Serialises a receipt compactly (no whitespace): the form "Copy receipt" puts on the clipboard. */
export function serializeReceipt(receipt: Receipt): string {
  return JSON.stringify(receipt);
}

/** The outcome of reading a receipt. */
export type ReceiptReading =
  | { kind: 'receipt'; receipt: Receipt }
  | { kind: 'malformed'; message: string }
  | { kind: 'unsupported-version'; message: string }
  | { kind: 'tampered'; message: string; receipt: Receipt };

/**
 * Reads a receipt from text or an already parsed value: checks the format, the version, the schema and the digest.
 * Never throws; every failure comes back as a sentence a person can act on.
 */
export function readReceipt(input: unknown): ReceiptReading {
  let value = input;
  if (typeof input === 'string') {
    if (input.length > MAX_RECEIPT_CHARS)
      return {
        kind: 'malformed',
        message: `This is ${input.length} characters long; a receipt is at most ${MAX_RECEIPT_CHARS}.`,
      };
    try {
      value = JSON.parse(input);
    } catch (error) {
      return {
        kind: 'malformed',
        message: `This is not JSON (${error instanceof Error ? error.message : 'parse error'}).`,
      };
    }
  }
  if (!isRecord(value)) return { kind: 'malformed', message: 'A receipt is a JSON object; this is not one.' };
  if (value.format !== RECEIPT_FORMAT) {
    return {
      kind: 'malformed',
      message: `This is not an MCP Message Lab receipt (its "format" should be "${RECEIPT_FORMAT}").`,
    };
  }
  const version = value.version;
  if (typeof version !== 'number' || !Number.isInteger(version))
    return { kind: 'malformed', message: 'The receipt has no version number.' };
  if (!(RECEIPT_VERSIONS as readonly number[]).includes(version)) {
    return version > RECEIPT_VERSION
      ? {
          kind: 'unsupported-version',
          message: `This receipt uses format version ${version}, made by a newer course; this page reads versions up to ${RECEIPT_VERSION}. Update the course.`,
        }
      : {
          kind: 'unsupported-version',
          message: `Receipt format version ${version} is not one this course ever wrote.`,
        };
  }
  const parsed = SCHEMAS[version as keyof typeof SCHEMAS].safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.map(String).join('.') || '(the whole receipt)';
    const more =
      parsed.error.issues.length > 1
        ? ` (and ${parsed.error.issues.length - 1} more problem${parsed.error.issues.length > 2 ? 's' : ''})`
        : '';
    return {
      kind: 'malformed',
      message: `The receipt does not match format version ${version}: ${where}: ${issue.message}${more}.`,
    };
  }
  const receipt = parsed.data;
  // Digest what was read, not what the parser returned, so nothing the parser normalises can hide an edit.
  if (digestReceipt(value as Receipt) !== receipt.digest) {
    return {
      kind: 'tampered',
      receipt,
      message: 'The digest does not match the content: the receipt was changed after it was made.',
    };
  }
  return { kind: 'receipt', receipt };
}
