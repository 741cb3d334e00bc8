/**
 * What the routes of one workshop application share: the settings, the data layer and the bus, the rate limiters,
 * quotas and stream places (each process keeps its own), and the helpers every route group uses.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { DashboardSnapshot } from '../room/dashboard-model.ts';
import type { Bus } from './bus.ts';
import { DEFAULT_CONFIG, DEFAULT_LIMITS, type WorkshopConfig, type WorkshopSettings } from './config.ts';
import { resolvedChapterId, type RoomCourse } from './course.ts';
import type { Room, WorkshopData } from './db/workshop-data.ts';
import { instructorAuth, learnerAuth } from './middleware.ts';
import { createPacing } from './pacing.ts';
import { SignIns, StorageLedger } from './quotas.ts';
import { addressKey, RateLimiter } from './rate-limit.ts';
import { problem, type AppEnv, type Ctx } from './request.ts';
import { roomEventPages } from './room-reads.ts';
import { StreamPlaces } from './stream-places.ts';
import { dashboardLearner, roomState } from './views.ts';

/** What the application needs. */
export interface WorkshopDeps {
  data: WorkshopData;
  bus: Bus;
  course: RoomCourse;
  config?: WorkshopSettings;
  now?: () => number;
  log?: (line: string) => void;
}

/** The shared state before the authentication is added (what the authentication itself needs). */
export type ServerBase = ReturnType<typeof createBase>;
/** What every route group gets. */
export type ServerContext = ServerBase & {
  /** Checks a learner's token and sets `learner` and `room`. */
  learnerAuth: MiddlewareHandler<AppEnv>;
  /** Checks the room's instructor secret and sets `room`. */
  instructorAuth: MiddlewareHandler<AppEnv>;
};

/** Builds the shared state of one application. */
export function createServerContext(deps: WorkshopDeps): ServerContext {
  const base = createBase(deps);
  return { ...base, learnerAuth: learnerAuth(base), instructorAuth: instructorAuth(base) };
}

function createBase(deps: WorkshopDeps) {
  const config: WorkshopConfig = {
    ...DEFAULT_CONFIG,
    ...deps.config,
    limits: { ...DEFAULT_LIMITS, ...deps.config?.limits },
  };
  const { data, bus, course } = deps;
  const now = deps.now ?? Date.now;
  const limiter = (name: keyof WorkshopConfig['limits']) => new RateLimiter(config.limits[name], now);
  const stallSeconds = config.streamStallSeconds ?? 2 * config.heartbeatSeconds;
  const limiters = {
    join: limiter('joinPerIp'),
    create: limiter('createPerIp'),
    request: limiter('requestsPerLearner'),
    event: limiter('eventsPerLearner'),
    createServer: limiter('createPerServer'),
    instructor: limiter('requestsPerInstructor'),
    /** Whole-room reads per room: the JSON snapshot, the exports, opening a dashboard stream. */
    wholeRoom: limiter('wholeRoomReadsPerRoom'),
  };
  return {
    config,
    data,
    bus,
    course,
    now,
    log: deps.log ?? (() => {}),
    limiters,
    signIns: new SignIns(),
    signInsPerAddress: config.signInsPerAddress ?? Math.max(1, Math.floor(config.maxLearnersPerRoom / 2)),
    ledger: new StorageLedger((roomId) => data.storedCharsOfRoom(roomId)),
    stallSeconds,
    streams: new StreamPlaces({
      maxStreams: config.maxStreams,
      perAddress: config.streamsPerAddress ?? Math.max(1, Math.floor(config.maxStreams / 2)),
      maxQueuedBytesPerStream: config.maxQueuedBytesPerStream,
      stallSeconds,
    }),
    pacing: createPacing({ data, bus, course, now }),
    wholeRoomReads: createWholeRoomReads(limiters.wholeRoom, config.maxWholeRoomReads),
    /** Per room, joins one at a time (see oneAtATime). */
    joinTurn: turns(),
    /** Per learner, stored batches one at a time (see oneAtATime). */
    storeTurn: turns(),
    /**
     * The room, unless its retention has run out: then it is gone, as it will be once the hourly sweep deletes it
     * (until then it answered joins, events and the dashboard for up to an hour past the retention chosen).
     */
    unexpired: (room: Room | undefined): Room | undefined => (room && room.expiresAt > now() ? room : undefined),
    /** The client's address as sent (X-Forwarded-For's last entry behind a trusted proxy), or 'unknown'. */
    clientAddress: (c: Context): string => clientAddress(c, config.trustProxy),
    /** The client's address as the per-address limits key it (an IPv6 address by its /64: see addressKey). */
    clientIp: (c: Context): string => addressKey(clientAddress(c, config.trustProxy)),
    /** A room's events, page by page. */
    eventPages: (room: Room) => roomEventPages(data, room.id, config.eventPageSize),
    /**
     * A room's snapshot without its events (they follow in pages: see roomEventPages). Never carries a learner's
     * LMS identifier: the exports read it from the learners' rows (src/server/room-export.ts).
     */
    snapshotHead: async (room: Room): Promise<DashboardSnapshot> => {
      const learners = await data.learnersOfRoom(room.id);
      return {
        room: roomState(room),
        chapters: course.chapters.filter((ch) => room.chapters.map(resolvedChapterId).includes(ch.id)),
        learners: learners.map(dashboardLearner),
        events: [],
        now: now(),
      };
    },
  };
}

/** Answers 429 with the Retry-After `limiter` gives for `key`. */
export function limited(c: Context, limiter: RateLimiter, key: string, cost = 1) {
  c.header('Retry-After', String(Math.max(1, limiter.retryAfter(key, cost))));
  return problem(c, 429, 'Too many requests: wait a moment and try again.');
}

function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The whole-room reads running at once, server-wide (see maxWholeRoomReads). */
function createWholeRoomReads(limiter: RateLimiter, maxWholeRoomReads: number) {
  let running = 0;
  return {
    /**
     * Before a whole-room read: the room's own limit, then the server-wide number at once; a Response when
     * refused, else the function that gives the place back (call it once the read is done).
     */
    start(c: Ctx): Response | (() => void) {
      const roomId = c.get('room').id;
      if (!limiter.take(roomId)) return limited(c, limiter, roomId);
      if (running >= maxWholeRoomReads) {
        c.header('Retry-After', '5');
        return problem(c, 503, 'The server is busy reading other rooms: try again in a moment.');
      }
      running += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        running -= 1;
      };
    },
    /** Runs `read` counted among the reads running, never refused (a dashboard stream's page must get its state). */
    async counted<T>(read: () => Promise<T>): Promise<T> {
      running += 1;
      try {
        return await read();
      } finally {
        running -= 1;
      }
    },
  };
}

/** A queue of turns per key: see oneAtATime. */
function turns() {
  const queued = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>) => oneAtATime(queued, key, task);
}

/**
 * Runs `task` after every task queued before it under `key` has finished, so a check and the write it allows are
 * not interleaved with another's. Within this process: instances sharing one database each keep their own turns.
 */
async function oneAtATime<T>(queued: Map<string, Promise<unknown>>, key: string, task: () => Promise<T>): Promise<T> {
  const before = queued.get(key) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(task);
  queued.set(key, mine);
  try {
    return await mine;
  } finally {
    if (queued.get(key) === mine) queued.delete(key);
  }
}
