/** log-pairing.ts: which response answers which request, judged from the spec text alone. */
import { describe, expect, it } from 'vitest';
import { analyzeLog, createLogAnalyzer, type LogAnalysis, type Side } from '#message-model';

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'lab', version: '1.0.0' },
};
const jsonl = (...messages: unknown[]) => messages.map((m) => JSON.stringify(m)).join('\n');
const issues = (a: Pick<LogAnalysis, 'issues'>) => a.issues.map((i) => [i.id, i.line, i.related ?? null]);
const call = (id: unknown, params: Record<string, unknown> = {}, capabilities: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: {
    name: 'deploy',
    arguments: {},
    ...params,
    _meta: { ...ENVELOPE, 'io.modelcontextprotocol/clientCapabilities': capabilities },
  },
});
const ok = (id: unknown) => ({
  jsonrpc: '2.0',
  id,
  result: { resultType: 'complete', content: [{ type: 'text', text: 'ok' }] },
});
const cancelled = (requestId: unknown) => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId, reason: 'user' },
});

/** Pushes lines with the side each came from, as a host log or a HAR says. */
function withSides(protocol: '2025-11-25' | '2026-07-28', ...lines: Array<[Side | undefined, unknown]>): LogAnalysis {
  const analyzer = createLogAnalyzer({ protocol });
  const entries = lines.flatMap(([side, m], i) => analyzer.push(i + 1, JSON.stringify(m), false, side ? { side } : {}));
  const end = analyzer.finish();
  return { ...end.analysis, entries: [...entries, ...end.entries] };
}

describe('cancellation', () => {
  // 2026-07-28 basic/patterns/cancellation.mdx §Behavior Requirements: servers receiving a cancellation SHOULD "Not
  // send a response for the cancelled request"; §Timing Considerations: "cancellation notifications may arrive after
  // request processing has completed, and potentially after a response has already been sent. Both parties MUST
  // handle these race conditions gracefully".
  it('owes no response after notifications/cancelled, and allows a late one that crossed it', () => {
    const none = analyzeLog(jsonl(call(1), cancelled(1)));
    expect(none.issues).toEqual([]);
    expect(none.exchanges.map((e) => e.outcome)).toEqual(['cancelled']);
    expect(none.counts).toMatchObject({ requests: 1, unanswered: 0, cancelled: 1 });
    const late = analyzeLog(jsonl(call(1), cancelled(1), ok(1)));
    expect(late.issues).toEqual([]);
    expect(late.exchanges.map((e) => [e.outcome, e.responseLine])).toEqual([['cancelled', 3]]);
  });

  it('still reports a request nobody cancelled or answered', () => {
    expect(issues(analyzeLog(jsonl(call(1), call(2), cancelled(1))))).toEqual([['request-unanswered', 2, null]]);
  });
});

describe('2026-07-28: servers do not send requests', () => {
  // 2026-07-28 basic/patterns/index.mdx: "Servers MUST NOT initiate JSON-RPC requests, and clients do not send
  // JSON-RPC responses." basic/transports/stdio.mdx: "The server MUST NOT write JSON-RPC requests to stdout."
  it('blames the server for a request it wrote, and the client owes it nothing', () => {
    const elicit = {
      jsonrpc: '2.0',
      id: 0,
      method: 'elicitation/create',
      params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } },
    };
    const byMethod = analyzeLog(jsonl(call(1), elicit, ok(1)));
    expect(issues(byMethod)).toEqual([['server-initiated-request', 2, null]]);
    expect(byMethod.issues[0]?.brokenBy).toBe('server');
    expect(byMethod.counts).toMatchObject({ requests: 1, unanswered: 0 });
    // A side the log states decides even for a method a client normally sends.
    const bySide = withSides('2026-07-28', ['client', call(1)], ['server', call(9)], ['server', ok(1)]);
    expect(issues(bySide)).toEqual([['server-initiated-request', 2, null]]);
  });
});

describe('ids are unique per requestor', () => {
  const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
  const roots = (id: number) => ({ jsonrpc: '2.0', id, method: 'roots/list' });
  const toolsResult = (id: number) => ({ jsonrpc: '2.0', id, result: { tools: [] } });
  const rootsResult = (id: number) => ({ jsonrpc: '2.0', id, result: { roots: [] } });
  const empty = (id: number) => ({ jsonrpc: '2.0', id, result: {} });

  // 2025-11-25 basic/index.mdx §Requests: "The request ID MUST NOT have been previously used by the requestor within
  // the same session." The rule is per requestor: the client's id 1 and the server's id 1 are different ids.
  it('pairs each response with the request it fits when both sides have the same id in flight', () => {
    const a = analyzeLog(jsonl(list(1), roots(1), rootsResult(1), toolsResult(1)), { protocol: '2025-11-25' });
    expect(a.issues).toEqual([]);
    expect(a.exchanges.map((e) => [e.method, e.side, e.responseLine])).toEqual([
      ['tools/list', 'client', 4],
      ['roots/list', 'server', 3],
    ]);
  });

  // 2025-11-25 basic/utilities/ping.mdx: "The receiver MUST respond promptly with an empty response"; either side may
  // send a ping, so two pings with id 1 in flight leave an empty result fitting both.
  it('says so, as a note and not an error, when a response fits both', () => {
    const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
    const a = withSides(
      '2025-11-25',
      ['client', ping(1)],
      ['server', ping(1)],
      [undefined, empty(1)],
      [undefined, empty(1)],
    );
    expect(issues(a)).toEqual([['response-pairing-ambiguous', 3, 1]]);
    expect(a.issues[0]?.severity).toBe('info');
  });

  it('needs no guess when the log says which side wrote each line', () => {
    const a = withSides(
      '2025-11-25',
      ['client', { jsonrpc: '2.0', id: 1, method: 'ping' }],
      ['server', { jsonrpc: '2.0', id: 1, method: 'ping' }],
      ['client', empty(1)],
      ['server', empty(1)],
    );
    expect(a.issues).toEqual([]);
    expect(a.exchanges.map((e) => [e.side, e.responseLine])).toEqual([
      ['client', 4],
      ['server', 3],
    ]);
  });

  it('still reports the same requestor reusing an id in flight', () => {
    const a = analyzeLog(jsonl(list(1), list(1), toolsResult(1), toolsResult(1)), { protocol: '2025-11-25' });
    expect(issues(a)[0]).toEqual(['duplicate-id-in-flight', 2, 1]);
    expect(a.issues[0]?.brokenBy).toBe('client');
  });
});

describe('MRTR retries', () => {
  const inputRequired = (id: unknown, inputRequests?: Record<string, unknown>) => ({
    jsonrpc: '2.0',
    id,
    result: { resultType: 'input_required', requestState: 'abc', ...(inputRequests ? { inputRequests } : {}) },
  });
  const elicit = {
    method: 'elicitation/create',
    params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } },
  };

  // 2026-07-28 basic/patterns/mrtr.mdx §Client Requirements (Basic Workflow): "The JSON-RPC `id` MUST be different
  // between the initial request and the retry, as they are independent requests."
  it('reports a retry that reuses the id of the request it retries, and accepts one with a new id', () => {
    const reused = analyzeLog(jsonl(call(1), inputRequired(1), call(1, { requestState: 'abc' }), ok(1)));
    expect(issues(reused)).toEqual([['retry-id-reused', 3, 1]]);
    expect(reused.issues[0]?.brokenBy).toBe('client');
    expect(analyzeLog(jsonl(call(1), inputRequired(1), call(2, { requestState: 'abc' }), ok(2))).issues).toEqual([]);
  });

  // §Server Requirements (Basic Workflow): "Servers MUST NOT send an `inputRequests` that the client has not
  // declared support for in its capabilities."
  it('reports input requests for a capability the request did not declare', () => {
    const undeclared = analyzeLog(jsonl(call(1), inputRequired(1, { name: elicit })));
    expect(issues(undeclared)).toEqual([['input-request-not-declared', 2, 1]]);
    expect(undeclared.issues[0]?.brokenBy).toBe('server');
    expect(analyzeLog(jsonl(call(1, {}, { elicitation: {} }), inputRequired(1, { name: elicit }))).issues).toEqual([]);
  });
});
