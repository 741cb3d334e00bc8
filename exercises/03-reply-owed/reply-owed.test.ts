import { describeExercise } from '../support/exercise-tests.ts';
import { CASES, type Exercise } from './cases.ts';

// npm test runs the cases against every solution, proving the exercise can be solved; EXERCISE_TARGET=problem
// (npm run exercise -- 03) runs them against the learner's file. Each file loads only when its tests run.
describeExercise<Exercise>('03 reply-owed', CASES, {
  problem: () => import('./reply-owed.problem.ts'),
  solutions: {
    solution: () => import('./reply-owed.solution.ts'),
  },
});
