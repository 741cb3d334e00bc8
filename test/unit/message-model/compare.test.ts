/** compare.ts: one message under every protocol, and what changes between neighbours. */
import { describe, expect, it } from 'vitest';
import { PROTOCOLS, classifyAcrossProtocols, describeReply } from '#message-model';

describe('classifyAcrossProtocols', () => {
  it('classifies under every protocol, oldest first', () => {
    const out = classifyAcrossProtocols('{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}');
    expect(Object.keys(out.byProtocol)).toEqual([...PROTOCOLS]);
    expect(out.differences).toEqual([]);
  });

  it('reports the kind and reply that change when MCP forbids a null id', () => {
    const out = classifyAcrossProtocols('{"jsonrpc":"2.0","id":null,"method":"tools/list"}');
    expect(out.differences.map((d) => [d.from, d.to, d.aspect])).toEqual([
      ['jsonrpc-2.0', '2025-06-18', 'kind'],
      ['jsonrpc-2.0', '2025-06-18', 'reply'],
    ]);
    expect(out.differences[0]?.summary).toBe(
      'Under jsonrpc-2.0 this is a request; under 2025-06-18 it is an invalid message.',
    );
    expect(out.differences[1]?.summary).toBe(
      "The receiver owes a response with id null under jsonrpc-2.0, but error -32600 with id null (JSON-RPC's form; the 2025-06-18 schema has none for an unreadable id) under 2025-06-18.",
    );
  });

  it('reports findings that appear with a later revision', () => {
    const out = classifyAcrossProtocols(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"Resource not found"}}',
      ['2025-11-25', '2026-07-28'],
    );
    expect(Object.keys(out.byProtocol)).toEqual(['2025-11-25', '2026-07-28']);
    expect(out.differences).toEqual([
      {
        from: '2025-11-25',
        to: '2026-07-28',
        aspect: 'findings',
        summary: 'Moving from 2025-11-25 to 2026-07-28 adds code-retired.',
      },
    ]);
  });

  it('reports the batch that MCP stopped accepting', () => {
    const out = classifyAcrossProtocols('[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]', [
      'jsonrpc-2.0',
      '2025-06-18',
    ]);
    expect(out.differences.map((d) => d.aspect)).toEqual(['reply', 'findings']);
  });
});

describe('describeReply', () => {
  it('describes each reply in words', () => {
    expect(describeReply({ send: 'nothing' })).toBe('nothing');
    expect(describeReply({ send: 'response', id: 'a' })).toBe('a response with id "a"');
    expect(describeReply({ send: 'error', code: -32700, id: null })).toBe('error -32700 with id null');
    expect(describeReply({ send: 'batch', items: [{ send: 'nothing' }] })).toBe('a batch of 1 reply');
    expect(describeReply({ send: 'batch', items: [{ send: 'nothing' }, { send: 'nothing' }] })).toBe(
      'a batch of 2 replies',
    );
  });
});
