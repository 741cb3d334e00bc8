/**
 * How a chapter is marked, the one rule shared by the receipt grader (src/receipts/grade.ts, and so the roster page
 * and `mcp-lab grade`), the workshop room's dashboard (src/room/dashboard-model.ts) and its CSV: the status words and
 * when a chapter counts as passed. Server-graded work and the learner's own word are kept apart: a chapter with a
 * completion check is passed only by the check, graded by the model; a chapter without one is passed on the
 * learner's self-mark, and says so (`selfReported`). Code-lab runs are never graded work (the learner's browser ran
 * the tests). Pure; no model import, so pages can draw statuses without loading the model.
 */

/** Where a chapter stands for one learner. */
export const CHAPTER_STATUSES = ['passed', 'failing', 'started', 'not-started'] as const;
export type ChapterStatus = (typeof CHAPTER_STATUSES)[number];

/** Text labels for the statuses, so a grid never relies on colour alone. */
export const STATUS_LABELS: Readonly<Record<ChapterStatus, string>> = {
  passed: 'Passed',
  failing: 'Not passed',
  started: 'Started',
  'not-started': 'Not started',
};

/** What the rule needs to know about one learner's chapter. */
export interface ChapterMarks {
  /** Whether the chapter has a completion check. */
  hasCheck: boolean;
  /** The completion check as graded (re-graded from a receipt, or by the server), when the learner submitted it. */
  check?: { passed: boolean };
  /** Whether the learner ticked "I can explain this". */
  selfMarked: boolean;
  /** Whether the learner did anything in the chapter at all (answers, runs, hints). */
  started: boolean;
}

/** A chapter's status, and whether it rests on the learner's own word. */
export interface ChapterMark {
  status: ChapterStatus;
  /** True when the status is `passed` on a self-mark alone (a chapter without a completion check). */
  selfReported: boolean;
  /** The status in words, with "(self-marked)" when it rests on the learner's word. */
  label: string;
}

/**
 * The one rule for "chapter passed": with a completion check, passed when the graded check passed and failing when
 * it was submitted and did not; without one, passed on the learner's self-mark (self-reported); otherwise started
 * or not started.
 */
export function markChapter(marks: ChapterMarks): ChapterMark {
  let status: ChapterStatus;
  let selfReported = false;
  if (marks.check) status = marks.check.passed ? 'passed' : 'failing';
  else if (!marks.hasCheck && marks.selfMarked) {
    status = 'passed';
    selfReported = true;
  } else status = marks.started || marks.selfMarked ? 'started' : 'not-started';
  return { status, selfReported, label: STATUS_LABELS[status] + (selfReported ? ' (self-marked)' : '') };
}
