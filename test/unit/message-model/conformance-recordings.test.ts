/**
 * Real traffic nobody here wrote, judged exchange by exchange: the official conformance suite
 * (@modelcontextprotocol/conformance, pinned) run against the official SDK's Streamable HTTP server, recorded as HAR
 * by `npm run record:conformance` (test/recordings/conformance/). Offline: it reads only the committed recordings.
 *
 * - Every exchange the suite passes (read by the HTTP analyser, and as part of its session by the log analyser) gets no error or warning against the server, unless the spec backs the finding
 *   (disagreements.json, a quoted sentence per row) or it is a known linter fault (known-linter-faults.json, which
 *   must shrink to empty as the analyser is fixed).
 * - Every suite failure about a shape, an error code or an HTTP status (suite-checks.json maps each to the exchange
 *   it judges, from the suite's source) is flagged against the server.
 * - Every tables' row is used: a stale row fails.
 */
import { describe, expect, it } from 'vitest';
import { slugifyHeading } from '#message-model';
import { specPage } from '../../support/oracles/spec-snapshot.ts';
import {
  DISAGREEMENTS,
  KNOWN_LINTER_FAULTS,
  MANIFEST,
  SUITE_CHECKS,
  backedBySpec,
  figures,
  judgeRecordings,
  judgeSessions,
  knownFault,
  type Figures,
  type JudgedExchange,
  type Layer,
  matches,
  readChecks,
} from '../../recordings/conformance/judge.ts';

const { exchanges, problems } = judgeRecordings();
const sessions = judgeSessions(exchanges);
const LAYERS: { layer: Layer; judged: JudgedExchange[]; result: Figures }[] = [
  { layer: 'http', judged: exchanges, result: figures(exchanges, 'http') },
  { layer: 'log', judged: sessions, result: figures(sessions, 'log') },
];
const result = LAYERS[0]!.result;
const RERECORD = 'Recordings are made by `npm run record:conformance`; see test/recordings/conformance/README.md.';

describe('the conformance recordings', () => {
  it('were made with the pinned suite, both eras and both response modes', () => {
    expect(MANIFEST.suite).toBe('@modelcontextprotocol/conformance@0.2.0-alpha.11');
    expect(MANIFEST.runs.map((r) => `${r.wiring} ${r.revision}`).sort()).toEqual([
      'stateful-json 2025-11-25',
      'stateful-sse 2025-11-25',
      'stateless-json 2026-07-28',
      'stateless-sse 2026-07-28',
    ]);
  });

  it('are read whole: every HAR entry is an exchange the analyser classifies', () => {
    expect(problems, RERECORD).toEqual([]);
    const entries = MANIFEST.runs.reduce((sum, run) => sum + run.entries, 0);
    expect(exchanges.length).toBe(entries);
    expect(exchanges.length).toBeGreaterThan(300);
  });

  it('hold suite failures the comparison can judge', () => {
    // Without one wire failure on record, "no miss" would hold vacuously.
    expect(exchanges.filter((x) => x.suiteFailures.length > 0).length).toBeGreaterThan(0);
  });
});

describe.each(LAYERS)('exchanges the suite passes, read by the $layer analyser', ({ layer, result }) => {
  it('get no finding against the server that is the linter’s fault (known faults aside)', () => {
    const unknown = result.falseAlarms.filter((a) => !a.known).map((a) => `${a.key}: ${a.finding}`);
    expect(unknown).toEqual([]);
  });

  it('known-linter-faults.json covers exactly the false alarms it names (it shrinks as bugs are fixed)', () => {
    for (const row of KNOWN_LINTER_FAULTS.filter((r) => r.layer === layer)) {
      const covered = result.falseAlarms.filter((a) => a.known === row).length;
      expect(covered, `${row.finding} on ${row.exchange.method}: ${row.bug}`).toBe(row.count);
    }
  });
});

describe('suite failures about shapes, codes and status', () => {
  it('are flagged against the server', () => {
    expect(result.misses.map((m) => `${m.key}: ${m.check}`)).toEqual([]);
  });

  it('are each classified in suite-checks.json, with no row left unused', () => {
    const failed = new Set(
      MANIFEST.runs.flatMap((run) =>
        run.scenarios.flatMap((s) =>
          readChecks(s.checks)
            .filter((c) => c.status === 'FAILURE')
            .map((c) => c.id),
        ),
      ),
    );
    for (const row of SUITE_CHECKS) {
      expect(failed.has(row.check), `suite-checks.json row ${row.check} matches no recorded failure`).toBe(true);
      expect(row.why.length).toBeGreaterThan(40);
      if (row.scope === 'wire') expect(row.exchange, row.check).toBeDefined();
    }
    for (const row of SUITE_CHECKS.filter((r) => r.scope === 'wire'))
      expect(
        exchanges.some((x) => x.suiteFailures.includes(row.check)),
        `no exchange found for ${row.check}`,
      ).toBe(true);
  });
});

describe('disagreements with the suite', () => {
  it.each(
    DISAGREEMENTS.map((row) => [`${row.layer}: ${row.scenario} ${row.exchange.method} ${row.finding}`, row] as const),
  )('%s: the spec decides, and the row quotes it', (_, row) => {
    const page = specPage(row.spec.version, row.spec.page);
    expect(page, `${row.spec.version} ${row.spec.page}`).toBeDefined();
    expect(page?.outline.headings.map(slugifyHeading)).toContain(slugifyHeading(row.spec.heading));
    expect(row.spec.quote).toMatch(/\b(MUST|SHOULD|MAY)\b/);
    expect(row.why.length).toBeGreaterThan(40);
    const judged = row.layer === 'http' ? exchanges : sessions;
    const used = judged.filter(
      (x) =>
        (row.wiring === '*' || row.wiring === x.wiring) &&
        row.scenario === x.scenario &&
        matches(x, row.exchange) &&
        (row.specSides === 'linter'
          ? x.serverFindings.includes(row.finding) && backedBySpec(x, row.finding, row.layer) === row
          : x.suiteFailures.includes(row.finding)),
    );
    expect(used.length, 'a row no recorded exchange needs is stale').toBeGreaterThan(0);
  });

  it('never excuse a known linter fault', () => {
    for (const { layer, judged } of LAYERS)
      for (const x of judged)
        for (const finding of x.serverFindings)
          if (backedBySpec(x, finding, layer)) expect(knownFault(x, finding, layer)).toBeUndefined();
  });
});

describe('the measured figures', () => {
  it.each(LAYERS)('are printed for the README ($layer analyser)', ({ layer, result }) => {
    const comparisons = result.exchanges;
    const text = [
      `${layer} analyser`,
      `exchanges read: ${result.exchanges}`,
      `false alarms: ${result.falseAlarms.length} (${result.falseAlarms.filter((a) => a.known).length} known linter faults)`,
      layer === 'http'
        ? `misses: ${result.misses.length} of ${exchanges.filter((x) => x.suiteFailures.length > 0).length} exchanges the suite fails on the wire`
        : 'misses: not judged (a session log has no HTTP status, and the one recorded wire failure is a status)',
      `comparisons agreeing: ${result.agreeing} of ${comparisons}`,
      `findings the spec backs where the suite is silent: ${result.linterRight.length}`,
    ].join('\n');
    console.log(text);
    const disagreeing = new Set([...result.misses, ...result.falseAlarms].map((d) => d.key)).size;
    expect(comparisons).toBe(exchanges.length);
    expect(result.agreeing + disagreeing).toBe(comparisons);
  });
});
