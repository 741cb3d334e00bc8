/**
 * One Streamable HTTP exchange, classified layer by layer: the era it is judged under (decided from the body first),
 * what the HTTP status says, what the JSON-RPC body says, whether the two agree, the reply the request was owed, and
 * the findings where an exchange breaks a rule of the transport (each with where it is, as a header name or a JSON
 * Pointer into a body, and the spec section it rests on). Composes the transport's parts: headers
 * (http-headers.ts), bodies and SSE streams (http-body.ts, sse.ts), statuses (http-status.ts); reading HAR files and
 * pasted text is http-har.ts's. Never throws.
 *
 * The rules are 2026-07-28's (basic/transports/streamable-http.mdx, basic/index.mdx §_meta), with the 2025-11-25 and
 * 2025-06-18 transport where it differs. A status the spec does not pin is never a finding on its own: the classifier
 * says so and, where the official TypeScript SDK (2.4.0) has a habit, names it as the SDK's choice.
 */
import { z } from 'zod';
import type { Classification, Reply } from './classification.ts';
import { classifyMessage } from './classify.ts';
import { checkPost, jsonrpcVerdict, readResponseBody } from './http-body.ts';
import {
  ExchangeContext,
  parsed,
  isRecord,
  type BrokenBy,
  type ExpectedStatus,
  type HttpFinding,
} from './http-findings.ts';
import { get, HeadersSchema, readHeaders, type Headers } from './http-headers.ts';
import {
  checkFallback,
  checkNonPost,
  checkStatusAgainstBody,
  checkStatusOutsideMcp,
  httpVerdict,
  statusLine,
  type LayerVerdict,
} from './http-status.ts';
import { methodStatus } from './methods.ts';
import { DEFAULT_PROTOCOL, legacyEra, type Protocol } from './protocols.ts';
import { parseEventStream } from './sse.ts';

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

/** Where the era an exchange is judged under came from, strongest first. Closed vocabulary. */
export const HTTP_ERA_SOURCES = ['option', 'body', 'initialize', 'session', 'header', 'default'] as const;

/** The era an exchange is judged under, and the evidence for it. */
export interface HttpEraDetection {
  protocol: Protocol;
  /**
   * `option`: the caller chose it; `body`: the request's 2026-07-28 `_meta` envelope; `initialize`: the exchange is
   * an initialize (the answer's version wins over the ask); `session`: an earlier initialize of the same session;
   * `header`: the MCP-Protocol-Version header alone; `default`: nothing said, so DEFAULT_PROTOCOL.
   */
  source: (typeof HTTP_ERA_SOURCES)[number];
  /** The version the evidence names, when it names one (it may be one the model does not cover, e.g. 2025-03-26). */
  version?: string;
  /** One sentence. */
  evidence: string;
}

/** A classified exchange. */
export interface HttpExchangeClassification {
  kind: 'exchange';
  protocol: Protocol;
  /** How the protocol was decided. */
  era: HttpEraDetection;
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
  /**
   * The reply the request was owed, when the exchange settles it: the request message's own (classifyMessage's
   * `reply`: a response, or an error such as -32022 for an unsupported version), or -32020 when its headers disagree
   * with its body under 2026-07-28. Absent for a notification, a client's response and a request without a body.
   */
  owed?: Reply;
  /** Everything noticed, errors first. */
  findings: HttpFinding[];
  /** A short paragraph a learner can compare with their own explanation. */
  explanation: string;
}

/** The result of classifyHttpExchange: a classification, or input that is not an exchange at all. */
export type HttpClassifyResult = HttpExchangeClassification | { kind: 'bad-input'; message: string };

/**
 * What the exchanges of one recording have shown so far: the version each session negotiated at initialize, keyed by
 * its Mcp-Session-Id (and, for servers that mint no session id, by the endpoint's URL). Made by createHttpSession and
 * updated by each classifyHttpExchange call that is given it.
 */
export interface HttpSession {
  readonly negotiated: Map<string, string>;
}

/** A fresh session state, for classifying the exchanges of one HAR in order. */
export function createHttpSession(): HttpSession {
  return { negotiated: new Map() };
}

/** Options of classifyHttpExchange. */
export interface HttpClassifyOptions {
  /** Judge under this protocol, whatever the exchange says. */
  protocol?: Protocol;
  /** The session state of the recording the exchange belongs to (earlier initialize exchanges decide the era). */
  session?: HttpSession;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The era a header version names: 2026-07-28 and later dates are modern, earlier ones the nearest legacy era. */
function headerEra(version: string): Protocol {
  return DATE.test(version) && version >= '2026-07-28' ? '2026-07-28' : legacyEra(version);
}

/** The protocol version an initialize answer negotiated, read from a JSON or SSE response body. */
function negotiatedIn(resHeaders: Headers, body: string | undefined): string | undefined {
  const texts = (get(resHeaders, 'content-type') ?? '').toLowerCase().includes('text/event-stream')
    ? parseEventStream(body ?? '').events.map((e) => e.data)
    : [body ?? ''];
  for (const text of texts) {
    const result = parsed(text)?.result;
    if (isRecord(result) && typeof result.protocolVersion === 'string') return result.protocolVersion;
  }
  return undefined;
}

function sessionKeys(url: string | undefined, headers: Headers): { id?: string; url?: string } {
  const id = get(headers, 'Mcp-Session-Id')?.trim();
  let endpoint: string | undefined;
  if (url) {
    const q = url.search(/[?#]/);
    endpoint = q === -1 ? url : url.slice(0, q);
  }
  return { ...(id ? { id: `id:${id}` } : {}), ...(endpoint ? { url: `url:${endpoint}` } : {}) };
}

/**
 * Decides the era an exchange is judged under: the body first (the 2026-07-28 `_meta` envelope; an initialize and
 * its answer), then an earlier initialize of the same session, then the MCP-Protocol-Version header, else the default.
 */
function decideEra(
  request: { url?: string | undefined; body?: string | undefined },
  reqHeaders: Headers,
  resHeaders: Headers,
  resBody: string | undefined,
  options: HttpClassifyOptions,
): HttpEraDetection & { negotiated?: string } {
  const header = get(reqHeaders, 'MCP-Protocol-Version')?.trim();
  const keys = sessionKeys(request.url, reqHeaders);
  const session = options.session;
  const bySession = keys.id !== undefined ? session?.negotiated.get(keys.id) : undefined;
  const byUrl = keys.url !== undefined ? session?.negotiated.get(keys.url) : undefined;
  const body = parsed(request.body ?? '');
  const params = isRecord(body?.params) ? body.params : {};
  const meta = isRecord(params._meta) ? params._meta : undefined;
  const negotiated = bySession ?? (header === undefined ? byUrl : undefined);
  const withNegotiated = negotiated !== undefined ? { negotiated } : {};

  if (options.protocol !== undefined)
    return { protocol: options.protocol, source: 'option', evidence: 'The caller chose it.', ...withNegotiated };
  if (meta && 'io.modelcontextprotocol/protocolVersion' in meta) {
    const v = meta['io.modelcontextprotocol/protocolVersion'];
    return {
      protocol: '2026-07-28',
      source: 'body',
      ...(typeof v === 'string' ? { version: v } : {}),
      evidence: `The request carries the 2026-07-28 per-request _meta envelope (protocolVersion ${JSON.stringify(v)}): "A request carrying modern per-request \`_meta\` is served statelessly according to this revision."`,
    };
  }
  if (body?.method === 'initialize') {
    const answered = negotiatedIn(resHeaders, resBody);
    const asked = typeof params.protocolVersion === 'string' ? params.protocolVersion : undefined;
    const version = answered ?? asked ?? '2025-11-25';
    return {
      protocol: legacyEra(version),
      source: 'initialize',
      version,
      evidence: `An initialize ${answered ? `that the server answered with ${answered}` : asked ? `asking for ${asked}` : 'naming no version'}: "An \`initialize\` request selects legacy semantics".`,
    };
  }
  if (negotiated !== undefined)
    return {
      protocol: legacyEra(negotiated),
      source: 'session',
      version: negotiated,
      evidence: `An earlier initialize of this ${bySession !== undefined ? 'session' : 'endpoint'} negotiated ${negotiated}.`,
      negotiated,
    };
  if (header !== undefined && header !== '')
    return {
      protocol: headerEra(header),
      source: 'header',
      version: header,
      evidence: `The MCP-Protocol-Version header says ${JSON.stringify(header)}.`,
    };
  const method = typeof body?.method === 'string' ? body.method : undefined;
  if (keys.id !== undefined || (method !== undefined && methodStatus(method, '2026-07-28') === 'removed'))
    return {
      protocol: '2025-11-25',
      source: 'header',
      evidence:
        keys.id !== undefined
          ? 'An Mcp-Session-Id header and no version: sessions exist only before 2026-07-28.'
          : `${method} exists only before 2026-07-28.`,
    };
  return { protocol: DEFAULT_PROTOCOL, source: 'default', evidence: 'Nothing names a version; the default applies.' };
}

/** Records what an initialize exchange negotiated, for the later exchanges of its session. */
function remember(
  session: HttpSession | undefined,
  era: HttpEraDetection,
  url: string | undefined,
  reqHeaders: Headers,
  resHeaders: Headers,
) {
  if (!session || era.source !== 'initialize' || era.version === undefined) return;
  const minted = get(resHeaders, 'Mcp-Session-Id')?.trim();
  const keys = sessionKeys(url, reqHeaders);
  if (minted) session.negotiated.set(`id:${minted}`, era.version);
  if (keys.url) session.negotiated.set(keys.url, era.version);
}

/**
 * Classifies one HTTP exchange of the Streamable HTTP transport. `input` is `{ request: { method, url?, headers?,
 * body? }, response: { status, headers?, body? } }`; anything else comes back as `bad-input` with a sentence saying
 * what is missing. With `options.session`, the exchanges of one recording are read in order and an initialize
 * decides the era of the exchanges of its session that follow. Never throws.
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
  const { negotiated, ...era } = decideEra(request, reqHeaders, resHeaders, response.body, options);
  remember(options.session, era, request.url, reqHeaders, resHeaders);
  const ctx = new ExchangeContext({
    protocol: era.protocol,
    negotiated,
    method: request.method.toUpperCase(),
    reqHeaders,
    reqBody: request.body,
    status: response.status,
    resHeaders,
    resBody: response.body,
  });
  return run(ctx, era);
}

function run(ctx: ExchangeContext, era: HttpEraDetection): HttpExchangeClassification {
  const message =
    ctx.reqBody !== undefined && ctx.reqBody.trim() !== ''
      ? classifyMessage(ctx.reqBody, { protocol: ctx.protocol })
      : undefined;
  ctx.message = message;
  const { body, messages } = readResponseBody(ctx);

  if (ctx.method !== 'POST') checkNonPost(ctx, message);
  else checkPost(ctx, message, messages, body);

  checkStatusAgainstBody(ctx, message, messages);
  checkStatusOutsideMcp(ctx, messages);
  checkFallback(ctx, messages);
  checkEraEvidence(ctx, era);

  const order = { error: 0, warning: 1, info: 2 } as const;
  ctx.findings.sort((a, b) => order[a.severity] - order[b.severity]);
  const http = httpVerdict(ctx, message);
  const jsonrpc = jsonrpcVerdict(ctx, message, messages, body);
  const agree = agreeing(http, jsonrpc);
  const owed = ctx.owed ?? (message?.kind === 'request' ? message.reply : undefined);
  return {
    kind: 'exchange',
    protocol: ctx.protocol,
    era,
    request: { method: ctx.method, ...(message ? { message } : {}) },
    response: { status: ctx.status, body, messages },
    http,
    jsonrpc,
    agree,
    brokenBy: brokenBy(ctx, message),
    ...(ctx.expected ? { expected: ctx.expected } : {}),
    ...(owed ? { owed } : {}),
    findings: ctx.findings,
    explanation: explain(ctx, http, jsonrpc, agree),
  };
}

/** A header naming another era than the body (or the session) decided: reported, never silently overruled. */
function checkEraEvidence(ctx: ExchangeContext, era: HttpEraDetection): void {
  const header = get(ctx.reqHeaders, 'MCP-Protocol-Version')?.trim();
  if (header === undefined || header === '' || era.source === 'header' || era.source === 'default') return;
  if (era.source === 'body' || era.source === 'option') return;
  if (headerEra(header) === '2026-07-28' && ctx.protocol !== '2026-07-28')
    ctx.add(
      'http-protocol-version-disagrees',
      { part: 'request', field: 'header', header: 'MCP-Protocol-Version' },
      `The MCP-Protocol-Version header says ${JSON.stringify(header)}, but ${era.evidence[0]!.toLowerCase()}${era.evidence.slice(1)} The exchange is judged as the body says, under ${ctx.protocol}.`,
      ctx.ref('Protocol Version Header'),
    );
}

/**
 * Who broke a rule: an error finding in the request, or a request message that breaks a rule of its own, is the
 * client's; an error finding in the response is the server's.
 */
function brokenBy(ctx: ExchangeContext, message: Classification | undefined): BrokenBy {
  const errors = ctx.findings.filter((f) => f.severity === 'error');
  const client =
    errors.some((f) => f.location.part === 'request') ||
    (ctx.method === 'POST' &&
      message !== undefined &&
      (message.kind === 'parse-error' ||
        message.kind === 'invalid' ||
        message.kind === 'batch' ||
        message.findings.some((f) => f.severity === 'error')));
  const server = errors.some((f) => f.location.part === 'response');
  return client ? (server ? 'both' : 'client') : server ? 'server' : 'nobody';
}

function explain(ctx: ExchangeContext, http: LayerVerdict, jsonrpc: LayerVerdict, agree: boolean): string {
  const errors = ctx.findings.filter((f) => f.severity === 'error');
  const head = `HTTP says ${lower(http.says)} JSON-RPC says ${lower(jsonrpc.says)}`;
  const verdict = agree ? 'The two layers agree.' : 'The two layers disagree.';
  const expected = ctx.expected
    ? ` The spec ${ctx.expected.strength === 'sdk' ? 'pins no status here (the official SDK sends ' + (ctx.expected.status ?? 'an error status') + ')' : `wants ${ctx.expected.status === null ? 'an HTTP error status' : statusLine(ctx.expected.status)}`}.`
    : '';
  const broken =
    errors.length > 0
      ? ` ${errors.length === 1 ? 'One rule is' : `${errors.length} rules are`} broken: ${errors[0]!.message}`
      : '';
  return `${head} ${verdict}${expected}${broken}`;
}

const lower = (s: string) => (s.length > 0 ? s[0]!.toLowerCase() + s.slice(1) : s);

function agreeing(http: LayerVerdict, jsonrpc: LayerVerdict): boolean {
  if (http.outcome === 'error') return jsonrpc.outcome === 'error' || jsonrpc.outcome === 'none';
  if (http.outcome === 'accepted') return jsonrpc.outcome === 'accepted' || jsonrpc.outcome === 'none';
  return jsonrpc.outcome === 'success';
}
