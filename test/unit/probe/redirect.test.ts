/**
 * `mcp-lab probe --url` contacts only the URL given (the capstone issue: "It spawns only what the user typed and
 * contacts only the URL given"): a server that answers with a redirect to another host is judged on that answer,
 * and the other host receives nothing, over real sockets with the global fetch.
 */
import { describe, expect, it } from 'vitest';
import { ProbeReportSchema } from '../../../src/probe/report.ts';
import { runProbe } from '../../../src/probe/run.ts';
import { useLocalServers } from '../../support/local-server.ts';

const serve = useLocalServers();

describe('mcp-lab probe --url and redirects', () => {
  it('follows no redirect to another host', async () => {
    const elsewhere: string[] = [];
    const other = await serve((req, res) => {
      elsewhere.push(`${req.method} ${req.url}`);
      res.writeHead(404).end();
    });
    const given = await serve((_req, res) => res.writeHead(307, { location: `${other}/mcp` }).end());
    const report = await runProbe(
      { transport: 'http', url: `${given}/mcp`, fetch: (request) => fetch(request) },
      { timeoutMs: 500 },
    );
    expect(ProbeReportSchema.safeParse(report).success).toBe(true);
    expect(elsewhere).toEqual([]);
    expect(report.score.must.passed).toBe(0);
  });
});
