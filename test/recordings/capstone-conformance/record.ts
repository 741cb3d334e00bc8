/**
 * npm run record:capstone-conformance: the cross-check of the capstone's probe against the official conformance
 * suite. For the worked solution (the reference server) and each gallery server meant for HTTP
 * (exercises/11-capstone-incident-desk/gallery/bugs.json), in each era it serves, it starts the server on a loopback
 * port (`--http 0`), runs the pinned suite (@modelcontextprotocol/conformance, on this project's Node 24) once per
 * scenario below, runs the probe (src/probe/run.ts, what `mcp-lab probe --url` runs) against the same URL, and writes
 *  - <server>/<revision>/checks/<scenario>.json: the suite's own checks.json, byte for byte;
 *  - <server>/<revision>/probe.json: the probe's report;
 *  - manifest.json: suite, SDK and Node versions, the date, and per run the scenarios and exit codes.
 * test/unit/course/capstone-conformance.test.ts compares the two offline. Never part of `npm test`: it takes a few
 * minutes. The suite speaks HTTP only, so stdio-only gallery servers have no suite verdict.
 * `npm run record:capstone-conformance -- solution` re-records the named servers and keeps the others' rows.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { runProbe } from '../../../src/probe/run.ts';
import { recordedWith, runSuiteScenario } from '../suite.ts';

const here = new URL('./', import.meta.url);
const root = new URL('../../../', import.meta.url);
const rootPath = fileURLToPath(root);
const exerciseDir = 'exercises/11-capstone-incident-desk';

const REVISIONS = ['2026-07-28', '2025-11-25', '2025-06-18'] as const;
type Revision = (typeof REVISIONS)[number];

/**
 * The suite's scenarios that judge what the probe judges (messages, error codes, isError, HTTP status), per revision,
 * as `conformance list --server` names them. The others need fixture tools, resources or prompts the brief does not
 * have, and would only report "Not testable".
 */
const SCENARIOS: Record<Revision, string[]> = {
  '2026-07-28': ['server-stateless', 'tools-list', 'tools-call-error', 'dns-rebinding-protection'],
  '2025-11-25': ['server-initialize', 'ping', 'tools-list', 'tools-call-error', 'server-session-lifecycle'],
  '2025-06-18': ['server-initialize', 'ping', 'tools-list', 'tools-call-error', 'server-session-lifecycle'],
};

/** The gallery's list (gallery/bugs.json), read only for which servers speak HTTP and in which eras. */
const BugsSchema = z.object({
  servers: z.array(
    z.looseObject({
      server: z.string().regex(/^[a-z0-9-]+$/),
      transports: z.array(z.enum(['stdio', 'http'])),
      eras: z.array(z.enum(['legacy', 'modern'])),
    }),
  ),
});

/**
 * The revision a gallery era is recorded under: 2026-07-28 for the modern era, 2025-11-25 for the legacy one (the
 * reference server is recorded under all three, which is where 2025-06-18 differs).
 */
const ERA_REVISION = { modern: '2026-07-28', legacy: '2025-11-25' } as const satisfies Record<string, Revision>;

interface Target {
  name: string;
  file: string;
  revisions: Revision[];
}

function targets(): Target[] {
  const bugsUrl = new URL(`${exerciseDir}/gallery/bugs.json`, root);
  const bugs = BugsSchema.parse(JSON.parse(readFileSync(bugsUrl, 'utf8')));
  return [
    { name: 'solution', file: `${exerciseDir}/incident-desk.solution.ts`, revisions: [...REVISIONS] },
    ...bugs.servers
      .filter((s) => s.transports.includes('http'))
      .map((s) => ({
        name: s.server,
        file: `${exerciseDir}/gallery/${s.server}.ts`,
        revisions: s.eras.map((era) => ERA_REVISION[era]),
      })),
  ];
}

/** Starts a desk with `--http 0` and resolves with its URL once it says where it listens. */
function startServer(file: string): Promise<{ url: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, '--http', '0'], {
      cwd: rootPath,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${file} did not say where it listens within 10 s:\n${err}`));
    }, 10_000);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
      const m = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[0], child });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${file} exited (${code}) before listening:\n${err}`));
    });
  });
}

const manifest = {
  recordedBy: 'npm run record:capstone-conformance (test/recordings/capstone-conformance/record.ts)',
  date: new Date().toISOString(),
  node: process.version,
  ...recordedWith,
  runs: [] as {
    server: string;
    file: string;
    revision: Revision;
    probe: { report: string; mustPassed: number; mustOf: number };
    scenarios: { name: string; exitCode: number; checks: string }[];
  }[],
};

if (import.meta.main) {
  const only = process.argv.slice(2);
  const manifestUrl = new URL('manifest.json', here);
  if (only.length > 0 && existsSync(manifestUrl)) {
    const previous = JSON.parse(readFileSync(manifestUrl, 'utf8')) as typeof manifest;
    manifest.runs.push(...previous.runs.filter((r) => !only.includes(r.server)));
  }
  for (const target of targets()) {
    if (only.length > 0 && !only.includes(target.name)) continue;
    for (const revision of target.revisions) {
      const dir = `${target.name}/${revision}`;
      rmSync(new URL(`${dir}/`, here), { recursive: true, force: true });
      mkdirSync(new URL(`${dir}/checks/`, here), { recursive: true });
      const server = await startServer(target.file);
      const entry: (typeof manifest.runs)[number] = {
        server: target.name,
        file: target.file,
        revision,
        probe: { report: `${dir}/probe.json`, mustPassed: 0, mustOf: 0 },
        scenarios: [],
      };
      try {
        for (const scenario of SCENARIOS[revision]) {
          const { exitCode, checks } = await runSuiteScenario(server.url, scenario, revision, dir);
          const checksPath = `${dir}/checks/${scenario}.json`;
          writeFileSync(new URL(checksPath, here), checks);
          entry.scenarios.push({ name: scenario, exitCode, checks: checksPath });
          console.log(`${dir} ${scenario}: exit ${exitCode}`);
        }
        const report = await runProbe({ transport: 'http', url: server.url, fetch }, { protocol: revision });
        writeFileSync(new URL(entry.probe.report, here), `${JSON.stringify(report, null, 2)}\n`);
        entry.probe.mustPassed = report.score.must.passed;
        entry.probe.mustOf = report.score.must.of;
        console.log(`${dir} probe: MUST ${report.score.must.passed} of ${report.score.must.of}`);
      } finally {
        server.child.kill();
      }
      manifest.runs.push(entry);
    }
  }
  manifest.runs.sort((a, b) => a.server.localeCompare(b.server) || a.revision.localeCompare(b.revision));
  writeFileSync(manifestUrl, `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`wrote ${fileURLToPath(manifestUrl)}`);
}
