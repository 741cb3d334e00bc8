/**
 * The Playground's module Web Worker: runs analyse() off the main thread for large pastes and logs, posting
 * progress every 2,000 lines so the page can say how far it is.
 */
import type { Protocol } from '#message-model';
import { analyse, type ReadMode } from './analyse.ts';

/** A job from the page. */
export interface WorkerJob {
  job: number;
  /** The text as UTF-8, transferred rather than copied (a 5 MB string costs ~60 ms to clone on the main thread). */
  bytes: Uint8Array;
  mode: ReadMode;
  protocol: Protocol;
}

/** What the worker posts back. */
export type WorkerReply =
  | { job: number; type: 'progress'; done: number; total: number }
  | { job: number; type: 'done'; analysis: ReturnType<typeof analyse> }
  | { job: number; type: 'failed'; message: string };

const scope = self as unknown as { onmessage: ((e: MessageEvent<WorkerJob>) => void) | null; postMessage: (m: WorkerReply) => void };

scope.onmessage = (event) => {
  const { job, bytes, mode, protocol } = event.data;
  try {
    const text = new TextDecoder().decode(bytes);
    const analysis = analyse(text, mode, protocol, (done, total) => scope.postMessage({ job, type: 'progress', done, total }));
    scope.postMessage({ job, type: 'done', analysis });
  } catch (error) {
    // analyse never throws by design; this guards against the browser running out of memory on a huge paste.
    scope.postMessage({ job, type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
