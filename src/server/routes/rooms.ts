/**
 * The instructor's room routes: creating a room (`POST /api/rooms`, from the server's own computer by default), and,
 * with the room's instructor secret, its snapshot as JSON, the sign-in for the pages that reveal answers, locking,
 * closing joining, ending and deleting it, and removing a learner.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { Hono, type Context } from 'hono';
import { checkLmsIdLabel } from '../../room/lms-id-check.ts';
import { checkText } from '../../room/names.ts';
import {
  CreateRoomBodySchema,
  JoiningBodySchema,
  LockBodySchema,
  MAX_TITLE_CHARS,
  type CreateRoomResponse,
} from '../../room/protocol.ts';
import { limited, type ServerContext } from '../context.ts';
import { resolvedChapterId } from '../course.ts';
import type { Room } from '../db/workshop-data.ts';
import { signInInstructor } from '../instructor-pages.ts';
import { problem, readBody, type AppEnv, type Ctx } from '../request.ts';
import { bearerToken, createId, createJoinCode, createSecret, hashSecret } from '../secrets.ts';
import { dashboardEvent, dashboardLearner, roomState } from '../views.ts';

const DAY_MS = 86_400_000;

/** The loopback addresses: 127.0.0.0/8 and ::1 (an IPv4-mapped ::ffff:127.x is checked as its IPv4 address). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether `address` is the computer the server runs on. */
function isLoopback(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return LOOPBACK.check(mapped, 'ipv4');
  if (isIPv4(address)) return LOOPBACK.check(address, 'ipv4');
  return isIPv6(address) && LOOPBACK.check(address, 'ipv6');
}

export function roomRoutes(ctx: ServerContext): Hono<AppEnv> {
  const { data, bus, now, instructorAuth } = ctx;
  const app = new Hono<AppEnv>();

  app.post('/api/rooms', (c) => createRoom(ctx, c));

  // The snapshot as JSON, written page by page as the client reads it (never the whole room in one string).
  app.get('/api/rooms/:roomId', instructorAuth, async (c) => {
    // Each page is read only when the client has taken the one before, so a slow reader costs nothing meanwhile:
    // the room's limit applies, not the server-wide count of reads running.
    const roomId = c.get('room').id;
    if (!ctx.limiters.wholeRoom.take(roomId)) return limited(c, ctx.limiters.wholeRoom, roomId);
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(await snapshotJson(ctx, c.get('room')));
  });

  // The dashboard, once its key works, signs the browser in for the instructor pages that reveal answers.
  app.post('/api/rooms/:roomId/sign-in', instructorAuth, (c) => {
    signInInstructor(c, c.get('room'), bearerToken(c.req.header('authorization')) ?? '', now());
    return c.json({ signedIn: true });
  });

  /** After a change to the room: tells everyone following it and answers with its new state (404 if it is gone). */
  const roomChanged = async (c: Ctx, room: Room | undefined) => {
    if (!room) return problem(c, 404, 'This room no longer exists.');
    await bus.publish({ t: 'room', roomId: room.id, room: roomState(room) });
    return c.json(roomState(room));
  };

  app.post('/api/rooms/:roomId/lock', instructorAuth, async (c) => {
    const body = await readBody(c, LockBodySchema);
    if (body instanceof Response) return body;
    return roomChanged(c, await data.setLock(c.get('room').id, body.locked, now()));
  });

  app.post('/api/rooms/:roomId/joining', instructorAuth, async (c) => {
    const body = await readBody(c, JoiningBodySchema);
    if (body instanceof Response) return body;
    return roomChanged(c, await data.setJoiningClosed(c.get('room').id, !body.open));
  });

  app.post('/api/rooms/:roomId/end', instructorAuth, async (c) => {
    return roomChanged(c, await data.endRoom(c.get('room').id, now()));
  });

  app.delete('/api/rooms/:roomId', instructorAuth, async (c) => {
    const room = c.get('room');
    await data.deleteRoom(room.id);
    ctx.ledger.forget(room.id);
    ctx.signIns.forget(room.id);
    await bus.publish({
      t: 'room',
      roomId: room.id,
      room: { ...roomState(room), endedAt: room.endedAt ?? now(), expiresAt: now() },
    });
    return c.json({ deleted: true });
  });

  app.delete('/api/rooms/:roomId/learners/:learnerId', instructorAuth, async (c) => {
    const room = c.get('room');
    const removed = await data.removeLearner(room.id, c.req.param('learnerId') ?? '', now());
    if (!removed) return problem(c, 404, 'No such learner in this room.');
    const learner = await data.learnerById(c.req.param('learnerId') ?? '');
    if (learner) await bus.publish({ t: 'learner', roomId: room.id, learner: dashboardLearner(learner) });
    return c.json({ removed: true });
  });

  return app;
}

/** `POST /api/rooms`: a new room, its join code and its instructor secret. */
async function createRoom(ctx: ServerContext, c: Context) {
  const { config, limiters, course } = ctx;
  if (config.roomCreation === 'loopback' && !isLoopback(ctx.clientAddress(c))) {
    return problem(
      c,
      403,
      'Rooms are created on the computer that runs the workshop server: open /instructor/room/ there, or start the server with --rooms-from-anywhere.',
    );
  }
  const ip = ctx.clientIp(c);
  if (!limiters.create.take(ip)) return limited(c, limiters.create, ip);
  if (!limiters.createServer.take('server')) return limited(c, limiters.createServer, 'server');
  const body = await readBody(c, CreateRoomBodySchema);
  if (body instanceof Response) return body;
  const title = checkText(body.title, MAX_TITLE_CHARS, 'title');
  if (title.kind === 'invalid') return problem(c, 400, title.reason);
  const known = course.chapters.map((ch) => ch.id);
  const asked = body.chapters.map(resolvedChapterId);
  const unknown = asked.filter((id) => !known.includes(id));
  if (unknown.length) return problem(c, 400, `Unknown chapters: ${unknown.join(', ')}.`);
  const chapters = known.filter((id) => asked.includes(id));
  const lmsLabel = body.lmsId && checkLmsIdLabel(body.lmsId.label, body.lmsId.kind);
  if (lmsLabel?.kind === 'invalid') return problem(c, 400, lmsLabel.reason);
  const days = body.retentionDays ?? config.retentionDays;
  if (days > config.retentionDays) {
    return problem(
      c,
      400,
      `This server keeps a room's data at most ${config.retentionDays} days: choose ${config.retentionDays} or fewer.`,
    );
  }
  const secret = createSecret();
  const at = ctx.now();
  const roomId = createId();
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = createJoinCode();
    const outcome = await ctx.data.insertRoom({
      id: roomId,
      code,
      title: title.text,
      chapters,
      startsAt: body.startsAt ?? null,
      createdAt: at,
      expiresAt: at + days * DAY_MS,
      instructorSecretHash: hashSecret(secret),
      lmsIdAsk: body.lmsId && lmsLabel ? { kind: body.lmsId.kind, label: lmsLabel.label } : null,
    });
    if (outcome === 'created') {
      ctx.ledger.created(roomId, ip);
      ctx.log(`room created: ${JSON.stringify(title.text)} (${chapters.length} chapters, kept ${days} days)`);
      const response: CreateRoomResponse = { roomId, code, instructorSecret: secret, expiresAt: at + days * DAY_MS };
      return c.json(response, 201);
    }
  }
  return problem(c, 409, 'Could not find a free room code: try again.');
}

/** The room's snapshot as a JSON body, its events read a page at a time as the client takes them. */
async function snapshotJson(ctx: ServerContext, room: Room): Promise<ReadableStream<Uint8Array>> {
  const head = await ctx.snapshotHead(room);
  const pages = ctx.eventPages(room);
  const encoder = new TextEncoder();
  const { events: _none, ...rest } = head;
  let first = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${JSON.stringify(rest).slice(0, -1)},"events":[`));
    },
    async pull(controller) {
      try {
        const next = await pages.next();
        if (next.done) {
          controller.enqueue(encoder.encode(']}'));
          controller.close();
          return;
        }
        const json = next.value.events.map((e) => JSON.stringify(dashboardEvent(e))).join(',');
        controller.enqueue(encoder.encode(`${first ? '' : ','}${json}`));
        first = false;
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}
