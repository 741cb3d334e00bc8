/**
 * Builds a receipt draft (receipt format version 2) from the progress store's document (src/progress/, format version
 * 3): per chapter the self-mark, the completion check's answers and grade, each decision table's cells (graded by the
 * model as the widget grades them) and where they came from (someone's link, an imported file), each code lab's
 * result (self-reported), hints and solutions opened in every widget (the store's `assist`), and timestamps. Pure;
 * the receipt panel calls it with the store's copy.
 * What the store holds but cannot be put in a receipt (an answer in an unknown shape, a bad timestamp) is left out
 * and listed, never guessed at.
 */
import { CheckAnswersSchema, gradeDecisionTable } from '#course';
import type { Assist, Progress } from '../progress/schema.ts';
import type { ReceiptDraft } from './create.ts';
import { MAX_RECEIPT_COUNT, RECEIPT_ITEM_ID, type ChapterReceipt } from './schema.ts';

/** Chapter id → decision-table widget id → its rows (from the chapters' MDX at build time). */
export type TableRows = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
/** A count as a receipt holds it (0 to MAX_RECEIPT_COUNT). */
const count = (n: number) => Math.max(0, Math.min(MAX_RECEIPT_COUNT, Math.trunc(n)));
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The draft, plus what was left out and why. */
export interface DraftFromProgress {
  draft: ReceiptDraft;
  leftOut: string[];
}

/** Makes the receipt draft for `progress`; `now` is the receipt's creation time. */
export function receiptDraftFromProgress(
  progress: Progress,
  tables: TableRows,
  options: { course: { title: string; version: string }; learner?: string; now: string },
): DraftFromProgress {
  const leftOut: string[] = [];
  const time = (value: string | undefined) => (value && ISO.test(value) ? value : undefined);
  const chapters: Record<string, ChapterReceipt> = {};
  for (const [chapterId, record] of Object.entries(progress.chapters)) {
    const out: ChapterReceipt = { hints: 0, solutions: 0 };
    const times: string[] = [];
    if (record.selfMark?.canExplain) {
      out.selfMark = 'can-explain';
      const at = time(record.selfMark.at);
      if (at) {
        out.selfMarkedAt = at;
        times.push(at);
      }
    }
    const completion = record.checks.completion;
    if (completion) {
      const answers = CheckAnswersSchema.safeParse(completion.answers);
      if (completion.answers === undefined)
        leftOut.push(
          `${chapterId}: the check was recorded without its answers (saved by an older version), so it cannot be re-graded.`,
        );
      else if (!answers.success)
        leftOut.push(`${chapterId}: the check's saved answers are not in a shape the grader reads.`);
      else {
        out.check = {
          answers: answers.data,
          grade: { correct: completion.correct, total: completion.total, passed: completion.passed },
          submittedAt: time(completion.at) ?? options.now,
        };
        times.push(out.check.submittedAt);
      }
    }
    const chapterTables = tables[chapterId] ?? {};
    for (const [widgetId, widget] of Object.entries(record.widgets)) {
      if (widget.kind !== 'decision-table') continue;
      const scenarios = chapterTables[widgetId];
      const state = isRecord(widget.state) ? widget.state : {};
      if (!scenarios) {
        leftOut.push(`${chapterId}: decision table "${widgetId}" is no longer in the chapter.`);
        continue;
      }
      if (!RECEIPT_ITEM_ID.test(widgetId)) continue;
      const cells: Record<string, Record<string, string>> = {};
      if (isRecord(state.answers)) {
        for (const [row, columns] of Object.entries(state.answers)) {
          if (!isRecord(columns)) continue;
          const kept = Object.entries(columns).filter(
            (e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '',
          );
          if (kept.length > 0) cells[row] = Object.fromEntries(kept);
        }
      }
      // The store's `assist` (format 3) says what help the learner had; a format 2 table kept it in its own state.
      const assist: Assist | undefined = widget.assist;
      const hints = assist
        ? count(assist.hints)
        : typeof state.hintLevel === 'number' && Number.isInteger(state.hintLevel)
          ? Math.max(0, Math.min(3, state.hintLevel))
          : 0;
      const solutionShown = assist ? assist.solutionShown : state.solution === true;
      const at = time(widget.at) ?? options.now;
      const grade = state.checked === true ? gradeDecisionTable(cells, scenarios) : undefined;
      out.tables ??= {};
      out.tables[widgetId] = {
        scenarios: [...scenarios],
        cells,
        ...(grade?.kind === 'graded'
          ? { grade: { correct: grade.correct, total: grade.total, passed: grade.passed } }
          : {}),
        hints,
        solutionShown,
        updatedAt: at,
        ...(assist?.linkLoaded ? { fromLink: true as const } : {}),
        ...(assist?.imported ? { imported: true as const } : {}),
      };
      out.hints += hints;
      out.solutions += solutionShown ? 1 : 0;
      times.push(at);
    }
    for (const widget of Object.values(record.widgets)) {
      if (widget.kind === 'decision-table') continue;
      if (time(widget.at)) times.push(widget.at);
      // Help on the chapter's other widgets (classify predictions, checks) counts in the chapter's totals.
      if (widget.assist) {
        out.hints += count(widget.assist.hints);
        out.solutions += widget.assist.solutionShown ? 1 : 0;
      }
    }
    for (const [exercise, lab] of Object.entries(record.codeLabs)) {
      if (!RECEIPT_ITEM_ID.test(exercise)) {
        leftOut.push(`${chapterId}: code lab "${exercise}" has an id a receipt cannot hold.`);
        continue;
      }
      const at = time(lab.at) ?? options.now;
      const hints = count(lab.assist?.hints ?? 0);
      const solutionShown = lab.assist?.solutionShown ?? false;
      out.codeLabs ??= {};
      out.codeLabs[exercise] = {
        passed: lab.passed,
        ...(lab.attempts !== undefined ? { attempts: count(lab.attempts) } : {}),
        hints,
        solutionShown,
        ...(lab.assist?.imported ? { imported: true as const } : {}),
        at,
      };
      out.hints += hints;
      out.solutions += solutionShown ? 1 : 0;
      times.push(at);
    }
    out.hints = count(out.hints);
    out.solutions = count(out.solutions);
    const last = times.sort().at(-1);
    if (last) out.updatedAt = last;
    const empty = !out.selfMark && !out.check && !out.tables && !out.codeLabs && times.length === 0;
    if (!empty) chapters[chapterId] = out;
  }
  return {
    draft: {
      course: options.course,
      ...(options.learner ? { learner: options.learner } : {}),
      createdAt: options.now,
      chapters,
    },
    leftOut,
  };
}
