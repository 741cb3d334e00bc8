/**
 * `npm run exercise` for an exercise whose test is the probe: runs `mcp-lab probe --format json` against the
 * learner's server file (or the worked solution) on stdio, and prints the failed checks in a few lines each, the
 * score and a hint. It is solved when no check the probe attempted failed (MUST or SHOULD: the brief's tool
 * failures rest on SHOULD sentences). The hint level rises as with the other exercises: only when a run fails no
 * fewer checks than the one before. `npm run exercises` asks `probeOnce` for the summary line.
 */
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { join } from 'node:path';
import { readProbeReport, type ProbeReport } from '../../src/probe/report.ts';
import type { ProbeExerciseOnDisk } from './catalog.ts';
import { reportPassed } from '../../src/components/widgets/lib/probe-report-view.ts';
import { EXERCISES_DIR } from './catalog.ts';
import { nextHintLevel, readHintState, writeHintState } from './hint-reporter.ts';

const ROOT = join(EXERCISES_DIR, '..');
const CLI = join(ROOT, 'src', 'cli', 'mcp-lab.ts');
/** A probe run that takes longer than this is stopped (the probe has its own per-check timeouts well inside it). */
const RUN_TIMEOUT_MS = 120_000;
/** The most output a run may produce before it is stopped (a report is at most about 1 MB). */
const MAX_OUTPUT = 2_000_000;

/** The outcome of one probe run. */
export type ProbeRun =
  { kind: 'report'; report: ProbeReport; exitCode: number } | { kind: 'failed'; message: string; exitCode: number };

/** The command line `npm run exercise` probes: the file run by this Node, on stdio. */
export function probeArgs(exercise: ProbeExerciseOnDisk, file: string): string[] {
  return [CLI, 'probe', '--format', 'json', '--', process.execPath, join('exercises', exercise.manifest.id, file)];
}

/** Runs the probe once against one of the exercise's files; never throws. */
export function probeOnce(exercise: ProbeExerciseOnDisk, file: string): Promise<ProbeRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, probeArgs(exercise, file), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let stopped = '';
    const stop = (why: string) => {
      stopped = why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(`stopped after ${RUN_TIMEOUT_MS / 1000} s`), RUN_TIMEOUT_MS);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.length > MAX_OUTPUT) stop('the probe wrote more than a report can hold');
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (err.length < 20_000) err += chunk;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ kind: 'failed', message: `could not start the probe: ${error.message}`, exitCode: 1 });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const exitCode = code ?? 1;
      if (stopped) return resolve({ kind: 'failed', message: stopped, exitCode: 1 });
      const read = readProbeReport(out);
      if (read.ok) return resolve({ kind: 'report', report: read.report, exitCode });
      const why = err.trim().split('\n').slice(-3).join(' ') || read.problem;
      resolve({ kind: 'failed', message: `the probe wrote no report (exit ${exitCode}): ${why}`, exitCode });
    });
  });
}

const clip = (s: string, n = 200) => {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length > n ? `${line.slice(0, n)}…` : line;
};

/** The lines a learner reads after a run: the failed checks, the score, and whether the exercise is solved. */
export function describeRun(run: ProbeRun, target: string): { lines: string[]; failed: number; solved: boolean } {
  if (run.kind === 'failed')
    return { lines: [`   The probe could not judge ${target}: ${run.message}`], failed: -1, solved: false };
  const { report } = run;
  const failed = report.checks.filter((c) => c.status === 'fail');
  const { must, should } = report.score;
  const skipped = report.checks.filter((c) => c.status === 'not-attempted').length;
  const lines = [
    `   MUST ${must.passed} of ${must.of} passed, SHOULD ${should.passed} of ${should.of}, ${skipped} not attempted (MCP ${report.protocol}, ${report.transport}).`,
  ];
  for (const c of failed) {
    lines.push(
      `   ✗ ${c.level} ${c.id}: ${clip(c.explanation)}`,
      `     sent     ${clip(c.sent)}`,
      `     received ${clip(c.received)}`,
      `     spec     “${clip(c.spec.quote, 600)}”`,
      `              ${c.spec.url}`,
      `     course   /chapters/${c.chapter.id}/#${c.chapter.anchor}`,
    );
  }
  return { lines, failed: failed.length, solved: reportPassed(report) };
}

async function runAndReport(exercise: ProbeExerciseOnDisk, solution: boolean): Promise<number> {
  const { id, title, files, hints } = exercise.manifest;
  const file = solution ? files.solutions[0]! : files.problem;
  const number = id.slice(0, 2);
  const run = await probeOnce(exercise, file);
  const { lines, failed, solved } = describeRun(run, file);
  const out = ['', `── ${number} · ${title}  (probing exercises/${id}/${file} on stdio)`, ...lines];
  if (solved) {
    out.push(
      `   Every check the probe attempted passed. Exercise ${number} is solved; probe it over HTTP too (README.md).`,
    );
    const state = readHintState();
    delete state[id];
    writeHintState(state);
  } else if (!solution) {
    const state = readHintState();
    const next = nextHintLevel(state[id], Math.max(failed, 0), hints.length);
    state[id] = next;
    writeHintState(state);
    out.push('', `   Hint ${next.level} of ${hints.length}: ${hints[next.level - 1]}`);
  }
  process.stdout.write(`${out.join('\n')}\n\n`);
  return solved ? 0 : 1;
}

/** `npm run exercise -- NN [--solution] [--once]` for a probe exercise: probe now, and again on every save. */
export async function watchProbeExercise(
  exercise: ProbeExerciseOnDisk,
  solution: boolean,
  once: boolean,
): Promise<number> {
  const { id, files } = exercise.manifest;
  const file = solution ? files.solutions[0]! : files.problem;
  console.log(
    `Exercise ${id}: ${solution ? 'the worked solution' : 'your server'}, exercises/${id}/${file}, probed by mcp-lab probe`,
  );
  const first = await runAndReport(exercise, solution);
  if (once) return first;
  console.log('Watching: save the file to probe it again; press Ctrl-C to quit.');
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve(0);
  watch(join(exercise.dir, file), () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(() => runAndReport(exercise, solution));
    }, 200);
  });
  return new Promise<number>(() => {});
}
