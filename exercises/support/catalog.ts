/**
 * Finds the exercises on disk for the Node scripts and tests: every exercises/NN-slug/ folder with a valid
 * exercise.json. Node only (the site reads the same files through import.meta.glob).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXERCISE_ID, ExerciseManifestSchema, type ExerciseManifest } from './manifest.ts';

/** The exercises/ folder. */
export const EXERCISES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** One exercise found on disk. */
export interface ExerciseOnDisk {
  dir: string;
  manifest: ExerciseManifest;
}

/** Reads and checks one exercise's manifest; throws with the file and the field named when it is wrong. */
export function readExercise(id: string): ExerciseOnDisk {
  const dir = join(EXERCISES_DIR, id);
  const file = join(dir, 'exercise.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = ExerciseManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${file}: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid manifest'}`);
  }
  if (parsed.data.id !== id) throw new Error(`${file}: id is "${parsed.data.id}" but the folder is "${id}"`);
  const files = [
    parsed.data.files.problem,
    ...parsed.data.files.solutions,
    parsed.data.files.test,
    parsed.data.files.cases,
    'README.md',
  ];
  for (const f of files) {
    if (!existsSync(join(dir, f))) throw new Error(`${file}: lists ${f}, which does not exist`);
  }
  return { dir, manifest: parsed.data };
}

/** Every exercise, in course order. */
export function listExercises(): ExerciseOnDisk[] {
  return readdirSync(EXERCISES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory() && EXERCISE_ID.test(e.name))
    .map((e) => e.name)
    .sort()
    .map(readExercise);
}

/** Finds an exercise by its number ("3", "03") or its full id; undefined when none matches. */
export function findExercise(query: string): ExerciseOnDisk | undefined {
  const all = listExercises();
  const q = query.trim();
  return (
    all.find((e) => e.manifest.id === q) ??
    all.find((e) => /^\d+$/.test(q) && e.manifest.id.startsWith(`${q.padStart(2, '0')}-`))
  );
}
