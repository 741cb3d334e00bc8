/**
 * The decision table: for a failure, which layer detects it, what the user should see, and whether (and how) a
 * retry is safe. The scenarios, their canonical answers, reasons, hints and misconceptions are content
 * (content/scenarios/); this module looks them up and grades a learner's table against them.
 *
 * Where the spec is silent (it gives no retry semantics for tool annotations), a scenario's `courseAdvice` says
 * which part of its answer is the course's own advice.
 */
import {
  COLUMN_LABELS,
  DECISION_LABELS,
  DEFAULT_TABLE,
  MISCONCEPTION_LIST,
  SCENARIO_LIST,
  type LoadedScenario,
} from './data.ts';
import { DECISION_COLUMNS, columnOptions, type DecisionColumn } from './vocabulary.ts';
import { isRecord } from '../lib/record.ts';

export { COLUMN_LABELS, DECISION_LABELS };

/** A belief that produces wrong answers; feedback names it so the learner can unlearn it. */
export interface Misconception {
  id: string;
  /** A short name for the belief, the link text in feedback. */
  name: string;
  /** The wrong belief, as a learner would say it. */
  belief: string;
  /** Why it is wrong (the long explanation). */
  correction: string;
  /** The passage of the course that explains it. */
  explainedIn: { chapter: string; anchor: string };
}

/** A misconception id (an id from content/scenarios/misconceptions.json). */
export type MisconceptionId = string;

/** Named misconceptions the grader can attach to a wrong cell, by id. */
export const MISCONCEPTIONS: Readonly<Record<MisconceptionId, Misconception>> = Object.fromEntries(
  MISCONCEPTION_LIST.map((m) => [m.id, m]),
);

/** The site path of the passage that explains a misconception: the chapter page and the heading's anchor. */
export function misconceptionHref(m: Misconception): string {
  return `/chapters/${m.explainedIn.chapter}/#${m.explainedIn.anchor}`;
}

/** One failure scenario with its canonical answers (content/scenarios/<topic>.json). */
export type DecisionScenario = LoadedScenario;

/** The four scenarios every learner meets in chapter 5, in order (content/scenarios/tables.json). */
export const DEFAULT_SCENARIO_IDS: readonly string[] = DEFAULT_TABLE;

/** The bank of failure scenarios a chapter can draw rows from. */
export const DECISION_SCENARIOS: readonly DecisionScenario[] = SCENARIO_LIST;

const SCENARIOS_BY_ID = new Map(DECISION_SCENARIOS.map((s) => [s.id, s]));

/** Looks a scenario up by id. */
export function getScenario(id: string): DecisionScenario | undefined {
  return SCENARIOS_BY_ID.get(id);
}

/** The feedback the bank holds for one wrong answer in one cell: why it is wrong, and the misconception, if any. */
function wrongFeedback(scenario: DecisionScenario, column: DecisionColumn, value: string) {
  return scenario.feedback[column].wrong.find((g) => (g.answers as readonly string[]).includes(value));
}

/** The misconception a wrong answer reveals in one cell of a scenario, if the bank names one. */
export function misconceptionFor(scenarioId: string, column: DecisionColumn, value: string): Misconception | undefined {
  const scenario = SCENARIOS_BY_ID.get(scenarioId);
  if (!scenario || value === scenario.answer[column]) return undefined;
  const id = wrongFeedback(scenario, column, value)?.misconception;
  return id === undefined ? undefined : MISCONCEPTIONS[id];
}

/** A learner's answers: scenario id → column → chosen value (a missing cell is unanswered). */
export type DecisionAnswers = Record<string, Partial<Record<DecisionColumn, string>>>;

/** The misconception a wrong answer reveals, with the link to the passage that explains it. */
export interface MisconceptionRef extends Misconception {
  /** The site path of that passage: /chapters/<chapter>/#<anchor>. */
  href: string;
}

/**
 * The verdict on one cell, shaped for short display: the widget prints a verdict word for `verdict`, then
 * `feedback` (one sentence), then the misconception's `name` linked to `href`; `explanation` is the long text,
 * shown on request.
 */
export interface CellVerdict {
  scenarioId: string;
  column: DecisionColumn;
  /** What the learner chose, if anything. */
  given?: string;
  verdict: 'correct' | 'incorrect' | 'unanswered' | 'not-an-option';
  /**
   * One sentence about this cell and the answer given: why it is right, or why it is wrong (never naming the right
   * answer). No verdict word ("Right.", "Not quite.") at the start: the widget shows the verdict itself.
   */
  feedback: string;
  /** The misconception the wrong answer given reveals, where the bank names one. */
  misconception?: MisconceptionRef;
  /** The long explanation, for a "Why?" disclosure: the reasoning of a right answer, the correction of a misconception. */
  explanation?: string;
}

/** The grade of a whole table. */
export type DecisionTableGrade =
  | { kind: 'graded'; cells: CellVerdict[]; correct: number; total: number; passed: boolean }
  | { kind: 'invalid-input'; message: string };

/**
 * Grades a decision table. `answers` may be anything (a receipt, a URL fragment, a form): it is checked, not
 * trusted. `scenarioIds` picks the rows (default: the course's four). Never throws.
 */
export function gradeDecisionTable(
  answers: unknown,
  scenarioIds: readonly string[] = DEFAULT_SCENARIO_IDS,
): DecisionTableGrade {
  if (answers !== undefined && answers !== null && !isRecord(answers)) {
    return {
      kind: 'invalid-input',
      message: 'The answers must be an object of scenario ids, each with layer, userSees and retry.',
    };
  }
  const unknown = scenarioIds.filter((id) => !SCENARIOS_BY_ID.has(id));
  if (unknown.length > 0)
    return {
      kind: 'invalid-input',
      message: `Unknown scenario${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`,
    };
  const given = (answers ?? {}) as Record<string, unknown>;
  const cells: CellVerdict[] = [];
  for (const scenarioId of scenarioIds) {
    const scenario = SCENARIOS_BY_ID.get(scenarioId)!;
    const row =
      Object.prototype.hasOwnProperty.call(given, scenarioId) && isRecord(given[scenarioId])
        ? (given[scenarioId] as Record<string, unknown>)
        : {};
    for (const column of DECISION_COLUMNS) {
      cells.push(
        gradeCell(scenario, column, Object.prototype.hasOwnProperty.call(row, column) ? row[column] : undefined),
      );
    }
  }
  const correct = cells.filter((c) => c.verdict === 'correct').length;
  return { kind: 'graded', cells, correct, total: cells.length, passed: correct === cells.length };
}

/** A value that is not an option, in words; never throws (String() does on objects without toString). */
function describeGiven(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}

function gradeCell(scenario: DecisionScenario, column: DecisionColumn, value: unknown): CellVerdict {
  const base = { scenarioId: scenario.id, column };
  if (value === undefined || value === null || value === '') {
    return { ...base, verdict: 'unanswered', feedback: `Choose an answer for "${COLUMN_LABELS[column]}".` };
  }
  if (typeof value !== 'string' || !columnOptions(column).includes(value)) {
    return {
      ...base,
      given: describeGiven(value),
      verdict: 'not-an-option',
      feedback: `That is not one of the options for "${COLUMN_LABELS[column]}".`,
    };
  }
  if (value === scenario.answer[column]) {
    return {
      ...base,
      given: value,
      verdict: 'correct',
      feedback: scenario.feedback[column].right,
      explanation: scenario.reasoning[column],
    };
  }
  // The data layer guarantees feedback for every wrong value of every column (content/scenarios/*.json).
  const wrong = wrongFeedback(scenario, column, value);
  const m = wrong?.misconception === undefined ? undefined : MISCONCEPTIONS[wrong.misconception];
  return {
    ...base,
    given: value,
    verdict: 'incorrect',
    feedback: wrong?.why ?? `That is not the answer for "${COLUMN_LABELS[column]}" in this row.`,
    ...(m ? { misconception: { ...m, href: misconceptionHref(m) }, explanation: m.correction } : {}),
  };
}

/** The hint for a scenario at a level (1 to 3); level 3 all but gives the answer. */
export function hintFor(scenarioId: string, level: 1 | 2 | 3): string | undefined {
  return SCENARIOS_BY_ID.get(scenarioId)?.hints[level - 1];
}
