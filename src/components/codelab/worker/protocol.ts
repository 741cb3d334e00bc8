/**
 * The messages between a code lab on the page, its sandbox frame, and the two workers the frame runs for each run:
 * the learner worker (runs the learner's code and records what it does) and the checker (never runs learner code;
 * replays the recording against its own copy of the cases and decides every verdict). See the README's threat model.
 *
 * Every message the page acts on names the run it belongs to, so a late message from a stopped run is ignored.
 */
import type { Options } from 'sucrase';
import type { CaseRecording } from './record-replay.ts';

/**
 * The learner worker's sucrase options: types removed and imports turned into CommonJS, nothing else. Workers run
 * modern JavaScript, so optional chaining, class fields and numeric separators stay as written (and keep their
 * columns). The runner's build leaves out the parts of sucrase these options never reach (slim-sucrase.ts, tested
 * with these options by test/unit/codelab/slim-sucrase.test.ts).
 */
export const SUCRASE_OPTIONS = {
  transforms: ['typescript', 'imports'],
  disableESTransforms: true,
} as const satisfies Options;

/** Where in the learner's code something happened (1-based line, as an editor shows it). */
export interface CodePosition {
  line: number;
  column: number;
}

/** Page → frame. */
export type PageToFrame =
  /** The runner's classic script, sent once: the frame starts its workers from it (it has no network to fetch it). */
  | { type: 'load'; source: string }
  /** Run the learner's code against an exercise's cases. */
  | { type: 'run'; runId: number; exercise: string; code: string }
  /** The page's time limit is up: stop the run's workers. */
  | { type: 'stop'; runId: number };

/** Checker (through the frame) → page: what the page shows. */
export type RunnerMessage =
  | { type: 'syntax-error'; runId: number; message: string; position?: CodePosition }
  | { type: 'load-error'; runId: number; message: string; position?: CodePosition }
  | {
      type: 'result';
      runId: number;
      index: number;
      total: number;
      name: string;
      passed: boolean;
      message?: string;
      position?: CodePosition;
    }
  | { type: 'log'; runId: number; text: string }
  | { type: 'done'; runId: number; passed: number; total: number };

/** Checker (through the frame) → page: the learner worker has the code and starts on it; the time limit starts now. */
export interface RunStarted {
  type: 'started';
  runId: number;
}

/** Frame → page. */
export type FrameToPage =
  /** The frame's script is running and listens for 'load'. */
  | { type: 'frame-ready' }
  | RunStarted
  | RunnerMessage
  /** A worker of the run stopped unexpectedly (out of memory, or an error nothing caught). */
  | { type: 'crashed'; runId: number; message: string };

/** Frame → a worker, its one message: the worker's role in a run, and its end of the channel between the two. */
export type WorkerStart =
  | { type: 'run'; exercise: string; code: string; port: MessagePort }
  | { type: 'check'; runId: number; exercise: string; port: MessagePort };

/** Learner worker → checker, on their channel. Nothing here is trusted: the learner's code may have written it. */
export type LearnerReport =
  /** Sent before the learner's code is even transpiled, so the code cannot hold it back. */
  | { type: 'started' }
  | { type: 'log'; text: string }
  | { type: 'syntax-error'; message: string; position?: CodePosition }
  | { type: 'load-error'; message: string; position?: CodePosition }
  /** The module loaded; these of its exports are functions. */
  | { type: 'loaded'; functions: string[] }
  | ({ type: 'case' } & CaseRecording)
  /** A case whose recording could not be sent (a value the structured clone refuses). */
  | { type: 'case-unreadable'; index: number; message: string }
  | { type: 'cases-done' };

/** Output limits: a learner's code can print a lot; the page shows this much and says the rest was cut. */
export const OUTPUT_LIMITS = {
  /** Console lines forwarded per run. */
  lines: 200,
  /** Characters per console line. */
  lineChars: 1_000,
  /** Characters forwarded per run, all lines together. */
  totalChars: 20_000,
  /** Characters of one failure message. */
  messageChars: 2_000,
  /** Characters of a test's name. */
  nameChars: 300,
} as const;

/** How long a run may take, from the moment the learner worker starts on the code, before the page stops it. */
export const RUN_TIMEOUT_MS = 3_000;
/** How long the page waits, from the click, for a cold sandbox to start a run at all. */
export const START_TIMEOUT_MS = 15_000;
