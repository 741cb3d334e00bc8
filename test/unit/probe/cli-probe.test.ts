/**
 * `mcp-lab probe` as a user runs it: a real stdio server spawned from the command after `--`, the JSON report on
 * stdout, the exit status from the MUST checks, and one-line usage errors.
 */
import { describe, expect, it } from 'vitest';
import { ProbeReportSchema } from '../../../src/probe/report.ts';
import { runCli } from '../../support/run-cli.ts';

const NODE = process.execPath.includes('node_modules') ? process.execPath : 'node_modules/.bin/node';
const SOLUTION = 'exercises/11-capstone-incident-desk/incident-desk.solution.ts';
const GALLERY = 'exercises/11-capstone-incident-desk/gallery';

describe('mcp-lab probe', () => {
  it('probes the worked solution over stdio: a valid JSON report, exit 0', async () => {
    const r = await runCli(['probe', '--format', 'json', '--', NODE, SOLUTION]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = ProbeReportSchema.parse(JSON.parse(r.stdout));
    expect(report).toMatchObject({ transport: 'stdio', protocol: '2026-07-28', server: { name: 'incident-desk' } });
    expect(report.server.command).toBe(`${NODE} ${SOLUTION}`);
  });

  it('exits 1 when a MUST check fails, and the text names the check, the sentence and the chapter', async () => {
    const r = await runCli(['probe', '--protocol', '2025-11-25', '--', NODE, `${GALLERY}/string-id-as-number.ts`]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAIL {2}MUST {3}string-id-echoed$/m);
    expect(r.stdout).toContain('spec: "Result responses MUST include the same ID as the request they correspond to."');
    expect(r.stdout).toContain('/chapters/message-shapes/#matching-answers-to-questions');
  });

  it('says in one line what is wrong with the flags, exit 2', async () => {
    expect(await runCli(['probe'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/no server/) as unknown });
    expect(await runCli(['probe', '--protocol', '2024-11-05', '--', 'x'])).toMatchObject({ code: 2 });
    expect(await runCli(['probe', '--url', 'ftp://x', '--protocol', '2025-11-25'])).toMatchObject({ code: 2 });
    expect(await runCli(['probe', '--site', 'not a url', '--', 'x'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--site \(or SITE_URL\) is an http: or https: address/) as unknown,
    });
    const missing = await runCli(['probe', '--', 'no-such-command-mcp-lab']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/could not start "no-such-command-mcp-lab"/);
  });
});
