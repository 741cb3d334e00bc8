/**
 * The workshop server's HTTP application (Hono): the room API and, when given a built site, the static pages, from
 * one process. Who may do what:
 * - instructor routes (/api/rooms/:roomId/…) need the room's instructor secret, learner routes (/api/me, /api/events)
 *   a learner token, both as `Authorization: Bearer …` (never in a URL; the live streams are read with fetch());
 *   secrets are random, stored hashed, compared in constant time; a learner writes only their own events (the
 *   learner comes from the token, never from the body) and reads only their own record;
 * - every body is size-capped before it is read and validated with zod before it is used;
 * - rate limits per learner; per IP only on joining and creating rooms (a class may share one address);
 * - same origin only: a request whose Origin or Sec-Fetch-Site says another site is refused, and no CORS header is
 *   ever sent;
 * - names are stored as typed (printable text only) and escaped by whoever shows them.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { firstTooDeep } from '#message-model';
import { csvField } from '../receipts/grade.ts';
import {
  buildDashboardView,
  createDashboardState,
  dashboardCsvRows,
  type DashboardSnapshot,
} from '../room/dashboard-model.ts';
import type { DashboardEvent, DashboardLearner, LiveMessage, RoomState } from '../room/live.ts';
import { checkName, checkText, normaliseCode } from '../room/names.ts';
import {
  CreateRoomBodySchema,
  EventsBodySchema,
  JoinBodySchema,
  JoiningBodySchema,
  LockBodySchema,
  MAX_BODY_BYTES,
  MAX_EVENT_CHARS,
  MAX_TITLE_CHARS,
  RoomEventSchema,
  type CreateRoomResponse,
  type RoomEvent,
  type EventResult,
  type JoinResponse,
} from '../room/protocol.ts';
import type { Verdict } from '../room/verdict.ts';
import type { Bus } from './bus.ts';
import type { RoomCourse } from './course.ts';
import type { Learner, NewEvent, Room, StoredEvent, WorkshopData } from './db/workshop-data.ts';
import { gradeEvent } from './grade-event.ts';
import { addressKey, RateLimiter, type RateLimit } from './rate-limit.ts';
import {
  bearerToken,
  createId,
  createJoinCode,
  createSecret,
  hashSecret,
  parseLearnerToken,
  secretMatches,
} from './secrets.ts';

const DAY_MS = 86_400_000;

/** The rate limits the server applies. */
export interface Limits {
  /** Joining, per client IP address. */
  joinPerIp: RateLimit;
  /** Creating rooms, per client IP address. */
  createPerIp: RateLimit;
  /** Requests to learner routes, per learner. */
  requestsPerLearner: RateLimit;
  /** Events, per learner (a batch costs its length). */
  eventsPerLearner: RateLimit;
}

/** Defaults: a class of 300 behind one address can join within a minute; one learner can send ~10 events a second. */
export const DEFAULT_LIMITS: Limits = {
  joinPerIp: { burst: 300, perSecond: 5 },
  createPerIp: { burst: 10, perSecond: 1 / 60 },
  requestsPerLearner: { burst: 30, perSecond: 5 },
  eventsPerLearner: { burst: 100, perSecond: 10 },
};

/** How the server is set up. */
export interface WorkshopConfig {
  /** Days after creation a room's data is deleted, unless the instructor chooses fewer. */
  retentionDays: number;
  /** The most days an instructor may choose. */
  maxRetentionDays: number;
  /** Take the client address from X-Forwarded-For (behind a reverse proxy that sets it). */
  trustProxy: boolean;
  /** The site's public origin (https://workshop.example.org), when the Host header cannot be trusted to say it. */
  publicOrigin?: string;
  /** The built site to serve (dist/), if any. */
  distDir?: string;
  /**
   * Origins besides the site's own that may frame its pages (an LMS that shows the course in a frame), as
   * frame-ancestors sources ("https://lms.example.edu"); none by default.
   */
  frameAncestors?: readonly string[];
  limits: Limits;
  /** Seconds between keep-alive comments on live streams. */
  heartbeatSeconds: number;
  /** Live streams open at once, server-wide (keep it well below the process's file-descriptor limit). */
  maxStreams: number;
  /**
   * Live streams one client address (an IPv6 /64) may hold at once; default half of maxStreams, so one address's
   * learners and dashboards cannot take every stream (a class behind one address still fits: 200 learners a room).
   */
  streamsPerAddress?: number;
  /** Live streams one learner token may hold; a new one closes the oldest. */
  streamsPerLearner: number;
  /** Dashboard streams one room's instructor link may hold; a new one closes the oldest. */
  streamsPerDashboard: number;
  /** Learners one room may have (removed learners count: their answers are kept). */
  maxLearnersPerRoom: number;
  /** Characters of stored events one learner may have; events beyond it are refused. */
  maxStoredCharsPerLearner: number;
}

/** The longest edited classify text stored as typed; a longer one is stored as its length and SHA-256. */
const MAX_STORED_TEXT_CHARS = 2048;
/** How deeply a request body's arrays and objects may nest (room events need fewer than ten levels). */
const MAX_BODY_DEPTH = 32;

/** The default configuration. */
export const DEFAULT_CONFIG: WorkshopConfig = {
  retentionDays: 30,
  maxRetentionDays: 365,
  trustProxy: false,
  limits: DEFAULT_LIMITS,
  heartbeatSeconds: 15,
  maxStreams: 800,
  streamsPerLearner: 3,
  streamsPerDashboard: 5,
  maxLearnersPerRoom: 200,
  maxStoredCharsPerLearner: 1_000_000,
};

/** Settings that differ from DEFAULT_CONFIG; `limits` too may name only the limits that differ. */
export type WorkshopSettings = Partial<Omit<WorkshopConfig, 'limits'>> & { limits?: Partial<Limits> };

/** What the application needs. */
export interface WorkshopDeps {
  data: WorkshopData;
  bus: Bus;
  course: RoomCourse;
  config?: WorkshopSettings;
  now?: () => number;
  log?: (line: string) => void;
}

type Vars = { learner: Learner; room: Room };
type Ctx = Context<{ Variables: Vars }>;

const problem = (c: Context, status: 400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 429 | 503, error: string) =>
  c.json({ error }, status);

/** The public state of a room (what learners and dashboards follow). */
export function roomState(room: Room): RoomState {
  return {
    id: room.id,
    title: room.title,
    code: room.code,
    chapters: room.chapters,
    startsAt: room.startsAt,
    createdAt: room.createdAt,
    endedAt: room.endedAt,
    expiresAt: room.expiresAt,
    locked: room.locked,
    joiningClosed: room.joiningClosed,
  };
}

/** A learner as a dashboard sees them. */
export function dashboardLearner(learner: Learner): DashboardLearner {
  return {
    id: learner.id,
    name: learner.name,
    joinedAt: learner.joinedAt,
    lastSeenAt: learner.lastSeenAt,
    removedAt: learner.removedAt,
    chapterId: learner.chapterId,
  };
}

/** A stored event as a dashboard sees it. */
export function dashboardEvent(event: StoredEvent): DashboardEvent {
  const verdict = event.verdict as Verdict;
  return {
    id: event.id,
    learnerId: event.learnerId,
    kind: event.kind,
    action: verdict.action,
    chapterId: event.chapterId,
    itemId: event.itemId,
    at: event.receivedAt,
    verdict,
  };
}

/** Builds the application; `closeStreams` ends every open live stream (for shutdown). */
export function createWorkshopApp(deps: WorkshopDeps): { app: Hono<{ Variables: Vars }>; closeStreams: () => void } {
  const config: WorkshopConfig = {
    ...DEFAULT_CONFIG,
    ...deps.config,
    limits: { ...DEFAULT_LIMITS, ...deps.config?.limits },
  };
  const { data, bus, course } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.log ?? (() => {});
  const joinLimiter = new RateLimiter(config.limits.joinPerIp, now);
  const createLimiter = new RateLimiter(config.limits.createPerIp, now);
  const requestLimiter = new RateLimiter(config.limits.requestsPerLearner, now);
  const eventLimiter = new RateLimiter(config.limits.eventsPerLearner, now);
  const streams = new Set<SSEStreamingApi>();
  /** Open streams by holder (a learner, or one room's instructor link), oldest first. */
  const holders = new Map<string, SSEStreamingApi[]>();
  /** How to close each open stream and release its place. */
  const closers = new WeakMap<SSEStreamingApi, () => void>();
  /** Per room, the end of the last join in progress (see oneAtATime). */
  const joinTurns = new Map<string, Promise<unknown>>();
  /** Per learner, the end of the last batch being stored (see oneAtATime). */
  const storeTurns = new Map<string, Promise<unknown>>();
  /** Streams accepted (counted from the request, before the stream starts, so a burst cannot slip past the cap). */
  let openStreams = 0;
  /** Streams accepted per client address (addressKey). */
  const streamsByAddress = new Map<string, number>();
  const streamsPerAddress = config.streamsPerAddress ?? Math.max(1, Math.floor(config.maxStreams / 2));

  /** Refuses a new stream when the server holds its most; otherwise counts it and returns how to start it. */
  const acceptStream = (c: Context, holder: string, cap: number) => {
    if (openStreams >= config.maxStreams) {
      c.header('Retry-After', '10');
      return problem(c, 503, 'The server has too many live connections open: try again in a moment.');
    }
    const address = clientIp(c);
    const fromAddress = streamsByAddress.get(address) ?? 0;
    if (fromAddress >= streamsPerAddress) {
      c.header('Retry-After', '10');
      return problem(c, 503, 'Your network has too many live connections open: try again in a moment.');
    }
    openStreams += 1;
    streamsByAddress.set(address, fromAddress + 1);
    let released = false;
    let self: SSEStreamingApi | undefined;
    const release = () => {
      if (released) return;
      released = true;
      openStreams -= 1;
      const left = (streamsByAddress.get(address) ?? 1) - 1;
      if (left > 0) streamsByAddress.set(address, left);
      else streamsByAddress.delete(address);
      if (!self) return;
      streams.delete(self);
      const list = holders.get(holder);
      const i = list?.indexOf(self) ?? -1;
      if (list && i >= 0) list.splice(i, 1);
      if (list?.length === 0) holders.delete(holder);
    };
    const start = (stream: SSEStreamingApi) => {
      self = stream;
      streams.add(stream);
      const list = holders.get(holder) ?? [];
      list.push(stream);
      holders.set(holder, list);
      // The holder's oldest streams make way (a reloaded tab's old connection may not have noticed it is gone); a
      // page told "replaced" waits until it is shown again before reconnecting, so tabs do not take turns.
      while (list.length > cap) {
        const oldest = list.shift()!;
        void oldest
          .writeSSE({ event: 'replaced', data: '{}' })
          .catch(() => {})
          .finally(() => closers.get(oldest)?.());
      }
      closers.set(stream, () => {
        release();
        void stream.close();
      });
    };
    return { start, release };
  };
  const app = new Hono<{ Variables: Vars }>();

  /** The client's address as the per-address limits key it (an IPv6 address by its /64: see addressKey). */
  /**
   * The room, unless its retention has run out: then it is gone, as it will be once the hourly sweep deletes it
   * (until then it answered joins, events and the dashboard for up to an hour past the retention chosen).
   */
  const unexpired = (room: Room | undefined): Room | undefined => (room && room.expiresAt > now() ? room : undefined);

  const clientIp = (c: Context): string => {
    if (config.trustProxy) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
      if (forwarded) return addressKey(forwarded);
    }
    try {
      return addressKey(getConnInfo(c).remote.address ?? 'unknown');
    } catch {
      return 'unknown';
    }
  };

  const limited = (c: Context, limiter: RateLimiter, key: string, cost = 1) => {
    c.header('Retry-After', String(Math.max(1, limiter.retryAfter(key, cost))));
    return problem(c, 429, 'Too many requests: wait a moment and try again.');
  };

  // Headers for every response: no sniffing, no referrer, no framing by other sites (the code lab frames its own
  // sandbox page, so the site itself may).
  const frameAncestors = config.frameAncestors ?? [];
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    // X-Frame-Options cannot name another origin; browsers that know frame-ancestors ignore it when both are sent.
    if (frameAncestors.length === 0) c.header('X-Frame-Options', 'SAMEORIGIN');
    c.header('Referrer-Policy', 'no-referrer');
    if (!c.res.headers.has('Content-Security-Policy'))
      c.header('Content-Security-Policy', ["frame-ancestors 'self'", ...frameAncestors].join(' '));
  });

  // Same origin only, for the whole API.
  app.use('/api/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    if (c.req.method === 'OPTIONS') return problem(c, 405, 'Cross-origin requests are not accepted.');
    const site = c.req.header('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') {
      return problem(c, 403, 'Requests from other sites are not accepted.');
    }
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      let originHost: string | undefined;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = undefined;
      }
      const expected = config.publicOrigin
        ? new URL(config.publicOrigin).host
        : ((config.trustProxy ? c.req.header('x-forwarded-host') : undefined) ?? new URL(c.req.url).host);
      if (!originHost || originHost !== expected) return problem(c, 403, 'Requests from other sites are not accepted.');
    }
    if (c.req.method === 'POST' && !/^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
      return problem(c, 415, 'Send JSON (Content-Type: application/json).');
    }
    return next();
  });

  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => problem(c, 413, `The request is larger than ${MAX_BODY_BYTES / 1024} KB.`),
    }),
  );

  /** Reads and validates a JSON body; a Response when it is not acceptable. */
  async function readBody<T>(
    c: Context,
    schema: {
      safeParse(
        v: unknown,
      ): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
    },
  ): Promise<T | Response> {
    let value: unknown;
    try {
      const text = await c.req.text();
      if (firstTooDeep(text, MAX_BODY_DEPTH) !== -1) {
        return problem(c, 400, `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`);
      }
      value = JSON.parse(text);
    } catch {
      return problem(c, 400, 'The request body is not valid JSON.');
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      return problem(c, 400, `The request body is not acceptable: ${describeIssue(parsed.error.issues)}`);
    return parsed.data;
  }

  // ---- learners -------------------------------------------------------------------------------------------

  const learnerAuth = async (c: Ctx, next: () => Promise<void>) => {
    const token = bearerToken(c.req.header('authorization'));
    const parsed = token ? parseLearnerToken(token) : undefined;
    if (!parsed) return problem(c, 401, 'This needs your room sign-in: join the room again.');
    const learner = await data.learnerById(parsed.learnerId);
    // Compare even when there is no such learner, so the answer takes the same time.
    const ok = secretMatches(parsed.secret, learner?.secretHash ?? 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    if (!learner || !ok) return problem(c, 401, 'This needs your room sign-in: join the room again.');
    if (learner.removedAt !== null) return problem(c, 410, 'The instructor removed you from this room.');
    if (!requestLimiter.take(learner.id)) return limited(c, requestLimiter, learner.id);
    const room = unexpired(await data.roomById(learner.roomId));
    if (!room) return problem(c, 410, 'This room no longer exists.');
    c.set('learner', learner);
    c.set('room', room);
    await next();
  };

  app.get('/api/health', (c) => c.json({ ok: true }));
  // Pages ask for this file to learn whether a workshop server is there: the static site has it too (public/),
  // saying no, so a page without a server never logs a failed request.
  app.get('/workshop-server.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ server: true });
  });

  app.post('/api/join', async (c) => {
    const ip = clientIp(c);
    if (!joinLimiter.take(ip)) return limited(c, joinLimiter, ip);
    const body = await readBody(c, JoinBodySchema);
    if (body instanceof Response) return body;
    const code = normaliseCode(body.code);
    const room = code ? unexpired(await data.roomByCode(code)) : undefined;
    if (!room || room.endedAt !== null)
      return problem(c, 404, 'No open room has that code. Check it with your instructor.');
    if (room.joiningClosed) {
      return problem(c, 403, 'The instructor has closed joining for this room: ask them to open it again.');
    }
    const name = checkName(body.name);
    if (name.kind === 'invalid') return problem(c, 400, name.reason);
    const secret = createSecret();
    const learnerId = createId();
    const at = now();
    // Counting and inserting happen one join at a time per room: joins sent all at once each counted the room before
    // any of them inserted, and all got in past the cap.
    const outcome = await oneAtATime(joinTurns, room.id, async () => {
      if ((await data.learnersOfRoom(room.id)).length >= config.maxLearnersPerRoom) return 'full' as const;
      return data.insertLearner({
        id: learnerId,
        roomId: room.id,
        name: name.name,
        nameKey: name.key,
        secretHash: hashSecret(secret),
        joinedAt: at,
      });
    });
    if (outcome === 'full')
      return problem(
        c,
        409,
        `This room is full (${config.maxLearnersPerRoom} learners): ask your instructor to open another room.`,
      );
    if (outcome === 'name-taken') return problem(c, 409, 'Someone in this room already has that name: add an initial.');
    const learner = await data.learnerById(learnerId);
    if (learner) await bus.publish({ t: 'learner', roomId: room.id, learner: dashboardLearner(learner) });
    const response: JoinResponse = {
      roomId: room.id,
      learnerId,
      token: `${learnerId}.${secret}`,
      name: name.name,
      title: room.title,
      chapters: room.chapters,
      locked: room.locked,
    };
    return c.json(response, 201);
  });

  app.get('/api/me', learnerAuth, async (c) => {
    const learner = c.get('learner');
    const room = c.get('room');
    return c.json({
      learner: { id: learner.id, name: learner.name, joinedAt: learner.joinedAt },
      room: learnerRoomView(roomState(room)),
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
    if (!eventLimiter.take(learner.id, body.events.length))
      return limited(c, eventLimiter, learner.id, body.events.length);
    const results: (EventResult | undefined)[] = [];
    const accepted: { index: number; event: NewEvent }[] = [];
    const at = now();
    // Reading the learner's stored total and storing the batch happen one batch at a time per learner: batches sent
    // all at once each read the total before any stored, and all were stored past the quota.
    const acks = await oneAtATime(storeTurns, learner.id, async () => {
      let storedChars = await data.storedCharsOfLearner(learner.id);
      body.events.forEach((raw, index) => {
        const key =
          typeof (raw as { key?: unknown })?.key === 'string' ? String((raw as { key: string }).key).slice(0, 64) : '';
        if (JSON.stringify(raw).length > MAX_EVENT_CHARS) {
          results[index] = { key, status: 'rejected', reason: `An event may be at most ${MAX_EVENT_CHARS / 1024} KB.` };
          return;
        }
        const parsed = RoomEventSchema.safeParse(raw);
        if (!parsed.success) {
          results[index] = {
            key,
            status: 'rejected',
            reason: `Not a room event: ${describeIssue(parsed.error.issues)}`,
          };
          return;
        }
        const graded = gradeEvent(parsed.data, course, room.chapters);
        if (graded.kind === 'rejected') {
          results[index] = { key, status: 'rejected', reason: graded.reason };
          return;
        }
        const event = parsed.data;
        const payload = storedPayload(event);
        const chars = JSON.stringify(payload).length;
        if (storedChars + chars > config.maxStoredCharsPerLearner) {
          results[index] = {
            key,
            status: 'rejected',
            reason: `Your storage quota in this room is used up (${config.maxStoredCharsPerLearner.toLocaleString('en')} characters): tell your instructor.`,
          };
          return;
        }
        storedChars += chars;
        accepted.push({
          index,
          event: {
            key: event.key,
            seq: event.seq,
            kind: event.kind,
            chapterId: event.chapterId,
            itemId: graded.itemId,
            payload,
            verdict: graded.verdict,
            outcome: graded.verdict.outcome,
            selfReported: graded.verdict.selfReported === true,
            clientAt: event.at ?? null,
          },
        });
      });
      return accepted.length
        ? data.insertEvents(
            room.id,
            learner.id,
            accepted.map((a) => a.event),
            at,
          )
        : [];
    });
    const live: Promise<void>[] = [];
    acks.forEach((ack, i) => {
      const { index, event } = accepted[i]!;
      results[index] = ack;
      if (ack.status !== 'stored') return;
      live.push(
        bus.publish({
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
    await Promise.all(live).catch((error: unknown) => log(`live update not sent: ${String(error)}`));
    return c.json({ results });
  });

  app.get('/api/me/stream', learnerAuth, (c) => {
    const learner = c.get('learner');
    const room = c.get('room');
    const accepted = acceptStream(c, `learner:${learner.id}`, config.streamsPerLearner);
    if (accepted instanceof Response) return accepted;
    return streamSSE(c, async (stream) => {
      accepted.start(stream);
      const unsubscribe = bus.subscribe(room.id, (message) => {
        if (message.t === 'room')
          void stream.writeSSE({ event: 'room', data: JSON.stringify(learnerRoomView(message.room)) });
        if (message.t === 'learner' && message.learner.id === learner.id && message.learner.removedAt !== null) {
          void stream.writeSSE({ event: 'removed', data: '{}' }).then(() => stream.close());
        }
        if (message.t === 'resync') {
          void data
            .roomById(room.id)
            .then((r) => r && stream.writeSSE({ event: 'room', data: JSON.stringify(learnerRoomView(roomState(r))) }));
        }
      });
      stream.onAbort(() => {
        unsubscribe();
        accepted.release();
      });
      try {
        await stream.writeSSE({ event: 'room', data: JSON.stringify(learnerRoomView(roomState(room))) });
        await heartbeat(stream);
      } finally {
        // Also when a write or the database fails: the stream gives its place back.
        unsubscribe();
        accepted.release();
      }
    });
  });

  // ---- instructors ----------------------------------------------------------------------------------------

  app.post('/api/rooms', async (c) => {
    const ip = clientIp(c);
    if (!createLimiter.take(ip)) return limited(c, createLimiter, ip);
    const body = await readBody(c, CreateRoomBodySchema);
    if (body instanceof Response) return body;
    const title = checkText(body.title, MAX_TITLE_CHARS, 'title');
    if (title.kind === 'invalid') return problem(c, 400, title.reason);
    const known = course.chapters.map((ch) => ch.id);
    const unknown = body.chapters.filter((id) => !known.includes(id));
    if (unknown.length) return problem(c, 400, `Unknown chapters: ${unknown.join(', ')}.`);
    const chapters = known.filter((id) => body.chapters.includes(id));
    const days = Math.min(body.retentionDays ?? config.retentionDays, config.maxRetentionDays);
    const secret = createSecret();
    const at = now();
    const roomId = createId();
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = createJoinCode();
      const outcome = await data.insertRoom({
        id: roomId,
        code,
        title: title.text,
        chapters,
        startsAt: body.startsAt ?? null,
        createdAt: at,
        expiresAt: at + days * DAY_MS,
        instructorSecretHash: hashSecret(secret),
      });
      if (outcome === 'created') {
        log(`room created: ${JSON.stringify(title.text)} (${chapters.length} chapters, kept ${days} days)`);
        const response: CreateRoomResponse = { roomId, code, instructorSecret: secret, expiresAt: at + days * DAY_MS };
        return c.json(response, 201);
      }
    }
    return problem(c, 409, 'Could not find a free room code: try again.');
  });

  const instructorAuth = async (c: Ctx, next: () => Promise<void>) => {
    const secret = bearerToken(c.req.header('authorization'));
    const room = unexpired(await data.roomById(c.req.param('roomId') ?? ''));
    const ok = secretMatches(secret ?? '', room?.instructorSecretHash ?? 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    if (!room || !secret || !ok) return problem(c, 401, "This needs the room's instructor link.");
    c.set('room', room);
    await next();
  };

  async function snapshot(room: Room): Promise<DashboardSnapshot> {
    const [learners, events] = await Promise.all([
      data.learnersOfRoom(room.id),
      data.eventsOfRoom(room.id, 0, undefined, { payload: false }),
    ]);
    return {
      room: roomState(room),
      chapters: course.chapters.filter((ch) => room.chapters.includes(ch.id)),
      learners: learners.map(dashboardLearner),
      events: events.map(dashboardEvent),
      now: now(),
    };
  }

  app.get('/api/rooms/:roomId', instructorAuth, async (c) => c.json(await snapshot(c.get('room'))));

  app.get('/api/rooms/:roomId/stream', instructorAuth, (c) => {
    const room = c.get('room');
    const accepted = acceptStream(c, `room:${room.id}`, config.streamsPerDashboard);
    if (accepted instanceof Response) return accepted;
    return streamSSE(c, async (stream) => {
      accepted.start(stream);
      // Subscribe before reading the snapshot, hold live messages until it is sent, so nothing falls between.
      let held: LiveMessage[] | undefined = [];
      let sentUpTo = 0;
      const send = (message: LiveMessage) => {
        if (message.t === 'event' && message.event.id <= sentUpTo) return;
        if (message.t === 'event' || message.t === 'learner' || message.t === 'room') {
          const payload =
            message.t === 'event' ? message.event : message.t === 'learner' ? message.learner : message.room;
          void stream.writeSSE({ event: message.t, data: JSON.stringify(payload) });
        }
      };
      const sendSnapshot = async () => {
        const current = await data.roomById(room.id);
        if (!current) return;
        const snap = await snapshot(current);
        sentUpTo = snap.events.at(-1)?.id ?? 0;
        await stream.writeSSE({ event: 'snapshot', data: JSON.stringify(snap) });
      };
      const unsubscribe = bus.subscribe(room.id, (message) => {
        if (message.t === 'resync') {
          held ??= [];
          void sendSnapshot().then(flush);
        } else if (held) held.push(message);
        else send(message);
      });
      const flush = () => {
        const pending = held ?? [];
        held = undefined;
        for (const message of pending) send(message);
      };
      stream.onAbort(() => {
        unsubscribe();
        accepted.release();
      });
      try {
        await sendSnapshot();
        flush();
        await heartbeat(stream);
      } finally {
        // Also when the snapshot cannot be read: the stream gives its place back.
        unsubscribe();
        accepted.release();
      }
    });
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

  app.get('/api/rooms/:roomId/export.csv', instructorAuth, async (c) => {
    const snap = await snapshot(c.get('room'));
    const view = buildDashboardView(createDashboardState(snap), snap.now);
    const rows = dashboardCsvRows(view, snap.chapters);
    const csv = rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
    const name = `workshop-${new Date(snap.now).toISOString().slice(0, 10)}.csv`;
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${name}"`);
    return c.body(csv);
  });

  app.all('/api/*', (c) => problem(c, 404, 'No such API route.'));

  // ---- the static site ----------------------------------------------------------------------------------

  if (config.distDir) {
    const root = config.distDir;
    app.use('*', async (c, next) => {
      // Directories are addressed with a trailing slash, as the static preview does.
      const path = c.req.path;
      let decoded: string;
      try {
        decoded = decodeURIComponent(path);
      } catch {
        return c.text('Bad request: the address is not valid percent-encoding.', 400);
      }
      if (!path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path) && !path.includes('..')) {
        const dir = join(root, decoded);
        // One leading slash: "//chapters/" would be a scheme-relative address, sending the browser to a host.
        if (existsSync(join(dir, 'index.html')) && statSync(dir).isDirectory())
          return c.redirect(`/${path.replace(/^\/+/, '')}/`, 301);
      }
      return next();
    });
    app.use('*', serveStatic({ root }));
    app.notFound((c) => {
      const page = join(root, '404.html');
      if (existsSync(page)) return c.html(readFileSync(page, 'utf8'), 404);
      return c.text('Not found', 404);
    });
  }

  return {
    app,
    closeStreams: () => {
      for (const stream of [...streams]) {
        const close = closers.get(stream);
        if (close) close();
        else void stream.close();
      }
      streams.clear();
    },
  };

  async function heartbeat(stream: SSEStreamingApi): Promise<void> {
    while (!stream.aborted && !stream.closed) {
      await stream.sleep(config.heartbeatSeconds * 1000);
      if (stream.aborted || stream.closed) break;
      await stream.write(': keep-alive\n\n');
    }
  }
}

/**
 * Runs `task` after every task queued before it under `key` has finished, so a check and the write it allows are
 * not interleaved with another's. Within this process: instances sharing one database each keep their own turns.
 */
async function oneAtATime<T>(turns: Map<string, Promise<unknown>>, key: string, task: () => Promise<T>): Promise<T> {
  const before = turns.get(key) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(task);
  turns.set(key, mine);
  try {
    return await mine;
  } finally {
    if (turns.get(key) === mine) turns.delete(key);
  }
}

/** What a learner's browser needs to know about the room. */
function learnerRoomView(room: RoomState) {
  return { id: room.id, title: room.title, chapters: room.chapters, locked: room.locked, endedAt: room.endedAt };
}

/** One line about the first validation problem. */
function describeIssue(issues: { path: PropertyKey[]; message: string }[]): string {
  const first = issues[0];
  if (!first) return 'invalid.';
  const where = first.path.length ? `${first.path.map(String).join('.')}: ` : '';
  return `${where}${first.message}`;
}

/** What is stored of an event: an edited classify text longer than MAX_STORED_TEXT_CHARS as its length and digest. */
function storedPayload(event: RoomEvent): unknown {
  if (event.kind !== 'classify' || event.text === undefined || event.text.length <= MAX_STORED_TEXT_CHARS) return event;
  const { text, ...rest } = event;
  return { ...rest, textLength: text.length, textSha256: createHash('sha256').update(text).digest('hex') };
}
