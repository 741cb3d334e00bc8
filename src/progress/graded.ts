/**
 * One hook for every graded action on a page: a decision table checked, a prediction graded, a completion check
 * submitted, a code lab run. The widget that grades calls `announceGraded`; anyone interested (the workshop room's
 * client, a test) listens with `onGraded`. A DOM event on `document`, so listeners need no import of the widgets
 * and the widgets none of the listeners. Browser only.
 */
import type { Assist } from './schema.ts';

/** The event dispatched on `document` after every graded action; `detail` is a GradedAction. */
export const GRADED_EVENT = 'mcp-lab:graded';

/** The kinds of graded action. */
export const GRADED_KINDS = [
  'decision-table',
  'classify-fixture',
  'http-exchange',
  'completion-check',
  'code-lab',
] as const;
export type GradedKind = (typeof GRADED_KINDS)[number];

/** What was graded, and how it came out. */
export interface GradedAction {
  kind: GradedKind;
  /** The chapter id (NN-slug). */
  chapter: string;
  /** The item within the chapter: a widget id, an exercise id, or `completion` for the completion check. */
  item: string;
  /** Graded parts right (cells, questions, tests), out of `total`. */
  correct: number;
  total: number;
  passed: boolean;
  /** The answers as the grader received them (JSON), so a listener can re-grade them itself. */
  answers?: unknown;
  /** The help recorded for the item at the time (hints, solution, link-loaded, imported). */
  assist?: Assist;
  /** When it was graded (ISO 8601). */
  at: string;
}

/**
 * Tells listeners about a graded action. A listener that throws cannot break the widget: dispatchEvent reports the
 * error and carries on with the other listeners.
 */
export function announceGraded(action: Omit<GradedAction, 'at'>, at: string = new Date().toISOString()): void {
  let detail: GradedAction;
  try {
    detail = structuredClone({ ...action, at });
  } catch {
    detail = { ...action, answers: undefined, at };
  }
  document.dispatchEvent(new CustomEvent<GradedAction>(GRADED_EVENT, { detail }));
}

/** Calls `listener` after every graded action on this page; returns a function that stops listening. */
export function onGraded(listener: (action: GradedAction) => void): () => void {
  const handler = (event: Event) => listener(structuredClone((event as CustomEvent<GradedAction>).detail));
  document.addEventListener(GRADED_EVENT, handler);
  return () => document.removeEventListener(GRADED_EVENT, handler);
}
