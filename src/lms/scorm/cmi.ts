/**
 * What a chapter page tells the LMS, as SCORM data model values: the chapter's completion and score from its
 * checklist (src/progress/items.ts), its success by the course's one rule for "chapter passed" (src/course/marking.ts,
 * the rule receipts and the room use), and each graded action as an interaction. Pure.
 *
 * Sources: SCORM 1.2 Run-Time Environment (ADL, 2001) §3.4 (cmi.core.lesson_status "passed, completed, failed,
 * incomplete, browsed, not attempted"; cmi.core.score.raw/min/max; cmi.interactions.n.* with result "correct,
 * wrong, unanticipated, neutral"); SCORM 2004 4th edition RTE §4.2 (cmi.completion_status, cmi.success_status,
 * cmi.score.scaled in [-1, 1], cmi.progress_measure in [0, 1], interaction result "correct, incorrect, …"). The
 * interaction type of each kind is its contract's `scorm` (src/course/graded-kinds.ts).
 */
import { contractOf } from '../../course/graded-kinds.ts';
import type { GradedAction } from '../../progress/graded.ts';
import { chapterCompletion, chapterMark, type ProgressItem } from '../../progress/items.ts';
import type { ChapterProgress } from '../../progress/schema.ts';
import type { FoundApi } from './find-api.ts';

export type ScormVersion = FoundApi['version'];

/** Where a chapter stands, in the checklist's terms. */
export interface ChapterReport {
  /** Items on the chapter's checklist, and how many are done. */
  done: number;
  total: number;
  /** Every checklist item done; a chapter with nothing to do is complete once opened. */
  complete: boolean;
  /** By the course's one rule (src/course/marking.ts, through items.ts `chapterMark`): passed, failed or unknown. */
  success: 'passed' | 'failed' | 'unknown';
}

/** The chapter's report from its checklist items and the learner's record. */
export function chapterReport(items: readonly ProgressItem[], chapter: ChapterProgress | undefined): ChapterReport {
  const { done, total } = chapterCompletion(items, chapter);
  const { status } = chapterMark(items, chapter);
  return {
    done,
    total,
    complete: done === total,
    success: total === 0 ? 'unknown' : status === 'passed' ? 'passed' : status === 'failing' ? 'failed' : 'unknown',
  };
}

/** Data model elements and values, in the order they are set. */
export type CmiValues = [element: string, value: string][];

/** The score as a percentage of checklist items done (two decimals at most). */
const percent = (r: ChapterReport) => String(Math.round((r.done / r.total) * 10000) / 100);

/** The values that report a chapter's standing. */
export function reportValues(version: ScormVersion, report: ChapterReport): CmiValues {
  if (version === 'scorm12') {
    const status =
      report.total === 0
        ? 'completed'
        : report.success === 'passed'
          ? 'passed'
          : report.success === 'failed'
            ? 'failed'
            : 'incomplete';
    const values: CmiValues = [['cmi.core.lesson_status', status]];
    if (report.total > 0)
      values.push(['cmi.core.score.min', '0'], ['cmi.core.score.max', '100'], ['cmi.core.score.raw', percent(report)]);
    return values;
  }
  const values: CmiValues = [
    ['cmi.completion_status', report.complete ? 'completed' : 'incomplete'],
    ['cmi.success_status', report.success],
  ];
  if (report.total > 0)
    values.push(
      ['cmi.progress_measure', String(Math.round((report.done / report.total) * 10000) / 10000)],
      ['cmi.score.min', '0'],
      ['cmi.score.max', '100'],
      ['cmi.score.raw', percent(report)],
      ['cmi.score.scaled', String(Math.round((report.done / report.total) * 10000) / 10000)],
    );
  return values;
}

/** An interaction id for a graded item: chapter and item, which SCORM 1.2's and 2004's identifier types both take. */
export const interactionId = (action: Pick<GradedAction, 'chapter' | 'item'>) =>
  `${action.chapter}.${action.item}`.replace(/[^A-Za-z0-9._:-]/g, '_');

/** "2026-12-01T10:00:00.123Z" as SCORM 1.2's CMITime (HH:MM:SS, UTC). */
const time12 = (iso: string) => iso.slice(11, 19);
/** As SCORM 2004's time(second,10,0): at most two fractional digits, then the zone. */
const time2004 = (iso: string) => `${iso.slice(0, 22)}Z`;

/** The values recording one graded action as interaction `n` (journaled: every graded action adds one). */
export function interactionValues(version: ScormVersion, n: number, action: GradedAction): CmiValues {
  const id = interactionId(action);
  const response = `${action.correct}/${action.total}`;
  const types = contractOf(action.kind).scorm;
  if (version === 'scorm12')
    return [
      [`cmi.interactions.${n}.id`, id],
      [`cmi.interactions.${n}.type`, types.scorm12],
      [`cmi.interactions.${n}.time`, time12(action.at)],
      [`cmi.interactions.${n}.student_response`, response],
      [`cmi.interactions.${n}.result`, action.passed ? 'correct' : 'wrong'],
    ];
  return [
    [`cmi.interactions.${n}.id`, id],
    [`cmi.interactions.${n}.type`, types.scorm2004],
    [`cmi.interactions.${n}.timestamp`, time2004(action.at)],
    [`cmi.interactions.${n}.learner_response`, response],
    [`cmi.interactions.${n}.result`, action.passed ? 'correct' : 'incorrect'],
    [`cmi.interactions.${n}.description`, `${action.kind} ${action.item}`],
  ];
}

/** The elements named per version. */
export const ELEMENTS = {
  scorm12: {
    suspendData: 'cmi.suspend_data',
    interactionCount: 'cmi.interactions._count',
    exit: 'cmi.core.exit',
    sessionTime: 'cmi.core.session_time',
    status: 'cmi.core.lesson_status',
  },
  scorm2004: {
    suspendData: 'cmi.suspend_data',
    interactionCount: 'cmi.interactions._count',
    exit: 'cmi.exit',
    sessionTime: 'cmi.session_time',
    status: 'cmi.completion_status',
  },
} as const;

/** The most characters cmi.suspend_data holds: CMIString4096 in SCORM 1.2, characterstring (SPM 64000) in 2004. */
export const SUSPEND_LIMIT: Readonly<Record<ScormVersion, number>> = { scorm12: 4096, scorm2004: 64000 };

/** A session's length as SCORM 1.2's CMITimespan (HHHH:MM:SS.SS) or 2004's timeinterval (PT…S). */
export function sessionTime(version: ScormVersion, ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 10) / 100);
  if (version === 'scorm2004') return `PT${seconds}S`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = (seconds % 60).toFixed(2).padStart(5, '0');
  return `${String(Math.min(h, 9999)).padStart(4, '0')}:${String(m).padStart(2, '0')}:${s}`;
}
