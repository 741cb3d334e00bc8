/**
 * The messages between a code lab on the page and its runner worker. Plain JSON-safe objects; every message from
 * the worker names the run it belongs to, so a late message from a stopped run is ignored.
 */

/** Page → worker: run the learner's code against an exercise's cases. */
export interface RunRequest {
  type: 'run';
  runId: number;
  exercise: string;
  code: string;
}

/** Where in the learner's code something happened (1-based, as an editor shows it). */
export interface CodePosition {
  line: number;
  column: number;
}

/** Worker → page. */
export type RunnerMessage =
  | { type: 'ready' }
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
} as const;

/** How long a run may take before the page stops the worker. */
export const RUN_TIMEOUT_MS = 3_000;
