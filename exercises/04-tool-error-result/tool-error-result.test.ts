import { describe, it } from 'vitest';
import { CASES, type Exercise } from './cases.ts';
import * as problem from './tool-error-result.problem.ts';
import * as solution from './tool-error-result.solution.ts';

// EXERCISE_TARGET=problem runs the cases against the learner's file (npm run exercise -- 04); by default they run
// against every solution, so `npm test` proves the exercise can be solved.
const targets: Record<string, Exercise> = process.env.EXERCISE_TARGET === 'problem' ? { problem } : { solution };

for (const [file, exercise] of Object.entries(targets)) {
  describe(`04 tool-error-result (${file})`, () => {
    for (const c of CASES) it(c.name, () => c.run(exercise));
  });
}
