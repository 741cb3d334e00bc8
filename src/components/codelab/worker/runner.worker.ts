/**
 * The code lab's runner: a module Web Worker that transpiles the learner's TypeScript with sucrase, evaluates it as
 * a CommonJS module, and runs the exercise's cases (the same cases.ts vitest runs) with the message model, posting
 * each result as soon as it is known. The page uses one worker per run and stops it after RUN_TIMEOUT_MS, so a
 * learner's endless loop, or a change it makes to a global, never outlives the run.
 */
import { transform } from 'sucrase';
import * as model from '#message-model';
import { describeThrown, runCases } from '../../../../exercises/support/harness.ts';
import type { ExerciseCasesModule } from '../../../../exercises/support/manifest.ts';
import { OUTPUT_LIMITS, type CodePosition, type RunRequest, type RunnerMessage } from './protocol.ts';
import { lockDown } from './sandbox.ts';

// Every exercise's cases, bundled into the worker (a few KB each), so a run needs no further download.
const CASES = import.meta.glob<ExerciseCasesModule>('../../../../exercises/*/cases.ts', { eager: true });

function casesFor(exercise: string): ExerciseCasesModule | undefined {
  return Object.entries(CASES).find(([path]) => path.includes(`/exercises/${exercise}/cases.ts`))?.[1];
}

// Kept before the lockdown: the learner's code cannot reach these bindings.
const post: (message: RunnerMessage) => void = self.postMessage.bind(self);
const realConsole = console;
lockDown(self);

/** The name the learner's code carries in stack traces. */
const SOURCE_URL = 'learner.ts';
/** new Function puts the body two lines below the start of the source it reports positions in. */
const FUNCTION_HEADER_LINES = 2;

/** Where in the learner's code an error was thrown, from the first stack frame inside it. */
function positionOf(error: unknown): CodePosition | undefined {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  const m = new RegExp(`${SOURCE_URL.replace('.', '\\.')}:(\\d+):(\\d+)`).exec(stack);
  if (!m) return undefined;
  const line = Number(m[1]) - FUNCTION_HEADER_LINES;
  return line >= 1 ? { line, column: Number(m[2]) } : undefined;
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters cut)` : text;

/** Formats console arguments the way a console would, safely: cycles, huge values and odd objects never throw. */
function formatArgs(args: unknown[]): string {
  return args
    .map((a) => {
      if (typeof a === 'string') return a;
      if (a instanceof Error) return describeThrown(a);
      try {
        const seen = new WeakSet<object>();
        return (
          JSON.stringify(a, (_k, v: unknown) => {
            if (typeof v === 'bigint') return `${v}n`;
            if (typeof v === 'object' && v !== null) {
              if (seen.has(v)) return '[Circular]';
              seen.add(v);
            }
            return v;
          }) ?? String(a)
        );
      } catch {
        return String(a);
      }
    })
    .join(' ');
}

/** A console for the learner's code: output goes to the page, within OUTPUT_LIMITS. */
function captureConsole(runId: number) {
  let lines = 0;
  let chars = 0;
  let cut = false;
  const write = (...args: unknown[]) => {
    if (cut) return;
    if (lines >= OUTPUT_LIMITS.lines || chars >= OUTPUT_LIMITS.totalChars) {
      cut = true;
      post({
        type: 'log',
        runId,
        text: `… output truncated: the page shows at most ${OUTPUT_LIMITS.lines} lines and ${OUTPUT_LIMITS.totalChars.toLocaleString('en')} characters per run.`,
      });
      return;
    }
    const text = clip(formatArgs(args), OUTPUT_LIMITS.lineChars);
    lines++;
    chars += text.length;
    post({ type: 'log', runId, text });
  };
  return { log: write, info: write, warn: write, error: write, debug: write, trace: write, table: write, dir: write };
}

/** Only the message model can be imported; anything else fails with a sentence that says so. */
function requireFor(specifier: string): unknown {
  if (specifier === '#message-model') return model;
  throw new Error(`Only '#message-model' can be imported in the code lab; '${specifier}' is not available.`);
}

async function run(request: RunRequest): Promise<void> {
  const { runId, exercise, code } = request;
  const cases = casesFor(exercise);
  if (!cases) {
    post({
      type: 'load-error',
      runId,
      message: `The page asked for an exercise this runner does not know (${exercise}).`,
    });
    return;
  }

  let compiled: string;
  try {
    compiled = transform(code, { transforms: ['typescript', 'imports'], filePath: SOURCE_URL }).code;
  } catch (error) {
    const loc = (error as { loc?: { line?: unknown; column?: unknown } }).loc;
    const position =
      typeof loc?.line === 'number' && typeof loc.column === 'number'
        ? { line: loc.line, column: loc.column }
        : undefined;
    const message = (error instanceof Error ? error.message : String(error))
      .replace(/^Error transforming [^:]*: /, '')
      .replace(/\s*\(\d+:\d+\)$/, '');
    post({ type: 'syntax-error', runId, message: clip(message, OUTPUT_LIMITS.messageChars), position });
    return;
  }

  const learnerConsole = captureConsole(runId);
  const module = { exports: {} as Record<string, unknown> };
  try {
    // The learner's module: a function of its CommonJS bindings, with its own console. The Function constructor
    // runs it in this worker's global scope, which the lockdown above has already emptied of anything dangerous.
    const evaluate = new Function(
      'exports',
      'require',
      'module',
      'console',
      `${compiled}\n//# sourceURL=${SOURCE_URL}`,
    ) as (
      exports: Record<string, unknown>,
      require: (specifier: string) => unknown,
      module: { exports: Record<string, unknown> },
      console: ReturnType<typeof captureConsole>,
    ) => void;
    evaluate(module.exports, requireFor, module, learnerConsole);
  } catch (error) {
    post({
      type: 'load-error',
      runId,
      message: clip(`Your code threw while loading: ${describeThrown(error)}`, OUTPUT_LIMITS.messageChars),
      position: positionOf(error),
    });
    return;
  }

  const total = cases.CASES.length;
  let index = 0;
  let passed = 0;
  await runCases(cases, module.exports, (result) => {
    if (result.passed) passed++;
    post({
      type: 'result',
      runId,
      index: index++,
      total,
      name: result.name,
      passed: result.passed,
      message: result.message === undefined ? undefined : clip(result.message, OUTPUT_LIMITS.messageChars),
      position: result.passed ? undefined : positionOf(result.error),
    });
  });
  post({ type: 'done', runId, passed, total });
}

// Warm up while the worker waits as the spare: the first transform and the first classification compile the
// transpiler's and the model's hot paths, so the learner's run does not pay for it.
try {
  transform('export const warm: number = 1;', { transforms: ['typescript', 'imports'] });
  model.classifyMessage('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
} catch {
  // Warming up is an optimisation; a run reports any real problem itself.
}

self.addEventListener('message', (event: MessageEvent<RunRequest>) => {
  const data = event.data;
  if (data?.type !== 'run' || typeof data.code !== 'string' || typeof data.exercise !== 'string') return;
  run(data).catch((error: unknown) => {
    realConsole.error(error);
    post({ type: 'load-error', runId: data.runId, message: `The runner failed: ${describeThrown(error)}` });
  });
});

post({ type: 'ready' });
