/**
 * The gradebook exports against hand-written golden files (test/data/lms/), one per LMS, each written from the
 * LMS's documented import rule:
 * - Canvas (Ohio State's Canvas guide, "Import a CSV file into Carmen Grades"): the file needs a student key
 *   (Student / ID / SIS User ID / SIS Login ID) and Section, "then one column per assignment"; a new column creates
 *   an assignment, and "Users cannot upload only a final score". Canvas's complete/incomplete grading type takes
 *   "complete" and "incomplete".
 * - Moodle (grade/import/csv/index.php): the teacher picks the file column for "Identify user by" (useridnumber,
 *   useremail or username) and maps every other column to a grade item ("Map to").
 * - Blackboard Learn (Grade Center, "Upload and download grades"): the student key is the Username; "Columns that
 *   do not have Column ID numbers in an uploaded file will create new columns", added as text columns worth 0 points.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  columnLines,
  defaultColumns,
  identifierKeyFor,
  lmsGradebook,
  parseColumns,
  type LmsColumn,
  type LmsLearner,
} from '../../../src/receipts/lms-export.ts';
import { lmsIdExtension, lmsIdOf } from '../../../src/receipts/lms-id.ts';

const golden = (name: string) => readFileSync(join(import.meta.dirname, '../../data/lms', name), 'utf8');

const CH1 = 'message-shapes';
const CH2 = 'what-a-receiver-owes';
const LEARNERS: LmsLearner[] = [
  {
    lmsId: 'ada@uni.example',
    name: 'Ada Lovelace',
    chapters: { [CH1]: { score: 100, completed: true }, [CH2]: { score: (2 / 3) * 100, completed: false } },
  },
  { lmsId: 'bob@uni.example', name: '=HYPERLINK("x")', chapters: { [CH1]: { score: 50, completed: false } } },
];
const columns = (score1: string, done1: string, score2: string): LmsColumn[] => [
  { chapter: CH1, measure: 'score', header: score1 },
  { chapter: CH1, measure: 'completion', header: done1 },
  { chapter: CH2, measure: 'score', header: score2 },
];

describe('gradebook exports', () => {
  it('Canvas: Student, ID, SIS User ID, SIS Login ID, Section, then one column per assignment', () => {
    const out = lmsGradebook(LEARNERS, {
      lms: 'canvas',
      columns: columns('Chapter 1 quiz (4101)', 'Chapter 1 done (4102)', 'Chapter 2 quiz (4103)'),
    });
    expect(out.csv).toBe(golden('canvas.csv'));
    expect(out.warnings).toEqual([]);
  });

  it('Moodle: the "Identify user by" column (email address here), then one column per grade item', () => {
    const out = lmsGradebook(LEARNERS, {
      lms: 'moodle',
      moodleKey: 'email',
      columns: columns('Chapter 1 quiz', 'Chapter 1 done', 'Chapter 2 quiz'),
    });
    expect(out.csv).toBe(golden('moodle.csv'));
  });

  it('Blackboard: Username, then the existing columns by their Column ID; no other column, which would be created', () => {
    const out = lmsGradebook(LEARNERS, {
      lms: 'blackboard',
      columns: columns(
        'Chapter 1 quiz [Total Pts: 100 Score] |4101',
        'Chapter 1 done [Total Pts: 1 Score] |4102',
        'Chapter 2 quiz [Total Pts: 100 Score] |4103',
      ),
    });
    expect(out.csv).toBe(golden('blackboard.csv'));
    expect(out.warnings).toEqual([]);
  });

  it('Blackboard: a column without a Column ID is named as one the upload will create', () => {
    const out = lmsGradebook(LEARNERS, { lms: 'blackboard', columns: columns('Quiz 1', 'Done 1 |4102', 'Quiz 2') });
    expect(out.warnings.join(' ')).toMatch(/new text column worth 0 points.*Quiz 1, Quiz 2\./);
  });

  it('leaves out a learner without an LMS identifier, and the second of two with the same one, and says so', () => {
    const out = lmsGradebook([...LEARNERS, { name: 'Cy', chapters: {} }, { ...LEARNERS[0]!, name: 'Ada again' }], {
      lms: 'moodle',
      columns: columns('a', 'b', 'c'),
    });
    expect(out.rows).toBe(2);
    expect(out.warnings).toContainEqual(expect.stringContaining('Left out, no LMS identifier: Cy.'));
    expect(out.warnings).toContainEqual(
      expect.stringContaining('Ada again and Ada Lovelace gave the same LMS identifier'),
    );
  });
});

describe('the instructor’s column list', () => {
  const chapters = [
    { id: CH1, title: 'Shapes' },
    { id: CH2, title: 'Owes' },
  ];
  it('takes chapter numbers or ids, a measure and the header as pasted', () => {
    expect(
      parseColumns(
        '# from Canvas\n1 score Chapter 1 quiz (4101)\n\nwhat-a-receiver-owes completion Done (9)',
        chapters,
      ),
    ).toEqual({
      kind: 'ok',
      columns: [
        { chapter: CH1, measure: 'score', header: 'Chapter 1 quiz (4101)' },
        { chapter: CH2, measure: 'completion', header: 'Done (9)' },
      ],
    });
  });
  it('offers one score and one completion column per chapter, named by the title, with no chapter number', () => {
    const defaults = defaultColumns(chapters);
    expect(defaults.map((c) => c.header)).toEqual([
      'Shapes (score)',
      'Shapes (completion)',
      'Owes (score)',
      'Owes (completion)',
    ]);
    // The lines the page prefills name chapters by id, and read back as the same columns.
    expect(columnLines(defaults).split('\n')[0]).toBe(`${CH1} score Shapes (score)`);
    expect(parseColumns(columnLines(defaults), chapters)).toEqual({ kind: 'ok', columns: defaults });
  });
  it('names the line and the problem', () => {
    expect(parseColumns('3 score Quiz', chapters)).toMatchObject({
      kind: 'invalid',
      reason: expect.stringMatching(/^line 1: there is no chapter “3”/),
    });
    expect(parseColumns('1 points Quiz', chapters)).toMatchObject({
      kind: 'invalid',
      reason: expect.stringMatching(/^line 1: write CHAPTER score HEADER/),
    });
  });
});

describe('the LMS identifier on a receipt', () => {
  it('is one printable word, or nothing', () => {
    expect(lmsIdExtension('  s1234567 ')).toEqual({ kind: 'ok', extension: { version: 1, id: 's1234567' } });
    expect(lmsIdExtension('')).toEqual({ kind: 'none' });
    expect(lmsIdExtension('ada lovelace')).toMatchObject({ kind: 'invalid' });
    expect(lmsIdExtension('a,b')).toMatchObject({ kind: 'invalid' });
    expect(lmsIdExtension('ada\u202e@x')).toMatchObject({ kind: 'invalid' });
  });
  it('is read back from the extension only in its versioned shape', () => {
    expect(lmsIdOf({ 'lms-id': { version: 1, id: 'ada' } })).toBe('ada');
    expect(lmsIdOf({ 'lms-id': { version: 2, id: 'ada' } })).toBeUndefined();
    expect(lmsIdOf({ 'lms-id': 'ada' })).toBeUndefined();
    expect(lmsIdOf(undefined)).toBeUndefined();
  });
});

describe('the identifier column for what the room asked learners for', () => {
  // A room that asked for a student ID must not export it as a login: Canvas matches a row by the column it is in
  // (Student / ID / SIS User ID / SIS Login ID; the SIS User ID is the student record's ID, the SIS Login ID the
  // login), and Moodle's "Identify user by" offers username, email address and ID number.
  it("puts a student ID in Canvas's SIS User ID and Moodle's ID number", () => {
    expect(identifierKeyFor('canvas', 'student-id')).toBe('SIS User ID');
    expect(identifierKeyFor('moodle', 'student-id')).toBe('idnumber');
  });
  it("puts a login in Canvas's SIS Login ID and Moodle's username, an e-mail address in Moodle's email", () => {
    expect(identifierKeyFor('canvas', 'login')).toBe('SIS Login ID');
    expect(identifierKeyFor('moodle', 'login')).toBe('username');
    expect(identifierKeyFor('moodle', 'email')).toBe('email');
  });
  it('leaves the choice to the instructor where the LMS has no column for that kind, or nothing was asked', () => {
    expect(identifierKeyFor('canvas', 'email')).toBeUndefined();
    expect(identifierKeyFor('blackboard', 'student-id')).toBeUndefined();
    expect(identifierKeyFor('moodle', undefined)).toBeUndefined();
  });
});
