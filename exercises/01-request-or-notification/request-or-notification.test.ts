import { describeExercise } from '../support/exercise-tests.ts';
import { CASES, type Exercise } from './cases.ts';

// npm test runs the cases against every solution, proving the exercise can be solved; EXERCISE_TARGET=problem
// (npm run exercise -- 01) runs them against the learner's file. Each file loads only when its tests run.
describeExercise<Exercise>('01 request-or-notification', CASES, {
  problem: () => import('./request-or-notification.problem.ts'),
  solutions: {
    solution: () => import('./request-or-notification.solution.ts'),
  },
});
