/**
 * npm run record:conformance: re-records, on purpose, the real traffic test/unit/message-model/conformance-recordings.test.ts
 * judges. For each wiring of the fixture server (fixture-server.ts) it starts the server and a recording proxy on
 * loopback ports, runs the official conformance suite (the pinned @modelcontextprotocol/conformance devDependency,
 * on this project's Node 24) once per server scenario of the revision's requirement set, and writes
 *  - <wiring>/traffic.har: every exchange of every scenario, in HAR 1.2, each entry stamped with `_scenario`;
 *  - <wiring>/checks/<scenario>.json: the suite's own checks.json for that scenario, byte for byte;
 *  - manifest.json: versions, date, and per wiring the scenarios, their exit codes and entry counts.
 * Never part of `npm test`: it needs a few minutes and two free loopback ports. Rerun it after bumping the SDK or
 * the suite, then read the comparison test's output.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { recordedWith, runSuiteScenario, suiteBin } from '../suite.ts';
import { WIRINGS, startFixtureServer, type Wiring } from './fixture-server.ts';
import { startRecordingProxy } from './har-proxy.ts';

const here = new URL('./', import.meta.url);

/** The protocol revision each wiring serves, which is also the requirement set run against it. */
const REVISION: Record<Wiring, '2026-07-28' | '2025-11-25'> = {
  'stateless-sse': '2026-07-28',
  'stateless-json': '2026-07-28',
  'stateful-sse': '2025-11-25',
  'stateful-json': '2025-11-25',
};

/** The server scenarios a revision requires, as the suite itself lists them. */
function requiredServerScenarios(revision: string): string[] {
  const text = execFileSync(process.execPath, [suiteBin, 'list', '--server', '--requirements', revision], {
    encoding: 'utf8',
  });
  const section = text.split(/Server scenarios[^\n]*\n/)[1]?.split(/\n\s*\n/)[0] ?? '';
  const names = [...section.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1] as string);
  if (names.length === 0) throw new Error(`the suite listed no server scenarios for ${revision}:\n${text}`);
  return names;
}

const manifest = {
  recordedBy: 'npm run record:conformance (test/recordings/conformance/record.ts)',
  date: new Date().toISOString(),
  node: process.version,
  ...recordedWith,
  runs: [] as {
    wiring: Wiring;
    revision: string;
    recorded: string;
    har: string;
    entries: number;
    scenarios: { name: string; exitCode: number; entries: number; checks: string }[];
  }[],
};

// `npm run record:conformance -- stateful-sse` re-records one wiring and keeps the others' manifest rows.
const only = process.argv.slice(2);
const manifestUrl = new URL('manifest.json', here);
if (only.length > 0 && existsSync(manifestUrl)) {
  const previous = JSON.parse(readFileSync(manifestUrl, 'utf8')) as typeof manifest;
  manifest.runs.push(...previous.runs.filter((r) => !only.includes(r.wiring)));
}
for (const wiring of WIRINGS) {
  if (only.length > 0 && !only.includes(wiring)) continue;
  const revision = REVISION[wiring];
  const scenarios = requiredServerScenarios(revision);
  const dir = new URL(`${wiring}/`, here);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(new URL('checks/', dir), { recursive: true });
  const server = await startFixtureServer(wiring);
  const proxy = await startRecordingProxy(server.url);
  const entries = [];
  const run: (typeof manifest.runs)[number] = {
    wiring,
    revision,
    recorded: new Date().toISOString(),
    har: `${wiring}/traffic.har`,
    entries: 0,
    scenarios: [],
  };
  for (const scenario of scenarios) {
    proxy.scenario = scenario;
    const { exitCode, checks } = await runSuiteScenario(proxy.url, scenario, revision, wiring);
    const recorded = proxy.take();
    entries.push(...recorded);
    const checksPath = `${wiring}/checks/${scenario}.json`;
    writeFileSync(new URL(checksPath, here), checks);
    run.scenarios.push({ name: scenario, exitCode, entries: recorded.length, checks: checksPath });
    console.log(`${wiring} ${scenario}: exit ${exitCode}, ${recorded.length} exchanges`);
  }
  await proxy.close();
  await server.close();
  const har = {
    log: {
      version: '1.2',
      creator: { name: 'mcp-message-lab record:conformance', version: '1' },
      comment: `${manifest.suite} against ${manifest.sdk} (${wiring}, MCP ${revision}), recorded ${manifest.date}`,
      entries,
    },
  };
  writeFileSync(new URL('traffic.har', dir), `${JSON.stringify(har, null, 1)}\n`);
  run.entries = entries.length;
  manifest.runs.push(run);
}
manifest.runs.sort((a, b) => WIRINGS.indexOf(a.wiring) - WIRINGS.indexOf(b.wiring));
writeFileSync(manifestUrl, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`wrote ${fileURLToPath(manifestUrl)}`);
