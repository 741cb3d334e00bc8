/**
 * The workshop server's settings: the rate limits and every other bound, with their defaults. Each is a field, so a
 * test sets it small (src/server/README.md lists them).
 */
import type { RateLimit } from './rate-limit.ts';

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
