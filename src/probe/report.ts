/**
 * The probe's report, version 1: what `mcp-lab probe --format json` writes and what a learner hands in. Zod only (no
 * Node or browser APIs), so the chapter page can validate a pasted report with the same schema. The report comes
 * from an untrusted machine: every string and every array has a cap, and unknown members are refused.
 */
import { z } from 'zod';

/** Caps on what a report may carry; the probe truncates to these before it writes. */
export const REPORT_LIMITS = {
  /** Check ids, chapter ids and anchors. */
  id: 80,
  /** Titles, server names and versions. */
  title: 200,
  /** A spec or chapter link. */
  url: 500,
  /** A quoted spec sentence. */
  quote: 600,
  /** The command line the probe spawned, or the URL it contacted. */
  command: 2_000,
  /** What was sent or what came back, as shown text. */
  exchange: 4_000,
  /** The explanation of one check. */
  explanation: 2_000,
  /** Checks in one report. */
  checks: 100,
  /** Lines of a stdio run read as one session log. */
  sessionLines: 100_000,
  /** A whole report as JSON text, in bytes. */
  bytes: 1_000_000,
} as const;

export const REPORT_FORMAT = 'mcp-lab-probe-report';
export const REPORT_VERSION = 1;
export const REPORT_PROTOCOLS = ['2025-06-18', '2025-11-25', '2026-07-28'] as const;
export const REPORT_TRANSPORTS = ['stdio', 'http'] as const;
export const CHECK_LEVELS = ['MUST', 'SHOULD', 'MAY'] as const;
export const CHECK_STATUSES = ['pass', 'fail', 'not-attempted'] as const;

const text = (max: number) => z.string().max(max);
const count = z.number().int().min(0).max(REPORT_LIMITS.checks);
const tally = z.strictObject({ passed: count, of: count }).refine((t) => t.passed <= t.of, {
  message: 'passed cannot exceed of',
});

export const ProbeCheckSchema = z.strictObject({
  id: text(REPORT_LIMITS.id).regex(/^[a-z0-9][a-z0-9-]*$/),
  level: z.enum(CHECK_LEVELS),
  status: z.enum(CHECK_STATUSES),
  spec: z.strictObject({
    url: text(REPORT_LIMITS.url).regex(/^https:\/\//),
    quote: text(REPORT_LIMITS.quote),
  }),
  chapter: z.strictObject({
    id: text(REPORT_LIMITS.id),
    anchor: text(REPORT_LIMITS.id),
    title: text(REPORT_LIMITS.title),
  }),
  sent: text(REPORT_LIMITS.exchange),
  received: text(REPORT_LIMITS.exchange),
  explanation: text(REPORT_LIMITS.explanation),
});

/** One finding of the session analyser on a stdio run (a rule that spans lines), against the server. */
export const ProbeSessionFindingSchema = z.strictObject({
  id: text(REPORT_LIMITS.id).regex(/^[a-z0-9][a-z0-9-]*$/),
  severity: z.enum(['error', 'warning']),
  /** The line of the run (1-based, probe and server lines together) the finding is on, and the one it relates to. */
  line: z.number().int().min(1).max(REPORT_LIMITS.sessionLines),
  related: z.number().int().min(1).max(REPORT_LIMITS.sessionLines).optional(),
  /** That line's text. */
  text: text(REPORT_LIMITS.exchange),
  message: text(REPORT_LIMITS.explanation),
  spec: text(REPORT_LIMITS.url).regex(/^https:\/\//),
});

export const ProbeReportSchema = z
  .strictObject({
    format: z.literal(REPORT_FORMAT),
    version: z.literal(REPORT_VERSION),
    protocol: z.enum(REPORT_PROTOCOLS),
    transport: z.enum(REPORT_TRANSPORTS),
    server: z.strictObject({
      name: text(REPORT_LIMITS.title),
      version: text(REPORT_LIMITS.title),
      command: text(REPORT_LIMITS.command).optional(),
      url: text(REPORT_LIMITS.url).optional(),
    }),
    startedAt: z.iso.datetime(),
    durationMs: z.number().int().min(0).max(86_400_000),
    checks: z.array(ProbeCheckSchema).max(REPORT_LIMITS.checks),
    score: z.strictObject({ must: tally, should: tally, may: tally }),
    /** Stdio only: the whole run read as one session log (optional: version 1 reports without it stay valid). */
    session: z
      .strictObject({
        lines: z.number().int().min(0).max(REPORT_LIMITS.sessionLines),
        findings: z.array(ProbeSessionFindingSchema).max(REPORT_LIMITS.checks),
      })
      .optional(),
  })
  .superRefine((report, ctx) => {
    // The score is derived from the checks; a report whose score says more than its checks is refused.
    const expected = scoreChecks(report.checks);
    for (const level of ['must', 'should', 'may'] as const) {
      const got = report.score[level];
      if (got.passed !== expected[level].passed || got.of !== expected[level].of) {
        ctx.addIssue({ code: 'custom', path: ['score', level], message: 'the score does not match the checks' });
      }
    }
  });

/**
 * What a learner hands in of a report (the course's `probe-report` answers, src/course/graded-kinds.ts): its protocol,
 * transport and score, each check's id, level and status, and the SHA-256 (hex) of the report's text. Made from the
 * report's own schema; the score must match the checks.
 */
export const ProbeHandInSchema = z
  .strictObject({
    protocol: ProbeReportSchema.shape.protocol,
    transport: ProbeReportSchema.shape.transport,
    score: ProbeReportSchema.shape.score,
    checks: z.array(ProbeCheckSchema.pick({ id: true, level: true, status: true })).max(REPORT_LIMITS.checks),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .refine((h) => {
    const expected = scoreChecks(h.checks);
    return (['must', 'should', 'may'] as const).every(
      (l) => h.score[l].passed === expected[l].passed && h.score[l].of === expected[l].of,
    );
  }, 'the score does not match the checks');

export type ProbeHandIn = z.infer<typeof ProbeHandInSchema>;

/** The hand-in of a report: what the widget and `mcp-lab probe --room` send, with the SHA-256 (hex) of its text. */
export function handInOf(report: ProbeReport, sha256: string): ProbeHandIn {
  const { protocol, transport, score, checks } = report;
  return { protocol, transport, score, checks: checks.map(({ id, level, status }) => ({ id, level, status })), sha256 };
}

type Score = {
  must: { passed: number; of: number };
  should: { passed: number; of: number };
  may: { passed: number; of: number };
};

/** The score of a list of checks: per level, the checks passed of those attempted (not-attempted counts in neither). */
export function scoreChecks(checks: readonly { level: CheckLevel; status: CheckStatus }[]): Score {
  const score: Score = { must: { passed: 0, of: 0 }, should: { passed: 0, of: 0 }, may: { passed: 0, of: 0 } };
  for (const check of checks) {
    if (check.status === 'not-attempted') continue;
    const tallyOf = score[check.level.toLowerCase() as keyof Score];
    tallyOf.of += 1;
    if (check.status === 'pass') tallyOf.passed += 1;
  }
  return score;
}

/** Whether a hand-in passes the course's capstone mark: the probe attempted a MUST check, and every one passed. */
export function everyMustPassed(score: { must: { passed: number; of: number } }): boolean {
  return score.must.of > 0 && score.must.passed === score.must.of;
}

export type ProbeCheck = z.infer<typeof ProbeCheckSchema>;
export type ProbeReport = z.infer<typeof ProbeReportSchema>;
export type ProbeSessionFinding = z.infer<typeof ProbeSessionFindingSchema>;
export type CheckLevel = (typeof CHECK_LEVELS)[number];
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/** A report in text form (a file or a paste), validated at the border; never throws. */
export function readProbeReport(input: string): { ok: true; report: ProbeReport } | { ok: false; problem: string } {
  if (new TextEncoder().encode(input).length > REPORT_LIMITS.bytes) {
    return { ok: false, problem: `the report is larger than ${REPORT_LIMITS.bytes} bytes` };
  }
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch {
    return { ok: false, problem: 'the report is not JSON text' };
  }
  const parsed = ProbeReportSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the report';
    return { ok: false, problem: `${where}: ${issue?.message ?? 'not a probe report'}` };
  }
  return { ok: true, report: parsed.data };
}
