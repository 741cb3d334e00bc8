/**
 * One rule for a chapter's status word (src/course/marking.ts `markChapter`): the progress page (through
 * src/progress/items.ts `chapterMark`), the receipt grader and the workshop room's dashboard give the same word for
 * the same learner's work. The words are the rule's own: a chapter without a completion check is passed on the
 * learner's self-mark, and says so; work without a self-mark is "Started"; nothing is "Not started".
 */
import { describe, expect, it } from 'vitest';
import { chapterMark, type ProgressItem } from '../../../src/progress/items.ts';
import type { ChapterProgress, Progress } from '../../../src/progress/schema.ts';
import { createReceipt } from '../../../src/receipts/create.ts';
import { receiptDraftFromProgress } from '../../../src/receipts/from-progress.ts';
import { gradeReceipt } from '../../../src/receipts/grade.ts';
import { applyEvent, buildDashboardView, createDashboardState } from '../../../src/room/dashboard-model.ts';
import type { Verdict } from '../../../src/room/verdict.ts';

const CH = 'error-semantics-and-retries';
const AT = '2026-12-01T10:00:00.000Z';
const T = Date.parse(AT);
const items: ProgressItem[] = [{ type: 'code-lab', id: 'lab-one' }, { type: 'self-mark' }];

/** The learner's work, as progress records it and as the room's verdicts say it. */
interface Work {
  selfMarked: boolean;
  ranLab: boolean;
}

function progressOf(work: Work): ChapterProgress | undefined {
  if (!work.selfMarked && !work.ranLab) return undefined;
  return {
    checks: {},
    widgets: {},
    codeLabs: work.ranLab ? { 'lab-one': { passed: false, attempts: 1, at: AT } } : {},
    ...(work.selfMarked ? { selfMark: { canExplain: true as const, at: AT } } : {}),
  };
}

function receiptWord(work: Work): string {
  const record = progressOf(work);
  const progress = { version: 3, updatedAt: AT, chapters: record ? { [CH]: record } : {} } as unknown as Progress;
  const { draft } = receiptDraftFromProgress(progress, {}, { course: { title: 'T', version: '1' }, now: AT });
  const entry = gradeReceipt(
    JSON.stringify(createReceipt(draft)),
    { title: 'T', version: '1', chapters: [{ id: CH, title: 'Errors' }], checks: {}, fixtureTexts: {} },
    'r.json',
  );
  return (entry as { chapters: Record<string, { label: string }> }).chapters[CH]!.label;
}

function roomWord(work: Work): string {
  const state = createDashboardState({
    room: {
      id: 'r',
      title: 'Room',
      code: 'ACDEFGHJ',
      chapters: [CH],
      startsAt: null,
      createdAt: T,
      endedAt: null,
      expiresAt: T + 1e9,
      locked: false,
      joiningClosed: false,
    },
    chapters: [{ id: CH, title: 'Errors', items }],
    learners: [{ id: 'ada', name: 'Ada', joinedAt: T, lastSeenAt: T, removedAt: null, chapterId: null }],
    events: [],
    now: T,
  });
  const verdicts: [string, Verdict][] = [];
  if (work.ranLab)
    verdicts.push([
      'lab-one',
      { kind: 'code-lab', action: 'run', outcome: 'self-reported', selfReported: true, passed: false },
    ]);
  if (work.selfMarked)
    verdicts.push(['self-mark', { kind: 'self-mark', action: 'mark', outcome: 'info', canExplain: true }]);
  verdicts.forEach(([itemId, verdict], i) =>
    applyEvent(state, {
      id: i + 1,
      learnerId: 'ada',
      kind: verdict.kind,
      action: verdict.action,
      chapterId: CH,
      itemId,
      at: T + 1000,
      verdict,
    } as never),
  );
  return buildDashboardView(state, T + 2000).learners[0]!.chapters.find((c) => c.id === CH)!.label;
}

describe('the chapter status word', () => {
  it.each([
    [{ selfMarked: true, ranLab: false }, 'Passed (self-marked)'],
    [{ selfMarked: true, ranLab: true }, 'Passed (self-marked)'],
    [{ selfMarked: false, ranLab: true }, 'Started'],
    [{ selfMarked: false, ranLab: false }, 'Not started'],
  ])('is the same on the progress page, in the receipt grader and in the room: %o → %s', (work, word) => {
    expect({
      progress: chapterMark(items, progressOf(work)).label,
      receipt: receiptWord(work),
      room: roomWord(work),
    }).toEqual({ progress: word, receipt: word, room: word });
  });
});
