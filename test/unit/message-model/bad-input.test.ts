/**
 * Hostile and oversized input: each message classifies (or is rejected with a finding) without throwing,
 * overflowing the stack, hanging, or polluting Object.prototype. No timings are asserted; the bench measures speed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { classifyMessage, formatClassification, type Classification } from '#message-model';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'lab', version: '1.0.0' },
};
const MB = 1024 * 1024;
const ids = (c: Classification) => c.findings.map((f) => f.id);
const polluted = () =>
  Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted') ||
  ({} as Record<string, unknown>).polluted !== undefined;

afterEach(() => {
  // Nothing here may leak into every object in the process.
  expect(polluted()).toBe(false);
});

describe('a 10 MB message', () => {
  it('classifies a tools/call whose argument is a 10 MB string', () => {
    const text = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'upload_log', arguments: { log: 'x'.repeat(10 * MB) }, _meta: META },
    });
    expect(text.length).toBeGreaterThan(10 * MB);
    for (const protocol of ['2025-11-25', '2026-07-28'] as const) {
      const c = classifyMessage(text, { protocol });
      expect(c.kind).toBe('request');
      expect(c.reply).toEqual({ send: 'response', id: 1 });
    }
  });

  it('classifies a 10 MB tool result of 200,000 content blocks', () => {
    const content = Array.from({ length: 200_000 }, (_, i) => ({
      type: 'text',
      text: `line ${i}: connection reset by peer`,
    }));
    const text = JSON.stringify({ jsonrpc: '2.0', id: 2, result: { content } });
    expect(text.length).toBeGreaterThan(8 * MB);
    const c = classifyMessage(text, { protocol: '2025-11-25' });
    expect(c.kind).toBe('result');
    expect(c.kind === 'result' && c.toolOutcome).toBe('success');
  });

  it('answers 10 MB that stops parsing at the very end with -32700 and the right position', () => {
    const text = `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"x","arguments":{"log":"${'y'.repeat(10 * MB)}"}}`;
    const c = classifyMessage(text, { protocol: '2025-11-25' });
    expect(c.kind).toBe('parse-error');
    expect(c.reply).toEqual({ send: 'error', code: -32700, id: null });
    if (c.kind === 'parse-error') expect(c.position.offset).toBeGreaterThan(10 * MB);
  });

  it('flags a 10 MB array of notifications under MCP as a batch MCP does not have, owing no reply the spec defines', () => {
    const note =
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"upload-9","progress":1}}';
    const text = `[${Array(Math.ceil((10 * MB) / note.length))
      .fill(note)
      .join(',')}]`;
    expect(text.length).toBeGreaterThan(10 * MB);
    const c = classifyMessage(text, { protocol: '2026-07-28' });
    expect(c.kind).toBe('batch');
    expect(c.reply).toEqual({ send: 'unspecified' });
    expect(c.findings.map((f) => f.id)).toContain('batch-unsupported');
  });

  it('classifies a JSON-RPC batch of millions of elements within a bounded effort, and says so', () => {
    const text = `[${Array(5_300_000).fill('1').join(',')}]`;
    expect(text.length).toBeGreaterThan(10 * MB);
    const c = classifyMessage(text, { protocol: 'jsonrpc-2.0' });
    expect(c.kind).toBe('batch');
    expect(ids(c)).toContain('classifier-limit');
    if (c.kind === 'batch' && c.reply.send === 'batch') {
      expect(c.items.length).toBeLessThan(5_300_000);
      expect(c.reply.items.length).toBe(c.items.length);
    }
  });
});

describe('deep nesting', () => {
  const DEPTH = 100_000;
  /** Past the classifier's walk depth (256), within the reading limit (MAX_JSON_DEPTH, 512). */
  const DEEP = 400;
  const nest = (n: number) => ({
    arrays: `${'['.repeat(n)}1${']'.repeat(n)}`,
    objects: `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`,
  });
  const deep = nest(DEEP);

  it('answers a batch nested 400 arrays deep, with a depth warning', () => {
    const c = classifyMessage(deep.arrays, { protocol: 'jsonrpc-2.0' });
    expect(c.kind).toBe('batch');
    expect(c.reply).toEqual({ send: 'batch', items: [{ send: 'error', code: -32600, id: null }] });
    expect(ids(c)).toContain('nesting-too-deep');
  });

  it('answers 400 nested objects as an invalid message, with a depth warning', () => {
    const c = classifyMessage(deep.objects, { protocol: '2025-11-25' });
    expect(c.kind).toBe('invalid');
    expect(c.reply).toEqual({ send: 'error', code: -32600, id: null });
    expect(ids(c)).toContain('nesting-too-deep');
  });

  it('still sees a valid request around 400-deep arguments', () => {
    const text = `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"x","arguments":{"tree":${deep.objects}},"_meta":${JSON.stringify(META)}}}`;
    for (const protocol of ['2025-11-25', '2026-07-28'] as const) {
      const c = classifyMessage(text, { protocol });
      expect(c.kind).toBe('request');
      expect(c.reply).toEqual({ send: 'response', id: 4 });
      expect(ids(c)).toContain('nesting-too-deep');
    }
  });

  it('does not compare 400-deep structured content (the walk stops at the depth limit)', () => {
    const text = `{"jsonrpc":"2.0","id":5,"result":{"content":[],"structuredContent":${deep.objects}}}`;
    const c = classifyMessage(text, { protocol: '2025-11-25' });
    expect(c.kind).toBe('result');
    expect(ids(c)).toContain('nesting-too-deep');
  });

  it('reads text nested 100,000 levels as a parse error (RFC 8259 §9 depth limit), even when the caller lifts the walk depth', () => {
    const { arrays, objects } = nest(DEPTH);
    const around = `{"jsonrpc":"2.0","id":6,"result":{"content":[{"type":"text","text":"1"}],"structuredContent":${arrays}}}`;
    for (const text of [arrays, objects, around]) {
      const c = classifyMessage(text, { protocol: '2026-07-28', maxDepth: 10 * DEPTH });
      expect(c.kind).toBe('parse-error');
      expect(c.reply).toEqual({ send: 'error', code: -32700, id: null });
    }
  });

  it('answers unbalanced nesting as a parse error', () => {
    const c = classifyMessage('['.repeat(DEPTH), { protocol: 'jsonrpc-2.0' });
    expect(c.kind).toBe('parse-error');
  });

  it('accepts a deeply nested value that is already parsed', () => {
    let value: unknown = 1;
    for (let i = 0; i < DEPTH; i += 1) value = { a: value };
    const c = classifyMessage(
      { jsonrpc: '2.0', method: 'notifications/progress', params: { deep: value } },
      { protocol: '2025-11-25' },
    );
    expect(c.kind).toBe('notification');
    expect(formatClassification(c)).toContain('nesting-too-deep');
  });
});

describe('__proto__ and constructor keys', () => {
  it('treats a top-level "__proto__" member as an unknown member, not as a prototype', () => {
    const c = classifyMessage('{"__proto__":{"polluted":true,"jsonrpc":"2.0"},"id":1,"method":"tools/list"}', {
      protocol: '2025-11-25',
    });
    // "jsonrpc" inside __proto__ must not count: the message has no jsonrpc member of its own.
    expect(c.kind).toBe('invalid');
    expect(ids(c)).toEqual(expect.arrayContaining(['missing-jsonrpc', 'unknown-member']));
    expect(c.reply).toEqual({ send: 'error', code: -32600, id: 1 });
  });

  it('keeps "__proto__" and "constructor" inside params as ordinary data', () => {
    const text =
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"x","arguments":{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}}';
    const c = classifyMessage(text, { protocol: '2025-11-25' });
    expect(c.kind).toBe('request');
    expect(c.reply).toEqual({ send: 'response', id: 2 });
  });

  it('does not read an error code from a "__proto__" member', () => {
    const c = classifyMessage(
      '{"jsonrpc":"2.0","id":3,"error":{"__proto__":{"code":-32601},"message":"Method not found"}}',
      { protocol: '2025-11-25' },
    );
    expect(c.kind).toBe('invalid');
    expect(ids(c)).toContain('error-object-invalid');
  });

  it('does not take a "__proto__" result as an empty tool result', () => {
    const c = classifyMessage('{"jsonrpc":"2.0","id":4,"result":{"__proto__":{"isError":true,"content":[]}}}', {
      protocol: '2025-11-25',
    });
    expect(c.kind).toBe('result');
    expect(c.kind === 'result' && c.toolOutcome).toBeUndefined();
  });

  it('treats Object.prototype names used as methods as ordinary method names', () => {
    for (const method of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const c = classifyMessage(JSON.stringify({ jsonrpc: '2.0', id: 5, method, params: {} }), {
        protocol: '2025-11-25',
      });
      expect(c.kind, method).toBe('request');
      expect(c.findings, method).toEqual([]);
    }
  });

  it('grades a "__proto__" protocol option as the default protocol', () => {
    const c = classifyMessage('{"jsonrpc":"2.0","method":"a"}', { protocol: '__proto__' as never });
    expect(c.protocol).toBe('2026-07-28');
  });
});

describe('lone surrogates', () => {
  it('classifies a request whose id, method and member name hold lone surrogates, and points at each', () => {
    const text = '{"jsonrpc":"2.0","id":"\\ud800","method":"tools/\\udfff","params":{"k\\udbff":1}}';
    const c = classifyMessage(text, { protocol: '2025-11-25' });
    expect(c.kind).toBe('request');
    expect(c.reply).toEqual({ send: 'response', id: '\ud800' });
    expect(
      c.findings
        .filter((f) => f.id === 'lone-surrogate')
        .map((f) => f.path)
        .sort(),
    ).toEqual(['/id', '/method', '/params/k\udbff']);
    // The classification itself still serialises to valid JSON.
    expect(() => JSON.parse(JSON.stringify(c))).not.toThrow();
  });

  it('accepts a properly paired surrogate without a finding', () => {
    const c = classifyMessage(
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1,"message":"\\ud83d\\udd25 on fire"}}',
      { protocol: '2025-11-25' },
    );
    expect(ids(c)).toEqual([]);
  });
});

describe('numbers past double precision', () => {
  it('warns about an id past 2^53 and echoes what a JavaScript receiver reads', () => {
    const c = classifyMessage('{"jsonrpc":"2.0","id":18446744073709551617,"method":"tools/list"}', {
      protocol: '2025-11-25',
    });
    expect(c.reply).toEqual({ send: 'response', id: 18446744073709551616 });
    expect(ids(c)).toEqual(expect.arrayContaining(['id-unsafe-integer', 'number-precision']));
  });

  it('rejects an id of 1e400, which no reply can carry', () => {
    const c = classifyMessage('{"jsonrpc":"2.0","id":1e400,"method":"tools/list"}', { protocol: 'jsonrpc-2.0' });
    expect(c.reply).toEqual({ send: 'error', code: -32600, id: null });
    expect(JSON.stringify(c.reply)).not.toContain('Infinity');
  });

  it('rejects an error code of 1e400 as not an integer', () => {
    const c = classifyMessage('{"jsonrpc":"2.0","id":1,"error":{"code":-1e400,"message":"x"}}', {
      protocol: '2025-11-25',
    });
    expect(c.kind).toBe('invalid');
    expect(ids(c)).toEqual(expect.arrayContaining(['error-object-invalid', 'number-precision']));
  });

  it('points at a huge number deep inside a result', () => {
    const c = classifyMessage('{"jsonrpc":"2.0","id":1,"result":{"tickets":[{"id":123456789012345678901234567890}]}}', {
      protocol: '2025-11-25',
    });
    expect(c.kind).toBe('result');
    expect(c.findings.find((f) => f.id === 'number-precision')?.path).toBe('/result/tickets/0/id');
  });
});

describe('duplicate keys', () => {
  it('reports a repeated method and classifies by the last copy, as JavaScript does', () => {
    const c = classifyMessage(
      '{"jsonrpc":"2.0","id":1,"method":"tools/list","method":"tools/call","params":{"name":"x"}}',
      { protocol: '2025-11-25' },
    );
    expect(c.kind === 'request' && c.method).toBe('tools/call');
    expect(c.findings.find((f) => f.id === 'duplicate-key')?.path).toBe('/method');
  });

  it('sees through escapes: "id" and "\\u0069d" are the same name', () => {
    const c = classifyMessage('{"jsonrpc":"2.0","id":1,"\\u0069d":2,"method":"tools/list"}', {
      protocol: '2025-11-25',
    });
    expect(c.reply).toEqual({ send: 'response', id: 2 });
    expect(ids(c)).toContain('duplicate-key');
  });

  it('finds duplicates nested in params and inside arrays', () => {
    const c = classifyMessage(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"list":[{"a":1,"a":2}]}}}',
      { protocol: '2025-11-25' },
    );
    expect(c.findings.find((f) => f.id === 'duplicate-key')?.path).toBe('/params/arguments/list/0/a');
  });

  it('does not mistake a colon inside a string for a member name', () => {
    const c = classifyMessage(
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"note":"a\\":\\"b","url":"http://x:1/"}}}',
      { protocol: '2025-11-25' },
    );
    expect(ids(c)).toEqual([]);
  });

  it('caps the reports for thousands of duplicates', () => {
    const members = Array.from({ length: 5000 }, () => '"k":1').join(',');
    const c = classifyMessage(`{"jsonrpc":"2.0","method":"notifications/progress","params":{${members}}}`, {
      protocol: '2025-11-25',
    });
    expect(c.kind).toBe('notification');
    const dups = c.findings.filter((f) => f.id === 'duplicate-key').length;
    expect(dups).toBeGreaterThan(0);
    expect(dups).toBeLessThanOrEqual(20);
  });

  it('reports a repeated "__proto__" without touching the prototype', () => {
    const c = classifyMessage(
      '{"jsonrpc":"2.0","id":1,"method":"x","params":{"__proto__":{"polluted":1},"__proto__":{"polluted":2}}}',
      { protocol: '2025-11-25' },
    );
    expect(ids(c)).toContain('duplicate-key');
  });
});

describe('values that are not JSON at all', () => {
  it('walks a cyclic value once and says it did not look further', () => {
    const params: Record<string, unknown> = { name: 'x' };
    params.self = params;
    const c = classifyMessage({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }, { protocol: '2025-11-25' });
    expect(c.kind).toBe('request');
    expect(ids(c)).toContain('classifier-limit');
  });

  it('survives getters and proxies that throw', () => {
    const getter = Object.defineProperty({ id: 1, method: 'x' }, 'jsonrpc', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('nope');
        },
      },
    );
    for (const value of [getter, proxy]) {
      const c = classifyMessage(value);
      expect(c.kind).toBe('invalid');
      expect(c.reply).toEqual({ send: 'error', code: -32600, id: null });
    }
  });

  it('classifies every element of a sparse array, holes included', () => {
    // eslint-disable-next-line no-sparse-arrays
    const c = classifyMessage([, { jsonrpc: '2.0', id: 1, method: 'a' }], { protocol: 'jsonrpc-2.0' });
    expect(c.kind).toBe('batch');
    if (c.kind === 'batch') expect(c.items.map((i) => i?.kind)).toEqual(['invalid', 'request']);
    expect(c.reply).toEqual({
      send: 'batch',
      items: [
        { send: 'error', code: -32600, id: null },
        { send: 'response', id: 1 },
      ],
    });
  });

  it('classifies undefined, a function, a symbol and a bigint as invalid messages', () => {
    for (const value of [undefined, () => 1, Symbol('x'), 10n]) {
      const c = classifyMessage(value);
      expect(c.kind).toBe('invalid');
      expect(c.findings[0]?.message).not.toMatch(/undefined undefined|=>|Symbol\(/);
    }
  });
});
