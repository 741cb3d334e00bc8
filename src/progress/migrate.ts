/**
 * Reading stored progress of any version: parse, recognise, migrate step by step to the current version, validate.
 * Pure; never throws. Anything that is not our data, or is from a newer version, is reported so the caller can
 * keep it aside instead of overwriting it.
 */
// The model's depth count straight from its tokenizer file: importing #message-model here would load the whole
// model on every page before interaction (the budgets forbid it), as receipts/encode.ts also avoids.
import { firstTooDeep } from '../message-model/json-tokens.ts';
import { CHAPTER_ID_PATTERN, currentChapterId } from '../course/course-order.ts';
import {
  PROGRESS_FORMAT,
  PROGRESS_VERSION,
  ProgressV1Schema,
  ProgressV2Schema,
  ProgressV3Schema,
  type ChapterProgress,
  type Progress,
  type ProgressV1,
  type ProgressV2,
} from './schema.ts';

/** The outcome of reading stored progress. */
export type ReadOutcome =
  { kind: 'ok'; progress: Progress; migratedFrom?: number } | { kind: 'unreadable'; reason: string };

/** A fresh, empty store. */
export function emptyProgress(now: string = new Date().toISOString()): Progress {
  return { format: PROGRESS_FORMAT, version: PROGRESS_VERSION, updatedAt: now, chapters: {} };
}

/** An empty chapter record. */
export function emptyChapter(): ChapterProgress {
  return { checks: {}, widgets: {}, codeLabs: {} };
}

/** Migrates v1 (flat lists) to v2 (per-chapter records); nothing in v1 is dropped. */
export function migrateV1ToV2(v1: ProgressV1): ProgressV2 {
  const chapters: Record<string, ChapterProgress> = {};
  const chapter = (id: string) => (chapters[id] ??= emptyChapter());
  for (const id of v1.completed) chapter(id).selfMark = { canExplain: true, at: v1.savedAt };
  for (const id of v1.checksPassed)
    chapter(id).checks.completion = { passed: true, correct: 0, total: 0, at: v1.savedAt };
  for (const [key, state] of Object.entries(v1.widgets)) {
    const slash = key.indexOf('/');
    const chapterId = slash > 0 ? key.slice(0, slash) : '';
    const widgetId = slash > 0 ? key.slice(slash + 1) : key;
    if (!CHAPTER_ID_PATTERN.test(chapterId)) continue;
    const done = typeof state === 'object' && state !== null && (state as { passed?: unknown }).passed === true;
    chapter(chapterId).widgets[widgetId] = { kind: 'decision-table', state, done, at: v1.savedAt };
  }
  return { format: PROGRESS_FORMAT, version: 2, updatedAt: v1.savedAt, chapters };
}

/** The key under which a version-2 decision table kept the learner's answers when a shared link replaced them. */
export const LINK_STASH_SUFFIX = '--before-link';

/**
 * Migrates v2 to v3: a decision table's hints and solution, kept until now only inside its own state, become its
 * `assist` record, so receipts read them in one place. A version-2 table that has a `<id>--before-link` record
 * was overwritten by a shared link: its answers are marked link-loaded and it no longer counts as solved (the
 * learner's own answers stay in that record, which the table offers back). Nothing else changes.
 */
export function migrateV2ToV3(v2: ProgressV2): Progress {
  const chapters: Record<string, ChapterProgress> = {};
  for (const [chapterId, chapter] of Object.entries(v2.chapters)) {
    const widgets: ChapterProgress['widgets'] = {};
    for (const [widgetId, widget] of Object.entries(chapter.widgets)) {
      if (widget.kind !== 'decision-table' || widget.assist) {
        widgets[widgetId] = widget;
        continue;
      }
      const state = (typeof widget.state === 'object' && widget.state !== null ? widget.state : {}) as Record<
        string,
        unknown
      >;
      const level = state.hintLevel;
      const hints = typeof level === 'number' && Number.isInteger(level) ? Math.max(0, Math.min(3, level)) : 0;
      const linkLoaded = chapter.widgets[`${widgetId}${LINK_STASH_SUFFIX}`] !== undefined;
      widgets[widgetId] = {
        ...widget,
        done: widget.done && !linkLoaded,
        assist: { hints, solutionShown: state.solution === true, linkLoaded, imported: false },
      };
    }
    chapters[chapterId] = { ...chapter, widgets };
  }
  return { format: PROGRESS_FORMAT, version: 3, updatedAt: v2.updatedAt, chapters };
}

/**
 * Files chapters saved under an old id (content/course.json `renamed`) under the id the chapter has now. Where both
 * are present, the newer record of each item wins, so nothing the learner did under either id is lost; an id the
 * course does not know stays as it is (it may be a chapter of another build).
 */
export function resolveChapterIds(progress: Progress): Progress {
  const chapters: Record<string, ChapterProgress> = {};
  const newer = <T extends { at?: string }>(a: T | undefined, b: T): T =>
    a?.at !== undefined && b.at !== undefined && a.at > b.at ? a : b;
  const merge = <T extends { at?: string }>(a: Record<string, T>, b: Record<string, T>): Record<string, T> => {
    const out = { ...a };
    for (const [key, value] of Object.entries(b)) out[key] = newer(out[key], value);
    return out;
  };
  // Current ids first, so a record under an old id only replaces one that is older.
  const entries = Object.entries(progress.chapters).sort(
    ([a], [b]) => Number(currentChapterId(a) !== a) - Number(currentChapterId(b) !== b),
  );
  for (const [id, chapter] of entries) {
    const target = currentChapterId(id) ?? id;
    const held = chapters[target];
    if (!held) {
      chapters[target] = chapter;
      continue;
    }
    const selfMark =
      held.selfMark && chapter.selfMark ? newer(held.selfMark, chapter.selfMark) : (held.selfMark ?? chapter.selfMark);
    chapters[target] = {
      ...(selfMark ? { selfMark } : {}),
      checks: merge(held.checks, chapter.checks),
      widgets: merge(held.widgets, chapter.widgets),
      codeLabs: merge(held.codeLabs, chapter.codeLabs),
    };
  }
  return { ...progress, chapters };
}

/** One step per version: MIGRATIONS[n] turns version n into version n + 1. */
const MIGRATIONS: Record<number, (data: unknown) => unknown> = {
  1: (data) => migrateV1ToV2(ProgressV1Schema.parse(data)),
  2: (data) => migrateV2ToV3(ProgressV2Schema.parse(data)),
};

const SCHEMAS: Record<
  number,
  {
    safeParse: (d: unknown) => {
      success: boolean;
      error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
    };
  }
> = {
  1: ProgressV1Schema,
  2: ProgressV2Schema,
  3: ProgressV3Schema,
};

function firstIssue(error: { issues: Array<{ path: PropertyKey[]; message: string }> } | undefined): string {
  const issue = error?.issues[0];
  if (!issue) return 'it does not match the progress format';
  return `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`;
}

/** Reads a parsed value of any known version and returns current-version progress, or why it cannot. */
export function readProgressValue(value: unknown): ReadOutcome {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'unreadable', reason: 'it is not a JSON object' };
  }
  const record = value as Record<string, unknown>;
  if (record.format !== PROGRESS_FORMAT)
    return { kind: 'unreadable', reason: `it is not MCP Message Lab progress (no "format": "${PROGRESS_FORMAT}")` };
  const version = record.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return { kind: 'unreadable', reason: 'its "version" is missing or not a positive integer' };
  if (version > PROGRESS_VERSION)
    return {
      kind: 'unreadable',
      reason: `it was written by a newer version of the site (format version ${version}; this page reads up to ${PROGRESS_VERSION})`,
    };
  const check = SCHEMAS[version]!.safeParse(value);
  if (!check.success)
    return { kind: 'unreadable', reason: `it is damaged (version ${version}, ${firstIssue(check.error)})` };
  let data: unknown = value;
  try {
    for (let v = version; v < PROGRESS_VERSION; v += 1) data = MIGRATIONS[v]!(data);
  } catch (error) {
    return {
      kind: 'unreadable',
      reason: `it could not be migrated from version ${version}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const final = ProgressV3Schema.safeParse(data);
  if (!final.success)
    return { kind: 'unreadable', reason: `it is damaged after migration (${firstIssue(final.error)})` };
  const progress = resolveChapterIds(final.data);
  return version === PROGRESS_VERSION ? { kind: 'ok', progress } : { kind: 'ok', progress, migratedFrom: version };
}

/**
 * How deeply stored progress may nest its arrays and objects. The store's own documents need about ten levels; a
 * widget's state is opaque to the schema, so without a cap an imported file could nest it a million levels, which
 * JSON.parse reads but JSON.stringify (every copy and save) cannot: it overflows the stack.
 */
const MAX_PROGRESS_DEPTH = 64;

/** Reads stored text (localStorage or an imported file) of any known version. */
export function readProgressText(text: string): ReadOutcome {
  if (firstTooDeep(text, MAX_PROGRESS_DEPTH) !== -1)
    return { kind: 'unreadable', reason: `it nests arrays and objects more than ${MAX_PROGRESS_DEPTH} levels deep` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'unreadable', reason: 'it is not valid JSON' };
  }
  return readProgressValue(value);
}
