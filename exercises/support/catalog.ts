/**
 * Finds the exercises on disk for the Node scripts and tests: every exercises/NN-slug/ folder with a valid
 * exercise.json. Most are tested by cases (`cases.ts`, also run in the page); an exercise whose manifest says
 * `"test": "probe"` is a whole MCP server, tested by `mcp-lab probe`. Node only (the site reads the same files
 * through import.meta.glob).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import {
  EXERCISE_ID,
  ExerciseManifestSchema,
  ProbeExerciseManifestSchema,
  type ExerciseManifest,
  type ProbeExerciseManifest,
} from './manifest.ts';

/** The exercises/ folder. */
export const EXERCISES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** One exercise tested by its cases, found on disk. */
export interface ExerciseOnDisk {
  dir: string;
  manifest: ExerciseManifest;
}

/** One exercise tested by the probe, found on disk. */
export interface ProbeExerciseOnDisk {
  dir: string;
  manifest: ProbeExerciseManifest;
}

/** Any exercise, tagged by how it is tested. */
export type AnyExercise = ({ test: 'cases' } & ExerciseOnDisk) | ({ test: 'probe' } & ProbeExerciseOnDisk);

/** Reads an exercise's manifest; throws with the file named when it is missing or not JSON. */
function readManifest(id: string): { dir: string; file: string; raw: unknown } {
  const dir = join(EXERCISES_DIR, id);
  const file = join(dir, 'exercise.json');
  try {
    return { dir, file, raw: JSON.parse(readFileSync(file, 'utf8')) };
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Whether a raw manifest declares the probe as its test. */
const isProbeManifest = (raw: unknown): boolean =>
  typeof raw === 'object' && raw !== null && (raw as { test?: unknown }).test === 'probe';

/** Checks a manifest against its schema, its id against the folder, and that every file it lists exists. */
function checked<T extends { id: string }>(
  id: string,
  read: { dir: string; file: string; raw: unknown },
  schema: z.ZodType<T>,
  files: (manifest: T) => string[],
): T {
  const parsed = schema.safeParse(read.raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${read.file}: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid manifest'}`);
  }
  if (parsed.data.id !== id) throw new Error(`${read.file}: id is "${parsed.data.id}" but the folder is "${id}"`);
  for (const f of [...files(parsed.data), 'README.md']) {
    if (!existsSync(join(read.dir, f))) throw new Error(`${read.file}: lists ${f}, which does not exist`);
  }
  return parsed.data;
}

/** Reads and checks one exercise's manifest, of either kind; throws with the file and the field named when it is wrong. */
export function readAnyExercise(id: string): AnyExercise {
  const read = readManifest(id);
  if (isProbeManifest(read.raw)) {
    const manifest = checked(id, read, ProbeExerciseManifestSchema, (m) => [m.files.problem, ...m.files.solutions]);
    return { test: 'probe', dir: read.dir, manifest };
  }
  const manifest = checked(id, read, ExerciseManifestSchema, (m) => [
    m.files.problem,
    ...m.files.solutions,
    m.files.test,
    m.files.cases,
  ]);
  return { test: 'cases', dir: read.dir, manifest };
}

/** Reads and checks one exercise tested by cases; throws for a probe exercise, which has none. */
export function readExercise(id: string): ExerciseOnDisk {
  const exercise = readAnyExercise(id);
  if (exercise.test === 'probe') throw new Error(`exercises/${id} is tested by the probe: it has no cases`);
  return exercise;
}

/** Every exercise of either kind, in course order. */
export function listAllExercises(): AnyExercise[] {
  return readdirSync(EXERCISES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory() && EXERCISE_ID.test(e.name))
    .map((e) => e.name)
    .sort()
    .map(readAnyExercise);
}

/** Every exercise tested by cases, in course order. */
export function listExercises(): ExerciseOnDisk[] {
  return listAllExercises().flatMap((e) => (e.test === 'cases' ? [e] : []));
}

/** Finds an exercise by its number ("3", "03") or its full id; undefined when none matches. */
export function findExercise(query: string): AnyExercise | undefined {
  const all = listAllExercises();
  const q = query.trim();
  return (
    all.find((e) => e.manifest.id === q) ??
    all.find((e) => /^\d+$/.test(q) && e.manifest.id.startsWith(`${q.padStart(2, '0')}-`))
  );
}
