import { describeExercise } from '../support/exercise-tests.ts';
import { CASES, type Exercise } from './cases.ts';

// npm test runs the cases against every solution, proving the exercise can be solved; EXERCISE_TARGET=problem
// (npm run exercise -- 08) runs them against the learner's file. Each file loads only when its tests run.
describeExercise<Exercise>('08 pick-an-error-code', CASES, {
  problem: () => import('./pick-an-error-code.problem.ts'),
  solutions: {
    solution: () => import('./pick-an-error-code.solution.ts'),
  },
});
