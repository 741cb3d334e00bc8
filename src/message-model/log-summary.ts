/**
 * What a session comes to at the end of the log: every request is owed exactly one response (JSON-RPC 2.0 §5,
 * "When a rpc call is made, the Server MUST reply with a Response"), except a request cancelled before it was
 * answered and a `subscriptions/listen` stream that is still open (it "stays open and delivers notifications until
 * the client cancels it", spec 2026-07-28 basic/patterns/subscriptions.mdx).
 */
import type { LogAnalysis } from './log.ts';
import type { ProtocolDetection, Session } from './log-session.ts';
import { jsonRpcRef } from './protocols.ts';

/** Reports what is still owed and returns the analysis without its entries. */
export function summarize(s: Session, detection: ProtocolDetection): Omit<LogAnalysis, 'entries'> {
  for (const p of s.pending()) {
    if (p.method === 'subscriptions/listen') {
      s.counts.open += 1;
      if (p.exchange) p.exchange.outcome = 'open';
      continue;
    }
    s.counts.unanswered += 1;
    s.report(
      'request-unanswered',
      'warning',
      p.line,
      undefined,
      `The ${p.method} request with id ${JSON.stringify(p.id)} got no response in the log: a request is owed exactly one (unless the log ends early).`,
      jsonRpcRef('5'),
    );
  }
  for (const line of s.unreadable) {
    s.report(
      'request-unanswered',
      'warning',
      line,
      undefined,
      'This line is owed an error whose id could not be read (a parse error or an invalid request), and no such error follows in the log.',
      jsonRpcRef('5'),
    );
  }
  s.issues.sort((a, b) => a.line - b.line || (a.related ?? 0) - (b.related ?? 0));
  return {
    kind: 'log-analysis',
    protocol: detection.protocol,
    detection,
    exchanges: s.exchanges,
    issues: s.issues,
    issueCounts: s.issueCounts,
    counts: s.counts,
  };
}

/** The session in one sentence, as the CLI's summary and the Playground's headline both word it. */
export function describeSession(a: Pick<LogAnalysis, 'counts' | 'issueCounts' | 'detection'>): string {
  const c = a.counts;
  const n = (k: number, one: string, many = `${one}s`) => `${k.toLocaleString('en')} ${k === 1 ? one : many}`;
  const orphans = a.issueCounts['response-without-request'] ?? 0;
  const parts = [
    `${n(c.answered, 'request')} answered`,
    `${c.unanswered.toLocaleString('en')} unanswered`,
    `${n(orphans, 'response')} to no request`,
  ];
  if (c.cancelled > 0) parts.push(`${c.cancelled.toLocaleString('en')} cancelled (no response owed)`);
  if (c.open > 0) parts.push(`${n(c.open, 'subscription stream')} still open`);
  const d = a.detection;
  const version =
    d.source === 'given'
      ? `${d.protocol} (chosen)`
      : d.line !== undefined
        ? `${d.protocol}, decided by line ${d.line}`
        : `${d.protocol} (no line names a version)`;
  return `${version}: ${parts.join(', ')}.`;
}
