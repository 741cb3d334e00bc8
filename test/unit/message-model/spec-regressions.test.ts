/**
 * Regression tests for mistakes a review against the spec text found in the model, each resting on the spec sentence quoted in its
 * name or comment (checked against the spec repository's text, not against the model).
 */
import { describe, expect, it } from 'vitest';
import {
  FINDING_IDS,
  MCP_VERSIONS,
  METHODS_ADDED_IN_2026_07_28,
  METHODS_REMOVED_IN_2026_07_28,
  PROTOCOLS,
  buildReplyMessage,
  classifyErrorCode,
  classifyMessage,
  describeReply,
  type Classification,
} from '#message-model';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'lab', version: '1.0.0' },
};
const ids = (c: Classification) => c.findings.map((f) => f.id);
const texts = (c: Classification) => [c.explanation, ...c.findings.map((f) => f.message)].join('\n');

describe('item 1: a notification is never answered, in any version', () => {
  // Spec 2026-07-28 basic/index.mdx §Notifications: "The receiver MUST NOT send a response." (The same sentence in
  // 2025-06-18 and 2025-11-25.)
  it('owes nothing for every removed or not-yet-defined method sent as a notification, and never says otherwise', () => {
    const names = [
      ...METHODS_REMOVED_IN_2026_07_28,
      ...METHODS_ADDED_IN_2026_07_28,
      'notifications/initialized',
      'sampling/complete',
    ];
    for (const protocol of PROTOCOLS) {
      for (const method of names) {
        const c = classifyMessage({ jsonrpc: '2.0', method }, { protocol });
        expect(c.kind, `${method} under ${protocol}`).toBe('notification');
        expect(c.reply).toEqual({ send: 'nothing' });
        // No finding text may promise an answer to a notification.
        expect(texts(c), `${method} under ${protocol}`).not.toMatch(/-3260\d|answers it|answers with/);
      }
    }
  });

  it('says a removed notification is still owed nothing, not "-32601"', () => {
    const c = classifyMessage('{"jsonrpc":"2.0","method":"notifications/initialized"}', { protocol: '2026-07-28' });
    const removed = c.findings.find((f) => f.id === 'method-removed');
    expect(removed?.message).toMatch(/sends nothing back, not even an error/);
  });
});

describe('item 2: where the spec leaves a code to the implementation, the model names none', () => {
  const legacyInitialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
  });

  // Spec 2026-07-28 basic/versioning.mdx §Compatibility Matrix (legacy client, modern server): "the server rejects
  // initialize with a JSON-RPC error; the exact code is implementation-defined".
  it('owes an error to a legacy initialize at a 2026-07-28 server, with no code pinned', () => {
    const c = classifyMessage(legacyInitialize, { protocol: '2026-07-28' });
    expect(c.reply).toEqual({ send: 'error', code: null, id: 0 });
    expect(texts(c)).not.toMatch(/answers? (it )?with -3260[12]|MUST reject it with -32602/);
    expect(describeReply(c.reply, '2026-07-28')).toMatch(/left to the implementation/);
    expect(buildReplyMessage(c.reply, '2026-07-28')).toBeUndefined();
  });

  // Spec 2026-07-28 basic/transports/stdio.mdx §Backward Compatibility: "The fallback MUST NOT be keyed to one
  // specific error code: legacy servers respond to unknown pre-initialize requests with implementation-defined errors
  // (commonly -32601 or -32602) or not at all."
  it('does not promise -32601 for server/discover at a legacy server', () => {
    const c = classifyMessage(
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } }),
      { protocol: '2025-11-25' },
    );
    expect(c.reply).toEqual({ send: 'response', id: 1 });
    const note = c.findings.find((f) => f.id === 'method-not-in-version');
    expect(note?.message).toMatch(/implementation-defined error \(commonly -32601 or -32602\)/);
    expect(note?.spec.section).toBe('MCP 2026-07-28 basic/transports/stdio.mdx §Backward Compatibility');
  });

  // Spec 2026-07-28 basic/index.mdx §_meta: "A request missing any required field is malformed; the server MUST
  // reject it with JSON-RPC error code -32602 (Invalid params)."
  it('still pins -32602 for a method 2026-07-28 has that arrives without the envelope', () => {
    const c = classifyMessage('{"jsonrpc":"2.0","id":3,"method":"tools/list"}', { protocol: '2026-07-28' });
    expect(c.reply).toEqual({ send: 'error', code: -32602, id: 3 });
  });
});

describe('item 3: the 2025-06-18 error id', () => {
  // 2025-06-18 schema.ts: `interface JSONRPCError { jsonrpc; id: RequestId; error }` (id required, never null).
  // 2025-06-18 basic/transports.mdx: "The HTTP response body MAY comprise a JSON-RPC error response that has no id."
  // (for a POSTed notification or response the server cannot accept).
  it('explains an id-less 2025-06-18 error without blaming unreadable requests', () => {
    const c = classifyMessage('{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"}}', {
      protocol: '2025-06-18',
    });
    const f = c.findings.find((x) => x.id === 'error-id-missing');
    expect(f?.message).toMatch(/requires an id on every error response/);
    expect(f?.message).toMatch(/notification or response the server cannot accept/);
    expect(f?.message).not.toMatch(/for unreadable requests\./);
  });

  it('does not say the 2025-06-18 schema leaves the id out', () => {
    const c = classifyMessage('{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}', {
      protocol: '2025-06-18',
    });
    const f = c.findings.find((x) => x.id === 'error-id-null');
    expect(f?.message).toMatch(/no schema-valid form/);
    expect(f?.message).not.toMatch(/leaves the id out/);
  });
});

describe('item 6: every reply the model shows is valid under the version it is shown for', () => {
  const replies = [
    ['{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"_meta":{}}}', 'malformed envelope'],
    ['{oops', 'parse error'],
    ['{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}', 'unreadable id'],
    [
      JSON.stringify({
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/list',
        params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '1900-01-01' } },
      }),
      'unsupported version',
    ],
    [JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { _meta: META } }), 'a response'],
  ] as const;

  // Spec 2026-07-28 basic/index.mdx §Error Responses ("except in error cases where the ID could not be read") and
  // §Result Responses ("The result MUST include a resultType field"); versioning.mdx for -32022's data.
  it('builds wire replies the same model classifies as a valid response under that version', () => {
    for (const protocol of MCP_VERSIONS) {
      for (const [text, what] of replies) {
        const c = classifyMessage(text, { protocol });
        const wire = buildReplyMessage(c.reply, protocol);
        if (wire === undefined) continue;
        const back = classifyMessage(JSON.stringify(wire), { protocol });
        expect(['result', 'error'], `${what} under ${protocol}: ${JSON.stringify(wire)}`).toContain(back.kind);
        expect(
          back.findings.filter((f) => f.severity === 'error').map((f) => f.id),
          `${what} under ${protocol}`,
        ).toEqual([]);
        if (protocol !== '2025-06-18') expect(JSON.stringify(wire)).not.toContain('"id":null');
      }
    }
  });

  it('gives -32022 its data.supported and data.requested', () => {
    const c = classifyMessage(replies[3][0], { protocol: '2026-07-28' });
    expect(buildReplyMessage(c.reply, '2026-07-28')).toEqual({
      jsonrpc: '2.0',
      id: 9,
      error: {
        code: -32022,
        message: 'Unsupported protocol version',
        data: { supported: ['2026-07-28'], requested: '1900-01-01' },
      },
    });
  });

  it('flags a -32022 error without the data the spec requires', () => {
    const c = classifyMessage(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"Unsupported protocol version"}}',
      { protocol: '2026-07-28' },
    );
    expect(ids(c)).toContain('error-data-invalid');
    expect(FINDING_IDS).toContain('error-data-invalid');
  });
});

describe('item 7: "legacy band" only for -32000..-32019 and only from 2026-07-28', () => {
  // Spec 2026-07-28 basic/index.mdx §Error Codes: "-32000 to -32019 — legacy." JSON-RPC 2.0 §5.1: "-32000 to -32099
  // Server error: Reserved for implementation-defined server-errors."
  it('describes -32000..-32099 under 2025-* as the implementation-defined server errors they are there', () => {
    for (const protocol of ['2025-06-18', '2025-11-25'] as const) {
      for (const code of [-32000, -32001, -32019, -32050]) {
        const c = classifyMessage(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code, message: 'x' } }), {
          protocol,
        });
        expect(c.kind).toBe('error');
        expect(texts(c)).not.toMatch(/legacy/i);
        expect(ids(c)).not.toContain('code-legacy-band');
        expect(classifyErrorCode(code, protocol).codeClass).toBe('server-error');
      }
    }
  });

  it('calls -32000..-32019 the legacy band under 2026-07-28', () => {
    const c = classifyMessage('{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Session not found"}}', {
      protocol: '2026-07-28',
    });
    expect(ids(c)).toContain('code-legacy-band');
  });
});

describe('also settled: batches under versions without batching', () => {
  // Spec 2025-06-18 changelog.mdx: "Remove support for JSON-RPC batching". No later text says how a receiver answers
  // an array, so the model says the spec is silent instead of inventing a reply.
  it('owes no reply the spec defines for an array under any MCP revision', () => {
    for (const protocol of MCP_VERSIONS) {
      const c = classifyMessage('[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]', { protocol });
      expect(c.reply).toEqual({ send: 'unspecified' });
      expect(describeReply(c.reply, protocol)).toMatch(/spec/);
      expect(c.findings.find((f) => f.id === 'batch-unsupported')?.message).toMatch(/does not say/);
    }
  });
});

describe('also settled: a version mismatch at 2025-11-25 initialize', () => {
  // Spec 2025-11-25 basic/lifecycle.mdx §Version Negotiation: "Otherwise, the server MUST respond with another
  // protocol version it supports."
  it('owes a response (a result naming another version), not an error', () => {
    const c = classifyMessage(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      }),
      { protocol: '2025-11-25' },
    );
    expect(c.reply).toEqual({ send: 'response', id: 1 });
    const note = c.findings.find((f) => f.id === 'initialize-version-mismatch');
    expect(note?.severity).toBe('info');
    expect(note?.message).toMatch(/result, not an error/);
  });
});
