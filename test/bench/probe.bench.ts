/**
 * How long a full probe run takes against the reference server (the worked incident desk), as a learner runs it:
 * over stdio with the server spawned as a child process (Node start-up included), and over Streamable HTTP on a
 * loopback port, in the detected era (2026-07-28) and in 2025-11-25. Prints figures with the load average; asserts
 * nothing.
 *
 *   npm run bench:probe            (BENCH_ROUNDS=5 for more rounds; default 3)
 */
import { loadavg } from 'node:os';
import type { McpVersion } from '#message-model';
import {
  createDeskState,
  createIncidentDeskHandler,
  listenOnLoopback,
} from '../../exercises/11-capstone-incident-desk/incident-desk.solution.ts';
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

async function stdioRun(protocol?: McpVersion): Promise<{ ms: number; checks: number; must: string }> {
  const t0 = performance.now();
  const server = await spawnServer(process.execPath, [SOLUTION]);
  try {
    const report = await runProbe(
      { transport: 'stdio', channel: server.channel, command: 'incident-desk', stderr: server.stderr },
      protocol ? { protocol } : {},
    );
    return {
      ms: performance.now() - t0,
      checks: report.checks.length,
      must: `${report.score.must.passed}/${report.score.must.of}`,
    };
  } finally {
    await server.stop();
  }
}

async function httpRun(url: string, protocol?: McpVersion): Promise<{ ms: number; checks: number; must: string }> {
  const t0 = performance.now();
  const report = await runProbe({ transport: 'http', url, fetch: (r) => fetch(r) }, protocol ? { protocol } : {});
  return {
    ms: performance.now() - t0,
    checks: report.checks.length,
    must: `${report.score.must.passed}/${report.score.must.of}`,
  };
}

console.log(`probe bench: ${ROUNDS} rounds, load average before ${load()}`);
const http = await listenOnLoopback(createIncidentDeskHandler(createDeskState()).fetch, 0);
const cases: [string, () => Promise<{ ms: number; checks: number; must: string }>][] = [
  ['stdio, detected (2026-07-28), spawn included', () => stdioRun()],
  ['stdio, 2025-11-25, spawn included', () => stdioRun('2025-11-25')],
  ['http, detected (2026-07-28)', () => httpRun(http.url)],
  ['http, 2025-11-25', () => httpRun(http.url, '2025-11-25')],
];
let total = 0;
for (const [name, run] of cases) {
  const times: number[] = [];
  let last = { checks: 0, must: '' };
  for (let i = 0; i < ROUNDS; i += 1) {
    const r = await run();
    times.push(r.ms);
    last = r;
  }
  total += median(times);
  console.log(
    `${name.padEnd(46)} median ${median(times).toFixed(0).padStart(5)} ms  (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)})  ${last.checks} checks, MUST ${last.must}`,
  );
}
await http.close();
console.log(`a full run on both transports (detected era): median sum ${total.toFixed(0)} ms over the four cases`);
console.log(`load average after ${load()}`);
