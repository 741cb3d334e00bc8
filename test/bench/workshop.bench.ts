/**
 * The live workshop server under a class, on SQLite and on PostgreSQL. Prints figures; asserts
 * nothing about time (a shared 2-core machine's load moves them), but does count and report every event that was
 * acknowledged and not found, or sent and never stored.
 *
 *   npm run bench:workshop                      both engines (PostgreSQL: a throwaway cluster of its own)
 *   npm run bench:workshop -- --engine sqlite   one engine
 *   npm run bench:workshop -- --quick           a smaller class, for a smoke run
 *   npm run bench:workshop -- --sqlite-sync normal   SQLite without a disk flush per commit (see the server's
 *                                                    --sqlite-sync); the default is the server's default, full
 *
 * For each engine:
 *  1. target load: 300 learners join and send 20 graded events each, one every ~3 s (≈100 events/s), with three
 *     instructor dashboards connected: events/s, send→dashboard latency p50/p99 (measured in this process from
 *     the moment a learner starts sending to the moment each dashboard receives the event), server memory;
 *  2. highest sustained rate: offered load doubled step by step; achieved events/s and latency per step;
 *  3. durability: the server killed with SIGKILL in the middle of the load and restarted; every event it had
 *     acknowledged is looked up, and the learners' queued events (the browser's own outbox and sender code) are
 *     counted as they arrive after the restart;
 * and for PostgreSQL also
 *  4. PostgreSQL itself restarted under load (same counts);
 *  5. two server instances on one database: events sent to one, dashboards on the other.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createQueue, type QueueStorage } from '../../src/room/client/queue.ts';
import { createSender } from '../../src/room/client/sender.ts';
import type { CreateRoomResponse, EventResult, JoinResponse } from '../../src/room/protocol.ts';
import { readEventStream } from '../../src/room/sse.ts';
import { startBenchPostgres, type BenchPostgres } from './workshop-postgres.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { values: args } = parseArgs({
  options: {
    engine: { type: 'string' },
    quick: { type: 'boolean' },
    port: { type: 'string' },
    'sqlite-sync': { type: 'string' },
  },
});
const LEARNERS = args.quick ? 60 : 300;
const EVENTS_EACH = args.quick ? 5 : 20;
const INTERVAL_MS = 3000;
const DASHBOARDS = 3;
const BASE_PORT = Number(args.port ?? 4475);
const CHAPTER = 'error-semantics-and-retries';
const sqliteSync = args['sqlite-sync'] ?? 'full';

// ---- helpers ---------------------------------------------------------------------------------------------

let retries = 0;
/** Event requests the server answered with an error status (a rate limit's 429, say). */
let refused = 0;
let joinCounter = 0;
const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : 'n/a');
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

/** The decision-table answers a learner sends: right or wrong rows, so the grader does real work. */
const ROWS = {
  right: { 'backend-unavailable': { layer: 'tool-backend', userSees: 'try-again-later', retry: 'with-backoff' } },
  wrong: { 'backend-unavailable': { layer: 'transport', userSees: 'integration-error', retry: 'never-as-is' } },
};
let keyCounter = 0;
const newKey = () => `bench-${process.pid}-${(++keyCounter).toString(36).padStart(8, '0')}`;
function tableEvent(seq: number) {
  return {
    key: newKey(),
    seq,
    chapterId: CHAPTER,
    kind: 'decision-table',
    itemId: 'ch05-table',
    action: 'check',
    answers: seq % 3 === 0 ? ROWS.right : ROWS.wrong,
    hintLevel: 0,
  };
}

/** A running server process. */
interface Server {
  base: string;
  child: ChildProcess;
  rss: () => number;
  loopDelay: () => Promise<{ p50: number; p99: number; max: number }>;
  cpuSeconds: () => number;
  peakRss: number;
  stop(): Promise<void>;
}

/** Servers this bench started, killed when it exits however it exits (a crash must not leave one on its port). */
const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of started) child.kill('SIGKILL');
});

async function startServer(port: number, env: Record<string, string>): Promise<Server> {
  // Another process on the port would answer the health check in our server's place and be measured instead.
  const stale = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`port ${port} is already in use: stop what listens there, or pass --port`);
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'src/server/main.ts'),
      '--no-site',
      '--no-qr',
      '--trust-proxy',
      // One room holds the whole class: the server's default cap (200 learners a room) is below it.
      '--max-learners',
      String(LEARNERS),
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, WORKSHOP_LOOP_DELAY: '1', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  started.add(child);
  child.on('exit', () => started.delete(child));
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const startedAt = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() - startedAt > 60_000) throw new Error(`server did not start: ${stderr}`);
    await sleep(100);
  }
  let lastRss = 0;
  const rss = () => {
    try {
      lastRss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? lastRss);
    } catch {
      // keep the last reading
    }
    return lastRss;
  };
  /** CPU seconds the server has used (user + system), from /proc/<pid>/stat. */
  const cpuSeconds = () => {
    try {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return NaN;
    }
  };
  /** The server's event-loop delay since the last call (it resets on each), from its SIGUSR2 report. */
  const loopDelay = async (): Promise<{ p50: number; p99: number; max: number }> => {
    const before = stderr.length;
    child.kill('SIGUSR2');
    for (let i = 0; i < 50; i++) {
      const line = /loop-delay (\{[^\n]*\})\n/.exec(stderr.slice(before));
      if (line) return JSON.parse(line[1]!) as { p50: number; p99: number; max: number };
      await sleep(20);
    }
    return { p50: NaN, p99: NaN, max: NaN };
  };
  const server: Server = {
    base,
    child,
    rss,
    cpuSeconds,
    loopDelay,
    peakRss: 0,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
  const sampler = setInterval(() => (server.peakRss = Math.max(server.peakRss, rss())), 250);
  child.once('exit', () => clearInterval(sampler));
  return server;
}

async function api<T>(base: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Joins, retrying a dropped connection under another name (the first attempt may have joined). */
async function joinWithRetry(base: string, code: string, name: string): Promise<JoinResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      // Each simulated learner comes from its own address (the server trusts X-Forwarded-For, as behind a proxy),
      // so the per-address join limit sees a class of many machines, as in a room.
      const res = await fetch(`${base}/api/join`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': `10.${++joinCounter >> 16}.${(joinCounter >> 8) & 255}.${joinCounter & 255}`,
        },
        body: JSON.stringify({ code, name: attempt ? `${name} (${attempt + 1})` : name }),
      });
      if (!res.ok) throw new Error(`/api/join: ${res.status} ${await res.text()}`);
      return (await res.json()) as JoinResponse;
    } catch (error) {
      if (attempt >= 4 || !(error instanceof TypeError)) throw error;
      retries += 1;
      await sleep(200);
    }
  }
}

async function createClass(base: string, count: number) {
  const room = await api<CreateRoomResponse>(base, '/api/rooms', { title: 'Bench class', chapters: [CHAPTER] });
  const learners: JoinResponse[] = [];
  for (let i = 0; i < count; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, (_, j) => joinWithRetry(base, room.code, `Learner ${i + j + 1}`)),
    );
    learners.push(...batch);
  }
  return { room, learners };
}

/** Dashboards following a room: when each event id reached each dashboard. */
function connectDashboards(base: string, room: CreateRoomResponse, count: number) {
  const received: Map<number, number>[] = [];
  const controller = new AbortController();
  const ready: Promise<void>[] = [];
  let resyncs = 0;
  for (let d = 0; d < count; d++) {
    const seen = new Map<number, number>();
    received.push(seen);
    ready.push(
      new Promise<void>((resolve) => {
        const connect = async () => {
          while (!controller.signal.aborted) {
            try {
              const res = await fetch(`${base}/api/rooms/${room.roomId}/stream`, {
                headers: { Authorization: `Bearer ${room.instructorSecret}` },
                signal: controller.signal,
              });
              await readEventStream(
                res,
                (event) => {
                  const now = performance.now();
                  if (event.event === 'snapshot') {
                    const snap = JSON.parse(event.data) as { events: { id: number }[] };
                    if (seen.size > 0) resyncs += 1;
                    for (const e of snap.events) if (!seen.has(e.id)) seen.set(e.id, now);
                    resolve();
                  } else if (event.event === 'snapshot-events') {
                    // A large room's snapshot continues in pages.
                    const page = JSON.parse(event.data) as { events: { id: number }[] };
                    for (const e of page.events) if (!seen.has(e.id)) seen.set(e.id, now);
                  } else if (event.event === 'event') {
                    const id = (JSON.parse(event.data) as { id: number }).id;
                    if (!seen.has(id)) seen.set(id, now);
                  }
                },
                controller.signal,
              );
            } catch {
              // reconnect
            }
            if (!controller.signal.aborted) await sleep(200);
          }
        };
        void connect();
      }),
    );
  }
  return { received, ready: Promise.all(ready), close: () => controller.abort(), resyncs: () => resyncs };
}

/**
 * Sends one event, recording when the send began and the id the server gave it. A dropped connection is retried
 * with the same idempotency key, as the browser's sender does; `retries` counts them.
 */
async function sendOne(base: string, token: string, event: ReturnType<typeof tableEvent>, sent: Map<number, number>) {
  const t0 = performance.now();
  for (let attempt = 0; attempt < 5; attempt++) {
    let res: Response;
    try {
      res = await fetch(`${base}/api/events`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ events: [event] }),
      });
    } catch {
      retries += 1;
      await sleep(200);
      continue;
    }
    if (!res.ok) {
      refused += 1;
      return false;
    }
    const { results } = (await res.json()) as { results: EventResult[] };
    const r = results[0];
    if (r && r.status !== 'rejected') sent.set(r.id, t0);
    return r !== undefined && r.status !== 'rejected';
  }
  return false;
}

function latencies(sent: Map<number, number>, received: Map<number, number>[]): { sorted: number[]; missing: number } {
  const all: number[] = [];
  let missing = 0;
  for (const seen of received) {
    for (const [id, t0] of sent) {
      const t1 = seen.get(id);
      if (t1 === undefined) missing += 1;
      else all.push(t1 - t0);
    }
  }
  return { sorted: all.sort((a, b) => a - b), missing };
}

// ---- the scenarios ---------------------------------------------------------------------------------------

async function targetLoad(server: Server) {
  const { room, learners } = await createClass(server.base, LEARNERS);
  const dashboards = connectDashboards(server.base, room, DASHBOARDS);
  await dashboards.ready;
  server.peakRss = server.rss();
  const sent = new Map<number, number>();
  let stored = 0;
  let failed = 0;
  const cpu0 = server.cpuSeconds();
  await server.loopDelay();
  const t0 = performance.now();
  await Promise.all(
    learners.map(async (learner) => {
      await sleep(Math.random() * INTERVAL_MS);
      for (let seq = 1; seq <= EVENTS_EACH; seq++) {
        const next = performance.now() + INTERVAL_MS * (0.8 + Math.random() * 0.4);
        if (await sendOne(server.base, learner.token, tableEvent(seq), sent)) stored += 1;
        else failed += 1;
        await sleep(Math.max(0, next - performance.now()));
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpuPerEvent = ((server.cpuSeconds() - cpu0) * 1000) / Math.max(1, stored);
  const loop = await server.loopDelay();
  await sleep(1000);
  dashboards.close();
  const { sorted, missing } = latencies(sent, dashboards.received);
  return {
    loop,
    cpuPerEvent,
    stored,
    failed,
    rate: stored / seconds,
    p50: pct(sorted, 50),
    p99: pct(sorted, 99),
    missing,
    rssPeak: server.peakRss,
    rssEnd: server.rss(),
  };
}

async function highestRate(server: Server) {
  const { room, learners } = await createClass(server.base, LEARNERS);
  const dashboards = connectDashboards(server.base, room, DASHBOARDS);
  await dashboards.ready;
  const steps: { offered: number; achieved: number; p50: number; p99: number; refused: number }[] = [];
  const stepSeconds = args.quick ? 4 : 8;
  for (const offered of [100, 200, 400, 800, 1600, 3200]) {
    const sent = new Map<number, number>();
    const perLearnerInterval = (learners.length / offered) * 1000;
    const t0 = performance.now();
    const end = t0 + stepSeconds * 1000;
    let stored = 0;
    let scheduled = 0;
    let seq = 0;
    const refusedBefore = refused;
    // Each learner's sends fall due on a fixed schedule (a random phase, then one every interval) until the step
    // ends. A server that keeps up stores the whole schedule by the end of the step; one that falls behind takes
    // longer, and the rate it achieved is what it stored over the time it took.
    await Promise.all(
      learners.map(async (learner) => {
        for (let due = t0 + Math.random() * perLearnerInterval; due < end; due += perLearnerInterval) {
          scheduled += 1;
          await sleep(Math.max(0, due - performance.now()));
          if (await sendOne(server.base, learner.token, tableEvent(++seq), sent)) stored += 1;
        }
      }),
    );
    const achieved = stored / ((performance.now() - t0) / 1000);
    await sleep(500);
    const { sorted } = latencies(sent, dashboards.received);
    steps.push({
      offered: scheduled / stepSeconds,
      achieved,
      p50: pct(sorted, 50),
      p99: pct(sorted, 99),
      refused: refused - refusedBefore,
    });
    if (achieved < (scheduled / stepSeconds) * 0.9) break;
  }
  dashboards.close();
  const sustained = steps.filter((s) => s.achieved >= s.offered * 0.9).at(-1);
  return { steps, sustained, rssPeak: server.peakRss };
}

/** Learners using the browser's own outbox and sender, with acknowledgements recorded. */
function outboxLearners(base: () => string, learners: JoinResponse[]) {
  const acked = new Set<string>();
  const generated: string[] = [];
  const clients = learners.map((learner) => {
    const map = new Map<string, string>();
    const storage: QueueStorage = {
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    };
    const queue = createQueue(storage);
    const sender = createSender({
      queue,
      token: learner.token,
      fetch: async (input, init) => {
        // The sender asks for a path of the server ('/api/events'); this learner's server address is added here.
        const path = input instanceof Request ? input.url : input.toString();
        const res = await fetch(`${base()}${path}`, init);
        if (res.ok) {
          const copy = res.clone();
          const { results } = (await copy.json()) as { results: EventResult[] };
          for (const r of results) if (r.status !== 'rejected') acked.add(r.key);
        }
        return res;
      },
    });
    return { learner, queue, sender };
  });
  return { clients, acked, generated };
}

async function crashAndRecover(
  engine: string,
  startFresh: () => Promise<Server>,
  disrupt: (server: Server) => Promise<{ server: Server; downMs: number }>,
  countStored: (keys: string[]) => Promise<{ found: number; distinct: number }>,
) {
  let server = await startFresh();
  const { learners } = await createClass(server.base, LEARNERS);
  const { clients, acked, generated } = outboxLearners(() => server.base, learners);
  const total = args.quick ? 5 : 10;
  let queuedAtDisruption = 0;
  let ackedBeforeDisruption = 0;
  let disrupted = false;
  const producing = Promise.all(
    clients.map(async (client, i) => {
      await sleep((i / clients.length) * INTERVAL_MS);
      for (let seq = 1; seq <= total; seq++) {
        const { seq: _drop, ...event } = tableEvent(seq);
        void _drop;
        generated.push(event.key);
        client.queue.enqueue(event as never);
        client.sender.kick();
        await sleep(INTERVAL_MS * (0.8 + Math.random() * 0.4));
      }
    }),
  );
  await sleep((total * INTERVAL_MS) / 2);
  ackedBeforeDisruption = acked.size;
  const ackedKeysBefore = [...acked];
  const disruption = await disrupt(server);
  server = disruption.server;
  disrupted = true;
  queuedAtDisruption = clients.reduce((n, c) => n + c.queue.size(), 0);
  for (const c of clients) c.sender.kick();
  await producing;
  const deadline = Date.now() + 90_000;
  while (clients.some((c) => c.queue.size() > 0) && Date.now() < deadline) {
    for (const c of clients) c.sender.kick();
    await sleep(500);
  }
  const leftInQueues = clients.reduce((n, c) => n + c.queue.size(), 0);
  for (const c of clients) c.sender.stop();
  const before = await countStored(ackedKeysBefore);
  const all = await countStored(generated);
  await server.stop();
  void disrupted;
  return {
    engine,
    downMs: disruption.downMs,
    ackedBeforeDisruption,
    ackedBeforeFound: before.found,
    queuedAtDisruption,
    generated: generated.length,
    storedAfter: all.found,
    distinctStored: all.distinct,
    leftInQueues,
  };
}

async function twoInstances(pgUrl: string) {
  const a = await startServer(BASE_PORT + 1, { DATABASE_URL: pgUrl });
  const b = await startServer(BASE_PORT + 2, { DATABASE_URL: pgUrl });
  const { room, learners } = await createClass(a.base, args.quick ? 30 : 100);
  const dashboards = connectDashboards(b.base, room, DASHBOARDS);
  await dashboards.ready;
  const sent = new Map<number, number>();
  await Promise.all(
    learners.map(async (learner) => {
      for (let seq = 1; seq <= 5; seq++) {
        await sendOne(a.base, learner.token, tableEvent(seq), sent);
        await sleep(500 + Math.random() * 500);
      }
    }),
  );
  await sleep(1000);
  dashboards.close();
  const { sorted, missing } = latencies(sent, dashboards.received);
  await a.stop();
  await b.stop();
  return {
    events: sent.size,
    delivered: sorted.length,
    expected: sent.size * DASHBOARDS,
    missing,
    p50: pct(sorted, 50),
    p99: pct(sorted, 99),
  };
}

// ---- running it --------------------------------------------------------------------------------------------

async function countInDatabase(url: string, keys: string[]): Promise<{ found: number; distinct: number }> {
  const { openDatabase } = await import('../../src/server/db/open.ts');
  const database = await openDatabase(url);
  try {
    let found = 0;
    const distinct = new Set<string>();
    for (let i = 0; i < keys.length; i += 500) {
      const chunk = keys.slice(i, i + 500);
      const rows = await database.db.selectFrom('events').select('key').where('key', 'in', chunk).execute();
      found += rows.length;
      for (const r of rows) distinct.add(r.key);
    }
    return { found, distinct: distinct.size };
  } finally {
    await database.close();
  }
}

function report(title: string, lines: [string, string][]): void {
  process.stdout.write(`\n${title}\n`);
  for (const [k, v] of lines) process.stdout.write(`  ${k.padEnd(44)} ${v}\n`);
}

async function benchEngine(engine: 'sqlite' | 'postgres', pg?: BenchPostgres): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'workshop-bench-'));
  let db = 0;
  const env = (): Record<string, string> =>
    engine === 'sqlite'
      ? { WORKSHOP_DATA: join(dir, `bench-${++db}.sqlite`), DATABASE_URL: '', WORKSHOP_SQLITE_SYNC: sqliteSync }
      : { DATABASE_URL: pg!.url };
  const label =
    engine === 'sqlite' ? `SQLite (node:sqlite, WAL, synchronous=${sqliteSync})` : `PostgreSQL ${pg!.version}`;
  process.stdout.write(`\n== ${label}, ${load()}\n`);
  try {
    let server = await startServer(BASE_PORT, env());
    const target = await targetLoad(server);
    await server.stop();
    report(`${label}: ${LEARNERS} learners × ${EVENTS_EACH} events, one every ~3 s, ${DASHBOARDS} dashboards`, [
      ['events stored (failed)', `${target.stored} (${target.failed})`],
      ['connections dropped and retried', String(retries)],
      ['events per second', target.rate.toFixed(1)],
      ['send → dashboard latency p50 / p99', `${ms(target.p50)} / ${ms(target.p99)} (target p99 < 250 ms)`],
      ['dashboard deliveries missing', String(target.missing)],
      ['server memory (RSS) peak / end', `${mb(target.rssPeak)} / ${mb(target.rssEnd)}`],
      ['server CPU per event (all work, 3 dashboards)', `${target.cpuPerEvent.toFixed(2)} ms`],
      [
        'server event-loop delay p50 / p99 / max',
        `${target.loop.p50} ms / ${target.loop.p99} ms / ${target.loop.max} ms`,
      ],
    ]);

    server = await startServer(BASE_PORT, env());
    const highest = await highestRate(server);
    await server.stop();
    report(`${label}: highest sustained rate (${LEARNERS} learners, ${DASHBOARDS} dashboards, single-event requests)`, [
      ...highest.steps.map(
        (s) =>
          [
            `offered ${s.offered.toFixed(0)}/s`,
            `achieved ${s.achieved.toFixed(0)}/s, latency p50 ${ms(s.p50)}, p99 ${ms(s.p99)}${s.refused ? `, ${s.refused} refused` : ''}`,
          ] as [string, string],
      ),
      [
        'highest sustained (≥ 90% of offered)',
        highest.sustained ? `${highest.sustained.achieved.toFixed(0)} events/s` : 'below the first step',
      ],
      ['server memory (RSS) peak', mb(highest.rssPeak)],
    ]);

    const dbEnv = env();
    const dbUrl = engine === 'sqlite' ? dbEnv.WORKSHOP_DATA! : pg!.url;
    const kill = await crashAndRecover(
      engine,
      () => startServer(BASE_PORT, dbEnv),
      async (s) => {
        s.child.kill('SIGKILL');
        await new Promise((r) => s.child.once('exit', r));
        const t0 = performance.now();
        await sleep(1000);
        const next = await startServer(BASE_PORT, dbEnv);
        return { server: next, downMs: performance.now() - t0 };
      },
      (keys) => countInDatabase(dbUrl, keys),
    );
    report(`${label}: server killed with SIGKILL mid-load, restarted`, [
      ['events acknowledged before the kill', String(kill.ackedBeforeDisruption)],
      ['  of which found after restart', String(kill.ackedBeforeFound)],
      ['events in learners’ outboxes at the kill', String(kill.queuedAtDisruption)],
      ['server down for (kill → ready again)', ms(kill.downMs)],
      ['events generated / stored / stored once', `${kill.generated} / ${kill.storedAfter} / ${kill.distinctStored}`],
      ['events still queued at the end', String(kill.leftInQueues)],
    ]);

    if (engine === 'postgres') {
      const restart = await crashAndRecover(
        engine,
        () => startServer(BASE_PORT, { DATABASE_URL: pg!.url }),
        async (s) => {
          const t0 = performance.now();
          await pg!.restart(2000);
          return { server: s, downMs: performance.now() - t0 };
        },
        (keys) => countInDatabase(pg!.url, keys),
      );
      report(`${label}: PostgreSQL restarted (immediate stop, 2 s down) under load`, [
        ['events acknowledged before the restart', String(restart.ackedBeforeDisruption)],
        ['  of which found afterwards', String(restart.ackedBeforeFound)],
        ['events in learners’ outboxes at the restart', String(restart.queuedAtDisruption)],
        ['database down for', ms(restart.downMs)],
        [
          'events generated / stored / stored once',
          `${restart.generated} / ${restart.storedAfter} / ${restart.distinctStored}`,
        ],
        ['events still queued at the end', String(restart.leftInQueues)],
      ]);

      const two = await twoInstances(pg!.url);
      report(`${label}: two server instances on one database (send to A, ${DASHBOARDS} dashboards on B)`, [
        ['events sent to A', String(two.events)],
        ['dashboard deliveries on B (expected)', `${two.delivered} (${two.expected})`],
        ['latency A → dashboard on B p50 / p99', `${ms(two.p50)} / ${ms(two.p99)}`],
      ]);
    }
  } finally {
    process.stdout.write(`\n== ${label} done, ${load()}\n`);
    rmSync(dir, { recursive: true, force: true });
  }
}

const engines = args.engine ? [args.engine] : ['sqlite', 'postgres'];
process.stdout.write(
  `Workshop bench on ${process.platform}, Node ${process.version}, ${cpus().length} CPUs; figures vary with the machine's load.\n`,
);
for (const engine of engines) {
  if (engine === 'sqlite') await benchEngine('sqlite');
  else if (engine === 'postgres') {
    const pg = startBenchPostgres();
    if (typeof pg === 'string') {
      process.stdout.write(`\nPostgreSQL: SKIPPED (${pg})\n`);
      continue;
    }
    try {
      await benchEngine('postgres', pg);
    } finally {
      pg.stop();
    }
  } else throw new Error(`unknown engine ${engine}`);
}
