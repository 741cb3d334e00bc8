/**
 * A receipt's decision table is graded on the rows the course gives that table (its <DecisionTable scenarios>), not
 * on the list the receipt carries: a learner who edits the receipt to drop the rows they did not answer, and
 * re-seals it, gets no better figure than the receipt they were given. The room grades its events this way already
 * (src/server/grade-event.ts); the receipt grader is the other consumer of the same contract.
 */
import { describe, expect, it } from 'vitest';
import { gradeReceipt, type CourseData } from '../../../src/receipts/grade.ts';
import { serializeReceipt } from '../../../src/receipts/schema.ts';
import { COURSE, goodChapters, receiptFor } from './support.ts';

/** The test course, with its grading data: chapter 5's practice table has two rows (three cells each). */
const WITH_GRADING: CourseData = {
  ...COURSE,
  grading: {
    chapters: [
      { id: '01-shapes', tables: [], classify: [], exchanges: [], codeLabs: [] },
      {
        id: '05-retries',
        tables: [{ id: 'retries-practice', scenarios: ['unknown-method', 'lost-response-after-write'] }],
        classify: [],
        exchanges: [],
        codeLabs: [],
      },
      { id: 'faq', tables: [], classify: [], exchanges: [], codeLabs: [] },
    ],
    checks: COURSE.checks,
    fixtureTexts: COURSE.fixtureTexts,
  },
};

describe('a receipt’s decision table, with the course’s grading data', () => {
  it('is graded on the course’s rows: an edited row list counts the dropped row as unanswered', () => {
    // goodChapters' practice table lists one row (unknown-method), two of its three cells right (support.ts); the
    // course's table has that row and lost-response-after-write, left unanswered: 2 right of 6 cells.
    const entry = gradeReceipt(serializeReceipt(receiptFor('Ada', goodChapters())), WITH_GRADING, 'ada.json');
    if (entry.kind !== 'counted') throw new Error(`not counted: ${entry.kind}`);
    expect(entry.chapters['05-retries']).toMatchObject({ practice: { correct: 2, total: 6 } });
  });

  it('says so, and counts nothing, for a table the chapter does not have', () => {
    const chapters = goodChapters();
    const table = chapters['05-retries']!.tables!['retries-practice']!;
    chapters['05-retries']!.tables = { 'made-up-table': table };
    const entry = gradeReceipt(serializeReceipt(receiptFor('Ada', chapters)), WITH_GRADING, 'ada.json');
    if (entry.kind !== 'counted') throw new Error(`not counted: ${entry.kind}`);
    expect(entry.chapters['05-retries']).toMatchObject({ practice: { correct: 0, total: 0 } });
    expect(entry.notes.join('\n')).toMatch(/made-up-table/);
  });
});
