/**
 * Build-time access to exercises/ for <CodeLab>: the manifest, the starter and solution sources, and the brief.
 * Read through import.meta.glob so the site build sees the same files as `npm run exercise`. Server only.
 */
import { ExerciseManifestSchema, type ExerciseManifest } from '../../../exercises/support/manifest.ts';

const MANIFESTS = import.meta.glob<unknown>('../../../exercises/*/exercise.json', { eager: true, import: 'default' });
const SOURCES = import.meta.glob<string>('../../../exercises/*/*.ts', {
  eager: true,
  query: '?raw',
  import: 'default',
});
const BRIEFS = import.meta.glob<{ compiledContent(): string | Promise<string> }>('../../../exercises/*/README.md', {
  eager: true,
});

/** Everything the code lab renders for one exercise. */
export interface CodeLabExercise {
  manifest: ExerciseManifest;
  /** The starter code (the .problem.ts), exactly as a learner gets it locally. */
  starter: string;
  /** The first solution, shown after a first run. */
  solution: string;
  /** The brief (README.md) as HTML, without its title and chapter line, which the page already shows. */
  briefHtml: string;
}

const folderOf = (path: string) => /exercises\/([^/]+)\//.exec(path)?.[1] ?? '';

/** Every exercise id, sorted. */
function exerciseIds(): string[] {
  return Object.keys(MANIFESTS).map(folderOf).sort();
}

function source(id: string, file: string): string {
  const entry = Object.entries(SOURCES).find(([path]) => path.endsWith(`/exercises/${id}/${file}`));
  if (!entry) throw new Error(`exercises/${id}/exercise.json lists ${file}, which does not exist.`);
  return entry[1];
}

/** Loads an exercise for <CodeLab exercise="…">; an unknown id fails the build and lists the known ones. */
export async function requireExercise(id: string): Promise<CodeLabExercise> {
  const path = Object.keys(MANIFESTS).find((p) => folderOf(p) === id);
  if (!path)
    throw new Error(
      `<CodeLab exercise="${id}" />: no such exercise in exercises/. Known exercises: ${exerciseIds().join(', ')}.`,
    );
  const parsed = ExerciseManifestSchema.safeParse(MANIFESTS[path]);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `exercises/${id}/exercise.json: ${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid manifest'}`,
    );
  }
  const manifest = parsed.data;
  const readme = Object.entries(BRIEFS).find(([p]) => folderOf(p) === id)?.[1];
  const html = readme ? await readme.compiledContent() : '';
  const briefHtml = html
    .replace(/<h1[^>]*>[\s\S]*?<\/h1>/, '')
    .replace(/<p>Chapter:[\s\S]*?<\/p>/, '')
    .trim();
  const solutionFile = manifest.files.solutions[0];
  return {
    manifest,
    starter: source(id, manifest.files.problem),
    solution: solutionFile ? source(id, solutionFile) : '',
    briefHtml,
  };
}
