/**
 * Where the spec lets a server choose, the probe must not fail either choice. Each expectation quotes the sentence
 * that allows it.
 */
import { describe, expect, it } from 'vitest';
import { buggyHttpHandler, isRecord } from '../../../exercises/11-capstone-incident-desk/gallery/seed.ts';
import { probeHttp } from './harness.ts';

describe('a notification the server cannot accept, over Streamable HTTP', () => {
  // 2025-11-25, basic/transports, "Sending Messages to the Server" (2025-06-18 says the same): "If the server
  // cannot accept the input, it MUST return an HTTP error status code (e.g., 400 Bad Request). The HTTP response
  // body MAY comprise a JSON-RPC error response that has no id." 2026-07-28, basic/transports/streamable-http:
  // "If the server cannot accept it, it MUST return an HTTP error status code (e.g., 400 Bad Request). The HTTP
  // response body MAY comprise a JSON-RPC error response that has no id."
  const refusing = buggyHttpHandler({
    http: (request, body) => {
      if (request.method !== 'POST') return undefined;
      let message: unknown;
      try {
        message = JSON.parse(body);
      } catch {
        return undefined;
      }
      if (isRecord(message) && message.method === 'notifications/lab_probe' && !('id' in message))
        return Response.json(
          { jsonrpc: '2.0', error: { code: -32601, message: 'Unknown notification' } },
          { status: 400 },
        );
      return undefined;
    },
  });

  for (const protocol of ['2025-06-18', '2025-11-25', '2026-07-28'] as const) {
    it(`${protocol}: a 400 with an error that has no id is a refusal the spec allows`, async () => {
      const report = await probeHttp(refusing, { protocol });
      const check = report.checks.find((c) => c.id === 'notification-no-response');
      expect(check?.status, check?.explanation).toBe('pass');
    });
  }
});

describe('a malformed tool argument under 2025-06-18', () => {
  // 2025-06-18, server/tools, "Error Handling": "Protocol Errors: Standard JSON-RPC errors for issues like: Unknown
  // tools, Invalid arguments, Server errors". Input validation moved into the result in 2025-11-25 (SEP-1303), whose
  // list reads "Malformed requests (requests that fail to satisfy CallToolRequest schema)" and puts "Input
  // validation errors" under tool execution errors.
  const invalidParams = buggyHttpHandler({
    rewriteOut: (m) =>
      isRecord(m) &&
      isRecord(m.result) &&
      m.result.isError === true &&
      JSON.stringify(m.result.content).includes('is not an incident id')
        ? { jsonrpc: '2.0', id: m.id, error: { code: -32602, message: 'Invalid arguments: incidentId' } }
        : undefined,
  });

  it('2025-06-18: -32602 for a malformed incident id is an answer that revision allows', async () => {
    const report = await probeHttp(invalidParams, { protocol: '2025-06-18' });
    const check = report.checks.find((c) => c.id === 'tool-error-is-result');
    expect(check?.status, check?.explanation).toBe('pass');
  });

  it('2025-11-25: the same -32602 is a tool failure reported on the wrong channel', async () => {
    const report = await probeHttp(invalidParams, { protocol: '2025-11-25' });
    expect(report.checks.find((c) => c.id === 'tool-error-is-result')?.status).toBe('fail');
  });
});
