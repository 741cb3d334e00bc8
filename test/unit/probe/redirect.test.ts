/**
 * `mcp-lab probe --url` contacts only the URL given (the capstone issue: "It spawns only what the user typed and
 * contacts only the URL given"): a server that answers with a redirect to another host is judged on that answer,
 * and the other host receives nothing, over real sockets with the global fetch.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ProbeReportSchema } from '../../../src/probe/report.ts';
import { runProbe } from '../../../src/probe/run.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((done) => {
          s.closeAllConnections();
          s.close(() => done());
        }),
    ),
  );
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

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
