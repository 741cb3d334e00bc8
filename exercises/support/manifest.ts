/**
 * The exercise manifest (`exercises/NN-slug/exercise.json`): what the local runner, the CI check and the in-page
 * code lab read about an exercise. Imports only zod, so the build, Node scripts and tests share it.
 */
import { z } from 'zod';

import { CHAPTER_ORDER } from '../../src/course/course-order.ts';

/** An exercise id: the folder name, two digits and a kebab-case slug. */
export const EXERCISE_ID = /^\d{2}-[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** One exercise's manifest. */
export const ExerciseManifestSchema = z
  .object({
    /** The folder name, e.g. "03-reply-owed"; `npm run exercise -- 03` finds it by its number. */
    id: z.string().regex(EXERCISE_ID, 'an id is two digits and a kebab-case slug, like "03-reply-owed"'),
    /** The title shown in the code lab and the progress summary. */
    title: z.string().min(5).max(80),
    /** The chapter whose Practice section the exercise belongs to. */
    chapter: z.enum(CHAPTER_ORDER as [string, ...string[]]),
    /** Two or three hints, each more detailed than the one before; the last nearly gives the answer. */
    hints: z.array(z.string().min(10)).min(2).max(3),
    /** The exercise's files, relative to its folder. */
    files: z
      .object({
        /** The starter the learner edits; it compiles and fails its tests. */
        problem: z.string().regex(/\.problem\.ts$/),
        /** One or more worked solutions; every one passes every test. The first is the one "Show solution" shows. */
        solutions: z.array(z.string().regex(/\.solution\.ts$/)).min(1),
        /** The vitest file; it runs the cases against the problem or the solutions. */
        test: z.string().regex(/\.test\.ts$/),
        /** The test cases, shared by vitest and the in-page runner; imports only #message-model and #course. */
        cases: z.literal('cases.ts'),
      })
      .strict(),
  })
  .strict();
export type ExerciseManifest = z.infer<typeof ExerciseManifestSchema>;

/**
 * The manifest of an exercise whose test is the probe (`mcp-lab probe`): the learner writes a whole MCP server, so
 * there are no cases to run in a page; `npm run exercise` probes the file over stdio instead.
 */
export const ProbeExerciseManifestSchema = ExerciseManifestSchema.extend({
  /** How the exercise is tested: by probing the learner's server. */
  test: z.literal('probe'),
  /** The exercise's files, relative to its folder. */
  files: z
    .object({
      /** The starter server the learner edits; it compiles, runs, and fails some of the probe's checks. */
      problem: z.string().regex(/\.problem\.ts$/),
      /** The worked solution, which is also the probe's reference server. */
      solutions: z.array(z.string().regex(/\.solution\.ts$/)).length(1),
    })
    .strict(),
}).strict();
export type ProbeExerciseManifest = z.infer<typeof ProbeExerciseManifestSchema>;

/** What every exercise's cases.ts exports: the names the learner's file must export, and the cases. */
export interface ExerciseCasesModule {
  /** The exports the learner's file must provide, checked before any case runs. */
  EXPORTS: readonly string[];
  /** The test cases, in the order they are shown. */
  CASES: ReadonlyArray<{ name: string; run(exercise: never): void | Promise<void> }>;
}
