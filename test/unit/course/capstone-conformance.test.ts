/**
 * The cross-check of the capstone's probe against the official conformance suite, offline, on the recordings
 * `npm run record:capstone-conformance` made (test/recordings/capstone-conformance/): the suite's own checks.json
 * and the probe's report, on the same servers at the same moment. Where both make the same check they must agree;
 * the chapter's table of which checks the suite makes too must say what this test maps. The figures per server
 * (checks the probe fails, checks the suite fails) are printed on every run.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProbeReportSchema, type ProbeReport } from '../../../src/probe/report.ts';
import { CHECKS } from '../../../src/probe/catalogue.ts';
import { CONTRACT_IDS } from '../../support/capstone-contract.ts';

const root = resolve(import.meta.dirname, '../../..');
const dir = resolve(root, 'test/recordings/capstone-conformance');

/**
 * The suite's checks that judge what a probe check judges, written from the suite's check descriptions
 * (lms-and-probing.md §3, and each check's `description` in the recordings). A probe check absent here is one the
 * suite does not make; the three tool-failure checks are only in part (the suite calls its own fixture tool).
 */
const SAME_CHECK: Record<string, readonly string[]> = {
  'unknown-method': ['sep-2575-http-server-method-not-found-404'],
  'meta-missing': ['sep-2575-http-server-meta-invalid-400'],
  'header-mismatch': ['sep-2575-http-server-header-mismatch-400'],
  'missing-capability': ['sep-2575-server-rejects-undeclared-capability', 'sep-2575-missing-capability-http-400'],
  'unsupported-version': ['sep-2575-server-unsupported-version-error', 'sep-2575-http-server-unsupported-version-400'],
  'http-session-id': ['server-session-terminated-returns-404'],
};
const IN_PART: Record<string, readonly string[]> = {
  'tool-error-is-result': ['tools-call-error'],
  'business-failure-is-result': ['tools-call-error'],
  'backend-unavailable-is-result': ['tools-call-error'],
};

/**
 * Where the two disagree on a server, and why: each gallery bug is narrow on purpose, and the suite sends other
 * messages than the probe. Every row must be seen in the recordings (a fixed disagreement fails until it is removed).
 */
const DISAGREEMENTS: { server: string; revision: string; check: string; why: string }[] = [
  {
    server: 'get-200-and-old-versions',
    revision: '2026-07-28',
    check: 'unsupported-version',
    why: 'the bug serves a version that sorts before 2025-01-01 as 2026-07-28: the probe names 1900-01-01 and loses; the suite names v999.0.0, which sorts after it, so the server refuses it with -32022',
  },
  {
    server: 'null-id-and-meta-ignored',
    revision: '2026-07-28',
    check: 'meta-missing',
    why: 'the bug fills in a missing envelope only on a tools/list with no _meta at all, which the probe sends; the suite leaves out single _meta fields, which the server refuses',
  },
];

const SuiteCheckSchema = z.looseObject({
  id: z.string(),
  status: z.enum(['SUCCESS', 'FAILURE', 'WARNING', 'SKIPPED', 'INFO']),
  errorMessage: z.string().optional(),
});
type SuiteCheck = z.infer<typeof SuiteCheckSchema>;

const ManifestSchema = z.object({
  suite: z.literal('@modelcontextprotocol/conformance@0.2.0-alpha.11'),
  sdk: z.string(),
  runs: z.array(
    z.object({
      server: z.string(),
      revision: z.string(),
      probe: z.object({ report: z.string() }),
      scenarios: z.array(z.object({ name: z.string(), exitCode: z.number(), checks: z.string() })),
    }),
  ),
});

const manifestPath = resolve(dir, 'manifest.json');
if (!existsSync(manifestPath))
  throw new Error(
    'test/recordings/capstone-conformance/manifest.json is missing: run npm run record:capstone-conformance',
  );
const manifest = ManifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
const read = (path: string): unknown => JSON.parse(readFileSync(resolve(dir, path), 'utf8'));

/** A suite check's verdict where it made the check: a missing fixture ("Not testable") or a warning is not one. */
function suiteVerdict(check: SuiteCheck): 'pass' | 'fail' | undefined {
  if (check.status === 'SUCCESS') return 'pass';
  if (check.status === 'FAILURE' && !/^Not testable/.test(check.errorMessage ?? '')) return 'fail';
  return undefined;
}

const runs = manifest.runs.map((run) => ({
  ...run,
  report: ProbeReportSchema.parse(read(run.probe.report)) as ProbeReport,
  suite: run.scenarios.flatMap((s) => z.array(SuiteCheckSchema).parse(read(s.checks))),
}));

describe('the conformance suite and the probe on the same servers', () => {
  it('has recordings of the reference server in every era, made by the pinned suite', () => {
    expect(
      runs
        .filter((r) => r.server === 'solution')
        .map((r) => r.revision)
        .sort(),
    ).toEqual(['2025-06-18', '2025-11-25', '2026-07-28']);
  });

  const disagreements = runs.flatMap((run) =>
    Object.entries(SAME_CHECK).flatMap(([probeId, suiteIds]) => {
      const ours = run.report.checks.find((c) => c.id === probeId);
      if (!ours || ours.status === 'not-attempted') return [];
      const differ = run.suite.some(
        (c) => suiteIds.includes(c.id) && suiteVerdict(c) !== undefined && suiteVerdict(c) !== ours.status,
      );
      return differ ? [`${run.server} ${run.revision} ${probeId}`] : [];
    }),
  );

  it('agree wherever both make the same check, except where a listed narrow bug explains it', () => {
    expect(disagreements.sort()).toEqual(DISAGREEMENTS.map((d) => `${d.server} ${d.revision} ${d.check}`).sort());
  });

  it("cannot judge the brief's tool failures: its tools-call-error calls a fixture tool the desk does not have", () => {
    // The one exception fools the suite: a server that answers any unknown tool with isError: true (the bug of
    // unknown-tool-result) passes tools-call-error without having the fixture tool at all.
    for (const run of runs)
      for (const c of run.suite.filter((x) => x.id === 'tools-call-error')) {
        const seen = `${run.server} ${run.revision}: ${c.errorMessage ?? c.status}`;
        if (run.server === 'unknown-tool-result') expect(seen).toMatch(/: SUCCESS$/);
        else expect(seen).toMatch(/test_error_handling not found/);
      }
  });

  it('prints, per server and era, the checks the probe fails and the checks the suite fails', () => {
    const lines = runs.map((run) => {
      const ours = run.report.checks.filter((c) => c.status === 'fail').map((c) => c.id);
      const theirs = [...new Set(run.suite.filter((c) => suiteVerdict(c) === 'fail').map((c) => c.id))];
      return `${run.server.padEnd(28)} ${run.revision}  probe fails: ${ours.join(', ') || 'none'}  |  suite fails: ${theirs.join(', ') || 'none'}`;
    });
    console.log(`Capstone cross-check (${manifest.suite}, ${manifest.sdk}):\n${lines.join('\n')}`);
    expect(lines.length).toBe(runs.length);
  });
});

describe("the chapter's table of checks the suite makes too", () => {
  const chapter = readFileSync(resolve(root, 'content/chapters/check-your-own-server.mdx'), 'utf8');
  const table = chapter.slice(
    chapter.indexOf('| Probe check |'),
    chapter.indexOf('</div>', chapter.indexOf('| Probe check |')),
  );
  const rows = table
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Probe check') && !line.startsWith('| ---'))
    .map((line) => {
      const [ours = '', theirs = ''] = line.slice(2).split(' | ');
      const ids = (cell: string) => [...cell.matchAll(/`([a-z0-9-]+)`/g)].map((m) => m[1]!);
      return {
        ours: ids(ours),
        theirs: ids(theirs).filter((id) => /^(sep-|tools-call-error|server-session)/.test(id)),
        text: theirs,
      };
    });

  it('names every check the probe makes, once, and only checks the contract fixes', () => {
    const named = rows.flatMap((r) => r.ours);
    expect(new Set(named).size).toBe(named.length);
    for (const { id } of CHECKS) expect(named, id).toContain(id);
    for (const id of named) expect(CONTRACT_IDS, id).toContain(id);
  });

  it('says "Yes" or "In part" with the suite checks this test maps, and "No" for the others', () => {
    for (const row of rows) {
      for (const id of row.ours) {
        const same = SAME_CHECK[id] ?? IN_PART[id];
        if (same) expect(row.theirs.sort(), id).toEqual([...same].sort());
        else expect(row.text, id).toMatch(/^No\b/);
      }
    }
  });
});
