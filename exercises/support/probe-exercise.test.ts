/**
 * The probe exercise's runner: what a learner reads after a run, written from a report in the probe's format
 * (src/probe/report.ts) by hand, and the catalog's view of an exercise whose manifest says `"test": "probe"`.
 */
import { describe, expect, it } from 'vitest';
import type { ProbeReport } from '../../src/probe/report.ts';
import { probeStdio } from '../../test/unit/probe/harness.ts';
import { createIncidentDesk } from '../11-capstone-incident-desk/incident-desk.problem.ts';
import { serveDeskStdio } from '../11-capstone-incident-desk/stdio-lines.ts';
import { listAllExercises, listExercises, readAnyExercise, readExercise } from './catalog.ts';
import { describeRun } from './probe-exercise.ts';

const failedCheck = {
  id: 'tool-error-is-result',
  level: 'MUST',
  status: 'fail',
  spec: {
    url: 'https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling',
    quote: 'Input validation errors (e.g., date in wrong format, value out of range)',
  },
  chapter: { id: 'tool-failures-vs-protocol-failures', anchor: 'which-failures-go-where', title: 'Tool failures' },
  sent: '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"lookup_incident","arguments":{"incidentId":"INC-12x"}}}',
  received: '{"jsonrpc":"2.0","id":7,"error":{"code":-32602,"message":"Unknown incident INC-12x"}}',
  explanation: 'A malformed id is an input validation error: a result with isError true, not a JSON-RPC error.',
} as const;

const report: ProbeReport = {
  format: 'mcp-lab-probe-report',
  version: 1,
  protocol: '2026-07-28',
  transport: 'stdio',
  server: { name: 'incident-desk', version: '0.1.0' },
  startedAt: '2026-12-01T10:00:00.000Z',
  durationMs: 900,
  checks: [failedCheck, { ...failedCheck, id: 'unknown-tool', status: 'pass' }],
  score: { must: { passed: 1, of: 2 }, should: { passed: 0, of: 0 }, may: { passed: 0, of: 0 } },
};

describe('describeRun', () => {
  it('lists each failed check with what was sent and came back, the spec and the course section', () => {
    const { lines, failed, solved } = describeRun({ kind: 'report', report, exitCode: 1 }, 'x.problem.ts');
    expect(solved).toBe(false);
    expect(failed).toBe(1);
    const text = lines.join('\n');
    expect(text).toContain('MUST 1 of 2 passed');
    expect(text).toContain('✗ MUST tool-error-is-result');
    expect(text).toContain('"code":-32602');
    // What the spec says, not only where: the sentence the check rests on, then its page.
    expect(text).toContain('spec     “Input validation errors (e.g., date in wrong format, value out of range)”');
    expect(text).toContain(
      '         https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling',
    );
    expect(text).toContain('course   /chapters/tool-failures-vs-protocol-failures/#which-failures-go-where');
    expect(text).not.toContain('unknown-tool');
  });

  it('is solved only when no attempted check failed, SHOULDs included', () => {
    const should = {
      ...report,
      checks: [{ ...failedCheck, level: 'SHOULD' as const }, report.checks[1]!],
      score: { ...report.score, must: { passed: 1, of: 1 }, should: { passed: 0, of: 1 } },
    };
    expect(describeRun({ kind: 'report', report: should, exitCode: 0 }, 'x').solved).toBe(false);
    const passed = { ...report, checks: [report.checks[1]!], score: { ...report.score, must: { passed: 1, of: 1 } } };
    expect(describeRun({ kind: 'report', report: passed, exitCode: 0 }, 'x').solved).toBe(true);
    const none = { ...report, checks: [], score: { ...report.score, must: { passed: 0, of: 0 } } };
    expect(describeRun({ kind: 'report', report: none, exitCode: 0 }, 'x').solved).toBe(false);
  });

  it('says the probe could not judge the file when no report came back', () => {
    const { lines, solved } = describeRun({ kind: 'failed', message: 'stopped after 120 s', exitCode: 1 }, 'x.ts');
    expect(solved).toBe(false);
    expect(lines.join(' ')).toMatch(/could not judge x\.ts: stopped after 120 s/);
  });
});

describe('the catalog and a probe-tested exercise', () => {
  const id = '11-capstone-incident-desk';

  it('reads exercise 11 as tested by the probe, with its starter and solution', () => {
    const exercise = readAnyExercise(id);
    expect(exercise.test).toBe('probe');
    expect(exercise.manifest.files).toEqual({
      problem: 'incident-desk.problem.ts',
      solutions: ['incident-desk.solution.ts'],
    });
  });

  it('keeps it out of the case-tested list, and says why when asked for its cases', () => {
    expect(listExercises().map((e) => e.manifest.id)).not.toContain(id);
    expect(listAllExercises().map((e) => e.manifest.id)).toContain(id);
    expect(() => readExercise(id)).toThrow(/tested by the probe/);
  });
});

describe('the starter under the probe', () => {
  // The brief (README.md) against the starter's three mistakes: it throws -32602 for a malformed or unknown id,
  // answers closing a closed incident as a success, and throws -32603 for the payments backend. The tools page
  // (MCP 2026-07-28 server/tools §Error Handling) lists input validation errors, business logic errors and API
  // failures as tool execution errors, "reported in tool results with isError: true"; so exactly those three
  // checks fail, and the protocol errors it leaves to the SDK or throws on purpose (-32602) pass.
  it('fails exactly the three tool-failure checks, each with an explanation, and passes the rest', async () => {
    const report = await probeStdio(
      (input, output) => Promise.resolve(serveDeskStdio(() => createIncidentDesk(), input, output)),
      { protocol: '2026-07-28' },
    );
    const failed = report.checks.filter((c) => c.status === 'fail');
    expect(failed.map((c) => c.id).sort()).toEqual([
      'backend-unavailable-is-result',
      'business-failure-is-result',
      'tool-error-is-result',
    ]);
    for (const c of failed) expect(c.explanation.length, c.id).toBeGreaterThan(20);
  });
});
