/** classify-requests.ts: a request method without an id, a notification method with one (the kind stays). */
import { describe, expect, it } from 'vitest';
import { classifyMessage, MCP_VERSIONS } from '#message-model';

describe('kind confusion', () => {
  // JSON-RPC 2.0 §4.1: "A Notification is a Request object without an "id" member. ... The Server MUST NOT reply to
  // a Notification". Spec 2026-07-28 basic/index.mdx §Notifications: "The receiver MUST NOT send a response."
  it('classifies a request method without an id as a notification nobody answers, with a warning', () => {
    for (const protocol of MCP_VERSIONS) {
      const c = classifyMessage('{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x","arguments":{}}}', {
        protocol,
      });
      expect(c.kind).toBe('notification');
      expect(c.reply).toEqual({ send: 'nothing' });
      expect(c.findings.filter((f) => f.id === 'request-method-without-id').map((f) => f.severity)).toEqual([
        'warning',
      ]);
    }
  });

  // JSON-RPC 2.0 §4: "The Server MUST reply with a Response, except for in the case of Notifications"; a message
  // with an id is a request whatever its method is called.
  it('classifies a notification method with an id as a request that owes a response, with a warning', () => {
    const c = classifyMessage('{"jsonrpc":"2.0","id":4,"method":"notifications/initialized"}', {
      protocol: '2025-11-25',
    });
    expect(c.kind).toBe('request');
    expect(c.reply).toMatchObject({ send: 'response', id: 4 });
    expect(c.findings.map((f) => [f.id, f.severity])).toContainEqual(['notification-method-with-id', 'warning']);
  });

  it('says nothing about a request or a notification named as the spec names it', () => {
    const request = classifyMessage('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { protocol: '2025-11-25' });
    const notification = classifyMessage('{"jsonrpc":"2.0","method":"notifications/initialized"}', {
      protocol: '2025-11-25',
    });
    for (const c of [request, notification])
      expect(c.findings.map((f) => f.id)).not.toContain(
        c.kind === 'request' ? 'notification-method-with-id' : 'request-method-without-id',
      );
  });
});
