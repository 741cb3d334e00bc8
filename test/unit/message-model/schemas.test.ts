/** schemas.ts: the zod schemas named after the spec's types, per revision. */
import { describe, expect, it } from 'vitest';
import {
  CONTENT_BLOCK_TYPES,
  CallToolRequestSchema,
  CallToolResultSchema,
  ContentBlockSchema,
  INPUT_REQUEST_METHODS,
  InputRequiredResultSchema,
  JSONRPCBatchSchema,
  JSONRPCErrorResponseSchema,
  JSONRPCIdSchema,
  JSONRPCMessageSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResultResponseSchema,
  MCP_SCHEMAS,
  RESULT_TYPES,
  RequestIdSchema,
  RequestMetaSchema,
} from '#message-model';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

describe('JSON-RPC 2.0 base schemas', () => {
  it('accept a string, a number or null as an id', () => {
    for (const id of ['a', 1, 1.5, null]) expect(ok(JSONRPCIdSchema, id)).toBe(true);
    for (const id of [true, {}, []]) expect(ok(JSONRPCIdSchema, id)).toBe(false);
  });

  it('accept positional and named params and nothing else', () => {
    expect(ok(JSONRPCRequestSchema, { jsonrpc: '2.0', id: 1, method: 'subtract', params: [42, 23] })).toBe(true);
    expect(ok(JSONRPCRequestSchema, { jsonrpc: '2.0', id: 1, method: 'subtract', params: { minuend: 42 } })).toBe(true);
    expect(ok(JSONRPCRequestSchema, { jsonrpc: '2.0', id: 1, method: 'subtract', params: 'bar' })).toBe(false);
    expect(ok(JSONRPCNotificationSchema, { jsonrpc: '2.0', method: 'update', params: [1, 2] })).toBe(true);
  });

  it('require "jsonrpc": "2.0" exactly', () => {
    expect(ok(JSONRPCRequestSchema, { jsonrpc: 2.0, id: 1, method: 'm' })).toBe(false);
    expect(ok(JSONRPCRequestSchema, { id: 1, method: 'm' })).toBe(false);
  });

  it('require result on a result response and an integer code on an error response', () => {
    expect(ok(JSONRPCResultResponseSchema, { jsonrpc: '2.0', id: 1, result: 19 })).toBe(true);
    expect(ok(JSONRPCResultResponseSchema, { jsonrpc: '2.0', id: 1 })).toBe(false);
    expect(
      ok(JSONRPCErrorResponseSchema, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }),
    ).toBe(true);
    expect(ok(JSONRPCErrorResponseSchema, { jsonrpc: '2.0', id: 1, error: { code: -32700.5, message: 'x' } })).toBe(
      false,
    );
    expect(ok(JSONRPCErrorResponseSchema, { jsonrpc: '2.0', error: { code: -32700, message: 'x' } })).toBe(false);
  });

  it('never accept a message with both result and error', () => {
    expect(ok(JSONRPCMessageSchema, { jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } })).toBe(
      false,
    );
  });

  it('need at least one element in a batch', () => {
    expect(ok(JSONRPCBatchSchema, [])).toBe(false);
    expect(ok(JSONRPCBatchSchema, [1])).toBe(true);
  });
});

describe('MCP schemas per revision', () => {
  it('never accept a null or fractional request id', () => {
    expect(ok(RequestIdSchema, 'a')).toBe(true);
    expect(ok(RequestIdSchema, -7)).toBe(true);
    expect(ok(RequestIdSchema, null)).toBe(false);
    expect(ok(RequestIdSchema, 1.5)).toBe(false);
  });

  it('require the _meta envelope on 2026-07-28 requests only', () => {
    const bare = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    expect(ok(MCP_SCHEMAS['2025-11-25'].JSONRPCRequestSchema, bare)).toBe(true);
    expect(ok(MCP_SCHEMAS['2026-07-28'].JSONRPCRequestSchema, bare)).toBe(false);
    expect(ok(MCP_SCHEMAS['2026-07-28'].JSONRPCRequestSchema, { ...bare, params: { _meta: META } })).toBe(true);
  });

  it('require protocolVersion and clientCapabilities in the envelope', () => {
    expect(ok(RequestMetaSchema, META)).toBe(true);
    expect(ok(RequestMetaSchema, { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' })).toBe(false);
    expect(ok(RequestMetaSchema, { ...META, 'io.modelcontextprotocol/clientInfo': { name: 'x' } })).toBe(false);
  });

  it('require params to be an object under MCP', () => {
    expect(
      ok(MCP_SCHEMAS['2025-06-18'].JSONRPCRequestSchema, { jsonrpc: '2.0', id: 1, method: 'm', params: [1] }),
    ).toBe(false);
  });

  // Spec 2026-07-28 basic/index.mdx §ResultType: "clients MUST treat an absent resultType as "complete"" and "A
  // resultType of any value unrecognized by the client MUST be considered invalid." The classifier warns about an
  // absent one (result-type-missing), so the envelope accepts it; an unknown one is rejected.
  it('accept an absent resultType on 2026-07-28 results and reject one the client does not know', () => {
    const result = { jsonrpc: '2.0', id: 1, result: {} };
    expect(ok(MCP_SCHEMAS['2025-11-25'].JSONRPCResultResponseSchema, result)).toBe(true);
    expect(ok(MCP_SCHEMAS['2026-07-28'].JSONRPCResultResponseSchema, result)).toBe(true);
    expect(
      ok(MCP_SCHEMAS['2026-07-28'].JSONRPCResultResponseSchema, { ...result, result: { resultType: 'partial' } }),
    ).toBe(false);
    expect(
      ok(MCP_SCHEMAS['2025-11-25'].JSONRPCResultResponseSchema, { ...result, result: { resultType: 'partial' } }),
    ).toBe(true);
  });

  // The classifier warns (error-id-null, error-id-missing) rather than rejecting: JSON-RPC's "id": null is what the
  // SDKs send over HTTP, and 2025-06-18's id-less HTTP error body is in its transports text. The envelope agrees.
  it('accept an error response whose id is null or absent, and never an object id', () => {
    const error = { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } };
    for (const v of ['2025-06-18', '2025-11-25', '2026-07-28'] as const) {
      expect(ok(MCP_SCHEMAS[v].JSONRPCErrorResponseSchema, error)).toBe(true);
      expect(ok(MCP_SCHEMAS[v].JSONRPCErrorResponseSchema, { ...error, id: null })).toBe(true);
      expect(ok(MCP_SCHEMAS[v].JSONRPCErrorResponseSchema, { ...error, id: { n: 1 } })).toBe(false);
    }
  });

  // Issue 9 §2: "a notification carries no id, method never appears with result or error, a member the schema types
  // (an object id) is never silently dropped".
  it('never accept a notification with an id, nor method beside result or error', () => {
    for (const v of ['2025-06-18', '2025-11-25', '2026-07-28'] as const) {
      const s = MCP_SCHEMAS[v];
      expect(ok(s.JSONRPCNotificationSchema, { jsonrpc: '2.0', id: { seq: 1 }, method: 'notifications/x' })).toBe(
        false,
      );
      expect(ok(s.JSONRPCMessageSchema, { jsonrpc: '2.0', id: { seq: 1 }, method: 'notifications/x' })).toBe(false);
      expect(ok(s.JSONRPCMessageSchema, { jsonrpc: '2.0', id: null, method: 'x', result: {} })).toBe(false);
      expect(ok(s.JSONRPCMessageSchema, { jsonrpc: '2.0', id: 1, method: 'x', error: { code: 1, message: 'm' } })).toBe(
        false,
      );
    }
    expect(ok(JSONRPCNotificationSchema, { jsonrpc: '2.0', id: null, method: 'x' })).toBe(false);
    expect(ok(JSONRPCMessageSchema, { jsonrpc: '2.0', id: 1, method: 'x', result: 1 })).toBe(false);
  });

  it('keep other unknown members (the classifier warns about them)', () => {
    const parsed = MCP_SCHEMAS['2025-11-25'].JSONRPCRequestSchema.safeParse({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      trace: 'x',
    });
    expect(parsed.success && (parsed.data as Record<string, unknown>).trace).toBe('x');
  });

  // Spec basic/index.mdx §_meta and schema.ts: _meta is an object, and progressToken a string or an integer.
  it('type _meta on requests, notifications and results, and progressToken as a string or an integer', () => {
    for (const v of ['2025-06-18', '2025-11-25'] as const) {
      const s = MCP_SCHEMAS[v];
      expect(ok(s.JSONRPCRequestSchema, { jsonrpc: '2.0', id: 1, method: 'x', params: { _meta: 'y' } })).toBe(false);
      expect(
        ok(s.JSONRPCRequestSchema, { jsonrpc: '2.0', id: 1, method: 'x', params: { _meta: { progressToken: 1.5 } } }),
      ).toBe(false);
      expect(
        ok(s.JSONRPCRequestSchema, { jsonrpc: '2.0', id: 1, method: 'x', params: { _meta: { progressToken: 7 } } }),
      ).toBe(true);
      expect(ok(s.JSONRPCNotificationSchema, { jsonrpc: '2.0', method: 'x', params: { _meta: [] } })).toBe(false);
      expect(ok(s.JSONRPCResultResponseSchema, { jsonrpc: '2.0', id: 1, result: { _meta: 3 } })).toBe(false);
    }
    const modern = MCP_SCHEMAS['2026-07-28'];
    expect(
      ok(modern.JSONRPCRequestSchema, {
        jsonrpc: '2.0',
        id: 1,
        method: 'x',
        params: { _meta: { ...META, 'io.modelcontextprotocol/logLevel': 'verbose' } },
      }),
    ).toBe(false);
    expect(
      ok(modern.JSONRPCResultResponseSchema, {
        jsonrpc: '2.0',
        id: 1,
        result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's' } } },
      }),
    ).toBe(false);
  });
});

describe('typed payloads per revision', () => {
  it('type tools/call params per revision: task in 2025-11-25, inputResponses and requestState in 2026-07-28', () => {
    expect(ok(MCP_SCHEMAS['2025-11-25'].requests['tools/call']!, { name: 't', task: { ttl: 60000 } })).toBe(true);
    expect(ok(MCP_SCHEMAS['2025-11-25'].requests['tools/call']!, { name: 't', task: { ttl: 'soon' } })).toBe(false);
    expect(ok(MCP_SCHEMAS['2025-06-18'].requests['tools/call']!, { name: 't', task: { ttl: 'soon' } })).toBe(true);
    const modern = MCP_SCHEMAS['2026-07-28'].requests['tools/call']!;
    expect(ok(modern, { name: 't', requestState: 'opaque', inputResponses: { a: { action: 'accept' } } })).toBe(true);
    expect(ok(modern, { name: 't', requestState: 7 })).toBe(false);
    expect(ok(modern, { name: 't', inputResponses: { a: { action: 'maybe' } } })).toBe(false);
  });

  it('type notification params: cancelled, progress, message', () => {
    const n = MCP_SCHEMAS['2026-07-28'].notifications;
    expect(ok(n['notifications/cancelled']!, { reason: 'x' })).toBe(false);
    expect(ok(MCP_SCHEMAS['2025-11-25'].notifications['notifications/cancelled']!, { reason: 'x' })).toBe(true);
    expect(ok(n['notifications/progress']!, { progressToken: 't', progress: '50%' })).toBe(false);
    expect(ok(n['notifications/progress']!, { progressToken: 't', progress: 0.5 })).toBe(true);
    expect(ok(n['notifications/message']!, { level: 'verbose', data: 'x' })).toBe(false);
    expect(ok(n['notifications/message']!, { level: 'info' })).toBe(false);
    expect(ok(n['notifications/message']!, { level: 'info', data: null })).toBe(true);
  });

  // Spec 2026-07-28 server/utilities/caching.mdx and schema.ts CacheableResult: ttlMs (integer >= 0) and cacheScope.
  it('require ttlMs and cacheScope on 2026-07-28 list and read results only', () => {
    const r = { tools: [] };
    expect(ok(MCP_SCHEMAS['2025-11-25'].results['tools/list']!, r)).toBe(true);
    expect(ok(MCP_SCHEMAS['2026-07-28'].results['tools/list']!, r)).toBe(false);
    expect(ok(MCP_SCHEMAS['2026-07-28'].results['tools/list']!, { ...r, ttlMs: 0, cacheScope: 'public' })).toBe(true);
    expect(
      ok(MCP_SCHEMAS['2026-07-28'].results['resources/read']!, { contents: [], ttlMs: -1, cacheScope: 'private' }),
    ).toBe(false);
    expect(
      ok(MCP_SCHEMAS['2026-07-28'].results['resources/read']!, { contents: [], ttlMs: 5, cacheScope: 'shared' }),
    ).toBe(false);
  });

  it('require the subscription id in the 2026-07-28 subscriptions/listen result', () => {
    const listen = MCP_SCHEMAS['2026-07-28'].results['subscriptions/listen']!;
    expect(ok(listen, { _meta: {} })).toBe(false);
    expect(ok(listen, { _meta: { 'io.modelcontextprotocol/subscriptionId': 'sub-1' } })).toBe(true);
  });
});

describe('CallToolRequest and CallToolResult', () => {
  it('need a tool name, and for 2026-07-28 the envelope', () => {
    expect(
      ok(CallToolRequestSchema, {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_incident', _meta: META },
      }),
    ).toBe(true);
    expect(
      ok(CallToolRequestSchema, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_incident' } }),
    ).toBe(false);
    expect(
      ok(MCP_SCHEMAS['2025-11-25'].CallToolRequestSchema, {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_incident' },
      }),
    ).toBe(true);
    expect(
      ok(MCP_SCHEMAS['2025-11-25'].CallToolRequestSchema, {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { arguments: {} },
      }),
    ).toBe(false);
  });

  it('require resultType "complete" on a 2026-07-28 tool result and allow any structuredContent there', () => {
    const base = { content: [{ type: 'text', text: '[1]' }], structuredContent: [1] };
    expect(ok(CallToolResultSchema, base)).toBe(false);
    expect(ok(CallToolResultSchema, { ...base, resultType: 'complete' })).toBe(true);
    expect(ok(MCP_SCHEMAS['2025-11-25'].CallToolResultSchema, base)).toBe(false);
    expect(ok(MCP_SCHEMAS['2025-11-25'].CallToolResultSchema, { ...base, structuredContent: { ids: [1] } })).toBe(true);
  });

  it('accept isError as a boolean only', () => {
    expect(ok(MCP_SCHEMAS['2025-06-18'].CallToolResultSchema, { content: [], isError: true })).toBe(true);
    expect(ok(MCP_SCHEMAS['2025-06-18'].CallToolResultSchema, { content: [], isError: 'true' })).toBe(false);
  });

  it('know exactly the five content block types', () => {
    expect([...CONTENT_BLOCK_TYPES]).toEqual(['text', 'image', 'audio', 'resource_link', 'resource']);
    const blocks = [
      { type: 'text', text: 'hi' },
      { type: 'image', data: 'AA==', mimeType: 'image/png' },
      { type: 'audio', data: 'AA==', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///a', name: 'a' },
      { type: 'resource', resource: { uri: 'file:///a', text: 'x' } },
      { type: 'resource', resource: { uri: 'file:///a', blob: 'AA==' } },
    ];
    for (const block of blocks) expect(ok(ContentBlockSchema, block), block.type).toBe(true);
    for (const block of [
      { type: 'markdown', text: 'x' },
      { type: 'image', data: 'AA==' },
      { type: 'resource', resource: { uri: 'file:///a' } },
      { text: 'x' },
    ]) {
      expect(ok(ContentBlockSchema, block), JSON.stringify(block)).toBe(false);
    }
  });
});

describe('InputRequiredResult', () => {
  it('needs inputRequests, requestState or both, and only the three allowed methods', () => {
    expect([...RESULT_TYPES]).toEqual(['complete', 'input_required']);
    expect([...INPUT_REQUEST_METHODS]).toEqual(['elicitation/create', 'sampling/createMessage', 'roots/list']);
    expect(ok(InputRequiredResultSchema, { resultType: 'input_required', requestState: 's' })).toBe(true);
    expect(
      ok(InputRequiredResultSchema, { resultType: 'input_required', inputRequests: { a: { method: 'roots/list' } } }),
    ).toBe(true);
    expect(ok(InputRequiredResultSchema, { resultType: 'input_required' })).toBe(false);
    expect(
      ok(InputRequiredResultSchema, { resultType: 'input_required', inputRequests: { a: { method: 'tools/call' } } }),
    ).toBe(false);
  });
});

describe('result and error are exclusive in every revision', () => {
  it('rejects a response with both, under each MCP revision too', () => {
    const both = { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' }, error: { code: -32603, message: 'x' } };
    for (const version of ['2025-06-18', '2025-11-25', '2026-07-28'] as const) {
      expect(ok(MCP_SCHEMAS[version].JSONRPCMessageSchema, both), version).toBe(false);
      const { error: _error, ...resultOnly } = both;
      expect(ok(MCP_SCHEMAS[version].JSONRPCMessageSchema, resultOnly), version).toBe(true);
    }
  });
});
