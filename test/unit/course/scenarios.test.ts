/** The scenario bank's messages are real messages: each classifies under its protocol as it claims to. */
import { describe, expect, it } from 'vitest';
import { classifyMessage, type Protocol } from '#message-model';
import { DECISION_SCENARIOS, DEFAULT_SCENARIO_IDS } from '#course';
import { isBroken } from '../../support/course-messages.ts';

describe('messages shown with a scenario', () => {
  for (const s of DECISION_SCENARIOS) {
    for (const m of s.messages ?? []) {
      it(`${s.id}: ${m.caption}`, () => {
        const c = classifyMessage(m.text, { protocol: m.protocol as Protocol });
        const errors = c.findings.filter((f) => f.severity === 'error').map((f) => f.id);
        if (m.broken) expect(isBroken(c)).toBe(true);
        else
          expect({ kind: c.kind, errors }).toEqual({
            kind: expect.not.stringMatching(/^(parse-error|invalid)$/),
            errors: [],
          });
      });
    }
  }
});

describe('the bank', () => {
  it('has enough rows beyond the default table for a completion check that repeats none of them', () => {
    const others = DECISION_SCENARIOS.filter((s) => !DEFAULT_SCENARIO_IDS.includes(s.id));
    expect(others.length).toBeGreaterThanOrEqual(DEFAULT_SCENARIO_IDS.length);
  });

  it('has the chapter 9 scenarios: late progress, a cancelled write, a server teardown, an unrequested log', () => {
    const ids = DECISION_SCENARIOS.map((s) => s.id);
    for (const id of ['progress-after-result', 'cancelled-write', 'subscription-torn-down', 'log-never-requested'])
      expect(ids).toContain(id);
  });
});
