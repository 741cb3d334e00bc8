/**
 * The server's verdict on one room event, as stored and as sent to dashboards: one member per event kind of the
 * first graded kinds (their shapes are stored in rooms), and one generic member for every later graded kind. Written by
 * src/server/grade-event.ts; read by the dashboard model. Verdicts stored before the members had readable names
 * (cells as `{s, c, v, r, m}`, questions as `{id, r}`) still read: `readStoredVerdict` renames them. Pure.
 */
import type { GradedKind, RoomEventOf } from '../course/graded-kinds.ts';
import { isRecord } from '../lib/record.ts';

/** One decision-table cell as the server graded it. */
export interface CellResult {
  /** Scenario id. */
  scenario: string;
  /** Column (layer, userSees, retry). */
  column: string;
  /** The value the learner chose, if any. */
  chosen?: string;
  result: 'correct' | 'incorrect' | 'unanswered' | 'not-an-option';
  /** The misconception behind a wrong answer, when the model names one. */
  misconception?: string;
}

/** One completion-check question as the server graded it. */
export interface QuestionResult {
  id: string;
  result: string;
}

/** One part of an HTTP-exchange prediction (status, body, broken) as the server graded it. */
export interface PartResult {
  part: string;
  result: string;
  chosen?: string;
}

/** The verdict in one word. `self-reported` is a code-lab result the server could not check. */
export const OUTCOMES = ['correct', 'incorrect', 'partial', 'unanswered', 'self-reported', 'info'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The event kinds whose verdicts have a member of their own below. */
type OwnVerdictKinds = 'decision-table' | 'completion-check' | 'classify' | 'http-exchange' | 'code-lab';

/** What every graded verdict carries: graded parts right / graded parts (cells, questions, parts). */
interface Figures {
  outcome: Outcome;
  correct?: number;
  total?: number;
  passed?: boolean;
}

/** Everything the server concluded about one event. */
export type Verdict =
  | { kind: 'visit'; action: 'visit'; outcome: 'info' }
  | ({
      kind: 'decision-table';
      action: 'check' | 'hint' | 'solution' | 'load-link';
      hintLevel: number;
      cells?: CellResult[];
      /** Answers loaded from someone else's link: shown, never counted as the learner's work. */
      fromLink?: boolean;
    } & Figures)
  | ({ kind: 'completion-check'; action: 'check'; questions: QuestionResult[]; cells?: CellResult[] } & Figures)
  | ({
      kind: 'classify';
      action: 'predict';
      /** The learner edited the message before predicting. */
      edited: boolean;
      /** A prediction on an edited message, kept as an exploration and never counted (outcome `info`). */
      exploration?: boolean;
    } & Figures)
  | ({ kind: 'http-exchange'; action: 'predict'; parts: PartResult[] } & Figures)
  | ({
      kind: 'code-lab';
      action: 'run' | 'solution';
      /** The learner's own report (the server never runs learner code). */
      selfReported: true;
      passed: boolean;
      tests?: { passed: number; total: number };
      codeHash?: string;
    } & Omit<Figures, 'passed'>)
  | { kind: 'self-mark'; action: 'mark'; outcome: 'info'; canExplain: boolean }
  | GradedVerdict;

/**
 * The verdict on an event of any later graded kind: the kind's grade (src/course/graded-graders.ts), and whether
 * it rests on the learner's word (its contract's `selfReported`; outcome `self-reported` then).
 */
export type GradedVerdict = { kind: Exclude<RoomEventOf<GradedKind>, OwnVerdictKinds> } & GenericVerdictFields;
/** What the generic verdict says beyond its kind. */
export type GenericVerdictFields = { action: 'submit'; selfReported: boolean } & Figures;

/** The verdict as the generic one of a later graded kind, when it is one. */
export const genericVerdict = (v: Verdict): GenericVerdictFields | undefined =>
  (v.action as string) === 'submit' ? (v as unknown as GenericVerdictFields) : undefined;

/** A cell stored in either shape, in the current one. */
function cellOf(cell: Record<string, unknown>): CellResult {
  if ('scenario' in cell) return cell as unknown as CellResult;
  const { s, c, v, r, m } = cell as { s: string; c: string; v?: string; r: CellResult['result']; m?: string };
  return {
    scenario: s,
    column: c,
    ...(v !== undefined ? { chosen: v } : {}),
    result: r,
    ...(m !== undefined ? { misconception: m } : {}),
  };
}

/**
 * A verdict as the database returns it (parsed JSON), in the current shape: verdicts stored by earlier versions
 * name a cell's members `s`, `c`, `v`, `r`, `m` and a question's verdict `r`, and are renamed here.
 */
export function readStoredVerdict(stored: unknown): Verdict {
  if (!isRecord(stored)) return stored as Verdict;
  const out: Record<string, unknown> = { ...stored };
  if (Array.isArray(stored.cells)) out.cells = stored.cells.filter(isRecord).map(cellOf);
  if (Array.isArray(stored.questions))
    out.questions = stored.questions
      .filter(isRecord)
      .map((q) => ('result' in q ? q : { id: q.id, result: q.r }) as unknown as QuestionResult);
  return out as unknown as Verdict;
}
