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

  it('grades them and lists their versions in a few seconds, all in one conflict', () => {
    const started = performance.now();
    const roster = gradeReceipts(inputs, COURSE);
    const versions = gradedVersionsOf(roster);
    const ms = performance.now() - started;
    expect(roster.conflicts).toHaveLength(1);
    expect(roster.conflicts[0]!.sources).toHaveLength(n);
    expect(versions).toEqual([{ version: COURSE.version, current: true, sources: inputs.map((x) => x.source) }]);
    // Linear work is well under a second here; the bound leaves room for a busy machine.
    expect(ms).toBeLessThan(6000);
  }, 120_000);
});
