/**
 * The roster's Web Worker: re-grades receipts off the main thread, so pasting a class of 300 never freezes the page.
 */
import { runRoster, type RosterRequest } from './roster-run.ts';

const worker = globalThis as unknown as { onmessage: ((e: MessageEvent<RosterRequest>) => void) | null; postMessage: (message: unknown) => void };

worker.onmessage = (event) => {
  runRoster(event.data).then(
    (result) => worker.postMessage({ kind: 'result', ...result }),
    (error: unknown) => worker.postMessage({ kind: 'error', id: event.data.id, message: error instanceof Error ? error.message : String(error) }),
  );
};
