/** log.ts: a captured stdio session, one message per line: each line classified, then the session analysed. */
import { describe, expect, it } from 'vitest';
import { analyzeLog, classifyLog, createLogAnalyzer, type LogAnalysis } from '#message-model';

describe('classifyLog', () => {
  it('classifies each line and keeps its line number', () => {
    const log = [
      '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      '',
      '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}',
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1}}',
    ].join('\n');
    const entries = classifyLog(log, { protocol: '2025-11-25' });
    expect(entries.map((e) => [e.line, e.classification.kind])).toEqual([
      [1, 'request'],
      [3, 'result'],
      [4, 'notification'],
    ]);
  });

  it('treats a line that is not JSON as a parse error, as a receiver would', () => {
    const entries = classifyLog(
      '{"jsonrpc":"2.0","id":1,"method":"tools/li\n{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
      { protocol: '2025-11-25' },
    );
    expect(entries.map((e) => e.classification.kind)).toEqual(['parse-error', 'request']);
  });

  it('accepts CRLF line endings and skips whitespace-only lines', () => {
    const entries = classifyLog('{"jsonrpc":"2.0","method":"a"}\r\n   \r\n{"jsonrpc":"2.0","method":"b"}\r\n');
    expect(entries.map((e) => e.line)).toEqual([1, 3]);
    expect(entries.every((e) => e.classification.kind === 'notification')).toBe(true);
  });

  it('uses the protocol it is given', () => {
    const [entry] = classifyLog('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { protocol: '2026-07-28' });
    expect(entry?.classification.protocol).toBe('2026-07-28');
    expect(entry?.classification.kind).toBe('invalid');
  });

  it('returns nothing for an empty log', () => {
    expect(classifyLog('')).toEqual([]);
  });
});

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'lab', version: '1.0.0' },
};
const jsonl = (...messages: unknown[]) =>
  messages.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join('\n');
const issues = (a: LogAnalysis) => a.issues.map((i) => [i.id, i.line, i.related ?? null]);

describe('analyzeLog: the protocol version', () => {
  // Spec 2025-11-25 basic/lifecycle.mdx §Version Negotiation: "If the server supports the requested protocol
  // version, it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version
  // it supports." The answer decides.
  it('takes the version the server answered initialize with, and says which line decided it', () => {
    const a = analyzeLog(
      jsonl(
        {
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
        },
        {
          jsonrpc: '2.0',
          id: 0,
          result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 's', version: '1' } },
        },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
      ),
    );
    expect(a.detection).toMatchObject({ protocol: '2025-06-18', source: 'detected', line: 2 });
    expect(a.entries.map((e) => e.classification.protocol)).toEqual(['2025-06-18', '2025-06-18', '2025-06-18']);
  });

  it('takes the initialize request when no answer names a version', () => {
    const a = analyzeLog(
      jsonl({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      }),
    );
    expect(a.detection).toMatchObject({ protocol: '2025-11-25', source: 'detected', line: 1 });
  });

  // Spec 2026-07-28 basic/index.mdx §_meta: every request carries io.modelcontextprotocol/protocolVersion.
  it('reads the 2026-07-28 envelope, and server/discover', () => {
    expect(
      analyzeLog(jsonl({ jsonrpc: '2.0', id: 'p', method: 'tools/list', params: { _meta: ENVELOPE } })).detection,
    ).toMatchObject({
      protocol: '2026-07-28',
      source: 'detected',
      line: 1,
    });
    expect(
      analyzeLog(jsonl('{"jsonrpc":"2.0","method":"x"}', { jsonrpc: '2.0', id: 1, method: 'server/discover' }))
        .detection,
    ).toMatchObject({
      protocol: '2026-07-28',
      line: 2,
    });
  });

  it('says so when a line names a version the model does not cover, and when nothing names one', () => {
    const old = analyzeLog(
      jsonl({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2024-11-05' } }),
    );
    expect(old.detection).toMatchObject({ source: 'default', line: 1, protocol: '2026-07-28' });
    expect(old.detection.evidence).toContain('"2024-11-05"');
    const none = analyzeLog(jsonl({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }));
    expect(none.detection).toMatchObject({ source: 'default', protocol: '2026-07-28' });
    expect(none.detection.line).toBeUndefined();
  });

  it('uses the protocol it is given', () => {
    const a = analyzeLog(jsonl({ jsonrpc: '2.0', id: 'p', method: 'tools/list', params: { _meta: ENVELOPE } }), {
      protocol: '2025-11-25',
    });
    expect(a.detection).toMatchObject({ protocol: '2025-11-25', source: 'given' });
  });
});

describe('analyzeLog: pairing requests and responses by id', () => {
  const call = (id: unknown, extra: Record<string, unknown> = {}) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'get_incident', arguments: {}, _meta: { ...ENVELOPE, ...extra } },
  });
  const ok = (id: unknown) => ({
    jsonrpc: '2.0',
    id,
    result: { resultType: 'complete', content: [{ type: 'text', text: 'ok' }] },
  });

  it('pairs each response with its request and reports none of the problems', () => {
    const a = analyzeLog(jsonl(call(1), call('two'), ok('two'), ok(1)));
    expect(a.issues).toEqual([]);
    expect(a.exchanges.map((e) => [e.id, e.requestLine, e.responseLine, e.outcome])).toEqual([
      [1, 1, 4, 'result'],
      ['two', 2, 3, 'result'],
    ]);
    expect(a.counts).toEqual({ messages: 4, requests: 2, answered: 2, unanswered: 0, cancelled: 0, open: 0 });
  });

  // JSON-RPC 2.0 §5: "When a rpc call is made, the Server MUST reply with a Response, except for in the case of
  // Notifications." §5 id: "It MUST be the same as the value of the id member in the Request Object."
  it('reports a request never answered and a response to no request', () => {
    const a = analyzeLog(jsonl(call(1), ok(9)));
    expect(issues(a)).toEqual([
      ['request-unanswered', 1, null],
      ['response-without-request', 2, null],
    ]);
  });

  // Spec 2026-07-28 basic/index.mdx §Requests: "The request ID MUST NOT match the ID of any other request the sender
  // has issued and not yet received a response for."
  it('reports an id reused while its request is in flight', () => {
    const a = analyzeLog(jsonl(call(1), call(1), ok(1), ok(1)));
    expect(issues(a)).toEqual([['duplicate-id-in-flight', 2, 1]]);
  });

  // Spec 2025-11-25 basic/index.mdx §Requests: "The request ID MUST NOT have been previously used by the requestor
  // within the same session." 2026-07-28 has no sessions, so reuse after the answer is fine there.
  it('reports an id reused within a 2025 session, not in 2026-07-28', () => {
    const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
    const answer = (id: number) => ({ jsonrpc: '2.0', id, result: { tools: [] } });
    expect(issues(analyzeLog(jsonl(list(1), answer(1), list(1), answer(1)), { protocol: '2025-11-25' }))).toEqual([
      ['id-reused-in-session', 3, 1],
    ]);
    expect(issues(analyzeLog(jsonl(call(1), ok(1), call(1), ok(1))))).toEqual([]);
  });

  // Spec 2025-11-25 basic/index.mdx §Notifications: "The receiver MUST NOT send a response."
  it('reports a reply to a notification, but not the error owed to a line that did not parse', () => {
    const a = analyzeLog(
      jsonl(
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: null, error: { code: -32601, message: 'Method not found' } },
        '{"jsonrpc":"2.0","id":3,"method":',
        { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
      ),
      { protocol: '2025-11-25' },
    );
    expect(issues(a)).toEqual([['notification-answered', 2, 1]]);
  });

  // Spec 2026-07-28 server/utilities/caching.mdx, schema.ts ListToolsResult extends CacheableResult: ttlMs and
  // cacheScope are required on a 2026-07-28 tools/list result.
  it('checks a response against the method of the request it answers', () => {
    const a = analyzeLog(
      jsonl(
        { jsonrpc: '2.0', id: 5, method: 'tools/list', params: { _meta: ENVELOPE } },
        { jsonrpc: '2.0', id: 5, result: { resultType: 'complete', tools: [] } },
      ),
    );
    expect(issues(a)).toEqual([['response-does-not-fit-request', 2, 1]]);
    expect(a.entries[1]?.classification.findings.map((f) => f.id)).toContain('result-invalid');
  });
});

describe('analyzeLog: streams, cancellation and logging (chapter 9)', () => {
  const progress = (token: unknown, value: number) => ({
    jsonrpc: '2.0',
    method: 'notifications/progress',
    params: { progressToken: token, progress: value },
  });
  const request = (id: number, meta: Record<string, unknown> = {}) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'export', _meta: { ...ENVELOPE, ...meta } },
  });
  const done = (id: number) => ({ jsonrpc: '2.0', id, result: { resultType: 'complete', content: [] } });

  // Spec 2026-07-28 basic/patterns/progress.mdx §Behavior Requirements: "Progress notifications MUST only reference
  // tokens that: Were provided in an active request"; "Progress notifications MUST stop after completion"; §Progress
  // Flow: "The progress value MUST increase with each notification".
  it('reports progress for an unknown token, after the response, and going backwards', () => {
    const a = analyzeLog(
      jsonl(
        request(1, { progressToken: 't1' }),
        progress('t1', 10),
        progress('t1', 5),
        progress('nope', 1),
        done(1),
        progress('t1', 50),
      ),
    );
    expect(issues(a)).toEqual([
      ['progress-not-increasing', 3, 1],
      ['progress-token-unknown', 4, null],
      ['progress-after-response', 6, 1],
    ]);
  });

  // Spec 2026-07-28 server/utilities/logging.mdx §Per-request log level: "The server MUST NOT emit
  // notifications/message for a request that does not include this field." and it "MAY send notifications/message
  // notifications at or above the requested level".
  it('reports a log message nobody asked for, and one below the level asked for', () => {
    const message = (level: string) => ({
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level, data: 'x' },
    });
    expect(issues(analyzeLog(jsonl(request(1), message('info'), done(1))))).toEqual([
      ['log-message-not-requested', 2, null],
    ]);
    expect(
      issues(
        analyzeLog(
          jsonl(
            request(1, { 'io.modelcontextprotocol/logLevel': 'warning' }),
            message('info'),
            message('error'),
            done(1),
          ),
        ),
      ),
    ).toEqual([['log-message-below-level', 2, 1]]);
  });

  // Spec 2026-07-28 basic/patterns/subscriptions.mdx §Acknowledgment: the server "MUST NOT send any notification on
  // the subscription before it". The stream "stays open and delivers notifications until the client cancels it":
  // an open listen stream at the end of the log is not a lost request.
  it('reports a notification on a subscription before its acknowledgment', () => {
    const listen = {
      jsonrpc: '2.0',
      id: 7,
      method: 'subscriptions/listen',
      params: { notifications: { toolsListChanged: true }, _meta: ENVELOPE },
    };
    const changed = {
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 7 } },
    };
    const ack = {
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { toolsListChanged: true }, _meta: { 'io.modelcontextprotocol/subscriptionId': 7 } },
    };
    const a = analyzeLog(jsonl(listen, changed, ack, changed));
    expect(issues(a)).toEqual([['subscription-notification-before-ack', 2, 1]]);
    expect(a.exchanges.map((e) => e.outcome)).toEqual(['open']);
    expect(a.counts).toMatchObject({ requests: 1, unanswered: 0, open: 1 });
  });
});

describe('createLogAnalyzer: streaming', () => {
  it('holds lines back until a line decides the version, then gives them all', () => {
    const analyzer = createLogAnalyzer();
    expect(analyzer.push(1, '{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}')).toEqual([]);
    const released = analyzer.push(
      2,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: ENVELOPE } }),
    );
    expect(released.map((e) => [e.line, e.classification.protocol])).toEqual([
      [1, '2026-07-28'],
      [2, '2026-07-28'],
    ]);
    const end = analyzer.finish();
    expect(end.entries).toEqual([]);
    expect(end.analysis.detection.line).toBe(2);
  });

  it('stops holding after holdLines lines, and never throws on odd input', () => {
    const analyzer = createLogAnalyzer({ holdLines: 2 });
    expect(analyzer.push(1, 'not json')).toEqual([]);
    expect(analyzer.push(2, '[1,2]').length).toBe(2);
    expect(() => analyzeLog('\u0000\ud800{"a":' + '['.repeat(10_000))).not.toThrow();
  });
});
