/**
 * The places for live streams: at most `maxStreams` open server-wide and `perAddress` from one client address
 * (counted from the request, before the stream starts, so a burst cannot slip past the cap), and at most `cap` per
 * holder (a learner, or one room's instructor link), whose oldest stream makes way for a new one.
 */
import type { SSEStreamingApi } from 'hono/streaming';
import { LiveSender } from './streams.ts';

/** How a stream's place is taken and given back. */
export interface StreamPlace {
  /** Starts the stream in its place: its sender (bounded by maxQueuedBytesPerStream). */
  start(stream: SSEStreamingApi): LiveSender;
  /** Gives the place back (once; later calls do nothing). */
  release(): void;
}

/** What bounds the places. */
interface StreamPlaceLimits {
  maxStreams: number;
  perAddress: number;
  maxQueuedBytesPerStream: number;
  stallSeconds: number;
}

/** The open live streams and their places. */
export class StreamPlaces {
  readonly #limits: StreamPlaceLimits;
  readonly #streams = new Set<SSEStreamingApi>();
  /** Open streams by holder, oldest first. */
  readonly #holders = new Map<string, SSEStreamingApi[]>();
  /** How to close each open stream and release its place. */
  readonly #closers = new WeakMap<SSEStreamingApi, () => void>();
  /** What writes to each open stream. */
  readonly #senders = new WeakMap<SSEStreamingApi, LiveSender>();
  /** Streams accepted. */
  #open = 0;
  /** Streams accepted per client address (addressKey). */
  readonly #byAddress = new Map<string, number>();

  constructor(limits: StreamPlaceLimits) {
    this.#limits = limits;
  }

  /** A place for a stream from `address` held by `holder`, or why there is none (answered 503). */
  accept(address: string, holder: string, cap: number): StreamPlace | string {
    if (this.#open >= this.#limits.maxStreams)
      return 'The server has too many live connections open: try again in a moment.';
    const fromAddress = this.#byAddress.get(address) ?? 0;
    if (fromAddress >= this.#limits.perAddress)
      return 'Your network has too many live connections open: try again in a moment.';
    this.#open += 1;
    this.#byAddress.set(address, fromAddress + 1);
    let released = false;
    let self: SSEStreamingApi | undefined;
    const release = () => {
      if (released) return;
      released = true;
      this.#open -= 1;
      const left = (this.#byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.#byAddress.set(address, left);
      else this.#byAddress.delete(address);
      if (self) this.#forget(holder, self);
    };
    const start = (stream: SSEStreamingApi): LiveSender => {
      self = stream;
      const sender = new LiveSender(stream, this.#limits.maxQueuedBytesPerStream);
      this.#senders.set(stream, sender);
      this.#streams.add(stream);
      this.#hold(holder, stream, cap);
      this.#closers.set(stream, () => {
        release();
        void stream.close();
      });
      return sender;
    };
    return { start, release };
  }

  /** Ends every open stream (for shutdown). */
  closeAll(): void {
    for (const stream of [...this.#streams]) {
      const close = this.#closers.get(stream);
      if (close) close();
      else void stream.close();
    }
    this.#streams.clear();
  }

  #hold(holder: string, stream: SSEStreamingApi, cap: number): void {
    const list = this.#holders.get(holder) ?? [];
    list.push(stream);
    this.#holders.set(holder, list);
    // The holder's oldest streams make way (a reloaded tab's old connection may not have noticed it is gone); a
    // page told "replaced" waits until it is shown again before reconnecting, so tabs do not take turns.
    while (list.length > cap) {
      const oldest = list.shift()!;
      const replaced = this.#senders.get(oldest);
      if (replaced)
        void replaced
          .sendAndWait({ event: 'replaced', data: '{}' }, this.#limits.stallSeconds * 1000)
          .finally(() => this.#closers.get(oldest)?.());
      else this.#closers.get(oldest)?.();
    }
  }

  #forget(holder: string, stream: SSEStreamingApi): void {
    this.#streams.delete(stream);
    const list = this.#holders.get(holder);
    const i = list?.indexOf(stream) ?? -1;
    if (list && i >= 0) list.splice(i, 1);
    if (list?.length === 0) this.#holders.delete(holder);
  }
}
