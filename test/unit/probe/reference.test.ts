/**
 * The worked solution is the probe's reference server: on both transports and in each era it passes every check
 * the probe attempts. The one check it cannot be tested for (-32021: no tool of the brief needs a client
 * capability) is reported as not attempted, never as a failure.
 */
import type { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  createDeskState,
  createIncidentDesk,
  createIncidentDeskHandler,
} from '../../../exercises/11-capstone-incident-desk/incident-desk.solution.ts';
import { serveDeskStdio } from '../../../exercises/11-capstone-incident-desk/stdio-lines.ts';
import { ProbeReportSchema } from '../../../src/probe/report.ts';
import { probeHttp, probeStdio } from './harness.ts';

const stdioDesk = async (input: PassThrough, output: PassThrough) => {
  const state = createDeskState();
  return serveDeskStdio(() => createIncidentDesk(state), input, output);
};

const failures = (report: { checks: { id: string; status: string }[] }) =>
  report.checks.filter((c) => c.status === 'fail').map((c) => c.id);

describe('the incident desk (worked solution) under the probe', () => {
  for (const protocol of ['2026-07-28', '2025-11-25', '2025-06-18'] as const) {
    it(`passes every check over stdio, ${protocol}`, async () => {
      const report = await probeStdio(stdioDesk, { protocol });
      expect(ProbeReportSchema.safeParse(report).success).toBe(true);
      expect(report.protocol).toBe(protocol);
      expect(failures(report)).toEqual([]);
      expect(report.score.must.passed).toBe(report.score.must.of);
    });

    it(`passes every check over Streamable HTTP, ${protocol}`, async () => {
      const report = await probeHttp(createIncidentDeskHandler().fetch, { protocol });
      expect(ProbeReportSchema.safeParse(report).success).toBe(true);
      expect(failures(report)).toEqual([]);
    });
  }

  it('is detected as 2026-07-28 through server/discover when no protocol is given', async () => {
    expect((await probeStdio(stdioDesk)).protocol).toBe('2026-07-28');
    expect((await probeHttp(createIncidentDeskHandler().fetch)).protocol).toBe('2026-07-28');
  });

  it('reports the check it cannot make as not attempted, and names the server', async () => {
    const report = await probeHttp(createIncidentDeskHandler().fetch);
    expect(report.checks.find((c) => c.id === 'missing-capability')?.status).toBe('not-attempted');
    expect(report.server).toMatchObject({ name: 'incident-desk', version: '1.0.0' });
  });

  it('says, for the checks whose level is not a keyword, that the spec gives a list and an example', async () => {
    const report = await probeHttp(createIncidentDeskHandler().fetch);
    const said = (id: string) => report.checks.find((c) => c.id === id)?.explanation;
    for (const id of ['unknown-tool', 'tool-args-not-object', 'invalid-params'])
      expect(said(id), id).toMatch(/the spec states this rule as a list and an example, not a keyword/);
    expect(said('parse-error')).not.toMatch(/list and an example/);
  });
});
