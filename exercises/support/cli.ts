/**
 * The local exercise runner.
 *   npm run exercise -- 03             watch exercise 03's tests against your file (the .problem.ts), with hints
 *   npm run exercise -- 03 --solution  the same tests against the worked solution(s)
 *   npm run exercise -- 03 --once      run once instead of watching
 *   npm run exercises                  every exercise, passed or not, against your files
 * An exercise whose test is the probe (a whole MCP server) is probed with `mcp-lab probe` instead (probe-exercise.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { EXERCISES_DIR, findExercise, listAllExercises, type ExerciseOnDisk } from './catalog.ts';
import { describeRun, probeOnce, watchProbeExercise } from './probe-exercise.ts';
import { typeErrorsOf } from './local-types.ts';

const ROOT = join(EXERCISES_DIR, '..');
/** A learner's file that takes longer than this is stopped (it probably loops forever). */
const SUMMARY_TIMEOUT_MS = 10_000;

interface Outcome {
  results?: Array<{ name: string; passed: boolean; message?: string }>;
  loadError?: string;
}

/** Runs one exercise's cases against one of its files in a worker thread, with a time limit. */
export function runInWorker(exercise: ExerciseOnDisk, file: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./summary-worker.ts', import.meta.url), {
      workerData: {
        casesUrl: pathToFileURL(join(exercise.dir, exercise.manifest.files.cases)).href,
        moduleUrl: pathToFileURL(join(exercise.dir, file)).href,
      },
      stdout: true,
      stderr: true,
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      resolve({ loadError: `stopped after ${SUMMARY_TIMEOUT_MS / 1000} s (an endless loop?)` });
    }, SUMMARY_TIMEOUT_MS);
    worker.once('message', (outcome: Outcome) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(outcome);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      resolve({ loadError: error.message });
    });
  });
}

/** One exercise's summary line: whether the learner's file passes, and how much of it. */
async function summaryLine(
  exercise: ReturnType<typeof listAllExercises>[number],
): Promise<{ ok: boolean; detail: string }> {
  if (exercise.test === 'probe') {
    const run = await probeOnce(exercise, exercise.manifest.files.problem);
    const { solved } = describeRun(run, exercise.manifest.files.problem);
    if (run.kind === 'failed') return { ok: false, detail: `could not run: ${run.message}` };
    const attempted = run.report.checks.filter((c) => c.status !== 'not-attempted');
    const passed = attempted.filter((c) => c.status === 'pass').length;
    return { ok: solved, detail: `${passed}/${attempted.length} checks (probe)` };
  }
  const { id, files } = exercise.manifest;
  const outcome = await runInWorker(exercise, files.problem);
  const results = outcome.results ?? [];
  const passed = results.filter((r) => r.passed).length;
  let typeErrors = 0;
  try {
    typeErrors = typeErrorsOf(id, files.problem).filter((d) => d.severity === 'error').length;
  } catch {
    // Types that cannot be checked here are not counted against the learner.
  }
  const ok = outcome.results !== undefined && passed === results.length && typeErrors === 0;
  const detail = outcome.loadError
    ? `could not run: ${outcome.loadError}`
    : `${passed}/${results.length} tests${typeErrors > 0 ? `, ${typeErrors} type error${typeErrors === 1 ? '' : 's'}` : ''}`;
  return { ok, detail };
}

async function summary(): Promise<number> {
  const exercises = listAllExercises();
  console.log(`MCP Message Lab exercises: your files (*.problem.ts) against each exercise's tests\n`);
  let solved = 0;
  const passedIds = new Set<string>();
  for (const exercise of exercises) {
    const { id, title, chapter } = exercise.manifest;
    const { ok, detail } = await summaryLine(exercise);
    if (ok) {
      solved++;
      passedIds.add(id);
    }
    const status = ok ? 'passed' : 'not yet';
    console.log(
      `${ok ? '✓' : '✗'} ${id.padEnd(30)} ${status.padEnd(8)} ${detail.padEnd(14)} ${title}  (chapter ${chapter})`,
    );
  }
  console.log(`\n${solved} of ${exercises.length} exercises passed.`);
  const next = exercises.find((e) => !passedIds.has(e.manifest.id));
  if (next) console.log(`Next up: npm run exercise -- ${next.manifest.id.slice(0, 2)}   (${next.manifest.title})`);
  return 0;
}

function watch(exercise: ExerciseOnDisk, solution: boolean, once: boolean): Promise<number> {
  const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  if (!existsSync(vitest)) {
    console.error('vitest is not installed: run `npm install` first.');
    return Promise.resolve(1);
  }
  const { id, files } = exercise.manifest;
  console.log(
    `Exercise ${id}: ${solution ? `the solution (${files.solutions.join(', ')})` : `your file, exercises/${id}/${files.problem}`}`,
  );
  if (!once) console.log('Watching: save the file to run the tests again; press q to quit.\n');
  const args = [
    vitest,
    once ? 'run' : 'watch',
    `exercises/${id}/`,
    '--reporter=default',
    `--reporter=${join(EXERCISES_DIR, 'support', 'hint-reporter.ts')}`,
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, EXERCISE_ID: id, EXERCISE_TARGET: solution ? 'solution' : 'problem' },
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

async function main(argv: string[]): Promise<number> {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const [query] = argv.filter((a) => !a.startsWith('--'));
  if (flags.has('--summary')) return summary();
  if (!query || flags.has('--help')) {
    console.log('Usage: npm run exercise -- <number> [--solution] [--once]\n       npm run exercises\n\nExercises:');
    for (const e of listAllExercises()) console.log(`  ${e.manifest.id.padEnd(30)} ${e.manifest.title}`);
    return query || flags.has('--help') ? 0 : 1;
  }
  const exercise = findExercise(query);
  if (!exercise) {
    console.error(
      `No exercise "${query}". Choose one of: ${listAllExercises()
        .map((e) => e.manifest.id)
        .join(', ')}`,
    );
    return 1;
  }
  if (exercise.test === 'probe') return watchProbeExercise(exercise, flags.has('--solution'), flags.has('--once'));
  return watch(exercise, flags.has('--solution'), flags.has('--once'));
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
