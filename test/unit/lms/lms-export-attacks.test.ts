/**
 * Hostile or careless column names in a gradebook export. The instructor pastes each column's header; the file's
 * own key columns come first (Canvas: Student, ID, SIS User ID, SIS Login ID, Section; Moodle: the "Identify user
 * by" column; Blackboard: Username). A pasted header equal to a key column's makes two columns of one name, which
 * the export already warns about between pasted headers ("the LMS would read one over the other"): a grade column
 * called "Username" is the same ambiguity, over the column that says whose row it is.
 */
import { describe, expect, it } from 'vitest';
import { lmsGradebook, type LmsLearner } from '../../../src/receipts/lms-export.ts';

const CH1 = 'message-shapes';
const LEARNERS: LmsLearner[] = [
  { lmsId: 'ada@uni.example', name: 'Ada Lovelace', chapters: { [CH1]: { score: 100, completed: true } } },
];

describe('a pasted header that names a key column', () => {
  const cases = [
    ['canvas', 'SIS Login ID'],
    ['canvas', 'Section'],
    ['moodle', 'Username'],
    ['blackboard', 'Username'],
  ] as const;
  for (const [lms, header] of cases) {
    it(`${lms}: “${header}” as a grade column is warned about`, () => {
      const out = lmsGradebook(LEARNERS, { lms, columns: [{ chapter: CH1, measure: 'score', header }] });
      expect(out.warnings).toContainEqual(expect.stringContaining(`Two columns are named “${header}”`));
    });
  }
});
