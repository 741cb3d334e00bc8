/**
 * A graded kind registered at run time (support/dummy-kind.ts, imported first, so every consumer's derived table is
 * built with it) reaches every consumer from the widget's announcement to the instructor's CSV. Each case names
 * the consumer it exercises: a consumer that keeps a table of its own, or reads a kind list of its own, fails here.
 * The expected values are the dummy contract's own fields and the dummy grader's rule (passed at a score of 5).
 */
import { DUMMY_COLUMN, DUMMY_EVENT, DUMMY_KIND } from './support/dummy-kind.ts';
import { describe, expect, it } from 'vitest';
import { gradingCourse } from '../../../src/course/graded-graders.ts';
import { rememberClassifications } from '../../../src/course/completion-check.ts';
import type { ChapterStructure } from '../../../src/course/chapter-structure.ts';
import { interactionValues } from '../../../src/lms/scorm/cmi.ts';
import type { GradedAction } from '../../../src/progress/graded.ts';
import { chapterItems, isItemDone, itemLabel } from '../../../src/progress/items.ts';
import { createProgressStore } from '../../../src/progress/store.ts';
import { createReceipt } from '../../../src/receipts/create.ts';
import { receiptDraftFromProgress } from '../../../src/receipts/from-progress.ts';
import { gradeReceipt } from '../../../src/receipts/grade.ts';
import { marksCsvRows, marksFromRoom } from '../../../src/receipts/roster-model.ts';
import { eventFromGraded } from '../../../src/room/client/events-from-progress.ts';
import { applyEvent, buildDashboardView, createDashboardState } from '../../../src/room/dashboard-model.ts';
import { RoomEventSchema } from '../../../src/room/protocol.ts';
import { gradeEvent } from '../../../src/server/grade-event.ts';
import type { RoomCourse } from '../../../src/server/course.ts';
import type { Verdict } from '../../../src/room/verdict.ts';
import { missingConsumers } from './support/consumers.ts';

const CH = 'check-your-own-server';
const ITEM = 'dummy-one';
const AT = '2026-12-01T10:00:00.000Z';
const item = { type: 'graded', kind: DUMMY_KIND, id: ITEM, label: 'Hand in the dummy report', selfReported: true };
const grading = {
  chapters: [{ id: CH, tables: [], classify: [], exchanges: [], codeLabs: [], items: [item] }],
  checks: {},
  fixtureTexts: {},
};
const course: RoomCourse = {
  data: { title: 'T', version: '1', chapters: [{ id: CH, title: 'Check' }], checks: {}, fixtureTexts: {}, grading },
  chapters: [{ id: CH, title: 'Check', items: [item as never] }],
  grading: gradingCourse(grading),
  classify: rememberClassifications(),
};
/** An empty localStorage. */
function storage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}
const action = (score: number) =>
  ({
    kind: DUMMY_KIND,
    chapter: CH,
    item: ITEM,
    correct: score,
    total: 10,
    passed: score >= 5,
    answers: { score },
    at: AT,
  }) as unknown as GradedAction;

describe('a graded kind registered at run time', () => {
  it('has an entry in every consumer table', () => {
    expect(missingConsumers([DUMMY_KIND])).toEqual([]);
  });

  it('progress checklist (src/progress/items.ts): an item per use of its component, done when passed', () => {
    const structure: ChapterStructure = {
      items: [{ kind: 'component', name: 'DummyReport', attributes: { exercise: ITEM }, line: 3, endLine: 3 }],
      questions: [],
    };
    const items = chapterItems(structure);
    expect(items).toEqual([item]);
    expect(itemLabel(items[0]!)).toBe('Hand in the dummy report (self-reported)');
    const store = createProgressStore(storage());
    expect(store.recordGraded(action(7)).kind).toBe('saved');
    expect(isItemDone(items[0]!, store.chapter(CH))).toBe(true);
  });

  it('room event (src/room/client/events-from-progress.ts) and its schema (src/room/protocol.ts)', () => {
    const event = eventFromGraded(action(7), 'key-000001', 1);
    expect(event).toEqual({
      key: 'key-000001',
      at: 1,
      chapterId: CH,
      kind: DUMMY_EVENT,
      itemId: ITEM,
      action: 'submit',
      answers: { score: 7 },
    });
    expect(RoomEventSchema.safeParse({ ...event, seq: 1 }).success).toBe(true);
    // The answers are checked by the kind's schema at the border.
    expect(RoomEventSchema.safeParse({ ...event, seq: 1, answers: { score: 11 } }).success).toBe(false);
  });

  it('server grader (src/server/grade-event.ts) and the dashboard (src/room/dashboard-model.ts)', () => {
    const sent = RoomEventSchema.parse({ ...eventFromGraded(action(7), 'key-000001', 1), seq: 1 });
    const graded = gradeEvent(sent, course, [CH]);
    expect(graded).toMatchObject({
      kind: 'graded',
      itemId: ITEM,
      verdict: { kind: DUMMY_EVENT, action: 'submit', outcome: 'self-reported', selfReported: true, passed: true },
    });
    const verdict = (graded as { verdict: Verdict }).verdict;
    const state = createDashboardState({
      room: {
        id: 'r',
        title: 'Room',
        code: 'ACDEFGHJ',
        chapters: [CH],
        startsAt: null,
        createdAt: 0,
        endedAt: null,
        expiresAt: 1e12,
        locked: false,
        joiningClosed: false,
      },
      chapters: course.chapters,
      learners: [{ id: 'ada', name: 'Ada', joinedAt: 0, lastSeenAt: 0, removedAt: null, chapterId: null }],
      events: [],
      now: 0,
    });
    applyEvent(state, {
      id: 1,
      learnerId: 'ada',
      kind: DUMMY_EVENT,
      action: 'submit',
      chapterId: CH,
      itemId: ITEM,
      at: 1000,
      verdict,
    } as never);
    const row = buildDashboardView(state, 2000).learners[0]!;
    expect(row.selfReported).toEqual({ done: 1, total: 1 });
    expect(row.gradedKinds).toEqual({ [DUMMY_KIND]: { passed: 1, total: 1 } });
    const csv = marksCsvRows(marksFromRoom(buildDashboardView(state, 2000), state.room, course.chapters));
    const at = csv[0]!.indexOf(DUMMY_COLUMN);
    expect(at).toBeGreaterThan(0);
    expect(csv[1]![at]).toBe('1');
  });

  it('refuses answers outside the kind’s schema and an item the chapter lacks', () => {
    const event = { ...eventFromGraded(action(7), 'key-000001', 1), seq: 1, itemId: 'other' };
    expect(gradeEvent(RoomEventSchema.parse(event), course, [CH])).toMatchObject({ kind: 'rejected' });
  });

  it('receipt builder and grader (src/receipts/) and the roster CSV (src/receipts/roster-model.ts)', () => {
    const store = createProgressStore(storage());
    store.recordGraded(action(3));
    const { draft, leftOut } = receiptDraftFromProgress(
      store.read(),
      {},
      { course: { title: 'T', version: '1' }, now: AT },
    );
    expect(leftOut).toEqual([]);
    expect(draft.chapters[CH]?.graded).toEqual({
      [DUMMY_KIND]: { [ITEM]: { answers: { score: 3 }, grade: { correct: 3, total: 10, passed: false }, at: AT } },
    });
    const receipt = createReceipt(draft);
    expect(receipt.version).toBe(4);
    const entry = gradeReceipt(JSON.stringify(receipt), course.data, 'r.json');
    expect(entry).toMatchObject({ kind: 'counted' });
    const result = (entry as { chapters: Record<string, { graded: unknown; status: string }> }).chapters[CH]!;
    expect(result.graded).toEqual({ [DUMMY_KIND]: { passed: 0, total: 1 } });
    expect(result.status).toBe('started');
  });

  it('SCORM interaction (src/lms/scorm/cmi.ts): the contract’s interaction type', () => {
    expect(interactionValues('scorm12', 0, action(7))).toContainEqual(['cmi.interactions.0.type', 'performance']);
    expect(interactionValues('scorm2004', 0, action(7))).toContainEqual(['cmi.interactions.0.type', 'other']);
  });
});
