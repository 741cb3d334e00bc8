/** log-streams.ts: subscriptions/listen streams on stdio and HTTP, judged from the spec text alone. */
import { describe, expect, it } from 'vitest';
import { analyzeLog, createLogAnalyzer, type LogAnalysis, type LineSource } from '#message-model';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'lab', version: '1.0.0' },
};
const jsonl = (...messages: unknown[]) => messages.map((m) => JSON.stringify(m)).join('\n');
const issues = (a: Pick<LogAnalysis, 'issues'>) => a.issues.map((i) => [i.id, i.line, i.related ?? null]);
const sub = (id: unknown) => ({ 'io.modelcontextprotocol/subscriptionId': id });

const listen = (id: number, notifications: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'subscriptions/listen',
  params: { notifications, _meta: ENVELOPE },
});
const ack = (id: unknown, notifications: Record<string, unknown> = { toolsListChanged: true }) => ({
  jsonrpc: '2.0',
  method: 'notifications/subscriptions/acknowledged',
  params: { notifications, _meta: sub(id) },
});
const toolsChanged = (meta?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  method: 'notifications/tools/list_changed',
  ...(meta ? { params: { _meta: meta } } : {}),
});
const updated = (uri: string, id: unknown) => ({
  jsonrpc: '2.0',
  method: 'notifications/resources/updated',
  params: { uri, _meta: sub(id) },
});

describe('subscriptions/listen on stdio (one channel, correlated by subscriptionId)', () => {
  // 2026-07-28 basic/patterns/subscriptions.mdx §Receiving Notifications: "All notifications delivered on the stream
  // carry `io.modelcontextprotocol/subscriptionId` in `_meta`, identifying the `subscriptions/listen` request that
  // opened the stream. The value is the JSON-RPC ID of the `subscriptions/listen` request."
  it('accepts a stream whose acknowledgment comes first and whose notifications carry the listen id', () => {
    const a = analyzeLog(jsonl(listen(1, { toolsListChanged: true }), ack(1), toolsChanged(sub(1))));
    expect(a.issues).toEqual([]);
  });

  it('blames the server for a notification without the subscription id, or with an id no listen request has', () => {
    const a = analyzeLog(
      jsonl(
        listen(1, { toolsListChanged: true }),
        ack(1),
        toolsChanged(),
        toolsChanged(sub(2)),
        toolsChanged(sub('1')),
      ),
    );
    expect(issues(a)).toEqual([
      ['subscription-id-missing', 3, 1],
      ['subscription-unknown', 4, null],
      ['subscription-unknown', 5, null],
    ]);
    expect(a.issues.every((i) => i.brokenBy === 'server')).toBe(true);
  });

  // §Opening a Stream: "The server MUST NOT send notification types the client has not explicitly requested."
  // §Notification Filter: `resourceSubscriptions` "Receive `notifications/resources/updated` for these resource URIs".
  it('reports a notification type, or a resource, that the filter did not ask for', () => {
    const a = analyzeLog(
      jsonl(
        listen(1, { resourceSubscriptions: ['file:///a'] }),
        ack(1, { resourceSubscriptions: ['file:///a'] }),
        updated('file:///a', 1),
        updated('file:///b', 1),
        toolsChanged(sub(1)),
      ),
    );
    expect(issues(a)).toEqual([
      ['subscription-notification-not-requested', 4, 1],
      ['subscription-notification-not-requested', 5, 1],
    ]);
  });

  // 2026-07-28 server/utilities/logging.mdx §Per-request log level: "`notifications/message` is request-scoped: the
  // server MUST NOT deliver it on a `subscriptions/listen` stream". Progress is not a filter type, so the
  // subscription rule above forbids it on the stream as well.
  it('reports a log message or progress delivered on a listen stream', () => {
    const a = analyzeLog(
      jsonl(
        listen(1, { toolsListChanged: true }),
        ack(1),
        { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x', _meta: sub(1) } },
        {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 't', progress: 1, _meta: sub(1) },
        },
      ),
    );
    expect(issues(a).filter(([id]) => id === 'request-scoped-on-subscription')).toEqual([
      ['request-scoped-on-subscription', 3, 1],
      ['request-scoped-on-subscription', 4, 1],
    ]);
  });

  // §Acknowledgment: "On stdio, where every subscription shares one channel, this ordering is defined per
  // subscription ID and not per channel: messages belonging to other subscriptions MAY be interleaved before it."
  it('orders the acknowledgment per subscription, not per channel', () => {
    const a = analyzeLog(
      jsonl(
        listen(1, { toolsListChanged: true }),
        listen(2, { toolsListChanged: true }),
        ack(1),
        toolsChanged(sub(1)),
        ack(2),
      ),
    );
    expect(a.issues).toEqual([]);
  });

  // §Cancellation: a subscription ends when "The client cancels it — close the SSE stream (HTTP) or send
  // `notifications/cancelled` referencing the `subscriptions/listen` request ID (stdio)". The stream "stays open
  // and delivers notifications until the client cancels it": neither case is a lost request.
  it('counts an open or client-cancelled listen stream as no lost request', () => {
    const open = analyzeLog(jsonl(listen(1, { toolsListChanged: true }), ack(1)));
    expect(open.issues).toEqual([]);
    expect(open.exchanges.map((e) => e.outcome)).toEqual(['open']);
    const closed = analyzeLog(
      jsonl(listen(1, { toolsListChanged: true }), ack(1), {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 1 },
      }),
    );
    expect(closed.issues).toEqual([]);
    expect(closed.exchanges.map((e) => e.outcome)).toEqual(['cancelled']);
    expect(closed.counts).toMatchObject({ unanswered: 0, cancelled: 1 });
  });

  // §Graceful Closure: the server "SHOULD respond to the original `subscriptions/listen` request with a completion
  // result before closing the stream".
  it('pairs the graceful-closure result with the listen request', () => {
    const a = analyzeLog(
      jsonl(listen(1, { toolsListChanged: true }), ack(1), {
        jsonrpc: '2.0',
        id: 1,
        result: { resultType: 'complete', _meta: sub(1) },
      }),
    );
    expect(a.issues).toEqual([]);
    expect(a.exchanges.map((e) => [e.outcome, e.responseLine])).toEqual([['result', 3]]);
  });
});

describe('subscriptions/listen on HTTP (each stream its own response)', () => {
  // §Receiving Notifications: "All notifications delivered on the stream carry
  // `io.modelcontextprotocol/subscriptionId` in `_meta`" holds on HTTP too, where the stream is the listen POST's
  // SSE response; the analyser is told which request's stream carried a line.
  it('reports a notification on the listen stream without the id, and a log message on it', () => {
    const analyzer = createLogAnalyzer({ protocol: '2026-07-28' });
    const push = (line: number, m: unknown, from: LineSource) => analyzer.push(line, JSON.stringify(m), false, from);
    push(1, listen(5, { toolsListChanged: true }), { side: 'client' });
    push(2, ack(5), { side: 'server', stream: 5 });
    push(3, toolsChanged(), { side: 'server', stream: 5 });
    push(
      4,
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } },
      {
        side: 'server',
        stream: 5,
      },
    );
    const { analysis } = analyzer.finish();
    expect(issues(analysis).filter(([id]) => id !== 'log-message-not-requested')).toEqual([
      ['subscription-id-missing', 3, 1],
      ['subscription-id-missing', 4, 1],
      ['request-scoped-on-subscription', 4, 1],
    ]);
  });
});
