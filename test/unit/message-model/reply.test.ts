/** reply.ts: the wire message a reply stands for, and comparing replies the way JSON-RPC 2.0 §6 allows. */
import { describe, expect, it } from 'vitest';
import { buildReplyMessage, sameReply, type Reply } from '#message-model';

describe('buildReplyMessage', () => {
  it('sends nothing for nothing', () => {
    expect(buildReplyMessage({ send: 'nothing' })).toBeUndefined();
  });

  it('builds a placeholder result with the id for a response', () => {
    expect(buildReplyMessage({ send: 'response', id: 'a' }, '2025-11-25')).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      result: {},
    });
  });

  // Spec 2026-07-28 basic/index.mdx §Result Responses: "The `result` MUST include a `resultType` field".
  it('gives a 2026-07-28 placeholder result its resultType', () => {
    expect(buildReplyMessage({ send: 'response', id: 'a' }, '2026-07-28')).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      result: { resultType: 'complete' },
    });
  });

  // Spec 2025-11-25 basic/index.mdx §Error Responses: "Error responses MUST include the same ID as the request they
  // correspond to (except in error cases where the ID could not be read due a malformed request)"; the schema's
  // id is `string | number`, never null.
  it('leaves the id out of an error to an unreadable request from 2025-11-25 on, and writes null before', () => {
    for (const protocol of ['2025-11-25', '2026-07-28'] as const) {
      expect(buildReplyMessage({ send: 'error', code: -32700, id: null }, protocol)).toEqual({
        jsonrpc: '2.0',
        error: { code: -32700, message: 'Parse error' },
      });
    }
    for (const protocol of ['jsonrpc-2.0', '2025-06-18'] as const) {
      expect(buildReplyMessage({ send: 'error', code: -32700, id: null }, protocol)).toMatchObject({ id: null });
    }
  });

  // Spec 2026-07-28 basic/versioning.mdx: the server "MUST respond with an UnsupportedProtocolVersionError listing
  // the versions it does support" (schema.ts: data { supported: string[]; requested: string }).
  it('puts the required data on a -32022 reply', () => {
    const data = { supported: ['2026-07-28'], requested: '2027-01-01' };
    expect(buildReplyMessage({ send: 'error', code: -32022, id: 4, data }, '2026-07-28')).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: { code: -32022, message: 'Unsupported protocol version', data },
    });
  });

  // Spec 2026-07-28 basic/versioning.mdx §Compatibility Matrix: "the exact code is implementation-defined".
  it('shows no single wire message for an error whose code the spec leaves open, nor for an unspecified reply', () => {
    expect(buildReplyMessage({ send: 'error', code: null, id: 0 }, '2026-07-28')).toBeUndefined();
    expect(buildReplyMessage({ send: 'unspecified' }, '2026-07-28')).toBeUndefined();
  });

  it('uses the standard JSON-RPC messages for the standard codes', () => {
    expect(buildReplyMessage({ send: 'error', code: -32700, id: null }, 'jsonrpc-2.0')).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
    expect(buildReplyMessage({ send: 'error', code: -32600, id: 3 })).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32600, message: 'Invalid Request' },
    });
    expect(buildReplyMessage({ send: 'error', code: -32602, id: 3 })).toMatchObject({
      error: { message: 'Invalid params' },
    });
  });

  it('builds an array for a batch, leaving out nothing-replies', () => {
    const reply: Reply = {
      send: 'batch',
      items: [{ send: 'response', id: 1 }, { send: 'nothing' }, { send: 'error', code: -32600, id: null }],
    };
    const message = buildReplyMessage(reply, 'jsonrpc-2.0') as unknown[];
    expect(message).toHaveLength(2);
    expect(JSON.parse(JSON.stringify(message))).toEqual(message);
  });
});

describe('sameReply', () => {
  const a: Reply = { send: 'response', id: 1 };
  const b: Reply = { send: 'error', code: -32600, id: null };

  it('compares single replies by value', () => {
    expect(sameReply({ send: 'response', id: 1 }, a)).toBe(true);
    expect(sameReply({ send: 'response', id: '1' }, a)).toBe(false);
    expect(sameReply({ send: 'error', code: -32601, id: null }, b)).toBe(false);
    expect(sameReply({ send: 'nothing' }, { send: 'nothing' })).toBe(true);
  });

  it('ignores the order of batch items', () => {
    expect(sameReply({ send: 'batch', items: [a, b] }, { send: 'batch', items: [b, a] })).toBe(true);
  });

  it('counts repeated batch items', () => {
    expect(sameReply({ send: 'batch', items: [b, b, a] }, { send: 'batch', items: [a, b, a] })).toBe(false);
    expect(sameReply({ send: 'batch', items: [b] }, { send: 'batch', items: [b, b] })).toBe(false);
  });

  it('compares error data whatever the order of its members', () => {
    const x: Reply = { send: 'error', code: -32022, id: 1, data: { supported: ['2026-07-28'], requested: 'x' } };
    const y: Reply = { send: 'error', code: -32022, id: 1, data: { requested: 'x', supported: ['2026-07-28'] } };
    expect(sameReply(x, y)).toBe(true);
    expect(sameReply(x, { send: 'error', code: -32022, id: 1 })).toBe(false);
  });

  it('never equates a batch with a single reply', () => {
    expect(sameReply({ send: 'batch', items: [a] }, a)).toBe(false);
  });
});
