import { describe, expect, it } from 'vitest';
import { createReceipt } from '../../../src/receipts/create.ts';
import { gradeCompletionCheck } from '#course';
import { loadCourseData } from '../../../src/receipts/course-data-node.ts';
import {
  CheckGrader,
  csvField,
  gradeReceipt,
  gradeReceipts,
  rosterCsv,
  rosterCsvRows,
} from '../../../src/receipts/grade.ts';
import { classReceipts } from '../../support/class-receipts.ts';
import { sealReceipt, serializeReceipt, type Receipt } from '../../../src/receipts/schema.ts';
import { COURSE, goodChapters, receiptFor, strugglingChapters } from './support.ts';

const counted = (entry: ReturnType<typeof gradeReceipt>) => {
  if (entry.kind !== 'counted') throw new Error(`expected a counted entry, got ${entry.reason}: ${entry.message}`);
  return entry;
};

/** Re-seals a receipt after an edit, as someone who knows the format would. */
const resealed = (receipt: Receipt, edit: (r: Receipt) => Receipt): Receipt => {
  const { digest: _d, ...body } = edit(structuredClone(receipt));
  return sealReceipt(body);
};

describe('gradeReceipt', () => {
  it('re-grades a learner who passed chapters 1 and 5', () => {
    const entry = counted(gradeReceipt(serializeReceipt(receiptFor('Ada', goodChapters())), COURSE, 'ada.json'));
    expect(entry.learner).toBe('Ada');
    expect(entry.chapters['01-shapes']).toMatchObject({
      status: 'passed',
      label: 'Passed',
      check: { correct: 2, total: 2, passed: true },
    });
    // The practice table has one wrong cell of three; the check's table has six right cells.
    expect(entry.chapters['05-retries']).toMatchObject({
      status: 'passed',
      check: { correct: 1, total: 1, passed: true },
      cells: { correct: 8, total: 9 },
      hints: 1,
    });
    expect(entry.chapters['08-faq']).toMatchObject({ status: 'not-started', label: 'Not started' });
    // The check's answers replace the practice table's for the same cells: six cells, all right.
    expect(entry.cells).toHaveLength(6);
    expect(entry.cells.every((c) => c.verdict === 'correct')).toBe(true);
    expect(entry.notes).toEqual([]);
  });

  it('marks a failed check red and a chapter with activity but no check amber', () => {
    const entry = counted(gradeReceipt(receiptFor('Bob', strugglingChapters()), COURSE, 'bob.json'));
    expect(entry.chapters['01-shapes']).toMatchObject({ status: 'started', label: 'Started', hints: 2, solutions: 1 });
    expect(entry.chapters['05-retries']).toMatchObject({
      status: 'failing',
      label: 'Not passed',
      check: { correct: 0, total: 1, passed: false },
      cells: { correct: 4, total: 6 },
    });
    expect(
      entry.cells
        .filter((c) => c.verdict === 'incorrect')
        .map((c) => [c.scenarioId, c.column, c.given, c.misconceptionId]),
    ).toEqual([
      ['unknown-method', 'retry', 'with-backoff', 'method-not-found-is-transient'],
      ['lost-response-after-write', 'retry', 'freely-with-new-id', 'fresh-id-makes-write-safe'],
    ]);
  });

  it("counts a chapter without a check as passed on the learner's self-mark, and says so", () => {
    const entry = counted(
      gradeReceipt(
        receiptFor('Cy', { '08-faq': { selfMark: 'can-explain', hints: 0, solutions: 0 } }),
        COURSE,
        'cy.json',
      ),
    );
    expect(entry.chapters['08-faq']).toMatchObject({ status: 'passed', label: 'Passed (self-marked)' });
  });

  it('names an anonymous learner by position', () => {
    expect(counted(gradeReceipt(receiptFor(undefined, goodChapters()), COURSE, 'x.json', 7))).toMatchObject({
      learner: 'Learner 7',
      named: false,
    });
  });

  it('flags a receipt whose claimed grade was raised and re-sealed', () => {
    const honest = receiptFor('Bob', strugglingChapters());
    const forged = resealed(honest, (r) => {
      r.chapters['05-retries']!.check!.grade = { correct: 1, total: 1, passed: true };
      return r;
    });
    expect(gradeReceipt(forged, COURSE, 'bob.json')).toEqual({
      kind: 'flagged',
      source: 'bob.json',
      reason: 'tampered',
      learner: 'Bob',
      message:
        "Claimed grades differ from the model's re-grade: chapter 05-retries's check claims 1/1, passed; the model grades the same answers 0/1. The receipt was edited.",
    });
  });

  it('flags an edited answer through its digest', () => {
    const text = serializeReceipt(receiptFor('Ada', goodChapters())).replace('"choice":"no"', '"choice":"yes"');
    expect(gradeReceipt(text, COURSE, 'ada.json')).toMatchObject({ kind: 'flagged', reason: 'tampered' });
  });

  it('re-grades a receipt from another course version and notes the difference instead of flagging it', () => {
    const old = resealed(receiptFor('Bob', strugglingChapters(), undefined, '1.0.0'), (r) => {
      r.chapters['05-retries']!.check!.grade = { correct: 1, total: 1, passed: true };
      return r;
    });
    const entry = counted(gradeReceipt(old, COURSE, 'bob.json'));
    expect(entry.chapters['05-retries']!.status).toBe('failing');
    expect(entry.notes[0]).toBe(
      'Made with course version 1.0.0; re-graded with version 1.2.3, whose answers may differ.',
    );
    expect(entry.notes[1]).toMatch(/Claimed grades differ.*Expected when course versions differ/);
  });

  it('notes chapters the course does not have', () => {
    const entry = counted(
      gradeReceipt(receiptFor('Ada', { '42-extra': { hints: 1, solutions: 0 } }), COURSE, 'a.json'),
    );
    expect(entry.notes).toEqual(['Chapter 42-extra is not in this course; its answers were not graded.']);
  });

  it("flags malformed input with the reader's reason", () => {
    expect(gradeReceipt('not json', COURSE, 'junk.txt')).toMatchObject({
      kind: 'flagged',
      reason: 'malformed',
      source: 'junk.txt',
    });
    expect(gradeReceipt({ ...receiptFor('A', {}), version: 9 }, COURSE, 'new.json')).toMatchObject({
      kind: 'flagged',
      reason: 'unsupported-version',
    });
  });
});

describe('gradeReceipts', () => {
  const ada = receiptFor('Ada', goodChapters());
  const bob = receiptFor('Bob', strugglingChapters());

  it('builds the distribution per cell and the misconceptions, most common first', () => {
    const roster = gradeReceipts(
      [
        { source: 'ada.json', content: serializeReceipt(ada) },
        { source: 'bob.json', content: serializeReceipt(bob) },
      ],
      COURSE,
    );
    expect(roster).toMatchObject({ counted: 2, flagged: 0 });
    const retry = roster.distribution.find((d) => d.scenarioId === 'unknown-method' && d.column === 'retry')!;
    expect(retry).toMatchObject({ learners: 2, correct: 1, unanswered: 0, correctValue: 'never-as-is' });
    expect(retry.answers.map((a) => [a.value, a.count, a.correct, a.misconceptionId])).toEqual([
      ['never-as-is', 1, true, undefined],
      ['with-backoff', 1, false, 'method-not-found-is-transient'],
    ]);
    // Rows follow the bank's order: unknown-method before lost-response-after-write; columns in table order.
    expect(roster.distribution.map((d) => `${d.scenarioId}/${d.column}`)).toEqual([
      'unknown-method/layer',
      'unknown-method/userSees',
      'unknown-method/retry',
      'lost-response-after-write/layer',
      'lost-response-after-write/userSees',
      'lost-response-after-write/retry',
    ]);
    expect(roster.misconceptions.map((m) => [m.id, m.count, m.learners])).toEqual([
      ['fresh-id-makes-write-safe', 1, 1],
      ['method-not-found-is-transient', 1, 1],
    ]);
  });

  it('counts an exact duplicate once and lets the newer receipt of the same name win', () => {
    const adaLater = receiptFor(
      'ada',
      { ...goodChapters(), '08-faq': { selfMark: 'can-explain', hints: 0, solutions: 0 } },
      '2026-11-30T11:00:00.000Z',
    );
    const roster = gradeReceipts(
      [
        { source: 'a1', content: ada },
        { source: 'a2', content: ada },
        { source: 'a3', content: adaLater },
        { source: 'missing.json', error: 'missing.json: no such file' },
      ],
      COURSE,
    );
    expect(
      roster.entries.map((e) => (e.kind === 'counted' ? `counted ${e.source}` : `${e.reason} ${e.source}`)),
    ).toEqual(['superseded a1', 'duplicate a2', 'counted a3', 'unreadable missing.json']);
    expect(roster.counted).toBe(1);
  });

  it('writes one CSV row per receipt, flagged ones with their reason', () => {
    const forged = resealed(bob, (r) => {
      r.chapters['05-retries']!.check!.grade = { correct: 1, total: 1, passed: true };
      return r;
    });
    const roster = gradeReceipts(
      [
        { source: 'ada.json', content: ada },
        { source: 'bob.json', content: forged },
      ],
      COURSE,
    );
    const rows = rosterCsvRows(roster);
    expect(rows[0]).toEqual([
      'learner',
      'source',
      'status',
      'created_at',
      'course_version',
      '01-shapes status',
      '01-shapes check',
      '05-retries status',
      '05-retries check',
      '08-faq status',
      '08-faq check',
      'chapters_passed',
      'table_cells_correct',
      'table_cells_total',
      'hints',
      'solutions',
      'notes',
    ]);
    expect(rows[1]).toEqual([
      'Ada',
      'ada.json',
      'counted',
      '2026-11-30T10:00:00.000Z',
      '1.2.3',
      'Passed',
      '2/2',
      'Passed',
      '1/1',
      'Not started',
      '',
      '2',
      '8',
      '9',
      '1',
      '0',
      '',
    ]);
    expect(rows[2]!.slice(0, 3)).toEqual(['Bob', 'bob.json', 'flagged: tampered']);
    expect(rosterCsv(roster).split('\r\n')).toHaveLength(4);
  });

  it('keeps a learner-typed formula from running in a spreadsheet', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('-3')).toBe("'-3");
    expect(csvField('Ada')).toBe('Ada');
  });

  it('grades an empty class without failing', () => {
    expect(gradeReceipts([], COURSE)).toMatchObject({ counted: 0, flagged: 0, distribution: [], misconceptions: [] });
  });
});

it('createReceipt trims the name to what the learner meant', () => {
  expect(
    createReceipt({
      course: { title: 't', version: '1' },
      learner: '  Ada  ',
      createdAt: '2026-11-30T10:00:00.000Z',
      chapters: {},
    }).learner,
  ).toBe('Ada');
});

describe('CheckGrader', () => {
  it('gives exactly what gradeCompletionCheck gives, for a generated class on the real course', () => {
    const { course } = loadCourseData();
    const grader = new CheckGrader(course);
    let compared = 0;
    for (const receipt of classReceipts(course, 80, 11)) {
      for (const [chapter, ch] of Object.entries(receipt.chapters)) {
        if (!ch.check || course.checks[chapter] === undefined) continue;
        expect(grader.grade(chapter, ch.check.answers)).toEqual(
          gradeCompletionCheck(course.checks[chapter], ch.check.answers, { ...course.fixtureTexts }),
        );
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('passes odd answers straight to the model', () => {
    const grader = new CheckGrader(COURSE);
    for (const answers of [null, [], 'x', { table: 'not an answer' }, { 'null-id': { choice: 'maybe' } }]) {
      for (const chapter of ['01-shapes', '05-retries']) {
        expect(grader.grade(chapter, answers)).toEqual(
          gradeCompletionCheck(COURSE.checks[chapter], answers, { ...COURSE.fixtureTexts }),
        );
      }
    }
  });
});
