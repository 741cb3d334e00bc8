/**
 * What one address may take of the server: sign-ins per room, and stored characters per room and per creating
 * address. Kept in the process, like the rate limits (per instance behind a load balancer): a room's stored total is
 * read from the database the first time this process stores for it, then counted as events are stored; the rooms an
 * address created are those created through this process since it started (the creating address is not stored).
 */

/** Sign-ins per room and address: every sign-in counts, removed learners' too, so removing them frees no place. */
export class SignIns {
  readonly #byRoom = new Map<string, Map<string, number>>();

  /** How many times `address` has signed in to `roomId`. */
  count(roomId: string, address: string): number {
    return this.#byRoom.get(roomId)?.get(address) ?? 0;
  }

  /** Records one more sign-in. */
  add(roomId: string, address: string): void {
    const room = this.#byRoom.get(roomId) ?? new Map<string, number>();
    room.set(address, (room.get(address) ?? 0) + 1);
    this.#byRoom.set(roomId, room);
  }

  /** Forgets a room that is gone. */
  forget(roomId: string): void {
    this.#byRoom.delete(roomId);
  }
}

/** Stored characters per room and per creating address, reserved before a batch is stored. */
export class StorageLedger {
  readonly #rooms = new Map<string, number>();
  readonly #creators = new Map<string, number>();
  readonly #creatorOf = new Map<string, string>();
  readonly #load: (roomId: string) => Promise<number>;

  /** `load` reads what a room already stores (payloads and verdicts), for a room this process has not counted. */
  constructor(load: (roomId: string) => Promise<number>) {
    this.#load = load;
  }

  /** Records that `address` created `roomId`. */
  created(roomId: string, address: string): void {
    this.#creatorOf.set(roomId, address);
    this.#rooms.set(roomId, 0);
  }

  /** Reads what the room stores, if this process has not counted it yet. */
  async ensure(roomId: string): Promise<void> {
    if (!this.#rooms.has(roomId)) {
      const chars = await this.#load(roomId);
      if (!this.#rooms.has(roomId)) this.#rooms.set(roomId, chars);
    }
  }

  /** Which bound `chars` more would pass in the room (after ensure), if any. */
  exceeds(roomId: string, chars: number, limits: { perRoom: number; perCreator: number }): 'room' | 'creator' | null {
    if ((this.#rooms.get(roomId) ?? 0) + chars > limits.perRoom) return 'room';
    const creator = this.#creatorOf.get(roomId);
    if (creator && (this.#creators.get(creator) ?? 0) + chars > limits.perCreator) return 'creator';
    return null;
  }

  /** Counts `chars` more stored in the room (negative to give back what was not stored after all). */
  add(roomId: string, chars: number): void {
    this.#rooms.set(roomId, (this.#rooms.get(roomId) ?? 0) + chars);
    const creator = this.#creatorOf.get(roomId);
    if (creator) this.#creators.set(creator, (this.#creators.get(creator) ?? 0) + chars);
  }

  /** Forgets a deleted room; its characters no longer count for its creator. */
  forget(roomId: string): void {
    const chars = this.#rooms.get(roomId) ?? 0;
    const creator = this.#creatorOf.get(roomId);
    if (creator) this.#creators.set(creator, Math.max(0, (this.#creators.get(creator) ?? 0) - chars));
    this.#rooms.delete(roomId);
    this.#creatorOf.delete(roomId);
  }
}
