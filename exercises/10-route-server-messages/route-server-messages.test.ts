import { describeExercise } from '../support/exercise-tests.ts';
import { CASES, type Exercise } from './cases.ts';

// npm test runs the cases against the solution, proving the exercise can be solved; EXERCISE_TARGET=problem
// (npm run exercise -- 10) runs them against the learner's file. Each file loads only when its tests run.
describeExercise<Exercise>('10 route-server-messages', CASES, {
  problem: () => import('./route-server-messages.problem.ts'),
  solutions: {
    solution: () => import('./route-server-messages.solution.ts'),
  },
});
