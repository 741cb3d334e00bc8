/**
 * How long a full probe run takes against the reference server (the worked incident desk), as a learner runs it:
 * over stdio with the server spawned as a child process (Node start-up included), and over Streamable HTTP on a
 * loopback port, in the detected era (2026-07-28) and in 2025-11-25; then each server of the gallery on each
 * transport bugs.json gives it, in 2026-07-28 where it is meant for that era (else 2025-11-25), with the checks it
 * loses. Prints figures with the load average; asserts nothing.
 *
 *   npm run bench:probe            (BENCH_ROUNDS=5 for more rounds; default 3)
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { McpVersion } from '#message-model';
import {
  createDeskState,
  createIncidentDeskHandler,
  listenOnLoopback,
} from '../../exercises/11-capstone-incident-desk/incident-desk.solution.ts';
import { buggyHttpHandler, type Bug } from '../../exercises/11-capstone-incident-desk/gallery/seed.ts';
import { plainHttpHandler } from '../../exercises/11-capstone-incident-desk/gallery/plain-sdk.ts';
import { runProbe } from '../../src/probe/run.ts';
import { spawnServer } from '../../src/probe/spawn.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SOLUTION = new URL('../../exercises/11-capstone-incident-desk/incident-desk.solution.ts', import.meta.url)
  .pathname;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Run = { ms: number; checks: number; must: string; lost?: string };
const lost = (report: { checks: { id: string; status: string }[] }) =>
  report.checks
    .filter((c) => c.status === 'fail')
    .map((c) => c.id)
    .join(', ') || 'none';

async function stdioRun(protocol?: McpVersion, file = SOLUTION): Promise<Run> {
  const t0 = performance.now();
  const server = await spawnServer(process.execPath, [file]);
  try {
    const report = await runProbe(
      { transport: 'stdio', channel: server.channel, command: 'incident-desk', stderr: server.stderr },
      protocol ? { protocol } : {},
    );
    return {
      ms: performance.now() - t0,
      checks: report.checks.length,
      must: `${report.score.must.passed}/${report.score.must.of}`,
      lost: lost(report),
    };
  } finally {
    await server.stop();
  }
}

async function httpRun(url: string, protocol?: McpVersion): Promise<Run> {
  const t0 = performance.now();
  const report = await runProbe({ transport: 'http', url, fetch: (r) => fetch(r) }, protocol ? { protocol } : {});
  return {
    ms: performance.now() - t0,
    checks: report.checks.length,
    must: `${report.score.must.passed}/${report.score.must.of}`,
    lost: lost(report),
  };
}

console.log(`probe bench: ${ROUNDS} rounds, load average before ${load()}`);
const http = await listenOnLoopback(createIncidentDeskHandler(createDeskState()).fetch, 0);
const cases: [string, () => Promise<Run>][] = [
  ['stdio, detected (2026-07-28), spawn included', () => stdioRun()],
  ['stdio, 2025-11-25, spawn included', () => stdioRun('2025-11-25')],
  ['http, detected (2026-07-28)', () => httpRun(http.url)],
  ['http, 2025-11-25', () => httpRun(http.url, '2025-11-25')],
];
async function time(name: string, run: () => Promise<Run>): Promise<number> {
  const times: number[] = [];
  let last: Run = { ms: 0, checks: 0, must: '' };
  for (let i = 0; i < ROUNDS; i += 1) {
    last = await run();
    times.push(last.ms);
  }
  console.log(
    `${name.padEnd(46)} median ${median(times).toFixed(0).padStart(5)} ms  (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})  ${last.checks} checks, MUST ${last.must}, fails: ${last.lost}`,
  );
  return median(times);
}

let total = 0;
for (const [name, run] of cases) total += await time(name, run);
await http.close();
console.log(`a full run on both transports (detected era): median sum ${total.toFixed(0)} ms over the four cases`);

const GALLERY = new URL('../../exercises/11-capstone-incident-desk/gallery/', import.meta.url);
const { servers } = JSON.parse(readFileSync(new URL('bugs.json', GALLERY), 'utf8')) as {
  servers: { server: string; transports: ('stdio' | 'http')[]; eras: ('legacy' | 'modern')[] }[];
};
console.log(`gallery, load average before ${load()}`);
for (const entry of servers) {
  const protocol: McpVersion = entry.eras.includes('modern') ? '2026-07-28' : '2025-11-25';
  const file = new URL(`${entry.server}.ts`, GALLERY).pathname;
  for (const transport of entry.transports) {
    const name = `${entry.server}, ${transport}, ${protocol}`;
    if (transport === 'stdio') {
      await time(name, () => stdioRun(protocol, file));
      continue;
    }
    const handler =
      entry.server === 'plain-sdk' ? plainHttpHandler() : buggyHttpHandler(((await import(file)) as { bug: Bug }).bug);
    const server = await listenOnLoopback(handler, 0);
    await time(name, () => httpRun(server.url, protocol));
    await server.close();
  }
}
console.log(`load average after ${load()}`);
