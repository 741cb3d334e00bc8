/**
 * What a learner typed never reaches the projector. A decision-table answer is one of the column's options; a
 * learner's client may send any text up to 80 characters instead, which the grader marks "not-an-option" and keeps
 * (`given`). The dashboard's answer spread and "reveal the class's answers" are shown in front of the class, so
 * such a value must be counted without its text: typed text can carry a classmate's name or worse.
 */
import { describe, expect, it } from 'vitest';
import { answerDistribution, applyAnswerEvent, createAnswersState } from '../../../src/room/pace-answers.ts';
import { applyEvent, buildDashboardView, createDashboardState } from '../../../src/room/dashboard-model.ts';
import type { DashboardEvent } from '../../../src/room/live.ts';
import type { Verdict } from '../../../src/room/verdict.ts';
import { gradeDecisionTable } from '#course';

const T0 = Date.UTC(2026, 11, 2, 9, 0, 0);
const CH = 'error-semantics-and-retries';
const TYPED = 'Grace Hopper cannot do this';

/** The verdict the server's grader gives a check whose "layer" cell holds TYPED (graded, not written by hand). */
function typedVerdict(): Verdict {
  const grade = gradeDecisionTable({ 'backend-unavailable': { layer: TYPED } }, ['backend-unavailable']);
  if (grade.kind !== 'graded') throw new Error('not graded');
  const cell = grade.cells.find((c) => c.column === 'layer')!;
  expect(cell.verdict).toBe('not-an-option');
  return {
    kind: 'decision-table',
    action: 'check',
    outcome: 'incorrect',
    correct: 0,
    total: 1,
    passed: false,
    hintLevel: 0,
    cells: [{ scenario: 'backend-unavailable', column: 'layer', chosen: cell.given!, result: 'not-an-option' }],
  };
}

const event = (learnerId: string, verdict: Verdict): DashboardEvent => ({
  id: 1,
  learnerId,
  kind: 'decision-table',
  action: 'check',
  chapterId: CH,
  itemId: 'ch05-table',
  at: T0 + 1000,
  verdict,
});

describe('a value that is not an option, in front of the class', () => {
  it('is counted in the revealed answers without the text the learner typed', () => {
    const state = createAnswersState();
    applyAnswerEvent(state, event('ada', typedVerdict()));
    const out = answerDistribution(state, { chapterId: CH, itemId: 'ch05-table' }, () => true);
    expect(out.learners).toBe(1);
    const cell = out.cells.find((c) => c.column === 'layer')!;
    expect(cell.values.reduce((n, v) => n + (v.correct ? 0 : v.count), 0)).toBe(1);
    expect(JSON.stringify(out)).not.toContain('Grace');
  });

  it('is counted in the dashboard answer spread without the text the learner typed', () => {
    const state = createDashboardState({
      room: {
        id: 'r',
        title: 'Room',
        code: 'ACDEFGHJ',
        chapters: [CH],
        startsAt: null,
        createdAt: T0,
        endedAt: null,
        expiresAt: T0 + 1e9,
        locked: false,
        joiningClosed: false,
      },
      chapters: [{ id: CH, title: 'Errors', items: [{ type: 'widget', id: 'ch05-table', label: 'Decision table' }] }],
      learners: [{ id: 'ada', name: 'Ada', joinedAt: T0, lastSeenAt: T0, removedAt: null, chapterId: null }],
      events: [],
      now: T0,
    });
    applyEvent(state, event('ada', typedVerdict()));
    const view = buildDashboardView(state, T0 + 2000);
    const cell = view.cells.find((c) => c.column === 'layer')!;
    expect(cell.learners).toBe(1);
    expect(JSON.stringify(view.cells)).not.toContain('Grace');
  });
});
