/**
 * What an HTTP exchange's findings are: their ids, where they point, the spec keyword each rests on (which decides
 * its severity, by the model's one rule: a broken MUST is an error, a broken SHOULD a warning, anything else a note),
 * and the context every check of an exchange shares (its inputs, the findings so far, the status the spec wants).
 */
import type { Classification, Reply } from './classification.ts';
import type { Headers } from './http-headers.ts';
import { mcpRef, type McpVersion, type Protocol, type SpecRef } from './protocols.ts';
import { severityOf, type SpecKeyword } from './severity.ts';
import { parseEventStream, type SseReading } from './sse.ts';

/**
 * The findings an exchange can earn, each with the keyword of the sentence it rests on, judged from the side that
 * sent the part it points at. Closed vocabulary: the ids, the guard and the tests derive from it.
 */
export const HTTP_FINDING_RULES = {
  'http-method-not-post': 'MUST',
  'http-method-earlier-revision': 'none',
  'http-accept-incomplete': 'MUST',
  'http-request-body-not-a-message': 'MUST',
  'http-client-sent-response': 'MUST NOT',
  'http-protocol-version-header-missing': 'MUST',
  'http-protocol-version-header-absent': 'none',
  'http-protocol-version-header-mismatch': 'MUST',
  'http-protocol-version-not-negotiated': 'SHOULD',
  'http-protocol-version-disagrees': 'none',
  'http-method-header-missing': 'MUST',
  'http-method-header-mismatch': 'MUST',
  'http-name-header-missing': 'MUST',
  'http-name-header-mismatch': 'MUST',
  'http-header-value-invalid': 'MUST',
  'http-status-not-required': 'MUST',
  'http-status-not-recommended': 'SHOULD',
  'http-status-hides-error': 'none',
  'http-success-for-rejected-request': 'MUST',
  'http-result-for-rejected-request': 'MUST',
  'http-error-code-not-owed': 'none',
  'http-notification-answered': 'MUST',
  'http-accepted-with-body': 'MUST',
  'http-accepted-for-request': 'MUST',
  'http-content-type-invalid': 'MUST',
  'http-response-not-for-request': 'MUST',
  'http-response-body-invalid': 'MUST',
  'http-response-message-invalid': 'MUST',
  'http-error-status-with-result': 'none',
  'http-stream-carries-request': 'MUST NOT',
  'http-stream-unrelated-notification': 'MUST',
  'http-stream-after-response': 'SHOULD',
  'http-stream-without-response': 'SHOULD',
  'http-stream-incomplete': 'none',
  'http-sse-buffering-header-missing': 'SHOULD',
  'http-initialize-error-names-no-version': 'SHOULD',
  'http-status-outside-mcp': 'none',
  'http-origin-forbidden': 'none',
  'http-legacy-fallback': 'none',
  'http-modern-error-recognized': 'none',
  'http-session-expired': 'none',
  'http-session-header-ignored': 'none',
} as const satisfies Record<string, SpecKeyword>;

export type HttpFindingId = keyof typeof HTTP_FINDING_RULES;
export const HTTP_FINDING_IDS = Object.keys(HTTP_FINDING_RULES) as HttpFindingId[];

/** True when `value` is one of the HTTP finding ids. */
export function isHttpFindingId(value: unknown): value is HttpFindingId {
  return typeof value === 'string' && Object.hasOwn(HTTP_FINDING_RULES, value);
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
  /** From the rule's keyword: MUST / MUST NOT broken → error, SHOULD / SHOULD NOT → warning, anything else info. */
  severity: 'error' | 'warning' | 'info';
  location: HttpLocation;
  /** What is wrong or worth knowing, in plain English. */
  message: string;
  /** The rule's source: an MCP spec section, or RFC 9110 / the SDK where MCP says nothing. */
  spec: SpecRef | ExternalRef;
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

/** Who broke a rule in an exchange. Closed vocabulary. */
export const BROKEN_BY = ['nobody', 'client', 'server', 'both'] as const;
export type BrokenBy = (typeof BROKEN_BY)[number];

/** RFC 9110 §15.5.14, HTTP's own definition of 413; no MCP revision mentions the status. */
export const RFC9110_413: ExternalRef = {
  version: 'rfc-9110',
  section: 'RFC 9110 §15.5.14 413 Content Too Large',
  url: 'https://www.rfc-editor.org/rfc/rfc9110#section-15.5.14',
};
/**
 * The official TypeScript SDK's choice of status per error code: the table LADDER_ERROR_HTTP_STATUS
 * (packages/core-internal/src/shared/inboundClassification.ts, bundled into the published server 2.4.0).
 */
export const SDK_STATUS: ExternalRef = {
  version: 'sdk',
  section:
    '@modelcontextprotocol/server 2.4.0, LADDER_ERROR_HTTP_STATUS in core-internal shared/inboundClassification.ts (400 for -32700 and -32600; 200 for errors a handler returns)',
  url: 'https://github.com/modelcontextprotocol/typescript-sdk',
};

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON object read from text, or undefined (the classifier has parsed the text already; this re-reads it). */
export function parsed(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return isRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The request body as an object, its `params` and their `_meta` ({} when absent). */
export interface RequestBody {
  request: Record<string, unknown> | undefined;
  params: Record<string, unknown>;
  meta: Record<string, unknown>;
}

const HTTP_PAGE: Record<McpVersion, string> = {
  '2026-07-28': 'basic/transports/streamable-http',
  '2025-11-25': 'basic/transports',
  '2025-06-18': 'basic/transports',
};

/** One exchange's inputs, as every check reads them. */
export interface ExchangeInput {
  protocol: Protocol;
  /** The version the session negotiated at initialize, when the exchange's session showed it (may be uncovered). */
  negotiated: string | undefined;
  method: string;
  reqHeaders: Headers;
  reqBody: string | undefined;
  status: number;
  resHeaders: Headers;
  resBody: string | undefined;
}

/** The shared state of one exchange's reading: its inputs, the findings so far, the status and reply it is owed. */
export class ExchangeContext {
  readonly findings: HttpFinding[] = [];
  readonly modern: boolean;
  readonly version: McpVersion | undefined;
  expected: ExpectedStatus | undefined;
  /** The reply the request was owed, when the exchange settles it (the message's own, or -32020 for its headers). */
  owed: Reply | undefined;
  readonly protocol: Protocol;
  readonly negotiated: string | undefined;
  readonly method: string;
  readonly reqHeaders: Headers;
  readonly reqBody: string | undefined;
  readonly status: number;
  readonly resHeaders: Headers;
  readonly resBody: string | undefined;
  /** For an SSE body: the event index of each message (events with empty data carry none). */
  readonly eventIndex: number[] = [];
  /** The request body's message, classified (set before the checks run). */
  message: Classification | undefined;
  private body: RequestBody | undefined;
  private stream: SseReading | undefined;

  constructor(input: ExchangeInput) {
    this.protocol = input.protocol;
    this.negotiated = input.negotiated;
    this.method = input.method;
    this.reqHeaders = input.reqHeaders;
    this.reqBody = input.reqBody;
    this.status = input.status;
    this.resHeaders = input.resHeaders;
    this.resBody = input.resBody;
    this.version = this.protocol === 'jsonrpc-2.0' ? undefined : this.protocol;
    this.modern = this.protocol === '2026-07-28';
  }

  /** The request body as a JSON object, its `params` and their `_meta` ({} when there is none); read once. */
  requestBody(): RequestBody {
    if (!this.body) {
      const request = parsed(this.reqBody ?? '');
      const params = isRecord(request?.params) ? request.params : {};
      this.body = { request, params, meta: isRecord(params._meta) ? params._meta : {} };
    }
    return this.body;
  }

  /** The response body read as an event stream, once. */
  sse(): SseReading {
    return (this.stream ??= parseEventStream(this.resBody ?? ''));
  }

  /** A reference into this exchange's transport page (or another page of its revision). */
  ref(heading?: string, page?: string): SpecRef {
    return mcpRef(this.version ?? '2026-07-28', page ?? HTTP_PAGE[this.version ?? '2026-07-28'], heading);
  }

  /** Records a finding; its severity follows from the keyword of its rule (HTTP_FINDING_RULES). */
  add(id: HttpFindingId, location: HttpLocation, message: string, spec: HttpFinding['spec']): void {
    this.findings.push({ id, severity: severityOf(HTTP_FINDING_RULES[id]), location, message, spec });
  }

  /** Records the status the spec wants; the first rule that applies wins. */
  expect(status: number | null, strength: ExpectedStatus['strength'], why: string, spec: ExpectedStatus['spec']) {
    this.expected ??= { status, strength, why, spec };
  }
}
