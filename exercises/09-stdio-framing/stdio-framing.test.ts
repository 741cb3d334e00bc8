import { describe, it } from 'vitest';
import { CASES, type Exercise } from './cases.ts';
import * as problem from './stdio-framing.problem.ts';
import * as scanSolution from './stdio-framing.scan.solution.ts';
import * as solution from './stdio-framing.solution.ts';

// EXERCISE_TARGET=problem runs the cases against the learner's file (npm run exercise -- 09); by default they run
// against every solution, so `npm test` proves the exercise can be solved.
const targets: Record<string, Exercise> =
  process.env.EXERCISE_TARGET === 'problem' ? { problem } : { solution, 'scan solution': scanSolution };

for (const [file, exercise] of Object.entries(targets)) {
  describe(`09 stdio-framing (${file})`, () => {
    for (const c of CASES) it(c.name, () => c.run(exercise));
  });
}
