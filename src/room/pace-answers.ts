/**
 * "Reveal the class's answers": for one item, how the class answered, with no names. For a decision table, per
 * scenario and column, how many learners chose each value, the course's answer marked (from the answer key in
 * content/scenarios/, never from the learners' verdicts); for a completion check, per question, how many got it
 * right; for a classify prediction, how many predicted right. Each learner counts once per item, with their latest
 * answer of their own (answers loaded from someone else's link, and predictions on an edited message, never count).
 * Pure; the dashboard folds live events into it as they arrive.
 */
import { COLUMN_LABELS, DECISION_COLUMNS, DECISION_LABELS, getScenario, type DecisionColumn } from '#course';
import { shownValue } from './cell-result.ts';
import type { DashboardEvent } from './live.ts';
import type { PaceItem } from './pace.ts';
import { readCell } from './cell-result.ts';
import type { Verdict } from './verdict.ts';

/** One decision-table cell of a verdict, in words the room's code reads (the verdict's own field names stay here). */
export interface VerdictCell {
  scenarioId: string;
  column: string;
  chosen?: string;
  result: 'correct' | 'incorrect' | 'unanswered' | 'not-an-option';
  misconception?: string;
}

/** The one place the room reads a verdict's compact cell fields. */
export function cellsOf(verdict: Verdict): VerdictCell[] {
  const cells = verdict.kind === 'decision-table' || verdict.kind === 'completion-check' ? (verdict.cells ?? []) : [];
  return cells.map(readCell).map((cell) => ({
    scenarioId: cell.scenarioId,
    column: cell.column,
    ...(cell.given !== undefined ? { chosen: cell.given } : {}),
    result: cell.result,
    ...(cell.misconceptionId ? { misconception: cell.misconceptionId } : {}),
  }));
}

/** The latest answer of each learner to each item. */
export interface AnswersState {
  byItem: Map<string, Map<string, Verdict>>;
}

const keyOf = (item: PaceItem) => `${item.chapterId}/${item.itemId}`;

/** An empty fold. */
export function createAnswersState(): AnswersState {
  return { byItem: new Map() };
}

/** Folds one event in: a learner's own check or prediction replaces their earlier answer to the item. */
export function applyAnswerEvent(state: AnswersState, event: DashboardEvent): void {
  const v = event.verdict;
  const borrowed =
    (v.kind === 'decision-table' && v.fromLink === true) || (v.kind === 'classify' && v.exploration === true);
  const own = (event.action === 'check' || event.action === 'predict') && !borrowed;
  if (!own) return;
  const key = keyOf(event);
  let learners = state.byItem.get(key);
  if (!learners) state.byItem.set(key, (learners = new Map()));
  learners.set(event.learnerId, v);
}

/** One value chosen in one cell, and by how many. */
export interface ChosenValue {
  value: string;
  label: string;
  count: number;
  /** The course's answer for the cell. */
  correct: boolean;
}

/** How the class answered one decision-table cell. */
export interface CellAnswers {
  scenarioId: string;
  scenarioTitle: string;
  column: DecisionColumn;
  columnLabel: string;
  /** Every value chosen, and the course's answer even when nobody chose it; most chosen first. */
  values: ChosenValue[];
  /** Learners who left the cell blank. */
  blank: number;
}

/** How the class answered one item. */
export interface AnswerDistribution {
  /** Learners (present in the room) whose answer is counted. */
  learners: number;
  /** Of them, how many had the whole item right. */
  right: number;
  /**
   * Decision-table cells (a table, or a completion check's table questions) someone answered, in the order the
   * course asks them; a cell every counted learner left blank is left out.
   */
  cells: CellAnswers[];
  /** Completion-check questions, in order: how many right, wrong, left blank, and self-assessed. */
  questions: { id: string; right: number; wrong: number; blank: number; selfAssessed: number }[];
}

const label = (value: string) => DECISION_LABELS[value as keyof typeof DECISION_LABELS] ?? value;

/** The class's answers to `item`, counting only learners for whom `present` holds (removed learners do not). */
export function answerDistribution(
  state: AnswersState,
  item: PaceItem,
  present: (learnerId: string) => boolean,
): AnswerDistribution {
  const out: AnswerDistribution = { learners: 0, right: 0, cells: [], questions: [] };
  const cells = new Map<string, CellAnswers>();
  const questions = new Map<string, AnswerDistribution['questions'][number]>();
  for (const [learnerId, verdict] of state.byItem.get(keyOf(item)) ?? []) {
    if (!present(learnerId)) continue;
    out.learners += 1;
    if (verdict.outcome === 'correct') out.right += 1;
    for (const cell of cellsOf(verdict)) {
      const scenario = getScenario(cell.scenarioId);
      if (!scenario || !(DECISION_COLUMNS as readonly string[]).includes(cell.column)) continue;
      const column = cell.column as DecisionColumn;
      const key = `${cell.scenarioId}/${column}`;
      let answers = cells.get(key);
      if (!answers) {
        const right = scenario.answer[column];
        answers = {
          scenarioId: cell.scenarioId,
          scenarioTitle: scenario.title,
          column,
          columnLabel: COLUMN_LABELS[column],
          values: [{ value: right, label: label(right), count: 0, correct: true }],
          blank: 0,
        };
        cells.set(key, answers);
      }
      if (cell.chosen === undefined || cell.result === 'unanswered') {
        answers.blank += 1;
        continue;
      }
      const value = shownValue(cell.chosen, cell.result);
      let chosen = answers.values.find((x) => x.value === value);
      if (!chosen) answers.values.push((chosen = { value, label: label(value), count: 0, correct: false }));
      chosen.count += 1;
    }
    for (const q of verdict.kind === 'completion-check' ? verdict.questions : []) {
      let tally = questions.get(q.id);
      if (!tally) questions.set(q.id, (tally = { id: q.id, right: 0, wrong: 0, blank: 0, selfAssessed: 0 }));
      if (q.result === 'correct') tally.right += 1;
      else if (q.result === 'self-assessed') tally.selfAssessed += 1;
      else if (q.result === 'unanswered') tally.blank += 1;
      else tally.wrong += 1;
    }
  }
  out.cells = [...cells.values()]
    .filter((c) => c.blank < out.learners)
    .map((c) => ({
      ...c,
      values: [...c.values].sort((a, b) => b.count - a.count || Number(b.correct) - Number(a.correct)),
    }));
  out.questions = [...questions.values()];
  return out;
}
