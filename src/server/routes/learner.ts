/**
 * A learner's own routes (learner token): who they are (`GET /api/me`), their stored events (`GET /api/me/events`),
 * and sending events (`POST /api/events`), each graded by the server and refused past the room's pace and quotas.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { PaceState } from '../../room/pace.ts';
import {
  EventsBodySchema,
  MAX_EVENT_CHARS,
  RoomEventSchema,
  type EventResult,
  type RoomEvent,
} from '../../room/protocol.ts';
import type { Verdict } from '../../room/verdict.ts';
import { limited, type ServerContext } from '../context.ts';
import type { Learner, NewEvent, Room } from '../db/workshop-data.ts';
import { gradeEvent } from '../grade-event.ts';
import { describeIssue, problem, readBody, type AppEnv } from '../request.ts';
import { dashboardEvent, learnerRoomView, roomState } from '../views.ts';

/** The longest edited classify text stored as typed; a longer one is stored as its length and SHA-256. */
const MAX_STORED_TEXT_CHARS = 2048;

/** An event that passed every check, waiting to be stored with the others of its batch. */
interface Accepted {
  index: number;
  chars: number;
  event: NewEvent;
}

export function learnerRoutes(ctx: ServerContext): Hono<AppEnv> {
  const { data, limiters, learnerAuth } = ctx;
  const app = new Hono<AppEnv>();

  app.get('/api/me', learnerAuth, async (c) => {
    const learner = c.get('learner');
    return c.json({
      learner: { id: learner.id, name: learner.name, joinedAt: learner.joinedAt },
      room: learnerRoomView(roomState(c.get('room'))),
    });
  });

  app.get('/api/me/events', learnerAuth, async (c) => {
    const events = await data.eventsOfLearner(c.get('learner').id);
    return c.json({ events: events.map(dashboardEvent) });
  });

  app.post('/api/events', learnerAuth, async (c) => {
    const learner = c.get('learner');
    const room = c.get('room');
    if (room.endedAt !== null) return problem(c, 409, 'This room has ended: nothing more is recorded.');
    const body = await readBody(c, EventsBodySchema);
    if (body instanceof Response) return body;
    if (!limiters.event.take(learner.id, body.events.length))
      return limited(c, limiters.event, learner.id, body.events.length);
    const results: (EventResult | undefined)[] = [];
    const accepted: Accepted[] = [];
    const at = ctx.now();
    // Reading the learner's stored total and storing the batch happen one batch at a time per learner: batches sent
    // all at once each read the total before any stored, and all were stored past the quota.
    const acks = await ctx.storeTurn(learner.id, async () => {
      let storedChars = await data.storedCharsOfLearner(learner.id);
      await ctx.ledger.ensure(room.id);
      const pace = await ctx.pacing.read(room.id);
      body.events.forEach((raw, index) => {
        const checked = checkEvent(ctx, room, pace, raw, storedChars);
        if ('status' in checked) results[index] = checked;
        else {
          storedChars += checked.chars;
          ctx.ledger.add(room.id, checked.chars);
          accepted.push({ ...checked, index });
        }
      });
      return storeAccepted(ctx, room, learner, accepted, at);
    });
    acks.forEach((ack, i) => (results[accepted[i]!.index] = ack));
    await publishStored(ctx, room, learner, accepted, acks, at);
    return c.json({ results });
  });

  return app;
}

/** One raw event of a batch: its refusal, or what is stored of it and the characters it costs. */
function checkEvent(
  ctx: ServerContext,
  room: Room,
  pace: PaceState,
  raw: unknown,
  storedChars: number,
): EventResult | Omit<Accepted, 'index'> {
  const { config } = ctx;
  const key =
    typeof (raw as { key?: unknown })?.key === 'string' ? String((raw as { key: string }).key).slice(0, 64) : '';
  const rejected = (reason: string): EventResult => ({ key, status: 'rejected', reason });
  if (JSON.stringify(raw).length > MAX_EVENT_CHARS)
    return rejected(`An event may be at most ${MAX_EVENT_CHARS / 1024} KB.`);
  const parsed = RoomEventSchema.safeParse(raw);
  if (!parsed.success) return rejected(`Not a room event: ${describeIssue(parsed.error.issues)}`);
  const graded = gradeEvent(parsed.data, ctx.course, room.chapters);
  if (graded.kind === 'rejected') return rejected(graded.reason);
  const closed = ctx.pacing.refusal(pace, graded);
  if (closed) return rejected(closed);
  const event = parsed.data;
  const payload = storedPayload(event);
  // What the database keeps of the event: its payload and the server's verdict.
  const chars = JSON.stringify(payload).length + JSON.stringify(graded.verdict).length;
  const over = ctx.ledger.exceeds(room.id, chars, {
    perRoom: config.maxStoredCharsPerRoom,
    perCreator: config.maxStoredCharsPerCreator,
  });
  if (over)
    return rejected(
      over === 'room'
        ? 'This room has stored as much as the server allows one room: tell your instructor.'
        : "The rooms created from your instructor's network have stored as much as the server allows: tell your instructor.",
    );
  if (storedChars + chars > config.maxStoredCharsPerLearner)
    return rejected(
      `Your storage quota in this room is used up (${config.maxStoredCharsPerLearner.toLocaleString('en')} characters): tell your instructor.`,
    );
  return {
    chars,
    event: {
      key: event.key,
      seq: event.seq,
      kind: event.kind,
      chapterId: graded.chapterId,
      itemId: graded.itemId,
      payload,
      verdict: graded.verdict,
      outcome: graded.verdict.outcome,
      selfReported: 'selfReported' in graded.verdict && graded.verdict.selfReported === true,
      clientAt: event.at ?? null,
    },
  };
}

/** Stores the accepted events; the ledger gives back what a duplicate or a failed write did not take. */
async function storeAccepted(ctx: ServerContext, room: Room, learner: Learner, accepted: Accepted[], at: number) {
  if (!accepted.length) return [];
  try {
    const stored = await ctx.data.insertEvents(
      room.id,
      learner.id,
      accepted.map((a) => a.event),
      at,
    );
    // A repeat of an event stored earlier takes no more room.
    stored.forEach((ack, i) => ack.status === 'duplicate' && ctx.ledger.add(room.id, -accepted[i]!.chars));
    return stored;
  } catch (error) {
    ctx.ledger.add(room.id, -accepted.reduce((n, a) => n + a.chars, 0));
    throw error;
  }
}

/** Tells the room's dashboards of each newly stored event (a failed live update is logged, never refused). */
async function publishStored(
  ctx: ServerContext,
  room: Room,
  learner: Learner,
  accepted: Accepted[],
  acks: EventResult[],
  at: number,
) {
  const live: Promise<void>[] = [];
  acks.forEach((ack, i) => {
    const { event } = accepted[i]!;
    if (ack.status !== 'stored') return;
    live.push(
      ctx.bus.publish({
        t: 'event',
        roomId: room.id,
        event: {
          id: ack.id,
          learnerId: learner.id,
          kind: event.kind,
          action: (event.verdict as Verdict).action,
          chapterId: event.chapterId,
          itemId: event.itemId,
          at,
          verdict: event.verdict as Verdict,
        },
      }),
    );
  });
  await Promise.all(live).catch((error: unknown) => ctx.log(`live update not sent: ${String(error)}`));
}

/** What is stored of an event: an edited classify text longer than MAX_STORED_TEXT_CHARS as its length and digest. */
function storedPayload(event: RoomEvent): unknown {
  if (event.kind !== 'classify' || event.text === undefined || event.text.length <= MAX_STORED_TEXT_CHARS) return event;
  const { text, ...rest } = event;
  return { ...rest, textLength: text.length, textSha256: createHash('sha256').update(text).digest('hex') };
}
