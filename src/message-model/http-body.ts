/**
 * Streamable HTTP's bodies: what a POST carries (one request, notification or, before 2026-07-28, response), how the
 * server answers each (202 and no body, one JSON object, or an SSE stream of related notifications ending with the
 * response), and the stream's own rules (2026-07-28 streamable-http.mdx §Sending Messages and §Receiving Messages;
 * 2025-11-25 and 2025-06-18 basic/transports.mdx §Sending Messages to the Server). The response's messages are
 * classified with the method of the request in the same exchange, so a result is checked as that method's result.
 */
import type { Classification } from './classification.ts';
import { classifyMessage } from './classify.ts';
import { ERROR_CODE } from './error-codes.ts';
import { checkAccept, checkRequestHeaders, get, mediaType } from './http-headers.ts';
import { isRecord, parsed, SDK_STATUS, type ExchangeContext } from './http-findings.ts';
import { statusLine, type LayerVerdict } from './http-status.ts';
import { mcpRef } from './protocols.ts';

/** How the response body was read. */
export type BodyKind = 'none' | 'json' | 'sse' | 'other';

/**
 * Reads the response body into JSON-RPC messages. A `text/event-stream` body is an SSE stream even when it is empty
 * (a stream closed before any event); an event with empty data carries no message (the 2025-11-25 priming event is
 * "an event ID and an empty `data` field").
 */
export function readResponseBody(ctx: ExchangeContext): { body: BodyKind; messages: Classification[] } {
  const text = ctx.resBody ?? '';
  const type = mediaType(ctx.resHeaders);
  const method = ctx.message?.kind === 'request' ? ctx.message.method : undefined;
  const options = { protocol: ctx.protocol, ...(method !== undefined ? { method } : {}) };
  if (type === 'text/event-stream') {
    const messages: Classification[] = [];
    for (const [i, e] of ctx.sse().events.entries()) {
      if (e.data === '') continue;
      ctx.eventIndex.push(i);
      messages.push(classifyMessage(e.data, options));
    }
    return { body: 'sse', messages };
  }
  if (text.trim() === '') return { body: 'none', messages: [] };
  if (type === 'application/json' || type === '' || type.endsWith('+json'))
    return { body: 'json', messages: [classifyMessage(text, options)] };
  return { body: 'other', messages: [] };
}

/** A POST: the Accept header, then the body by what it is. */
export function checkPost(
  ctx: ExchangeContext,
  message: Classification | undefined,
  messages: Classification[],
  body: BodyKind,
): void {
  checkAccept(ctx);
  if (!message) {
    ctx.add(
      'http-request-body-not-a-message',
      { part: 'request', field: 'body' },
      'The POST has no body. Every POST to the MCP endpoint carries exactly one JSON-RPC message.',
      ctx.ref(ctx.modern ? 'Sending Messages' : 'Sending Messages to the Server'),
    );
    return;
  }
  switch (message.kind) {
    case 'parse-error':
    case 'invalid':
    case 'batch':
      checkUnreadableBody(ctx, message);
      return;
    case 'result':
    case 'error':
      checkClientResponse(ctx, body);
      return;
    case 'notification':
      checkNotification(ctx, body);
      return;
    case 'request':
      if (message.reply.send === 'error' && message.reply.code === ERROR_CODE.UnsupportedProtocolVersion)
        ctx.expect(
          400,
          'must',
          'A request for a protocol version the server does not implement MUST be answered with 400 Bad Request and -32022 UnsupportedProtocolVersion.',
          ctx.ref('Protocol Version Header'),
        );
      // Header validation comes first: a request whose headers disagree with its body is owed -32020 whatever it asks.
      checkRequestHeaders(ctx, message);
      if (message.reply.send === 'error') ctx.owed ??= message.reply;
      checkRequestAnswer(ctx, message, messages, body);
      return;
  }
}

/** A body the server cannot read as one request or notification. */
function checkUnreadableBody(ctx: ExchangeContext, message: Classification): void {
  const reply = message.reply;
  const metaMissing = message.findings.some((f) => f.id === 'meta-envelope-missing');
  if (metaMissing && ctx.modern) {
    ctx.expect(
      400,
      'must',
      'A request missing a required _meta field is malformed: -32602, and on HTTP 400 Bad Request.',
      mcpRef('2026-07-28', 'basic/index', '_meta'),
    );
    return;
  }
  if (message.kind === 'batch' && ctx.version) {
    ctx.add(
      'http-request-body-not-a-message',
      { part: 'request', field: 'body' },
      `The body is a JSON array. Since 2025-06-18 the body of a POST MUST be a single JSON-RPC message; MCP has no batches.`,
      ctx.ref(ctx.modern ? 'Sending Messages' : 'Sending Messages to the Server'),
    );
  }
  const code = reply.send === 'error' ? reply.code : null;
  ctx.expect(
    400,
    'sdk',
    `MCP names no status for ${code === ERROR_CODE.ParseError ? 'a body that is not JSON' : 'a body that is not a valid message'}; the official SDK answers 400 Bad Request${code !== null ? ` with ${code}` : ''}.`,
    SDK_STATUS,
  );
}

/** A JSON-RPC response POSTed by the client: accepted with 202 before 2026-07-28, never sent in 2026-07-28. */
function checkClientResponse(ctx: ExchangeContext, body: BodyKind): void {
  if (ctx.modern) {
    ctx.add(
      'http-client-sent-response',
      { part: 'request', field: 'body', pointer: '' },
      'The body is a JSON-RPC response. In 2026-07-28 servers never send requests, so a client has nothing to answer: "The client MUST NOT send JSON-RPC responses."',
      ctx.ref('Sending Messages'),
    );
    ctx.expect(
      null,
      'must',
      'The body is not a request or notification; the server cannot accept it and answers with an HTTP error status.',
      ctx.ref('Sending Messages'),
    );
    return;
  }
  ctx.expect(
    202,
    'must',
    'A client POSTs its response to a server request; the server accepts it with 202 Accepted and no body.',
    ctx.ref('Sending Messages to the Server'),
  );
  checkAccepted(ctx, body, 'response');
}

function checkNotification(ctx: ExchangeContext, body: BodyKind): void {
  ctx.expect(
    202,
    'must',
    'A notification the server accepts gets 202 Accepted with no body; one it cannot accept gets an HTTP error status.',
    ctx.ref(ctx.modern ? 'Sending Messages' : 'Sending Messages to the Server'),
  );
  if (ctx.status >= 200 && ctx.status < 300) checkAccepted(ctx, body, 'notification');
}

/** 202 (or another 2xx) for a notification, or for a client's response in 2025 versions. */
function checkAccepted(ctx: ExchangeContext, body: BodyKind, what: 'notification' | 'response'): void {
  const page = ctx.ref(ctx.modern ? 'Sending Messages' : 'Sending Messages to the Server');
  if (ctx.status === 202 && body !== 'none')
    ctx.add(
      'http-accepted-with-body',
      { part: 'response', field: 'body' },
      `202 Accepted for a ${what} MUST come with no body; this one has one.`,
      page,
    );
  if (ctx.status !== 202) {
    const answered = ctx.status === 200 && body !== 'none';
    ctx.add(
      answered ? 'http-notification-answered' : 'http-status-not-required',
      { part: 'response', field: 'status' },
      answered
        ? `A ${what} was answered with ${statusLine(ctx.status)} and a body. Nothing answers a ${what}: the server MUST return 202 Accepted with no body.`
        : `A ${what} the server accepts MUST get 202 Accepted, not ${statusLine(ctx.status)}.`,
      page,
    );
  }
}

/** A request's answer: JSON or an SSE stream, carrying the response with the request's id. */
function checkRequestAnswer(
  ctx: ExchangeContext,
  message: Classification & { kind: 'request' },
  messages: Classification[],
  body: BodyKind,
): void {
  const page = ctx.ref(ctx.modern ? 'Sending Messages' : 'Sending Messages to the Server');
  if (ctx.status === 202) {
    ctx.add(
      'http-accepted-for-request',
      { part: 'response', field: 'status' },
      '202 Accepted is for notifications. A request MUST be answered with application/json (one JSON-RPC response) or text/event-stream (an SSE stream that ends with it).',
      page,
    );
    return;
  }
  if (ctx.status < 200 || ctx.status >= 300) return;
  if (body === 'other' || body === 'none') {
    ctx.add(
      'http-content-type-invalid',
      { part: 'response', field: 'header', header: 'Content-Type' },
      `A request MUST be answered with Content-Type application/json or text/event-stream; this ${statusLine(ctx.status)} has ${body === 'none' ? 'no body' : `Content-Type ${mediaType(ctx.resHeaders)}`}.`,
      page,
    );
    return;
  }
  const responses = messages.map((m, i) => ({ m, i })).filter(({ m }) => m.kind === 'result' || m.kind === 'error');
  if (body === 'json') {
    const only = messages[0];
    if (only && only.kind !== 'result' && only.kind !== 'error')
      ctx.add(
        'http-response-body-invalid',
        { part: 'response', field: 'body', pointer: '' },
        `The body is ${only.kind === 'parse-error' ? 'not JSON' : `a ${only.kind}, not a JSON-RPC response`}; a request answered with application/json gets one JSON-RPC response.`,
        page,
      );
  } else {
    checkStream(ctx, message, messages);
    if (ctx.modern && get(ctx.resHeaders, 'X-Accel-Buffering')?.trim().toLowerCase() !== 'no')
      ctx.add(
        'http-sse-buffering-header-missing',
        { part: 'response', field: 'header', header: 'X-Accel-Buffering' },
        'The server opened an SSE stream without X-Accel-Buffering: no. When initiating an SSE stream, servers SHOULD include it, so that reverse proxies deliver events at once instead of buffering them.',
        ctx.ref('Receiving Messages'),
      );
    if (ctx.sse().incomplete)
      ctx.add(
        'http-stream-incomplete',
        { part: 'response', field: 'body' },
        'The stream ends in the middle of an event (no blank line after its last field): an event-stream parser discards that event, so whatever it held was never delivered.',
        ctx.ref(ctx.modern ? 'Receiving Messages' : 'Sending Messages to the Server'),
      );
    if (responses.length === 0 && message.method !== 'subscriptions/listen')
      ctx.add(
        'http-stream-without-response',
        { part: 'response', field: 'body' },
        ctx.modern
          ? `The SSE stream ${messages.length === 0 ? 'closed without any event' : 'ends without a response'}. The final response SHOULD end the stream; without it the request is lost, and a 2026-07-28 client re-issues it as a new request with a new request ID.`
          : `The SSE stream ${messages.length === 0 ? 'closed without any message' : 'ends without a response'}. It SHOULD eventually include the response to the request; a client may resume the stream with GET and Last-Event-ID if the server made it resumable.`,
        ctx.modern ? ctx.ref('Receiving Messages') : ctx.ref('Sending Messages to the Server'),
      );
  }
  for (const { m, i } of responses) {
    const id = (m as { id?: unknown }).id;
    if (id !== message.id)
      ctx.add(
        'http-response-not-for-request',
        {
          part: 'response',
          field: 'body',
          pointer: '/id',
          ...(body === 'sse' ? { event: ctx.eventIndex[i] ?? i } : {}),
        },
        `The response carries id ${JSON.stringify(id ?? null)}, but the request's id is ${JSON.stringify(message.id)}; a response MUST carry the id of its request.`,
        mcpRef(ctx.version ?? '2026-07-28', 'basic/index', ctx.modern ? 'Result Responses' : 'Responses'),
      );
  }
  for (const [i, m] of messages.entries()) {
    const err = m.findings.find((f) => f.severity === 'error');
    if (err && (m.kind === 'result' || m.kind === 'error' || m.kind === 'notification'))
      ctx.add(
        'http-response-message-invalid',
        {
          part: 'response',
          field: 'body',
          pointer: err.path,
          ...(body === 'sse' ? { event: ctx.eventIndex[i] ?? i } : {}),
        },
        `The ${m.kind} in the body breaks a message rule: ${err.message}`,
        err.spec,
      );
  }
}

/** The SSE stream of one request: notifications about it, then its response, then nothing. */
function checkStream(
  ctx: ExchangeContext,
  message: Classification & { kind: 'request' },
  messages: Classification[],
): void {
  const page = ctx.ref(ctx.modern ? 'Receiving Messages' : 'Sending Messages to the Server');
  const { meta } = ctx.requestBody();
  let answered = false;
  for (const [i, m] of messages.entries()) {
    if (answered) {
      ctx.add(
        'http-stream-after-response',
        { part: 'response', field: 'body', event: ctx.eventIndex[i] ?? i },
        'A message follows the response on the stream. The final response SHOULD terminate the stream.',
        page,
      );
      break;
    }
    if (m.kind === 'result' || m.kind === 'error') answered = true;
    else if (m.kind === 'request' || (m.kind === 'invalid' && m.shape === 'request')) {
      if (ctx.modern)
        ctx.add(
          'http-stream-carries-request',
          { part: 'response', field: 'body', event: ctx.eventIndex[i] ?? i, pointer: '/method' },
          'The stream carries a JSON-RPC request. In 2026-07-28 the server MUST NOT send requests on it: it asks for input with an InputRequiredResult instead.',
          page,
        );
    } else if (m.kind === 'notification' && ctx.modern) {
      const note = parsed(ctx.sse().events[ctx.eventIndex[i] ?? i]?.data ?? '') ?? {};
      const np = isRecord(note.params) ? note.params : {};
      const nm = isRecord(np._meta) ? np._meta : {};
      const unrelated =
        (m.method === 'notifications/progress' && np.progressToken !== meta.progressToken) ||
        (m.method === 'notifications/message' && meta['io.modelcontextprotocol/logLevel'] === undefined) ||
        (message.method !== 'subscriptions/listen' && nm['io.modelcontextprotocol/subscriptionId'] !== undefined);
      if (unrelated)
        ctx.add(
          'http-stream-unrelated-notification',
          { part: 'response', field: 'body', event: ctx.eventIndex[i] ?? i, pointer: '/params' },
          m.method === 'notifications/message'
            ? 'A log message on the stream of a request that did not set io.modelcontextprotocol/logLevel: the server MUST NOT emit notifications/message for it.'
            : m.method === 'notifications/progress'
              ? 'A progress notification whose token is not the one this request carried: notifications on the stream MUST relate to the originating request.'
              : "A subscription notification on an ordinary request's stream: change notifications travel only on a subscriptions/listen stream.",
          m.method === 'notifications/message'
            ? mcpRef('2026-07-28', 'server/utilities/logging', 'Per-request log level')
            : page,
        );
    }
  }
}

/** What the JSON-RPC body says on its own. */
export function jsonrpcVerdict(
  ctx: ExchangeContext,
  message: Classification | undefined,
  messages: Classification[],
  body: BodyKind,
): LayerVerdict {
  const responses = messages.filter((m) => m.kind === 'result' || m.kind === 'error');
  const final = responses.at(-1);
  const notes = messages.filter((m) => m.kind === 'notification').length;
  const prefix = body === 'sse' && notes > 0 ? `${notes} notification${notes === 1 ? '' : 's'}, then ` : '';
  if (final?.kind === 'error')
    return { outcome: 'error', says: `${prefix}error ${final.code}${final.codeName ? ` (${final.codeName})` : ''}.` };
  if (final?.kind === 'result')
    return {
      outcome: 'success',
      says: `${prefix}a result${message?.kind === 'request' ? ` for request ${JSON.stringify(message.id)}` : ''}.`,
    };
  if (body === 'none')
    return {
      outcome: message?.kind === 'notification' ? 'accepted' : 'none',
      says:
        message?.kind === 'notification' ? 'Nothing: a notification is never answered.' : 'Nothing: the body is empty.',
    };
  if (body === 'other')
    return { outcome: 'none', says: `Nothing it can read: the body is ${mediaType(ctx.resHeaders) || 'not JSON'}.` };
  return { outcome: 'none', says: `${prefix}no JSON-RPC response.` };
}
