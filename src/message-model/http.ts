/**
 * One Streamable HTTP exchange, classified layer by layer: what the HTTP status says, what the JSON-RPC body says,
 * whether the two agree, and the findings where an exchange breaks a rule of the transport (each with where it is, as
 * a header name or a JSON Pointer into a body, and the spec section it rests on). Also reads HAR files, the format
 * browsers and proxies export traffic in. Built on the model's public functions (classifyMessage and the protocol
 * helpers) and zod; never throws.
 *
 * The rules are 2026-07-28's (basic/transports/streamable-http.mdx, basic/index.mdx §_meta), with the 2025-11-25 and
 * 2025-06-18 transport where it differs. A status the spec does not pin is never a finding on its own: the classifier
 * says so and, where the official TypeScript SDK (2.4.0) has a habit, names it as the SDK's choice.
 */
import { z } from 'zod';
import type { Classification } from './classification.ts';
import { classifyMessage } from './classify.ts';
import { ERROR_CODE } from './error-codes.ts';
import { isMcpVersion, isProtocol, mcpRef, type McpVersion, type Protocol, type SpecRef } from './protocols.ts';

/** The findings an exchange can earn. Closed vocabulary: the type, the guard and the tests derive from it. */
export const HTTP_FINDING_IDS = [
  'http-method-not-post',
  'http-accept-incomplete',
  'http-request-body-not-a-message',
  'http-client-sent-response',
  'http-protocol-version-header-missing',
  'http-protocol-version-header-mismatch',
  'http-method-header-missing',
  'http-method-header-mismatch',
  'http-name-header-missing',
  'http-name-header-mismatch',
  'http-header-value-invalid',
  'http-status-not-required',
  'http-status-hides-error',
  'http-success-for-rejected-request',
  'http-notification-answered',
  'http-accepted-with-body',
  'http-accepted-for-request',
  'http-content-type-invalid',
  'http-response-not-for-request',
  'http-response-body-invalid',
  'http-error-status-with-result',
  'http-stream-carries-request',
  'http-stream-unrelated-notification',
  'http-stream-after-response',
  'http-stream-without-response',
  'http-initialize-error-names-no-version',
  'http-status-outside-mcp',
  'http-origin-forbidden',
  'http-legacy-fallback',
  'http-modern-error-recognized',
  'http-session-expired',
  'http-session-header-ignored',
] as const;
export type HttpFindingId = (typeof HTTP_FINDING_IDS)[number];

/** True when `value` is one of the HTTP finding ids. */
export function isHttpFindingId(value: unknown): value is HttpFindingId {
  return typeof value === 'string' && (HTTP_FINDING_IDS as readonly string[]).includes(value);
}

/** A reference into a document other than the MCP spec (HTTP's own RFC, or the official SDK's source). */
export interface ExternalRef {
  version: 'rfc-9110' | 'sdk';
  section: string;
  url: string;
}

/** Where in the exchange a finding points. */
export interface HttpLocation {
  part: 'request' | 'response';
  /** The HTTP method or status line, a header (named in `header`), or the body. */
  field: 'method' | 'status' | 'header' | 'body';
  /** The header's name as the spec writes it, for `field: 'header'`. */
  header?: string;
  /** For an SSE body, the event's position (0 for the first event). */
  event?: number;
  /** A JSON Pointer (RFC 6901) into the body's JSON-RPC message, for `field: 'body'`; `""` is the whole message. */
  pointer?: string;
}

/** One thing the classifier noticed about the exchange. */
export interface HttpFinding {
  id: HttpFindingId;
  severity: 'error' | 'warning' | 'info';
  location: HttpLocation;
  /** What is wrong or worth knowing, in plain English. */
  message: string;
  /** The rule's source: an MCP spec section, or RFC 9110 / the SDK where MCP says nothing. */
  spec: SpecRef | ExternalRef;
}

/** What one layer of the exchange says happened. */
export interface LayerVerdict {
  /** `success`: done; `accepted`: taken, nothing to return; `error`: refused or failed; `none`: the layer is silent. */
  outcome: 'success' | 'accepted' | 'error' | 'none';
  /** One sentence. */
  says: string;
}

/** The status the spec wants for this exchange, and how firmly. */
export interface ExpectedStatus {
  /** The status, or null where the spec names none (for example "an HTTP error status"). */
  status: number | null;
  /** `must`/`should`: the spec's own word; `sdk`: MCP pins nothing and this is the official SDK's choice. */
  strength: 'must' | 'should' | 'sdk';
  /** Why, in one sentence. */
  why: string;
  spec: SpecRef | ExternalRef;
}

/** A classified exchange. */
export interface HttpExchangeClassification {
  kind: 'exchange';
  protocol: Protocol;
  request: {
    method: string;
    /** The body as the model classifies it, when there is one. */
    message?: Classification;
  };
  response: {
    status: number;
    /** How the body was read. */
    body: 'none' | 'json' | 'sse' | 'other';
    /** Each JSON-RPC message of the body, classified (one for JSON, one per SSE event with data). */
    messages: Classification[];
  };
  /** What the HTTP status says. */
  http: LayerVerdict;
  /** What the JSON-RPC body says. */
  jsonrpc: LayerVerdict;
  /** True when the two layers point the same way (success with a result, failure with an error, 202 with nothing). */
  agree: boolean;
  /**
   * Which side broke a MUST of the spec: the client (its request: the body is not a valid message, or an error finding
   * points into the request) and/or the server (an error finding points into the response). Layers can agree while a
   * side is wrong, and disagree while nobody is (a 200 carrying -32600 breaks no MCP rule).
   */
  brokenBy: BrokenBy;
  /** What the spec wants the status to be, when it says. */
  expected?: ExpectedStatus;
  /** Everything noticed, errors first. */
  findings: HttpFinding[];
  /** A short paragraph a learner can compare with their own explanation. */
  explanation: string;
}

/** Who broke a rule in an exchange. Closed vocabulary. */
export const BROKEN_BY = ['nobody', 'client', 'server', 'both'] as const;
export type BrokenBy = (typeof BROKEN_BY)[number];

/** The result of classifyHttpExchange: a classification, or input that is not an exchange at all. */
export type HttpClassifyResult = HttpExchangeClassification | { kind: 'bad-input'; message: string };

/** Options: the protocol the exchange is judged under (default: the request's MCP-Protocol-Version if known, else 2026-07-28). */
export interface HttpClassifyOptions {
  protocol?: Protocol;
}

const HeadersSchema = z.union([
  z.record(z.string(), z.string()),
  z.array(z.object({ name: z.string(), value: z.string() })),
  z.array(z.tuple([z.string(), z.string()])),
]);

/** An exchange as a caller passes it: headers as an object, a list of {name, value}, or a list of pairs. */
export const HttpExchangeSchema = z.object({
  request: z.object({
    method: z.string().min(1).max(32),
    url: z.string().optional(),
    headers: HeadersSchema.optional(),
    body: z.string().optional(),
  }),
  response: z.object({
    status: z.int().min(100).max(599),
    headers: HeadersSchema.optional(),
    body: z.string().optional(),
  }),
});
export type HttpExchange = z.input<typeof HttpExchangeSchema>;

type Headers = ReadonlyMap<string, string>;

function readHeaders(value: z.infer<typeof HeadersSchema> | undefined): Headers {
  const out = new Map<string, string>();
  const add = (name: string, v: string) => {
    const key = name.toLowerCase();
    out.set(key, out.has(key) ? `${out.get(key)}, ${v}` : v);
  };
  if (Array.isArray(value)) for (const h of value) Array.isArray(h) ? add(h[0], h[1]) : add(h.name, h.value);
  else if (value) for (const [k, v] of Object.entries(value)) add(k, v);
  return out;
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

/** RFC 9110 §15.5.14, HTTP's own definition of 413; no MCP revision mentions the status. */
const RFC9110_413: ExternalRef = {
  version: 'rfc-9110',
  section: 'RFC 9110 §15.5.14 413 Content Too Large',
  url: 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.14',
};
/**
 * The official TypeScript SDK's choice of status per error code: the table LADDER_ERROR_HTTP_STATUS
 * (packages/core-internal/src/shared/inboundClassification.ts, bundled into the published server 2.4.0).
 */
const SDK_STATUS: ExternalRef = {
  version: 'sdk',
  section:
    '@modelcontextprotocol/server 2.4.0, LADDER_ERROR_HTTP_STATUS in core-internal shared/inboundClassification.ts (400 for -32700 and -32600; 200 for errors a handler returns)',
  url: 'https://github.com/modelcontextprotocol/typescript-sdk',
};

const HTTP_PAGE: Record<McpVersion, string> = {
  '2026-07-28': 'basic/transports/streamable-http',
  '2025-11-25': 'basic/transports',
  '2025-06-18': 'basic/transports',
};

/** Decodes the `=?base64?…?=` sentinel form of Mcp-Name / Mcp-Param-* (streamable-http.mdx §Value Encoding). */
export function decodeHeaderValue(value: string): { ok: true; value: string } | { ok: false } {
  const m = /^=\?base64\?(.*)\?=$/.exec(value);
  if (!m) return { ok: true, value };
  const encoded = m[1] ?? '';
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 === 1) return { ok: false };
  try {
    const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false };
  }
}

/** Visible ASCII, space and tab: the characters RFC 9110 allows in a field value (streamable-http.mdx §Value Encoding). */
const HEADER_SAFE = /^[\x20-\x7e\t]*$/;

interface Event {
  data: string;
}

/** Splits an SSE body into the data of its events (comment lines and fields other than data ignored). */
export function readSseEvents(body: string): Event[] {
  const events: Event[] = [];
  for (const block of body.replace(/\r\n?/g, '\n').split(/\n\n+/)) {
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ data: data.join('\n') });
  }
  return events;
}

const mediaType = (h: Headers) => (h.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
const has = (h: Headers, name: string) => h.has(name.toLowerCase());
const get = (h: Headers, name: string) => h.get(name.toLowerCase());

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The parsed body of a classified message (the classifier parsed it already; this only re-reads well-formed JSON). */
function parsed(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return isRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The MCP 2026-07-28 error codes a client recognises as a modern server's (streamable-http.mdx §Backward
 * Compatibility), with the status each comes with. -32020, -32021 and -32022 are new in 2026-07-28 and come with 400.
 * -32601 is JSON-RPC's own code, which legacy servers commonly send for a request they do not know (stdio.mdx
 * §Backward Compatibility: "commonly -32601 or -32602"), so it marks a modern server only together with the 404 that
 * §Protocol Version Header pairs it with.
 */
const MODERN_CODES = new Set([
  ERROR_CODE.HeaderMismatch,
  ERROR_CODE.MissingRequiredClientCapability,
  ERROR_CODE.UnsupportedProtocolVersion,
]);
const isModernError = (code: number, status: number) =>
  MODERN_CODES.has(code) || (code === ERROR_CODE.MethodNotFound && status === 404);

/**
 * Message findings that make the server refuse a request without the client having broken a rule: a client "is free
 * to invoke any RPC inline and handle UnsupportedProtocolVersionError" (2026-07-28 basic/versioning.mdx §Protocol
 * Version Negotiation).
 */
const NOT_A_CLIENT_FAULT: ReadonlySet<string> = new Set(['protocol-version-unsupported']);

const METHODS_WITH_NAME: Record<string, 'name' | 'uri'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/**
 * Classifies one HTTP exchange of the Streamable HTTP transport. `input` is `{ request: { method, headers?, body? },
 * response: { status, headers?, body? } }`; anything else comes back as `bad-input` with a sentence saying what is
 * missing. Never throws.
 */
export function classifyHttpExchange(input: unknown, options: HttpClassifyOptions = {}): HttpClassifyResult {
  const read = HttpExchangeSchema.safeParse(input);
  if (!read.success) {
    const issue = read.error.issues[0];
    return {
      kind: 'bad-input',
      message: `Not an HTTP exchange: ${issue?.path.join('.') || 'the input'}: ${issue?.message ?? 'invalid'}. Expected { request: { method, headers?, body? }, response: { status, headers?, body? } }.`,
    };
  }
  const { request, response } = read.data;
  const reqHeaders = readHeaders(request.headers);
  const resHeaders = readHeaders(response.headers);
  const headerVersion = get(reqHeaders, 'MCP-Protocol-Version')?.trim();
  const protocol: Protocol =
    options.protocol ?? (headerVersion && isProtocol(headerVersion) ? headerVersion : '2026-07-28');
  return new ExchangeReader({
    protocol,
    method: request.method.toUpperCase(),
    reqHeaders,
    reqBody: request.body,
    status: response.status,
    resHeaders,
    resBody: response.body,
  }).run();
}

/** The reading of one exchange; a class only to keep the many small checks apart and share their inputs. */
class ExchangeReader {
  private readonly findings: HttpFinding[] = [];
  private readonly modern: boolean;
  private readonly version: McpVersion | undefined;
  private expected: ExpectedStatus | undefined;

  private readonly protocol: Protocol;
  private readonly method: string;
  private readonly reqHeaders: Headers;
  private readonly reqBody: string | undefined;
  private readonly status: number;
  private readonly resHeaders: Headers;
  private readonly resBody: string | undefined;
  private body:
    | { request: Record<string, unknown> | undefined; params: Record<string, unknown>; meta: Record<string, unknown> }
    | undefined;
  private events: Event[] | undefined;

  constructor(exchange: {
    protocol: Protocol;
    method: string;
    reqHeaders: Headers;
    reqBody: string | undefined;
    status: number;
    resHeaders: Headers;
    resBody: string | undefined;
  }) {
    this.protocol = exchange.protocol;
    this.method = exchange.method;
    this.reqHeaders = exchange.reqHeaders;
    this.reqBody = exchange.reqBody;
    this.status = exchange.status;
    this.resHeaders = exchange.resHeaders;
    this.resBody = exchange.resBody;
    this.version = isMcpVersion(this.protocol) ? this.protocol : undefined;
    this.modern = this.protocol === '2026-07-28';
  }

  /**
   * The request body as a JSON object (undefined when it is not one), its `params` and their `_meta` ({} when there
   * is none); read on first use, once.
   */
  private requestBody() {
    if (!this.body) {
      const request = parsed(this.reqBody ?? '');
      const params = isRecord(request?.params) ? request.params : {};
      this.body = { request, params, meta: isRecord(params._meta) ? params._meta : {} };
    }
    return this.body;
  }

  /** The SSE events of the response body, split once. */
  private sseEvents(): Event[] {
    return (this.events ??= readSseEvents(this.resBody ?? ''));
  }

  private ref(heading?: string, page?: string): SpecRef {
    return mcpRef(this.version ?? '2026-07-28', page ?? HTTP_PAGE[this.version ?? '2026-07-28'], heading);
  }

  private add(
    id: HttpFindingId,
    severity: HttpFinding['severity'],
    location: HttpLocation,
    message: string,
    spec: HttpFinding['spec'],
  ) {
    this.findings.push({ id, severity, location, message, spec });
  }

  private expect(
    status: number | null,
    strength: ExpectedStatus['strength'],
    why: string,
    spec: ExpectedStatus['spec'],
  ) {
    // The first rule that applies wins: request-side rejections are checked before the body's own error.
    this.expected ??= { status, strength, why, spec };
  }

  run(): HttpExchangeClassification {
    const message =
      this.reqBody !== undefined && this.reqBody.trim() !== ''
        ? classifyMessage(this.reqBody, { protocol: this.protocol })
        : undefined;
    const { body, messages } = this.readResponseBody();

    if (this.method !== 'POST') this.checkNonPost(message);
    else this.checkPost(message, messages, body);

    this.checkStatusAgainstBody(message, messages);
    this.checkStatusOutsideMcp(messages);
    this.checkFallback(messages);

    const order = { error: 0, warning: 1, info: 2 } as const;
    this.findings.sort((a, b) => order[a.severity] - order[b.severity]);
    const http = this.httpVerdict(message);
    const jsonrpc = this.jsonrpcVerdict(message, messages, body);
    const agree = agreeing(http, jsonrpc);
    return {
      kind: 'exchange',
      protocol: this.protocol,
      request: { method: this.method, ...(message ? { message } : {}) },
      response: { status: this.status, body, messages },
      http,
      jsonrpc,
      agree,
      brokenBy: this.brokenBy(message),
      ...(this.expected ? { expected: this.expected } : {}),
      findings: this.findings,
      explanation: this.explain(http, jsonrpc, agree),
    };
  }

  private brokenBy(message: Classification | undefined): BrokenBy {
    const errors = this.findings.filter((f) => f.severity === 'error');
    const client =
      errors.some((f) => f.location.part === 'request') ||
      (this.method === 'POST' &&
        message !== undefined &&
        (message.kind === 'parse-error' ||
          message.kind === 'invalid' ||
          message.kind === 'batch' ||
          message.findings.some((f) => f.severity === 'error' && !NOT_A_CLIENT_FAULT.has(f.id))));
    const server = errors.some((f) => f.location.part === 'response');
    return client ? (server ? 'both' : 'client') : server ? 'server' : 'nobody';
  }

  private readResponseBody(): { body: HttpExchangeClassification['response']['body']; messages: Classification[] } {
    const text = this.resBody ?? '';
    if (text.trim() === '') return { body: 'none', messages: [] };
    const type = mediaType(this.resHeaders);
    if (type === 'text/event-stream') {
      return {
        body: 'sse',
        messages: this.sseEvents().map((e) => classifyMessage(e.data, { protocol: this.protocol })),
      };
    }
    if (type === 'application/json' || type === '' || type.endsWith('+json')) {
      return { body: 'json', messages: [classifyMessage(text, { protocol: this.protocol })] };
    }
    return { body: 'other', messages: [] };
  }

  /** GET, DELETE and the rest: 2026-07-28 has only POST; 2025 versions had a GET stream and DELETE for sessions. */
  private checkNonPost(message: Classification | undefined): void {
    if (this.modern) {
      this.add(
        'http-method-not-post',
        this.method === 'GET' || this.method === 'DELETE' ? 'info' : 'error',
        { part: 'request', field: 'method' },
        `${this.method} is not how a 2026-07-28 client talks to the MCP endpoint: every message is its own POST. A server that supports only this revision SHOULD answer GET and DELETE with 405 Method Not Allowed (the GET stream and session DELETE are 2025 features).`,
        this.ref('Earlier Streamable HTTP Revisions'),
      );
      this.expect(
        405,
        this.method === 'GET' || this.method === 'DELETE' ? 'should' : 'sdk',
        'A 2026-07-28 server answers GET and DELETE with 405 Method Not Allowed.',
        this.ref('Earlier Streamable HTTP Revisions'),
      );
      if (this.status !== 405 && this.status < 400)
        this.add(
          'http-status-not-required',
          'warning',
          { part: 'response', field: 'status' },
          `The server answered ${statusLine(this.status)}; a server that supports only 2026-07-28 SHOULD answer ${this.method} with 405 Method Not Allowed.`,
          this.ref('Earlier Streamable HTTP Revisions'),
        );
    } else if (this.method === 'GET') {
      const sse = mediaType(this.resHeaders) === 'text/event-stream';
      this.expect(
        null,
        'must',
        'The server either opens an SSE stream (text/event-stream) or answers 405 Method Not Allowed.',
        this.ref('Listening for Messages from the Server'),
      );
      if (!sse && this.status !== 405)
        this.add(
          'http-status-not-required',
          'error',
          { part: 'response', field: 'status' },
          `A GET to the MCP endpoint MUST get either an SSE stream or 405 Method Not Allowed; this one got ${statusLine(this.status)}${this.status < 300 ? ' without text/event-stream' : ''}.`,
          this.ref('Listening for Messages from the Server'),
        );
    }
    if (message && this.method !== 'POST' && this.method !== 'GET')
      this.add(
        'http-method-not-post',
        'warning',
        { part: 'request', field: 'method' },
        `A JSON-RPC message travels only in a POST; a ${this.method} body is not read as one.`,
        this.ref('Sending Messages'),
      );
  }

  private checkPost(message: Classification | undefined, messages: Classification[], body: string): void {
    this.checkAccept();
    if (!message) {
      this.add(
        'http-request-body-not-a-message',
        'error',
        { part: 'request', field: 'body' },
        'The POST has no body. Every POST to the MCP endpoint carries exactly one JSON-RPC message.',
        this.ref(this.modern ? 'Sending Messages' : 'Sending Messages to the Server'),
      );
      return;
    }
    switch (message.kind) {
      case 'parse-error':
      case 'invalid':
      case 'batch':
        this.checkUnreadableBody(message);
        return;
      case 'result':
      case 'error':
        this.checkClientResponse(body);
        return;
      case 'notification':
        this.checkNotification(body);
        return;
      case 'request':
        this.checkRequestHeaders(message);
        this.checkRequestAnswer(message, messages, body);
        return;
    }
  }

  private checkAccept(): void {
    const accept = (get(this.reqHeaders, 'Accept') ?? '').toLowerCase();
    const missing = ['application/json', 'text/event-stream'].filter(
      (t) => !accept.includes(t) && !accept.includes('*/*'),
    );
    if (missing.length > 0)
      this.add(
        'http-accept-incomplete',
        'warning',
        { part: 'request', field: 'header', header: 'Accept' },
        `The client MUST list both application/json and text/event-stream in Accept; ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing, so the server may not be able to answer the way it chooses.`,
        this.ref(this.modern ? 'Sending Messages' : 'Sending Messages to the Server'),
      );
  }

  /** A body the server cannot read as one request or notification. */
  private checkUnreadableBody(message: Classification): void {
    const reply = message.reply;
    const metaMissing = message.findings.some((f) => f.id === 'meta-envelope-missing');
    if (metaMissing && this.modern) {
      this.expect(
        400,
        'must',
        'A request missing a required _meta field is malformed: -32602, and on HTTP 400 Bad Request.',
        mcpRef('2026-07-28', 'basic/index', '_meta'),
      );
      return;
    }
    if (message.kind === 'batch' && this.version) {
      this.add(
        'http-request-body-not-a-message',
        'error',
        { part: 'request', field: 'body' },
        `The body is a JSON array. Since 2025-06-18 the body of a POST MUST be a single JSON-RPC message; MCP has no batches.`,
        this.ref(this.modern ? 'Sending Messages' : 'Sending Messages to the Server'),
      );
    }
    const code = reply.send === 'error' ? reply.code : null;
    this.expect(
      400,
      'sdk',
      `MCP names no status for ${code === ERROR_CODE.ParseError ? 'a body that is not JSON' : 'a body that is not a valid message'}; the official SDK answers 400 Bad Request${code !== null ? ` with ${code}` : ''}.`,
      SDK_STATUS,
    );
  }

  private checkClientResponse(body: string): void {
    if (this.modern) {
      this.add(
        'http-client-sent-response',
        'error',
        { part: 'request', field: 'body', pointer: '' },
        'The body is a JSON-RPC response. In 2026-07-28 servers never send requests, so a client has nothing to answer: "The client MUST NOT send JSON-RPC responses."',
        this.ref('Sending Messages'),
      );
      this.expect(
        null,
        'must',
        'The body is not a request or notification; the server cannot accept it and answers with an HTTP error status.',
        this.ref('Sending Messages'),
      );
      return;
    }
    this.expect(
      202,
      'must',
      'A client POSTs its response to a server request; the server accepts it with 202 Accepted and no body.',
      this.ref('Sending Messages to the Server'),
    );
    this.checkAccepted(body, 'response');
  }

  private checkNotification(body: string): void {
    this.expect(
      202,
      'must',
      'A notification the server accepts gets 202 Accepted with no body; one it cannot accept gets an HTTP error status.',
      this.ref(this.modern ? 'Sending Messages' : 'Sending Messages to the Server'),
    );
    if (this.status >= 200 && this.status < 300) this.checkAccepted(body, 'notification');
  }

  /** 202 (or another 2xx) for a notification, or for a client's response in 2025 versions. */
  private checkAccepted(body: string, what: 'notification' | 'response'): void {
    const page = this.ref(this.modern ? 'Sending Messages' : 'Sending Messages to the Server');
    if (this.status === 202 && body !== 'none')
      this.add(
        'http-accepted-with-body',
        'error',
        { part: 'response', field: 'body' },
        `202 Accepted for a ${what} MUST come with no body; this one has one.`,
        page,
      );
    if (this.status !== 202) {
      const answered = this.status === 200 && body !== 'none';
      this.add(
        answered ? 'http-notification-answered' : 'http-status-not-required',
        'error',
        { part: 'response', field: 'status' },
        answered
          ? `A ${what} was answered with ${statusLine(this.status)} and a body. Nothing answers a ${what}: the server MUST return 202 Accepted with no body.`
          : `A ${what} the server accepts MUST get 202 Accepted, not ${statusLine(this.status)}.`,
        page,
      );
    }
  }

  private checkRequestHeaders(message: Classification & { kind: 'request' }): void {
    if (!this.modern) {
      if (this.version && !has(this.reqHeaders, 'MCP-Protocol-Version') && message.method !== 'initialize')
        this.add(
          'http-protocol-version-header-missing',
          'info',
          { part: 'request', field: 'header', header: 'MCP-Protocol-Version' },
          'No MCP-Protocol-Version header. After initialization the client MUST send it; a server with no other way to tell SHOULD assume 2025-03-26.',
          this.ref('Protocol Version Header'),
        );
      return;
    }
    const { params, meta } = this.requestBody();
    const mismatch = (id: HttpFindingId, header: string, text: string) => {
      this.add(
        id,
        'error',
        { part: 'request', field: 'header', header },
        `${text} The server MUST reject the request with 400 Bad Request and -32020 HeaderMismatch.`,
        this.ref('Server Validation'),
      );
      this.expect(
        400,
        'must',
        'Headers that are missing, malformed or disagree with the body: 400 Bad Request with -32020 HeaderMismatch.',
        this.ref('Server Validation'),
      );
    };

    const version = get(this.reqHeaders, 'MCP-Protocol-Version');
    const bodyVersion = meta['io.modelcontextprotocol/protocolVersion'];
    if (version === undefined)
      mismatch(
        'http-protocol-version-header-missing',
        'MCP-Protocol-Version',
        'Every POST MUST carry an MCP-Protocol-Version header, and this one has none.',
      );
    else if (typeof bodyVersion === 'string' && version.trim() !== bodyVersion)
      mismatch(
        'http-protocol-version-header-mismatch',
        'MCP-Protocol-Version',
        `The header says ${JSON.stringify(version)} but _meta["io.modelcontextprotocol/protocolVersion"] says ${JSON.stringify(bodyVersion)}; the two MUST match.`,
      );

    const mcpMethod = get(this.reqHeaders, 'Mcp-Method');
    if (mcpMethod === undefined)
      mismatch(
        'http-method-header-missing',
        'Mcp-Method',
        "Every request MUST carry an Mcp-Method header mirroring the body's method, and this one has none.",
      );
    else if (!HEADER_SAFE.test(mcpMethod))
      mismatch(
        'http-header-value-invalid',
        'Mcp-Method',
        'The Mcp-Method header contains characters a header value may not hold.',
      );
    else if (mcpMethod !== message.method)
      mismatch(
        'http-method-header-mismatch',
        'Mcp-Method',
        `Mcp-Method says ${JSON.stringify(mcpMethod)} but the body's method is ${JSON.stringify(message.method)} (header values are compared case-sensitively).`,
      );

    const source = METHODS_WITH_NAME[message.method];
    if (source) {
      const expected = params[source];
      const name = get(this.reqHeaders, 'Mcp-Name');
      if (name === undefined)
        mismatch(
          'http-name-header-missing',
          'Mcp-Name',
          `A ${message.method} request MUST carry an Mcp-Name header mirroring params.${source}, and this one has none.`,
        );
      else {
        const decoded = decodeHeaderValue(name);
        if (!decoded.ok || !HEADER_SAFE.test(name))
          mismatch(
            'http-header-value-invalid',
            'Mcp-Name',
            'The Mcp-Name header is neither a plain header-safe value nor a well-formed =?base64?…?= value.',
          );
        else if (typeof expected === 'string' && decoded.value !== expected)
          mismatch(
            'http-name-header-mismatch',
            'Mcp-Name',
            `Mcp-Name says ${JSON.stringify(decoded.value)} but params.${source} is ${JSON.stringify(expected)}.`,
          );
      }
    }
    for (const [key, value] of this.reqHeaders) {
      if (key.startsWith('mcp-param-') && (!HEADER_SAFE.test(value) || !decodeHeaderValue(value).ok))
        mismatch(
          'http-header-value-invalid',
          key,
          `The ${key} header holds characters a header value may not hold, or a broken =?base64?…?= value.`,
        );
    }
  }

  private checkRequestAnswer(
    message: Classification & { kind: 'request' },
    messages: Classification[],
    body: string,
  ): void {
    const page = this.ref(this.modern ? 'Sending Messages' : 'Sending Messages to the Server');
    if (this.status === 202) {
      this.add(
        'http-accepted-for-request',
        'error',
        { part: 'response', field: 'status' },
        '202 Accepted is for notifications. A request MUST be answered with application/json (one JSON-RPC response) or text/event-stream (an SSE stream that ends with it).',
        page,
      );
      return;
    }
    if (this.status < 200 || this.status >= 300) return;
    if (body === 'other' || body === 'none') {
      this.add(
        'http-content-type-invalid',
        'error',
        { part: 'response', field: 'header', header: 'Content-Type' },
        `A request MUST be answered with Content-Type application/json or text/event-stream; this ${statusLine(this.status)} has ${body === 'none' ? 'no body' : `Content-Type ${mediaType(this.resHeaders)}`}.`,
        page,
      );
      return;
    }
    const responses = messages.map((m, i) => ({ m, i })).filter(({ m }) => m.kind === 'result' || m.kind === 'error');
    if (body === 'json') {
      const only = messages[0];
      if (only && only.kind !== 'result' && only.kind !== 'error')
        this.add(
          'http-response-body-invalid',
          'error',
          { part: 'response', field: 'body', pointer: '' },
          `The body is ${only.kind === 'parse-error' ? 'not JSON' : `a ${only.kind}, not a JSON-RPC response`}; a request answered with application/json gets one JSON-RPC response.`,
          page,
        );
    } else {
      this.checkStream(message, messages);
      if (responses.length === 0)
        this.add(
          'http-stream-without-response',
          'info',
          { part: 'response', field: 'body' },
          this.modern
            ? 'The SSE stream ends without a response. The request is lost with its stream: a 2026-07-28 client MUST re-issue it as a new request with a new request ID.'
            : 'The SSE stream ends without a response. In 2025 versions the client may resume the stream with GET and Last-Event-ID if the server made it resumable.',
          this.modern ? mcpRef('2026-07-28', 'changelog', 'Major changes') : this.ref('Resumability and Redelivery'),
        );
    }
    for (const { m, i } of responses) {
      const id = (m as { id?: unknown }).id;
      if (id !== message.id)
        this.add(
          'http-response-not-for-request',
          'error',
          { part: 'response', field: 'body', pointer: '/id', ...(body === 'sse' ? { event: i } : {}) },
          `The response carries id ${JSON.stringify(id ?? null)}, but the request's id is ${JSON.stringify(message.id)}; a response MUST carry the id of its request.`,
          mcpRef(this.version ?? '2026-07-28', 'basic/index', this.modern ? 'Result Responses' : 'Responses'),
        );
    }
    for (const [i, m] of messages.entries()) {
      const err = m.findings.find((f) => f.severity === 'error');
      if (err && (m.kind === 'result' || m.kind === 'error' || m.kind === 'notification'))
        this.add(
          'http-response-body-invalid',
          'warning',
          { part: 'response', field: 'body', pointer: err.path, ...(body === 'sse' ? { event: i } : {}) },
          `The ${m.kind} in the body breaks a message rule: ${err.message}`,
          err.spec,
        );
    }
  }

  /** The SSE stream of one request: notifications about it, then its response, then nothing. */
  private checkStream(message: Classification & { kind: 'request' }, messages: Classification[]): void {
    const page = this.ref(this.modern ? 'Receiving Messages' : 'Sending Messages to the Server');
    const { meta } = this.requestBody();
    let answered = false;
    for (const [i, m] of messages.entries()) {
      if (answered) {
        this.add(
          'http-stream-after-response',
          'warning',
          { part: 'response', field: 'body', event: i },
          'A message follows the response on the stream. The final response SHOULD terminate the stream.',
          page,
        );
        break;
      }
      if (m.kind === 'result' || m.kind === 'error') answered = true;
      else if (m.kind === 'request' || (m.kind === 'invalid' && m.shape === 'request')) {
        if (this.modern)
          this.add(
            'http-stream-carries-request',
            'error',
            { part: 'response', field: 'body', event: i, pointer: '/method' },
            'The stream carries a JSON-RPC request. In 2026-07-28 the server MUST NOT send requests on it: it asks for input with an InputRequiredResult instead.',
            page,
          );
      } else if (m.kind === 'notification' && this.modern) {
        const note = parsed(this.eventData(i)) ?? {};
        const np = isRecord(note.params) ? note.params : {};
        const nm = isRecord(np._meta) ? np._meta : {};
        const unrelated =
          (m.method === 'notifications/progress' && np.progressToken !== meta.progressToken) ||
          (m.method === 'notifications/message' && meta['io.modelcontextprotocol/logLevel'] === undefined) ||
          (message.method !== 'subscriptions/listen' && nm['io.modelcontextprotocol/subscriptionId'] !== undefined);
        if (unrelated)
          this.add(
            'http-stream-unrelated-notification',
            'error',
            { part: 'response', field: 'body', event: i, pointer: '/params' },
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

  private eventData(index: number): string {
    return this.sseEvents()[index]?.data ?? '';
  }

  /** The status against the error code in the body (the codes whose status 2026-07-28 pins). */
  private checkStatusAgainstBody(message: Classification | undefined, messages: Classification[]): void {
    if (this.method !== 'POST') return;
    const last = [...messages].reverse().find((m) => m.kind === 'error' || m.kind === 'result');
    const isNotification = message?.kind === 'notification';
    if (last?.kind === 'result' && this.status >= 400)
      this.add(
        'http-error-status-with-result',
        'error',
        { part: 'response', field: 'status' },
        `${statusLine(this.status)} carries a JSON-RPC result: the two layers contradict each other. An error status goes with an error response (or no body).`,
        this.ref(this.modern ? 'Sending Messages' : 'Sending Messages to the Server'),
      );
    if (last?.kind !== 'error') {
      if (
        this.expected &&
        this.expected.strength === 'must' &&
        this.expected.status === 400 &&
        this.status >= 200 &&
        this.status < 300
      )
        this.add(
          'http-success-for-rejected-request',
          'error',
          { part: 'response', field: 'status' },
          `The request breaks a rule the server MUST reject it for (${this.expected.why}), but it was answered ${statusLine(this.status)}.`,
          this.expected.spec,
        );
      return;
    }
    const code = last.code;
    if (this.modern) {
      const rule: [number, string, SpecRef] | undefined =
        code === ERROR_CODE.MethodNotFound && !isNotification
          ? [
              404,
              'A server that does not implement the method MUST answer 404 Not Found with -32601.',
              this.ref('Protocol Version Header'),
            ]
          : code === ERROR_CODE.HeaderMismatch
            ? [
                400,
                'A header validation failure MUST be answered with 400 Bad Request and -32020 HeaderMismatch.',
                this.ref('Server Validation'),
              ]
            : code === ERROR_CODE.UnsupportedProtocolVersion
              ? [
                  400,
                  'An unsupported protocol version MUST be answered with 400 Bad Request and -32022 UnsupportedProtocolVersion.',
                  this.ref('Protocol Version Header'),
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
        this.expected = { status: rule[0], strength: 'must', why: rule[1], spec: rule[2] };
        if (this.status !== rule[0])
          this.add(
            'http-status-not-required',
            'error',
            { part: 'response', field: 'status' },
            `${rule[1]} This one came with ${statusLine(this.status)}.`,
            rule[2],
          );
        return;
      }
    }
    if (
      (code === ERROR_CODE.ParseError || code === ERROR_CODE.InvalidRequest) &&
      this.status >= 200 &&
      this.status < 300
    ) {
      this.add(
        'http-status-hides-error',
        'warning',
        { part: 'response', field: 'status' },
        `${statusLine(this.status)} carries ${code}: the server could not read the request, but every intermediary, and a client deciding whether the server is modern, sees success. MCP pins no status here; the official SDK answers 400 Bad Request.`,
        SDK_STATUS,
      );
      return;
    }
    if (!this.expected && this.status >= 200 && this.status < 300)
      this.expect(
        200,
        'sdk',
        `MCP pins no status for ${code} from a handler; the JSON-RPC error is the answer, and the official SDK sends it with 200 OK.`,
        SDK_STATUS,
      );
  }

  private checkStatusOutsideMcp(messages: Classification[]): void {
    const session = get(this.reqHeaders, 'Mcp-Session-Id');
    if (session !== undefined && this.modern)
      this.add(
        'http-session-header-ignored',
        'info',
        { part: 'request', field: 'header', header: 'Mcp-Session-Id' },
        'An Mcp-Session-Id header: 2026-07-28 has no sessions. A server that supports only this revision ignores it and never mints or echoes one.',
        this.ref('Earlier Streamable HTTP Revisions'),
      );
    if (session !== undefined && !this.modern && this.status === 404)
      this.add(
        'http-session-expired',
        'info',
        { part: 'response', field: 'status' },
        '404 Not Found for a request with an Mcp-Session-Id: the session is over. The client MUST start a new session by sending a new InitializeRequest without a session ID.',
        this.ref('Session Management'),
      );
    if (this.status === 413)
      this.add(
        'http-status-outside-mcp',
        'info',
        { part: 'response', field: 'status' },
        `413 Content Too Large is HTTP's own status (RFC 9110 §15.5.14): the body is larger than the server will process. No MCP revision mentions it or sets a size limit; the official TypeScript SDK answers a body over its limit (4 MiB by default) with 413 and a -32000 error${messages.some((m) => m.kind === 'error') ? ', a code from the legacy band' : ''}. Shrink the request, or split the work.`,
        RFC9110_413,
      );
    if (this.status === 403 && this.version && this.version !== '2025-06-18') {
      const spec = this.ref(this.modern ? 'Security & Endpoint' : 'Security Warning');
      this.add(
        'http-origin-forbidden',
        'info',
        { part: 'response', field: 'status' },
        '403 Forbidden: a server MUST answer a request whose Origin header is present and invalid with 403 (DNS rebinding protection); the body MAY be a JSON-RPC error response without an id. Authorization failures also use 403.',
        spec,
      );
      if (has(this.reqHeaders, 'Origin'))
        this.expected = {
          status: 403,
          strength: 'must',
          why: 'A request whose Origin header is present and invalid MUST be answered with 403 Forbidden.',
          spec,
        };
    }
  }

  /** What a dual-era client concludes from a 4xx (streamable-http.mdx §Backward Compatibility). */
  private checkFallback(messages: Classification[]): void {
    if (!this.modern || ![400, 404, 405].includes(this.status) || this.method !== 'POST') return;
    const error = messages.find((m) => m.kind === 'error') as (Classification & { kind: 'error' }) | undefined;
    if (error && isModernError(error.code, this.status)) {
      this.add(
        'http-modern-error-recognized',
        'info',
        { part: 'response', field: 'body', pointer: '/error/code' },
        `${error.code} is a recognised modern error, so the server speaks 2026-07-28: a client that also speaks older versions corrects the request (or retries with a supported version) instead of falling back to initialize.`,
        this.ref('Backward Compatibility'),
      );
    } else {
      this.add(
        'http-legacy-fallback',
        'info',
        { part: 'response', field: 'body' },
        `${statusLine(this.status)} with ${error ? `error ${error.code}, which is not a recognised modern error` : 'no JSON-RPC error in the body'}: a client that also speaks older versions takes this for a legacy server and falls back to initialize. The fallback is keyed to the body, never to one status or code.`,
        this.ref('Backward Compatibility'),
      );
    }
    if (this.requestBody().request?.method === 'initialize' && error) {
      const errorObject = parsed(this.bodyOfError() ?? '')?.error;
      if (!/\d{4}-\d{2}-\d{2}/.test(JSON.stringify(errorObject ?? null)))
        this.add(
          'http-initialize-error-names-no-version',
          'warning',
          { part: 'response', field: 'body', pointer: '/error' },
          'The error answers a legacy initialize but names no protocol version. A server that supports only modern versions SHOULD name the versions it supports in any error it returns to initialize: it may be the only thing a legacy client can show its user.',
          mcpRef('2026-07-28', 'basic/versioning', 'Backward Compatibility with Initialization-Based Versions'),
        );
    }
  }

  private bodyOfError(): string | undefined {
    if (mediaType(this.resHeaders) === 'text/event-stream') return this.sseEvents().at(-1)?.data;
    return this.resBody;
  }

  private httpVerdict(message: Classification | undefined): LayerVerdict {
    const s = this.status;
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

  private jsonrpcVerdict(message: Classification | undefined, messages: Classification[], body: string): LayerVerdict {
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
          message?.kind === 'notification'
            ? 'Nothing: a notification is never answered.'
            : 'Nothing: the body is empty.',
      };
    if (body === 'other')
      return { outcome: 'none', says: `Nothing it can read: the body is ${mediaType(this.resHeaders) || 'not JSON'}.` };
    return { outcome: 'none', says: `${prefix}no JSON-RPC response.` };
  }

  private explain(http: LayerVerdict, jsonrpc: LayerVerdict, agree: boolean): string {
    const errors = this.findings.filter((f) => f.severity === 'error');
    const head = `HTTP says ${lower(http.says)} JSON-RPC says ${lower(jsonrpc.says)}`;
    const verdict = agree ? 'The two layers agree.' : 'The two layers disagree.';
    const expected = this.expected
      ? ` The spec ${this.expected.strength === 'sdk' ? 'pins no status here (the official SDK sends ' + (this.expected.status ?? 'an error status') + ')' : `wants ${this.expected.status === null ? 'an HTTP error status' : statusLine(this.expected.status)}`}.`
      : '';
    const broken =
      errors.length > 0
        ? ` ${errors.length === 1 ? 'One rule is' : `${errors.length} rules are`} broken: ${errors[0]!.message}`
        : '';
    return `${head} ${verdict}${expected}${broken}`;
  }
}

const lower = (s: string) => (s.length > 0 ? s[0]!.toLowerCase() + s.slice(1) : s);

function agreeing(http: LayerVerdict, jsonrpc: LayerVerdict): boolean {
  if (http.outcome === 'error') return jsonrpc.outcome === 'error' || jsonrpc.outcome === 'none';
  if (http.outcome === 'accepted') return jsonrpc.outcome === 'accepted' || jsonrpc.outcome === 'none';
  return jsonrpc.outcome === 'success';
}

/** The largest HAR text readHar accepts (32 MiB): a browser export of a long session, not a disk image. */
export const HAR_MAX_BYTES = 32 * 1024 * 1024;

const HarHeaderSchema = z.object({ name: z.string(), value: z.string() });
const HarEntrySchema = z.object({
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.array(HarHeaderSchema),
    postData: z.object({ mimeType: z.string().optional(), text: z.string().optional() }).optional(),
  }),
  response: z.object({
    status: z.number(),
    headers: z.array(HarHeaderSchema),
    content: z
      .object({ mimeType: z.string().optional(), text: z.string().optional(), encoding: z.string().optional() })
      .optional(),
  }),
});
const HarSchema = z.object({ log: z.object({ entries: z.array(z.unknown()) }) });

/** One HAR entry read as an exchange, with its position in the file. */
export interface HarExchange {
  /** The entry's index in log.entries (0-based). */
  index: number;
  url: string;
  exchange: HttpExchange;
}

/** What readHar found: the MCP exchanges, and a sentence for each entry it skipped. */
export type HarReading =
  { kind: 'har'; exchanges: HarExchange[]; skipped: string[] } | { kind: 'bad-input'; message: string };

/** True when a HAR entry looks like MCP traffic: an MCP header, or a JSON-RPC body. */
function looksLikeMcp(entry: z.infer<typeof HarEntrySchema>): boolean {
  const names = entry.request.headers.map((h) => h.name.toLowerCase());
  if (names.some((n) => n === 'mcp-protocol-version' || n === 'mcp-method' || n === 'mcp-session-id')) return true;
  return /"jsonrpc"\s*:/.test(entry.request.postData?.text ?? '');
}

/**
 * Reads a HAR file (HTTP Archive 1.2, as browsers' developer tools export it) into exchanges. Entries that are not
 * MCP traffic are skipped and counted; a broken entry is skipped with its index named. A text over `maxBytes`
 * (default HAR_MAX_BYTES) or that is not a HAR document comes back as `bad-input`. Never throws.
 */
export function readHar(text: string, maxBytes = HAR_MAX_BYTES): HarReading {
  if (typeof text !== 'string') return { kind: 'bad-input', message: 'A HAR file is text.' };
  if (text.length > maxBytes)
    return {
      kind: 'bad-input',
      message: `The HAR text is ${text.length} characters; the limit is ${maxBytes}. Export only the MCP requests, or split the file.`,
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      kind: 'bad-input',
      message: `Not a HAR file: the text is not JSON (${error instanceof Error ? error.message : String(error)}).`,
    };
  }
  const har = HarSchema.safeParse(value);
  if (!har.success)
    return {
      kind: 'bad-input',
      message: 'Not a HAR file: there is no log.entries list (HAR 1.2 keeps every request in log.entries).',
    };
  const exchanges: HarExchange[] = [];
  const skipped: string[] = [];
  let other = 0;
  har.data.log.entries.forEach((raw, index) => {
    const entry = HarEntrySchema.safeParse(raw);
    if (!entry.success) {
      const issue = entry.error.issues[0];
      skipped.push(
        `entry ${index}: not a HAR entry (${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'invalid'})`,
      );
      return;
    }
    const e = entry.data;
    if (!looksLikeMcp(e)) {
      other += 1;
      return;
    }
    const content = e.response.content;
    let body = content?.text;
    if (body !== undefined && content?.encoding === 'base64') {
      try {
        body = new TextDecoder().decode(Uint8Array.from(atob(body), (c) => c.charCodeAt(0)));
      } catch {
        skipped.push(`entry ${index}: the response body is marked base64 but does not decode`);
        return;
      }
    }
    if (e.response.status < 100 || e.response.status > 599) {
      skipped.push(
        `entry ${index}: status ${e.response.status} is not an HTTP response (an aborted or blocked request)`,
      );
      return;
    }
    exchanges.push({
      index,
      url: e.request.url,
      exchange: {
        request: {
          method: e.request.method,
          url: e.request.url,
          headers: e.request.headers,
          ...(e.request.postData?.text !== undefined ? { body: e.request.postData.text } : {}),
        },
        response: { status: e.response.status, headers: e.response.headers, ...(body !== undefined ? { body } : {}) },
      },
    });
  });
  if (other > 0)
    skipped.push(
      `${other} entr${other === 1 ? 'y' : 'ies'} with no MCP header and no JSON-RPC body (pages, scripts, images)`,
    );
  return { kind: 'har', exchanges, skipped };
}

/** What readHttpText found: an exchange ready for classifyHttpExchange, or a sentence saying what is wrong. */
export type HttpTextReading = { kind: 'exchange'; exchange: HttpExchange } | { kind: 'bad-input'; message: string };

/** Splits a message's text into its start line, header fields and body (the body after the first blank line). */
function splitHttpText(
  text: string,
  what: 'request' | 'response',
): { start: string; headers: [string, string][]; body: string } | string {
  const normal = text.replace(/\r\n?/g, '\n').replace(/^\n+/, '');
  const blank = normal.indexOf('\n\n');
  const head = blank === -1 ? normal : normal.slice(0, blank);
  const body = blank === -1 ? '' : normal.slice(blank + 2);
  const [start = '', ...fields] = head.split('\n');
  const headers: [string, string][] = [];
  for (const [i, line] of fields.entries()) {
    const colon = line.indexOf(':');
    if (colon <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(line.slice(0, colon)))
      return `The ${what}'s line ${i + 2} is not a header field ("Name: value"): ${JSON.stringify(line.slice(0, 80))}. Leave one blank line between the headers and the body.`;
    headers.push([line.slice(0, colon), line.slice(colon + 1).trim()]);
  }
  return { start: start.trim(), headers, body };
}

/**
 * Reads an exchange pasted as text, the way developer tools and curl -v show it: the request ("POST /mcp HTTP/1.1",
 * header lines, a blank line, the body) and the response ("HTTP/1.1 200 OK" or just "200", header lines, a blank
 * line, the body). Each text may be at most `maxChars` (default HAR_MAX_BYTES). Never throws.
 */
export function readHttpText(requestText: string, responseText: string, maxChars = HAR_MAX_BYTES): HttpTextReading {
  if (typeof requestText !== 'string' || typeof responseText !== 'string')
    return { kind: 'bad-input', message: 'The request and the response are text.' };
  for (const [what, text] of [
    ['request', requestText],
    ['response', responseText],
  ] as const) {
    if (text.length > maxChars)
      return { kind: 'bad-input', message: `The ${what} is ${text.length} characters; the limit is ${maxChars}.` };
    if (text.trim() === '') return { kind: 'bad-input', message: `The ${what} is empty.` };
  }
  const req = splitHttpText(requestText, 'request');
  if (typeof req === 'string') return { kind: 'bad-input', message: req };
  const res = splitHttpText(responseText, 'response');
  if (typeof res === 'string') return { kind: 'bad-input', message: res };
  const requestLine = /^([A-Za-z]+)\s+(\S+)(?:\s+HTTP\/\d(?:\.\d)?)?$/.exec(req.start);
  if (!requestLine)
    return {
      kind: 'bad-input',
      message: `The request must start with a request line such as "POST /mcp HTTP/1.1"; it starts with ${JSON.stringify(req.start.slice(0, 80))}.`,
    };
  const statusMatch = /^(?:HTTP\/\d(?:\.\d)?\s+)?(\d{3})(?:\s.*)?$/.exec(res.start);
  const status = statusMatch ? Number(statusMatch[1]) : NaN;
  if (!(status >= 100 && status <= 599))
    return {
      kind: 'bad-input',
      message: `The response must start with a status line such as "HTTP/1.1 200 OK" (or just "200"); it starts with ${JSON.stringify(res.start.slice(0, 80))}.`,
    };
  return {
    kind: 'exchange',
    exchange: {
      request: {
        method: requestLine[1]!.toUpperCase(),
        url: requestLine[2]!,
        headers: req.headers,
        ...(req.body !== '' ? { body: req.body } : {}),
      },
      response: { status, headers: res.headers, ...(res.body !== '' ? { body: res.body } : {}) },
    },
  };
}
