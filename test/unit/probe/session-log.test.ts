/**
 * On stdio the probe's whole run is a session log, and the model's session analyser (the one `mcp-lab classify
 * --jsonl` uses) judges it: the report carries what it finds against the server across lines, beyond any single
 * exchange the checks judge.
 */
import { describe, expect, it } from 'vitest';
import { serveBuggyStdio } from '../../../exercises/11-capstone-incident-desk/gallery/seed.ts';
import { bug as notificationErrorBody } from '../../../exercises/11-capstone-incident-desk/gallery/notification-error-body.ts';
import {
  createDeskState,
  createIncidentDesk,
  createIncidentDeskHandler,
} from '../../../exercises/11-capstone-incident-desk/incident-desk.solution.ts';
import { serveDeskStdio } from '../../../exercises/11-capstone-incident-desk/stdio-lines.ts';
import { ProbeReportSchema } from '../../../src/probe/report.ts';
import { formatProbeReport } from '../../../src/probe/text.ts';
import { probeHttp, probeStdio } from './harness.ts';

const desk = (input: Parameters<typeof serveDeskStdio>[1], output: Parameters<typeof serveDeskStdio>[2]) =>
  Promise.resolve(serveDeskStdio(() => createIncidentDesk(createDeskState()), input, output));

describe('the stdio run read as one session log', () => {
  for (const protocol of ['2026-07-28', '2025-11-25', '2025-06-18'] as const) {
    it(`${protocol}: the reference desk's run has nothing against the server`, async () => {
      const report = await probeStdio(desk, { protocol });
      expect(ProbeReportSchema.safeParse(report).success).toBe(true);
      // Every line the probe wrote and every line the desk wrote: at least one per check, and the opening.
      expect(report.session?.lines).toBeGreaterThan(report.checks.length);
      expect(report.session?.findings).toEqual([]);
    });
  }

  // 2026-07-28 basic, Notifications: "The receiver MUST NOT send a response." The analyser sees the error line
  // follow the notification, a rule that spans two lines.
  it('finds the answer to a notification on the gallery server that sends one, with the line it follows', async () => {
    const report = await probeStdio((i, o) => serveBuggyStdio(notificationErrorBody, i, o), { protocol: '2026-07-28' });
    expect(ProbeReportSchema.safeParse(report).success).toBe(true);
    const findings = report.session?.findings ?? [];
    expect(findings.map((f) => f.id)).toEqual(['notification-answered']);
    expect(findings[0]).toMatchObject({ severity: 'error', related: findings[0]!.line - 1 });
    expect(findings[0]!.text).toMatch(/"error"/);
    const text = formatProbeReport(report);
    expect(text).toMatch(/Across the session/);
    expect(text).toMatch(/FAIL {2}notification-answered, line \d+ \(see line \d+\)/);
  });

  it('is stdio only: an HTTP report has no session member', async () => {
    const report = await probeHttp(createIncidentDeskHandler().fetch);
    expect(report.session).toBeUndefined();
  });
});
