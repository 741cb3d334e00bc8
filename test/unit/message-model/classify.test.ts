/**
 * classifyMessage: kinds, replies and findings, rule by rule. Expected values come from the JSON-RPC 2.0 text and
 * the MCP revisions (basic/index.mdx and changelog.mdx of each), not from the classifier's output.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROTOCOL, classifyMessage, isFindingId, type Classification, type Protocol } from '#message-model';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'incident-desk', version: '2.3.0' },
};
const classify = (message: unknown, protocol: Protocol = '2025-11-25') =>
  classifyMessage(typeof message === 'string' ? message : JSON.stringify(message), { protocol });
const ids = (c: Classification) => c.findings.map((f) => f.id);

describe('classifyMessage: requests', () => {
  it('owes a response with the same id to a valid request', () => {
    const c = classify({ jsonrpc: '2.0', id: 'req-1', method: 'resources/read', params: { uri: 'file:///a.log' } });
    expect(c.kind).toBe('request');
    expect(c.reply).toEqual({ send: 'response', id: 'req-1' });
    if (c.kind === 'request') {
      expect(c.method).toBe('resources/read');
      expect(c.id).toBe('req-1');
    }
    expect(c.findings).toEqual([]);
  });

  it('never guesses -32601 for a method it does not know', () => {
    const c = classify({ jsonrpc: '2.0', id: 3, method: 'incidents/escalate', params: {} });
    expect(c.reply).toEqual({ send: 'response', id: 3 });
  });

  it('defaults to MCP 2026-07-28 when no protocol is given', () => {
    expect(DEFAULT_PROTOCOL).toBe('2026-07-28');
    const c = classifyMessage('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    expect(c.protocol).toBe('2026-07-28');
    expect(ids(c)).toContain('meta-envelope-missing');
  });

  it('falls back to the default protocol for an unknown protocol name', () => {
    const c = classifyMessage('{"jsonrpc":"2.0","method":"notifications/progress"}', { protocol: 'mcp-9' as Protocol });
    expect(c.protocol).toBe('2026-07-28');
  });

  it('accepts a null id in plain JSON-RPC with a warning, and rejects it in every MCP revision', () => {
    const plain = classify({ jsonrpc: '2.0', id: null, method: 'sum' }, 'jsonrpc-2.0');
    expect(plain.kind).toBe('request');
    expect(plain.reply).toEqual({ send: 'response', id: null });
    expect(plain.findings.find((f) => f.id === 'id-null')?.severity).toBe('warning');
    for (const protocol of ['2025-06-18', '2025-11-25', '2026-07-28'] as const) {
      const c = classify({ jsonrpc: '2.0', id: null, method: 'tools/list', params: { _meta: META } }, protocol);
      expect(c.kind).toBe('invalid');
      expect(c.reply).toEqual({ send: 'error', code: -32600, id: null });
      expect(c.findings.find((f) => f.id === 'id-null')?.severity).toBe('error');
    }
  });

  it('warns about a fractional id in JSON-RPC and rejects it under MCP', () => {
    expect(classify('{"jsonrpc":"2.0","id":2.5,"method":"sum"}', 'jsonrpc-2.0').reply).toEqual({
      send: 'response',
      id: 2.5,
    });
    const mcp = classify('{"jsonrpc":"2.0","id":2.5,"method":"tools/list"}');
    expect(mcp.kind).toBe('invalid');
    expect(mcp.reply).toEqual({ send: 'error', code: -32600, id: null });
    expect(ids(mcp)).toContain('id-fractional');
  });

  it('echoes the readable id in the -32600 for an otherwise invalid request', () => {
    const c = classify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: 'all' });
    expect(c.kind).toBe('invalid');
    expect(c.reply).toEqual({ send: 'error', code: -32600, id: 9 });
    if (c.kind === 'invalid') {
      expect(c.shape).toBe('request');
      expect(c.id).toBe(9);
    }
  });

  it('rejects positional params under MCP but not under JSON-RPC', () => {
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'subtract', params: [42, 23] }, 'jsonrpc-2.0').kind).toBe(
      'request',
    );
    const c = classify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: ['get_incident'] });
    expect(c.reply).toEqual({ send: 'error', code: -32600, id: 1 });
    expect(ids(c)).toContain('params-positional');
  });

  it('treats an id past 2^53 as valid with a warning', () => {
    const c = classify('{"jsonrpc":"2.0","id":18446744073709551616,"method":"tools/list"}');
    expect(c.kind).toBe('request');
    expect(ids(c)).toEqual(expect.arrayContaining(['id-unsafe-integer', 'number-precision']));
  });

  it('cannot echo an id that overflows a double, so answers it like an unreadable id', () => {
    const c = classify('{"jsonrpc":"2.0","id":-1e400,"method":"tools/list"}', 'jsonrpc-2.0');
    expect(c.kind).toBe('invalid');
    expect(c.reply).toEqual({ send: 'error', code: -32600, id: null });
    expect(c.findings.find((f) => f.id === 'id-unsafe-integer')?.severity).toBe('error');
    expect(JSON.stringify(c)).not.toContain('Infinity, the receiver');
  });

  it('rejects a boolean id as the wrong type', () => {
    const c = classify({ jsonrpc: '2.0', id: true, method: 'tools/list' });
    expect(c.reply).toEqual({ send: 'error', code: -32600, id: null });
    expect(ids(c)).toContain('id-type');
    expect(c.findings[0]?.message).toContain('boolean true');
  });

  it('warns about a method name reserved by JSON-RPC', () => {
    expect(ids(classify({ jsonrpc: '2.0', id: 1, method: 'rpc.ping' }, 'jsonrpc-2.0'))).toEqual([
      'method-reserved-rpc',
    ]);
  });
});

describe('classifyMessage: the 2026-07-28 _meta envelope', () => {
  const request = (params: unknown) => ({
    jsonrpc: '2.0',
    id: 5,
    method: 'tools/list',
    ...(params === undefined ? {} : { params }),
  });

  it('accepts a request with protocolVersion, clientCapabilities and clientInfo', () => {
    const c = classify(request({ _meta: META }), '2026-07-28');
    expect(c.kind).toBe('request');
    expect(c.findings).toEqual([]);
  });

  it('answers -32602 with the id when params or _meta is missing', () => {
    for (const params of [undefined, {}, { cursor: 'abc' }]) {
      const c = classify(request(params), '2026-07-28');
      expect(c.kind).toBe('invalid');
      expect(c.reply).toEqual({ send: 'error', code: -32602, id: 5 });
      expect(ids(c)).toEqual(['meta-envelope-missing']);
    }
  });

  it('points at the missing key of a malformed envelope', () => {
    const c = classify(request({ _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } }), '2026-07-28');
    expect(c.reply).toEqual({ send: 'error', code: -32602, id: 5 });
    expect(c.findings[0]?.path).toBe('/params/_meta/io.modelcontextprotocol~1clientCapabilities');
    expect(c.findings[0]?.message).toContain('missing');
  });

  // 2026-07-28 basic/index.mdx §_meta: "Clients SHOULD include io.modelcontextprotocol/clientInfo on every request":
  // a SHOULD, so a warning, and the request is still served.
  it('warns of a missing clientInfo without rejecting the request', () => {
    const { 'io.modelcontextprotocol/clientInfo': _dropped, ...meta } = META;
    const c = classify(request({ _meta: meta }), '2026-07-28');
    expect(c.reply).toEqual({ send: 'response', id: 5 });
    expect(c.findings.map((f) => [f.id, f.severity])).toEqual([['client-info-missing', 'warning']]);
  });

  // Spec 2026-07-28 basic/versioning.mdx §Protocol Version Negotiation: the server "MUST respond with an
  // UnsupportedProtocolVersionError listing the versions it does support"; schema.ts types its data as
  // { supported: string[]; requested: string }.
  it('answers -32022 with data.supported and data.requested for a protocol version the server does not support', () => {
    const c = classify(
      request({ _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } }),
      '2026-07-28',
    );
    expect(c.kind).toBe('request');
    expect(c.reply).toEqual({
      send: 'error',
      code: -32022,
      id: 5,
      data: { supported: ['2026-07-28'], requested: '2025-11-25' },
    });
    expect(ids(c)).toContain('protocol-version-unsupported');
  });

  it('does not require _meta on notifications', () => {
    const c = classify(
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 2 } },
      '2026-07-28',
    );
    expect(c.kind).toBe('notification');
  });

  it('ignores the envelope keys before 2026-07-28', () => {
    expect(classify(request(undefined), '2025-11-25').reply).toEqual({ send: 'response', id: 5 });
  });
});

describe('classifyMessage: methods across revisions', () => {
  it('flags ping, initialize and logging/setLevel as removed in 2026-07-28', () => {
    for (const method of ['ping', 'initialize', 'logging/setLevel', 'resources/subscribe']) {
      const c = classify({ jsonrpc: '2.0', id: 1, method, params: { _meta: META } }, '2026-07-28');
      expect(c.kind, method).toBe('request');
      expect(ids(c), method).toContain('method-removed');
      expect(ids(classify({ jsonrpc: '2.0', id: 1, method, params: {} }, '2025-11-25')), method).not.toContain(
        'method-removed',
      );
    }
  });

  it('flags server/discover as unknown before 2026-07-28', () => {
    expect(ids(classify({ jsonrpc: '2.0', id: 1, method: 'server/discover' }, '2025-06-18'))).toContain(
      'method-not-in-version',
    );
    expect(
      ids(classify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } }, '2026-07-28')),
    ).toEqual([]);
  });

  it('names the real method for a misnamed one', () => {
    const c = classify({ jsonrpc: '2.0', id: 1, method: 'sampling/complete', params: {} });
    expect(ids(c)).toEqual(['method-misnamed']);
    expect(c.findings[0]?.message).toContain('sampling/createMessage');
  });

  it('does not apply MCP method rules to plain JSON-RPC', () => {
    expect(ids(classify({ jsonrpc: '2.0', id: 1, method: 'sampling/complete' }, 'jsonrpc-2.0'))).toEqual([]);
  });
});

describe('classifyMessage: tools/call requests', () => {
  it('answers -32602 when the tool name is missing or not a string', () => {
    for (const params of [{}, { name: 7 }, { name: 'get_incident', arguments: 'INC-1' }]) {
      const c = classify({ jsonrpc: '2.0', id: 'c1', method: 'tools/call', params });
      expect(c.kind).toBe('request');
      expect(c.reply).toEqual({ send: 'error', code: -32602, id: 'c1' });
      expect(ids(c)).toEqual(['tool-call-params-invalid']);
    }
  });

  it('answers -32602 for tools/call without params under 2025-06-18', () => {
    expect(classify({ jsonrpc: '2.0', id: 2, method: 'tools/call' }, '2025-06-18').reply).toEqual({
      send: 'error',
      code: -32602,
      id: 2,
    });
  });

  it('checks the envelope before the tool params under 2026-07-28', () => {
    const c = classify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: {} }, '2026-07-28');
    expect(c.kind).toBe('invalid');
    expect(ids(c)).toEqual(['meta-envelope-missing']);
  });
});

describe('classifyMessage: notifications', () => {
  it('owes nothing for a notification', () => {
    const c = classify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 4 } });
    expect(c.kind).toBe('notification');
    expect(c.reply).toEqual({ send: 'nothing' });
  });

  it('answers an invalid notification with -32600 and id null, as JSON-RPC §7 does', () => {
    const c = classify({ jsonrpc: '2.0', method: 7, params: 'x' }, 'jsonrpc-2.0');
    expect(c.kind).toBe('invalid');
    expect(c.reply).toEqual({ send: 'error', code: -32600, id: null });
    if (c.kind === 'invalid') expect(c.shape).toBe('notification');
  });
});

describe('classifyMessage: results', () => {
  it('treats an absent resultType as complete, with a finding only under 2026-07-28', () => {
    const text = { jsonrpc: '2.0', id: 1, result: { tools: [] } };
    const old = classify(text, '2025-11-25');
    expect(old.kind === 'result' && [old.resultType, old.resultTypeSource]).toEqual(['complete', 'absent']);
    expect(ids(old)).toEqual([]);
    const modern = classify(text, '2026-07-28');
    expect(modern.kind === 'result' && modern.resultType).toBe('complete');
    expect(ids(modern)).toEqual(['result-type-missing']);
  });

  it('reads an explicit resultType under 2026-07-28 and rejects one it does not know', () => {
    const ok = classify({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } }, '2026-07-28');
    expect(ok.kind === 'result' && ok.resultTypeSource).toBe('explicit');
    for (const resultType of ['partial', 7, null]) {
      const c = classify({ jsonrpc: '2.0', id: 1, result: { resultType } }, '2026-07-28');
      expect(c.kind).toBe('invalid');
      expect(c.reply).toEqual({ send: 'nothing' });
      expect(ids(c)).toContain('result-type-unknown');
    }
  });

  it('reads an input_required result and checks it names something to do', () => {
    const ok = classify(
      { jsonrpc: '2.0', id: 1, result: { resultType: 'input_required', requestState: 'abc' } },
      '2026-07-28',
    );
    expect(ok.kind === 'result' && ok.resultType).toBe('input_required');
    expect(ok.kind === 'result' && ok.toolOutcome).toBeUndefined();
    expect(ids(classify({ jsonrpc: '2.0', id: 1, result: { resultType: 'input_required' } }, '2026-07-28'))).toEqual([
      'input-required-empty',
    ]);
    const badState = classify(
      { jsonrpc: '2.0', id: 1, result: { resultType: 'input_required', requestState: 42 } },
      '2026-07-28',
    );
    expect(ids(badState)).toEqual(['input-required-request-invalid']);
  });

  it('explains which input request is not allowed, in plain words', () => {
    const c = classify(
      {
        jsonrpc: '2.0',
        id: 1,
        result: { resultType: 'input_required', inputRequests: { lookup: { method: 'tools/call' } } },
      },
      '2026-07-28',
    );
    // Spec 2026-07-28 basic/patterns/mrtr.mdx: inputRequests hold elicitation/create, sampling/createMessage or
    // roots/list requests. The envelope is a valid response, so the kind stays result and the finding is an error.
    expect(c.kind).toBe('result');
    expect(c.findings[0]?.id).toBe('input-required-request-invalid');
    expect(c.findings[0]?.message).toContain('"elicitation/create", "sampling/createMessage", "roots/list"');
    expect(c.findings[0]?.message).toContain('the string "tools/call"');
    expect(c.findings[0]?.path).toBe('/result/inputRequests/lookup/method');
  });

  it('reads isError as the tool outcome', () => {
    const ok = classify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'done' }] } });
    expect(ok.kind === 'result' && ok.toolOutcome).toBe('success');
    const failed = classify({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'No such incident' }], isError: true },
    });
    expect(failed.kind === 'result' && failed.toolOutcome).toBe('tool-error');
    expect(failed.reply).toEqual({ send: 'nothing' });
    expect(ids(failed)).toEqual(['tool-error-result']);
  });

  it('rejects a non-boolean isError, and a tools/call result without content when the method is known', () => {
    expect(ids(classify({ jsonrpc: '2.0', id: 1, result: { content: [], isError: 'yes' } }))).toEqual([
      'tool-result-invalid',
    ]);
    const noContent = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { isError: false } });
    expect(ids(classifyMessage(noContent, { protocol: '2025-11-25', method: 'tools/call' }))).toEqual([
      'tool-result-invalid',
    ]);
  });

  // Spec 2026-07-28 basic/index.mdx §Result Responses: "The `result` MAY follow any JSON object structure." Without
  // the method it answers, only a content array (CallToolResult's required member) makes a result look like one.
  it("leaves a result without a content array, or with another result type's member, unchecked when the method is unknown", () => {
    expect(ids(classify({ jsonrpc: '2.0', id: 1, result: { isError: false } }))).toEqual([]);
    expect(ids(classify({ jsonrpc: '2.0', id: 1, result: { content: [], isError: 'no', tools: [] } }))).toEqual([]);
  });

  it('does not mistake an elicitation or sampling result for a tool result', () => {
    const elicit = classify({ jsonrpc: '2.0', id: 1, result: { action: 'accept', content: { team: 'SRE' } } });
    expect(elicit.kind).toBe('result');
    expect(elicit.kind === 'result' && elicit.toolOutcome).toBeUndefined();
    const sampled = classify({
      jsonrpc: '2.0',
      id: 2,
      result: {
        role: 'assistant',
        model: 'm',
        content: [{ type: 'tool_use', id: 't1', name: 'get_incident', input: {} }],
        stopReason: 'toolUse',
      },
    });
    expect(sampled.kind).toBe('result');
    expect(ids(sampled)).toEqual([]);
  });

  it('accepts structuredContent mirrored as text in any key order', () => {
    const c = classify({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: '{"b":2,"a":1}' }], structuredContent: { a: 1, b: 2 } },
    });
    expect(ids(c)).toEqual([]);
  });

  it('warns when structuredContent is not mirrored, and rejects a non-object before 2026-07-28', () => {
    expect(ids(classify({ jsonrpc: '2.0', id: 1, result: { content: [], structuredContent: { a: 1 } } }))).toEqual([
      'structured-content-not-mirrored',
    ]);
    const list = {
      jsonrpc: '2.0',
      id: 1,
      result: { resultType: 'complete', content: [{ type: 'text', text: '[1]' }], structuredContent: [1] },
    };
    expect(classify(list, '2026-07-28').kind).toBe('result');
    expect(ids(classify(list, '2025-06-18'))).toContain('structured-content-not-object');
  });

  it('names an unknown content block type', () => {
    const c = classify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'video', url: 'x' }] } });
    // The envelope is a valid result response; the payload breaks CallToolResult, which is an error finding.
    expect(c.kind).toBe('result');
    expect(c.findings[0]?.id).toBe('tool-result-invalid');
    expect(c.findings[0]?.path).toBe('/result/content/0/type');
    expect(c.findings[0]?.message).toContain('"video"');
  });

  it('rejects a non-object result under MCP only', () => {
    expect(classify({ jsonrpc: '2.0', id: 1, result: [1, 2] }, 'jsonrpc-2.0').kind).toBe('result');
    expect(ids(classify({ jsonrpc: '2.0', id: 1, result: [1, 2] }))).toEqual(['result-not-object']);
  });

  it('rejects a result without an id, or with both result and error', () => {
    expect(ids(classify({ jsonrpc: '2.0', result: {} }))).toEqual(['response-id-missing']);
    const both = classify({ jsonrpc: '2.0', id: 1, result: {}, error: { code: 1, message: 'x' } });
    expect(both.kind).toBe('invalid');
    expect(ids(both)).toContain('result-and-error');
    expect(both.reply).toEqual({ send: 'nothing' });
  });
});

describe('classifyMessage: error responses', () => {
  it('classifies the code and keeps the message', () => {
    const c = classify({ jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'Method not found' } });
    expect(c.kind).toBe('error');
    if (c.kind === 'error') {
      expect([c.id, c.code, c.codeClass, c.codeName, c.errorMessage]).toEqual([
        4,
        -32601,
        'method-not-found',
        'MethodNotFound',
        'Method not found',
      ]);
    }
    expect(c.reply).toEqual({ send: 'nothing' });
  });

  it('accepts id null on an error under MCP with a warning, and silently under JSON-RPC', () => {
    const text = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
    expect(ids(classify(text, 'jsonrpc-2.0'))).toEqual([]);
    const mcp = classify(text, '2026-07-28');
    expect(mcp.kind === 'error' && mcp.id).toBeNull();
    expect(mcp.findings.map((f) => [f.id, f.severity])).toEqual([['error-id-null', 'warning']]);
  });

  it('allows an error without id from 2025-11-25, warns under 2025-06-18 and rejects it in JSON-RPC', () => {
    const text = { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } };
    expect(classify(text, 'jsonrpc-2.0').kind).toBe('invalid');
    expect(ids(classify(text, '2025-06-18'))).toEqual(['error-id-missing']);
    const modern = classify(text, '2026-07-28');
    expect(modern.kind).toBe('error');
    expect(modern.kind === 'error' && 'id' in modern).toBe(false);
  });

  it('rejects an error object without an integer code or a string message', () => {
    for (const error of [
      { code: '-32601', message: 'x' },
      { code: -32601.5, message: 'x' },
      { code: -32601 },
      'Method not found',
      null,
    ]) {
      const c = classify({ jsonrpc: '2.0', id: 1, error });
      expect(c.kind, JSON.stringify(error)).toBe('invalid');
      expect(ids(c)).toContain('error-object-invalid');
    }
  });

  it('warns about an unknown member inside the error object', () => {
    expect(ids(classify({ jsonrpc: '2.0', id: 1, error: { code: -32603, message: 'x', stack: 'at a' } }))).toEqual([
      'unknown-member',
    ]);
  });

  it('flags retired, undefined and reserved codes by revision', () => {
    const codeFindings = (code: number, protocol: Protocol) =>
      ids(classify({ jsonrpc: '2.0', id: 1, error: { code, message: 'm' } }, protocol));
    expect(codeFindings(-32002, '2026-07-28')).toEqual(['code-retired']);
    expect(codeFindings(-32002, '2025-11-25')).toEqual([]);
    expect(codeFindings(-32042, '2026-07-28')).toEqual(['code-retired']);
    expect(codeFindings(-32042, '2025-06-18')).toEqual(['code-not-in-version']);
    expect(codeFindings(-32021, '2025-11-25')).toEqual(['code-not-in-version']);
    expect(codeFindings(-32099, '2026-07-28')).toEqual(['code-reserved-undefined']);
    expect(codeFindings(-32019, '2026-07-28')).toEqual(['code-legacy-band']);
    expect(codeFindings(-32100, '2025-11-25')).toEqual(['code-reserved']);
    expect(codeFindings(-31999, '2026-07-28')).toEqual([]);
  });

  it('spots a stack trace or a credential URL in an error message', () => {
    const stack = classify({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'boom', data: 'Error: boom\n    at handler (/srv/app/tools.js:42:7)' },
    });
    expect(ids(stack)).toEqual(['error-leaks-internals']);
    const url = classify({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'redis://default:s3cret@cache:6379 refused' },
    });
    expect(ids(url)).toEqual(['error-leaks-internals']);
    expect(
      ids(
        classify({
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32603, message: 'See https://status.example.com for updates' },
        }),
      ),
    ).toEqual([]);
  });
});

describe('classifyMessage: parse errors and other shapes', () => {
  it('answers text that is not JSON with -32700 and id null, and says where parsing stopped', () => {
    const c = classifyMessage('{"jsonrpc":"2.0",\n "id": 1,, "method":"x"}', { protocol: '2025-11-25' });
    expect(c.kind).toBe('parse-error');
    expect(c.reply).toEqual({ send: 'error', code: -32700, id: null });
    if (c.kind === 'parse-error') {
      expect(c.position.line).toBe(2);
      expect(c.position.column).toBe(10); // the second comma
      expect(c.reason.length).toBeGreaterThan(5);
    }
    expect(ids(c)).toEqual(['not-json']);
  });

  it('treats whitespace-only text as a parse error', () => {
    expect(classifyMessage('  \n ').kind).toBe('parse-error');
  });

  it('answers a JSON scalar with -32600 and id null', () => {
    for (const text of ['42', 'null', 'true', '"ping"']) {
      const c = classifyMessage(text, { protocol: 'jsonrpc-2.0' });
      expect(c.kind).toBe('invalid');
      expect(c.reply).toEqual({ send: 'error', code: -32600, id: null });
    }
  });

  it('accepts an already parsed value as well as text', () => {
    expect(classifyMessage({ jsonrpc: '2.0', method: 'notifications/progress' }).kind).toBe('notification');
  });

  it('describes a value that is not JSON at all without inventing words', () => {
    const c = classifyMessage(undefined);
    expect(c.kind).toBe('invalid');
    expect(c.findings[0]?.message).not.toContain('undefined undefined');
  });

  it('answers an object that is neither request nor response with -32600', () => {
    const c = classify({ jsonrpc: '2.0', id: 'x' });
    expect(c.reply).toEqual({ send: 'error', code: -32600, id: 'x' });
    expect(ids(c)).toEqual(['ambiguous-shape']);
  });
});

describe('classifyMessage: batches', () => {
  it('answers an empty array with one -32600, not an empty array', () => {
    const c = classifyMessage('[]', { protocol: 'jsonrpc-2.0' });
    expect(c.kind).toBe('invalid');
    expect(c.reply).toEqual({ send: 'error', code: -32600, id: null });
  });

  it('collects the replies owed in a JSON-RPC batch and leaves out notifications', () => {
    const c = classifyMessage('[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"b"},5]', {
      protocol: 'jsonrpc-2.0',
    });
    expect(c.kind).toBe('batch');
    expect(c.reply).toEqual({
      send: 'batch',
      items: [
        { send: 'response', id: 1 },
        { send: 'error', code: -32600, id: null },
      ],
    });
    if (c.kind === 'batch') expect(c.items.map((i) => i.kind)).toEqual(['request', 'notification', 'invalid']);
  });

  it('sends nothing for a batch of notifications only', () => {
    expect(classifyMessage('[{"jsonrpc":"2.0","method":"a"}]', { protocol: 'jsonrpc-2.0' }).reply).toEqual({
      send: 'nothing',
    });
  });

  // Spec 2025-06-18 changelog.mdx: "Remove support for JSON-RPC batching"; no later text says how a receiver
  // answers an array, so the model says the reply is unspecified rather than invent one.
  it('flags any batch under MCP, owes no reply the spec defines, and still classifies its items', () => {
    for (const protocol of ['2025-06-18', '2025-11-25', '2026-07-28'] as const) {
      const c = classifyMessage('[{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}]', { protocol });
      expect(c.kind).toBe('batch');
      expect(c.reply).toEqual({ send: 'unspecified' });
      expect(ids(c)).toEqual(['batch-unsupported']);
      if (c.kind === 'batch') expect(c.items[0]?.kind).toBe('notification');
    }
  });

  it('points item findings at the element', () => {
    const c = classifyMessage('[{"jsonrpc":"2.0","id":null,"method":"a"}]', { protocol: 'jsonrpc-2.0' });
    if (c.kind !== 'batch') throw new Error('expected a batch');
    expect(c.items[0]?.findings[0]?.path).toBe('/0/id');
  });
});

describe('classifyMessage: findings and explanations', () => {
  const samples = [
    '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    '{"jsonrpc":"1.0","id":null,"method":5,"extra":1}',
    '{"jsonrpc":"2.0","id":1,"result":{"resultType":"bogus"}}',
    '{"jsonrpc":"2.0","id":1,"error":{"code":-32042,"message":"x"}}',
    '[1,{"jsonrpc":"2.0","method":"ping"}]',
    'not json',
  ];

  it('gives every finding a known id, a JSON Pointer, a message and a spec link', () => {
    for (const text of samples) {
      for (const protocol of ['jsonrpc-2.0', '2025-06-18', '2025-11-25', '2026-07-28'] as const) {
        const c = classifyMessage(text, { protocol });
        for (const f of c.findings) {
          expect(isFindingId(f.id)).toBe(true);
          expect(f.path === '' || f.path.startsWith('/')).toBe(true);
          expect(f.message.length).toBeGreaterThan(20);
          expect(f.spec.url).toMatch(/^https:\/\//);
        }
        expect(c.explanation).toMatch(/[.!]$/);
      }
    }
  });

  it('lists errors before warnings before notes', () => {
    const c = classifyMessage('{"jsonrpc":"1.0","id":null,"method":"ping","extra":1}', { protocol: '2026-07-28' });
    const order = c.findings.map((f) => ['error', 'warning', 'info'].indexOf(f.severity));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(c.findings[0]?.severity).toBe('error');
  });

  it('orders findings the same way whatever the member order', () => {
    const a = classifyMessage(
      '{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"b":{"method":"tools/call"},"a":{"method":"x"}}}}',
    );
    const b = classifyMessage(
      '{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"a":{"method":"x"},"b":{"method":"tools/call"}}}}',
    );
    expect(a.findings).toEqual(b.findings);
    expect(a.explanation).toBe(b.explanation);
  });
});
