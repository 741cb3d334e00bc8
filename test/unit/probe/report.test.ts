/**
 * The report schema (src/probe/report.ts) is the border a handed-in report crosses: it comes from the learner's
 * machine, so it is bounded and strict, and its score must follow from its checks.
 */
import { describe, expect, it } from 'vitest';
import { ProbeReportSchema, REPORT_LIMITS, readProbeReport, scoreChecks } from '../../../src/probe/report.ts';

const check = {
  id: 'unknown-method',
  level: 'MUST',
  status: 'pass',
  spec: {
    url: 'https://modelcontextprotocol.io/specification/2025-11-25/basic',
    quote: 'Requests MUST include a string or integer ID.',
  },
  chapter: { id: 'what-a-receiver-owes', anchor: 'an-unknown-method', title: 'What a receiver owes' },
  sent: '{"jsonrpc":"2.0","id":1,"method":"no/such"}',
  received: '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}',
  explanation: 'The server answered -32601.',
} as const;

const report = {
  format: 'mcp-lab-probe-report',
  version: 1,
  protocol: '2025-11-25',
  transport: 'stdio',
  server: { name: 'incident-desk', version: '1.0.0', command: 'node server.js' },
  startedAt: '2026-12-02T01:00:00.000Z',
  durationMs: 812,
  checks: [check, { ...check, id: 'batch', level: 'SHOULD' as const, status: 'not-attempted' as const }],
  score: { must: { passed: 1, of: 1 }, should: { passed: 0, of: 0 }, may: { passed: 0, of: 0 } },
};

describe('the probe report, version 1', () => {
  it('accepts a well-formed report', () => {
    expect(readProbeReport(JSON.stringify(report))).toMatchObject({ ok: true });
  });

  it('counts a not-attempted check in neither passed nor of', () => {
    expect(scoreChecks(report.checks)).toEqual(report.score);
  });

  it('refuses a score that claims more than the checks show', () => {
    const forged = { ...report, score: { ...report.score, must: { passed: 2, of: 2 } } };
    expect(readProbeReport(JSON.stringify(forged))).toEqual({
      ok: false,
      problem: 'score.must: the score does not match the checks',
    });
  });

  it('refuses unknown members, so nothing unbounded rides along', () => {
    expect(ProbeReportSchema.safeParse({ ...report, extra: 'x' }).success).toBe(false);
    expect(ProbeReportSchema.safeParse({ ...report, checks: [{ ...check, extra: 1 }] }).success).toBe(false);
  });

  it('caps every string at its limit: the limit passes, one more character fails', () => {
    const at = { ...check, received: 'x'.repeat(REPORT_LIMITS.exchange) };
    const over = { ...check, received: 'x'.repeat(REPORT_LIMITS.exchange + 1) };
    expect(ProbeReportSchema.safeParse({ ...report, checks: [at] }).success).toBe(true);
    expect(ProbeReportSchema.safeParse({ ...report, checks: [over] }).success).toBe(false);
  });

  it('caps the number of checks', () => {
    const many = Array.from({ length: REPORT_LIMITS.checks + 1 }, () => ({ ...check, status: 'not-attempted' }));
    expect(ProbeReportSchema.safeParse({ ...report, checks: many, score: scoreChecks([]) }).success).toBe(false);
  });

  it('refuses text that is not JSON and text past the byte cap, with a message', () => {
    expect(readProbeReport('{')).toEqual({ ok: false, problem: 'the report is not JSON text' });
    expect(readProbeReport(' '.repeat(REPORT_LIMITS.bytes + 1))).toEqual({
      ok: false,
      problem: `the report is larger than ${REPORT_LIMITS.bytes} bytes`,
    });
  });
  it("takes a stdio run's session findings, bounded, with a spec link only to an https address", () => {
    const finding = {
      id: 'notification-answered',
      severity: 'error',
      line: 30,
      related: 29,
      text: '{"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"Method not found"}}',
      message: 'A response without a readable id follows the notification on line 29.',
      spec: 'https://modelcontextprotocol.io/specification/2026-07-28/basic#notifications',
    };
    const withSession = (session: unknown) => ProbeReportSchema.safeParse({ ...report, session }).success;
    expect(withSession({ lines: 58, findings: [finding] })).toBe(true);
    expect(withSession({ lines: 58, findings: [{ ...finding, spec: 'javascript:alert(1)' }] })).toBe(false);
    expect(withSession({ lines: 58, findings: [{ ...finding, severity: 'info' }] })).toBe(false);
    expect(withSession({ lines: 58, findings: Array(REPORT_LIMITS.checks + 1).fill(finding) })).toBe(false);
    expect(withSession({ lines: 58, findings: [finding], extra: 1 })).toBe(false);
  });
});
