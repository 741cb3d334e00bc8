/**
 * checkAnswer (src/message-model/answer.ts), from the spec's sentences:
 * - MCP 2025-11-25 basic/index.mdx §Responses: "Result responses MUST include the same ID as the request they
 *   correspond to." — the id is compared with its type.
 * - MCP 2025-11-25 basic/index.mdx §Notifications: "The receiver MUST NOT send a response."
 * - MCP 2025-11-25 basic/transports.mdx §stdio: "The server MUST NOT write anything to its stdout that is not a
 *   valid MCP message." — an array is no MCP message in a revision without batches.
 */
import { describe, expect, it } from 'vitest';
import { checkAnswer, classifyMessage } from '#message-model';

const got = (...messages: unknown[]) =>
  messages.map((m) => classifyMessage(JSON.stringify(m), { protocol: '2025-11-25' }));

describe('checkAnswer', () => {
  it('accepts the result with the same id, and refuses the same digits of another type', () => {
    expect(checkAnswer({ send: 'response', id: '7' }, got({ jsonrpc: '2.0', id: '7', result: {} })).kind).toBe(
      'as-owed',
    );
    expect(checkAnswer({ send: 'response', id: '7' }, got({ jsonrpc: '2.0', id: 7, result: {} })).kind).toBe(
      'id-changed',
    );
  });

  it('refuses any reply to a notification', () => {
    const error = { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' } };
    expect(checkAnswer({ send: 'nothing' }, got(error)).kind).toBe('answered-what-needs-no-answer');
    expect(checkAnswer({ send: 'nothing' }, []).kind).toBe('as-owed');
  });

  it('tells a result owed an error from a wrong code, and ignores requests from the other side', () => {
    const owed = { send: 'error', code: -32601, id: 3 } as const;
    expect(checkAnswer(owed, got({ jsonrpc: '2.0', id: 3, result: {} })).kind).toBe('result-instead-of-error');
    expect(checkAnswer(owed, got({ jsonrpc: '2.0', id: 3, error: { code: -32602, message: 'x' } })).kind).toBe(
      'wrong-error-code',
    );
    const ping = { jsonrpc: '2.0', id: 'server-1', method: 'ping' };
    expect(checkAnswer(owed, got(ping, { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'x' } })).kind).toBe(
      'as-owed',
    );
  });

  it('refuses an array answer and a response that is not valid', () => {
    const owed = { send: 'error', code: -32600, id: null } as const;
    expect(checkAnswer(owed, got([{ jsonrpc: '2.0', id: 1, result: {} }])).kind).toBe('batch-answer');
    expect(checkAnswer(owed, got({ jsonrpc: '2.0', id: null, result: {} })).kind).toBe('invalid-answer');
    expect(checkAnswer(owed, []).kind).toBe('nothing-came-back');
  });

  // The owed form of an unreadable id differs by revision:
  // - 2025-11-25 basic/index.mdx §Error Responses: "Error responses MUST include the same ID as the request they
  //   correspond to (except in error cases where the ID could not be read due a malformed request)."; its schema
  //   writes `JSONRPCErrorResponse { id?: RequestId }`, so the id is left out.
  // - 2025-06-18 schema: `JSONRPCError { id: RequestId }`, required; JSON-RPC 2.0 §5: "If there was an error in
  //   detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null."
  const unreadable = { send: 'error', code: -32700, id: null } as const;
  it('accepts, from 2025-11-25 on, an error for an unreadable id with the id left out or null', () => {
    const error = { code: -32700, message: 'Parse error' };
    expect(checkAnswer(unreadable, got({ jsonrpc: '2.0', error }), '2025-11-25').kind).toBe('as-owed');
    expect(checkAnswer(unreadable, got({ jsonrpc: '2.0', id: null, error }), '2025-11-25').kind).toBe('as-owed');
  });

  it('words the owed id of an unreadable request as the revision writes it', () => {
    expect(checkAnswer(unreadable, [], '2025-11-25').explanation).toContain('the id left out');
    expect(checkAnswer(unreadable, [], '2026-07-28').explanation).toContain('the id left out');
    expect(checkAnswer(unreadable, [], '2025-06-18').explanation).toContain('the id null');
    expect(checkAnswer(unreadable, [], '2025-06-18').explanation).not.toContain('left out');
    expect(checkAnswer(unreadable, [], 'jsonrpc-2.0').explanation).toBe('No reply with the id null came back.');
    const other = got({ jsonrpc: '2.0', id: 41, error: { code: -32700, message: 'Parse error' } });
    expect(checkAnswer(unreadable, other, '2025-11-25').explanation).toMatch(/carries the id 41, not the id left out/);
  });
});
