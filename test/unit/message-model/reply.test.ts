/** reply.ts: the wire message a reply stands for, and comparing replies the way JSON-RPC 2.0 §6 allows. */
import { describe, expect, it } from 'vitest';
import { buildReplyMessage, sameReply, type Reply } from '#message-model';

describe('buildReplyMessage', () => {
  it('sends nothing for nothing', () => {
    expect(buildReplyMessage({ send: 'nothing' })).toBeUndefined();
  });

  it('builds a placeholder result with the id for a response', () => {
    expect(buildReplyMessage({ send: 'response', id: 'a' })).toEqual({ jsonrpc: '2.0', id: 'a', result: {} });
  });

  it('uses the standard JSON-RPC messages for the standard codes', () => {
    expect(buildReplyMessage({ send: 'error', code: -32700, id: null })).toEqual({
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
    const message = buildReplyMessage(reply) as unknown[];
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

  it('never equates a batch with a single reply', () => {
    expect(sameReply({ send: 'batch', items: [a] }, a)).toBe(false);
  });
});
