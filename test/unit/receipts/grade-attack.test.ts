/**
 * Attack tests for the grader's class view: a pasted blob built so that building the view, not reading the
 * receipts, takes the time.
 */
import { describe, expect, it } from 'vitest';
import { createReceipt } from '../../../src/receipts/create.ts';
import { gradeReceipts, gradedVersionsOf } from '../../../src/receipts/grade.ts';
import { serializeReceipt } from '../../../src/receipts/schema.ts';
import { COURSE } from './support.ts';

describe('many receipts under one name', () => {
  // 32 MB of pasted text holds about 70,000 receipts of 480 characters; 50,000 of them all named "Ada", each with
  // its own date (so its own digest, so none is an exact duplicate), make one name conflict with 50,000 members.
  // Collecting the members (and the sources per graded version) by copying the list for each new member was
  // quadratic: 40,000 took about 7 s in each of the two places, 50,000 more than 20 s in all.
  const n = 50_000;
  const inputs = Array.from({ length: n }, (_, i) => ({
    source: `r${i}`,
    content: serializeReceipt(
      createReceipt({
        course: { title: COURSE.title, version: COURSE.version },
        learner: 'Ada',
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
        chapters: {},
      }),
    ),
  }));

  it('grades them and lists their versions, all in one conflict (its time: npm run bench:receipts)', () => {
    const roster = gradeReceipts(inputs, COURSE);
    const versions = gradedVersionsOf(roster);
    expect(roster.conflicts).toHaveLength(1);
    expect(roster.conflicts[0]!.sources).toHaveLength(n);
    expect(versions).toEqual([{ version: COURSE.version, current: true, sources: inputs.map((x) => x.source) }]);
  }, 120_000);

  it('counts them all when the instructor says they are different people, with notes of bounded length', () => {
    // Each receipt's note listed every other receipt of the name: 50,000 notes of 50,000 sources each, tens of
    // gigabytes, when the instructor pressed "different people".
    const some = inputs.slice(0, 5000);
    const key = gradeReceipts(some, COURSE).conflicts[0]!.key;
    const roster = gradeReceipts(some, COURSE, { choices: { [key]: { count: 'all' } } });
    expect(roster.counted).toBe(5000);
    expect(roster.conflicts).toEqual([]);
    const notes = roster.entries.flatMap((e) => (e.kind === 'counted' ? e.notes : []));
    expect(notes).toHaveLength(5000);
    expect(notes[0]).toMatch(
      /^Counted as a different learner from r1, r2, r3 and 4,996 more \(same name; your choice\)\.$/,
    );
    expect(Math.max(...notes.map((n) => n.length))).toBeLessThan(200);
  }, 120_000);
});
