/**
 * The code lab's runner: one classic script, started twice per run by the sandbox frame (frame/bootstrap.ts) as a
 * blob worker, so it lives in the frame's opaque origin under the frame's policy (no network, no storage). Its first
 * message gives it a role:
 *
 * - learner ('run'): transpiles the learner's TypeScript with sucrase, evaluates it as a CommonJS module, runs the
 *   exercise's cases against it and records, case by case, what crossed between the cases and the learner's
 *   functions (record-replay.ts). It judges nothing; its console output and recordings go to the checker.
 * - checker ('check'): never runs learner code. It runs the same cases with its own copy of the harness and the
 *   model against a replay of the recording, and sends the page each verdict as soon as it is known, with the
 *   output capped to OUTPUT_LIMITS. Whatever the learner's code replaced in its own worker, it cannot reach here.
 */
import { transform } from 'sucrase';
import { classifyMessage } from '#message-model';
import { describeThrown, missingExports, runCase } from '../../../../exercises/support/harness.ts';
import type { ExerciseCasesModule } from '../../../../exercises/support/manifest.ts';
import {
  OUTPUT_LIMITS,
  SUCRASE_OPTIONS,
  type CodePosition,
  type LearnerReport,
  type RunnerMessage,
  type RunStarted,
  type WorkerStart,
} from './protocol.ts';
import { recorder, replayer, ReplayedError, type CaseRecording } from './record-replay.ts';

// Every exercise's cases, bundled into the runner (a few KB each), so a run needs no further download.
const CASES = import.meta.glob<ExerciseCasesModule>('../../../../exercises/*/cases.ts', { eager: true });

function casesFor(exercise: string): ExerciseCasesModule | undefined {
  return Object.entries(CASES).find(([path]) => path.includes(`/exercises/${exercise}/cases.ts`))?.[1];
}

/** The name the learner's code carries in stack traces. */
const SOURCE_URL = 'learner.ts';
/** new Function puts the body two lines below the start of the source it reports positions in. */
const FUNCTION_HEADER_LINES = 2;

/** Where in the learner's code an error was thrown, from the first stack frame inside it. */
function positionOf(error: unknown): CodePosition | undefined {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  const m = /learner\.ts:(\d+):(\d+)/.exec(stack);
  if (!m) return undefined;
  const line = Number(m[1]) - FUNCTION_HEADER_LINES;
  return line >= 1 ? { line, column: Number(m[2]) } : undefined;
}

/** Formats console arguments the way a console would: cycles, huge values and odd objects never throw. */
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

/**
 * What the learner's code may import at run time: nothing. A learner's file imports types only (from #message-model
 * and #course, which sucrase erases); calling the model would let it copy the answer, so the lab does not offer it.
 */
function requireFor(specifier: string): unknown {
  throw new Error(
    `The code lab runs your file on its own: '${specifier}' cannot be imported here. Import types only (import type { … } from '#message-model'); the tests give your functions everything they need.`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The learner worker

function runLearner(start: Extract<WorkerStart, { type: 'run' }>): void {
  // Taken before the learner's code runs, so replacing String.prototype.slice or MessagePort.prototype.postMessage
  // afterwards changes neither. They only keep traffic to the checker small; the checker enforces the limits.
  const send: (report: LearnerReport) => void = MessagePort.prototype.postMessage.bind(start.port);
  const slice = Function.prototype.call.bind(String.prototype.slice) as (s: string, a: number, b: number) => string;
  const clip = (text: string) =>
    text.length > OUTPUT_LIMITS.lineChars + 1 ? slice(text, 0, OUTPUT_LIMITS.lineChars + 1) : text;
  // The learner's code has no channel to the frame: only the checker speaks to it. Not a security boundary (the
  // frame listens to this worker only for crashes); it keeps a flood of messages away from the page's thread.
  for (let scope: object | null = self; scope && scope !== Object.prototype; scope = Object.getPrototypeOf(scope))
    for (const name of ['postMessage', 'close']) {
      try {
        delete (scope as Record<string, unknown>)[name];
      } catch {
        // Not configurable: nothing to do, the frame ignores it.
      }
    }
  // The browser refuses any connection the learner's code tries (the frame's policy allows none): say so in the
  // output, so "Failed to fetch" has an explanation.
  let refusals = 0;
  self.addEventListener('securitypolicyviolation', (event) => {
    if (refusals++ < 3)
      send({
        type: 'log',
        text: clip(
          `The code lab's sandbox refused ${event.blockedURI || 'a request'} (${event.effectiveDirective}): code in the lab has no network.`,
        ),
      });
  });

  send({ type: 'started' });
  const { exercise, code } = start;
  const cases = casesFor(exercise);
  if (!cases) {
    send({ type: 'load-error', message: `The page asked for an exercise this runner does not know (${exercise}).` });
    return;
  }

  let compiled: string;
  try {
    compiled = transform(code, {
      ...SUCRASE_OPTIONS,
      transforms: [...SUCRASE_OPTIONS.transforms],
      filePath: SOURCE_URL,
    }).code;
  } catch (error) {
    const loc = (error as { loc?: { line?: unknown; column?: unknown } }).loc;
    const position =
      typeof loc?.line === 'number' && typeof loc.column === 'number'
        ? { line: loc.line, column: loc.column }
        : undefined;
    const message = (error instanceof Error ? error.message : String(error))
      .replace(/^Error transforming [^:]*: /, '')
      .replace(/\s*\(\d+:\d+\)$/, '');
    send({ type: 'syntax-error', message: clip(message), position });
    return;
  }

  const write = (...args: unknown[]) => send({ type: 'log', text: clip(formatArgs(args)) });
  const learnerConsole = {
    log: write,
    info: write,
    warn: write,
    error: write,
    debug: write,
    trace: write,
    table: write,
    dir: write,
  };
  const module = { exports: {} as Record<string, unknown> };
  try {
    // The learner's module: a function of its CommonJS bindings, with its own console. Evaluating the learner's
    // code is this worker's purpose; the sandbox frame's policy is what allows it, and only there.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
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
      console: typeof learnerConsole,
    ) => void;
    evaluate(module.exports, requireFor, module, learnerConsole);
  } catch (error) {
    send({
      type: 'load-error',
      message: clip(`Your code threw while loading: ${describeThrown(error)}`),
      position: positionOf(error),
    });
    return;
  }

  // From here on the learner's code may have replaced anything in this worker; the checker relies on none of it.
  const exports = module.exports;
  const functions = cases.EXPORTS.filter((name) => typeof exports[name] === 'function');
  send({ type: 'loaded', functions });
  const { exercise: recording, take } = recorder(exports, cases.EXPORTS, positionOf);
  const runAll = async () => {
    for (let index = 0; index < cases.CASES.length; index++) {
      try {
        await cases.CASES[index]!.run(recording as never);
      } catch {
        // The checker decides whether the case failed; here only the recording matters.
      }
      const report: LearnerReport = { type: 'case', index, exports: take() };
      try {
        send(report);
      } catch (error) {
        send({ type: 'case-unreadable', index, message: clip(describeThrown(error)) });
      }
    }
    send({ type: 'cases-done' });
  };
  void runAll();
}

// ---------------------------------------------------------------------------------------------------------------
// The checker

function runChecker(start: Extract<WorkerStart, { type: 'check' }>): void {
  const { runId, exercise, port } = start;
  const post = (message: RunnerMessage) => self.postMessage(message);
  const clip = (value: unknown, max: number) => {
    const text = typeof value === 'string' ? value : String(value);
    return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters cut)` : text;
  };
  const position = (p: unknown): CodePosition | undefined => {
    const { line, column } = (p ?? {}) as { line?: unknown; column?: unknown };
    return Number.isSafeInteger(line) && Number.isSafeInteger(column) && (line as number) > 0 && (column as number) >= 0
      ? { line: line as number, column: column as number }
      : undefined;
  };
  const cases = casesFor(exercise);
  if (!cases) {
    post({
      type: 'load-error',
      runId,
      message: `The page asked for an exercise this runner does not know (${exercise}).`,
    });
    return;
  }

  // The learner's console output, capped here, where the learner's code cannot change the count.
  let lines = 0;
  let chars = 0;
  let cut = false;
  const log = (text: unknown) => {
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
    const line = clip(text, Math.min(OUTPUT_LIMITS.lineChars, OUTPUT_LIMITS.totalChars - chars));
    lines++;
    chars += line.length;
    post({ type: 'log', runId, text: line });
  };

  // What the learner worker has said so far, and who waits for what.
  let loaded: string[] | undefined;
  let started = false;
  let ended = false;
  const recordings = new Map<number, CaseRecording | string>();
  let wake: (() => void) | undefined;
  const changed = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const next = () => new Promise<void>((resolve) => (wake = resolve));

  port.onmessage = (event: MessageEvent<LearnerReport>) => {
    const report = event.data as Partial<LearnerReport> | null;
    if (typeof report !== 'object' || report === null || ended) return;
    switch (report.type) {
      case 'started':
        if (!started) {
          started = true;
          self.postMessage({ type: 'started', runId } satisfies RunStarted);
        }
        return;
      case 'log':
        log(report.text);
        return;
      case 'syntax-error':
      case 'load-error':
        if (loaded !== undefined) return;
        ended = true;
        port.close();
        post({
          type: report.type,
          runId,
          message: clip(report.message, OUTPUT_LIMITS.messageChars),
          position: position(report.position),
        });
        return;
      case 'loaded':
        if (loaded === undefined && Array.isArray(report.functions)) {
          loaded = report.functions.filter((n): n is string => typeof n === 'string');
          changed();
        }
        return;
      case 'case':
      case 'case-unreadable': {
        const index = report.index;
        if (typeof index !== 'number' || recordings.has(index)) return;
        recordings.set(
          index,
          report.type === 'case'
            ? { index, exports: Array.isArray(report.exports) ? report.exports : [] }
            : `Your code returned or passed a value the lab cannot copy to check it: ${clip((report as { message?: unknown }).message, 200)}`,
        );
        changed();
        return;
      }
      case 'cases-done':
        ended = true;
        changed();
        return;
      default:
        // Anything else the learner worker sends is not part of the protocol: ignored.
        return;
    }
  };

  const judge = async () => {
    while (loaded === undefined && !ended) await next();
    if (loaded === undefined) return; // A syntax or load error was reported.
    const present = new Set(loaded);
    const exercise = Object.fromEntries(cases.EXPORTS.filter((n) => present.has(n)).map((n) => [n, () => undefined]));
    const missing = missingExports(cases, exercise);
    const total = cases.CASES.length;
    let passed = 0;
    for (let index = 0; index < total; index++) {
      const c = cases.CASES[index]!;
      while (!recordings.has(index) && !ended) await next();
      const recording = recordings.get(index);
      let result: { name: string; passed: boolean; message?: string; error?: unknown };
      if (recording === undefined) {
        result = {
          name: c.name,
          passed: false,
          message: 'This test did not run: your code stopped the tests before it.',
        };
      } else if (typeof recording === 'string') {
        result = { name: c.name, passed: false, message: recording };
      } else {
        const replay = replayer(
          cases.EXPORTS.filter((n) => present.has(n)),
          recording.exports,
        );
        result = await runCase(c, replay.exercise, missing);
        const leftOver = result.passed ? replay.finish() : undefined;
        if (leftOver) result = { name: c.name, passed: false, message: leftOver };
      }
      if (result.passed) passed++;
      post({
        type: 'result',
        runId,
        index,
        total,
        name: clip(result.name, OUTPUT_LIMITS.nameChars),
        passed: result.passed,
        message: result.message === undefined ? undefined : clip(result.message, OUTPUT_LIMITS.messageChars),
        position: result.error instanceof ReplayedError ? result.error.position : undefined,
      });
    }
    ended = true;
    port.close();
    post({ type: 'done', runId, passed, total });
  };
  judge().catch((error: unknown) =>
    post({
      type: 'load-error',
      runId,
      message: clip(`The checker failed: ${describeThrown(error)}`, OUTPUT_LIMITS.messageChars),
    }),
  );
}

// Warm up while the worker waits as the spare: the first transform and the first classification compile the
// transpiler's and the model's hot paths, so the learner's run does not pay for it.
try {
  transform('export const warm: number = 1;', { ...SUCRASE_OPTIONS, transforms: [...SUCRASE_OPTIONS.transforms] });
  classifyMessage('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
} catch {
  // Warming up is an optimisation; a run reports any real problem itself.
}

self.addEventListener(
  'message',
  (event: MessageEvent<WorkerStart>) => {
    const start = event.data;
    if (!(start?.port instanceof MessagePort) || typeof start.exercise !== 'string') return;
    if (start.type === 'run' && typeof start.code === 'string') runLearner(start);
    else if (start.type === 'check' && typeof start.runId === 'number') runChecker(start);
  },
  { once: true },
);
