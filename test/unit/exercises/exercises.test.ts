/**
 * The CI check for exercises/: every manifest is valid, every solution passes every case, every problem fails at
 * least one (so an exercise can never ship already solved), and the files keep to the rules a learner relies on.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { listExercises } from '../../../exercises/support/catalog.ts';
import { runCases } from '../../../exercises/support/harness.ts';
import { nextHintLevel } from '../../../exercises/support/hint-reporter.ts';
import type { ExerciseCasesModule } from '../../../exercises/support/manifest.ts';

const exercises = listExercises();
const load = async (dir: string, file: string) =>
  (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;

/** The module specifiers a file imports, split into value imports and type-only imports. */
function importsOf(source: string): { values: string[]; types: string[] } {
  const values: string[] = [];
  const types: string[] = [];
  for (const m of source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms))
    (m[1] ? types : values).push(m[2]!);
  return { values, types };
}

describe('exercises/', () => {
  it('has at least eight exercises, numbered without gaps', () => {
    expect(exercises.length).toBeGreaterThanOrEqual(8);
    exercises.forEach((e, i) => expect(e.manifest.id.slice(0, 2)).toBe(String(i + 1).padStart(2, '0')));
  });

  for (const exercise of exercises) {
    const { id, files, hints } = exercise.manifest;
    const read = (f: string) => readFileSync(join(exercise.dir, f), 'utf8');

    describe(id, () => {
      it('fails at least one case with the starter file, each failure with a message', async () => {
        const cases = (await load(exercise.dir, files.cases)) as unknown as ExerciseCasesModule;
        const results = await runCases(cases, await load(exercise.dir, files.problem));
        const failed = results.filter((r) => !r.passed);
        expect(failed.length, `${files.problem} passes every case: the exercise is already solved`).toBeGreaterThan(0);
        for (const r of failed)
          expect(r.message?.length ?? 0, `"${r.name}" fails without a message`).toBeGreaterThan(10);
      });

      for (const solution of files.solutions) {
        it(`passes every case with ${solution}`, async () => {
          const cases = (await load(exercise.dir, files.cases)) as unknown as ExerciseCasesModule;
          const results = await runCases(cases, await load(exercise.dir, solution));
          expect(results.filter((r) => !r.passed)).toEqual([]);
        });
      }

      it('has cases that import only #message-model and #course (types may come from the exercise itself)', () => {
        const { values, types } = importsOf(read(files.cases));
        for (const v of values) expect(['#message-model', '#course']).toContain(v);
        for (const t of types) expect(t === '#message-model' || t === '#course' || t.startsWith('./')).toBe(true);
      });

      it('has a test file that loads the starter and each solution only when their tests run', () => {
        // A static import of the learner's file would make a half-edited starter break `npm test` for the solutions.
        const source = read(files.test);
        const { values } = importsOf(source);
        expect(values.sort()).toEqual(['../support/exercise-tests.ts', './cases.ts']);
        for (const f of [files.problem, ...files.solutions]) expect(source).toContain(`() => import('./${f}')`);
      });

      it('keeps the starter and the solutions free of model imports other than types', () => {
        // A learner's file may use the model's types; calling classifyMessage would let it copy the answer.
        for (const f of [files.problem, ...files.solutions]) expect(importsOf(read(f)).values).toEqual([]);
      });

      it('has two or three different hints', () => {
        expect(hints.length).toBeGreaterThanOrEqual(2);
        expect(hints.length).toBeLessThanOrEqual(3);
        expect(new Set(hints).size).toBe(hints.length);
      });
    });
  }
});

describe('nextHintLevel', () => {
  it('starts at the first hint', () => {
    expect(nextHintLevel(undefined, 5, 3)).toEqual({ level: 1, lastFailing: 5 });
  });
  it('moves to the next hint when a run makes no progress', () => {
    expect(nextHintLevel({ level: 1, lastFailing: 5 }, 5, 3)).toEqual({ level: 2, lastFailing: 5 });
  });
  it('repeats the hint while failures go down', () => {
    expect(nextHintLevel({ level: 2, lastFailing: 5 }, 3, 3)).toEqual({ level: 2, lastFailing: 3 });
  });
  it('never goes past the last hint', () => {
    expect(nextHintLevel({ level: 3, lastFailing: 2 }, 2, 3)).toEqual({ level: 3, lastFailing: 2 });
  });
});
