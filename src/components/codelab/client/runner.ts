/**
 * Runs learner code in a fresh Web Worker per run. A spare worker is started ahead of time (when the learner shows
 * intent, and again after every run), so a run only pays for transpiling and testing, not for loading the runner.
 * A run that takes longer than RUN_TIMEOUT_MS is stopped by terminating its worker; the page never waits on it.
 */
import { RUN_TIMEOUT_MS, type RunnerMessage, type RunRequest } from '../worker/protocol.ts';

/** How a run ended. */
export type RunEnd =
  | { kind: 'done'; passed: number; total: number }
  | { kind: 'syntax-error' | 'load-error' }
  | { kind: 'timeout' }
  | { kind: 'crashed'; message: string };

let spare: Worker | undefined;
let nextRunId = 1;

function startWorker(): Worker {
  return new Worker(new URL('../worker/runner.worker.ts', import.meta.url), {
    type: 'module',
    name: 'code-lab-runner',
  });
}

/** Starts the spare worker now, so the first run does not wait for the runner to load. */
export function warmRunner(): void {
  spare ??= startWorker();
}

/** Runs `code` against an exercise; `onMessage` sees every message of this run as it arrives. */
export function runInWorker(
  exercise: string,
  code: string,
  onMessage: (message: RunnerMessage) => void,
): Promise<RunEnd> {
  const worker = spare ?? startWorker();
  spare = undefined;
  const runId = nextRunId++;
  return new Promise<RunEnd>((resolve) => {
    let settled = false;
    const finish = (end: RunEnd) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.terminate();
      // Start the next run's worker once this one's results are on screen.
      setTimeout(warmRunner, 0);
      resolve(end);
    };
    const timer = setTimeout(() => finish({ kind: 'timeout' }), RUN_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<RunnerMessage>) => {
      const message = event.data;
      if (message.type === 'ready' || message.runId !== runId) return;
      onMessage(message);
      if (message.type === 'done') finish({ kind: 'done', passed: message.passed, total: message.total });
      else if (message.type === 'syntax-error' || message.type === 'load-error') finish({ kind: message.type });
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish({ kind: 'crashed', message: event.message || 'the runner stopped unexpectedly (out of memory?)' });
    };
    worker.onmessageerror = () =>
      finish({ kind: 'crashed', message: 'the runner sent a message the page could not read' });
    const request: RunRequest = { type: 'run', runId, exercise, code };
    worker.postMessage(request);
  });
}
