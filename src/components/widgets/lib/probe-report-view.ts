/**
 * What the hand-in widget shows of a probe report (`src/probe/report.ts`), and the summary it keeps in progress. Pure:
 * the report comes from the learner's machine, so every link is built here from checked parts and nothing of the
 * report is ever treated as markup. The widget paints the view with text nodes only.
 */
import { CHAPTER_ORDER } from '../../../course/course-order.ts';
import type { CheckLevel, CheckStatus, ProbeReport } from '../../../probe/report.ts';

/** The hosts a report's spec link may point at; any other link is shown as text, never as a link. */
const SPEC_HOSTS: ReadonlySet<string> = new Set([
  'modelcontextprotocol.io',
  'www.jsonrpc.org',
  'www.rfc-editor.org',
  'datatracker.ietf.org',
  'github.com',
]);

/** A chapter anchor as headings slug to: lower-case words joined by hyphens. */
const ANCHOR = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** One check as the widget shows it. */
export interface CheckView {
  id: string;
  level: CheckLevel;
  status: CheckStatus;
  /** The status in words, for the badge. */
  statusText: string;
  sent: string;
  received: string;
  explanation: string;
  quote: string;
  /** The spec link when it points at a known spec host over https; otherwise the URL is only shown as text. */
  specHref?: string;
  specText: string;
  /** The course page that teaches the rule, when the report names a chapter of this course. */
  chapterHref?: string;
  chapterTitle: string;
}

/** The whole report as the widget shows it. */
export interface ReportView {
  heading: string;
  facts: { term: string; detail: string }[];
  score: string;
  /** Every check the probe attempted passed, and it attempted at least one. */
  passed: boolean;
  checks: CheckView[];
}

const STATUS_TEXT: Record<CheckStatus, string> = { pass: 'passed', fail: 'failed', 'not-attempted': 'not attempted' };

/** The link of a spec citation, when it is an https URL on a known spec host. */
export function specHref(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return parsed.protocol === 'https:' && SPEC_HOSTS.has(parsed.hostname) ? parsed.href : undefined;
}

/** The course link of a check's chapter, when the chapter is one of this course's and the anchor a heading slug. */
export function chapterHref(chapter: { id: string; anchor: string }): string | undefined {
  if (!CHAPTER_ORDER.includes(chapter.id)) return undefined;
  const anchor = ANCHOR.test(chapter.anchor) ? `#${chapter.anchor}` : '';
  return `/chapters/${chapter.id}/${anchor}`;
}

/**
 * Whether a report passes the capstone: the probe attempted at least one check and none failed. Not only the MUSTs:
 * the brief's three tool failures rest on SHOULD sentences (the schema's "SHOULD be reported inside the result"),
 * and they are what the exercise is about.
 */
export function reportPassed(report: Pick<ProbeReport, 'checks'>): boolean {
  return report.checks.some((c) => c.status !== 'not-attempted') && !report.checks.some((c) => c.status === 'fail');
}

/** "MUST 24 of 25, SHOULD 3 of 4, MAY 0 of 0, 2 not attempted" */
function scoreText(report: ProbeReport): string {
  const { must, should, may } = report.score;
  const skipped = report.checks.filter((c) => c.status === 'not-attempted').length;
  return `MUST ${must.passed} of ${must.of}, SHOULD ${should.passed} of ${should.of}, MAY ${may.passed} of ${may.of}, ${skipped} not attempted`;
}

/** Builds the view of a validated report: failed checks first, then passed, then not attempted, each in report order. */
export function viewProbeReport(report: ProbeReport): ReportView {
  const order: Record<CheckStatus, number> = { fail: 0, pass: 1, 'not-attempted': 2 };
  const checks = report.checks
    .map((c, index) => ({ c, index }))
    .sort((a, b) => order[a.c.status] - order[b.c.status] || a.index - b.index)
    .map(({ c }): CheckView => {
      const spec = specHref(c.spec.url);
      const chapter = chapterHref(c.chapter);
      return {
        id: c.id,
        level: c.level,
        status: c.status,
        statusText: STATUS_TEXT[c.status],
        sent: c.sent,
        received: c.received,
        explanation: c.explanation,
        quote: c.spec.quote,
        ...(spec ? { specHref: spec } : {}),
        specText: c.spec.url,
        ...(chapter ? { chapterHref: chapter } : {}),
        chapterTitle: c.chapter.title || c.chapter.id,
      };
    });
  const where = report.transport === 'stdio' ? (report.server.command ?? 'stdio') : (report.server.url ?? 'HTTP');
  return {
    heading: `${report.server.name} ${report.server.version}`.trim(),
    facts: [
      { term: 'Transport', detail: `${report.transport === 'stdio' ? 'stdio' : 'Streamable HTTP'}: ${where}` },
      { term: 'Protocol', detail: `MCP ${report.protocol}` },
      { term: 'Probed', detail: `${report.startedAt}, ${report.durationMs} ms` },
    ],
    score: scoreText(report),
    passed: reportPassed(report),
    checks,
  };
}

/** What progress keeps of a handed-in report: enough for the checklist, a receipt and the room, under 64 KB. */
export interface ReportSummary {
  server: { name: string; version: string };
  protocol: ProbeReport['protocol'];
  transport: ProbeReport['transport'];
  startedAt: string;
  score: ProbeReport['score'];
  checks: { id: string; level: CheckLevel; status: CheckStatus }[];
  /** Always true: the probe ran on the learner's machine, so the mark is self-reported. */
  selfReported: true;
}

/** The summary of a validated report that progress stores (the exchanges stay in the learner's file). */
export function summariseProbeReport(report: ProbeReport): ReportSummary {
  return {
    server: { name: report.server.name, version: report.server.version },
    protocol: report.protocol,
    transport: report.transport,
    startedAt: report.startedAt,
    score: report.score,
    checks: report.checks.map(({ id, level, status }) => ({ id, level, status })),
    selfReported: true,
  };
}
