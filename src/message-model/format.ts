import type { Classification } from './classify.ts';
import { describeReply } from './compare.ts';

/** A readable multi-line report of a classification: kind, reply owed, explanation and findings with their spec. */
export function formatClassification(c: Classification, indent = ''): string {
  const lines: string[] = [];
  const head: string[] = [`${indent}kind: ${c.kind}`];
  if (c.kind === 'request') head.push(`method: ${c.method}`, `id: ${JSON.stringify(c.id)}`);
  if (c.kind === 'notification') head.push(`method: ${c.method}`);
  if (c.kind === 'result') {
    head.push(
      `id: ${JSON.stringify(c.id)}`,
      `resultType: ${c.resultType}${c.resultTypeSource === 'absent' ? ' (absent)' : ''}`,
    );
    if (c.toolOutcome) head.push(`toolOutcome: ${c.toolOutcome}`);
  }
  if (c.kind === 'error') head.push(`code: ${c.code} (${c.codeClass}${c.codeName ? `, ${c.codeName}` : ''})`);
  if (c.kind === 'parse-error') head.push(`at line ${c.position.line}, column ${c.position.column}`);
  lines.push(head.join('  '));
  lines.push(`${indent}reply: ${describeReply(c.reply, c.protocol)}`);
  lines.push(`${indent}${c.explanation}`);
  for (const f of c.findings) {
    lines.push(`${indent}  ${f.severity.padEnd(7)} ${f.id} at ${f.path === '' ? '(message)' : f.path}: ${f.message}`);
    lines.push(`${indent}          ${f.spec.section} <${f.spec.url}>`);
  }
  if (c.kind === 'batch') {
    c.items.forEach((item, i) => {
      lines.push(`${indent}  [${i}]`);
      lines.push(formatClassification(item, `${indent}    `));
    });
  }
  return lines.join('\n');
}
