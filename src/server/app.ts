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
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { join } from 'node:path';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { firstTooDeep } from '#message-model';
import type { DashboardSnapshot } from '../room/dashboard-model.ts';
import type { DashboardEvent, DashboardLearner, LiveMessage, RoomState } from '../room/live.ts';
import { checkLmsId, checkLmsIdLabel } from '../room/lms-id-check.ts';
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
  type JoinRefusal,
  type JoinResponse,
} from '../room/protocol.ts';
import type { Verdict } from '../room/verdict.ts';
import type { Bus } from './bus.ts';
import { resolvedChapterId, type RoomCourse } from './course.ts';
import type { Learner, NewEvent, Room, StoredEvent, WorkshopData } from './db/workshop-data.ts';
import { gradeEvent } from './grade-event.ts';
import { createPacing } from './pacing.ts';
import { createHostCheck } from './host-check.ts';
import { roomEventPages } from './room-reads.ts';
import { mountRoomExport } from './room-export.ts';
import { siteCaching } from './site-assets.ts';
import { keepAlive, LagCheck, LiveSender } from './streams.ts';
import { isSignedInInstructor, revealsAnswers, signInInstructor } from './instructor-pages.ts';
import { SignIns, StorageLedger } from './quotas.ts';
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
  /** Creating rooms, server-wide (an attacker with many addresses still cannot create rooms without end). */
  createPerServer: RateLimit;
  /** Requests to one room's instructor routes. */
  requestsPerInstructor: RateLimit;
  /** Whole-room reads of one room: the JSON snapshot, the CSV export, a dashboard stream (it starts with a snapshot). */
  wholeRoomReadsPerRoom: RateLimit;
}

/** Defaults: a class of 300 behind one address can join within a minute; one learner can send ~10 events a second. */
export const DEFAULT_LIMITS: Limits = {
  joinPerIp: { burst: 300, perSecond: 5 },
  createPerIp: { burst: 10, perSecond: 1 / 60 },
  requestsPerLearner: { burst: 30, perSecond: 5 },
  eventsPerLearner: { burst: 100, perSecond: 10 },
  createPerServer: { burst: 60, perSecond: 1 / 10 },
  requestsPerInstructor: { burst: 60, perSecond: 2 },
  wholeRoomReadsPerRoom: { burst: 10, perSecond: 1 / 6 },
};

/** How the server is set up. */
export interface WorkshopConfig {
  /**
   * Days after creation a room's data is deleted, unless the instructor chooses fewer: the operator's longest, so a
   * room asking for more is refused.
   */
  retentionDays: number;
  /** Take the client address from X-Forwarded-For (behind a reverse proxy that sets it). */
  trustProxy: boolean;
  /**
   * Who may create a room: 'loopback' (default), only the computer the server runs on, since whoever creates a room
   * may read the answer key; 'anyone', every client (a hosted deployment, where the answer key is then readable by
   * anyone who creates a room).
   */
  roomCreation: 'loopback' | 'anyone';
  /** The site's public origin (https://workshop.example.org), when the Host header cannot be trusted to say it. */
  publicOrigin?: string;
  /**
   * The host names and addresses (no ports) the server answers to besides localhost, the loopback addresses and
   * publicOrigin's host: the LAN addresses it prints, and any name the operator adds. A request naming another Host
   * is refused (see host-check.ts).
   */
  allowedHosts: readonly string[];
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
  /**
   * Bytes a live stream may have queued for a reader that does not read; past it the stream is closed (its page
   * reconnects and resynchronises), so an unread stream cannot grow the server's memory.
   */
  maxQueuedBytesPerStream: number;
  /** Seconds a live stream's reader may take nothing while data waits before the stream is closed (default 2 heartbeats). */
  streamStallSeconds?: number;
  /**
   * Events read from the database at a time for a snapshot or an export (the server yields to other requests
   * between pages, and reads page after page until the room's last event).
   */
  eventPageSize: number;
  /**
   * Whole-room reads running at once, server-wide (CSV exports, and dashboard streams' snapshots, which are counted
   * but never refused); one more export is answered 503 with Retry-After.
   */
  maxWholeRoomReads: number;
  /** Learners one room may have (removed learners do not count: their answers are kept, their place is free). */
  maxLearnersPerRoom: number;
  /**
   * Sign-ins one client address (an IPv6 /64) may make in one room, removed learners' included; default half of
   * maxLearnersPerRoom, so one address cannot fill a room (a class behind one address still fits: 100 learners).
   */
  signInsPerAddress?: number;
  /** Characters of stored events (payloads and verdicts) one learner may have; events beyond it are refused. */
  maxStoredCharsPerLearner: number;
  /** Characters of stored events one room may have. */
  maxStoredCharsPerRoom: number;
  /** Characters of stored events the rooms created from one client address may have together. */
  maxStoredCharsPerCreator: number;
}

/** The longest edited classify text stored as typed; a longer one is stored as its length and SHA-256. */
const MAX_STORED_TEXT_CHARS = 2048;
/** How deeply a request body's arrays and objects may nest (room events need fewer than ten levels). */
const MAX_BODY_DEPTH = 32;

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

/** The default configuration. */
export const DEFAULT_CONFIG: WorkshopConfig = {
  retentionDays: 30,
  trustProxy: false,
  roomCreation: 'loopback',
  allowedHosts: [],
  limits: DEFAULT_LIMITS,
  heartbeatSeconds: 15,
  maxStreams: 800,
  streamsPerLearner: 3,
  streamsPerDashboard: 5,
  maxQueuedBytesPerStream: 256 * 1024,
  eventPageSize: 1000,
  maxWholeRoomReads: 4,
  maxLearnersPerRoom: 200,
  maxStoredCharsPerLearner: 1_000_000,
  maxStoredCharsPerRoom: 50_000_000,
  maxStoredCharsPerCreator: 200_000_000,
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
/** A refused join, naming the field it concerns (JoinRefusal). */
const refuse = (c: Context, status: 400 | 409, refusal: JoinRefusal) => c.json(refusal, status);

/** The public state of a room (what learners and dashboards follow). */
export function roomState(room: Room): RoomState {
  return {
    id: room.id,
    title: room.title,
    code: room.code,
    chapters: room.chapters.map(resolvedChapterId),
    startsAt: room.startsAt,
    createdAt: room.createdAt,
    endedAt: room.endedAt,
    expiresAt: room.expiresAt,
    locked: room.locked,
    joiningClosed: room.joiningClosed,
    ...(room.lmsIdAsk ? { lmsIdKind: room.lmsIdAsk.kind } : {}),
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
    chapterId: learner.chapterId === null ? null : resolvedChapterId(learner.chapterId),
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
    chapterId: resolvedChapterId(event.chapterId),
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
  const createServerLimiter = new RateLimiter(config.limits.createPerServer, now);
  const instructorLimiter = new RateLimiter(config.limits.requestsPerInstructor, now);
  const wholeRoomLimiter = new RateLimiter(config.limits.wholeRoomReadsPerRoom, now);
  /** Whole-room reads running now (see maxWholeRoomReads). */
  let wholeRoomReads = 0;
  const signIns = new SignIns();
  const signInsPerAddress = config.signInsPerAddress ?? Math.max(1, Math.floor(config.maxLearnersPerRoom / 2));
  const ledger = new StorageLedger((roomId) => data.storedCharsOfRoom(roomId));
  const streams = new Set<SSEStreamingApi>();
  /** Open streams by holder (a learner, or one room's instructor link), oldest first. */
  const holders = new Map<string, SSEStreamingApi[]>();
  /** How to close each open stream and release its place. */
  const closers = new WeakMap<SSEStreamingApi, () => void>();
  /** What writes to each open stream (bounded by maxQueuedBytesPerStream). */
  const senders = new WeakMap<SSEStreamingApi, LiveSender>();
  const stallSeconds = config.streamStallSeconds ?? 2 * config.heartbeatSeconds;
  /** Per room, the end of the last join in progress (see oneAtATime). */
  const joinTurns = new Map<string, Promise<unknown>>();
  /** Per learner, the end of the last batch being stored (see oneAtATime). */
  const storeTurns = new Map<string, Promise<unknown>>();
  /** Streams accepted (counted from the request, before the stream starts, so a burst cannot slip past the cap). */
  let openStreams = 0;
  /** Streams accepted per client address (addressKey). */
  const streamsByAddress = new Map<string, number>();
  const streamsPerAddress = config.streamsPerAddress ?? Math.max(1, Math.floor(config.maxStreams / 2));
  const pacing = createPacing({ data, bus, course, now });

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
    const start = (stream: SSEStreamingApi): LiveSender => {
      self = stream;
      const sender = new LiveSender(stream, config.maxQueuedBytesPerStream);
      senders.set(stream, sender);
      streams.add(stream);
      const list = holders.get(holder) ?? [];
      list.push(stream);
      holders.set(holder, list);
      // The holder's oldest streams make way (a reloaded tab's old connection may not have noticed it is gone); a
      // page told "replaced" waits until it is shown again before reconnecting, so tabs do not take turns.
      while (list.length > cap) {
        const oldest = list.shift()!;
        const replaced = senders.get(oldest);
        if (replaced)
          void replaced
            .sendAndWait({ event: 'replaced', data: '{}' }, stallSeconds * 1000)
            .finally(() => closers.get(oldest)?.());
        else closers.get(oldest)?.();
      }
      closers.set(stream, () => {
        release();
        void stream.close();
      });
      return sender;
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

  /** The client's address as sent (X-Forwarded-For's last entry behind a trusted proxy), or 'unknown'. */
  const clientAddress = (c: Context): string => {
    if (config.trustProxy) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      return 'unknown';
    }
  };

  const clientIp = (c: Context): string => {
    return addressKey(clientAddress(c));
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

  // Only the addresses the server serves, for pages and the API alike (a rebinding page must not read either).
  const servesHost = createHostCheck([
    ...config.allowedHosts,
    ...(config.publicOrigin ? [new URL(config.publicOrigin).host] : []),
  ]);
  app.use('*', async (c, next) => {
    const forwarded = config.trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0] : undefined;
    const host = forwarded ?? c.req.header('host') ?? new URL(c.req.url).host;
    if (!servesHost(host)) {
      return c.text('This server does not answer for that address: open it by the address it prints.', 403);
    }
    return next();
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
    return c.json({ server: true, retentionDays: config.retentionDays });
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
    if (name.kind === 'invalid') return refuse(c, 400, { error: name.reason, field: 'name' });
    let lmsId: string | null = null;
    if (room.lmsIdAsk) {
      const typed = checkLmsId(body.lmsId, room.lmsIdAsk);
      if (typed.kind !== 'ok') return refuse(c, 400, { error: typed.reason, field: 'lmsId', lmsId: room.lmsIdAsk });
      lmsId = typed.id;
    }
    const secret = createSecret();
    const learnerId = createId();
    const at = now();
    // Counting and inserting happen one join at a time per room: joins sent all at once each counted the room before
    // any of them inserted, and all got in past the cap.
    const outcome = await oneAtATime(joinTurns, room.id, async () => {
      if (signIns.count(room.id, ip) >= signInsPerAddress) return 'address-full' as const;
      const present = (await data.learnersOfRoom(room.id)).filter((l) => l.removedAt === null);
      if (present.length >= config.maxLearnersPerRoom) return 'full' as const;
      const joined = await data.insertLearner({
        id: learnerId,
        roomId: room.id,
        name: name.name,
        nameKey: name.key,
        secretHash: hashSecret(secret),
        joinedAt: at,
        lmsId,
      });
      if (joined === 'joined') signIns.add(room.id, ip);
      return joined;
    });
    if (outcome === 'address-full') {
      return problem(
        c,
        429,
        `Your network has signed in to this room ${signInsPerAddress} times, the most it may: ask your instructor.`,
      );
    }
    if (outcome === 'full')
      return problem(
        c,
        409,
        `This room is full (${config.maxLearnersPerRoom} learners): ask your instructor to open another room.`,
      );
    if (outcome === 'name-taken')
      return refuse(c, 409, { error: 'Someone in this room already has that name: add an initial.', field: 'name' });
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
    const accepted: { index: number; chars: number; event: NewEvent }[] = [];
    const at = now();
    // Reading the learner's stored total and storing the batch happen one batch at a time per learner: batches sent
    // all at once each read the total before any stored, and all were stored past the quota.
    const acks = await oneAtATime(storeTurns, learner.id, async () => {
      let storedChars = await data.storedCharsOfLearner(learner.id);
      await ledger.ensure(room.id);
      const pace = await pacing.read(room.id);
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
        const closed = pacing.refusal(pace, graded);
        if (closed) {
          results[index] = { key, status: 'rejected', reason: closed };
          return;
        }
        const event = parsed.data;
        const payload = storedPayload(event);
        // What the database keeps of the event: its payload and the server's verdict.
        const chars = JSON.stringify(payload).length + JSON.stringify(graded.verdict).length;
        const over = ledger.exceeds(room.id, chars, {
          perRoom: config.maxStoredCharsPerRoom,
          perCreator: config.maxStoredCharsPerCreator,
        });
        if (over) {
          results[index] = {
            key,
            status: 'rejected',
            reason:
              over === 'room'
                ? 'This room has stored as much as the server allows one room: tell your instructor.'
                : "The rooms created from your instructor's network have stored as much as the server allows: tell your instructor.",
          };
          return;
        }
        if (storedChars + chars > config.maxStoredCharsPerLearner) {
          results[index] = {
            key,
            status: 'rejected',
            reason: `Your storage quota in this room is used up (${config.maxStoredCharsPerLearner.toLocaleString('en')} characters): tell your instructor.`,
          };
          return;
        }
        storedChars += chars;
        ledger.add(room.id, chars);
        accepted.push({
          chars,
          index,
          event: {
            key: event.key,
            seq: event.seq,
            kind: event.kind,
            chapterId: graded.chapterId,
            itemId: graded.itemId,
            payload,
            verdict: graded.verdict,
            outcome: graded.verdict.outcome,
            selfReported: graded.verdict.kind === 'code-lab',
            clientAt: event.at ?? null,
          },
        });
      });
      if (!accepted.length) return [];
      try {
        const stored = await data.insertEvents(
          room.id,
          learner.id,
          accepted.map((a) => a.event),
          at,
        );
        // A repeat of an event stored earlier takes no more room.
        stored.forEach((ack, i) => ack.status === 'duplicate' && ledger.add(room.id, -accepted[i]!.chars));
        return stored;
      } catch (error) {
        ledger.add(room.id, -accepted.reduce((n, a) => n + a.chars, 0));
        throw error;
      }
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
      const sender = accepted.start(stream);
      /** The room as this stream last told it (JSON), to notice a change it missed. */
      let told = '';
      const sendRoom = (state: RoomState) => {
        told = JSON.stringify(learnerRoomView(state));
        sender.send({ event: 'room', data: told });
      };
      const sendRemoved = () =>
        void sender.sendAndWait({ event: 'removed', data: '{}' }, stallSeconds * 1000).then(() => stream.close());
      const pace = pacing.follow(room.id, (json) => sender.send({ event: 'pace', data: json }));
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
        accepted.release();
      });
      // At each heartbeat: a lock, an end or a removal this stream missed is sent now.
      const check = async () => {
        const [current, me] = await Promise.all([data.roomById(room.id), data.learnerById(learner.id)]);
        if (!me || me.removedAt !== null) return sendRemoved();
        const state = current ? roomState(current) : { ...roomState(room), endedAt: room.endedAt ?? now() };
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
        accepted.release();
      }
    });
  });

  // ---- instructors ----------------------------------------------------------------------------------------

  app.post('/api/rooms', async (c) => {
    if (config.roomCreation === 'loopback' && !isLoopback(clientAddress(c))) {
      return problem(
        c,
        403,
        'Rooms are created on the computer that runs the workshop server: open /instructor/room/ there, or start the server with --rooms-from-anywhere.',
      );
    }
    const ip = clientIp(c);
    if (!createLimiter.take(ip)) return limited(c, createLimiter, ip);
    if (!createServerLimiter.take('server')) return limited(c, createServerLimiter, 'server');
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
        lmsIdAsk: body.lmsId && lmsLabel ? { kind: body.lmsId.kind, label: lmsLabel.label } : null,
      });
      if (outcome === 'created') {
        ledger.created(roomId, ip);
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
    if (!instructorLimiter.take(room.id)) return limited(c, instructorLimiter, room.id);
    c.set('room', room);
    await next();
  };
  pacing.mount(app, instructorAuth, readBody, problem);

  /**
   * Before a whole-room read: the room's own limit, then the server-wide number at once; a Response when refused,
   * else the function that gives the place back (call it once the read is done).
   */
  const startWholeRoomRead = (c: Ctx): Response | (() => void) => {
    const roomId = c.get('room').id;
    if (!wholeRoomLimiter.take(roomId)) return limited(c, wholeRoomLimiter, roomId);
    if (wholeRoomReads >= config.maxWholeRoomReads) {
      c.header('Retry-After', '5');
      return problem(c, 503, 'The server is busy reading other rooms: try again in a moment.');
    }
    wholeRoomReads += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      wholeRoomReads -= 1;
    };
  };

  /**
   * A room's snapshot without its events (they follow in pages: see roomEventPages). Never carries a learner's LMS
   * identifier: the exports read it from the learners' rows (src/server/room-export.ts).
   */
  async function snapshotHead(room: Room): Promise<DashboardSnapshot> {
    const learners = await data.learnersOfRoom(room.id);
    return {
      room: roomState(room),
      chapters: course.chapters.filter((ch) => room.chapters.map(resolvedChapterId).includes(ch.id)),
      learners: learners.map(dashboardLearner),
      events: [],
      now: now(),
    };
  }

  const eventPages = (room: Room) => roomEventPages(data, room.id, config.eventPageSize);

  // The snapshot as JSON, written page by page as the client reads it (never the whole room in one string).
  app.get('/api/rooms/:roomId', instructorAuth, async (c) => {
    // Each page is read only when the client has taken the one before, so a slow reader costs nothing meanwhile:
    // the room's limit applies, not the server-wide count of reads running.
    const roomId = c.get('room').id;
    if (!wholeRoomLimiter.take(roomId)) return limited(c, wholeRoomLimiter, roomId);
    const head = await snapshotHead(c.get('room'));
    const pages = eventPages(c.get('room'));
    const encoder = new TextEncoder();
    const { events: _none, ...rest } = head;
    let first = true;
    const body = new ReadableStream<Uint8Array>({
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
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(body);
  });

  // The dashboard, once its key works, signs the browser in for the instructor pages that reveal answers.
  app.post('/api/rooms/:roomId/sign-in', instructorAuth, (c) => {
    signInInstructor(c, c.get('room'), bearerToken(c.req.header('authorization')) ?? '', now());
    return c.json({ signedIn: true });
  });

  app.get('/api/rooms/:roomId/stream', instructorAuth, (c) => {
    const room = c.get('room');
    // A stream starts with a whole-room snapshot: it counts against the room's limit (a reconnect loop is one).
    if (!wholeRoomLimiter.take(room.id)) return limited(c, wholeRoomLimiter, room.id);
    const accepted = acceptStream(c, `room:${room.id}`, config.streamsPerDashboard);
    if (accepted instanceof Response) return accepted;
    return streamSSE(c, async (stream) => {
      const sender = accepted.start(stream);
      // Subscribe before reading the snapshot, hold live messages until it is sent, so nothing falls between.
      let held: LiveMessage[] | undefined = [];
      let sentUpTo = 0;
      /** Events this stream has delivered (the snapshot's and live ones), and the learners as it told them. */
      let delivered = 0;
      const told = new Map<string, string>();
      let toldRoom = '';
      const eventsLag = new LagCheck();
      const tellLearner = (learner: DashboardLearner) => {
        const json = JSON.stringify(learner);
        told.set(learner.id, json);
        return json;
      };
      const send = (message: LiveMessage) => {
        if (message.t === 'event') {
          if (message.event.id <= sentUpTo) return;
          delivered += 1;
          sender.send({ event: 'event', data: JSON.stringify(message.event) });
        } else if (message.t === 'learner') {
          sender.send({ event: 'learner', data: tellLearner(message.learner) });
        } else if (message.t === 'room') {
          toldRoom = JSON.stringify(message.room);
          sender.send({ event: 'room', data: toldRoom });
        }
      };
      // The snapshot, then its events page by page ('snapshot-events', `more: false` on the last), each written
      // once the reader has taken the one before.
      const sendSnapshot = async () => {
        const current = await data.roomById(room.id);
        if (!current) return;
        // Counted among the whole-room reads running (never refused: the stream's page must get its state).
        wholeRoomReads += 1;
        try {
          await sendPages(current);
        } finally {
          wholeRoomReads -= 1;
        }
      };
      const sendPages = async (current: Room) => {
        const snap = await snapshotHead(current);
        sentUpTo = 0;
        delivered = 0;
        told.clear();
        for (const learner of snap.learners) tellLearner(learner);
        toldRoom = JSON.stringify(snap.room);
        eventsLag.reset();
        let first = true;
        for await (const page of eventPages(current)) {
          const events = page.events.map(dashboardEvent);
          sentUpTo = events.at(-1)?.id ?? sentUpTo;
          delivered += events.length;
          const message = first
            ? { event: 'snapshot', data: JSON.stringify({ ...snap, events, more: page.more }) }
            : { event: 'snapshot-events', data: JSON.stringify({ events, more: page.more }) };
          first = false;
          await sender.sendAndWait(message, stallSeconds * 1000);
          if (!sender.open) return;
        }
        if (first) {
          await sender.sendAndWait(
            { event: 'snapshot', data: JSON.stringify({ ...snap, more: false }) },
            stallSeconds * 1000,
          );
        }
      };
      const resync = () => {
        held ??= [];
        return sendSnapshot().then(flush);
      };
      const pace = pacing.follow(room.id, (json) => sender.send({ event: 'pace', data: json }));
      const unsubscribe = bus.subscribe(room.id, (message) => {
        if (message.t === 'pace' || message.t === 'resync') void pace.send().catch(() => {});
        if (message.t === 'resync') void resync();
        else if (held) held.push(message);
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
      // At each heartbeat: events stored before the last heartbeat and not delivered mean messages were lost, and a
      // fresh snapshot follows; a changed learner or room state the stream missed is sent as it is now.
      const check = async () => {
        if (held) return;
        const [current, learners, stored] = await Promise.all([
          data.roomById(room.id),
          data.learnersOfRoom(room.id),
          data.countEvents(room.id),
        ]);
        if (eventsLag.behind(delivered, stored)) return resync();
        for (const learner of learners.map(dashboardLearner)) {
          const json = JSON.stringify(learner);
          if (told.get(learner.id) !== json) sender.send({ event: 'learner', data: tellLearner(learner) });
        }
        const state = current
          ? roomState(current)
          : { ...roomState(room), endedAt: room.endedAt ?? now(), expiresAt: now() };
        const json = JSON.stringify(state);
        if (json !== toldRoom) {
          toldRoom = json;
          sender.send({ event: 'room', data: json });
        }
        await pace.check();
      };
      try {
        await sendSnapshot();
        flush();
        await pace.send();
        await keepAlive(stream, sender, { seconds: config.heartbeatSeconds, stallSeconds }, check);
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
    ledger.forget(room.id);
    signIns.forget(room.id);
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

  mountRoomExport(app, {
    instructorAuth,
    startWholeRoomRead,
    snapshotHead,
    eventPages,
    dashboardEvent,
    learnersOfRoom: (id) => data.learnersOfRoom(id),
    readPace: (id) => pacing.read(id),
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
      if (revealsAnswers(decoded)) {
        // Never kept by a cache (the service worker's included): the page is for this signed-in browser, now.
        c.header('Cache-Control', 'private, no-store');
        if (!(await isSignedInInstructor(c, async (id) => unexpired(await data.roomById(id)))))
          return c.html(INSTRUCTOR_ONLY_PAGE, 403);
      }
      if (!path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path) && !path.includes('..')) {
        const dir = join(root, decoded);
        // One leading slash: "//chapters/" would be a scheme-relative address, sending the browser to a host.
        if (existsSync(join(dir, 'index.html')) && statSync(dir).isDirectory())
          return c.redirect(`/${path.replace(/^\/+/, '')}/`, 301);
      }
      return next();
    });
    app.use('*', siteCaching());
    app.use('*', serveStatic({ root, precompressed: true }));
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

/** What the workshop server answers for an instructor page that reveals answers, to a browser not signed in. */
const INSTRUCTOR_ONLY_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>For the room's instructor</title></head>
<body><main>
<h1>This page is for the room's instructor</h1>
<p>On the workshop server, the answer key and the facilitator notes are shown only in a browser that has opened
one of your rooms. Open your room's dashboard at <a href="/instructor/room/">/instructor/room/</a> with the
instructor link you kept, then come back to this page.</p>
</main></body></html>
`;

/** What a learner's browser needs to know about the room. */
function learnerRoomView(room: RoomState) {
  return {
    id: room.id,
    title: room.title,
    chapters: room.chapters.map(resolvedChapterId),
    locked: room.locked,
    endedAt: room.endedAt,
  };
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
