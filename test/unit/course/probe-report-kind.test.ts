/**
 * The capstone's probe report as its own graded kind: the summary a learner hands in is checked at the border by
 * the kind's answers schema (bounded), re-checked by its grader with the probe's own schema (src/probe/report.ts),
 * self-reported, and passed when every MUST check passed (the rule the course gives the capstone). The sample
 * reports are the probe's own fixtures (test/support/probe-report-sample.ts).
 */
import { describe, expect, it } from 'vitest';
import { gradeAnswers, gradingCourse } from '../../../src/course/graded-graders.ts';
import { readGradedAnswers } from '../../../src/course/graded-kinds.ts';
import type { ProbeReport } from '../../../src/probe/report.ts';
import { RoomEventSchema } from '../../../src/room/protocol.ts';
import { PASSING_REPORT, SAMPLE_REPORT } from '../../support/probe-report-sample.ts';

const CH = 'check-your-own-server';
const EXERCISE = '11-capstone-incident-desk';
const course = gradingCourse({
  chapters: [
    {
      id: CH,
      tables: [],
      classify: [],
      exchanges: [],
      codeLabs: [],
      items: [{ type: 'graded', kind: 'probe-report', id: EXERCISE }],
    },
  ],
  checks: {},
  fixtureTexts: {},
});
type Report = Pick<ProbeReport, 'protocol' | 'transport' | 'score'> & {
  checks: readonly ProbeReport['checks'][number][];
};
const handIn = (r: Report) => ({
  protocol: r.protocol,
  transport: r.transport,
  score: r.score,
  checks: r.checks.map(({ id, level, status }) => ({ id, level, status })),
  sha256: 'b'.repeat(64),
});
const grade = (answers: unknown, itemId = EXERCISE) => {
  const read = readGradedAnswers('probe-report', answers);
  if (read.kind !== 'answers') return read;
  return gradeAnswers('probe-report', read.answers, { chapterId: CH, itemId }, course);
};

describe('the probe-report graded kind', () => {
  it('passes a report whose every MUST passed, self-reported', () => {
    expect(grade(handIn(PASSING_REPORT))).toMatchObject({ kind: 'graded', passed: true, selfReported: true });
  });

  it('does not pass a report with a failed MUST (MUST 1 of 2)', () => {
    expect(grade(handIn(SAMPLE_REPORT))).toMatchObject({
      kind: 'graded',
      correct: 1,
      total: 2,
      passed: false,
      selfReported: true,
    });
  });

  it('refuses a summary whose score does not match its checks, and an item the chapter lacks', () => {
    const forged = {
      ...handIn(SAMPLE_REPORT),
      score: { ...SAMPLE_REPORT.score, must: { passed: 2, of: 2 } },
    };
    expect(grade(forged)).toMatchObject({ kind: 'rejected', reason: expect.stringMatching(/score does not match/) });
    expect(grade(handIn(PASSING_REPORT), 'other-exercise')).toMatchObject({ kind: 'rejected' });
  });

  it('bounds the summary at the room border: at most 100 checks', () => {
    const event = {
      key: 'key-000001',
      seq: 1,
      chapterId: CH,
      kind: 'probe-report',
      itemId: EXERCISE,
      action: 'submit',
      answers: handIn(PASSING_REPORT),
    };
    expect(RoomEventSchema.safeParse(event).success).toBe(true);
    const check = { id: 'x', level: 'MUST', status: 'pass' };
    const tooMany = { ...event, answers: { ...event.answers, checks: Array.from({ length: 101 }, () => check) } };
    expect(RoomEventSchema.safeParse(tooMany).success).toBe(false);
  });
});
