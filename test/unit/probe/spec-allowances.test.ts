/**
 * Answers the spec allows that an earlier probe failed (a spec read of the capstone's checks found both):
 * - 2025-06-18 and 2025-11-25 transports: "Servers that require a session ID SHOULD respond to requests without an
 *   Mcp-Session-Id header (other than initialization) with HTTP 400 Bad Request." Assigning a session id is a MAY
 *   ("A server using the Streamable HTTP transport MAY assign a session ID at initialization time"), so a server that
 *   mints one and still serves a request without it does not require it, and the SHOULD does not bind it.
 * - 2026-07-28 transports/streamable-http.mdx, Server Validation: "When rejecting a request due to header validation
 *   failure, servers MUST return HTTP status 400 Bad Request and MUST include a JSON-RPC error response using the
 *   following error code: -32020", one such failure being "A required standard header (MCP-Protocol-Version,
 *   Mcp-Method, Mcp-Name) is missing." A tools/call with no tool name has no Mcp-Name to send, so 400 with -32020
 *   answers the invalid-params check as well as -32602 does.
 */
import { describe, expect, it } from 'vitest';
import { plainHttpHandler } from '../../../exercises/11-capstone-incident-desk/gallery/plain-sdk.ts';
import { probeHttp } from './harness.ts';

const statusOf = (report: Awaited<ReturnType<typeof probeHttp>>, id: string) =>
  report.checks.find((c) => c.id === id)?.status;

describe('checks that the spec text lets a server pass', () => {
  it('a server that mints a session id but does not require it passes http-session-id', async () => {
    const sdk = plainHttpHandler();
    const report = await probeHttp(
      async (request) => {
        const body = request.method === 'POST' ? await request.clone().text() : '';
        const response = await sdk(request);
        if (!body.includes('"initialize"')) return response;
        const headers = new Headers(response.headers);
        headers.set('mcp-session-id', 'lab-session-1');
        return new Response(response.body, { status: response.status, headers });
      },
      { protocol: '2025-11-25' },
    );
    expect(statusOf(report, 'http-session-id')).toBe('pass');
  });

  it('400 with -32020 for a 2026-07-28 tools/call without a tool name passes invalid-params', async () => {
    const sdk = plainHttpHandler();
    const report = await probeHttp(
      async (request) => {
        if (request.method === 'POST') {
          const message = JSON.parse(await request.clone().text()) as {
            id?: unknown;
            method?: unknown;
            params?: { name?: unknown };
          };
          if (message.method === 'tools/call' && typeof message.params?.name !== 'string')
            return Response.json(
              { jsonrpc: '2.0', id: message.id, error: { code: -32020, message: 'Missing Mcp-Name header' } },
              { status: 400 },
            );
        }
        return sdk(request);
      },
      { protocol: '2026-07-28' },
    );
    expect(statusOf(report, 'invalid-params')).toBe('pass');
  });
});
