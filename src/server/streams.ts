/**
 * The live streams' upkeep: keep-alive comments, and a check at each heartbeat that the stream has not missed
 * anything. A live message can be lost between the database and a stream (a NOTIFY sent while the LISTEN connection
 * was down, a subscriber set gone, a write dropped), and the stream would then show a room that no longer is; so at
 * each heartbeat the stream compares what it has delivered with what the database holds, and resynchronises when it
 * is behind. What was stored before the previous heartbeat and is still not delivered counts as missed; what was
 * stored since may still be on its way through the bus.
 */
import type { SSEMessage, SSEStreamingApi } from 'hono/streaming';

/**
 * Writes to one live stream without waiting, but never queues more than `maxQueuedBytes` for a reader that does
 * not read: a write that would go past it closes the stream instead (what was queued is dropped), and the page
 * reconnects and gets a fresh snapshot. One message larger than the bound is still sent when nothing else waits
 * (a large room's snapshot). `stalled` says whether the reader has taken nothing for `stallMs` while data waited.
 */
export class LiveSender {
  readonly #stream: SSEStreamingApi;
  readonly #maxQueuedBytes: number;
  readonly #now: () => number;
  #queued = 0;
  /** When the queue last moved (a write finished) or became non-empty. */
  #movedAt: number;

  constructor(stream: SSEStreamingApi, maxQueuedBytes: number, now: () => number = Date.now) {
    this.#stream = stream;
    this.#maxQueuedBytes = maxQueuedBytes;
    this.#now = now;
    this.#movedAt = now();
  }

  /** Bytes written and not yet taken by the reader. */
  get queuedBytes(): number {
    return this.#queued;
  }

  get open(): boolean {
    return !this.#stream.aborted && !this.#stream.closed;
  }

  /** Queues one event; false when the stream is closed, or is closed now because its reader is too far behind. */
  send(message: SSEMessage): boolean {
    return this.#queue(message);
  }

  /**
   * Queues one event and waits until the reader has taken it, or the stream closed; a reader that takes nothing for
   * `stallMs` meanwhile has its stream closed, so no one waits on it for ever.
   */
  async sendAndWait(message: SSEMessage, stallMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const check = () => {
      timer = setTimeout(() => (this.stalled(stallMs) ? this.abort() : check()), stallMs);
    };
    check();
    try {
      await this.#queue(message, true);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Queues a comment line (a keep-alive). */
  comment(text: string): boolean {
    return this.#queue(`: ${text}\n\n`);
  }

  /** True when data has waited for the reader, untaken, for at least `stallMs`. */
  stalled(stallMs: number): boolean {
    return this.#queued > 0 && this.#now() - this.#movedAt >= stallMs;
  }

  /** Closes the stream at once, dropping what is queued (a stream's close() would wait for its reader). */
  abort(): void {
    this.#stream.abort();
  }

  #queue(message: SSEMessage | string, wait?: false): boolean;
  #queue(message: SSEMessage | string, wait: true): Promise<void>;
  #queue(message: SSEMessage | string, wait = false): boolean | Promise<void> {
    if (!this.open) return wait ? Promise.resolve() : false;
    const bytes =
      typeof message === 'string'
        ? Buffer.byteLength(message)
        : Buffer.byteLength(typeof message.data === 'string' ? message.data : '') + (message.event?.length ?? 0) + 16;
    if (this.#queued > 0 && this.#queued + bytes > this.#maxQueuedBytes) {
      this.abort();
      return wait ? Promise.resolve() : false;
    }
    if (this.#queued === 0) this.#movedAt = this.#now();
    this.#queued += bytes;
    const written = typeof message === 'string' ? this.#stream.write(message) : this.#stream.writeSSE(message);
    const done = written
      .catch(() => {})
      .then(() => {
        this.#queued -= bytes;
        this.#movedAt = this.#now();
      });
    return wait ? done : true;
  }
}

/**
 * Writes a keep-alive comment every `seconds` until the stream ends, running `check` after each; closes the stream
 * when its reader has taken nothing for `stallSeconds` while data waited.
 */
export async function keepAlive(
  stream: SSEStreamingApi,
  sender: LiveSender,
  { seconds, stallSeconds }: { seconds: number; stallSeconds: number },
  check: () => Promise<void>,
): Promise<void> {
  while (sender.open) {
    await stream.sleep(seconds * 1000);
    if (!sender.open) break;
    if (sender.stalled(stallSeconds * 1000)) {
      sender.abort();
      break;
    }
    sender.comment('keep-alive');
    await check();
  }
}

/**
 * Says whether a count the stream has delivered is behind what the database held at the previous check (so not
 * only in flight). Call `behind` once per heartbeat with the count delivered and the count stored now.
 */
export class LagCheck {
  #storedBefore: number | undefined;

  behind(delivered: number, storedNow: number): boolean {
    const missed = this.#storedBefore !== undefined && delivered < this.#storedBefore;
    this.#storedBefore = storedNow;
    return missed;
  }

  /** Forgets the previous check (after a resynchronisation). */
  reset(): void {
    this.#storedBefore = undefined;
  }
}
