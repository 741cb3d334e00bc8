/**
 * The live streams' upkeep: keep-alive comments, and a check at each heartbeat that the stream has not missed
 * anything. A live message can be lost between the database and a stream (a NOTIFY sent while the LISTEN connection
 * was down, a subscriber set gone, a write dropped), and the stream would then show a room that no longer is; so at
 * each heartbeat the stream compares what it has delivered with what the database holds, and resynchronises when it
 * is behind. What was stored before the previous heartbeat and is still not delivered counts as missed; what was
 * stored since may still be on its way through the bus.
 */
import type { SSEStreamingApi } from 'hono/streaming';

/** Writes a keep-alive comment every `seconds` until the stream ends, running `check` after each. */
export async function keepAlive(stream: SSEStreamingApi, seconds: number, check: () => Promise<void>): Promise<void> {
  while (!stream.aborted && !stream.closed) {
    await stream.sleep(seconds * 1000);
    if (stream.aborted || stream.closed) break;
    await stream.write(': keep-alive\n\n');
    if (stream.aborted || stream.closed) break;
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
