/**
 * The unsupported-version check judges the -32022 error's data by the revision's JSON Schema. MCP 2026-07-28
 * schema, UnsupportedProtocolVersionError: `error.data` has `requested` (a string) and `supported` (an array of
 * strings), and `"required": ["requested", "supported"]` (test/data/spec/schema/2026-07-28.schema.json). A server
 * that leaves either out answers with the right code and still fails the check.
 */
import { describe, expect, it } from 'vitest';
import {
  buggyHttpHandler,
  isRecord,
  serveBuggyStdio,
} from '../../../exercises/11-capstone-incident-desk/gallery/seed.ts';
import { officialSchema } from '../../support/oracles/spec-snapshot.ts';
import { probeHttp, probeStdio } from './harness.ts';

/** The desk, with one member taken out of the data of every -32022 error it sends. */
const without = (member: 'requested' | 'supported') => ({
  rewriteOut: (m: unknown) => {
    if (!isRecord(m) || !isRecord(m.error) || m.error.code !== -32022 || !isRecord(m.error.data)) return undefined;
    const { [member]: _left, ...data } = m.error.data;
    return { ...m, error: { ...m.error, data } };
  },
});

describe('the -32022 error names the requested version and the supported ones', () => {
  it('reads the required members from the schema, not from the probe', () => {
    const defs = officialSchema('2026-07-28').$defs as Record<string, unknown>;
    expect(JSON.stringify(defs.UnsupportedProtocolVersionError)).toContain('"required":["requested","supported"]');
  });

  for (const member of ['requested', 'supported'] as const) {
    it(`fails a server whose error has no data.${member}, over Streamable HTTP`, async () => {
      const report = await probeHttp(buggyHttpHandler(without(member)), { protocol: '2026-07-28' });
      const check = report.checks.find((c) => c.id === 'unsupported-version');
      expect(check?.status, check?.explanation).toBe('fail');
      expect(check?.explanation).toContain(`data.${member}`);
    });

    it(`fails a server whose error has no data.${member}, over stdio`, async () => {
      const report = await probeStdio((input, output) => serveBuggyStdio(without(member), input, output), {
        protocol: '2026-07-28',
      });
      const check = report.checks.find((c) => c.id === 'unsupported-version');
      expect(check?.status, check?.explanation).toBe('fail');
      expect(check?.explanation).toContain(`data.${member}`);
    });
  }

  it('passes the worked desk, whose error carries both', async () => {
    const report = await probeHttp(buggyHttpHandler({}), { protocol: '2026-07-28' });
    const check = report.checks.find((c) => c.id === 'unsupported-version');
    expect(check?.status, check?.explanation).toBe('pass');
  });
});
