import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  buildDashboardView,
  createDashboardState,
  type DashboardSnapshot,
} from '../../../src/room/dashboard-model.ts';
import { marksCsvRows, marksFromRoom } from '../../../src/receipts/roster-model.ts';
import type { DashboardEvent } from '../../../src/room/live.ts';
import type { Verdict } from '../../../src/room/verdict.ts';

const T0 = Date.UTC(2026, 10, 30, 9, 0, 0);
const CH = 'error-semantics-and-retries';

function snapshot(): DashboardSnapshot {
  return {
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
    chapters: [
      {
        id: CH,
        title: 'Errors',
        items: [
          { type: 'widget', id: 'ch05-table', label: 'Decision table' },
          { type: 'check', id: 'completion' },
          { type: 'code-lab', id: '06-retry-safety' },
        ],
      },
    ],
    learners: ['ada', 'grace', 'alan'].map((id) => ({
      id,
      name: id,
      joinedAt: T0,
      lastSeenAt: T0,
      removedAt: null,
      chapterId: null,
    })),
    events: [],
    now: T0,
  };
}

let nextId = 1;
function event(learnerId: string, verdict: Verdict, extra: Partial<DashboardEvent> = {}): DashboardEvent {
  return {
    id: nextId++,
    learnerId,
    kind: verdict.kind,
    action: verdict.action,
    chapterId: CH,
    itemId: 'ch05-table',
    at: T0 + 1000,
    verdict,
    ...extra,
  };
}

const wrongCheck: Verdict = {
  kind: 'decision-table',
  action: 'check',
  hintLevel: 0,
  outcome: 'incorrect',
  correct: 0,
  total: 1,
  passed: false,
  cells: [
    {
      scenario: 'backend-unavailable',
      column: 'layer',
      chosen: 'transport',
      result: 'incorrect',
      misconception: 'backend-failure-is-protocol-failure',
    },
  ],
};
const rightCheck: Extract<Verdict, { kind: 'decision-table' }> = {
  kind: 'decision-table',
  action: 'check',
  hintLevel: 0,
  outcome: 'correct',
  correct: 1,
  total: 1,
  passed: true,
  cells: [{ scenario: 'backend-unavailable', column: 'layer', chosen: 'tool-backend', result: 'correct' }],
};

describe('the dashboard model', () => {
  it('calls a learner stuck after three wrong checks in a row on one item, and not after a right one', () => {
    const state = createDashboardState(snapshot());
    for (let i = 0; i < 3; i++) applyEvent(state, event('ada', wrongCheck));
    let view = buildDashboardView(state, T0 + 2000);
    expect(view.learners.find((l) => l.id === 'ada')?.stuck).toBe(
      '3 wrong attempts in a row on the decision table in “Errors”',
    );
    expect(view.stuck).toBe(1);
    applyEvent(state, event('ada', rightCheck));
    view = buildDashboardView(state, T0 + 2000);
    expect(view.learners.find((l) => l.id === 'ada')?.stuck).toBeUndefined();
  });

  it('calls a learner idle after five minutes without an event, until they finish', () => {
    const state = createDashboardState(snapshot());
    const view = buildDashboardView(state, T0 + 6 * 60_000);
    expect(view.learners.find((l) => l.id === 'grace')?.stuck).toBe('idle for 6 minutes');
    expect(buildDashboardView(state, T0 + 4 * 60_000).learners.find((l) => l.id === 'grace')?.stuck).toBeUndefined();
  });

  it('ignores an event it has seen (the same id from the snapshot and the live stream)', () => {
    const state = createDashboardState(snapshot());
    const e = event('ada', wrongCheck);
    expect(applyEvent(state, e)).toBe(true);
    expect(applyEvent(state, e)).toBe(false);
    expect(buildDashboardView(state, T0).learners.find((l) => l.id === 'ada')?.wrongAttempts).toBe(1);
  });

  it('counts completion per chapter over the server-graded items, code labs on the learner’s word kept apart', () => {
    const state = createDashboardState(snapshot());
    applyEvent(state, event('ada', rightCheck));
    applyEvent(
      state,
      event(
        'ada',
        { kind: 'code-lab', action: 'run', outcome: 'self-reported', selfReported: true, passed: true },
        { kind: 'code-lab', itemId: '06-retry-safety' },
      ),
    );
    const view = buildDashboardView(state, T0);
    const ada = view.learners.find((l) => l.id === 'ada')!;
    // The chapter has a decision table and a completion check (graded by the server) and a code lab (the learner's
    // word): the lab's pass is counted apart and never in the graded totals.
    expect([ada.done, ada.total, ada.codeLabsPassed]).toEqual([1, 2, 1]);
    expect(ada.selfReported).toEqual({ done: 1, total: 1 });
    expect(ada.chapters[0]).toMatchObject({ done: 1, total: 2, selfReportedDone: 1, selfReportedTotal: 1 });
    // Ada 1/2, Grace and Alan 0/2: average 17%.
    expect(view.chapters[0]).toMatchObject({ percent: 17, finished: 0 });
  });

  it('spreads the answers given to each cell and names the misconception behind wrong ones, once per learner', () => {
    const state = createDashboardState(snapshot());
    applyEvent(state, event('ada', wrongCheck));
    applyEvent(state, event('ada', wrongCheck));
    applyEvent(state, event('grace', wrongCheck));
    applyEvent(state, event('alan', rightCheck));
    const view = buildDashboardView(state, T0);
    const cell = view.cells.find((c) => c.scenarioId === 'backend-unavailable' && c.column === 'layer')!;
    expect(cell.learners).toBe(3);
    expect(cell.correct).toBe(1);
    expect(cell.answers.map((a) => [a.value, a.count, a.correct])).toEqual([
      ['transport', 2, false],
      ['tool-backend', 1, true],
    ]);
    expect(view.misconceptions.map((m) => [m.id, m.learners])).toEqual([['backend-failure-is-protocol-failure', 2]]);
  });

  it('never counts answers loaded from someone else’s link', () => {
    const state = createDashboardState(snapshot());
    applyEvent(
      state,
      event('ada', { ...rightCheck, action: 'load-link', outcome: 'info', fromLink: true, passed: false }),
    );
    const view = buildDashboardView(state, T0);
    expect(view.cells).toEqual([]);
    expect(view.learners.find((l) => l.id === 'ada')?.done).toBe(0);
  });

  it('leaves removed learners out of the class figures but keeps them in the list', () => {
    const snap = snapshot();
    snap.learners[0] = { ...snap.learners[0]!, removedAt: T0 };
    const state = createDashboardState(snap);
    applyEvent(state, event('ada', wrongCheck));
    const view = buildDashboardView(state, T0);
    expect(view.active).toBe(2);
    expect(view.learners.find((l) => l.id === 'ada')?.removed).toBe(true);
    expect(view.cells).toEqual([]);
  });

  it('keeps self-reported code-lab passes out of the graded total, and marks the chapter by its check alone', () => {
    const state = createDashboardState(snapshot());
    const labRun: Verdict = {
      kind: 'code-lab',
      action: 'run',
      outcome: 'self-reported',
      selfReported: true,
      passed: true,
    };
    applyEvent(state, event('ada', labRun, { itemId: '06-retry-safety' }));
    const ada = buildDashboardView(state, T0).learners.find((l) => l.id === 'ada')!;
    // The table and the check are graded by the server; the code lab only on the learner's word.
    expect(ada.graded).toEqual({ done: 0, total: 2 });
    expect(ada.selfReported).toEqual({ done: 1, total: 1 });
    // A chapter with a completion check is passed by the check alone: a passed code lab only starts it.
    expect(ada.chapters[0]).toMatchObject({ status: 'started', selfReported: false });
    const passedCheck: Verdict = {
      kind: 'completion-check',
      action: 'check',
      outcome: 'correct',
      passed: true,
      correct: 3,
      total: 3,
      questions: [],
    };
    applyEvent(state, event('ada', passedCheck, { itemId: 'completion' }));
    const after = buildDashboardView(state, T0).learners.find((l) => l.id === 'ada')!;
    expect(after.chapters[0]!.status).toBe('passed');
    expect(after.graded).toEqual({ done: 1, total: 2 });
  });

  it('writes one CSV row per learner with the self-reported column labelled', () => {
    const state = createDashboardState(snapshot());
    const view = buildDashboardView(state, T0);
    const rows = marksCsvRows(marksFromRoom(view, state.room, snapshot().chapters));
    expect(rows[0]).toContain('code labs passed (self-reported)');
    expect(rows[0]).toContain('Errors: check (right/asked)');
    expect(rows[0]).toEqual(
      expect.arrayContaining(['graded items done', 'self-reported items done', 'Errors: status', 'room', 'room code']),
    );
    expect(rows.length).toBe(4);
  });
});
