/**
 * The dashboard's "stuck" signal in a paced room: idle time while the instructor presents is not stuck, and a stuck
 * learner's item is named as learners saw it (the kind of exercise and the chapter's title, never an id).
 */
import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  buildDashboardView,
  createDashboardState,
  IDLE_MINUTES,
} from '../../../src/room/dashboard-model.ts';
import type { DashboardSnapshot } from '../../../src/room/dashboard-model.ts';
import { SELF_PACED } from '../../../src/room/pace.ts';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
const CH = 'error-semantics-and-retries';
const MIN = 60_000;

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
        title: 'Error semantics and retries',
        items: [
          { type: 'widget', id: 'ch05-table', label: 'Decision table' },
          { type: 'check', id: 'completion' },
        ],
      },
    ],
    learners: [{ id: 'ada', name: 'Ada', joinedAt: T0, lastSeenAt: T0, removedAt: null, chapterId: CH }],
    events: [],
    now: T0,
  };
}

describe('stuck in a paced room', () => {
  it('is not idle while the instructor presents, and is idle again only minutes after presenting stops', () => {
    const state = createDashboardState(snapshot());
    state.pace = { ...SELF_PACED, focus: { chapterId: CH, itemId: 'ch05-table', at: T0 } };
    expect(buildDashboardView(state, T0 + 30 * MIN).learners[0]?.stuck).toBeUndefined();
    state.pace = { ...SELF_PACED, presentedUntil: T0 + 30 * MIN };
    expect(buildDashboardView(state, T0 + 31 * MIN).learners[0]?.stuck).toBeUndefined();
    expect(buildDashboardView(state, T0 + (30 + IDLE_MINUTES) * MIN).learners[0]?.stuck).toBe(
      `idle for ${IDLE_MINUTES} minutes`,
    );
  });

  it('names the completion check a learner is stuck on by the chapter title', () => {
    const state = createDashboardState(snapshot());
    for (let id = 1; id <= 3; id++)
      applyEvent(state, {
        id,
        learnerId: 'ada',
        kind: 'completion-check',
        action: 'check',
        chapterId: CH,
        itemId: 'completion',
        at: T0 + id,
        verdict: { kind: 'completion-check', action: 'check', outcome: 'incorrect', passed: false, questions: [] },
      });
    expect(buildDashboardView(state, T0 + 10).learners[0]?.stuck).toBe(
      '3 wrong attempts in a row on the completion check of “Error semantics and retries”',
    );
  });
});
