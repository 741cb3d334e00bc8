/**
 * The hand-in widget's view of a probe report. The report comes from the learner's machine, so the tests are about
 * what a hostile or forged report cannot do: link anywhere but a spec host or this course, or claim a pass its
 * checks do not give. The reports are written by hand in the format the contract fixes (src/probe/report.ts).
 */
import { describe, expect, it } from 'vitest';
import { readProbeReport, type ProbeReport } from '../../../src/probe/report.ts';
import {
  chapterHref,
  specHref,
  summariseProbeReport,
  viewProbeReport,
} from '../../../src/components/widgets/lib/probe-report-view.ts';

const check = (id: string, level: 'MUST' | 'SHOULD', status: 'pass' | 'fail' | 'not-attempted') => ({
  id,
  level,
  status,
  spec: {
    url: 'https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling',
    quote: 'Tool Execution Errors contain actionable feedback',
  },
  chapter: { id: 'tool-failures-vs-protocol-failures', anchor: 'which-failures-go-where', title: 'Tool failures' },
  sent: '{"jsonrpc":"2.0","id":1,"method":"tools/call"}',
  received: '{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"boom"}}',
  explanation: 'A tool failure came back as a protocol error.',
});

function report(checks: ReturnType<typeof check>[], must: [number, number], should: [number, number]): string {
  return JSON.stringify({
    format: 'mcp-lab-probe-report',
    version: 1,
    protocol: '2026-07-28',
    transport: 'stdio',
    server: { name: 'incident-desk', version: '1.0.0', command: 'node incident-desk.ts' },
    startedAt: '2026-12-01T10:00:00.000Z',
    durationMs: 1234,
    checks,
    score: {
      must: { passed: must[0], of: must[1] },
      should: { passed: should[0], of: should[1] },
      may: { passed: 0, of: 0 },
    },
  });
}

function valid(text: string): ProbeReport {
  const read = readProbeReport(text);
  if (!read.ok) throw new Error(read.problem);
  return read.report;
}

describe('viewProbeReport', () => {
  it('puts failed checks first and passes only when no attempted check failed', () => {
    const r = valid(
      report(
        [
          check('unknown-tool', 'MUST', 'pass'),
          check('tool-error-is-result', 'MUST', 'fail'),
          check('http-accept', 'SHOULD', 'not-attempted'),
        ],
        [1, 2],
        [0, 0],
      ),
    );
    const view = viewProbeReport(r);
    expect(view.checks.map((c) => c.id)).toEqual(['tool-error-is-result', 'unknown-tool', 'http-accept']);
    expect(view.passed).toBe(false);
    expect(view.score).toBe('MUST 1 of 2, SHOULD 0 of 0, MAY 0 of 0, 1 not attempted');
    expect(view.checks[0]?.chapterHref).toBe('/chapters/tool-failures-vs-protocol-failures/#which-failures-go-where');
  });

  it('does not pass a report in which no MUST was attempted', () => {
    const view = viewProbeReport(valid(report([check('parse-error', 'MUST', 'not-attempted')], [0, 0], [0, 0])));
    expect(view.passed).toBe(false);
  });
});

describe('links from a report', () => {
  it('links a spec citation only on a known spec host over https', () => {
    expect(specHref('https://modelcontextprotocol.io/specification/2026-07-28/basic#requests')).toBeDefined();
    expect(specHref('https://evil.example/modelcontextprotocol.io')).toBeUndefined();
    expect(specHref('https://modelcontextprotocol.io.evil.example/')).toBeUndefined();
    expect(specHref('javascript:alert(1)')).toBeUndefined();
    expect(specHref('not a url')).toBeUndefined();
  });

  it("links a chapter only when it is this course's, and drops an anchor that is not a heading slug", () => {
    expect(chapterHref({ id: 'no-such-chapter', anchor: 'x' })).toBeUndefined();
    expect(chapterHref({ id: '../../evil', anchor: 'x' })).toBeUndefined();
    expect(chapterHref({ id: 'check-your-own-server', anchor: '"><script>' })).toBe('/chapters/check-your-own-server/');
    expect(chapterHref({ id: 'check-your-own-server', anchor: 'reading-the-report' })).toBe(
      '/chapters/check-your-own-server/#reading-the-report',
    );
  });
});

describe('summariseProbeReport', () => {
  it('keeps ids, levels and statuses, drops the exchanges, and says it is self-reported', () => {
    const summary = summariseProbeReport(valid(report([check('unknown-tool', 'MUST', 'pass')], [1, 1], [0, 0])));
    expect(summary.checks).toEqual([{ id: 'unknown-tool', level: 'MUST', status: 'pass' }]);
    expect(summary.selfReported).toBe(true);
    expect(JSON.stringify(summary)).not.toContain('-32603');
  });

  it('stays well under the 64 KB a widget state may hold, for the largest report the schema allows', () => {
    const long = 'a'.repeat(80);
    const checks = Array.from({ length: 100 }, (_, i) => ({ ...check(`c${i}-${long}`.slice(0, 80), 'MUST', 'pass') }));
    const summary = summariseProbeReport(valid(report(checks, [100, 100], [0, 0])));
    expect(JSON.stringify(summary).length).toBeLessThan(64 * 1024);
  });
});
