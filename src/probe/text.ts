/**
 * The probe's text report: one line per check (its status, level and id), and for each failure what was sent, what
 * came back, what the spec says and where the course explains it; on stdio, then, what the session analyser found
 * across the run's lines. Plain text, no colour; the CLI escapes control
 * characters before printing, since everything "received" is the server's.
 */
import type { ProbeReport } from './report.ts';

// A check the run could not attempt is marked with the words the JSON report and the course page use ("not attempted").
const MARK = { pass: 'pass', fail: 'FAIL', 'not-attempted': 'not attempted' } as const;
const indent = (text: string, prefix: string) =>
  text
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n');
const clip = (text: string, lines: number) => {
  const all = text.split('\n');
  return all.length > lines ? [...all.slice(0, lines), `… (${all.length - lines} more lines)`].join('\n') : text;
};

/**
 * The report as text a learner can act on; `siteUrl` is where the course's chapters are served (without it, each
 * chapter is named by its path on the course site).
 */
export function formatProbeReport(report: ProbeReport, siteUrl = ''): string {
  const where = report.server.command ?? report.server.url ?? '';
  const out: string[] = [
    `mcp-lab probe: ${report.server.name} ${report.server.version} (${where})`,
    `protocol ${report.protocol} over ${report.transport}, ${report.checks.length} checks in ${report.durationMs} ms`,
    '',
  ];
  for (const check of report.checks) {
    out.push(`${MARK[check.status]}  ${check.level.padEnd(6)} ${check.id}`);
    if (check.status === 'pass') continue;
    out.push(indent(check.explanation, '        '));
    if (check.status === 'fail') {
      out.push('        sent:');
      out.push(indent(clip(check.sent, 12), '          '));
      out.push('        received:');
      out.push(indent(clip(check.received || '(nothing)', 12), '          '));
      out.push(`        spec: "${check.spec.quote}"`);
      out.push(`              ${check.spec.url}`);
      const path = `/chapters/${check.chapter.id}/#${check.chapter.anchor}`;
      out.push(
        `        course: ${check.chapter.title}, ${siteUrl ? `${siteUrl.replace(/\/+$/, '')}${path}` : `${path} on the course site`}`,
      );
    }
  }
  if (report.session) {
    const { lines, findings } = report.session;
    out.push('');
    out.push(`Across the session (the ${lines} lines of this run read as one log, as mcp-lab classify --jsonl does):`);
    if (findings.length === 0) out.push('        nothing found that spans lines.');
    for (const f of findings) {
      out.push(
        `${f.severity === 'error' ? 'FAIL' : 'warn'}  ${f.id}, line ${f.line}${f.related ? ` (see line ${f.related})` : ''}`,
      );
      out.push(indent(f.message, '        '));
      out.push(indent(clip(f.text, 4), '          '));
      out.push(`        spec: ${f.spec}`);
    }
  }
  const { must, should, may } = report.score;
  out.push('');
  out.push(`MUST ${must.passed}/${must.of}  SHOULD ${should.passed}/${should.of}  MAY ${may.passed}/${may.of}`);
  out.push(
    must.passed === must.of
      ? 'Every MUST passed.'
      : `${must.of - must.passed} MUST check(s) failed: the server breaks a rule the spec makes binding.`,
  );
  return `${out.join('\n')}\n`;
}
