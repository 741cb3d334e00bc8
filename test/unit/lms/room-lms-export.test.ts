/**
 * The workshop room's gradebook files against hand-written golden files (test/data/lms/room-*.csv), written from
 * each LMS's documented import rule (quoted in lms-export.test.ts): Canvas keys a student by Student / ID /
 * SIS User ID / SIS Login ID with Section, "then one column per assignment", and its complete/incomplete type takes
 * "complete" and "incomplete"; Moodle maps one "Identify user by" column (username here) and one column per grade
 * item; Blackboard keys by Username and matches an existing column by its Column ID ("|4101"). A learner's row is
 * keyed by the identifier they gave at join; the room's verdicts give the check's score and the chapter's status.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lmsGradebook, lmsLearnersOf, type LmsColumn } from '../../../src/receipts/lms-export.ts';
import { marksFromRoom } from '../../../src/receipts/roster-model.ts';
import {
  applyEvent,
  buildDashboardView,
  createDashboardState,
  type DashboardSnapshot,
} from '../../../src/room/dashboard-model.ts';
import type { Verdict } from '../../../src/room/verdict.ts';

const golden = (name: string) => readFileSync(join(import.meta.dirname, '../../data/lms', name), 'utf8');

const T0 = Date.UTC(2026, 10, 30, 9, 0, 0);
const CH = 'error-semantics-and-retries';

function roomMarks() {
  const snapshot: DashboardSnapshot = {
    room: {
      id: 'r',
      title: 'Tuesday class',
      code: 'ACDEFGHJ',
      chapters: [CH],
      startsAt: null,
      createdAt: T0,
      endedAt: null,
      expiresAt: T0 + 1e9,
      locked: false,
      joiningClosed: false,
    },
    chapters: [{ id: CH, title: 'Errors', items: [{ type: 'check', id: 'completion' }] }],
    learners: [
      ['ada', 'Ada Lovelace', null],
      // A name typed to run in a spreadsheet: Canvas's Student column carries it, guarded.
      ['grace', '=cmd|calc', null],
      ['alan', 'Alan', null],
      ['mal', 'Mal', T0 + 500],
    ].map(([id, name, removedAt], i) => ({
      id: id as string,
      name: name as string,
      // They join one after another: the files list them in that order.
      joinedAt: T0 + i,
      lastSeenAt: T0,
      removedAt: removedAt as number | null,
      chapterId: null,
    })),
    events: [],
    now: T0,
  };
  const state = createDashboardState(snapshot);
  const check = (id: number, learnerId: string, correct: number): void => {
    const verdict: Verdict = {
      kind: 'completion-check',
      action: 'check',
      outcome: correct === 3 ? 'correct' : 'incorrect',
      correct,
      total: 3,
      passed: correct === 3,
      questions: [],
    };
    applyEvent(state, {
      id,
      learnerId,
      kind: verdict.kind,
      action: verdict.action,
      chapterId: CH,
      itemId: 'completion',
      at: T0 + 1000,
      verdict,
    });
  };
  check(1, 'ada', 3);
  check(2, 'grace', 1);
  check(3, 'alan', 3);
  check(4, 'mal', 3);
  // Alan gave no identifier at join; Mal gave one and was removed.
  const lmsIds = new Map([
    ['ada', 'alovelace'],
    ['grace', 'ghopper'],
    ['mal', 'mallory'],
  ]);
  return marksFromRoom(buildDashboardView(state, T0 + 2000), snapshot.room, snapshot.chapters, lmsIds);
}

const columns = (score: string, done: string): LmsColumn[] => [
  { chapter: CH, measure: 'score', header: score },
  { chapter: CH, measure: 'completion', header: done },
];

describe("the room's gradebook files", () => {
  it('Canvas: keyed by the SIS Login ID given at join, the Student name guarded against formulas', () => {
    const { learners } = lmsLearnersOf(roomMarks());
    const out = lmsGradebook(learners, {
      lms: 'canvas',
      origin: 'room',
      columns: columns('Errors quiz (4101)', 'Errors done (4102)'),
    });
    expect(out.csv).toBe(golden('room-canvas.csv'));
  });

  it('Moodle: identified by username', () => {
    const { learners } = lmsLearnersOf(roomMarks());
    const out = lmsGradebook(learners, {
      lms: 'moodle',
      moodleKey: 'username',
      origin: 'room',
      columns: columns('Errors quiz', 'Errors done'),
    });
    expect(out.csv).toBe(golden('room-moodle.csv'));
  });

  it('Blackboard: Username, the existing columns by Column ID', () => {
    const { learners } = lmsLearnersOf(roomMarks());
    const out = lmsGradebook(learners, {
      lms: 'blackboard',
      origin: 'room',
      columns: columns('Errors quiz [Total Pts: 100 Score] |4101', 'Errors done [Total Pts: 1 Score] |4102'),
    });
    expect(out.csv).toBe(golden('room-blackboard.csv'));
    expect(out.warnings).toEqual(['Left out, no LMS identifier: Alan. They gave none when they joined the room.']);
  });

  it('leaves out a removed learner and says so', () => {
    const { learners, skipped } = lmsLearnersOf(roomMarks());
    expect(learners.map((l) => l.name)).toEqual(['Ada Lovelace', '=cmd|calc', 'Alan']);
    expect(skipped).toEqual(['Mal: removed from the room']);
  });
});
