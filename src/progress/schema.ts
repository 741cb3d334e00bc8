/**
 * The progress store's format, one zod schema per version. zod/mini keeps the validator small enough to load on
 * every page before any interaction (the full model chunk loads only when a learner uses a widget).
 */
import * as z from 'zod/mini';
import { CHAPTER_ID_PATTERN } from '../course/course-order.ts';
import { GradedRecordSchema } from '../course/graded-kinds.ts';

/** The `format` marker that tells our data from anything else in localStorage. */
export const PROGRESS_FORMAT = 'mcp-message-lab/progress';
/** The version this code writes. */
export const PROGRESS_VERSION = 3;

/** A chapter key: NN-slug (any chapter the course has or will have). */
const ChapterKey = z.string().check(z.regex(CHAPTER_ID_PATTERN));
/** An id of a widget, check or code lab within a chapter. */
const ItemKey = z.string().check(z.regex(/^[a-zA-Z0-9][a-zA-Z0-9:._-]{0,127}$/));
/** An ISO 8601 timestamp. */
const Timestamp = z.string().check(z.maxLength(40));

/**
 * The help a learner had on an item, for receipts and the roster (version 3). `hints` and `solutionShown` only grow
 * until the item is reset; `linkLoaded` and `imported` say where the answers or code held now came from.
 */
export const AssistSchema = z.strictObject({
  /** The most hint levels the learner had open (0: none). */
  hints: z.int().check(z.minimum(0), z.maximum(99)),
  /** Whether a worked solution was shown. */
  solutionShown: z.boolean(),
  /** Whether the answers held now were loaded from someone's shared link (not the learner's own work). */
  linkLoaded: z.boolean(),
  /** Whether the answers or code held now came from an imported progress file rather than this browser. */
  imported: z.boolean(),
});
export type Assist = z.infer<typeof AssistSchema>;

/** A widget's saved state: its kind, an opaque JSON state the widget validates itself, and whether it is done. */
export const WidgetRecordSchema = z.strictObject({
  /** Which widget wrote it (decision-table, classify-fixture, completion-check, ...). */
  kind: z.string().check(z.maxLength(40)),
  /** The widget's own state (answers, edited text, hint level...). */
  state: z.unknown(),
  /** Whether the learner has finished it (a table passed, a prediction made and revealed); never with linkLoaded. */
  done: z.boolean(),
  /** Hints, solution and where the answers came from (version 3; absent: no help recorded). */
  assist: z.optional(AssistSchema),
  at: Timestamp,
});
export type WidgetRecord = z.infer<typeof WidgetRecordSchema>;

/** A graded check (the chapter's completion check is `completion`). */
export const CheckRecordSchema = z.strictObject({
  passed: z.boolean(),
  correct: z.int().check(z.minimum(0)),
  total: z.int().check(z.minimum(0)),
  /** The learner's answers, so a receipt can be re-graded with gradeCompletionCheck. */
  answers: z.optional(z.unknown()),
  at: Timestamp,
});
export type CheckRecord = z.infer<typeof CheckRecordSchema>;

/** A code lab's result, recorded by the code-labs widget. */
export const CodeLabRecordSchema = z.strictObject({
  passed: z.boolean(),
  /** How many times the learner ran the tests. */
  attempts: z.optional(z.int().check(z.minimum(0))),
  /** Hints, solution and whether the code came from an imported file (version 3). */
  assist: z.optional(AssistSchema),
  at: Timestamp,
});

/** Everything recorded for one chapter. */
export const ChapterProgressSchema = z.strictObject({
  /** "I can explain this": the learner's own mark; absent when not marked. */
  selfMark: z.optional(z.strictObject({ canExplain: z.literal(true), at: Timestamp })),
  checks: z.record(ItemKey, CheckRecordSchema),
  widgets: z.record(ItemKey, WidgetRecordSchema),
  codeLabs: z.record(ItemKey, CodeLabRecordSchema),
  /**
   * The last graded answer of each item, by item id (src/course/graded-kinds.ts): what receipts carry and what a
   * room may be sent later. Absent in documents saved before it was kept.
   */
  graded: z.optional(z.record(ItemKey, GradedRecordSchema)),
});
export type ChapterProgress = z.infer<typeof ChapterProgressSchema>;

/** Version 3 (current): per-chapter records whose widgets and code labs say what help the learner had. */
export const ProgressV3Schema = z.strictObject({
  format: z.literal(PROGRESS_FORMAT),
  version: z.literal(3),
  updatedAt: Timestamp,
  chapters: z.record(ChapterKey, ChapterProgressSchema),
});
export type Progress = z.infer<typeof ProgressV3Schema>;

/** Version 2: the same per-chapter records without `assist` (the fields are optional, so the schema is shared). */
export const ProgressV2Schema = z.strictObject({
  format: z.literal(PROGRESS_FORMAT),
  version: z.literal(2),
  updatedAt: Timestamp,
  chapters: z.record(ChapterKey, ChapterProgressSchema),
});
export type ProgressV2 = z.infer<typeof ProgressV2Schema>;

/**
 * Version 1: the flat format the store started with: chapter ids marked complete, chapter ids whose check passed,
 * and widget states keyed "<chapter>/<widget-id>". Still read, so an old export imports.
 */
export const ProgressV1Schema = z.strictObject({
  format: z.literal(PROGRESS_FORMAT),
  version: z.literal(1),
  completed: z.array(ChapterKey),
  checksPassed: z.array(ChapterKey),
  widgets: z.record(z.string(), z.unknown()),
  savedAt: Timestamp,
});
export type ProgressV1 = z.infer<typeof ProgressV1Schema>;
