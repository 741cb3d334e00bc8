/**
 * The probe's runner: opens the server as a client would (server/discover, then the initialize fallback), sends each
 * check of the catalogue, and judges each exchange with the message model. The model says what a message sent is
 * owed (`classifyMessage(...).reply`, `classifyHttpExchange(...).owed`) and whether an exchange breaks a transport
 * rule (its findings); `checkAnswer` compares what came back with what was owed. The probe adds only what it meant
 * to send: that `no_such_tool` is not a tool of the server, and that a tool's own failure is owed as a result.
 */
import {
  ERROR_CODE,
  checkAnswer,
  classifyHttpExchange,
  classifyMessage,
  createHttpSession,
  createLogAnalyzer,
  judgeGet,
  judgeMissingSessionId,
  judgeNotificationRefusal,
  judgeSilenceOnStdio,
  judgeToolFailure,
  judgeUnsupportedVersionData,
  type ProbeJudgement,
  type Classification,
  type HttpExchangeClassification,
  type McpVersion,
  type MessageId,
  type Reply,
} from '#message-model';
import { CHANNEL_LIMITS, exchangeHttp, type FetchLike, type HttpRequest, type LineChannel } from './channel.ts';
import { checksFor, describeCheck, type CheckDefinition, type Era, type Transport } from './catalogue.ts';
import {
  REPORT_FORMAT,
  REPORT_LIMITS,
  REPORT_VERSION,
  scoreChecks,
  type CheckStatus,
  type ProbeCheck,
  type ProbeReport,
  type ProbeSessionFinding,
} from './report.ts';
import { isRecord } from '../lib/record.ts';

/** A stdio server: the channel to its stdout/stdin, the command as typed, and what it wrote on stderr so far. */
export interface StdioTarget {
  transport: 'stdio';
  channel: LineChannel;
  command: string;
  stderr?: () => string;
}

/** A Streamable HTTP server: its URL and the fetch that reaches it (the global fetch, or a handler in tests). */
export interface HttpTarget {
  transport: 'http';
  url: string;
  fetch: FetchLike;
}

export type ProbeTarget = StdioTarget | HttpTarget;

export interface ProbeOptions {
  /** Run under this revision instead of detecting it. */
  protocol?: McpVersion;
  /** How long one exchange may take (default 3000 ms). */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 3_000;
const CLIENT_INFO = { name: 'mcp-lab-probe', version: '1' };

/** One exchange as the probe saw it. */
interface Exchange {
  sent: string;
  /** What came back, as shown in the report. */
  shown: string;
  /** The replies and other messages that came back, classified. */
  received: Classification[];
  http?: HttpExchangeClassification;
  /** Over HTTP, the response's Content-Type. */
  contentType?: string;
  /** Why nothing usable came back (a timeout, an exit, an overlong line, a failed connection). */
  failure?: string;
}

interface Verdict {
  status: CheckStatus;
  explanation: string;
}
const verdictOf = (judgement: ProbeJudgement): Verdict => ({
  status: judgement.kind,
  explanation: judgement.explanation,
});

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const meta = (version = '2026-07-28') => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
});

/** The wire and the era it speaks, after the opening. */
class Session {
  readonly transport: Transport;
  protocol: McpVersion = '2026-07-28';
  era: Era = 'modern';
  private sessionId: string | undefined;
  private readonly httpSession = createHttpSession();
  private sentinel = 0;
  /** On stdio, every line sent, with the index the next received line had when it went out. */
  private readonly sentLines: { at: number; text: string }[] = [];
  /** On stdio, the unsupported-version request sent before the opening. */
  firstExchange: Exchange | undefined;

  readonly target: ProbeTarget;
  readonly timeoutMs: number;

  constructor(target: ProbeTarget, timeoutMs: number) {
    this.target = target;
    this.timeoutMs = timeoutMs;
    this.transport = target.transport;
  }

  /** The end of what a stdio server wrote on stderr, for a failure that its exit explains. */
  stderrTail(): string {
    const text = this.target.transport === 'stdio' ? (this.target.stderr?.() ?? '') : '';
    const tail = text.trim().split('\n').slice(-3).join(' / ');
    return tail ? `; its stderr ended: ${cut(tail, 300)}` : '';
  }

  /**
   * On stdio, the whole run as a session log: each line the probe wrote and each line the server wrote, in the order
   * they crossed the pipe (a line sent before the server's n-th line comes before it), with the side that wrote it.
   * Overlong lines are left out (their text is cut).
   */
  transcript(): { side: 'client' | 'server'; text: string }[] {
    if (this.target.transport !== 'stdio') return [];
    const out: { side: 'client' | 'server'; text: string }[] = [];
    let next = 0;
    for (const line of this.target.channel.since(0)) {
      while (next < this.sentLines.length && this.sentLines[next]!.at <= line.index)
        out.push({ side: 'client', text: this.sentLines[next++]!.text });
      if (!line.overlong) out.push({ side: 'server', text: line.text });
    }
    for (; next < this.sentLines.length; next += 1) out.push({ side: 'client', text: this.sentLines[next]!.text });
    return out;
  }

  get mintedSessionId(): string | undefined {
    return this.sessionId;
  }

  /** A request message of this era: params carry the `_meta` envelope under 2026-07-28. */
  request(id: MessageId, method: string, params: Record<string, unknown> = {}): Record<string, unknown> {
    const withMeta = this.era === 'modern' ? { ...params, _meta: { ...meta(), ...(params._meta as object) } } : params;
    return { jsonrpc: '2.0', id, method, params: withMeta };
  }

  notification(method: string, params: Record<string, unknown> = {}): Record<string, unknown> {
    return { jsonrpc: '2.0', method, params: this.era === 'modern' ? { ...params, _meta: meta() } : params };
  }

  /** The standard headers of a POST carrying `body` (MCP-Protocol-Version, Mcp-Method, Mcp-Name, the session). */
  headersFor(body: unknown): Record<string, string> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    if (this.era === 'modern' || this.protocol !== '2026-07-28') headers['mcp-protocol-version'] = this.protocol;
    if (this.sessionId) headers['mcp-session-id'] = this.sessionId;
    if (this.era === 'modern' && body && typeof body === 'object' && !Array.isArray(body)) {
      const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
      if (typeof method === 'string') headers['mcp-method'] = method;
      if (method === 'tools/call' && typeof params?.name === 'string') headers['mcp-name'] = params.name;
    }
    return headers;
  }

  /**
   * Sends one message (text as it goes on the wire) and collects what comes back. `awaitId`: the id whose reply
   * ends the wait (matched loosely, so that an id echoed with another type still ends it); without it, a sentinel
   * request follows on stdio and everything before its reply is the answer.
   */
  async send(
    text: string,
    options: { awaitId?: MessageId; method?: string; headers?: Record<string, string>; httpMethod?: 'GET' } = {},
  ): Promise<Exchange> {
    return this.target.transport === 'stdio'
      ? this.sendStdio(this.target.channel, text, options)
      : this.sendHttp(this.target, text, options);
  }

  private async sendStdio(
    channel: LineChannel,
    text: string,
    options: { awaitId?: MessageId; method?: string },
  ): Promise<Exchange> {
    const from = channel.mark();
    const ended = channel.ended();
    if (ended) return { sent: text, shown: '', received: [], failure: ended.detail };
    this.sentLines.push({ at: from, text });
    channel.send(text);
    const loose = (line: { text: string }) => {
      const id = idOf(line.text);
      return (
        id !== undefined && (options.awaitId === undefined || id === null || String(id) === String(options.awaitId))
      );
    };
    let sentinelId: string | undefined;
    let answered: boolean;
    if (options.awaitId !== undefined) {
      answered = await channel.waitFor(from, loose, this.timeoutMs);
    } else {
      sentinelId = `probe-sentinel-${++this.sentinel}`;
      const sentinel = JSON.stringify(this.request(sentinelId, 'tools/list'));
      this.sentLines.push({ at: channel.mark(), text: sentinel });
      channel.send(sentinel);
      answered = await channel.waitFor(from, (line) => idOf(line.text) === sentinelId, this.timeoutMs);
    }
    const lines = channel.since(from).filter((line) => idOf(line.text) !== sentinelId || sentinelId === undefined);
    const overlong = lines.find((line) => line.overlong);
    const received = lines
      .filter((line) => !line.overlong)
      .map((line) =>
        classifyMessage(line.text, { protocol: this.protocol, ...(options.method ? { method: options.method } : {}) }),
      );
    const shown = lines
      .map((line) =>
        line.overlong ? `${line.text}… (a line longer than ${CHANNEL_LIMITS.lineBytes} bytes)` : line.text,
      )
      .join('\n');
    const end = channel.ended();
    let failure: string | undefined;
    if (overlong) failure = `the server wrote a line longer than the probe's cap of ${CHANNEL_LIMITS.lineBytes} bytes`;
    else if (!answered && end) failure = `${end.detail}${this.stderrTail()}`;
    else if (!answered && sentinelId)
      failure = `the server stopped answering: a plain tools/list sent after this message got no answer within ${this.timeoutMs} ms`;
    return failure ? { sent: text, shown, received, failure } : { sent: text, shown, received };
  }

  private async sendHttp(
    target: HttpTarget,
    text: string,
    options: { headers?: Record<string, string>; httpMethod?: 'GET' },
  ): Promise<Exchange> {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const request: HttpRequest =
      options.httpMethod === 'GET'
        ? { method: 'GET', headers: options.headers ?? {} }
        : { method: 'POST', headers: options.headers ?? this.headersFor(body), body: text };
    const outcome = await exchangeHttp(target.fetch, target.url, request, this.timeoutMs);
    const sent = `${request.method} ${target.url}\n${Object.entries(request.headers)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n')}${request.body !== undefined ? `\n\n${request.body}` : ''}`;
    if (outcome.kind === 'failed') return { sent, shown: '', received: [], failure: outcome.detail };
    const minted = outcome.headers['mcp-session-id'];
    if (minted && !this.sessionId && this.era === 'legacy') this.sessionId = minted;
    const http = classifyHttpExchange(
      {
        request: {
          method: request.method,
          url: target.url,
          headers: request.headers,
          ...(request.body !== undefined ? { body: request.body } : {}),
        },
        response: { status: outcome.status, headers: outcome.headers, body: outcome.body },
      },
      { session: this.httpSession },
    );
    const shown = `HTTP ${outcome.status}\n${['content-type', 'mcp-session-id']
      .filter((h) => outcome.headers[h] !== undefined)
      .map((h) => `${h}: ${outcome.headers[h]}`)
      .join('\n')}\n\n${outcome.body}${outcome.cut ? '… (cut)' : ''}`;
    if (http.kind === 'bad-input') return { sent, shown, received: [], failure: http.message };
    const contentType = outcome.headers['content-type'];
    return { sent, shown, received: http.response.messages, http, ...(contentType ? { contentType } : {}) };
  }
}

/** The id a line's JSON carries (null included), or undefined when it has none or is not JSON. */
function idOf(text: string): MessageId | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value) && 'id' in value) {
      const id = (value as { id: unknown }).id;
      if (typeof id === 'string' || typeof id === 'number' || id === null) return id;
    }
    if (Array.isArray(value)) return null;
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * The first `member` (`result`, `error`) that is an object among the messages received (JSON lines, a JSON body or
 * SSE data lines), as a record.
 */
function memberOf(exchange: Exchange, member: 'result' | 'error'): Record<string, unknown> | undefined {
  const body = exchange.http ? exchange.shown.split('\n\n').slice(1).join('\n\n') : exchange.shown;
  const candidates = [body, ...body.split('\n').map((line) => line.replace(/^data: ?/, ''))];
  for (const text of candidates) {
    try {
      const value = (JSON.parse(text) as Record<string, unknown> | null)?.[member];
      if (isRecord(value)) return value;
    } catch {
      // Not JSON (an SSE field line, a blank line): try the next.
    }
  }
  return undefined;
}
const resultOf = (exchange: Exchange) => memberOf(exchange, 'result');

/**
 * Judges an exchange against the reply owed: the model's transport findings first (HTTP), then the reply itself.
 * `malformedInput`: the message sent is not a valid message (under `protocol`, its id readable or not), and what
 * silence on stdio amounts to is the model's judgement (`judgeSilenceOnStdio`).
 */
function judge(
  exchange: Exchange,
  owed: Reply,
  options: { malformedInput?: { protocol: McpVersion; idReadable: boolean } } = {},
): Verdict {
  if (exchange.failure) return { status: 'fail', explanation: cap(exchange.failure) };
  if (exchange.http && (exchange.http.brokenBy === 'server' || exchange.http.brokenBy === 'both')) {
    const errors = exchange.http.findings.filter((f) => f.severity === 'error' && f.location.part === 'response');
    const first = errors[0] ?? exchange.http.findings.find((f) => f.severity === 'error');
    return { status: 'fail', explanation: cap(first ? first.message : exchange.http.explanation) };
  }
  const answer = checkAnswer(owed, exchange.received, options.malformedInput?.protocol);
  if (answer.kind === 'as-owed') return { status: 'pass', explanation: answer.explanation };
  if (answer.kind === 'nothing-came-back' && options.malformedInput && !exchange.http)
    return verdictOf(judgeSilenceOnStdio(options.malformedInput.protocol, options.malformedInput.idReadable));
  return { status: 'fail', explanation: answer.explanation };
}

const cap = (text: string) => cut(text, REPORT_LIMITS.explanation);

/** What one check did, before it becomes a report entry. */
interface Outcome extends Verdict {
  sent: string;
  received: string;
}

const notAttempted = (explanation: string): Outcome => ({
  status: 'not-attempted',
  explanation,
  sent: '',
  received: '',
});
const fromExchange = (exchange: Exchange, verdict: Verdict): Outcome => ({
  ...verdict,
  sent: exchange.sent,
  received: exchange.shown || '(nothing)',
});

type Runner = (session: Session, tools: readonly string[] | undefined) => Promise<Outcome>;

/** The reply the model says `message` is owed under the session's protocol. */
const owedFor = (session: Session, text: string): Reply => classifyMessage(text, { protocol: session.protocol }).reply;

/** A check that sends one message and judges the answer against the model's owed reply. */
const malformed =
  (text: (session: Session) => string): Runner =>
  async (session) => {
    const sent = text(session);
    const exchange = await session.send(sent);
    const owed = exchange.http?.owed ?? owedFor(session, sent);
    const id = idOf(sent);
    const idReadable = typeof id === 'string' || typeof id === 'number';
    return fromExchange(
      exchange,
      judge(exchange, owed, { malformedInput: { protocol: session.protocol, idReadable } }),
    );
  };

/** A check that calls a tool of the brief and expects a tool result with isError: true (`inputValidation`: or, under
 * 2025-06-18, -32602). */
const toolFailure =
  (id: number, tool: string, args: Record<string, unknown>, inputValidation = false): Runner =>
  async (session, tools) => {
    if (tools && !tools.includes(tool)) return notAttempted(`The server has no tool ${tool}, so this was not tried.`);
    const sent = JSON.stringify(session.request(id, 'tools/call', { name: tool, arguments: args }));
    const exchange = await session.send(sent, { awaitId: id, method: 'tools/call' });
    if (exchange.failure) return fromExchange(exchange, { status: 'fail', explanation: cap(exchange.failure) });
    const http = judge(exchange, { send: 'unspecified' });
    if (http.status !== 'pass') return fromExchange(exchange, http);
    return fromExchange(
      exchange,
      verdictOf(judgeToolFailure(session.protocol, id, exchange.received, inputValidation)),
    );
  };

/** A check that expects a protocol error with `code` for a message the model alone would call well-formed. */
const protocolError =
  (id: number, code: number, build: (session: Session) => Record<string, unknown>, tool?: string): Runner =>
  async (session, tools) => {
    if (tool && tools && !tools.includes(tool))
      return notAttempted(`The server has no tool ${tool}, so this was not tried.`);
    const sent = JSON.stringify(build(session));
    const exchange = await session.send(sent, { awaitId: id, method: 'tools/call' });
    const verdict = judge(exchange, { send: 'error', code, id });
    // On 2026-07-28 HTTP a call with no tool name also lacks its Mcp-Name header, and a missing standard header is
    // owed 400 with -32020 (transports/streamable-http.mdx, Server Validation): either refusal meets a MUST.
    const headerOwed = exchange.http?.owed;
    if (verdict.status === 'pass' || !headerOwed || headerOwed.send !== 'error' || headerOwed.code === code)
      return fromExchange(exchange, verdict);
    const byHeader = judge(exchange, headerOwed);
    return fromExchange(
      exchange,
      byHeader.status === 'pass'
        ? {
            status: 'pass',
            explanation: `${byHeader.explanation} The request lacked a standard header, which is refused first.`,
          }
        : verdict,
    );
  };

const RUNNERS: Record<string, Runner> = {
  'parse-error': malformed(() => '{"jsonrpc": "2.0", "id": 41, "method": "tools/li'),
  'not-an-object': malformed(() => '"tools/list"'),
  'method-not-a-string': malformed((s) => JSON.stringify({ ...s.request(43, 'x'), method: 43 })),
  'id-null': malformed((s) => JSON.stringify(s.request(null, 'tools/list'))),
  batch: malformed((s) => JSON.stringify([s.request(45, 'tools/list')])),
  // The model cannot know that lab/no_such_method is not a method of this server: the probe owes -32601 itself.
  'unknown-method': async (session) => {
    const sent = JSON.stringify(session.request(46, 'lab/no_such_method'));
    const exchange = await session.send(sent, { awaitId: 46 });
    return fromExchange(exchange, judge(exchange, { send: 'error', code: ERROR_CODE.MethodNotFound, id: 46 }));
  },
  'notification-no-response': async (session) => {
    const sent = JSON.stringify(session.notification('notifications/lab_probe'));
    const exchange = await session.send(sent);
    const status = exchange.http?.response.status;
    const transportOk = !exchange.failure && exchange.http?.brokenBy !== 'server' && exchange.http?.brokenBy !== 'both';
    const refusal =
      transportOk && status !== undefined ? judgeNotificationRefusal(status, exchange.received) : undefined;
    if (refusal) return fromExchange(exchange, verdictOf(refusal));
    return fromExchange(exchange, judge(exchange, { send: 'nothing' }));
  },
  'string-id-echoed': async (session) => {
    const sent = JSON.stringify(session.request('7', 'tools/list'));
    const exchange = await session.send(sent, { awaitId: '7', method: 'tools/list' });
    return fromExchange(exchange, judge(exchange, { send: 'response', id: '7' }));
  },
  'number-id-echoed': async (session) => {
    const sent = JSON.stringify(session.request(8, 'tools/list'));
    const exchange = await session.send(sent, { awaitId: 8, method: 'tools/list' });
    return fromExchange(exchange, judge(exchange, { send: 'response', id: 8 }));
  },
  'ids-in-flight': async (session, tools) => {
    if (tools && !tools.includes('lookup_incident'))
      return notAttempted('The server has no tool lookup_incident, so this was not tried.');
    const call = (id: number, incidentId: string) =>
      JSON.stringify(session.request(id, 'tools/call', { name: 'lookup_incident', arguments: { incidentId } }));
    // Both go out before either answer is read: on stdio one after the other on the pipe, on HTTP as two POSTs.
    const [a, b] = await Promise.all([
      session.send(call(61, 'INC-0001'), { awaitId: 61, method: 'tools/call' }),
      session.send(call(62, 'INC-0002'), { awaitId: 62, method: 'tools/call' }),
    ]);
    const both: Exchange = {
      sent: `${a.sent}\n${b.sent}`,
      shown: [...new Set([a.shown, b.shown])].join('\n'),
      received: [],
    };
    for (const [exchange, id, incident] of [
      [a, 61, 'INC-0001'],
      [b, 62, 'INC-0002'],
    ] as const) {
      const verdict = judge(exchange, { send: 'response', id });
      if (verdict.status !== 'pass') return fromExchange(both, verdict);
      const line = exchange.shown.split('\n').find((l) => idOf(l) === id) ?? exchange.shown;
      if (!line.includes(incident))
        return fromExchange(both, {
          status: 'fail',
          explanation: `The answer with the id ${id} does not speak of ${incident}: the answers were swapped.`,
        });
    }
    return fromExchange(both, { status: 'pass', explanation: 'Both calls in flight got their own answers.' });
  },
  'unknown-tool': protocolError(51, ERROR_CODE.InvalidParams, (s) =>
    s.request(51, 'tools/call', { name: 'no_such_tool', arguments: {} }),
  ),
  'tool-error-is-result': toolFailure(52, 'lookup_incident', { incidentId: 'inc 42' }, true),
  'business-failure-is-result': toolFailure(53, 'close_incident', {
    incidentId: 'INC-0003',
    idempotencyKey: 'probe-close-inc-0003',
  }),
  'backend-unavailable-is-result': toolFailure(54, 'runbook_for', { service: 'payments' }),
  'tool-args-not-object': protocolError(
    55,
    ERROR_CODE.InvalidParams,
    (s) => s.request(55, 'tools/call', { name: 'lookup_incident', arguments: 'INC-0001' }),
    'lookup_incident',
  ),
  'invalid-params': protocolError(56, ERROR_CODE.InvalidParams, (s) => s.request(56, 'tools/call', {})),
  'meta-missing': async (session) => {
    const sent = JSON.stringify({ jsonrpc: '2.0', id: 57, method: 'tools/list', params: {} });
    const exchange = await session.send(sent, { awaitId: 57 });
    return fromExchange(exchange, judge(exchange, exchange.http?.owed ?? owedFor(session, sent)));
  },
  'header-mismatch': async (session) => {
    const message = session.request(58, 'tools/list');
    const sent = JSON.stringify(message);
    const headers = { ...session.headersFor(message), 'mcp-protocol-version': '2025-11-25' };
    const exchange = await session.send(sent, { awaitId: 58, headers });
    return fromExchange(exchange, judge(exchange, exchange.http?.owed ?? owedFor(session, sent)));
  },
  'missing-capability': async () =>
    notAttempted('No tool of the brief needs a client capability, so the server cannot be tested for -32021.'),
  'unsupported-version': async (session) => {
    const exchange = session.firstExchange ?? (await sendUnsupportedVersion(session));
    const sent = exchange.http ? (exchange.sent.split('\n\n')[1] ?? '') : exchange.sent;
    const verdict = judge(exchange, exchange.http?.owed ?? owedFor(session, sent));
    if (verdict.status !== 'pass') return fromExchange(exchange, verdict);
    return fromExchange(exchange, verdictOf(judgeUnsupportedVersionData(memberOf(exchange, 'error')?.data)));
  },
  cancellation: async (session, tools) => {
    if (tools && !tools.includes('lookup_incident'))
      return notAttempted('The server has no tool lookup_incident, so this was not tried.');
    const call = JSON.stringify(
      session.request(63, 'tools/call', { name: 'lookup_incident', arguments: { incidentId: 'INC-0001' } }),
    );
    const cancel = JSON.stringify(session.notification('notifications/cancelled', { requestId: 63, reason: 'probe' }));
    const first = await session.send(call, { awaitId: 63, method: 'tools/call' });
    const after = await session.send(cancel);
    const exchange: Exchange = {
      sent: `${call}\n${cancel}`,
      shown: [first.shown, after.shown].filter(Boolean).join('\n'),
      received: after.received,
      ...(after.failure ? { failure: after.failure } : {}),
    };
    return fromExchange(exchange, judge(exchange, { send: 'nothing' }));
  },
  'http-content-type': async (session) => {
    const sent = JSON.stringify(session.request(64, 'tools/list'));
    const exchange = await session.send(sent, { awaitId: 64 });
    const verdict = judge(exchange, { send: 'response', id: 64 });
    if (verdict.status !== 'pass') return fromExchange(exchange, verdict);
    return fromExchange(exchange, {
      status: 'pass',
      explanation: 'The answer came as application/json or text/event-stream.',
    });
  },
  'http-session-id': async (session) => {
    const minted = session.mintedSessionId;
    if (!minted)
      return notAttempted('The server minted no Mcp-Session-Id at initialize, so it has no sessions to test.');
    const message = session.request(65, 'tools/list');
    const sent = JSON.stringify(message);
    const { 'mcp-session-id': _dropped, ...headers } = session.headersFor(message);
    void _dropped;
    const exchange = await session.send(sent, { awaitId: 65, headers });
    if (exchange.failure) return fromExchange(exchange, { status: 'fail', explanation: exchange.failure });
    return fromExchange(exchange, verdictOf(judgeMissingSessionId(exchange.http?.response.status ?? 0)));
  },
  'http-get-405': async (session) => {
    const exchange = await session.send('', { httpMethod: 'GET', headers: { accept: 'text/event-stream' } });
    if (exchange.failure) return fromExchange(exchange, { status: 'fail', explanation: exchange.failure });
    return fromExchange(
      exchange,
      verdictOf(judgeGet(session.protocol, exchange.http?.response.status ?? 0, exchange.contentType)),
    );
  },
};

/** A tools/list that asks for revision 1900-01-01, in the body and (on HTTP) in the header. */
async function sendUnsupportedVersion(session: Session): Promise<Exchange> {
  const message = session.request(59, 'tools/list', {
    _meta: { 'io.modelcontextprotocol/protocolVersion': '1900-01-01' },
  });
  const headers = { ...session.headersFor(message), 'mcp-protocol-version': '1900-01-01' };
  return session.send(JSON.stringify(message), { awaitId: 59, headers });
}

/** The opening: server/discover (unless a legacy revision was asked for), then initialize; never throws. */
async function open(
  session: Session,
  asked: McpVersion | undefined,
): Promise<
  | { ok: true; server: { name: string; version: string } }
  | { ok: false; problem: string; sent: string; received: string }
> {
  const info = (value: unknown) => {
    const v = (value ?? {}) as { name?: unknown; version?: unknown };
    return {
      name: typeof v.name === 'string' ? v.name : 'unknown',
      version: typeof v.version === 'string' ? v.version : 'unknown',
    };
  };
  if (asked === undefined || asked === '2026-07-28') {
    session.era = 'modern';
    session.protocol = '2026-07-28';
    // On stdio a server may settle the version once, at the first request of the connection (the official SDK
    // does), so the one request that names an unsupported version goes first; its answer is judged later.
    if (session.transport === 'stdio') session.firstExchange = await sendUnsupportedVersion(session);
    const exchange = await session.send(JSON.stringify(session.request('discover', 'server/discover')), {
      awaitId: 'discover',
      method: 'server/discover',
    });
    const result = resultOf(exchange);
    const supported = Array.isArray(result?.supportedVersions) && result.supportedVersions.includes('2026-07-28');
    if (supported || asked === '2026-07-28') {
      const meta = (result?._meta ?? {}) as Record<string, unknown>;
      return { ok: true, server: info(meta['io.modelcontextprotocol/serverInfo']) };
    }
  }
  session.era = 'legacy';
  session.protocol = asked ?? '2025-11-25';
  const init = JSON.stringify({
    jsonrpc: '2.0',
    id: 'initialize',
    method: 'initialize',
    params: { protocolVersion: session.protocol, capabilities: {}, clientInfo: CLIENT_INFO },
  });
  const exchange = await session.send(init, { awaitId: 'initialize', method: 'initialize' });
  const result = resultOf(exchange);
  if (!result || typeof result.protocolVersion !== 'string') {
    return {
      ok: false,
      problem: exchange.failure ?? 'The server answered neither server/discover nor initialize with a result.',
      sent: exchange.sent,
      received: exchange.shown,
    };
  }
  session.protocol = result.protocolVersion === '2025-06-18' ? '2025-06-18' : '2025-11-25';
  await session.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  return { ok: true, server: info(result.serverInfo) };
}

/** The tool names tools/list gives, or undefined when it gives none (then tool checks are tried anyway). */
async function listTools(session: Session): Promise<string[] | undefined> {
  const exchange = await session.send(JSON.stringify(session.request('tools', 'tools/list')), {
    awaitId: 'tools',
    method: 'tools/list',
  });
  const tools = resultOf(exchange)?.tools;
  if (!Array.isArray(tools)) return undefined;
  return tools.flatMap((t: unknown) =>
    t && typeof (t as { name?: unknown }).name === 'string' ? [(t as { name: string }).name] : [],
  );
}

/**
 * On stdio, the run read as one session log by the model's session analyser (what `mcp-lab classify --jsonl` does
 * with a captured log): the findings no single exchange shows (an answer to a notification, a response to no
 * request, a request never answered), kept where the analyser puts them on the server and they break a MUST or a
 * SHOULD. The probe's own malformed lines are its intent, so findings against the client are left out.
 */
function analyseTranscript(session: Session): ProbeReport['session'] {
  const lines = session.transcript();
  if (lines.length === 0) return undefined;
  const analyzer = createLogAnalyzer();
  lines.forEach((line, i) => analyzer.push(i + 1, line.text, false, { side: line.side }));
  const { analysis } = analyzer.finish();
  const findings: ProbeSessionFinding[] = analysis.issues
    .filter((issue) => issue.brokenBy === 'server' && issue.severity !== 'info')
    .slice(0, REPORT_LIMITS.checks)
    .map((issue) => ({
      id: issue.id,
      severity: issue.severity === 'error' ? 'error' : 'warning',
      line: issue.line,
      ...(issue.related !== undefined ? { related: issue.related } : {}),
      text: cut(lines[issue.line - 1]?.text ?? '', REPORT_LIMITS.exchange),
      message: cap(issue.message),
      spec: cut(issue.spec.url, REPORT_LIMITS.url),
    }));
  return { lines: Math.min(lines.length, REPORT_LIMITS.sessionLines), findings };
}

/** Runs every check of the catalogue that applies and writes the report. Never throws for anything the server does. */
export async function runProbe(target: ProbeTarget, options: ProbeOptions = {}): Promise<ProbeReport> {
  const started = Date.now();
  const session = new Session(target, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const opened = await open(session, options.protocol);
  const checks: ProbeCheck[] = [];
  const add = (check: CheckDefinition, outcome: Outcome) => {
    const { level, spec, chapter, levelNote } = describeCheck(check, session.protocol, session.transport);
    checks.push({
      id: check.id,
      level,
      status: outcome.status,
      spec,
      chapter,
      sent: cut(outcome.sent, REPORT_LIMITS.exchange),
      received: cut(outcome.received, REPORT_LIMITS.exchange),
      explanation: cap(levelNote ? `${outcome.explanation} ${levelNote}` : outcome.explanation),
    });
  };
  let server = { name: 'unknown', version: 'unknown' };
  if (!opened.ok) {
    for (const check of checksFor(session.era, session.transport)) {
      add(check, {
        status: 'fail',
        explanation: `Not reached: the opening failed. ${opened.problem}`,
        sent: opened.sent,
        received: opened.received,
      });
    }
  } else {
    server = opened.server;
    const tools = await listTools(session);
    for (const check of checksFor(session.era, session.transport)) {
      const runner = RUNNERS[check.id];
      if (!runner) continue;
      add(check, await runner(session, tools));
    }
  }
  const transcript = analyseTranscript(session);
  return {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    protocol: session.protocol,
    transport: session.transport,
    server: {
      name: cut(server.name, REPORT_LIMITS.title),
      version: cut(server.version, REPORT_LIMITS.title),
      ...(target.transport === 'stdio'
        ? { command: cut(target.command, REPORT_LIMITS.command) }
        : { url: cut(target.url, REPORT_LIMITS.url) }),
    },
    startedAt: new Date(started).toISOString(),
    durationMs: Math.min(Date.now() - started, 86_400_000),
    checks,
    score: scoreChecks(checks),
    ...(transcript ? { session: transcript } : {}),
  };
}
