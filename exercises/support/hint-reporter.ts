/**
 * A vitest reporter for `npm run exercise -- NN`: after every run it lists the failing tests with their messages
 * and prints a hint. The hint level rises only when a run makes no progress (no fewer failing tests than the run
 * before), so a learner who is moving forward is not handed the answer, and a stuck one gets more help.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { EXERCISES_DIR, readExercise } from './catalog.ts';
import { typeErrorsOf, typeReport } from './local-types.ts';

/** Where hint progress is kept between runs (inside node_modules, so it is never committed). */
const STATE_FILE = join(EXERCISES_DIR, '..', 'node_modules', '.cache', 'mcp-message-lab', 'exercise-hints.json');

interface HintState {
  level: number;
  lastFailing: number;
}

/** The hint levels reached so far, per exercise; exported for the probe exercise's runner. */
export function readHintState(): Record<string, HintState> {
  try {
    const raw: unknown = JSON.parse(readFileSync(STATE_FILE, 'utf8'));
    return typeof raw === 'object' && raw !== null ? (raw as Record<string, HintState>) : {};
  } catch {
    return {};
  }
}

/** Keeps the hint levels for the next run. */
export function writeHintState(state: Record<string, HintState>): void {
  try {
    if (!existsSync(dirname(STATE_FILE))) mkdirSync(dirname(STATE_FILE), { recursive: true });
    writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
  } catch {
    // Hint progress is a convenience: a read-only checkout still runs the tests, it just repeats the first hint.
  }
}

const clip = (s: string, n = 400) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** Picks the hint to show after a failing run; exported for its test. */
export function nextHintLevel(previous: HintState | undefined, failing: number, hintCount: number): HintState {
  if (!previous) return { level: 1, lastFailing: failing };
  const progressed = failing < previous.lastFailing;
  const level = progressed ? previous.level : Math.min(previous.level + 1, hintCount);
  return { level: Math.max(1, level), lastFailing: failing };
}

export default class HintReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const id = process.env.EXERCISE_ID;
    if (!id) return;
    const { manifest } = readExercise(id);
    const target =
      process.env.EXERCISE_TARGET === 'problem' ? manifest.files.problem : manifest.files.solutions.join(', ');
    const tests = testModules.flatMap((m) => [...m.children.allTests()]);
    const failed = tests.filter((t) => t.result().state === 'failed');
    const number = id.slice(0, 2);
    const out: string[] = ['', `── ${number} · ${manifest.title}  (testing exercises/${id}/${target})`];

    // The same type check as the code lab's: a file with type errors is not solved, even when its tests pass.
    const targets = process.env.EXERCISE_TARGET === 'problem' ? [manifest.files.problem] : manifest.files.solutions;
    let typeErrors = 0;
    const typeLines: string[] = [];
    for (const file of targets) {
      try {
        const diagnostics = typeErrorsOf(id, file);
        typeErrors += diagnostics.filter((d) => d.severity === 'error').length;
        typeLines.push(...typeReport(id, file, diagnostics));
      } catch (error) {
        typeLines.push(`   Types not checked: ${error instanceof Error ? error.message : String(error)}`);
      }
    }

    if (tests.length === 0) {
      out.push('   No tests ran. Is the file saved, and does it compile?', ...typeLines);
    } else if (failed.length === 0 && typeErrors > 0) {
      out.push(`   All ${tests.length} tests pass, but the types do not check yet:`, ...typeLines);
    } else if (failed.length === 0) {
      out.push(...typeLines);
      out.push(`   All ${tests.length} tests pass. Exercise ${number} is solved.`);
      const state = readHintState();
      delete state[id];
      writeHintState(state);
    } else {
      out.push(`   ${failed.length} of ${tests.length} tests fail:`);
      for (const t of failed) {
        const result = t.result();
        const message = result.state === 'failed' ? (result.errors[0]?.message ?? '') : '';
        out.push(`   ✗ ${t.name}`, `     ${clip(message.split('\n')[0] ?? '')}`);
      }
      out.push(...typeLines);
      if (process.env.EXERCISE_TARGET === 'problem') {
        const state = readHintState();
        const next = nextHintLevel(state[id], failed.length, manifest.hints.length);
        state[id] = next;
        writeHintState(state);
        out.push('', `   Hint ${next.level} of ${manifest.hints.length}: ${manifest.hints[next.level - 1]}`);
        out.push(
          next.level < manifest.hints.length
            ? '   (Save to run again. A run with no fewer failures shows the next hint.)'
            : `   (That was the last hint. \`npm run exercise -- ${number} --solution\` runs the worked solution.)`,
        );
      }
    }
    process.stdout.write(`${out.join('\n')}\n\n`);
  }
}
