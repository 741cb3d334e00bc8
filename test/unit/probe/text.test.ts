/**
 * The text report as a learner who fails a check reads it: the failing check's block says what was sent, what came
 * back, the spec sentence with its link, and the chapter section with a link they can open; a passing check is one
 * line.
 */
import { describe, expect, it } from 'vitest';
import { buggyHttpHandler } from '../../../exercises/11-capstone-incident-desk/gallery/seed.ts';
import { bug as stringIdAsNumber } from '../../../exercises/11-capstone-incident-desk/gallery/string-id-as-number.ts';
import { formatProbeReport } from '../../../src/probe/text.ts';
import { probeHttp } from './harness.ts';

/** The lines of the block that starts at the check's own line, up to the next check's line. */
function blockOf(text: string, id: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^(pass|FAIL|not attempted) +\\S+ +${id}$`).test(l));
  const end = lines.findIndex((l, i) => i > start && /^(pass|FAIL|not attempted) /.test(l));
  return lines.slice(start, end === -1 ? undefined : end);
}

describe('the text report of a failed check', () => {
  it('says what was sent, what came back, the sentence and the chapter link', async () => {
    const report = await probeHttp(buggyHttpHandler(stringIdAsNumber), { protocol: '2025-11-25' });
    const text = formatProbeReport(report, 'https://course.example.org/');
    const block = blockOf(text, 'string-id-echoed').join('\n');
    expect(block).toMatch(/^FAIL {2}MUST {3}string-id-echoed\n/);
    // What was sent: the POST with the string id "7"; what came back: the id as the number 7.
    expect(block).toMatch(/sent:\n {10}POST http:\/\/127\.0\.0\.1:3000\/mcp\n/);
    expect(block).toContain('"id":"7"');
    expect(block).toMatch(/received:\n {10}HTTP 200/);
    expect(block).toMatch(/"id":7[,}]/);
    // 2025-11-25 basic, Responses: "Result responses MUST include the same ID as the request they correspond to."
    expect(block).toContain(
      'spec: "Result responses MUST include the same ID as the request they correspond to."\n              https://modelcontextprotocol.io/specification/2025-11-25/basic',
    );
    expect(block).toContain(
      'course: The three message shapes, https://course.example.org/chapters/message-shapes/#matching-answers-to-questions',
    );
  });

  it('names the chapter by its path on the course site when no site is given', async () => {
    const report = await probeHttp(buggyHttpHandler(stringIdAsNumber), { protocol: '2025-11-25' });
    expect(blockOf(formatProbeReport(report), 'string-id-echoed').join('\n')).toContain(
      'course: The three message shapes, /chapters/message-shapes/#matching-answers-to-questions on the course site',
    );
  });

  it('gives a passing check one line', async () => {
    const report = await probeHttp(buggyHttpHandler(stringIdAsNumber), { protocol: '2025-11-25' });
    expect(blockOf(formatProbeReport(report), 'number-id-echoed')).toEqual(['pass  MUST   number-id-echoed']);
  });

  it('marks a check it could not make with the words of the JSON status, "not attempted"', async () => {
    const report = await probeHttp(buggyHttpHandler(stringIdAsNumber), { protocol: '2025-11-25' });
    const checks = report.checks.map((c) =>
      c.id === 'number-id-echoed' ? { ...c, status: 'not-attempted' as const } : c,
    );
    const text = formatProbeReport({ ...report, checks });
    expect(text.split('\n')).toContain('not attempted  MUST   number-id-echoed');
    expect(text).not.toMatch(/^skip /m);
  });
});
