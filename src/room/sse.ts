/**
 * Reads a Server-Sent Events stream from a fetch() response: the live streams carry a secret in the Authorization
 * header, which EventSource cannot send. The stream is parsed by the message model's event-stream parser (the WHATWG
 * algorithm: comments and ids carry no event, an event without data is not dispatched), and `onEvent` is called for
 * each dispatched event. Resolves when the stream ends or `signal` aborts. Browser and Node.
 */
// The parser file alone (it imports nothing): the whole #message-model chunk must not load with the room client.
import { createEventStreamParser } from '../message-model/sse.ts';

/** One event of the stream. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Reads `response.body` as an event stream until it ends. With `idleMs`, a stream that sends nothing at all (not
 * even a keep-alive comment) for that long is taken as dead: reading stops with an error, so the caller reconnects
 * instead of showing a room that no longer moves.
 */
export async function readEventStream(
  response: Response,
  onEvent: (event: StreamEvent) => void,
  signal?: AbortSignal,
  { idleMs }: { idleMs?: number } = {},
): Promise<void> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createEventStreamParser((e) => onEvent({ event: e.type, data: e.data }));
  let idle = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const abort = () => void reader.cancel().catch(() => {});
  const watch = () => {
    if (idleMs === undefined) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      abort();
    }, idleMs);
  };
  signal?.addEventListener('abort', abort, { once: true });
  try {
    for (;;) {
      watch();
      const { done, value } = await reader.read();
      if (idle) throw new Error(`the live stream sent nothing for ${Math.round((idleMs ?? 0) / 1000)} s`);
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } catch (error) {
    if (!signal?.aborted) throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * After the server said "replaced" (the same sign-in opened a newer live stream elsewhere): waits until this page
 * is shown again, or 30 s when it is on screen already, so two tabs do not keep closing each other's streams.
 */
export function waitUntilShownAgain(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener('visibilitychange', onChange);
      clearTimeout(timer);
      resolve();
    };
    const onChange = () => {
      if (document.visibilityState === 'visible') done();
    };
    const timer = document.visibilityState === 'visible' ? setTimeout(done, 30_000) : undefined;
    document.addEventListener('visibilitychange', onChange);
    signal.addEventListener('abort', done, { once: true });
  });
}
