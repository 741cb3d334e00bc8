/**
 * A receipt is graded against the course version it names: the question sets of past versions are kept as content
 * data (content/course-versions/), so answers that were right for the questions a learner was asked stay right after
 * the checks change. A receipt naming a version the grader does not know is graded against the current version and
 * says so.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getScenario } from '#course';
import { createReceipt } from '../../../src/receipts/create.ts';
import { testGraderCourse } from '../../support/course.ts';
import { formatRoster } from '../../../src/cli/commands/grade.ts';
import { gradeReceipt, gradeReceipts, knownVersions, type RosterEntry } from '../../../src/receipts/grade.ts';
import type { ChapterReceipt } from '../../../src/receipts/schema.ts';
import { marksCsvRows, marksFromRoster } from '../../../src/receipts/roster-model.ts';

const course = testGraderCourse();
const CH5 = 'error-semantics-and-retries';
/** The rows chapter 5's check asked before the checks stopped repeating the practice (commit c263dec). */
const OLD_ROWS = ['unknown-method', 'malformed-incident-id', 'backend-unavailable', 'lost-response-after-write'];

/** The bank's canonical answers for the rows: what a learner who got every cell right submitted. */
function rightTable(rows: readonly string[]): Record<string, Record<string, string>> {
  return Object.fromEntries(rows.map((id) => [id, { ...getScenario(id)!.answer }]));
}

function receiptNaming(version: string, chapters: Record<string, ChapterReceipt>) {
  return createReceipt({
    course: { title: course.title, version },
    learner: 'Ada',
    createdAt: '2026-11-30T10:00:00.000Z',
    chapters,
  });
}

const oldCheck = (): Record<string, ChapterReceipt> => ({
  [CH5]: {
    hints: 0,
    solutions: 0,
    check: {
      answers: { 'four-failures': { table: rightTable(OLD_ROWS) }, 'timeout-meaning': { choice: 'unknown' } },
      grade: { correct: 2, total: 3, passed: false },
      submittedAt: '2026-11-30T09:00:00.000Z',
    },
  },
});

const counted = (entry: RosterEntry) => {
  if (entry.kind !== 'counted') throw new Error(`expected a counted entry, got ${entry.kind}`);
  return entry;
};

describe('grading against the course version a receipt names', () => {
  it('grades answers right for the 0.1.0 question set as right, against 0.1.0', () => {
    const entry = counted(gradeReceipt(receiptNaming('0.1.0', oldCheck()), course, 'ada.json'));
    expect(entry.gradedVersion).toBe('0.1.0');
    // Four rows, three columns each: every cell right under the questions the learner was asked.
    expect(entry.chapters[CH5]!.checkCells).toEqual({ correct: 12, total: 12 });
    expect(entry.chapters[CH5]!.check!.correct).toBe(2);
    expect(entry.notes.join(' ')).not.toMatch(/may differ|not a version/);
  });

  it('is not the current version: the current check asks other rows', () => {
    expect(course.version).not.toBe('0.1.0');
  });

  it('grades a receipt of the current version against the current checks', () => {
    const entry = counted(gradeReceipt(receiptNaming(course.version, oldCheck()), course, 'ada.json'));
    expect(entry.gradedVersion).toBe(course.version);
    expect(entry.chapters[CH5]!.checkCells.correct).toBe(0);
  });

  it('says clearly when a receipt names a version it does not know, and grades it against the current one', () => {
    const entry = counted(gradeReceipt(receiptNaming('0.0.7', oldCheck()), course, 'ada.json'));
    expect(entry.gradedVersion).toBe(course.version);
    expect(entry.notes[0]).toBe(
      `Made with course version 0.0.7, which this grader does not know (it knows ${knownVersions(course).join(', ')}); graded against version ${course.version}, the current one, whose questions may differ.`,
    );
  });

  it('shows the version each receipt was graded against in the CSV', () => {
    const roster = gradeReceipts(
      [
        { source: 'old.json', content: receiptNaming('0.1.0', oldCheck()) },
        { source: 'unknown.json', content: { ...receiptNaming('0.0.7', {}), learner: undefined } },
      ],
      course,
    );
    const [header, first] = marksCsvRows(marksFromRoster(roster));
    const at = header!.indexOf('graded against version');
    expect(at).toBeGreaterThan(-1);
    expect(first![at]).toBe('0.1.0');
  });
});

describe('mcp-lab grade', () => {
  it('names the past version a receipt was graded against', () => {
    const roster = gradeReceipts([{ source: 'old.json', content: receiptNaming('0.1.0', oldCheck()) }], course);
    expect(formatRoster(roster, { files: 1, courseTitle: course.title, courseVersion: course.version })).toContain(
      '\nGraded against course version 0.1.0, the version it names: old.json.\n',
    );
  });
});

describe('past versions kept as content data', () => {
  /** What decides a question's answer: everything but its wording. */
  const answerKey = (q: Record<string, unknown>) =>
    JSON.stringify({
      type: q.type,
      fixture: q.fixture,
      protocol: q.protocol,
      ask: q.ask,
      scenarios: q.scenarios,
      correct: Array.isArray(q.options)
        ? (q.options as { id: string; correct: boolean }[]).filter((o) => o.correct).map((o) => o.id)
        : undefined,
    });

  it('keeps 0.1.0, and a question id means the same question in every version that asks it', () => {
    expect(Object.keys(course.pastVersions ?? {})).toContain('0.1.0');
    let shared = 0;
    for (const past of Object.values(course.pastVersions ?? {})) {
      for (const [chapter, check] of Object.entries(past.checks)) {
        const now = course.checks[chapter] as { questions: Record<string, unknown>[] } | undefined;
        for (const q of (check as { questions: Record<string, unknown>[] }).questions) {
          const same = now?.questions.find((n) => n.id === q.id);
          if (!same) continue;
          shared += 1;
          expect(answerKey(same), `${chapter} ${String(q.id)}`).toBe(answerKey(q));
          if (typeof q.fixture === 'string')
            expect(course.fixtureTexts[q.fixture], `${chapter} ${String(q.id)}`).toBe(past.fixtureTexts[q.fixture]);
        }
      }
    }
    expect(shared).toBeGreaterThan(10);
  });
});

describe('a receipt made before chapters were renamed (a committed 0.1.0 receipt with numbered chapter ids)', () => {
  const file = readFileSync(new URL('./fixtures/receipt-0.1.0-numbered-chapter-ids.json', import.meta.url), 'utf8');

  it('still grades: its chapters are filed under the ids they have now, against the question set it names', () => {
    const entry = counted(gradeReceipt(JSON.parse(file), course, 'ada-0.1.0.json'));
    expect(entry.gradedVersion).toBe('0.1.0');
    // content/course.json: "05-error-semantics-and-retries" is now "error-semantics-and-retries". Its four rows'
    // twelve cells hold the scenario bank's canonical answers, so all are right.
    expect(entry.chapters[CH5]!.checkCells).toEqual({ correct: 12, total: 12 });
    expect(entry.chapters['message-shapes']!.selfMark).toBe('can-explain');
    expect(entry.notes.join(' ')).not.toMatch(/not in this course/);
  });
});
