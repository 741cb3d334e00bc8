/**
 * `npm run workshop`: the live workshop server. Builds the static site if it is missing or older than its sources,
 * opens the database (an SQLite file under ./workshop-data/ by default; PostgreSQL when DATABASE_URL is a
 * postgres:// URL), applies migrations, and serves the site and the room API from one process. Prints the
 * addresses learners can reach and a QR code of the join page.
 *
 * Options (flags win over environment variables):
 *   --port N                 PORT                       default 4321
 *   --host ADDRESS           HOST                       default 0.0.0.0 (every interface, so the LAN can reach it)
 *   --data FILE              WORKSHOP_DATA              default ./workshop-data/workshop.sqlite (SQLite only)
 *   --sqlite-sync MODE       WORKSHOP_SQLITE_SYNC       full (default): each commit is on disk before it is
 *                                                       acknowledged, even across a power cut; normal: faster on a
 *                                                       slow disk, safe across a server crash, not a power cut
 *                            DATABASE_URL               postgres://… switches to PostgreSQL
 *   --retention-days N       WORKSHOP_RETENTION_DAYS    default 30: rooms are deleted this many days after creation;
 *                                                       the longest a room may ask for (1 to 365)
 *   --max-streams N          WORKSHOP_MAX_STREAMS       default 800: live streams open at once, server-wide; keep
 *                                                       it well below the file-descriptor limit (ulimit -n)
 *   --max-learners N         WORKSHOP_MAX_LEARNERS      default 200: learners one room may have
 *   --max-connections N      WORKSHOP_MAX_CONNECTIONS   default 900: TCP connections open at once (more than
 *                                                       --max-streams, below ulimit -n); the oldest idle one is
 *                                                       closed to make room
 *   --max-connections-per-address N
 *                            WORKSHOP_MAX_CONNECTIONS_PER_ADDRESS   default 600: from one address (an IPv6 /64)
 *   --idle-timeout SECONDS   WORKSHOP_IDLE_TIMEOUT      default 30: an idle connection is closed after this
 *   --trust-proxy            WORKSHOP_TRUST_PROXY=1     client address from X-Forwarded-For (behind a reverse proxy)
 *   --rooms-from-anywhere    WORKSHOP_ROOMS_FROM_ANYWHERE=1  any client may create a room (a hosted service), not
 *                                                       only this computer: whoever creates one reads the answer key
 *   --public-origin URL      WORKSHOP_PUBLIC_ORIGIN     the address learners use, when a proxy rewrites Host
 *   --allow-host NAME        WORKSHOP_ALLOW_HOSTS       a further name the server answers to (laptop.local); repeat
 *                                                       it, or list names with commas. The server answers only
 *                                                       localhost, the addresses it prints, --public-origin and
 *                                                       these: a page on another name is refused (DNS rebinding)
 *   --frame-ancestors "ORIGIN ..."  WORKSHOP_FRAME_ANCESTORS  origins that may show the site in a frame (an LMS:
 *                                                       "https://lms.example.edu"); default none but the site's own
 *   --no-build                                          serve dist/ as it is
 *   --no-site                                           serve the room API only (a proxy serves dist/)
 *   --dist DIR                                          serve this built site instead of ./dist (implies --no-build)
 *   --no-qr                                             do not print the QR code
 * Exit codes: 0 after a clean shutdown (Ctrl-C), 1 when the server cannot start, 2 on a usage error.
 */
import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import QRCode from 'qrcode';
import { escapeControls } from '../lib/text.ts';
import { createWorkshopApp } from './app.ts';
import { dashboardEvent } from './views.ts';
import { createMemoryBus, createPostgresBus, type Bus } from './bus.ts';
import { writeCourse } from '../course/build-course.ts';
import { DEFAULT_CONNECTION_LIMITS, limitConnections, type ConnectionLimits } from './connections.ts';
import { readRoomCourse } from './course.ts';
import { isPostgresUrl, openDatabase, type SqliteSync } from './db/open.ts';
import { createWorkshopData, type WorkshopData } from './db/workshop-data.ts';
import { precompressSite } from './site-assets.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const HOUR = 3_600_000;

function usage(message: string): never {
  process.stderr.write(`workshop: ${message}\nRun "npm run workshop -- --help" for the options.\n`);
  process.exit(2);
}

/** The newest modification time under `dir` (files only), or 0. */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const time = statSync(join(entry.parentPath, entry.name)).mtimeMs;
    if (time > latest) latest = time;
  }
  return latest;
}

/** True when dist/ is missing or older than any source of the site. */
function buildNeeded(): boolean {
  const index = join(ROOT, 'dist/index.html');
  if (!existsSync(index) || !existsSync(join(ROOT, 'dist/course.json'))) return true;
  const built = statSync(index).mtimeMs;
  return ['src', 'content', 'public', 'exercises'].some((dir) => newest(join(ROOT, dir)) > built);
}

/** The IPv4 addresses other machines on the network can use. */
function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((i): i is NonNullable<typeof i> => !!i && i.family === 'IPv4' && !i.internal)
    .map((i) => i.address);
}

/** The command line's options, or a usage error. */
function parseOptions() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        'sqlite-sync': { type: 'string' },
        'retention-days': { type: 'string' },
        'max-streams': { type: 'string' },
        'max-learners': { type: 'string' },
        'max-connections': { type: 'string' },
        'max-connections-per-address': { type: 'string' },
        'idle-timeout': { type: 'string' },
        'trust-proxy': { type: 'boolean' },
        'rooms-from-anywhere': { type: 'boolean' },
        'public-origin': { type: 'string' },
        'allow-host': { type: 'string', multiple: true },
        'frame-ancestors': { type: 'string' },
        'no-build': { type: 'boolean' },
        'no-site': { type: 'boolean' },
        dist: { type: 'string' },
        'no-qr': { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
    }).values;
  } catch (error) {
    usage(error instanceof Error ? error.message : String(error));
  }
}

type Options = ReturnType<typeof parseOptions>;

/** Writes this file's leading comment (the options) as the help. */
async function printHelp(): Promise<void> {
  const source = await import('node:fs').then((fs) => fs.readFileSync(fileURLToPath(import.meta.url), 'utf8'));
  process.stdout.write(
    `${/\/\*\*([\s\S]*?)\*\//
      .exec(source)![1]!
      .replace(/^ \* ?/gm, '')
      .trim()}\n`,
  );
}

/** A whole number from a flag or its environment variable, at least `min`, or a usage error naming the flag. */
function whole(name: string, value: string | undefined, fallback: number, min: number): number {
  const n = Number(value ?? fallback);
  if (!Number.isInteger(n) || n < min) usage(`--${name} must be a whole number of at least ${min}`);
  return n;
}

/** The server's settings from the options and the environment, each checked (a usage error for the first bad one). */
function settingsOf(values: Options) {
  const port = Number(values.port ?? process.env.PORT ?? 4321);
  if (!Number.isInteger(port) || port < 0 || port > 65535) usage(`--port must be a port number, not ${values.port}`);
  const retentionDays = Number(values['retention-days'] ?? process.env.WORKSHOP_RETENTION_DAYS ?? 30);
  if (!Number.isInteger(retentionDays) || retentionDays < 1 || retentionDays > 365) {
    usage('--retention-days must be a whole number of days from 1 to 365');
  }
  const maxStreams = Number(values['max-streams'] ?? process.env.WORKSHOP_MAX_STREAMS ?? 800);
  if (!Number.isInteger(maxStreams) || maxStreams < 1) usage('--max-streams must be a whole number of at least 1');
  const maxLearnersPerRoom = Number(values['max-learners'] ?? process.env.WORKSHOP_MAX_LEARNERS ?? 200);
  if (!Number.isInteger(maxLearnersPerRoom) || maxLearnersPerRoom < 1) {
    usage('--max-learners must be a whole number of at least 1');
  }
  const connectionLimits = connectionLimitsOf(values);
  if (connectionLimits.maxConnections <= maxStreams) usage('--max-connections must be more than --max-streams');
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !isPostgresUrl(databaseUrl)) usage('DATABASE_URL must be a postgres:// URL');
  const sync = values['sqlite-sync'] ?? process.env.WORKSHOP_SQLITE_SYNC ?? 'full';
  if (sync !== 'full' && sync !== 'normal') usage(`--sqlite-sync must be full or normal, not ${sync}`);
  const sqliteSync: SqliteSync = sync;
  const publicOrigin = values['public-origin'] ?? process.env.WORKSHOP_PUBLIC_ORIGIN;
  const frameAncestors = frameAncestorsOf(values);
  const extraHosts = extraHostsOf(values);
  if (publicOrigin !== undefined && !URL.canParse(publicOrigin)) {
    usage(`--public-origin must be a URL such as https://workshop.example.org, not ${publicOrigin}`);
  }
  return {
    port,
    host: values.host ?? process.env.HOST ?? '0.0.0.0',
    retentionDays,
    maxStreams,
    maxLearnersPerRoom,
    connectionLimits,
    databaseUrl,
    sqliteSync,
    sqlitePath: resolve(values.data ?? process.env.WORKSHOP_DATA ?? 'workshop-data/workshop.sqlite'),
    publicOrigin,
    trustProxy: values['trust-proxy'] === true || process.env.WORKSHOP_TRUST_PROXY === '1',
    roomsFromAnywhere: values['rooms-from-anywhere'] === true || process.env.WORKSHOP_ROOMS_FROM_ANYWHERE === '1',
    frameAncestors,
    extraHosts,
  };
}

type Settings = ReturnType<typeof settingsOf>;

function connectionLimitsOf(values: Options): ConnectionLimits {
  return {
    maxConnections: whole(
      'max-connections',
      values['max-connections'] ?? process.env.WORKSHOP_MAX_CONNECTIONS,
      DEFAULT_CONNECTION_LIMITS.maxConnections,
      1,
    ),
    maxConnectionsPerAddress: whole(
      'max-connections-per-address',
      values['max-connections-per-address'] ?? process.env.WORKSHOP_MAX_CONNECTIONS_PER_ADDRESS,
      DEFAULT_CONNECTION_LIMITS.maxConnectionsPerAddress,
      1,
    ),
    idleTimeoutSeconds: whole(
      'idle-timeout',
      values['idle-timeout'] ?? process.env.WORKSHOP_IDLE_TIMEOUT,
      DEFAULT_CONNECTION_LIMITS.idleTimeoutSeconds,
      1,
    ),
  };
}

/** The origins --frame-ancestors names, each an http(s) origin with no path. */
function frameAncestorsOf(values: Options): string[] {
  const frameAncestors = (values['frame-ancestors'] ?? process.env.WORKSHOP_FRAME_ANCESTORS ?? '')
    .split(/\s+/)
    .filter(Boolean);
  for (const origin of frameAncestors) {
    let parsedOrigin: string | undefined;
    try {
      parsedOrigin = new URL(origin).origin;
    } catch {
      parsedOrigin = undefined;
    }
    if (parsedOrigin !== origin || !/^https?:/.test(origin))
      usage(
        `--frame-ancestors takes origins such as https://lms.example.edu (no path, no trailing slash), not ${origin}`,
      );
  }
  return frameAncestors;
}

/** The further host names --allow-host names. */
function extraHostsOf(values: Options): string[] {
  const extraHosts = (values['allow-host'] ?? (process.env.WORKSHOP_ALLOW_HOSTS ?? '').split(','))
    .flatMap((name) => name.split(','))
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of extraHosts) {
    if (!/^[a-z0-9.-]+$|^\[?[0-9a-f:.]+\]?$/i.test(name))
      usage(`--allow-host must be a host name or address, not ${name}`);
  }
  return extraHosts;
}

/** The built site's folder, built first when it is missing or older than its sources (unless told not to). */
function prepareSite(values: Options, serveSite: boolean): string {
  if (serveSite && !values['no-build'] && !values.dist && buildNeeded()) {
    process.stdout.write('Building the site (dist/ is missing or older than its sources)…\n');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) {
      process.stderr.write('workshop: the site did not build; see the messages above.\n');
      process.exit(1);
    }
  }
  const distDir = values.dist ? resolve(values.dist) : join(ROOT, 'dist');
  if (serveSite && !existsSync(join(distDir, 'index.html'))) {
    process.stderr.write('workshop: dist/ has no site; run without --no-build.\n');
    process.exit(1);
  }
  return distDir;
}

/** The course the build wrote next to the site; with --no-site and no build yet, the course file alone. */
function loadCourse(values: Options, serveSite: boolean, distDir: string) {
  if (!serveSite && !values.dist && !existsSync(join(distDir, 'course.json')))
    writeCourse(join(distDir, 'course.json'));
  const read = readRoomCourse(distDir);
  if (read.kind !== 'course') {
    process.stderr.write(`workshop: ${read.message}\n`);
    process.exit(1);
  }
  return read.course;
}

/** Prints where the server is and where learners join, with a QR code of the join page unless --no-qr. */
function printAddresses(settings: Settings, engine: string, port: number, qr: boolean): void {
  const { host, publicOrigin, databaseUrl } = settings;
  const where =
    engine === 'postgres'
      ? `PostgreSQL (${new URL(databaseUrl!).host || 'local socket'})`
      : `SQLite ${settings.sqlitePath} (synchronous=${settings.sqliteSync})`;
  const local = `http://localhost:${port}`;
  const lan = host === '0.0.0.0' || host === '::' ? lanAddresses().map((a) => `http://${a}:${port}`) : [];
  const joinUrl = `${publicOrigin ?? lan[0] ?? local}/join/`;
  const lines = [
    '',
    'MCP Message Lab workshop server',
    `  data:        ${where}; rooms are deleted ${settings.retentionDays} days after creation`,
    `  this laptop: ${local}/`,
    ...lan.map((url) => `  network:     ${url}/`),
    `  instructor:  ${publicOrigin ?? lan[0] ?? local}/instructor/room/  (create a room there)`,
    `  learners:    ${joinUrl}`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (qr) {
    QRCode.toString(joinUrl, { type: 'terminal', small: true }, (error, code) => {
      if (!error) process.stdout.write(`Learners can scan this to open the join page:\n${code}\n`);
    });
  }
}

/** For benchmarks: SIGUSR2 writes the event loop's delay since the last SIGUSR2 (ms, as JSON) to stderr. */
function reportLoopDelayOnSignal(): void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    process.stderr.write(
      `loop-delay ${JSON.stringify({ p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) })}\n`,
    );
    delay.reset();
  });
}

/** Deletes the rooms past their time now and every hour; returns the timer. */
async function startRetentionSweep(data: WorkshopData, log: (line: string) => void) {
  const sweep = async () => {
    try {
      const deleted = await data.deleteExpiredRooms(Date.now());
      if (deleted.length) log(`retention: deleted ${deleted.length} room(s) past their time`);
    } catch (error) {
      log(`retention: could not delete expired rooms (${error instanceof Error ? error.message : String(error)})`);
    }
  };
  await sweep();
  const sweeper = setInterval(() => void sweep(), HOUR);
  sweeper.unref();
  return sweeper;
}

async function main(): Promise<void> {
  const values = parseOptions();
  if (values.help) return printHelp();
  const settings = settingsOf(values);
  const { port, host } = settings;
  const serveSite = values['no-site'] !== true;
  const distDir = prepareSite(values, serveSite);

  const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${escapeControls(line)}\n`);
  // Brotli and gzip copies of the site's files, made in the background (the site is served meanwhile, uncompressed).
  if (serveSite) {
    void precompressSite(distDir, log).then((made) => {
      if (made) log(`site: ${made} precompressed files written`);
    });
  }
  const database = await openDatabase(settings.databaseUrl ?? settings.sqlitePath, {
    sqliteSync: settings.sqliteSync,
  });
  const data = createWorkshopData(database.db);
  const bus: Bus =
    database.engine === 'postgres'
      ? await createPostgresBus(
          database.postgresUrl!,
          database.db,
          async (roomId, ids) => (await data.eventsByIds(roomId, ids)).map(dashboardEvent),
          log,
        )
      : createMemoryBus();
  const course = loadCourse(values, serveSite, distDir);
  const { app, closeStreams } = createWorkshopApp({
    data,
    bus,
    course,
    config: {
      retentionDays: settings.retentionDays,
      trustProxy: settings.trustProxy,
      roomCreation: settings.roomsFromAnywhere ? 'anyone' : 'loopback',
      // The addresses it prints (read once: a laptop that changes network is restarted), the one it listens on.
      allowedHosts: [...lanAddresses(), ...(host === '0.0.0.0' || host === '::' ? [] : [host]), ...settings.extraHosts],
      maxStreams: settings.maxStreams,
      maxLearnersPerRoom: settings.maxLearnersPerRoom,
      ...(serveSite ? { distDir } : {}),
      ...(settings.publicOrigin ? { publicOrigin: settings.publicOrigin } : {}),
      ...(settings.frameAncestors.length > 0 ? { frameAncestors: settings.frameAncestors } : {}),
    },
    log,
  });
  const sweeper = await startRetentionSweep(data, log);

  const server = serve({ fetch: app.fetch, port, hostname: host }, (info) =>
    printAddresses(settings, database.engine, info.port, !values['no-qr']),
  );
  // Idle keep-alive connections are capped (total and per address, the oldest idle closed first) and closed after
  // the idle timeout, so they cannot take every file descriptor.
  limitConnections(server as Server, settings.connectionLimits);
  server.on('error', (error: NodeJS.ErrnoException) => {
    process.stderr.write(
      error.code === 'EADDRINUSE'
        ? `workshop: port ${port} is in use; choose another with --port.\n`
        : `workshop: ${error.message}\n`,
    );
    process.exit(1);
  });
  if (process.env.WORKSHOP_LOOP_DELAY === '1') reportLoopDelayOnSignal();

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nStopping: closing live streams and the database…\n');
    clearInterval(sweeper);
    closeStreams();
    server.close();
    await bus.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`workshop: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
