/**
 * The chapter's progress in cmi.suspend_data, so a learner who opens the chapter again from the LMS (on any
 * computer) finds it as they left it. The record (src/progress/schema.ts's ChapterProgress) is deflated and
 * base64url-encoded (src/lib/compressed-link.ts) behind a version prefix. When it does not fit the LMS's limit
 * (4,096 characters in SCORM 1.2), it degrades in one clear step: the marks only (what is done, the check's score),
 * without the answers and widget states, which then stay in this browser alone; the caller tells the learner.
 */
import { deflateText, inflateText } from '../../lib/compressed-link.ts';
import { ChapterProgressSchema, type ChapterProgress } from '../../progress/schema.ts';

/** The prefix of the current format: "MLS1:" then base64url(deflate-raw(JSON {chapter, record})). */
const PREFIX = 'MLS1:';
/** The most bytes a suspend_data text may inflate to (a chapter's record is a few kilobytes). */
const MAX_INFLATED = 1024 * 1024;

/** What went into suspend_data: everything, the marks only, or nothing (not even the marks fit). */
export type SuspendTier = 'full' | 'marks' | 'none';

/** The record without answers and widget states: what is done and the check's score. */
export function marksOnly(record: ChapterProgress): ChapterProgress {
  return {
    ...record,
    checks: Object.fromEntries(Object.entries(record.checks).map(([id, c]) => [id, { ...c, answers: undefined }])),
    widgets: Object.fromEntries(Object.entries(record.widgets).map(([id, w]) => [id, { ...w, state: null }])),
  };
}

/** The suspend_data text for a chapter's record within `limit` characters, and which tier it is. */
export async function encodeSuspend(
  chapter: string,
  record: ChapterProgress,
  limit: number,
): Promise<{ text: string; tier: SuspendTier }> {
  const encode = async (r: ChapterProgress) => PREFIX + (await deflateText(JSON.stringify({ chapter, record: r })));
  const full = await encode(record);
  if (full.length <= limit) return { text: full, tier: 'full' };
  const marks = await encode(marksOnly(record));
  if (marks.length <= limit) return { text: marks, tier: 'marks' };
  return { text: '', tier: 'none' };
}

/** The chapter's record from suspend_data, or why it cannot be read (empty text: nothing saved yet). */
export async function decodeSuspend(
  chapter: string,
  text: string,
): Promise<{ kind: 'record'; record: ChapterProgress } | { kind: 'empty' } | { kind: 'unreadable'; reason: string }> {
  if (text === '') return { kind: 'empty' };
  if (!text.startsWith(PREFIX)) return { kind: 'unreadable', reason: 'it is not in a format this course writes' };
  const inflated = await inflateText(text.slice(PREFIX.length), { maxBytes: MAX_INFLATED });
  if (inflated.kind === 'error') return { kind: 'unreadable', reason: inflated.message };
  let value: unknown;
  try {
    value = JSON.parse(inflated.text);
  } catch {
    return { kind: 'unreadable', reason: 'it is not JSON' };
  }
  const saved = value as { chapter?: unknown; record?: unknown };
  if (saved.chapter !== chapter)
    return { kind: 'unreadable', reason: `it belongs to chapter ${String(saved.chapter)}, not ${chapter}` };
  const parsed = ChapterProgressSchema.safeParse(saved.record);
  if (!parsed.success) return { kind: 'unreadable', reason: 'it does not have the shape of a chapter record' };
  return { kind: 'record', record: parsed.data };
}
