/**
 * Registers a dummy graded kind at run time, through the registry's own registration (src/course/graded-kinds.ts
 * `registerGradedKind`, src/course/graded-graders.ts `registerGrader`). Imported first by the test that shows every
 * consumer handles a kind it has never seen, so the consumers' derived tables are built with it.
 */
import * as z from 'zod/mini';
import { registerGrader } from '../../../../src/course/graded-graders.ts';
import { registerGradedKind, type GradedKind } from '../../../../src/course/graded-kinds.ts';

export const DUMMY_KIND = 'dummy-report' as GradedKind;
export const DUMMY_EVENT = 'dummy-event';
export const DUMMY_COLUMN = 'dummy reports passed (self-reported)';

registerGradedKind(DUMMY_KIND, z.strictObject({ score: z.int().check(z.minimum(0), z.maximum(10)) }), {
  progressItem: 'graded',
  component: { name: 'DummyReport', idAttribute: 'exercise' },
  checklistLabel: 'Hand in the dummy report',
  receiptSlot: 'graded',
  roomEvent: DUMMY_EVENT,
  roomAction: 'submit',
  tally: 'item',
  column: DUMMY_COLUMN,
  selfReported: true,
  scorm: { scorm12: 'performance', scorm2004: 'other' },
});

// Passed at a score of 5 or more, on an item the chapter has.
registerGrader(DUMMY_KIND, (answers, { chapterId, itemId }, course) => {
  if (!course.hasItem(chapterId, DUMMY_KIND, itemId))
    return { kind: 'rejected', reason: `Chapter ${chapterId} has no dummy report ${itemId}.` };
  const { score } = answers as unknown as { score: number };
  return {
    kind: 'graded',
    correct: score,
    total: 10,
    passed: score >= 5,
    anyWrong: score < 5,
    selfReported: true,
  };
});
