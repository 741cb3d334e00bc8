/**
 * The vitest side of every exercise's NN-slug.test.ts: the cases, run against the learner's file under
 * EXERCISE_TARGET=problem (`npm run exercise -- NN`) and against every solution otherwise (`npm test`). Each file is
 * imported only when its tests run, so a half-edited starter cannot break `npm test` for the solutions.
 */
import { beforeAll, describe, it } from 'vitest';

/** Imports one of the exercise's files (`() => import('./x.solution.ts')`). */
export type ExerciseLoader<E> = () => Promise<E>;

/** The files an exercise's tests can run against. */
export interface ExerciseFiles<E> {
  problem: ExerciseLoader<E>;
  /** Each worked solution, by the name its tests are listed under. */
  solutions: Record<string, ExerciseLoader<E>>;
}

/** Which files this run tests: the learner's with EXERCISE_TARGET=problem, otherwise every solution. */
export function exerciseTargets<E>(
  files: ExerciseFiles<E>,
  target: string | undefined = process.env.EXERCISE_TARGET,
): Array<[name: string, load: ExerciseLoader<E>]> {
  return target === 'problem' ? [['problem', files.problem]] : Object.entries(files.solutions);
}

/** Declares one describe block per target file, loading the file before its tests run. */
export function describeExercise<E>(
  title: string,
  cases: ReadonlyArray<{ name: string; run(exercise: E): void | Promise<void> }>,
  files: ExerciseFiles<E>,
): void {
  for (const [name, load] of exerciseTargets(files)) {
    describe(`${title} (${name})`, () => {
      let exercise: E;
      beforeAll(async () => {
        exercise = await load();
      });
      for (const c of cases) it(c.name, () => c.run(exercise));
    });
  }
}
