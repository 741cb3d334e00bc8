/**
 * The levels the spec text gives, where a check's sentence binds the sender, where the level moves with the
 * revision, and what a stdio server owes for a line that is not a message. Each expectation quotes its sentence.
 */
import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { createInterface } from 'node:readline';
import { buggyHttpHandler } from '../../../exercises/11-capstone-incident-desk/gallery/seed.ts';
import { servePlainStdio } from '../../../exercises/11-capstone-incident-desk/gallery/plain-sdk.ts';
import { bug as get200 } from '../../../exercises/11-capstone-incident-desk/gallery/get-200-and-old-versions.ts';
import {
  createDeskState,
  createIncidentDesk,
  createIncidentDeskHandler,
} from '../../../exercises/11-capstone-incident-desk/incident-desk.solution.ts';
import { serveDeskStdio } from '../../../exercises/11-capstone-incident-desk/stdio-lines.ts';
import type { ProbeReport } from '../../../src/probe/report.ts';
import { officialSchema } from '../../support/oracles/spec-snapshot.ts';
import { schemaEnvelope } from '../../support/oracles/json-schema-oracle.ts';
import { probeHttp, probeStdio } from './harness.ts';

const check = (report: ProbeReport, id: string) => report.checks.find((c) => c.id === id);

describe('a sentence that binds the sender is not a MUST for the receiver', () => {
  // basic (2025-06-18, 2025-11-25, 2026-07-28), Requests: "Unlike base JSON-RPC, the ID MUST NOT be null." It is a
  // rule for whoever writes a request; no sentence of MCP or JSON-RPC 2.0 says how a receiver answers one. Over
  // HTTP, "The body of the POST request MUST be a single JSON-RPC request, notification, or response." (2025-11-25
  // basic/transports, Sending Messages to the Server, step 3 of what the client does) binds the client alike.
  it('reports id-null and the HTTP batch as SHOULD, each saying why', async () => {
    const report = await probeHttp(createIncidentDeskHandler().fetch, { protocol: '2025-11-25' });
    for (const id of ['id-null', 'batch']) {
      expect(check(report, id)?.level, id).toBe('SHOULD');
      expect(check(report, id)?.explanation, id).toMatch(/binds the (sender|client)/);
    }
  });

  // 2025-11-25 basic/transports, stdio: "The server MUST NOT write anything to its stdout that is not a valid MCP
  // message." An array of results is the server's own output, and no revision since 2025-06-18 has batches.
  it('keeps the stdio batch a MUST: the sentence there binds the server', async () => {
    const state = createDeskState();
    const report = await probeStdio((i, o) => Promise.resolve(serveDeskStdio(() => createIncidentDesk(state), i, o)), {
      protocol: '2025-11-25',
    });
    expect(check(report, 'batch')?.level).toBe('MUST');
  });
});

describe('GET to the endpoint: the level follows the revision the run negotiated', () => {
  // 2025-11-25 basic/transports, Listening for Messages from the Server: "The server MUST either return
  // Content-Type: text/event-stream in response to this HTTP GET, or else return HTTP 405 Method Not Allowed".
  // 2026-07-28 basic/transports/streamable-http, Earlier Streamable HTTP Revisions: "A server that supports only this
  // revision and receives such traffic from an older client SHOULD respond as follows: … HTTP GET or DELETE to the
  // MCP endpoint: respond with 405 Method Not Allowed."
  it('2025-11-25: a 200 text/plain answer fails a MUST', async () => {
    const report = await probeHttp(buggyHttpHandler(get200), { protocol: '2025-11-25' });
    expect(check(report, 'http-get-405')).toMatchObject({ level: 'MUST', status: 'fail' });
    expect(report.score.must.passed).toBeLessThan(report.score.must.of);
  });

  it('2026-07-28: the same answer fails a SHOULD, and the report names the MUST 2025-11-25 owes', async () => {
    const report = await probeHttp(buggyHttpHandler(get200), { protocol: '2026-07-28' });
    const get = check(report, 'http-get-405');
    expect(get).toMatchObject({ level: 'SHOULD', status: 'fail' });
    expect(get?.explanation).toMatch(/also speaks 2025-11-25 owes that revision's MUST/);
  });

  it('the reference server answers 405 under every revision', async () => {
    for (const protocol of ['2025-06-18', '2025-11-25', '2026-07-28'] as const) {
      const report = await probeHttp(createIncidentDeskHandler().fetch, { protocol });
      expect(check(report, 'http-get-405')?.status, protocol).toBe('pass');
    }
  });
});

describe('a line that is not a message, on stdio', () => {
  // JSON-RPC 2.0 §5: "When a rpc call is made, the Server MUST reply with a Response, except for in the case of
  // Notifications." Its §7 examples answer "rpc call with invalid JSON" with -32700 and "rpc call with invalid
  // Request object" with -32600, both with "id": null. MCP (basic, every revision): "All messages between MCP clients
  // and servers MUST follow the JSON-RPC 2.0 specification." No sentence of the stdio transport lets a server drop it.
  it('the official SDK alone drops it: parse-error fails as a MUST, quoting JSON-RPC 2.0', async () => {
    const report = await probeStdio((i, o) => Promise.resolve(servePlainStdio(i, o)), { protocol: '2026-07-28' });
    const parse = check(report, 'parse-error');
    expect(parse).toMatchObject({ level: 'MUST', status: 'fail' });
    expect(parse?.explanation).toContain(
      'When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications.',
    );
  });

  // 2025-06-18 basic/transports, stdio: "The server MUST NOT write anything to its stdout that is not a valid MCP
  // message." The 2025-06-18 schema requires an id on every error (JSONRPCError: "required": ["error", "id",
  // "jsonrpc"]) and a RequestId is a string or an integer, so no valid MCP message of that revision answers a line
  // whose id could not be read: JSON-RPC 2.0's "id": null and MCP's stdout rule cannot both be kept, and the probe
  // must not fail either choice. Where the id was readable (43) a valid -32600 exists, and silence still fails.
  it('2025-06-18: silence for a line with no readable id is not a failure; with a readable id it is', async () => {
    const defs = officialSchema('2025-06-18').definitions as Record<string, { required?: string[]; type?: string[] }>;
    expect(defs.JSONRPCError?.required).toContain('id');
    expect(defs.RequestId?.type).toEqual(['string', 'integer']);
    const report = await probeStdio((i, o) => Promise.resolve(servePlainStdio(i, o)), { protocol: '2025-06-18' });
    for (const id of ['parse-error', 'not-an-object', 'id-null']) {
      expect(check(report, id)?.status, id).toBe('pass');
      expect(check(report, id)?.explanation, id).toContain(
        'The server MUST NOT write anything to its stdout that is not a valid MCP message.',
      );
    }
    expect(check(report, 'method-not-a-string')?.status).toBe('fail');
  });

  // 2025-11-25 and 2026-07-28 basic, Error Responses: "Error responses MUST include the same ID as the request they
  // correspond to (except in error cases where the ID could not be read due a malformed request)." Their schemas make
  // JSONRPCErrorResponse.id optional and a RequestId a string or an integer, so "id": null is no valid MCP message,
  // and each revision's stdio transport says "The server MUST NOT write anything to its stdout that is not a valid
  // MCP message." The unreadable id is left out; a readable one (43) is echoed.
  it('the reference desk answers -32700 and -32600 with the id left out, and a readable id where there is one', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const handle = serveDeskStdio(() => createIncidentDesk(createDeskState()), input, output);
    const lines = createInterface({ input: output });
    const replies: unknown[] = [];
    lines.on('line', (line) => replies.push(JSON.parse(line)));
    input.write('{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]\n');
    input.write('"tools/list"\n');
    input.write('{"jsonrpc":"2.0","id":43,"method":43}\n');
    input.write('{"jsonrpc":"2.0","id":null,"method":"tools/list"}\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    lines.close();
    await handle.close();
    expect(replies).toEqual([
      { jsonrpc: '2.0', error: { code: -32700, message: expect.any(String) } },
      { jsonrpc: '2.0', error: { code: -32600, message: expect.any(String) } },
      { jsonrpc: '2.0', id: 43, error: { code: -32600, message: expect.any(String) } },
      { jsonrpc: '2.0', error: { code: -32600, message: expect.any(String) } },
    ]);
    for (const version of ['2025-11-25', '2026-07-28'] as const)
      for (const reply of replies) expect(schemaEnvelope(version, reply), version).toBe('error');
  });
});
