/**
 * Streamable HTTP's statuses: the status each answer is owed (2026-07-28 streamable-http.mdx §Sending Messages,
 * §Protocol Version Header, §Server Validation, §Security & Endpoint, §Backward Compatibility and §Earlier Streamable
 * HTTP Revisions; the 2025 revisions' GET stream and sessions), the status against the error code in the body, what
 * a dual-era client concludes from a 4xx, and what the status line says on its own. A status the spec does not pin
 * is never a rule broken: it is labelled as RFC 9110's or the official SDK's.
 */
import type { Classification } from './classification.ts';
import { ERROR_CODE, MODERN_ERROR_CODES } from './error-codes.ts';
import { has, get, mediaType } from './http-headers.ts';
import { parsed, RFC9110_413, SDK_STATUS, type ExchangeContext } from './http-findings.ts';
import { mcpRef, type SpecRef } from './protocols.ts';

/** What one layer of the exchange says happened. */
export interface LayerVerdict {
  /** `success`: done; `accepted`: taken, nothing to return; `error`: refused or failed; `none`: the layer is silent. */
  outcome: 'success' | 'accepted' | 'error' | 'none';
  /** One sentence. */
  says: string;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** "404 Not Found", or just the number for a status without a common name. */
export function statusLine(status: number): string {
  return STATUS_TEXT[status] ? `${status} ${STATUS_TEXT[status]}` : String(status);
}

/**
 * The MCP 2026-07-28 error codes a client recognises as a modern server's (streamable-http.mdx §Backward
 * Compatibility), with the status each comes with. -32020, -32021 and -32022 are new in 2026-07-28 and come with 400.
 * -32601 is JSON-RPC's own code, which legacy servers commonly send for a request they do not know (stdio.mdx
 * §Backward Compatibility: "commonly -32601 or -32602"), so it marks a modern server only together with the 404 that
 * §Protocol Version Header pairs it with.
 */
const isModernError = (code: number, status: number) =>
  MODERN_ERROR_CODES.has(code) || (code === ERROR_CODE.MethodNotFound && status === 404);

/** GET, DELETE and the rest: 2026-07-28 has only POST; 2025 versions had a GET stream and DELETE for sessions. */
export function checkNonPost(ctx: ExchangeContext, message: Classification | undefined): void {
  if (ctx.modern) {
    if (!message)
      ctx.add(
        'http-method-earlier-revision',
        { part: 'request', field: 'method' },
        `${ctx.method} is not how a 2026-07-28 client talks to the MCP endpoint: every message is its own POST. The GET stream and session DELETE are 2025 features; a server that supports only this revision SHOULD answer GET and DELETE with 405 Method Not Allowed.`,
        ctx.ref('Earlier Streamable HTTP Revisions'),
      );
    ctx.expect(
      405,
      ctx.method === 'GET' || ctx.method === 'DELETE' ? 'should' : 'sdk',
      'A 2026-07-28 server answers GET and DELETE with 405 Method Not Allowed.',
      ctx.ref('Earlier Streamable HTTP Revisions'),
    );
    if (ctx.status !== 405 && ctx.status < 400 && (ctx.method === 'GET' || ctx.method === 'DELETE'))
      ctx.add(
        'http-status-not-recommended',
        { part: 'response', field: 'status' },
        `The server answered ${statusLine(ctx.status)}; a server that supports only 2026-07-28 SHOULD answer ${ctx.method} with 405 Method Not Allowed.`,
        ctx.ref('Earlier Streamable HTTP Revisions'),
      );
  } else if (ctx.method === 'GET') {
    const sse = mediaType(ctx.resHeaders) === 'text/event-stream';
    ctx.expect(
      null,
      'must',
      'The server either opens an SSE stream (text/event-stream) or answers 405 Method Not Allowed.',
      ctx.ref('Listening for Messages from the Server'),
    );
    if (!sse && ctx.status !== 405)
      ctx.add(
        'http-status-not-required',
        { part: 'response', field: 'status' },
        `A GET to the MCP endpoint MUST get either an SSE stream or 405 Method Not Allowed; this one got ${statusLine(ctx.status)}${ctx.status < 300 ? ' without text/event-stream' : ''}.`,
        ctx.ref('Listening for Messages from the Server'),
      );
  }
  if (message)
    ctx.add(
      'http-method-not-post',
      { part: 'request', field: 'method' },
      `A JSON-RPC message travels only in a POST ("The client MUST use HTTP POST to send JSON-RPC messages"); a ${ctx.method} body is not read as one.`,
      ctx.ref(ctx.modern ? 'Sending Messages' : 'Sending Messages to the Server'),
    );
}

/** The status against the error code in the body (the codes whose status 2026-07-28 pins). */
/** The status against the error code in the body, and the reply the request was owed against the one that came. */
export function checkStatusAgainstBody(
  ctx: ExchangeContext,
  message: Classification | undefined,
  messages: Classification[],
): void {
  if (ctx.method !== 'POST') return;
  const last = [...messages].reverse().find((m) => m.kind === 'error' || m.kind === 'result');
  const isNotification = message?.kind === 'notification';
  checkOwedReply(ctx, last);
  if (last?.kind === 'result' && ctx.status >= 400)
    ctx.add(
      'http-error-status-with-result',
      { part: 'response', field: 'status' },
      `${statusLine(ctx.status)} carries a JSON-RPC result: the two layers contradict each other. An error status goes with an error response (or no body).`,
      ctx.ref(ctx.modern ? 'Sending Messages' : 'Sending Messages to the Server'),
    );
  if (last?.kind !== 'error') {
    if (
      ctx.expected &&
      ctx.expected.strength === 'must' &&
      ctx.expected.status === 400 &&
      ctx.status >= 200 &&
      ctx.status < 300
    )
      ctx.add(
        'http-success-for-rejected-request',
        { part: 'response', field: 'status' },
        `The request breaks a rule the server MUST reject it for (${ctx.expected.why}), but it was answered ${statusLine(ctx.status)}.`,
        ctx.expected.spec,
      );
    return;
  }
  const code = last.code;
  if (ctx.modern) {
    const rule: [number, string, SpecRef] | undefined =
      code === ERROR_CODE.MethodNotFound && !isNotification
        ? [
            404,
            'A server that does not implement the method MUST answer 404 Not Found with -32601.',
            ctx.ref('Protocol Version Header'),
          ]
        : code === ERROR_CODE.HeaderMismatch
          ? [
              400,
              'A header validation failure MUST be answered with 400 Bad Request and -32020 HeaderMismatch.',
              ctx.ref('Server Validation'),
            ]
          : code === ERROR_CODE.UnsupportedProtocolVersion
            ? [
                400,
                'An unsupported protocol version MUST be answered with 400 Bad Request and -32022 UnsupportedProtocolVersion.',
                ctx.ref('Protocol Version Header'),
              ]
            : code === ERROR_CODE.MissingRequiredClientCapability
              ? [
                  400,
                  'A missing client capability MUST be answered with -32021 and, on HTTP, 400 Bad Request.',
                  mcpRef('2026-07-28', 'basic/index', '_meta'),
                ]
              : code === ERROR_CODE.InvalidParams && message?.findings.some((f) => f.id === 'meta-envelope-missing')
                ? [
                    400,
                    'A request missing a required _meta field MUST get -32602 and, on HTTP, 400 Bad Request.',
                    mcpRef('2026-07-28', 'basic/index', '_meta'),
                  ]
                : undefined;
    if (rule) {
      ctx.expected = { status: rule[0], strength: 'must', why: rule[1], spec: rule[2] };
      if (ctx.status !== rule[0])
        ctx.add(
          'http-status-not-required',
          { part: 'response', field: 'status' },
          `${rule[1]} This one came with ${statusLine(ctx.status)}.`,
          rule[2],
        );
      return;
    }
  }
  if ((code === ERROR_CODE.ParseError || code === ERROR_CODE.InvalidRequest) && ctx.status >= 200 && ctx.status < 300) {
    ctx.add(
      'http-status-hides-error',
      { part: 'response', field: 'status' },
      `${statusLine(ctx.status)} carries ${code}: the server could not read the request, but every intermediary, and a client deciding whether the server is modern, sees success. MCP pins no status here; the official SDK answers 400 Bad Request.`,
      SDK_STATUS,
    );
    return;
  }
  if (!ctx.expected && ctx.status >= 200 && ctx.status < 300)
    ctx.expect(
      200,
      'sdk',
      `MCP pins no status for ${code} from a handler; the JSON-RPC error is the answer, and the official SDK sends it with 200 OK.`,
      SDK_STATUS,
    );
}

/**
 * The reply the request was owed (an error whose code the message or its headers settle) against the one that came:
 * a result where an error was owed is the server serving a request it MUST refuse; another error code is noted.
 */
function checkOwedReply(ctx: ExchangeContext, last: Classification | undefined): void {
  const owed = ctx.owed;
  if (owed?.send !== 'error' || owed.code === null || !last) return;
  const code = owed.code;
  const spec: SpecRef =
    code === ERROR_CODE.HeaderMismatch
      ? ctx.ref('Server Validation')
      : (ctx.message?.findings.find((f) => f.severity === 'error' || f.id === 'protocol-version-unsupported')?.spec ??
        ctx.ref());
  // The refusals whose code a MUST pins: -32020 (§Server Validation), -32021 and a missing _meta envelope (basic/index
  // §_meta), -32022 (§Protocol Version Header). Other owed errors (invalid params, an invalid request) rest on no MUST
  // of the transport: MRTR even lets a server answer a retry with another InputRequiredResult.
  const mustRefuse =
    code === ERROR_CODE.HeaderMismatch ||
    code === ERROR_CODE.MissingRequiredClientCapability ||
    code === ERROR_CODE.UnsupportedProtocolVersion ||
    (code === ERROR_CODE.InvalidParams && !!ctx.message?.findings.some((f) => f.id === 'meta-envelope-missing'));
  if (last.kind === 'result' && mustRefuse)
    ctx.add(
      'http-result-for-rejected-request',
      { part: 'response', field: 'body', pointer: '' },
      `The request was owed error ${code}${owed.data ? ` with data ${JSON.stringify(owed.data)}` : ''}, but the server answered it with a result: it served a request the spec tells it to refuse.`,
      spec,
    );
  else if (last.kind === 'result' || (last.kind === 'error' && last.code !== code))
    ctx.add(
      'http-error-code-not-owed',
      { part: 'response', field: 'body', pointer: last.kind === 'result' ? '' : '/error/code' },
      last.kind === 'result'
        ? `The model reads this request as owed error ${code}; the server answered it with a result, which no MUST of the transport forbids here.`
        : `The request was owed error ${code}; the server sent ${last.kind === 'error' ? last.code : 'something else'}.`,
      spec,
    );
}

/** Sessions under 2026-07-28, expired sessions, 413 and 403: statuses from outside the exchange's own rules. */
export function checkStatusOutsideMcp(ctx: ExchangeContext, messages: Classification[]): void {
  const session = get(ctx.reqHeaders, 'Mcp-Session-Id');
  if (session !== undefined && ctx.modern)
    ctx.add(
      'http-session-header-ignored',
      { part: 'request', field: 'header', header: 'Mcp-Session-Id' },
      'An Mcp-Session-Id header: 2026-07-28 has no sessions. A server that supports only this revision ignores it and never mints or echoes one.',
      ctx.ref('Earlier Streamable HTTP Revisions'),
    );
  if (session !== undefined && !ctx.modern && ctx.status === 404)
    ctx.add(
      'http-session-expired',
      { part: 'response', field: 'status' },
      '404 Not Found for a request with an Mcp-Session-Id: the session is over. The client MUST start a new session by sending a new InitializeRequest without a session ID.',
      ctx.ref('Session Management'),
    );
  if (ctx.status === 413)
    ctx.add(
      'http-status-outside-mcp',
      { part: 'response', field: 'status' },
      `413 Content Too Large is HTTP's own status (RFC 9110 §15.5.14): the body is larger than the server will process. No MCP revision mentions it or sets a size limit; the official TypeScript SDK answers a body over its limit (4 MiB by default) with 413 and a -32000 error${messages.some((m) => m.kind === 'error') ? ', a code from the legacy band' : ''}. Shrink the request, or split the work.`,
      RFC9110_413,
    );
  if (ctx.status === 403 && ctx.version && ctx.version !== '2025-06-18') {
    const spec = ctx.ref(ctx.modern ? 'Security & Endpoint' : 'Security Warning');
    ctx.add(
      'http-origin-forbidden',
      { part: 'response', field: 'status' },
      '403 Forbidden: a server MUST answer a request whose Origin header is present and invalid with 403 (DNS rebinding protection); the body MAY be a JSON-RPC error response without an id. Authorization failures also use 403.',
      spec,
    );
    if (has(ctx.reqHeaders, 'Origin'))
      ctx.expected = {
        status: 403,
        strength: 'must',
        why: 'A request whose Origin header is present and invalid MUST be answered with 403 Forbidden.',
        spec,
      };
  }
}

/** What a dual-era client concludes from a 4xx (streamable-http.mdx §Backward Compatibility). */
export function checkFallback(ctx: ExchangeContext, messages: Classification[]): void {
  if (ctx.method !== 'POST') return;
  const error = messages.find((m) => m.kind === 'error') as (Classification & { kind: 'error' }) | undefined;
  checkInitializeRefused(ctx, error);
  if (!ctx.modern || ![400, 404, 405].includes(ctx.status)) return;
  if (error && isModernError(error.code, ctx.status)) {
    ctx.add(
      'http-modern-error-recognized',
      { part: 'response', field: 'body', pointer: '/error/code' },
      `${error.code} is a recognised modern error, so the server speaks 2026-07-28: a client that also speaks older versions corrects the request (or retries with a supported version) instead of falling back to initialize.`,
      ctx.ref('Backward Compatibility'),
    );
  } else {
    ctx.add(
      'http-legacy-fallback',
      { part: 'response', field: 'body' },
      `${statusLine(ctx.status)} with ${error ? `error ${error.code}, which is not a recognised modern error` : 'no JSON-RPC error in the body'}: a client that also speaks older versions takes this for a legacy server and falls back to initialize. The fallback is keyed to the body, never to one status or code.`,
      ctx.ref('Backward Compatibility'),
    );
  }
}

/**
 * An initialize refused with 400, 404 or 405: the refusal of a server that does not serve legacy clients, which
 * SHOULD name its versions (2026-07-28 basic/versioning.mdx, "on any transport"), whatever era the client speaks.
 */
function checkInitializeRefused(ctx: ExchangeContext, error: (Classification & { kind: 'error' }) | undefined): void {
  // 400, 404 and 405 are how a modern server refuses a legacy opening (versioning.mdx §Compatibility Matrix); a 403
  // for a bad Origin or a 5xx refuses the caller or fails, whatever the era.
  if (ctx.requestBody().request?.method === 'initialize' && error && [400, 404, 405].includes(ctx.status)) {
    const errorObject = parsed(bodyOfError(ctx) ?? '')?.error;
    if (!/\d{4}-\d{2}-\d{2}/.test(JSON.stringify(errorObject ?? null)))
      ctx.add(
        'http-initialize-error-names-no-version',
        { part: 'response', field: 'body', pointer: '/error' },
        'The error answers a legacy initialize but names no protocol version. A server that supports only modern versions SHOULD name the versions it supports in any error it returns to initialize: it may be the only thing a legacy client can show its user.',
        mcpRef('2026-07-28', 'basic/versioning', 'Backward Compatibility with Initialization-Based Versions'),
      );
  }
}

function bodyOfError(ctx: ExchangeContext): string | undefined {
  if (mediaType(ctx.resHeaders) === 'text/event-stream') return ctx.sse().events.at(-1)?.data;
  return ctx.resBody;
}

/** What the status line says on its own. */
export function httpVerdict(ctx: ExchangeContext, message: Classification | undefined): LayerVerdict {
  const s = ctx.status;
  const line = statusLine(s);
  if (s === 202) return { outcome: 'accepted', says: `${line}: taken, with nothing to send back.` };
  if (s >= 200 && s < 300)
    return {
      outcome: 'success',
      says: `${line}: the HTTP exchange worked${message?.kind === 'request' ? '; the answer is in the body' : ''}.`,
    };
  const meaning: Record<number, string> = {
    400: 'the server refused the request as malformed',
    403: 'the server refused to serve this origin or caller',
    404: 'the server has nothing at this address for this request',
    405: 'the endpoint does not accept this HTTP method',
    413: 'the body is larger than the server will read',
  };
  return {
    outcome: 'error',
    says: `${line}: ${meaning[s] ?? (s >= 500 ? 'the server failed' : 'the request was refused')}.`,
  };
}
