/**
 * classifyHttpExchange and readHar (src/message-model/http.ts). Every expected value is written from the spec text
 * quoted in the test (2026-07-28 basic/transports/streamable-http.mdx unless named), never from the classifier's
 * output; statuses MCP does not pin are checked to be labelled as such (RFC 9110 or the official SDK's choice).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyHttpExchange,
  decodeHeaderValue,
  HTTP_FINDING_IDS,
  readHar,
  readHttpText,
  type HttpClassifyResult,
  type HttpExchange,
  type HttpExchangeClassification,
} from '#message-model';
import { checkSpecUrl } from '../../support/oracles/spec-snapshot.ts';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const ACCEPT = 'application/json, text/event-stream';
const JSON_TYPE = { 'Content-Type': 'application/json' };

function post(body: unknown, headers: Record<string, string> = {}): HttpExchange['request'] {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: ACCEPT, 'MCP-Protocol-Version': '2026-07-28', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}
const toolsCall = (id: number, name = 'get_incident') => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: { incidentId: 'INC-1234' }, _meta: META },
});
const callHeaders = { 'Mcp-Method': 'tools/call', 'Mcp-Name': 'get_incident' };
const result = (id: number) =>
  JSON.stringify({ jsonrpc: '2.0', id, result: { resultType: 'complete', content: [{ type: 'text', text: 'ok' }] } });
const error = (id: number | undefined, code: number, message: string, data?: unknown) =>
  JSON.stringify({
    jsonrpc: '2.0',
    ...(id === undefined ? {} : { id }),
    error: { code, message, ...(data === undefined ? {} : { data }) },
  });
const cancelled = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 4 } };

function exchange(input: unknown, protocol?: '2025-11-25' | '2025-06-18'): HttpExchangeClassification {
  const r: HttpClassifyResult = classifyHttpExchange(input, protocol ? { protocol } : {});
  if (r.kind !== 'exchange') throw new Error(`expected an exchange, got bad-input: ${r.message}`);
  return r;
}
const ids = (c: HttpExchangeClassification, severity?: 'error' | 'warning' | 'info') =>
  c.findings.filter((f) => !severity || f.severity === severity).map((f) => f.id);

describe('classifyHttpExchange under 2026-07-28', () => {
  it('passes a tools/call answered 200 with its result, both layers agreeing', () => {
    // §Sending Messages: "If the body is a JSON-RPC request, the server MUST return either Content-Type: application/json (a single JSON object) or Content-Type: text/event-stream".
    const c = exchange({
      request: post(toolsCall(7), callHeaders),
      response: { status: 200, headers: JSON_TYPE, body: result(7) },
    });
    expect(ids(c, 'error')).toEqual([]);
    expect(ids(c, 'warning')).toEqual([]);
    expect(c.agree).toBe(true);
    expect(c.http.outcome).toBe('success');
    expect(c.jsonrpc.outcome).toBe('success');
  });

  it('wants 404 with -32601 for a method the server does not implement, and flags 200', () => {
    // §Protocol Version Header: "If the server does not implement the requested RPC method, it MUST respond with 404 Not Found and a JSON-RPC error with code -32601".
    const request = post(
      { jsonrpc: '2.0', id: 9, method: 'incidents/escalate', params: { _meta: META } },
      { 'Mcp-Method': 'incidents/escalate' },
    );
    const ok = exchange({
      request,
      response: { status: 404, headers: JSON_TYPE, body: error(9, -32601, 'Method not found') },
    });
    expect(ids(ok, 'error')).toEqual([]);
    expect(ok.expected).toMatchObject({ status: 404, strength: 'must' });
    expect(ok.agree).toBe(true);
    const wrong = exchange({
      request,
      response: { status: 200, headers: JSON_TYPE, body: error(9, -32601, 'Method not found') },
    });
    expect(ids(wrong, 'error')).toEqual(['http-status-not-required']);
    expect(wrong.agree).toBe(false);
    expect(wrong.findings[0]?.location).toEqual({ part: 'response', field: 'status' });
  });

  it("warns when 200 carries -32600 and labels 400 as the SDK's choice, not the spec's", () => {
    // No 2026-07-28 sentence pins a status for -32600; the SDK maps it to 400 (LADDER_ERROR_HTTP_STATUS).
    const c = exchange({
      request: post('{"jsonrpc":"2.0","id":3,"method":7}'),
      response: { status: 200, headers: JSON_TYPE, body: error(3, -32600, 'Invalid Request') },
    });
    expect(ids(c)).toContain('http-status-hides-error');
    expect(ids(c, 'error')).toEqual([]);
    expect(c.expected).toMatchObject({ status: 400, strength: 'sdk' });
    expect(c.agree).toBe(false);
  });

  it('wants 202 with no body for a notification, and flags a body', () => {
    // §Sending Messages: "If the server accepts it, the server MUST return HTTP status code 202 Accepted with no body."
    const good = exchange({ request: post(cancelled), response: { status: 202 } });
    expect(ids(good, 'error')).toEqual([]);
    expect(good.expected).toMatchObject({ status: 202, strength: 'must' });
    expect(good.http.outcome).toBe('accepted');
    const withBody = exchange({ request: post(cancelled), response: { status: 202, headers: JSON_TYPE, body: '{}' } });
    expect(ids(withBody, 'error')).toEqual(['http-accepted-with-body']);
    expect(withBody.findings[0]?.location).toEqual({ part: 'response', field: 'body' });
  });

  it('flags a notification answered with 200 and a JSON-RPC response', () => {
    // basic/index.mdx §Notifications: "The receiver MUST NOT send a response."; §Sending Messages: 202 with no body.
    const c = exchange({ request: post(cancelled), response: { status: 200, headers: JSON_TYPE, body: result(4) } });
    expect(ids(c, 'error')).toEqual(['http-notification-answered']);
  });

  it('accepts an HTTP error status for a notification the server cannot accept', () => {
    // §Sending Messages: "If the server cannot accept it, it MUST return an HTTP error status code (e.g., 400 Bad Request). The HTTP response body MAY comprise a JSON-RPC error response that has no id."
    const c = exchange({
      request: post(cancelled),
      response: { status: 400, headers: JSON_TYPE, body: error(undefined, -32602, 'Invalid params') },
    });
    expect(ids(c, 'error')).toEqual([]);
    expect(c.agree).toBe(true);
  });

  it('flags 202 for a request', () => {
    // §Sending Messages: a request MUST get application/json or text/event-stream.
    const c = exchange({ request: post(toolsCall(7), callHeaders), response: { status: 202 } });
    expect(ids(c, 'error')).toEqual(['http-accepted-for-request']);
  });

  it('flags a 200 answer whose Content-Type is neither JSON nor an event stream', () => {
    const c = exchange({
      request: post(toolsCall(7), callHeaders),
      response: { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<p>ok</p>' },
    });
    expect(ids(c, 'error')).toEqual(['http-content-type-invalid']);
    expect(c.findings[0]?.location).toEqual({ part: 'response', field: 'header', header: 'Content-Type' });
  });

  it("flags a response body whose id is not the request's, at /id", () => {
    // basic/index.mdx §Result Responses: "Result responses MUST include the same ID as the request they correspond to."
    const c = exchange({
      request: post(toolsCall(7), callHeaders),
      response: { status: 200, headers: JSON_TYPE, body: result(8) },
    });
    expect(ids(c, 'error')).toEqual(['http-response-not-for-request']);
    expect(c.findings[0]?.location.pointer).toBe('/id');
  });

  it('wants 400 with -32020 when Mcp-Name disagrees with params.name, naming the header', () => {
    // §Server Validation: "servers MUST return HTTP status 400 Bad Request and MUST include a JSON-RPC error response" with -32020 HeaderMismatch.
    const request = post(toolsCall(7), { 'Mcp-Method': 'tools/call', 'Mcp-Name': 'get_weather' });
    const good = exchange({
      request,
      response: { status: 400, headers: JSON_TYPE, body: error(7, -32020, 'Header mismatch') },
    });
    expect(ids(good, 'error')).toEqual(['http-name-header-mismatch']);
    expect(good.findings.find((f) => f.id === 'http-name-header-mismatch')?.location).toEqual({
      part: 'request',
      field: 'header',
      header: 'Mcp-Name',
    });
    expect(good.expected).toMatchObject({ status: 400, strength: 'must' });
    const served = exchange({ request, response: { status: 200, headers: JSON_TYPE, body: result(7) } });
    // §Server Behavior for Custom Headers: "Servers MUST reject requests with a 400 Bad Request HTTP status and JSON-RPC
    // error code -32020 (HeaderMismatch) if any validation fails": the request was owed -32020, and got a result.
    expect(ids(served, 'error').sort()).toEqual([
      'http-name-header-mismatch',
      'http-result-for-rejected-request',
      'http-success-for-rejected-request',
    ]);
    expect(served.owed).toEqual({ send: 'error', code: -32020, id: 7 });
    expect(served.brokenBy).toBe('both');
  });

  it('requires MCP-Protocol-Version and Mcp-Method on every request', () => {
    // §Protocol Version Header: "Every POST request to the MCP endpoint MUST include an MCP-Protocol-Version header."
    // §Standard Request Headers: Mcp-Method is required for "All requests".
    const c = exchange({
      request: {
        method: 'POST',
        headers: { Accept: ACCEPT, 'Mcp-Name': 'get_incident' },
        body: JSON.stringify(toolsCall(7)),
      },
      response: { status: 400, headers: JSON_TYPE, body: error(7, -32020, 'Header mismatch') },
    });
    expect(ids(c, 'error').sort()).toEqual(['http-method-header-missing', 'http-protocol-version-header-missing']);
  });

  it("compares the header version with the body's _meta version", () => {
    // §Protocol Version Header: "The header value MUST match the io.modelcontextprotocol/protocolVersion field carried in the request body's _meta."
    const c = exchange({
      request: post(toolsCall(7), { ...callHeaders, 'MCP-Protocol-Version': '2026-07-28 ' }),
      response: { status: 200, headers: JSON_TYPE, body: result(7) },
    });
    expect(ids(c, 'error')).toEqual([]);
    const body = {
      ...toolsCall(7),
      params: { ...toolsCall(7).params, _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } },
    };
    const m = exchange({
      request: post(body, callHeaders),
      response: { status: 400, headers: JSON_TYPE, body: error(7, -32020, 'Header mismatch') },
    });
    expect(ids(m, 'error')).toContain('http-protocol-version-header-mismatch');
  });

  it('decodes a base64 Mcp-Name before comparing it', () => {
    // §Value Encoding: "servers MUST decode an encoded Mcp-Name or Mcp-Param-{Name} value before comparing it to the corresponding request body value".
    const name = 'résumé';
    const encoded = `=?base64?${btoa(String.fromCharCode(...new TextEncoder().encode(name)))}?=`;
    const c = exchange({
      request: post(toolsCall(7, name), { 'Mcp-Method': 'tools/call', 'Mcp-Name': encoded }),
      response: { status: 200, headers: JSON_TYPE, body: result(7) },
    });
    expect(ids(c, 'error')).toEqual([]);
    expect(decodeHeaderValue('=?base64?***?=')).toEqual({ ok: false });
  });

  it('wants 400 for -32022 and for -32021', () => {
    // §Protocol Version Header: unsupported version "MUST respond with 400 Bad Request and an UnsupportedProtocolVersionError".
    // basic/index.mdx §_meta: MissingRequiredClientCapabilityError; "On HTTP, the response status MUST be 400 Bad Request."
    const request = post(toolsCall(7), callHeaders);
    const v = exchange({
      request,
      response: {
        status: 200,
        headers: JSON_TYPE,
        body: error(7, -32022, 'Unsupported protocol version', { supported: ['2026-07-28'], requested: '2026-07-28' }),
      },
    });
    expect(ids(v, 'error')).toEqual(['http-status-not-required']);
    expect(v.expected).toMatchObject({ status: 400, strength: 'must' });
    const cap = exchange({
      request,
      response: {
        status: 400,
        headers: JSON_TYPE,
        body: error(7, -32021, 'Missing capability', { requiredCapabilities: { elicitation: {} } }),
      },
    });
    expect(ids(cap, 'error')).toEqual([]);
    expect(ids(cap, 'info')).toContain('http-modern-error-recognized');
  });

  it('wants 400 for a request missing its _meta envelope', () => {
    // basic/index.mdx §_meta: "A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code -32602 (Invalid params). On HTTP, the response status MUST be 400 Bad Request."
    const bare = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    const c = exchange({
      request: post(bare, { 'Mcp-Method': 'tools/list' }),
      response: { status: 200, headers: JSON_TYPE, body: error(2, -32602, 'Missing _meta') },
    });
    expect(c.expected).toMatchObject({ status: 400, strength: 'must' });
    expect(ids(c, 'error')).toEqual(['http-status-not-required']);
  });

  it('flags a request on an SSE stream and a log message nobody asked for', () => {
    // §Receiving Messages: "The server MUST NOT send independent JSON-RPC requests on this stream."
    // logging.mdx §Per-request log level: "The server MUST NOT emit notifications/message for a request that does not include this field."
    const stream = [
      'data: {"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}',
      '',
      'data: {"jsonrpc":"2.0","id":"s-1","method":"elicitation/create","params":{"message":"Which?","requestedSchema":{"type":"object","properties":{}}}}',
      '',
      `data: ${result(7)}`,
      '',
    ].join('\n');
    const c = exchange({
      request: post(toolsCall(7), callHeaders),
      response: { status: 200, headers: { 'Content-Type': 'text/event-stream' }, body: stream },
    });
    expect(ids(c, 'error').sort()).toEqual(['http-stream-carries-request', 'http-stream-unrelated-notification']);
    expect(c.findings.find((f) => f.id === 'http-stream-carries-request')?.location.event).toBe(1);
  });

  it("accepts progress for the request's own token before the response, and reads SSE comments as nothing", () => {
    // §Receiving Messages: notifications on the stream "MUST relate to the originating client request"; SSE comment lines carry no data.
    const call = toolsCall(7);
    const request = post(
      { ...call, params: { ...call.params, _meta: { ...META, progressToken: 'pt-7' } } },
      callHeaders,
    );
    const stream = `:\r\n\r\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"pt-7","progress":1}}\r\n\r\ndata: ${result(7)}\r\n\r\n`;
    const c = exchange({
      request,
      response: { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' }, body: stream },
    });
    expect(ids(c, 'error')).toEqual([]);
    expect(c.response.messages.map((m) => m.kind)).toEqual(['notification', 'result']);
    expect(c.jsonrpc.says).toMatch(/^1 notification, then a result/);
  });

  it('tells a stream that ends without a response from a finished one', () => {
    // §Receiving Messages: "The final JSON-RPC response SHOULD terminate the stream." A stream without it breaks that
    // SHOULD, not a MUST: a warning against the server.
    const c = exchange({
      request: post(toolsCall(7), callHeaders),
      response: {
        status: 200,
        headers: { 'Content-Type': 'text/event-stream' },
        body: 'data: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"x","progress":1}}\n\n',
      },
    });
    expect(ids(c, 'warning')).toContain('http-stream-without-response');
  });

  it('notes a result that comes with an error status, a contradiction no MCP sentence forbids', () => {
    // No MCP revision pins the status of a result; the layers contradict each other, which the exchange notes.
    const c = exchange({
      request: post(toolsCall(7), callHeaders),
      response: { status: 500, headers: JSON_TYPE, body: result(7) },
    });
    expect(ids(c, 'info')).toContain('http-error-status-with-result');
    expect(c.agree).toBe(false);
  });

  it('labels 413 as HTTP semantics (RFC 9110 §15.5.14), not an MCP rule', () => {
    // No MCP revision mentions 413; RFC 9110 §15.5.14 defines it; the SDK answers a body over 4 MiB with it.
    const c = exchange({
      request: post(toolsCall(7), callHeaders),
      response: { status: 413, headers: JSON_TYPE, body: error(undefined, -32000, 'Payload Too Large') },
    });
    const f = c.findings.find((x) => x.id === 'http-status-outside-mcp');
    expect(f?.severity).toBe('info');
    expect(f?.spec).toMatchObject({
      version: 'rfc-9110',
      url: 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.14',
    });
    expect(f?.message).toMatch(/No MCP revision/);
  });

  it('explains 403 as the Origin check', () => {
    // §Security & Endpoint: "If the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden."
    const c = exchange({
      request: post(toolsCall(7), { ...callHeaders, Origin: 'https://evil.example' }),
      response: { status: 403 },
    });
    expect(ids(c, 'info')).toContain('http-origin-forbidden');
    expect(ids(c, 'info')).not.toContain('http-status-outside-mcp');
    expect(c.expected).toMatchObject({ status: 403, strength: 'must' });
    expect(c.findings.find((f) => f.id === 'http-origin-forbidden')?.spec).toMatchObject({
      version: '2026-07-28',
      section: 'MCP 2026-07-28 basic/transports/streamable-http.mdx §Security & Endpoint',
    });
    expect(c.http.outcome).toBe('error');
  });

  it('recognises -32601 as a modern error only with 404', () => {
    // §Protocol Version Header pairs the two: an unknown method "MUST respond with 404 Not Found and a JSON-RPC error
    // with code -32601"; stdio.mdx §Backward Compatibility: legacy servers answer with errors "commonly -32601 or -32602".
    const request = post(toolsCall(7), callHeaders);
    const at = (status: number) =>
      exchange({ request, response: { status, headers: JSON_TYPE, body: error(7, -32601, 'Method not found') } });
    expect(ids(at(404), 'info')).toContain('http-modern-error-recognized');
    expect(ids(at(404), 'info')).not.toContain('http-legacy-fallback');
    for (const status of [400, 405]) {
      expect(ids(at(status), 'info'), String(status)).toContain('http-legacy-fallback');
      expect(ids(at(status), 'info'), String(status)).not.toContain('http-modern-error-recognized');
    }
    // -32020, -32021 and -32022 exist only in 2026-07-28, so each marks a modern server with a 400.
    const modern = exchange({
      request,
      response: { status: 400, headers: JSON_TYPE, body: error(7, -32020, 'Header mismatch') },
    });
    expect(ids(modern, 'info')).toContain('http-modern-error-recognized');
  });

  it('expects 405 for GET and DELETE from a server that only speaks 2026-07-28', () => {
    // §Earlier Streamable HTTP Revisions: "HTTP GET or DELETE to the MCP endpoint: respond with 405 Method Not Allowed."
    const c = exchange({
      request: { method: 'GET', headers: { Accept: 'text/event-stream' } },
      response: { status: 405 },
    });
    expect(c.expected).toMatchObject({ status: 405, strength: 'should' });
    expect(ids(c, 'error')).toEqual([]);
    const stream = exchange({
      request: { method: 'GET' },
      response: { status: 200, headers: { 'Content-Type': 'text/event-stream' }, body: ':\n\n' },
    });
    expect(ids(stream, 'warning')).toEqual(['http-status-not-recommended']);
  });

  it('does not key the legacy fallback to one status or code', () => {
    // §Backward Compatibility: "If the body is empty or is not a recognized modern JSON-RPC error, fall back to initialize".
    const request = post(toolsCall(7), callHeaders);
    expect(ids(exchange({ request, response: { status: 400 } }), 'info')).toContain('http-legacy-fallback');
    expect(
      ids(
        exchange({
          request,
          response: { status: 404, headers: { 'Content-Type': 'text/html' }, body: '<h1>Not found</h1>' },
        }),
        'info',
      ),
    ).toContain('http-legacy-fallback');
    expect(
      ids(
        exchange({
          request,
          response: {
            status: 400,
            headers: JSON_TYPE,
            body: error(7, -32022, 'Unsupported', { supported: ['2026-07-28'], requested: '2026-07-28' }),
          },
        }),
        'info',
      ),
    ).toContain('http-modern-error-recognized');
  });

  it('asks a modern-only server to name its versions in an error to initialize', () => {
    // versioning.mdx §Backward Compatibility with Initialization-Based Versions: a modern-only server "SHOULD name the protocol versions it supports in any error it returns to an initialize request".
    const init = {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
    };
    const request = {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: ACCEPT },
      body: JSON.stringify(init),
    };
    const silent = exchange({
      request,
      response: { status: 400, headers: JSON_TYPE, body: error(0, -32602, 'Bad Request') },
    });
    expect(ids(silent, 'warning')).toEqual(['http-initialize-error-names-no-version']);
    const helpful = exchange({
      request,
      response: { status: 400, headers: JSON_TYPE, body: error(0, -32602, 'This server speaks MCP 2026-07-28 only') },
    });
    expect(ids(helpful, 'warning')).toEqual([]);
  });

  it('flags a client that POSTs a JSON-RPC response', () => {
    // §Sending Messages: "The client MUST NOT send JSON-RPC responses."
    const c = exchange({ request: post(result(1)), response: { status: 400 } });
    expect(ids(c, 'error')).toEqual(['http-client-sent-response']);
    expect(c.findings[0]?.location).toEqual({ part: 'request', field: 'body', pointer: '' });
  });

  it('notes that an Mcp-Session-Id is ignored', () => {
    // §Earlier Streamable HTTP Revisions: "An Mcp-Session-Id header on a request: ignore it, and do not mint or echo session IDs."
    const c = exchange({
      request: post(toolsCall(7), { ...callHeaders, 'Mcp-Session-Id': 'abc' }),
      response: { status: 200, headers: JSON_TYPE, body: result(7) },
    });
    expect(ids(c, 'info')).toContain('http-session-header-ignored');
  });
});

describe('classifyHttpExchange on streams and the reply owed', () => {
  it('reads a 200 text/event-stream that closed without any event as a stream without its response, a SHOULD', () => {
    // §Receiving Messages: "The final JSON-RPC response SHOULD terminate the stream." The server did answer with
    // text/event-stream, so §Sending Messages' Content-Type MUST holds.
    const c = exchange({
      request: post(toolsCall(7), callHeaders),
      response: { status: 200, headers: { 'Content-Type': 'text/event-stream', 'X-Accel-Buffering': 'no' } },
    });
    expect(c.response.body).toBe('sse');
    expect(ids(c, 'error')).toEqual([]);
    expect(ids(c, 'warning')).toEqual(['http-stream-without-response']);
    expect(c.brokenBy).toBe('nobody');
  });

  it('asks for X-Accel-Buffering: no under 2026-07-28 only', () => {
    // 2026-07-28 §Receiving Messages: "When initiating an SSE stream, servers SHOULD include the X-Accel-Buffering: no
    // header in the HTTP response." No 2025 revision has the sentence.
    const stream = { status: 200, headers: { 'Content-Type': 'text/event-stream' }, body: `data: ${result(7)}\n\n` };
    expect(ids(exchange({ request: post(toolsCall(7), callHeaders), response: stream }), 'warning')).toEqual([
      'http-sse-buffering-header-missing',
    ]);
    const legacy = exchange(
      {
        request: post({ jsonrpc: '2.0', id: 7, method: 'tools/list' }, { 'MCP-Protocol-Version': '2025-11-25' }),
        response: { ...stream, body: `data: ${JSON.stringify({ jsonrpc: '2.0', id: 7, result: { tools: [] } })}\n\n` },
      },
      '2025-11-25',
    );
    expect(ids(legacy)).not.toContain('http-sse-buffering-header-missing');
  });

  it('reads no message from the priming event of a 2025-11-25 stream', () => {
    // 2025-11-25 §Sending Messages to the Server: the server "SHOULD immediately send an SSE event consisting of an
    // event ID and an empty data field in order to prime the client to reconnect".
    const c = exchange(
      {
        request: post({ jsonrpc: '2.0', id: 7, method: 'tools/list' }, { 'MCP-Protocol-Version': '2025-11-25' }),
        response: {
          status: 200,
          headers: { 'Content-Type': 'text/event-stream' },
          body: `id: p0\ndata:\n\nid: p1\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 7, result: { tools: [] } })}\n\n`,
        },
      },
      '2025-11-25',
    );
    expect(c.response.messages.map((m) => m.kind)).toEqual(['result']);
    expect(ids(c, 'error')).toEqual([]);
  });

  it('classifies a result with the method of its request', () => {
    // 2026-07-28 schema: ListToolsResult requires "cacheScope", "resultType", "tools" and "ttlMs"; only the request's
    // method says that the result is one.
    const c = exchange({
      request: post(
        { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } },
        { 'Mcp-Method': 'tools/list' },
      ),
      response: {
        status: 200,
        headers: JSON_TYPE,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', tools: [] } }),
      },
    });
    expect(ids(c, 'error')).toEqual(['http-response-message-invalid']);
    expect(c.brokenBy).toBe('server');
  });
});

describe('classifyHttpExchange under 2025-11-25 and 2025-06-18', () => {
  it('accepts a client response with 202 (servers could send requests then)', () => {
    // 2025-11-25 transports §Sending Messages to the Server: "If the input is a JSON-RPC response or notification: If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body."
    const c = exchange(
      { request: { method: 'POST', headers: { Accept: ACCEPT }, body: result(1) }, response: { status: 202 } },
      '2025-11-25',
    );
    expect(ids(c, 'error')).toEqual([]);
    expect(c.expected).toMatchObject({ status: 202, strength: 'must' });
  });

  it('needs no Mcp-Method header and pins no status for -32601', () => {
    const body = { jsonrpc: '2.0', id: 9, method: 'incidents/escalate' };
    const c = exchange(
      {
        request: {
          method: 'POST',
          headers: { Accept: ACCEPT, 'MCP-Protocol-Version': '2025-11-25' },
          body: JSON.stringify(body),
        },
        response: { status: 200, headers: JSON_TYPE, body: error(9, -32601, 'Method not found') },
      },
      '2025-11-25',
    );
    expect(ids(c, 'error')).toEqual([]);
  });

  it('notes a missing MCP-Protocol-Version header after initialize, under 2025-06-18 as under 2025-11-25', () => {
    // 2025-06-18 transports §Protocol Version Header: "If using HTTP, the client MUST include the MCP-Protocol-Version:
    // <protocol-version> HTTP header on all subsequent requests to the MCP server"; 2025-11-25 says the same.
    const request = (body: unknown) => ({ method: 'POST', headers: { Accept: ACCEPT }, body: JSON.stringify(body) });
    for (const protocol of ['2025-06-18', '2025-11-25'] as const) {
      const later = exchange(
        {
          request: request({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
          response: {
            status: 200,
            headers: JSON_TYPE,
            body: JSON.stringify({ jsonrpc: '2.0', id: 2, result: { tools: [] } }),
          },
        },
        protocol,
      );
      // Alone, the exchange does not show which version its session negotiated (2025-03-26 had no header): a note.
      const f = later.findings.find((x) => x.id === 'http-protocol-version-header-absent');
      expect(f?.severity, protocol).toBe('info');
      expect(f?.spec).toMatchObject({
        version: protocol,
        section: `MCP ${protocol} basic/transports.mdx §Protocol Version Header`,
      });
      // initialize itself is the request that negotiates the version, so it is not "subsequent".
      const init = exchange(
        {
          request: request({
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion: protocol, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
          }),
          response: { status: 200, headers: JSON_TYPE, body: JSON.stringify({ jsonrpc: '2.0', id: 1, result: {} }) },
        },
        protocol,
      );
      expect(ids(init), protocol).not.toContain('http-protocol-version-header-absent');
    }
  });

  it('reads 404 on a session request as an expired session', () => {
    // 2025-11-25 transports §Session Management: "When a client receives HTTP 404 in response to a request containing an MCP-Session-Id, it MUST start a new session".
    const c = exchange(
      {
        request: {
          method: 'POST',
          headers: { Accept: ACCEPT, 'Mcp-Session-Id': 'abc' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
        },
        response: { status: 404 },
      },
      '2025-11-25',
    );
    expect(ids(c, 'info')).toContain('http-session-expired');
  });

  it('requires a GET to get an SSE stream or 405', () => {
    // 2025-06-18 transports §Listening for Messages from the Server: "The server MUST either return Content-Type: text/event-stream in response to this HTTP GET, or else return HTTP 405 Method Not Allowed".
    expect(ids(exchange({ request: { method: 'GET' }, response: { status: 405 } }, '2025-06-18'), 'error')).toEqual([]);
    expect(
      ids(
        exchange(
          { request: { method: 'GET' }, response: { status: 200, headers: JSON_TYPE, body: '{}' } },
          '2025-06-18',
        ),
        'error',
      ),
    ).toEqual(['http-status-not-required']);
  });

  it('lets an SSE stream carry a server request', () => {
    // 2025-11-25 transports §Sending Messages to the Server: "The server MAY send JSON-RPC requests and notifications before sending the JSON-RPC response."
    const stream = `data: {"jsonrpc":"2.0","id":"s-1","method":"roots/list"}\n\ndata: ${result(7)}\n\n`;
    const c = exchange(
      {
        request: {
          method: 'POST',
          headers: { Accept: ACCEPT },
          body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x' } }),
        },
        response: { status: 200, headers: { 'Content-Type': 'text/event-stream' }, body: stream },
      },
      '2025-11-25',
    );
    expect(ids(c, 'error')).toEqual([]);
  });
});

describe('classifyHttpExchange on bad input', () => {
  it('returns bad-input, never throws, for anything that is not an exchange', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const r = classifyHttpExchange(value);
        return r.kind === 'bad-input' || r.kind === 'exchange';
      }),
    );
    expect(classifyHttpExchange({ request: { method: 'POST' }, response: { status: 99 } }).kind).toBe('bad-input');
  });

  it('never throws on any body text, and every finding names a known id and a checkable source', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.constantFrom(200, 202, 400, 404, 413),
        fc.constantFrom('application/json', 'text/event-stream', 'text/plain'),
        (req, res, status, type) => {
          const r = classifyHttpExchange({
            request: { method: 'POST', body: req },
            response: { status, headers: { 'content-type': type }, body: res },
          });
          if (r.kind !== 'exchange') return false;
          return r.findings.every((f) => (HTTP_FINDING_IDS as readonly string[]).includes(f.id));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('the sources findings cite', () => {
  it('are MCP sections that exist in the spec snapshot, or RFC 9110 / the SDK, named as such', () => {
    const samples: unknown[] = [];
    const call = post(toolsCall(7), callHeaders);
    for (const status of [200, 202, 400, 403, 404, 405, 413, 500])
      for (const body of [
        undefined,
        result(7),
        error(7, -32601, 'x'),
        error(7, -32600, 'x'),
        error(undefined, -32020, 'x'),
      ])
        samples.push({ request: call, response: { status, headers: JSON_TYPE, ...(body ? { body } : {}) } });
    samples.push({ request: post(cancelled), response: { status: 200, headers: JSON_TYPE, body: result(1) } });
    samples.push({ request: { method: 'GET' }, response: { status: 200 } });
    const problems: string[] = [];
    for (const protocol of [undefined, '2025-11-25', '2025-06-18'] as const)
      for (const s of samples) {
        const r = classifyHttpExchange(s, protocol ? { protocol } : {});
        if (r.kind !== 'exchange') continue;
        const refs = [...r.findings.map((f) => f.spec), ...(r.expected ? [r.expected.spec] : [])];
        for (const ref of refs) {
          if (ref.version === 'rfc-9110' || ref.version === 'sdk') continue;
          const problem = checkSpecUrl(ref.url);
          if (problem) problems.push(`${ref.section}: ${problem}`);
        }
      }
    expect(problems).toEqual([]);
  });
});

describe('readHar', () => {
  const entry = (request: object, response: object) => ({ request, response });
  const har = (entries: unknown[]) =>
    JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries } });

  it('reads MCP entries and skips the rest, saying how many and why', () => {
    const text = har([
      entry(
        { method: 'GET', url: 'https://x/app.js', headers: [] },
        { status: 200, headers: [], content: { mimeType: 'text/javascript', text: '' } },
      ),
      entry(
        {
          method: 'POST',
          url: 'https://x/mcp',
          headers: [{ name: 'Mcp-Method', value: 'tools/call' }],
          postData: { mimeType: 'application/json', text: JSON.stringify(toolsCall(7)) },
        },
        {
          status: 200,
          headers: [{ name: 'Content-Type', value: 'application/json' }],
          content: { mimeType: 'application/json', text: btoa(result(7)), encoding: 'base64' },
        },
      ),
      { request: 'broken' },
    ]);
    const r = readHar(text);
    expect(r.kind).toBe('har');
    if (r.kind !== 'har') return;
    expect(r.exchanges.map((e) => e.index)).toEqual([1]);
    expect(r.exchanges[0]?.exchange.response.body).toBe(result(7));
    expect(r.skipped).toHaveLength(2);
    expect(r.skipped[0]).toMatch(/^entry 2: not a HAR entry/);
  });

  it('refuses text that is not a HAR file, or too large, with a sentence', () => {
    expect(readHar('not json')).toMatchObject({ kind: 'bad-input', message: expect.stringMatching(/not JSON/) });
    expect(readHar('{"log":{}}')).toMatchObject({ kind: 'bad-input', message: expect.stringMatching(/log\.entries/) });
    expect(readHar(har([]), 10)).toMatchObject({ kind: 'bad-input', message: expect.stringMatching(/limit is 10/) });
  });
});

describe('readHttpText', () => {
  const request = [
    'POST /mcp HTTP/1.1',
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    'MCP-Protocol-Version: 2026-07-28',
    'Mcp-Method: tools/call',
    'Mcp-Name: get_incident',
    '',
    JSON.stringify(toolsCall(7)),
  ].join('\r\n');

  it('reads a request and a response pasted as developer tools show them, CRLF or LF', () => {
    const r = readHttpText(
      request,
      `HTTP/1.1 404 Not Found\nContent-Type: application/json\n\n${error(7, -32601, 'Method not found')}`,
    );
    expect(r.kind).toBe('exchange');
    if (r.kind !== 'exchange') return;
    expect(r.exchange.request).toMatchObject({ method: 'POST', url: '/mcp' });
    expect(r.exchange.response.status).toBe(404);
    // §Protocol Version Header: an unknown method "MUST respond with 404 Not Found and a JSON-RPC error with code -32601";
    // the pasted tools/call names a tool, so the text reader only has to carry status and body through unchanged.
    const c = exchange(r.exchange);
    expect(c.response.messages[0]?.kind).toBe('error');
    expect(c.request.message?.kind).toBe('request');
  });

  it('accepts a bare status number and a response without headers or body', () => {
    const r = readHttpText(request, '202');
    expect(r).toMatchObject({ kind: 'exchange', exchange: { response: { status: 202, headers: [] } } });
  });

  it('refuses a text without a request line, a status line, or with a stray header line, saying which', () => {
    expect(readHttpText('{"jsonrpc":"2.0"}', '200')).toMatchObject({
      kind: 'bad-input',
      message: expect.stringMatching(/request line/),
    });
    expect(readHttpText(request, 'OK')).toMatchObject({
      kind: 'bad-input',
      message: expect.stringMatching(/status line/),
    });
    expect(readHttpText(request, 'HTTP/1.1 700 Odd')).toMatchObject({ kind: 'bad-input' });
    expect(readHttpText('POST /mcp HTTP/1.1\nnot a header\n\n{}', '200')).toMatchObject({
      kind: 'bad-input',
      message: expect.stringMatching(/line 2 is not a header field/),
    });
    expect(readHttpText('', '200')).toMatchObject({ kind: 'bad-input', message: 'The request is empty.' });
  });

  it('refuses a text over the size cap before reading it', () => {
    expect(readHttpText(request, '200 ' + 'x'.repeat(100), 64)).toMatchObject({
      kind: 'bad-input',
      message: expect.stringMatching(/the limit is 64/),
    });
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const r = readHttpText(a, b);
        expect(['exchange', 'bad-input']).toContain(r.kind);
      }),
    );
    expect(readHttpText(undefined as unknown as string, null as unknown as string).kind).toBe('bad-input');
  });
});
