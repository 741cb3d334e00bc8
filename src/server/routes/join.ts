/** Joining a room: `POST /api/join` with the room's code and a name (and the LMS identifier the room asks for). */
import { Hono, type Context } from 'hono';
import { checkLmsId } from '../../room/lms-id-check.ts';
import { checkName, normaliseCode } from '../../room/names.ts';
import { JoinBodySchema, type JoinResponse } from '../../room/protocol.ts';
import { limited, type ServerContext } from '../context.ts';
import { resolvedChapterId } from '../course.ts';
import type { Room } from '../db/workshop-data.ts';
import { problem, readBody, refuse, type AppEnv } from '../request.ts';
import { createId, createSecret, hashSecret } from '../secrets.ts';
import { dashboardLearner } from '../views.ts';

export function joinRoutes(ctx: ServerContext): Hono<AppEnv> {
  const { data, bus, limiters } = ctx;
  const app = new Hono<AppEnv>();
  app.post('/api/join', async (c) => {
    const ip = ctx.clientIp(c);
    if (!limiters.join.take(ip)) return limited(c, limiters.join, ip);
    const body = await readBody(c, JoinBodySchema);
    if (body instanceof Response) return body;
    const code = normaliseCode(body.code);
    const room = code ? ctx.unexpired(await data.roomByCode(code)) : undefined;
    if (!room || room.endedAt !== null)
      return problem(c, 404, 'No open room has that code. Check it with your instructor.');
    if (room.joiningClosed) {
      return problem(c, 403, 'The instructor has closed joining for this room: ask them to open it again.');
    }
    const name = checkName(body.name);
    if (name.kind === 'invalid') return refuse(c, 400, { error: name.reason, field: 'name' });
    let lmsId: string | null = null;
    if (room.lmsIdAsk) {
      const typed = checkLmsId(body.lmsId, room.lmsIdAsk);
      // A join that sent no identifier is the join page's first try (it cannot know the room asks): the answer
      // says what to ask for, as a 200, so a first join shows no failed request in the learner's console.
      if (typed.kind !== 'ok') {
        const status = body.lmsId === undefined ? 200 : 400;
        return refuse(c, status, { error: typed.reason, field: 'lmsId', lmsId: room.lmsIdAsk });
      }
      lmsId = typed.id;
    }
    const secret = createSecret();
    const learnerId = createId();
    const outcome = await admit(ctx, room, ip, {
      id: learnerId,
      roomId: room.id,
      name: name.name,
      nameKey: name.key,
      secretHash: hashSecret(secret),
      joinedAt: ctx.now(),
      lmsId,
    });
    if (outcome !== 'joined') return refused(c, ctx, outcome);
    const learner = await data.learnerById(learnerId);
    if (learner) await bus.publish({ t: 'learner', roomId: room.id, learner: dashboardLearner(learner) });
    const response: JoinResponse = {
      roomId: room.id,
      learnerId,
      token: `${learnerId}.${secret}`,
      name: name.name,
      title: room.title,
      chapters: room.chapters.map(resolvedChapterId),
      locked: room.locked,
    };
    return c.json(response, 201);
  });
  return app;
}

type NewLearner = Parameters<ServerContext['data']['insertLearner']>[0];

/**
 * Counts the room and inserts the learner, one join at a time per room: joins sent all at once each counted the
 * room before any of them inserted, and all got in past the cap.
 */
function admit(ctx: ServerContext, room: Room, ip: string, learner: NewLearner) {
  const { data, config, signIns } = ctx;
  return ctx.joinTurn(room.id, async () => {
    if (signIns.count(room.id, ip) >= ctx.signInsPerAddress) return 'address-full' as const;
    const present = (await data.learnersOfRoom(room.id)).filter((l) => l.removedAt === null);
    if (present.length >= config.maxLearnersPerRoom) return 'full' as const;
    const joined = await data.insertLearner(learner);
    if (joined === 'joined') signIns.add(room.id, ip);
    return joined;
  });
}

/** The answer to a join the room did not take. */
function refused(c: Context, ctx: ServerContext, outcome: 'address-full' | 'full' | 'name-taken') {
  if (outcome === 'address-full') {
    return problem(
      c,
      429,
      `Your network has signed in to this room ${ctx.signInsPerAddress} times, the most it may: ask your instructor.`,
    );
  }
  if (outcome === 'full')
    return problem(
      c,
      409,
      `This room is full (${ctx.config.maxLearnersPerRoom} learners): ask your instructor to open another room.`,
    );
  return refuse(c, 409, { error: 'Someone in this room already has that name: add an initial.', field: 'name' });
}
