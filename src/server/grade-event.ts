/**
 * Grades one room event on the server, with the message model, from what the learner answered: the verdict the
 * browser showed is never trusted or stored. Decision tables are graded on the scenarios the course gives the
 * table (not on a list the browser sends), completion checks against the course's own check, classify predictions
 * with the same single-question check the widget builds. Code-lab results cannot be checked (the server never runs
 * learner code): they are stored as self-reported and labelled so. Never throws.
 */
import { gradeCompletionCheck, gradeDecisionTable, type CellVerdict, type DecisionTableGrade } from '#course';
import { isProtocol } from '#message-model';
import { CLASSIFY_ITEM_ID, type RoomEvent } from '../room/protocol.ts';
import type { CellResult, Outcome, Verdict } from '../room/verdict.ts';
import { resolvedChapterId, type RoomCourse } from './course.ts';

/** A graded event, or why it cannot be accepted. */
export type GradeResult =
  { kind: 'graded'; verdict: Verdict; itemId: string; chapterId: string } | { kind: 'rejected'; reason: string };

const cellResult = (cell: CellVerdict): CellResult => ({
  s: cell.scenarioId,
  c: cell.column,
  ...(cell.given !== undefined ? { v: cell.given } : {}),
  r: cell.verdict,
  ...(cell.misconception ? { m: cell.misconception.id } : {}),
});

/** correct when all right; incorrect when anything is wrong; partial when some are right and the rest blank. */
function outcomeOf(correct: number, total: number, anyWrong: boolean): Outcome {
  if (total > 0 && correct === total) return 'correct';
  if (anyWrong) return 'incorrect';
  return correct > 0 ? 'partial' : 'unanswered';
}

function tableVerdict(
  grade: Extract<DecisionTableGrade, { kind: 'graded' }>,
): Pick<Verdict, 'outcome' | 'correct' | 'total' | 'passed' | 'cells'> {
  const anyWrong = grade.cells.some((c) => c.verdict === 'incorrect' || c.verdict === 'not-an-option');
  return {
    outcome: outcomeOf(grade.correct, grade.total, anyWrong),
    correct: grade.correct,
    total: grade.total,
    passed: grade.passed,
    cells: grade.cells.map(cellResult),
  };
}

/**
 * Grades one validated event against the course; `roomChapters` are the chapters the room covers. Chapter ids sent
 * or stored before a chapter was renamed are graded, and filed, under the id it has now (`chapterId` of the result).
 */
export function gradeEvent(sent: RoomEvent, course: RoomCourse, roomChapters: readonly string[]): GradeResult {
  const chapterId = resolvedChapterId(sent.chapterId);
  const result = gradeResolved({ ...sent, chapterId }, course, roomChapters.map(resolvedChapterId));
  return result.kind === 'graded' ? { ...result, chapterId } : result;
}

function gradeResolved(
  event: RoomEvent,
  course: RoomCourse,
  roomChapters: readonly string[],
): { kind: 'graded'; verdict: Verdict; itemId: string } | { kind: 'rejected'; reason: string } {
  if (!course.chapters.some((c) => c.id === event.chapterId)) {
    return { kind: 'rejected', reason: `There is no chapter ${event.chapterId} in this course.` };
  }
  // Visits anywhere are fine (a learner may look ahead); graded work counts only in the room's chapters.
  if (event.kind !== 'visit' && !roomChapters.includes(event.chapterId)) {
    return { kind: 'rejected', reason: `Chapter ${event.chapterId} is not part of this room.` };
  }
  switch (event.kind) {
    case 'visit':
      return { kind: 'graded', itemId: 'page', verdict: { kind: event.kind, action: 'visit', outcome: 'info' } };

    case 'decision-table': {
      const scenarios = course.tables.get(event.chapterId)?.get(event.itemId);
      if (!scenarios) {
        return { kind: 'rejected', reason: `Chapter ${event.chapterId} has no decision table ${event.itemId}.` };
      }
      const base = { kind: event.kind, action: event.action, hintLevel: event.hintLevel };
      if (event.action === 'hint' || event.action === 'solution') {
        return { kind: 'graded', itemId: event.itemId, verdict: { ...base, outcome: 'info' } };
      }
      const grade = gradeDecisionTable(event.answers, scenarios);
      if (grade.kind !== 'graded') return { kind: 'rejected', reason: grade.message };
      const verdict: Verdict = { ...base, ...tableVerdict(grade) };
      if (event.action === 'load-link') {
        // Someone else's answers: kept for the record, never the learner's mark.
        return {
          kind: 'graded',
          itemId: event.itemId,
          verdict: { ...verdict, outcome: 'info', passed: false, fromLink: true },
        };
      }
      return { kind: 'graded', itemId: event.itemId, verdict };
    }

    case 'completion-check': {
      const check = course.data.checks[event.chapterId];
      if (!check) return { kind: 'rejected', reason: `Chapter ${event.chapterId} has no completion check.` };
      const grade = gradeCompletionCheck(check, event.answers, course.data.fixtureTexts);
      if (grade.kind !== 'graded') return { kind: 'rejected', reason: grade.message };
      const anyWrong = grade.questions.some((q) => q.verdict === 'incorrect' || q.verdict === 'invalid');
      const cells = grade.questions.flatMap((q) => (q.cells ?? []).map(cellResult));
      return {
        kind: 'graded',
        itemId: 'completion',
        verdict: {
          kind: event.kind,
          action: event.action,
          outcome: outcomeOf(grade.correct, grade.total, anyWrong),
          correct: grade.correct,
          total: grade.total,
          passed: grade.passed,
          questions: grade.questions.map((q) => ({ id: q.id, r: q.verdict })),
          ...(cells.length ? { cells } : {}),
        },
      };
    }

    case 'classify': {
      if (!isProtocol(event.protocol)) return { kind: 'rejected', reason: `Unknown protocol ${event.protocol}.` };
      if (!course.classifyFixtures.get(event.chapterId)?.has(event.fixtureId)) {
        return {
          kind: 'rejected',
          reason: `Chapter ${event.chapterId} has no exercise classifying ${event.fixtureId}.`,
        };
      }
      // The widget's id is classify-<fixture>-<the fixture's protocol> (the learner may then switch protocols):
      // an event cannot file its answer under another item.
      if (CLASSIFY_ITEM_ID.exec(event.itemId)?.[1] !== event.fixtureId) {
        return { kind: 'rejected', reason: `${event.itemId} is not the exercise classifying ${event.fixtureId}.` };
      }
      const fixture = course.fixtureText(event.fixtureId);
      if (fixture === undefined) return { kind: 'rejected', reason: `There is no fixture ${event.fixtureId}.` };
      const { kind, send, code } = event.prediction;
      const edited = event.text !== undefined && event.text !== fixture;
      const base = { kind: event.kind, action: event.action, edited };
      // Only a prediction on the message as the course shows it is graded: one on an edited message is the learner
      // exploring (and would let anyone score by editing the message to match their answer). It is kept for the
      // record, never counted right or wrong.
      if (edited) {
        return { kind: 'graded', itemId: event.itemId, verdict: { ...base, outcome: 'info', exploration: true } };
      }
      if (!kind && !send) {
        return {
          kind: 'graded',
          itemId: event.itemId,
          verdict: { ...base, outcome: 'unanswered', correct: 0, total: 1 },
        };
      }
      const reply = send ? { send, ...(send === 'error' && code !== undefined ? { code } : {}) } : undefined;
      const grade = gradeCompletionCheck(
        {
          chapter: event.chapterId,
          questions: [
            {
              id: 'predict',
              type: 'classify',
              fixture: event.fixtureId,
              protocol: event.protocol,
              ask: [...(kind ? ['kind'] : []), ...(send ? ['reply'] : [])],
              prompt: 'Predict the classification.',
            },
          ],
        },
        { predict: { ...(kind ? { kind } : {}), ...(reply ? { reply } : {}) } },
        { [event.fixtureId]: fixture },
      );
      if (grade.kind !== 'graded') return { kind: 'rejected', reason: grade.message };
      const verdict = grade.questions[0]?.verdict ?? 'invalid';
      return {
        kind: 'graded',
        itemId: event.itemId,
        verdict: {
          ...base,
          outcome: verdict === 'correct' ? 'correct' : 'incorrect',
          correct: verdict === 'correct' ? 1 : 0,
          total: 1,
          passed: verdict === 'correct',
        },
      };
    }

    case 'code-lab': {
      const chapter = course.chapters.find((c) => c.id === event.chapterId);
      if (!chapter?.items.some((i) => i.type === 'code-lab' && i.id === event.itemId)) {
        return { kind: 'rejected', reason: `Chapter ${event.chapterId} has no code lab ${event.itemId}.` };
      }
      return {
        kind: 'graded',
        itemId: event.itemId,
        verdict: {
          kind: event.kind,
          action: event.action,
          outcome: event.action === 'run' ? 'self-reported' : 'info',
          selfReported: true,
          passed: event.passed,
          ...(event.codeHash ? { codeHash: event.codeHash } : {}),
          ...(event.tests ? { tests: event.tests } : {}),
        },
      };
    }

    case 'self-mark':
      return {
        kind: 'graded',
        itemId: 'self-mark',
        verdict: { kind: event.kind, action: event.action, outcome: 'info', canExplain: event.canExplain },
      };
  }
}
