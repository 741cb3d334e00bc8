/**
 * Builds a receipt draft (receipt format version 4) from the progress store's document (src/progress/, format version
 * 3): per chapter the self-mark, the completion check's answers and grade, each decision table's cells (graded by the
 * model as the widget grades them) and where they came from (someone's link, an imported file), each prediction's
 * last graded answer (classify and HTTP exchange), each later graded kind's last graded answer (`graded`), each code lab's result (self-reported), hints and solutions opened in every widget (the store's `assist`), and timestamps. Pure;
 * the receipt panel calls it with the store's copy.
 * What the store holds but cannot be put in a receipt (an answer in an unknown shape, a bad timestamp) is left out
 * and listed, never guessed at.
 */
import { CheckAnswersSchema, gradeDecisionTable } from '#course';
import { gradedKinds, perKind, type GradedKind, type GradedRecord } from '../course/graded-kinds.ts';
import type { Assist, ChapterProgress, Progress } from '../progress/schema.ts';
import type { ReceiptDraft } from './create.ts';
import { MAX_RECEIPT_COUNT, RECEIPT_ITEM_ID, type ChapterReceipt } from './schema.ts';
import { isRecord } from '../lib/record.ts';

/** Chapter id → decision-table widget id → its rows (from the chapters' MDX at build time). */
export type TableRows = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
/** A count as a receipt holds it (0 to MAX_RECEIPT_COUNT). */
const count = (n: number) => Math.max(0, Math.min(MAX_RECEIPT_COUNT, Math.trunc(n)));

/** The draft, plus what was left out and why. */
export interface DraftFromProgress {
  draft: ReceiptDraft;
  leftOut: string[];
}

/** What a builder of one kind's slot is given. */
interface BuildContext {
  chapterId: string;
  /** The chapter's decision tables and their rows. */
  tables: Readonly<Record<string, readonly string[]>>;
  /** A timestamp as a receipt holds it, or undefined. */
  time: (value: string | undefined) => string | undefined;
  now: string;
  /** Timestamps of the chapter's activity (the latest is the chapter's `updatedAt`). */
  times: string[];
  leftOut: string[];
}

/** The last graded answers of one kind in a chapter, by item id. */
function gradedOf<K extends GradedRecord['kind']>(
  record: ChapterProgress,
  kind: K,
): [string, Extract<GradedRecord, { kind: K }>][] {
  return Object.entries(record.graded ?? {}).filter(
    (e): e is [string, Extract<GradedRecord, { kind: K }>] => e[1].kind === kind,
  );
}

/** A prediction's slot entry: the announced answers, the grade the browser showed and when. */
function predictionEntry<R extends GradedRecord>(
  graded: R,
  ctx: BuildContext,
): { answers: R['answers']; grade: { correct: number; total: number; passed: boolean }; at: string } {
  const at = ctx.time(graded.at) ?? ctx.now;
  ctx.times.push(at);
  return {
    answers: graded.answers,
    grade: { correct: count(graded.correct), total: count(graded.total), passed: graded.passed },
    at,
  };
}

type SlotBuilder = (record: ChapterProgress, out: ChapterReceipt, ctx: BuildContext) => void;

/** The generic slot of a kind (`graded.<kind>.<item>`, receipt version 4): its last graded answers as announced. */
const genericSlot =
  (kind: GradedKind): SlotBuilder =>
  (record, out, ctx) => {
    for (const [itemId, graded] of gradedOf(record, kind)) {
      if (!RECEIPT_ITEM_ID.test(itemId)) {
        ctx.leftOut.push(`${ctx.chapterId}: ${kind} "${itemId}" has an id a receipt cannot hold.`);
        continue;
      }
      ((out.graded ??= {})[kind] ??= {})[itemId] = predictionEntry(graded, ctx);
    }
  };

/** The kinds whose receipt slot is one of their own (receipt versions 1 to 3). */
const OWN_SLOTS: { readonly [K in GradedKind]?: SlotBuilder } = {
  'decision-table': (record, out, ctx) => {
    for (const [widgetId, widget] of Object.entries(record.widgets)) {
      if (widget.kind !== 'decision-table') continue;
      const scenarios = ctx.tables[widgetId];
      const state = isRecord(widget.state) ? widget.state : {};
      if (!scenarios) {
        ctx.leftOut.push(`${ctx.chapterId}: decision table "${widgetId}" is no longer in the chapter.`);
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
      const at = ctx.time(widget.at) ?? ctx.now;
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
      ctx.times.push(at);
    }
  },
  'completion-check': (record, out, ctx) => {
    const completion = record.checks.completion;
    if (!completion) return;
    const answers = CheckAnswersSchema.safeParse(completion.answers);
    if (completion.answers === undefined)
      ctx.leftOut.push(
        `${ctx.chapterId}: the check was recorded without its answers (saved by an older version), so it cannot be re-graded.`,
      );
    else if (!answers.success)
      ctx.leftOut.push(`${ctx.chapterId}: the check's saved answers are not in a shape the grader reads.`);
    else {
      out.check = {
        answers: answers.data,
        grade: { correct: completion.correct, total: completion.total, passed: completion.passed },
        submittedAt: ctx.time(completion.at) ?? ctx.now,
      };
      ctx.times.push(out.check.submittedAt);
    }
  },
  'classify-prediction': (record, out, ctx) => {
    for (const [widgetId, graded] of gradedOf(record, 'classify-prediction')) {
      if (!RECEIPT_ITEM_ID.test(widgetId)) continue;
      (out.predictions ??= {})[widgetId] = predictionEntry(graded, ctx);
    }
  },
  'http-exchange-prediction': (record, out, ctx) => {
    for (const [widgetId, graded] of gradedOf(record, 'http-exchange-prediction')) {
      if (!RECEIPT_ITEM_ID.test(widgetId)) continue;
      (out.exchanges ??= {})[widgetId] = predictionEntry(graded, ctx);
    }
  },
  'code-lab': (record, out, ctx) => {
    for (const [exercise, lab] of Object.entries(record.codeLabs)) {
      if (!RECEIPT_ITEM_ID.test(exercise)) {
        ctx.leftOut.push(`${ctx.chapterId}: code lab "${exercise}" has an id a receipt cannot hold.`);
        continue;
      }
      const at = ctx.time(lab.at) ?? ctx.now;
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
      ctx.times.push(at);
    }
  },
};

/**
 * What each graded kind puts in a receipt chapter (src/course/graded-kinds.ts `receiptSlot`): its own slot, or the
 * generic one.
 */
export const RECEIPT_BUILDERS = perKind((kind) => OWN_SLOTS[kind] ?? genericSlot(kind));

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
    const ctx: BuildContext = { chapterId, tables: tables[chapterId] ?? {}, time, now: options.now, times, leftOut };
    // The check first, then tables, predictions and code labs: the order the slots have always been filled in.
    for (const kind of [
      'completion-check' as const,
      ...gradedKinds().filter((k) => k !== 'completion-check' && k !== 'code-lab'),
    ])
      RECEIPT_BUILDERS[kind](record, out, ctx);
    for (const widget of Object.values(record.widgets)) {
      if (widget.kind === 'decision-table') continue;
      if (time(widget.at)) times.push(widget.at);
      // Help on the chapter's other widgets (classify predictions, checks) counts in the chapter's totals.
      if (widget.assist) {
        out.hints += count(widget.assist.hints);
        out.solutions += widget.assist.solutionShown ? 1 : 0;
      }
    }
    RECEIPT_BUILDERS['code-lab'](record, out, ctx);
    out.hints = count(out.hints);
    out.solutions = count(out.solutions);
    const last = times.sort().at(-1);
    if (last) out.updatedAt = last;
    const empty =
      !out.selfMark &&
      !out.check &&
      !out.tables &&
      !out.codeLabs &&
      !out.predictions &&
      !out.exchanges &&
      !out.graded &&
      times.length === 0;
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
