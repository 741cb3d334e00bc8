/**
 * The server's verdict on one room event, as stored and as sent to dashboards: compact, so hundreds of them a
 * second fit in a live stream. Written by src/server/grade-event.ts; read by the dashboard model. Pure types.
 */

/** One decision-table cell as the server graded it. */
export interface CellResult {
  /** Scenario id. */
  s: string;
  /** Column (layer, userSees, retry). */
  c: string;
  /** The value the learner chose, if any. */
  v?: string;
  r: 'correct' | 'incorrect' | 'unanswered' | 'not-an-option';
  /** The misconception behind a wrong answer, when the model names one. */
  m?: string;
}

/** The verdict in one word. `self-reported` is a code-lab result the server could not check. */
export const OUTCOMES = ['correct', 'incorrect', 'partial', 'unanswered', 'self-reported', 'info'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** Everything the server concluded about one event. */
export interface Verdict {
  kind: string;
  action: string;
  outcome: Outcome;
  /** Graded items right / graded items (cells, questions). */
  correct?: number;
  total?: number;
  passed?: boolean;
  cells?: CellResult[];
  /** Completion-check questions: id and verdict. */
  questions?: { id: string; r: string }[];
  hintLevel?: number;
  /** Answers loaded from someone else's link: shown, never counted as the learner's work. */
  fromLink?: boolean;
  /** Code labs: the learner's own report (the server never runs learner code). */
  selfReported?: boolean;
  tests?: { passed: number; total: number };
  codeHash?: string;
  /** Classify: the learner edited the message before predicting. */
  edited?: boolean;
  /** Classify: a prediction on an edited message, kept as an exploration and never counted (outcome `info`). */
  exploration?: boolean;
  canExplain?: boolean;
}
