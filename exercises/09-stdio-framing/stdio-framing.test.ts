import { describeExercise } from '../support/exercise-tests.ts';
import { CASES, type Exercise } from './cases.ts';

// npm test runs the cases against every solution, proving the exercise can be solved; EXERCISE_TARGET=problem
// (npm run exercise -- 09) runs them against the learner's file. Each file loads only when its tests run.
describeExercise<Exercise>('09 stdio-framing', CASES, {
  problem: () => import('./stdio-framing.problem.ts'),
  solutions: {
    solution: () => import('./stdio-framing.solution.ts'),
    'scan solution': () => import('./stdio-framing.scan.solution.ts'),
  },
});
