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

  it('require resultType on 2026-07-28 results only', () => {
    const result = { jsonrpc: '2.0', id: 1, result: {} };
    expect(ok(MCP_SCHEMAS['2025-11-25'].JSONRPCResultResponseSchema, result)).toBe(true);
    expect(ok(MCP_SCHEMAS['2026-07-28'].JSONRPCResultResponseSchema, result)).toBe(false);
    expect(
      ok(MCP_SCHEMAS['2026-07-28'].JSONRPCResultResponseSchema, { ...result, result: { resultType: 'complete' } }),
    ).toBe(true);
  });

  it('require the error-response id in 2025-06-18 and allow leaving it out later', () => {
    const error = { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } };
    expect(ok(MCP_SCHEMAS['2025-06-18'].JSONRPCErrorResponseSchema, error)).toBe(false);
    expect(ok(MCP_SCHEMAS['2025-11-25'].JSONRPCErrorResponseSchema, error)).toBe(true);
    expect(ok(MCP_SCHEMAS['2026-07-28'].JSONRPCErrorResponseSchema, error)).toBe(true);
    expect(ok(MCP_SCHEMAS['2026-07-28'].JSONRPCErrorResponseSchema, { ...error, id: null })).toBe(false);
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
