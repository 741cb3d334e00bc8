/**
 * The learner's outbox: room events waiting to reach the server, kept in localStorage so they survive a dropped
 * network, a reload or a closed tab, and sent in the order they were made. Each event carries a random
 * idempotency key (or a key derived from what it records, for events that several tabs may notice at once), so
 * sending one twice stores it once. Storage is injected; nothing here touches the network.
 */
import type { RoomEvent } from '../protocol.ts';

/** The localStorage keys of the outbox. */
export const QUEUE_KEY = 'mcp-lab-room:queue';
export const SEQ_KEY = 'mcp-lab-room:seq';
/** The most events the outbox holds (far above a workshop's worth: ~20 per learner per chapter). */
export const MAX_QUEUED = 5000;

/** An event before the outbox gives it a sequence number. */
export type UnsequencedEvent = RoomEvent extends infer E ? (E extends RoomEvent ? Omit<E, 'seq'> : never) : never;

/** The part of the Web Storage API the outbox uses. */
export interface QueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** What adding an event did. */
export type EnqueueOutcome =
  { kind: 'queued'; seq: number } | { kind: 'duplicate' } | { kind: 'full' } | { kind: 'not-saved'; reason: string };

/** A new random idempotency key (22 URL-safe characters, 128 bits). */
export function randomKey(
  random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from(random(22), (b) => alphabet[b & 63]).join('');
}

/** The outbox over a storage. */
export function createQueue(storage: QueueStorage) {
  const read = (): RoomEvent[] => {
    try {
      const value = JSON.parse(storage.getItem(QUEUE_KEY) ?? '[]') as unknown;
      return Array.isArray(value) ? (value as RoomEvent[]) : [];
    } catch {
      return [];
    }
  };
  const write = (events: RoomEvent[]): string | undefined => {
    try {
      if (events.length === 0) storage.removeItem(QUEUE_KEY);
      else storage.setItem(QUEUE_KEY, JSON.stringify(events));
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
  return {
    /** Adds an event at the end, numbering it; an event whose key is already waiting is not added twice. */
    enqueue(event: UnsequencedEvent): EnqueueOutcome {
      const events = read();
      if (events.some((e) => e.key === event.key)) return { kind: 'duplicate' };
      if (events.length >= MAX_QUEUED) return { kind: 'full' };
      const seq = Number(storage.getItem(SEQ_KEY) ?? '0') + 1;
      const problem = write([...events, { ...event, seq } as RoomEvent]);
      if (problem) return { kind: 'not-saved', reason: problem };
      try {
        storage.setItem(SEQ_KEY, String(seq));
      } catch {
        // The event is queued; the next number repeats at worst, which only affects display order.
      }
      return { kind: 'queued', seq };
    },
    /** The first `n` events waiting, oldest first. */
    peek(n: number): RoomEvent[] {
      return read().slice(0, n);
    },
    /** Removes the events the server has answered for (stored, duplicate or rejected). */
    remove(keys: readonly string[]): void {
      const done = new Set(keys);
      const events = read();
      const rest = events.filter((e) => !done.has(e.key));
      if (rest.length !== events.length) write(rest);
    },
    /** How many events are waiting. */
    size(): number {
      return read().length;
    },
    /** Empties the outbox (the room is over for this learner). */
    clear(): void {
      write([]);
      try {
        storage.removeItem(SEQ_KEY);
      } catch {
        // Nothing to do: the numbers only order this learner's events.
      }
    },
  };
}

/** The outbox's API. */
export type Queue = ReturnType<typeof createQueue>;
