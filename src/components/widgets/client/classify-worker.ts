/**
 * The Playground's module Web Worker: it holds the message model, so the page never has to load or evaluate it.
 * It analyses pastes (posting progress every 2,000 lines of a log) and describes single lines of the last log on
 * request.
 */
import { analyse, describeLine, describeMessage, type ProtocolChoice, type ReadMode } from './analyse.ts';

/** A job from the page. */
export type WorkerJob =
  | {
      job: number;
      type: 'analyse';
      /** The text as UTF-8, transferred rather than copied (cloning a large paste would hold up the main thread). */
      bytes: Uint8Array;
      mode: ReadMode;
      protocol: ProtocolChoice;
    }
  /** One line of the last log analysed, by its line number. */
  | { job: number; type: 'line'; line: number }
  | { job: number; type: 'warm' };

/** What the worker posts back. */
export type WorkerReply =
  | { job: number; type: 'progress'; done: number; total: number }
  | { job: number; type: 'done'; analysis: ReturnType<typeof analyse> }
  | { job: number; type: 'line'; described: ReturnType<typeof describeLine> }
  | { job: number; type: 'warm' }
  | { job: number; type: 'failed'; message: string };

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkerJob>) => void) | null;
  postMessage: (m: WorkerReply) => void;
};

scope.onmessage = (event) => {
  const request = event.data;
  const { job } = request;
  try {
    if (request.type === 'warm') {
      // Classify once so the engine has compiled the classifier before the learner's first paste.
      describeMessage('{"jsonrpc":"2.0","id":1,"method":"ping"}', '2026-07-28');
      scope.postMessage({ job, type: 'warm' });
    } else if (request.type === 'line') {
      scope.postMessage({ job, type: 'line', described: describeLine(request.line) });
    } else {
      const text = new TextDecoder().decode(request.bytes);
      const analysis = analyse(text, request.mode, request.protocol, (done, total) =>
        scope.postMessage({ job, type: 'progress', done, total }),
      );
      scope.postMessage({ job, type: 'done', analysis });
    }
  } catch (error) {
    // The model never throws by design; this guards against the browser running out of memory on a huge paste.
    scope.postMessage({ job, type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
};
