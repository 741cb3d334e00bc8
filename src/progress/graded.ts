/**
 * One hook for every graded action on a page: a decision table checked, a prediction graded, a completion check
 * submitted, a code lab run. The widget that grades calls `announceGraded`; anyone interested (the workshop room's
 * client, a test) listens with `onGraded`. A DOM event on `document`, so listeners need no import of the widgets
 * and the widgets none of the listeners. Browser only.
 */
import type { GradedAnswers, GradedKind } from '../course/graded-kinds.ts';
import { progressStore } from './browser.ts';
import type { Assist } from './schema.ts';

/** The event dispatched on `document` after every graded action; `detail` is a GradedAction. */
export const GRADED_EVENT = 'mcp-lab:graded';

/** What one graded action of kind `K` says. */
interface GradedActionOf<K extends GradedKind> {
  kind: K;
  /** The chapter id. */
  chapter: string;
  /** The item within the chapter: a widget id, an exercise id, or `completion` for the completion check. */
  item: string;
  /** Graded parts right (cells, questions, tests), out of `total`, as the widget graded them. */
  correct: number;
  total: number;
  passed: boolean;
  /** Everything a grader needs to grade it again (src/course/graded-kinds.ts `GRADED_ANSWERS`). */
  answers: GradedAnswers[K];
  /** The help recorded for the item at the time (hints, solution, link-loaded, imported). */
  assist?: Assist;
  /** When it was graded (ISO 8601). */
  at: string;
}

/** What was graded, and how it came out: one member per graded kind. */
export type GradedAction = { [K in GradedKind]: GradedActionOf<K> }[GradedKind];

/** A graded action before it is timed. */
export type GradedAnnouncement = { [K in GradedKind]: Omit<GradedActionOf<K>, 'at'> }[GradedKind];

/**
 * Tells listeners about a graded action. A listener that throws cannot break the widget: dispatchEvent reports the
 * error and carries on with the other listeners.
 */
export function announceGraded(action: GradedAnnouncement, at: string = new Date().toISOString()): void {
  // Answers are plain JSON by their schemas, so the copy cannot fail.
  const detail = structuredClone({ ...action, at }) as GradedAction;
  // The last answer of each item is kept, for receipts and for a room joined later.
  progressStore().recordGraded(detail);
  document.dispatchEvent(new CustomEvent<GradedAction>(GRADED_EVENT, { detail }));
}

/** Calls `listener` after every graded action on this page; returns a function that stops listening. */
export function onGraded(listener: (action: GradedAction) => void): () => void {
  const handler = (event: Event) => listener(structuredClone((event as CustomEvent<GradedAction>).detail));
  document.addEventListener(GRADED_EVENT, handler);
  return () => document.removeEventListener(GRADED_EVENT, handler);
}
