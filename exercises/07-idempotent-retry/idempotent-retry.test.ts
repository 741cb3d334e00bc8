import { describe, it } from 'vitest';
import { CASES, type Exercise } from './cases.ts';
import * as problem from './idempotent-retry.problem.ts';
import * as solution from './idempotent-retry.solution.ts';

// EXERCISE_TARGET=problem runs the cases against the learner's file (npm run exercise -- 07); by default they run
// against every solution, so `npm test` proves the exercise can be solved.
const targets: Record<string, Exercise> = process.env.EXERCISE_TARGET === 'problem' ? { problem } : { solution };

for (const [file, exercise] of Object.entries(targets)) {
  describe(`07 idempotent-retry (${file})`, () => {
    for (const c of CASES) it(c.name, () => c.run(exercise));
  });
}
