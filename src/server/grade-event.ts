/**
 * Grades one room event on the server, from what the learner answered: the verdict the browser showed is never
 * trusted or stored. Each graded kind is graded by its grader in src/course/graded-graders.ts (the same one the
 * receipt grader uses, which asks the model): decision tables on the scenarios the course gives the table (not on
 * a list the browser sends), completion checks against the course's own check, classify and HTTP-exchange
 * predictions against the course's fixtures. Code-lab results cannot be checked (the server never runs learner
 * code): they are stored as self-reported and labelled so. A kind without a verdict shape of its own (src/room/verdict.ts)
 * is graded by the one generic grader, from its contract. Never throws.
 */
import { gradeAnswers, type KindGrade } from '../course/graded-graders.ts';
import { contractOf, kindOfRoomEvent, perKind, type GradedKind } from '../course/graded-kinds.ts';
import type { CellVerdict } from '#course';
import { CLASSIFY_ITEM_ID, type GradedEventOf, type RoomEvent } from '../room/protocol.ts';
import type { CellResult, Outcome, Verdict } from '../room/verdict.ts';
import { resolvedChapterId, type RoomCourse } from './course.ts';

/** A graded event, or why it cannot be accepted. */
export type GradeResult =
  { kind: 'graded'; verdict: Verdict; itemId: string; chapterId: string } | { kind: 'rejected'; reason: string };

type Graded = { kind: 'graded'; verdict: Verdict; itemId: string } | { kind: 'rejected'; reason: string };
type Grade = Extract<KindGrade, { kind: 'graded' }>;

const cellResult = (cell: CellVerdict): CellResult => ({
  scenario: cell.scenarioId,
  column: cell.column,
  ...(cell.given !== undefined ? { chosen: cell.given } : {}),
  result: cell.verdict,
  ...(cell.misconception ? { misconception: cell.misconception.id } : {}),
});

/** correct when all right; incorrect when anything is wrong; partial when some are right and the rest blank. */
function outcomeOf(grade: Grade): Outcome {
  if (grade.total > 0 && grade.correct === grade.total) return 'correct';
  if (grade.anyWrong) return 'incorrect';
  return grade.correct > 0 ? 'partial' : 'unanswered';
}

const figures = (grade: Grade) => ({
  outcome: outcomeOf(grade),
  correct: grade.correct,
  total: grade.total,
  passed: grade.passed,
});

/** Grades a kind's answers, and makes the verdict from the grade. */
function graded<K extends GradedKind>(
  kind: K,
  answers: Parameters<typeof gradeAnswers<K>>[1],
  event: { chapterId: string; itemId: string },
  course: RoomCourse,
  verdict: (grade: Grade) => Verdict,
): Graded {
  const grade = gradeAnswers(kind, answers, event, course.grading, course.classify);
  return grade.kind === 'graded'
    ? { kind: 'graded', itemId: event.itemId, verdict: verdict(grade) }
    : { kind: 'rejected', reason: grade.reason };
}

type ServerGrader<K extends GradedKind> = (event: GradedEventOf<K>, course: RoomCourse) => Graded;

/**
 * The generic grader of a kind's room event (src/room/protocol.ts `gradedEventSchema`): the kind's grader on its
 * answers, and the generic verdict, self-reported when the contract says so.
 */
function genericGrader(kind: GradedKind): ServerGrader<GradedKind> {
  const { selfReported } = contractOf(kind);
  return (sent, course) => {
    // Validated by the kind's event schema (answers included) before it reaches here.
    const event = sent as unknown as { kind: string; chapterId: string; itemId: string; answers: never };
    return graded(kind, event.answers, event, course, (grade) => {
      const figs = figures(grade);
      return {
        kind: event.kind,
        action: 'submit',
        ...figs,
        outcome: selfReported || grade.selfReported ? 'self-reported' : figs.outcome,
        selfReported: selfReported || grade.selfReported,
      } as Verdict;
    });
  };
}

/** The graders of the kinds whose verdicts have a shape of their own (stored in rooms as such). */
const OWN_GRADERS: { readonly [K in GradedKind]?: ServerGrader<K> } = {
  'decision-table': (event, course) => {
    const base = { kind: event.kind, hintLevel: event.hintLevel };
    if (event.action === 'hint' || event.action === 'solution') {
      if (!course.grading.tableScenarios(event.chapterId, event.itemId))
        return { kind: 'rejected', reason: `Chapter ${event.chapterId} has no decision table ${event.itemId}.` };
      return { kind: 'graded', itemId: event.itemId, verdict: { ...base, action: event.action, outcome: 'info' } };
    }
    const action = event.action;
    return graded('decision-table', event.answers, event, course, (grade) =>
      action === 'load-link'
        ? // Someone else's answers: kept for the record, never the learner's mark.
          { ...base, action, ...figures(grade), outcome: 'info', passed: false, fromLink: true, cells: cellsOf(grade) }
        : { ...base, action, ...figures(grade), cells: cellsOf(grade) },
    );
  },
  'completion-check': (event, course) =>
    graded('completion-check', event.answers, { chapterId: event.chapterId, itemId: 'completion' }, course, (grade) => {
      const cells = cellsOf(grade);
      return {
        kind: event.kind,
        action: event.action,
        ...figures(grade),
        questions: (grade.questions ?? []).map((q) => ({ id: q.id, result: q.verdict })),
        ...(cells.length ? { cells } : {}),
      };
    }),
  'classify-prediction': (event, course) => {
    // The widget's id is classify-<fixture>-<the fixture's protocol> (the learner may then switch protocols):
    // an event cannot file its answer under another item.
    if (CLASSIFY_ITEM_ID.exec(event.itemId)?.[1] !== event.fixtureId)
      return { kind: 'rejected', reason: `${event.itemId} is not the exercise classifying ${event.fixtureId}.` };
    const { kind, send, code } = event.prediction;
    const answers = {
      fixture: event.fixtureId,
      protocol: event.protocol,
      ...(kind ? { kind } : {}),
      ...(send ? { reply: { send, ...(code !== undefined ? { code } : {}) } } : {}),
      ...(event.text !== undefined ? { text: event.text } : {}),
    };
    return graded('classify-prediction', answers, event, course, (grade) => {
      const base = { kind: event.kind, action: event.action, edited: grade.exploration === true };
      // Kept for the record, never counted right or wrong.
      if (grade.exploration) return { ...base, outcome: 'info', exploration: true };
      return { ...base, ...figures(grade) };
    });
  },
  'http-exchange-prediction': (event, course) =>
    graded('http-exchange-prediction', event.answers, event, course, (grade) => ({
      kind: event.kind,
      action: event.action,
      ...figures(grade),
      parts: (grade.parts ?? []).map((p) => ({
        part: p.part,
        result: p.verdict,
        ...(p.given !== undefined ? { chosen: p.given } : {}),
      })),
    })),
  'code-lab': (event, course) => {
    const answers = { passed: event.passed, tests: event.tests ?? { passed: 0, total: 0 } };
    return graded('code-lab', answers, event, course, () => ({
      kind: event.kind,
      action: event.action,
      outcome: event.action === 'run' ? 'self-reported' : 'info',
      selfReported: true,
      passed: event.passed,
      ...(event.codeHash ? { codeHash: event.codeHash } : {}),
      ...(event.tests ? { tests: event.tests } : {}),
    }));
  },
};

/** The server's grader of each graded kind's room event. */
export const SERVER_GRADERS = perKind(
  (kind) => (OWN_GRADERS as Partial<Record<GradedKind, ServerGrader<GradedKind>>>)[kind] ?? genericGrader(kind),
);

const cellsOf = (grade: Grade): CellResult[] => (grade.cells ?? []).map(cellResult);

/**
 * Grades one validated event against the course; `roomChapters` are the chapters the room covers. Chapter ids sent
 * or stored before a chapter was renamed are graded, and filed, under the id it has now (`chapterId` of the result).
 */
export function gradeEvent(sent: RoomEvent, course: RoomCourse, roomChapters: readonly string[]): GradeResult {
  const chapterId = resolvedChapterId(sent.chapterId);
  const result = gradeResolved({ ...sent, chapterId }, course, roomChapters.map(resolvedChapterId));
  return result.kind === 'graded' ? { ...result, chapterId } : result;
}

function gradeResolved(event: RoomEvent, course: RoomCourse, roomChapters: readonly string[]): Graded {
  if (!course.chapters.some((c) => c.id === event.chapterId)) {
    return { kind: 'rejected', reason: `There is no chapter ${event.chapterId} in this course.` };
  }
  // Visits anywhere are fine (a learner may look ahead); graded work counts only in the room's chapters.
  if (event.kind !== 'visit' && !roomChapters.includes(event.chapterId)) {
    return { kind: 'rejected', reason: `Chapter ${event.chapterId} is not part of this room.` };
  }
  if (event.kind === 'visit')
    return { kind: 'graded', itemId: 'page', verdict: { kind: event.kind, action: 'visit', outcome: 'info' } };
  if (event.kind === 'self-mark')
    return {
      kind: 'graded',
      itemId: 'self-mark',
      verdict: { kind: event.kind, action: event.action, outcome: 'info', canExplain: event.canExplain },
    };
  const kind = kindOfRoomEvent(event.kind);
  if (!kind) return { kind: 'rejected', reason: `Events of kind ${event.kind} are not graded.` };
  return (SERVER_GRADERS[kind] as (e: RoomEvent, c: RoomCourse) => Graded)(event, course);
}
