/**
 * The live streams (Server-Sent Events, read with fetch() so the secret travels in a header): a learner's
 * (`GET /api/me/stream`: the room's state, the pace, their removal) and a dashboard's
 * (`GET /api/rooms/:roomId/stream`: a snapshot in pages, then each event, learner and room change, and the pace).
 */
import { Hono, type Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { DashboardLearner, LiveMessage, RoomState } from '../../room/live.ts';
import { limited, type ServerContext } from '../context.ts';
import type { Learner, Room } from '../db/workshop-data.ts';
import { problem, type AppEnv } from '../request.ts';
import type { StreamPlace } from '../stream-places.ts';
import { keepAlive, LagCheck, type LiveSender } from '../streams.ts';
import { dashboardEvent, dashboardLearner, learnerRoomView, roomState } from '../views.ts';

export function liveRoutes(ctx: ServerContext): Hono<AppEnv> {
  const { config } = ctx;
  const app = new Hono<AppEnv>();

  app.get('/api/me/stream', ctx.learnerAuth, (c) => {
    const learner = c.get('learner');
    const place = takePlace(ctx, c, `learner:${learner.id}`, config.streamsPerLearner);
    if (place instanceof Response) return place;
    return streamSSE(c, (stream) => followAsLearner(ctx, learner, c.get('room'), stream, place));
  });

  app.get('/api/rooms/:roomId/stream', ctx.instructorAuth, (c) => {
    const room = c.get('room');
    // A stream starts with a whole-room snapshot: it counts against the room's limit (a reconnect loop is one).
    if (!ctx.limiters.wholeRoom.take(room.id)) return limited(c, ctx.limiters.wholeRoom, room.id);
    const place = takePlace(ctx, c, `room:${room.id}`, config.streamsPerDashboard);
    if (place instanceof Response) return place;
    return streamSSE(c, (stream) => new DashboardStream(ctx, room, stream, place).run());
  });

  return app;
}

/** A place for a new stream, or the 503 that refuses it. */
function takePlace(ctx: ServerContext, c: Context, holder: string, cap: number): StreamPlace | Response {
  const place = ctx.streams.accept(ctx.clientIp(c), holder, cap);
  if (typeof place !== 'string') return place;
  c.header('Retry-After', '10');
  return problem(c, 503, place);
}

/** A learner's stream: the room as they see it, the pace, and "removed" when the instructor removes them. */
async function followAsLearner(
  ctx: ServerContext,
  learner: Learner,
  room: Room,
  stream: SSEStreamingApi,
  place: StreamPlace,
): Promise<void> {
  const { data, bus, config, stallSeconds } = ctx;
  const sender = place.start(stream);
  /** The room as this stream last told it (JSON), to notice a change it missed. */
  let told = '';
  const sendRoom = (state: RoomState) => {
    told = JSON.stringify(learnerRoomView(state));
    sender.send({ event: 'room', data: told });
  };
  const sendRemoved = () =>
    void sender.sendAndWait({ event: 'removed', data: '{}' }, stallSeconds * 1000).then(() => stream.close());
  const pace = ctx.pacing.follow(room.id, (json) => sender.send({ event: 'pace', data: json }));
  const unsubscribe = bus.subscribe(room.id, (message) => {
    if (message.t === 'pace' || message.t === 'resync') void pace.send().catch(() => {});
    if (message.t === 'room') sendRoom(message.room);
    if (message.t === 'learner' && message.learner.id === learner.id && message.learner.removedAt !== null) {
      sendRemoved();
    }
    if (message.t === 'resync') void data.roomById(room.id).then((r) => r && sendRoom(roomState(r)));
  });
  stream.onAbort(() => {
    unsubscribe();
    place.release();
  });
  // At each heartbeat: a lock, an end or a removal this stream missed is sent now.
  const check = async () => {
    const [current, me] = await Promise.all([data.roomById(room.id), data.learnerById(learner.id)]);
    if (!me || me.removedAt !== null) return sendRemoved();
    const state = current ? roomState(current) : { ...roomState(room), endedAt: room.endedAt ?? ctx.now() };
    if (JSON.stringify(learnerRoomView(state)) !== told) sendRoom(state);
    await pace.check();
  };
  try {
    sendRoom(roomState(room));
    await pace.send();
    await keepAlive(stream, sender, { seconds: config.heartbeatSeconds, stallSeconds }, check);
  } finally {
    // Also when a write or the database fails: the stream gives its place back.
    unsubscribe();
    place.release();
  }
}

/**
 * A dashboard's stream. It subscribes before reading the snapshot and holds live messages until the snapshot is
 * sent, so nothing falls between; at each heartbeat it compares what it delivered with the database.
 */
class DashboardStream {
  readonly #ctx: ServerContext;
  readonly #room: Room;
  readonly #stream: SSEStreamingApi;
  readonly #place: StreamPlace;
  readonly #sender: LiveSender;
  readonly #pace: { send(): Promise<void>; check(): Promise<void> };
  /** Live messages held while a snapshot is being sent. */
  #held: LiveMessage[] | undefined = [];
  /** The last event id the snapshot sent (a live event up to it is a repeat). */
  #sentUpTo = 0;
  /** Events this stream has delivered (the snapshot's and live ones), and the learners and room as it told them. */
  #delivered = 0;
  readonly #told = new Map<string, string>();
  #toldRoom = '';
  readonly #eventsLag = new LagCheck();

  constructor(ctx: ServerContext, room: Room, stream: SSEStreamingApi, place: StreamPlace) {
    this.#ctx = ctx;
    this.#room = room;
    this.#stream = stream;
    this.#place = place;
    this.#sender = place.start(stream);
    this.#pace = ctx.pacing.follow(room.id, (json) => this.#sender.send({ event: 'pace', data: json }));
  }

  async run(): Promise<void> {
    const { bus, config, stallSeconds } = this.#ctx;
    const unsubscribe = bus.subscribe(this.#room.id, (message) => {
      if (message.t === 'pace' || message.t === 'resync') void this.#pace.send().catch(() => {});
      if (message.t === 'resync') void this.#resync();
      else if (this.#held) this.#held.push(message);
      else this.#send(message);
    });
    this.#stream.onAbort(() => {
      unsubscribe();
      this.#place.release();
    });
    try {
      await this.#sendSnapshot();
      this.#flush();
      await this.#pace.send();
      await keepAlive(this.#stream, this.#sender, { seconds: config.heartbeatSeconds, stallSeconds }, () =>
        this.#check(),
      );
    } finally {
      // Also when the snapshot cannot be read: the stream gives its place back.
      unsubscribe();
      this.#place.release();
    }
  }

  #tellLearner(learner: DashboardLearner): string {
    const json = JSON.stringify(learner);
    this.#told.set(learner.id, json);
    return json;
  }

  #send(message: LiveMessage): void {
    if (message.t === 'event') {
      if (message.event.id <= this.#sentUpTo) return;
      this.#delivered += 1;
      this.#sender.send({ event: 'event', data: JSON.stringify(message.event) });
    } else if (message.t === 'learner') {
      this.#sender.send({ event: 'learner', data: this.#tellLearner(message.learner) });
    } else if (message.t === 'room') {
      this.#toldRoom = JSON.stringify(message.room);
      this.#sender.send({ event: 'room', data: this.#toldRoom });
    }
  }

  #flush(): void {
    const pending = this.#held ?? [];
    this.#held = undefined;
    for (const message of pending) this.#send(message);
  }

  async #resync(): Promise<void> {
    this.#held ??= [];
    await this.#sendSnapshot();
    this.#flush();
  }

  /** The snapshot, counted among the whole-room reads running (never refused: the page must get its state). */
  async #sendSnapshot(): Promise<void> {
    const current = await this.#ctx.data.roomById(this.#room.id);
    if (!current) return;
    await this.#ctx.wholeRoomReads.counted(() => this.#sendPages(current));
  }

  /**
   * The snapshot, then its events page by page ('snapshot-events', `more: false` on the last), each written once
   * the reader has taken the one before.
   */
  async #sendPages(current: Room): Promise<void> {
    const waitMs = this.#ctx.stallSeconds * 1000;
    const snap = await this.#ctx.snapshotHead(current);
    this.#sentUpTo = 0;
    this.#delivered = 0;
    this.#told.clear();
    for (const learner of snap.learners) this.#tellLearner(learner);
    this.#toldRoom = JSON.stringify(snap.room);
    this.#eventsLag.reset();
    let first = true;
    for await (const page of this.#ctx.eventPages(current)) {
      const events = page.events.map(dashboardEvent);
      this.#sentUpTo = events.at(-1)?.id ?? this.#sentUpTo;
      this.#delivered += events.length;
      const message = first
        ? { event: 'snapshot', data: JSON.stringify({ ...snap, events, more: page.more }) }
        : { event: 'snapshot-events', data: JSON.stringify({ events, more: page.more }) };
      first = false;
      await this.#sender.sendAndWait(message, waitMs);
      if (!this.#sender.open) return;
    }
    if (first) {
      await this.#sender.sendAndWait({ event: 'snapshot', data: JSON.stringify({ ...snap, more: false }) }, waitMs);
    }
  }

  /**
   * At each heartbeat: events stored before the last heartbeat and not delivered mean messages were lost, and a
   * fresh snapshot follows; a changed learner or room state the stream missed is sent as it is now.
   */
  async #check(): Promise<void> {
    if (this.#held) return;
    const { data, now } = this.#ctx;
    const room = this.#room;
    const [current, learners, stored] = await Promise.all([
      data.roomById(room.id),
      data.learnersOfRoom(room.id),
      data.countEvents(room.id),
    ]);
    if (this.#eventsLag.behind(this.#delivered, stored)) return this.#resync();
    for (const learner of learners.map(dashboardLearner)) {
      const json = JSON.stringify(learner);
      if (this.#told.get(learner.id) !== json)
        this.#sender.send({ event: 'learner', data: this.#tellLearner(learner) });
    }
    const state = current
      ? roomState(current)
      : { ...roomState(room), endedAt: room.endedAt ?? now(), expiresAt: now() };
    const json = JSON.stringify(state);
    if (json !== this.#toldRoom) {
      this.#toldRoom = json;
      this.#sender.send({ event: 'room', data: json });
    }
    await this.#pace.check();
  }
}
