/**
 * Live messages between the server's parts and, with PostgreSQL, between server instances. One SQLite server is
 * one process, so an in-process bus is enough there. With PostgreSQL every instance LISTENs on one channel and
 * every message goes out with NOTIFY, so an instructor connected to any instance sees what a learner sent to any
 * other; a message is delivered locally only when it comes back from PostgreSQL, so each subscriber sees it once.
 * A NOTIFY payload is limited to 8000 bytes: a larger message goes out as a reference that each instance reads
 * back from the database. When the LISTEN connection is lost (PostgreSQL restarted) the bus reconnects and tells
 * every subscriber to resynchronise, since messages sent meanwhile are gone.
 */
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { DashboardEvent, LiveMessage } from '../room/live.ts';
import type { WorkshopDatabase } from './db/schema.ts';

/** The channel every instance listens on. */
export const CHANNEL = 'mcp_lab_workshop';
/** The largest payload sent inline (PostgreSQL's limit is 8000 bytes; leave room for the envelope). */
const INLINE_LIMIT = 7000;

/** Delivers live messages to subscribers of a room. */
export interface Bus {
  publish(message: LiveMessage): Promise<void>;
  /** Calls `listener` for each message of `roomId` (or every room with '*'); returns an unsubscribe function. */
  subscribe(roomId: string, listener: (message: LiveMessage) => void): () => void;
  close(): Promise<void>;
}

class Subscribers {
  readonly #byRoom = new Map<string, Set<(m: LiveMessage) => void>>();

  add(roomId: string, listener: (m: LiveMessage) => void): () => void {
    let set = this.#byRoom.get(roomId);
    if (!set) this.#byRoom.set(roomId, (set = new Set()));
    set.add(listener);
    let subscribed = true;
    return () => {
      // Idempotent, and only ever removes this listener: a second call once deleted the room's set when newer
      // subscribers had joined a fresh one, and every stream of the room went deaf.
      if (!subscribed) return;
      subscribed = false;
      set.delete(listener);
      if (set.size === 0 && this.#byRoom.get(roomId) === set) this.#byRoom.delete(roomId);
    };
  }

  deliver(message: LiveMessage): void {
    const targets =
      message.t === 'resync' ? [...this.#byRoom.values()] : [this.#byRoom.get(message.roomId), this.#byRoom.get('*')];
    for (const set of targets) {
      if (!set) continue;
      for (const listener of [...set]) {
        try {
          listener(message);
        } catch {
          // A subscriber's failure (a closed stream) must not stop delivery to the others.
        }
      }
    }
  }
}

/** The bus of a single process (SQLite). */
export function createMemoryBus(): Bus {
  const subscribers = new Subscribers();
  return {
    async publish(message) {
      subscribers.deliver(message);
    },
    subscribe: (roomId, listener) => subscribers.add(roomId, listener),
    async close() {},
  };
}

/** How a reference to an oversized event is resolved: its stored form by id. */
export type EventLoader = (roomId: string, ids: number[]) => Promise<DashboardEvent[]>;

/** The bus over PostgreSQL LISTEN/NOTIFY. */
export async function createPostgresBus(
  url: string,
  db: Kysely<WorkshopDatabase>,
  loadEvents: EventLoader,
  log: (line: string) => void = () => {},
): Promise<Bus> {
  const subscribers = new Subscribers();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const onNotification = (n: pg.Notification) => {
    if (n.channel !== CHANNEL || !n.payload) return;
    let message: LiveMessage & { ref?: number };
    try {
      message = JSON.parse(n.payload) as LiveMessage & { ref?: number };
    } catch {
      return;
    }
    if (message.t === 'event-ref') {
      void loadEvents(message.roomId, [message.id]).then((events) => {
        for (const event of events) subscribers.deliver({ t: 'event', roomId: message.roomId, event });
      });
      return;
    }
    subscribers.deliver(message);
  };

  async function connect(first: boolean): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', onNotification);
    next.on('error', () => reconnect());
    next.on('end', () => reconnect());
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    client = next;
    if (!first) {
      log('live updates: reconnected to PostgreSQL; dashboards resynchronise');
      subscribers.deliver({ t: 'resync' });
    }
  }

  function reconnect(): void {
    if (closed || retry) return;
    const lost = client;
    client = undefined;
    lost?.removeAllListeners();
    lost?.end().catch(() => {});
    log('live updates: lost the PostgreSQL LISTEN connection; retrying');
    const attempt = (delay: number) => {
      retry = setTimeout(() => {
        connect(false).then(
          () => (retry = undefined),
          () => attempt(Math.min(delay * 2, 5000)),
        );
      }, delay);
    };
    attempt(200);
  }

  await connect(true);
  return {
    async publish(message) {
      let payload = JSON.stringify(message);
      if (Buffer.byteLength(payload) > INLINE_LIMIT) {
        if (message.t !== 'event') throw new Error(`live message too large for NOTIFY (${payload.length} bytes)`);
        payload = JSON.stringify({ t: 'event-ref', roomId: message.roomId, id: message.event.id });
      }
      await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(db);
    },
    subscribe: (roomId, listener) => subscribers.add(roomId, listener),
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      c?.removeAllListeners();
      await c?.end().catch(() => {});
    },
  };
}
