/**
 * The roster's Web Worker: re-grades receipts off the main thread, so pasting a class of 300 never freezes the page.
 */
import type { CourseData } from './grade.ts';
import { runRoster, warmUp, type RosterRequest } from './roster-run.ts';

type Message = RosterRequest | { warm: CourseData };
const worker = globalThis as unknown as {
  onmessage: ((e: MessageEvent<Message>) => void) | null;
  postMessage: (message: unknown) => void;
};

worker.onmessage = (event) => {
  if ('warm' in event.data) {
    void warmUp(event.data.warm).catch(() => undefined);
    return;
  }
  const request = event.data;
  runRoster(request).then(
    (result) => worker.postMessage({ kind: 'result', ...result }),
    (error: unknown) =>
      worker.postMessage({
        kind: 'error',
        id: request.id,
        message: error instanceof Error ? error.message : String(error),
      }),
  );
};
