/**
 * The grader of each graded kind (graded-kinds.ts): the one place the workshop server (src/server/grade-event.ts)
 * and the receipt grader (src/receipts/grade.ts) turn a kind's answers into a grade. Each calls the course's own
 * grader (gradeDecisionTable, gradeCompletionCheck, gradeExchangePrediction, which ask the model); nothing here
 * decides a rule. Typed `{ [K in GradedKind]: … }`, so a kind without a grader does not compile. Never throws.
 */
import { classifyHttpExchange, isProtocol, type HttpExchange } from '#message-model';
import { gradeCompletionCheck, rememberClassifications, type FixtureClassifier } from './completion-check.ts';
import { gradeDecisionTable, type CellVerdict } from './decision-table.ts';
import { gradeExchangePrediction } from './exchanges.ts';
import { httpExchangeWidgetId } from './graded-ids.ts';
import type { GradedAnswers, GradedKind } from './graded-kinds.ts';
import { everyMustPassed, ProbeHandInSchema } from '../probe/report.ts';

/** What the graders need to know about the course (the course file's lookups). */
export interface GradingCourse {
  /** The scenario ids a chapter's decision table grades (never the learner's list). */
  tableScenarios(chapterId: string, tableId: string): readonly string[] | undefined;
  /** A chapter's completion check, unvalidated (its grader checks it). */
  check(chapterId: string): unknown;
  /** Fixture id → raw text: every fixture a check or a <ClassifyFixture> classifies. */
  fixtureTexts: Readonly<Record<string, string>>;
  /** Whether a chapter's <ClassifyFixture> exercises classify this fixture. */
  classifies(chapterId: string, fixtureId: string): boolean;
  /** An exchange a chapter's <HttpExchange> shows, with the protocol it is judged under. */
  exchange(chapterId: string, exchangeId: string): { protocol: string; exchange: unknown } | undefined;
  /** Whether a chapter has this code lab. */
  hasCodeLab(chapterId: string, exercise: string): boolean;
  /** Whether a chapter's checklist has this item of a later graded kind (the course file's `items`). */
  hasItem(chapterId: string, kind: GradedKind, itemId: string): boolean;
}

/** The course data the graders read, as plain JSON (the course file has it; a Web Worker can be sent it). */
export interface GradingData {
  chapters: readonly {
    id: string;
    tables: readonly { id: string; scenarios: readonly string[] }[];
    classify: readonly { fixture: string }[];
    exchanges: readonly string[];
    codeLabs: readonly string[];
    /** The checklist items (src/progress/items.ts): where the items of later graded kinds are found. */
    items?: readonly { type: string; kind?: string; id?: string }[];
  }[];
  checks: Readonly<Record<string, unknown>>;
  fixtureTexts: Readonly<Record<string, string>>;
  /** Exchange id → the exchange and the protocol it is judged under (content/exchanges). */
  exchangeFixtures?: Readonly<Record<string, { protocol: string; exchange: unknown }>>;
}

/** The graders' lookups over the course data. */
export function gradingCourse(data: GradingData): GradingCourse {
  const chapters = new Map(data.chapters.map((c) => [c.id, c]));
  return {
    tableScenarios: (chapterId, tableId) => chapters.get(chapterId)?.tables.find((t) => t.id === tableId)?.scenarios,
    check: (chapterId) => (Object.hasOwn(data.checks, chapterId) ? data.checks[chapterId] : undefined),
    fixtureTexts: data.fixtureTexts,
    classifies: (chapterId, fixtureId) =>
      chapters.get(chapterId)?.classify.some((c) => c.fixture === fixtureId) === true,
    exchange: (chapterId, exchangeId) =>
      chapters.get(chapterId)?.exchanges.includes(exchangeId) && data.exchangeFixtures
        ? data.exchangeFixtures[exchangeId]
        : undefined,
    hasCodeLab: (chapterId, exercise) => chapters.get(chapterId)?.codeLabs.includes(exercise) === true,
    hasItem: (chapterId, kind, itemId) =>
      chapters.get(chapterId)?.items?.some((i) => i.type === 'graded' && i.kind === kind && i.id === itemId) === true,
  };
}

/** One graded answer. `selfReported`: only the learner's word (a code lab's run). */
export type KindGrade =
  | {
      kind: 'graded';
      correct: number;
      total: number;
      passed: boolean;
      /** Whether any part is wrong (not only blank). */
      anyWrong: boolean;
      selfReported: boolean;
      /** Decision-table cells (tables, and checks with table questions). */
      cells?: CellVerdict[];
      /** Completion-check questions and their verdicts. */
      questions?: { id: string; verdict: string }[];
      /** HTTP-exchange parts and their verdicts. */
      parts?: { part: string; verdict: string; given?: string }[];
      /** A prediction on a message the learner edited: kept as exploration, never counted. */
      exploration?: boolean;
    }
  | { kind: 'rejected'; reason: string };

/** Where an answer was given: the chapter and the item (widget id, exercise id or `completion`). */
export interface GradedPlace {
  chapterId: string;
  itemId: string;
}

export type Grader<K extends GradedKind> = (
  answers: GradedAnswers[K],
  place: GradedPlace,
  course: GradingCourse,
  classify: FixtureClassifier,
) => KindGrade;

/** The grader of every kind. */
export const GRADERS: { readonly [K in GradedKind]: Grader<K> } = {
  'decision-table': (answers, { chapterId, itemId }, course) => {
    const scenarios = course.tableScenarios(chapterId, itemId);
    if (!scenarios) return { kind: 'rejected', reason: `Chapter ${chapterId} has no decision table ${itemId}.` };
    const grade = gradeDecisionTable(answers, scenarios);
    if (grade.kind !== 'graded') return { kind: 'rejected', reason: grade.message };
    return {
      kind: 'graded',
      correct: grade.correct,
      total: grade.total,
      passed: grade.passed,
      anyWrong: grade.cells.some((c) => c.verdict === 'incorrect' || c.verdict === 'not-an-option'),
      selfReported: false,
      cells: grade.cells,
    };
  },
  'completion-check': (answers, { chapterId }, course, classify) => {
    const check = course.check(chapterId);
    if (check === undefined) return { kind: 'rejected', reason: `Chapter ${chapterId} has no completion check.` };
    const grade = gradeCompletionCheck(check, answers, course.fixtureTexts, classify);
    if (grade.kind !== 'graded') return { kind: 'rejected', reason: grade.message };
    return {
      kind: 'graded',
      correct: grade.correct,
      total: grade.total,
      passed: grade.passed,
      anyWrong: grade.questions.some((q) => q.verdict === 'incorrect' || q.verdict === 'invalid'),
      selfReported: false,
      cells: grade.questions.flatMap((q) => q.cells ?? []),
      questions: grade.questions.map((q) => ({ id: q.id, verdict: q.verdict })),
    };
  },
  'classify-prediction': (answers, { chapterId }, course, classify) => {
    const { fixture: fixtureId, protocol, kind, reply } = answers;
    if (!isProtocol(protocol)) return { kind: 'rejected', reason: `Unknown protocol ${protocol}.` };
    if (!course.classifies(chapterId, fixtureId))
      return { kind: 'rejected', reason: `Chapter ${chapterId} has no exercise classifying ${fixtureId}.` };
    const fixture = course.fixtureTexts[fixtureId];
    if (fixture === undefined) return { kind: 'rejected', reason: `There is no fixture ${fixtureId}.` };
    // Only a prediction on the message as the course shows it is graded: one on an edited message is the learner
    // exploring (and would let anyone score by editing the message to match their answer).
    if (answers.text !== undefined && answers.text !== fixture)
      return {
        kind: 'graded',
        correct: 0,
        total: 0,
        passed: false,
        anyWrong: false,
        selfReported: false,
        exploration: true,
      };
    const send = reply?.send;
    if (!kind && !send)
      return { kind: 'graded', correct: 0, total: 1, passed: false, anyWrong: false, selfReported: false };
    const code = reply?.code;
    const replyAnswer = send ? { send, ...(send === 'error' && code !== undefined ? { code } : {}) } : undefined;
    const grade = gradeCompletionCheck(
      {
        chapter: chapterId,
        questions: [
          {
            id: 'predict',
            type: 'classify',
            fixture: fixtureId,
            protocol,
            ask: [...(kind ? ['kind'] : []), ...(send ? ['reply'] : [])],
            prompt: 'Predict the classification.',
          },
        ],
      },
      { predict: { ...(kind ? { kind } : {}), ...(replyAnswer ? { reply: replyAnswer } : {}) } },
      { [fixtureId]: fixture },
      classify,
    );
    if (grade.kind !== 'graded') return { kind: 'rejected', reason: grade.message };
    const right = grade.questions[0]?.verdict === 'correct';
    return {
      kind: 'graded',
      correct: right ? 1 : 0,
      total: 1,
      passed: right,
      anyWrong: !right,
      selfReported: false,
    };
  },
  'http-exchange-prediction': (answers, { chapterId, itemId }, course) => {
    const fixture = course.exchange(chapterId, answers.exchange);
    if (!fixture) return { kind: 'rejected', reason: `Chapter ${chapterId} has no HTTP exchange ${answers.exchange}.` };
    if (itemId !== httpExchangeWidgetId(answers.exchange))
      return { kind: 'rejected', reason: `${itemId} is not the exercise on ${answers.exchange}.` };
    if (!isProtocol(fixture.protocol)) return { kind: 'rejected', reason: `Unknown protocol ${fixture.protocol}.` };
    const c = classifyHttpExchange(fixture.exchange as HttpExchange, { protocol: fixture.protocol });
    if (c.kind !== 'exchange') return { kind: 'rejected', reason: c.message };
    const { exchange: _exchange, ...prediction } = answers;
    const grade = gradeExchangePrediction(c, prediction);
    const correct = grade.parts.filter((p) => p.verdict === 'correct').length;
    return {
      kind: 'graded',
      correct,
      total: grade.parts.length,
      passed: grade.correct,
      anyWrong: grade.parts.some((p) => p.verdict === 'incorrect'),
      selfReported: false,
      parts: grade.parts.map((p) => ({
        part: p.part,
        verdict: p.verdict,
        ...(p.given !== undefined ? { given: p.given } : {}),
      })),
    };
  },
  'code-lab': (answers, { chapterId, itemId }, course) => {
    if (!course.hasCodeLab(chapterId, itemId))
      return { kind: 'rejected', reason: `Chapter ${chapterId} has no code lab ${itemId}.` };
    // The server and the roster never run learner code: the browser's report is recorded as the learner's word.
    const { passed, total } = answers.tests;
    return {
      kind: 'graded',
      correct: passed,
      total,
      passed: answers.passed,
      anyWrong: !answers.passed,
      selfReported: true,
    };
  },
  'probe-report': (answers, { chapterId, itemId }, course) => {
    if (!course.hasItem(chapterId, 'probe-report', itemId))
      return { kind: 'rejected', reason: `Chapter ${chapterId} has no probe report ${itemId}.` };
    // The probe's own schema re-checks the summary (its vocabulary, caps, and a score that matches the checks).
    const parsed = ProbeHandInSchema.safeParse(answers);
    if (!parsed.success)
      return {
        kind: 'rejected',
        reason: `The probe report is not one the probe writes (${parsed.error.issues[0]?.message}).`,
      };
    // The probe ran on the learner's machine: self-reported. Passed when every MUST check it attempted passed.
    const { must } = parsed.data.score;
    const passed = everyMustPassed(parsed.data.score);
    return { kind: 'graded', correct: must.passed, total: must.of, passed, anyWrong: !passed, selfReported: true };
  },
};

/** Graders of kinds registered at run time (graded-kinds.ts `registerGradedKind`). */
const registeredGraders = new Map<string, Grader<GradedKind>>();

/** Registers the grader of a kind registered at run time. */
export function registerGrader(kind: string, grader: Grader<GradedKind>): void {
  registeredGraders.set(kind, grader);
}

/** Grades one kind's answers (already read with readGradedAnswers). */
export function gradeAnswers<K extends GradedKind>(
  kind: K,
  answers: GradedAnswers[K],
  place: GradedPlace,
  course: GradingCourse,
  classify: FixtureClassifier = rememberClassifications(),
): KindGrade {
  const grader = (GRADERS as Partial<Record<GradedKind, Grader<K>>>)[kind] ?? registeredGraders.get(kind);
  if (!grader) return { kind: 'rejected', reason: `There is no grader for ${kind} answers.` };
  return grader(answers, place, course, classify);
}
