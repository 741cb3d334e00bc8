/**
 * Sends the outbox to the server, oldest first, one batch at a time, and removes what the server answered for.
 * When the server cannot be reached it waits (1 s, doubling to 15 s, or at once when the browser says it is
 * online again) and tries the same batch again: the idempotency keys make a repeat harmless. Batches are budgeted by
 * bytes as well as by count, so however much waited offline no body passes the server's limit; a batch the server
 * still refuses as too large (413) is halved, and an event too large to send alone is taken out and reported to the
 * learner (onRejected), never dropped in silence. It stops for good when the server says the learner's sign-in is no
 * longer valid, the learner was removed, or the room has ended.
 */
import { MAX_BODY_BYTES, type EventResult } from '../protocol.ts';
import type { Queue } from './queue.ts';

/** Where the outbox stands, for the page's room banner. */
export interface SenderStatus {
  state: 'idle' | 'sending' | 'waiting' | 'stopped';
  /** Events not yet acknowledged. */
  waiting: number;
  /** Why the last attempt failed, when it did. */
  problem?: string;
}

/** Why sending stopped for good. */
export type StopReason = 'signed-out' | 'removed' | 'ended';

/** What the sender needs. */
export interface SenderOptions {
  queue: Queue;
  token: string;
  fetch?: typeof fetch;
  /** Events per request (the server accepts up to 25). */
  batch?: number;
  /** Bytes per request body (default: the server's limit less a margin for headers' worth of slack). */
  maxBytes?: number;
  /** Whether this tab should send now (one tab sends at a time); default always. */
  mayRun?: () => boolean;
  onStatus?: (status: SenderStatus) => void;
  onRejected?: (rejected: { key: string; reason: string }[]) => void;
  onStop?: (reason: StopReason, message: string) => void;
  /** Timers, injectable for tests. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

const MAX_DELAY_MS = 15_000;

/** Creates a sender; call `kick()` whenever events were queued or the network came back. */
export function createSender(options: SenderOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const batchSize = options.batch ?? 25;
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES - 1024;
  /** The most events the next request may carry: halved after a 413, back to batchSize after a success. */
  let limit = batchSize;
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let running = false;
  let stopped = false;
  let delay = 1000;
  let timer: unknown;

  const status = (state: SenderStatus['state'], problem?: string) =>
    options.onStatus?.({ state, waiting: options.queue.size(), ...(problem ? { problem } : {}) });

  function retryLater(problem: string, ms = delay): void {
    status('waiting', problem);
    delay = Math.min(delay * 2, MAX_DELAY_MS);
    clearTimer(timer);
    timer = setTimer(() => {
      timer = undefined;
      void run();
    }, ms);
  }

  function stop(reason: StopReason, message: string): void {
    stopped = true;
    clearTimer(timer);
    status('stopped', message);
    options.onStop?.(reason, message);
  }

  async function run(): Promise<void> {
    if (running || stopped) return;
    if (options.mayRun && !options.mayRun()) {
      retryLater('another open tab of the course is sending them; this one takes over if it closes.', 2000);
      return;
    }
    running = true;
    try {
      for (;;) {
        const batch = withinBytes(options.queue.peek(limit), maxBytes);
        if (batch.length === 0) {
          status('idle');
          return;
        }
        status('sending');
        let response: Response;
        try {
          response = await doFetch('/api/events', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${options.token}` },
            body: JSON.stringify({ events: batch }),
            signal: AbortSignal.timeout(15_000),
          });
        } catch {
          retryLater('The workshop server cannot be reached; your answers wait here and are sent when it can.');
          return;
        }
        if (response.status === 401) return stop('signed-out', await messageOf(response));
        if (response.status === 410) return stop('removed', await messageOf(response));
        if (response.status === 409) return stop('ended', await messageOf(response));
        if (response.status === 413) {
          if (batch.length > 1) {
            limit = Math.max(1, Math.floor(batch.length / 2));
            continue;
          }
          // One event the server will never take: the learner is told, and the rest can go.
          const { key } = batch[0]!;
          options.queue.remove([key]);
          options.onRejected?.([
            { key, reason: `This answer is too large to send to the room: ${await messageOf(response)}` },
          ]);
          continue;
        }
        if (response.status === 429) {
          const seconds = Number(response.headers.get('retry-after') ?? '1');
          retryLater('Sending more slowly (the server asked to).', Math.max(1, seconds) * 1000);
          return;
        }
        if (!response.ok) {
          retryLater(`The workshop server answered ${response.status}; trying again.`);
          return;
        }
        let results: EventResult[];
        try {
          results = ((await response.json()) as { results: EventResult[] }).results;
        } catch {
          retryLater('The workshop server sent an answer that could not be read; trying again.');
          return;
        }
        const answered = results.filter(Boolean).map((r) => r.key);
        const rejected = results.filter(
          (r): r is Extract<EventResult, { status: 'rejected' }> => r?.status === 'rejected',
        );
        options.queue.remove(answered);
        if (rejected.length) options.onRejected?.(rejected.map(({ key, reason }) => ({ key, reason })));
        delay = 1000;
        limit = batchSize;
        // A batch the server answered only in part (it never should) must not loop forever.
        if (answered.length === 0) {
          retryLater('The workshop server did not acknowledge the events; trying again.');
          return;
        }
      }
    } finally {
      running = false;
    }
  }

  return {
    /** Sends now if there is anything to send (and nothing is already being sent). */
    kick(): void {
      if (stopped) return;
      clearTimer(timer);
      timer = undefined;
      delay = Math.min(delay, 2000);
      void run();
    },
    /** Stops sending (leaving the room). */
    stop(): void {
      stopped = true;
      clearTimer(timer);
    },
    /** Whether sending has stopped for good. */
    stopped: () => stopped,
  };
}

/** The first events of `events` whose request body fits in `maxBytes` (always at least one: the server judges it). */
function withinBytes<T>(events: T[], maxBytes: number): T[] {
  const encoder = new TextEncoder();
  // {"events":[ … ]} around the events, and a comma between two.
  let bytes = encoder.encode('{"events":[]}').length;
  let count = 0;
  for (const event of events) {
    bytes += encoder.encode(JSON.stringify(event)).length + (count ? 1 : 0);
    if (count > 0 && bytes > maxBytes) break;
    count += 1;
  }
  return events.slice(0, count);
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : `The server answered ${response.status}.`;
  } catch {
    return `The server answered ${response.status}.`;
  }
}
