import { describe, it } from 'vitest';
import { CASES, type Exercise } from './cases.ts';
import * as problem from './route-server-messages.problem.ts';
import * as solution from './route-server-messages.solution.ts';

// EXERCISE_TARGET=problem runs the cases against the learner's file (npm run exercise -- 10); by default they run
// against every solution, so `npm test` proves the exercise can be solved.
const targets: Record<string, Exercise> = process.env.EXERCISE_TARGET === 'problem' ? { problem } : { solution };

for (const [file, exercise] of Object.entries(targets)) {
  describe(`10 route-server-messages (${file})`, () => {
    for (const c of CASES) it(c.name, () => c.run(exercise));
  });
}
