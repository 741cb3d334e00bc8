/**
 * classifyMessage: what a message is under a protocol, what a conforming receiver owes back, and every rule it
 * breaks or bends, each pointing at the spec. Pure; never throws; runs unchanged in Node, browsers and workers.
 */
import { classifyErrorCode, codeIntroducedIn, type CodeClass } from './error-codes.ts';
import { finding, pointer, type Finding } from './findings.ts';
import {
  countMemberNames,
  findDuplicateNames,
  inspectParsedJson,
  inspectValue,
  maxMemberNames,
  parseJsonText,
  type TextPosition,
} from './json-text.ts';
import { MISNAMED_METHODS, methodStatus } from './methods.ts';
import {
  DEFAULT_PROTOCOL,
  isMcpVersion,
  isProtocol,
  jsonRpcRef,
  mcpRef,
  rfc8259Ref,
  type McpVersion,
  type Protocol,
  type SpecRef,
} from './protocols.ts';
import { ContentBlockSchema, INPUT_REQUEST_METHODS, RESULT_TYPES, RequestMetaSchema } from './schemas.ts';
import { isSurelyRequestMeta, isSurelyTextBlock } from './fast-paths.ts';
import type { z } from 'zod';

/** The kinds a classification can have: exactly one per message. */
export const MESSAGE_KINDS = ['parse-error', 'invalid', 'request', 'notification', 'result', 'error', 'batch'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A JSON-RPC id as it appears on the wire (JSON-RPC 2.0 allows null; MCP does not). */
export type MessageId = string | number | null;

/**
 * What a conforming receiver sends back. `response`: a result or an error with this id is owed, and which one
 * depends on the server (a classifier cannot know whether the method exists). `error`: this error is owed at once.
 * `batch`: the replies owed for a batch, leaving out elements owed nothing.
 */
export type Reply =
  | { send: 'nothing' }
  | { send: 'response'; id: MessageId }
  | { send: 'error'; code: number; id: MessageId }
  | { send: 'batch'; items: Reply[] };

/** What every classification carries. */
interface ClassificationBase {
  /** The protocol the message was classified against. */
  protocol: Protocol;
  /** What a conforming receiver sends back. */
  reply: Reply;
  /** Everything the classifier noticed, errors first. */
  findings: Finding[];
  /** One sentence a learner can compare with their own explanation. */
  explanation: string;
}

/** The text is not JSON. */
export interface ParseErrorClassification extends ClassificationBase {
  kind: 'parse-error';
  /** Where parsing stopped. */
  position: TextPosition;
  /** Why parsing stopped, in words. */
  reason: string;
}

/** JSON, but not a valid message under the protocol. */
export interface InvalidClassification extends ClassificationBase {
  kind: 'invalid';
  /** What the message looks like it was meant to be. */
  shape: 'request' | 'notification' | 'response' | 'unknown';
  /** The id, when one could be read. */
  id?: MessageId;
}

/** A request: the receiver owes one response with the same id. */
export interface RequestClassification extends ClassificationBase {
  kind: 'request';
  id: MessageId;
  method: string;
}

/** A notification: no id, and no reply of any kind. */
export interface NotificationClassification extends ClassificationBase {
  kind: 'notification';
  method: string;
}

/** A successful response. */
export interface ResultClassification extends ClassificationBase {
  kind: 'result';
  id: MessageId;
  /** The effective resultType: `complete` when absent (spec 2026-07-28 basic/index.mdx §ResultType). */
  resultType: string;
  /** Whether `resultType` was on the wire or is the default for an absent member. */
  resultTypeSource: 'explicit' | 'absent';
  /** For a tool result (`CallToolResult`): `tool-error` when `isError` is true, else `success`. */
  toolOutcome?: 'success' | 'tool-error';
}

/** An error response. */
export interface ErrorClassification extends ClassificationBase {
  kind: 'error';
  /** The id; `undefined` when the member is absent. */
  id?: MessageId;
  code: number;
  codeClass: CodeClass;
  /** The spec's name for the code, where it has one. */
  codeName?: string;
  /** The error object's message. */
  errorMessage: string;
}

/** A JSON array: each element classified on its own. */
export interface BatchClassification extends ClassificationBase {
  kind: 'batch';
  items: Classification[];
}

/** The result of classifying one input: discriminated by `kind`. */
export type Classification =
  | ParseErrorClassification
  | InvalidClassification
  | RequestClassification
  | NotificationClassification
  | ResultClassification
  | ErrorClassification
  | BatchClassification;

/** Options for classifyMessage. */
export interface ClassifyOptions {
  /** The protocol to classify against; defaults to MCP 2026-07-28. */
  protocol?: Protocol;
  /** How deep the classifier looks into a value before it stops (default 256). */
  maxDepth?: number;
}

/** Above this size, text checks that need a second pass over the text are skipped (the message still classifies). */
const TEXT_CHECK_LIMIT = 4 * 1024 * 1024;

/** At most this many elements of a batch are classified one by one (see classifyBatch). */
const MAX_BATCH_ITEMS = 10_000;

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/**
 * Orders findings errors first, then by JSON Pointer and id, so that the order (and the explanation, which quotes
 * the first error) never depends on the order of the members in the message.
 */
function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (o: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(o, key);
const describeValue = (v: unknown): string =>
  v === null
    ? 'null'
    : v === undefined
      ? 'missing'
      : Array.isArray(v)
        ? 'an array'
        : typeof v === 'object'
          ? 'an object'
          : typeof v === 'string'
            ? `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`
            : typeof v === 'number' || typeof v === 'boolean'
              ? `${typeof v} ${String(v)}`
              : `a ${typeof v} (not a JSON value)`;

/** The page each protocol's message rules live on. */
function messagesRef(
  protocol: Protocol,
  heading: string,
  jsonRpcSection: '4' | '4.1' | '4.2' | '5' | '5.1' | '6',
): SpecRef {
  return isMcpVersion(protocol) ? mcpRef(protocol, 'basic/index', heading) : jsonRpcRef(jsonRpcSection);
}

/**
 * Classifies a message: raw text (as received) or an already parsed value. Never throws: any input, however
 * large, deep or hostile, comes back as a classification.
 */
export function classifyMessage(input: unknown, options: ClassifyOptions = {}): Classification {
  const protocol: Protocol = isProtocol(options.protocol) ? options.protocol : DEFAULT_PROTOCOL;
  const maxDepth = typeof options.maxDepth === 'number' && options.maxDepth > 0 ? options.maxDepth : 256;
  try {
    return classifyInput(input, protocol, maxDepth);
  } catch (error) {
    // A last line of defence: nothing above is expected to throw, but a classifier that throws would take a
    // page or a CLI run down with it. Report it as a finding instead.
    const detail = error instanceof Error ? error.message : String(error);
    return {
      kind: 'invalid',
      shape: 'unknown',
      protocol,
      reply: { send: 'error', code: -32600, id: null },
      findings: [
        finding(
          'classifier-limit',
          'error',
          '',
          `The classifier could not finish on this input (${detail}); treat it as invalid.`,
          rfc8259Ref('9', 'Parsers'),
        ),
      ],
      explanation: 'The classifier could not finish on this input, so it treats it as an invalid message.',
    };
  }
}

function classifyInput(input: unknown, protocol: Protocol, maxDepth: number): Classification {
  const textFindings: Finding[] = [];
  let value: unknown = input;
  if (typeof input === 'string') {
    const parsed = parseJsonText(input);
    if (!parsed.ok) {
      const where = `line ${parsed.position.line}, column ${parsed.position.column}`;
      return {
        kind: 'parse-error',
        protocol,
        position: parsed.position,
        reason: parsed.reason,
        reply: { send: 'error', code: -32700, id: null },
        findings: [
          finding(
            'not-json',
            'error',
            '',
            `The text is not valid JSON: ${parsed.reason} (parsing stopped at ${where}).`,
            jsonRpcRef('5.1'),
          ),
        ],
        explanation: `The text is not JSON (parsing stopped at ${where}), so the receiver cannot read an id and answers -32700 Parse error with id null.`,
      };
    }
    value = parsed.value;
  }

  const facts = typeof input === 'string' ? inspectParsedJson(value, maxDepth) : inspectValue(value, maxDepth);
  if (typeof input === 'string' && input.length <= TEXT_CHECK_LIMIT) {
    // JSON.parse keeps the last of two equal names silently: more names in the text than members in the value
    // means a name repeats. The cheap bound settles almost every message; the exact count runs only when needed.
    const memberCount = facts.truncated
      ? inspectParsedJson(value, Number.POSITIVE_INFINITY, 0).memberCount
      : facts.memberCount;
    if (maxMemberNames(input) > memberCount && countMemberNames(input) > memberCount) {
      for (const dup of findDuplicateNames(input)) {
        textFindings.push(
          finding(
            'duplicate-key',
            'warning',
            pointer(dup.path, dup.name),
            `The name "${dup.name}" appears more than once in the same object. JSON parsers disagree on which copy wins (this one kept the last), so a sender must not rely on either.`,
            rfc8259Ref('4', 'Objects'),
          ),
        );
      }
    }
  }
  if (facts.truncated) {
    textFindings.push(
      finding(
        'nesting-too-deep',
        'warning',
        '',
        `The value nests deeper than ${maxDepth} levels (${facts.depth > maxDepth ? 'more than ' : ''}${maxDepth}); the classifier checked the envelope and did not look further down. Receivers may reject such messages.`,
        rfc8259Ref('9', 'Parsers'),
      ),
    );
  }
  for (const path of facts.loneSurrogates) {
    textFindings.push(
      finding(
        'lone-surrogate',
        'warning',
        path,
        'A string holds a lone UTF-16 surrogate: it is not valid Unicode, and receivers may reject it or replace it.',
        rfc8259Ref('8.2', 'Unicode Characters'),
      ),
    );
  }
  for (const path of facts.unsafeIntegers) {
    textFindings.push(
      finding(
        'number-precision',
        'warning',
        path,
        "A number here is past 2^53 (or beyond a double's range altogether) and cannot be represented exactly as a double: a JavaScript receiver reads a different number. Send large identifiers as strings.",
        rfc8259Ref('6', 'Numbers'),
      ),
    );
  }

  if (facts.repeated) {
    textFindings.push(
      finding(
        'classifier-limit',
        'warning',
        '',
        'The value refers to the same object more than once (a cycle or a shared reference), which JSON text cannot express; the classifier checked the envelope and did not compare payloads.',
        rfc8259Ref('2', 'JSON Grammar'),
      ),
    );
  }

  const ctx: Context = { protocol, deep: !facts.truncated && !facts.repeated, json: typeof input === 'string' };
  const result = Array.isArray(value) ? classifyBatch(value, ctx) : classifySingle(value, '', ctx);
  if (textFindings.length > 0) result.findings = sortFindings([...result.findings, ...textFindings]);
  return result;
}

interface Context {
  protocol: Protocol;
  /** False when the value nests too deep for checks that walk into payloads. */
  deep: boolean;
  /** True when the value came from JSON.parse, so it holds JSON data only (no undefined, no toJSON, no sharing). */
  json: boolean;
}

function classifyBatch(items: unknown[], ctx: Context): Classification {
  const { protocol } = ctx;
  if (items.length === 0) {
    return {
      kind: 'invalid',
      shape: 'unknown',
      protocol,
      reply: { send: 'error', code: -32600, id: null },
      findings: [
        finding(
          'batch-empty',
          'error',
          '',
          'An empty array is not a batch: JSON-RPC answers it with a single -32600 Invalid Request, not an empty array.',
          jsonRpcRef('6'),
        ),
      ],
      explanation:
        'An empty array is not a valid batch, so the receiver answers one -32600 Invalid Request with id null.',
    };
  }
  // A batch owes one reply per element, but classifying millions of elements one by one costs seconds and
  // gigabytes (a 10 MB array of numbers holds five million): past MAX_BATCH_ITEMS the classifier stops and says so.
  // Array.from-style indexing also visits the holes of a sparse array (a value built in code), as undefined.
  const limit = Math.min(items.length, MAX_BATCH_ITEMS);
  const classified: Classification[] = [];
  for (let i = 0; i < limit; i += 1) classified.push(classifySingle(items[i], `/${i}`, ctx));
  const limitFindings: Finding[] =
    limit < items.length
      ? [
          finding(
            'classifier-limit',
            'warning',
            '',
            `The batch has ${items.length.toLocaleString('en-US')} elements; the classifier looked at the first ${limit.toLocaleString('en-US')} only, so the items and the reply cover those. Receivers commonly refuse batches this large.`,
            jsonRpcRef('6'),
          ),
        ]
      : [];
  const findings: Finding[] = [...limitFindings];
  if (isMcpVersion(protocol)) {
    findings.push(
      finding(
        'batch-unsupported',
        'error',
        '',
        `MCP ${protocol} does not allow JSON-RPC batches: every message travels on its own. Batching existed only in 2025-03-26 and was removed in 2025-06-18.`,
        mcpRef('2025-06-18', 'changelog'),
      ),
    );
    return {
      kind: 'batch',
      protocol,
      items: classified,
      reply: { send: 'error', code: -32600, id: null },
      findings: sortFindings(findings),
      explanation: `A JSON array of ${items.length} message${items.length === 1 ? '' : 's'}. MCP ${protocol} has no batches, so a conforming receiver rejects the whole array with one -32600 Invalid Request.`,
    };
  }
  const replies = classified.map((c) => c.reply).filter((r) => r.send !== 'nothing');
  const reply: Reply = replies.length === 0 ? { send: 'nothing' } : { send: 'batch', items: replies };
  return {
    kind: 'batch',
    protocol,
    items: classified,
    reply,
    findings,
    explanation:
      replies.length === 0
        ? `A batch of ${items.length} element${items.length === 1 ? '' : 's'}, none of which is owed a reply, so the receiver sends nothing at all (not an empty array).`
        : `A batch of ${items.length} element${items.length === 1 ? '' : 's'}: the receiver answers with one array of ${replies.length} repl${replies.length === 1 ? 'y' : 'ies'}${limit < items.length ? ` for the first ${limit} elements` : ''}, in any order, leaving out the elements owed nothing.`,
  };
}

/** Checks an id member; returns findings and whether the id is usable to echo in a reply. */
function checkId(
  id: unknown,
  base: string,
  ctx: Context,
  role: 'request' | 'response',
): { findings: Finding[]; echo: MessageId | undefined; valid: boolean } {
  const { protocol } = ctx;
  const mcp = isMcpVersion(protocol);
  const path = `${base}/id`;
  const findings: Finding[] = [];
  const heading = role === 'request' ? 'Requests' : 'Responses';
  if (id === null) {
    if (mcp) {
      findings.push(
        finding(
          'id-null',
          'error',
          path,
          `MCP ids are a string or an integer and MUST NOT be null. A null id cannot be matched to a ${role === 'request' ? 'response' : 'request'}.`,
          mcpRef(protocol, 'basic/index', heading),
        ),
      );
      return { findings, echo: undefined, valid: false };
    }
    findings.push(
      finding(
        'id-null',
        'warning',
        path,
        'A null id is legal in JSON-RPC 2.0 but discouraged: null is what replies use when the id could not be read, so the two get confused.',
        jsonRpcRef('4'),
      ),
    );
    return { findings, echo: null, valid: true };
  }
  if (typeof id === 'string') return { findings, echo: id, valid: true };
  if (typeof id === 'number') {
    if (!Number.isFinite(id)) {
      // JSON has no Infinity; a number literal too large for a double (1e400) parses to it, and cannot be echoed.
      findings.push(
        finding(
          'id-unsafe-integer',
          'error',
          path,
          'The id is a number too large for a double (the receiver reads Infinity), so no reply can carry it back. Use a string id.',
          rfc8259Ref('6', 'Numbers'),
        ),
      );
      return { findings, echo: undefined, valid: false };
    }
    if (!Number.isInteger(id)) {
      if (mcp) {
        findings.push(
          finding(
            'id-fractional',
            'error',
            path,
            `MCP ids that are numbers must be integers; ${id} has a fractional part.`,
            mcpRef(protocol, 'basic/index', heading),
          ),
        );
        return { findings, echo: undefined, valid: false };
      }
      findings.push(
        finding(
          'id-fractional',
          'warning',
          path,
          `Numeric ids SHOULD NOT have fractional parts; ${id} may not round-trip through every receiver.`,
          jsonRpcRef('4'),
        ),
      );
      return { findings, echo: id, valid: true };
    }
    if (!Number.isSafeInteger(id)) {
      findings.push(
        finding(
          'id-unsafe-integer',
          'warning',
          path,
          `The id ${id} is past 2^53: a JavaScript peer reads a different number and the reply's id will not match. Use a string id.`,
          rfc8259Ref('6', 'Numbers'),
        ),
      );
    }
    return { findings, echo: id, valid: true };
  }
  findings.push(
    finding(
      'id-type',
      'error',
      path,
      `An id must be ${mcp ? 'a string or an integer' : 'a string, a number or null'}; this one is ${describeValue(id)}.`,
      messagesRef(protocol, heading, role === 'request' ? '4' : '5'),
    ),
  );
  return { findings, echo: undefined, valid: false };
}

function checkEnvelope(m: Record<string, unknown>, base: string, ctx: Context, allowed: readonly string[]): Finding[] {
  const { protocol } = ctx;
  const findings: Finding[] = [];
  if (!has(m, 'jsonrpc')) {
    findings.push(
      finding(
        'missing-jsonrpc',
        'error',
        base,
        'The "jsonrpc" member is missing: every JSON-RPC 2.0 message carries "jsonrpc": "2.0".',
        messagesRef(protocol, 'Messages', '4'),
      ),
    );
  } else if (m.jsonrpc !== '2.0') {
    findings.push(
      finding(
        'jsonrpc-version',
        'error',
        `${base}/jsonrpc`,
        `"jsonrpc" must be exactly the string "2.0"; it is ${describeValue(m.jsonrpc)}.`,
        messagesRef(protocol, 'Messages', '4'),
      ),
    );
  }
  for (const key of Object.keys(m)) {
    if (!allowed.includes(key)) {
      findings.push(
        finding(
          'unknown-member',
          'warning',
          pointer(base, key),
          `"${key}" is not a member of this message type. Strict receivers (the official SDKs among them) reject the whole message; put extension data under params or _meta.`,
          messagesRef(protocol, 'Messages', '4'),
        ),
      );
    }
  }
  return findings;
}

function checkParams(m: Record<string, unknown>, base: string, ctx: Context): Finding[] {
  const { protocol } = ctx;
  if (!has(m, 'params')) return [];
  const params = m.params;
  const path = `${base}/params`;
  if (Array.isArray(params)) {
    if (isMcpVersion(protocol)) {
      return [
        finding(
          'params-positional',
          'error',
          path,
          'MCP params are always an object (by name); positional array params are not used.',
          mcpRef(protocol, 'basic/index', 'Requests'),
        ),
      ];
    }
    return [];
  }
  if (isPlainObject(params)) return [];
  return [
    finding(
      'params-not-structured',
      'error',
      path,
      `"params" must be an object or an array when present; it is ${describeValue(params)}.`,
      jsonRpcRef('4.2'),
    ),
  ];
}

function methodFindings(method: string, base: string, ctx: Context): Finding[] {
  const { protocol } = ctx;
  const path = `${base}/method`;
  const findings: Finding[] = [];
  if (method.startsWith('rpc.')) {
    findings.push(
      finding(
        'method-reserved-rpc',
        'warning',
        path,
        'Method names that begin with "rpc." are reserved for JSON-RPC internal methods and extensions.',
        jsonRpcRef('4'),
      ),
    );
  }
  if (!isMcpVersion(protocol)) return findings;
  const misnamed = MISNAMED_METHODS[method];
  if (misnamed) {
    findings.push(
      finding(
        'method-misnamed',
        'warning',
        path,
        `"${method}" is not an MCP method. ${misnamed.note}${misnamed.correct ? ` Use "${misnamed.correct}".` : ''}`,
        mcpRef(protocol, 'index'),
      ),
    );
  }
  const status = methodStatus(method, protocol);
  if (status === 'removed') {
    findings.push(
      finding(
        'method-removed',
        'warning',
        path,
        `"${method}" was removed in MCP 2026-07-28 (no initialize handshake, no sessions, no ping). A 2026-07-28 server answers it with -32601 Method not found.`,
        mcpRef('2026-07-28', 'changelog'),
      ),
    );
  } else if (status === 'not-yet') {
    findings.push(
      finding(
        'method-not-in-version',
        'info',
        path,
        `"${method}" exists only from MCP 2026-07-28 on; a ${protocol} server answers it with -32601 Method not found.`,
        mcpRef('2026-07-28', 'changelog'),
      ),
    );
  }
  return findings;
}

function errorReplyId(check: { echo: MessageId | undefined; valid: boolean }): MessageId {
  return check.valid && check.echo !== undefined ? check.echo : null;
}

function invalid(
  ctx: Context,
  shape: InvalidClassification['shape'],
  findings: Finding[],
  reply: Reply,
  id: MessageId | undefined,
): InvalidClassification {
  const first = sortFindings(findings).find((f) => f.severity === 'error');
  const replyText =
    reply.send === 'nothing'
      ? 'A response is never answered, so the receiver sends nothing and can only log it.'
      : reply.send === 'error'
        ? `The receiver answers ${reply.code} ${reply.code === -32602 ? 'Invalid params' : 'Invalid Request'} with id ${JSON.stringify(reply.id)}.`
        : '';
  const out: InvalidClassification = {
    kind: 'invalid',
    shape,
    protocol: ctx.protocol,
    reply,
    findings,
    explanation:
      `Not a valid ${ctx.protocol === 'jsonrpc-2.0' ? 'JSON-RPC 2.0' : `MCP ${ctx.protocol}`} message: ${first ? lowerFirst(first.message) : 'it breaks a message rule.'} ${replyText}`.trim(),
  };
  if (id !== undefined) out.id = id;
  return out;
}

const lowerFirst = (s: string) =>
  s.startsWith('"') || /^.[A-Z]/.test(s) ? s : `${s.charAt(0).toLowerCase()}${s.slice(1)}`;
const hasErrors = (findings: Finding[]) => findings.some((f) => f.severity === 'error');

function classifySingle(value: unknown, base: string, ctx: Context): Classification {
  const { protocol } = ctx;
  if (!isPlainObject(value)) {
    return invalid(
      ctx,
      'unknown',
      [
        finding(
          'not-an-object',
          'error',
          base,
          `A message must be a JSON object; this is ${describeValue(value)}.`,
          messagesRef(protocol, 'Messages', '4'),
        ),
      ],
      { send: 'error', code: -32600, id: null },
      undefined,
    );
  }
  const m = value;
  const hasMethod = has(m, 'method');
  const hasResult = has(m, 'result');
  const hasError = has(m, 'error');
  if (hasMethod && !hasResult && !hasError)
    return has(m, 'id') ? classifyRequest(m, base, ctx) : classifyNotification(m, base, ctx);
  if (!hasMethod && (hasResult || hasError)) return classifyResponse(m, base, ctx);

  const findings = checkEnvelope(m, base, ctx, ['jsonrpc', 'id', 'method', 'params', 'result', 'error']);
  const idCheck = has(m, 'id') ? checkId(m.id, base, ctx, 'request') : { findings: [], echo: undefined, valid: false };
  findings.push(
    finding(
      'ambiguous-shape',
      'error',
      base,
      hasMethod
        ? 'The object has "method" and also "result" or "error": it is neither a request nor a response.'
        : 'The object has none of "method", "result" or "error", so it is neither a request, a notification nor a response.',
      messagesRef(protocol, 'Messages', '4'),
    ),
    ...idCheck.findings,
  );
  return invalid(ctx, 'unknown', findings, { send: 'error', code: -32600, id: errorReplyId(idCheck) }, idCheck.echo);
}

function classifyRequest(m: Record<string, unknown>, base: string, ctx: Context): Classification {
  const { protocol } = ctx;
  const findings = checkEnvelope(m, base, ctx, ['jsonrpc', 'id', 'method', 'params']);
  const idCheck = checkId(m.id, base, ctx, 'request');
  findings.push(...idCheck.findings);
  if (typeof m.method !== 'string') {
    findings.push(
      finding(
        'method-not-string',
        'error',
        `${base}/method`,
        `"method" must be a string; it is ${describeValue(m.method)}.`,
        messagesRef(protocol, 'Requests', '4'),
      ),
    );
  }
  findings.push(...checkParams(m, base, ctx));
  if (hasErrors(findings) || typeof m.method !== 'string') {
    return invalid(ctx, 'request', findings, { send: 'error', code: -32600, id: errorReplyId(idCheck) }, idCheck.echo);
  }
  const method = m.method;
  const id = idCheck.echo ?? null;
  findings.push(...methodFindings(method, base, ctx));

  if (protocol === '2026-07-28') {
    const meta = checkRequestMeta(m, base);
    findings.push(...meta.findings);
    if (meta.malformed) {
      return invalid(ctx, 'request', findings, { send: 'error', code: -32602, id }, id);
    }
    if (meta.unsupportedVersion !== undefined) {
      return request(
        ctx,
        id,
        method,
        sortFindings(findings),
        { send: 'error', code: -32022, id },
        `A request for "${method}" that asks for protocol version ${JSON.stringify(meta.unsupportedVersion)}: a 2026-07-28 server that does not support it answers -32022 UnsupportedProtocolVersion with id ${JSON.stringify(id)}, listing the versions it supports.`,
      );
    }
  }

  if (isMcpVersion(protocol) && method === 'tools/call') {
    const toolFindings = checkToolCallParams(m, base, protocol);
    if (toolFindings.length > 0) {
      findings.push(...toolFindings);
      return request(
        ctx,
        id,
        method,
        sortFindings(findings),
        { send: 'error', code: -32602, id },
        `A tools/call request whose params are malformed (${lowerFirst(toolFindings[0]!.message)}) is a protocol error: the server answers -32602 Invalid params with id ${JSON.stringify(id)}.`,
      );
    }
  }

  return request(
    ctx,
    id,
    method,
    sortFindings(findings),
    { send: 'response', id },
    `A request for "${method}" with id ${JSON.stringify(id)}: the receiver owes exactly one response with that id, a result or an error.`,
  );
}

function request(
  ctx: Context,
  id: MessageId,
  method: string,
  findings: Finding[],
  reply: Reply,
  explanation: string,
): RequestClassification {
  return { kind: 'request', protocol: ctx.protocol, id, method, reply, findings, explanation };
}

/** MCP 2026-07-28: every request carries params._meta with protocolVersion and clientCapabilities. */
function checkRequestMeta(
  m: Record<string, unknown>,
  base: string,
): { findings: Finding[]; malformed: boolean; unsupportedVersion?: string } {
  const ref = mcpRef('2026-07-28', 'basic/index', '_meta');
  const params = m.params;
  if (!isPlainObject(params) || !has(params, '_meta')) {
    return {
      malformed: true,
      findings: [
        finding(
          'meta-envelope-missing',
          'error',
          isPlainObject(params) ? `${base}/params` : base,
          'MCP 2026-07-28 requests carry a params._meta envelope with io.modelcontextprotocol/protocolVersion and io.modelcontextprotocol/clientCapabilities; this request has none, so it is malformed (-32602).',
          ref,
        ),
      ],
    };
  }
  // The common valid envelope is recognised by hand; zod runs for anything else, and explains what is wrong.
  const parsed = isSurelyRequestMeta(params._meta)
    ? { success: true as const, data: params._meta as z.infer<typeof RequestMetaSchema> }
    : RequestMetaSchema.safeParse(params._meta);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path[0];
    const path = typeof key === 'string' ? pointer(`${base}/params/_meta`, key) : `${base}/params/_meta`;
    const what =
      typeof key === 'string'
        ? issue?.code === 'invalid_type' && issue.message.includes('undefined')
          ? `the required key "${key}" is missing`
          : `"${key}" has the wrong type`
        : '"_meta" is not an object';
    return {
      malformed: true,
      findings: [
        finding(
          'meta-envelope-missing',
          'error',
          path,
          `The _meta envelope is malformed: ${what}. MCP 2026-07-28 treats such a request as malformed (-32602, HTTP 400).`,
          ref,
        ),
      ],
    };
  }
  const meta = parsed.data;
  const findings: Finding[] = [];
  if (meta['io.modelcontextprotocol/clientInfo'] === undefined) {
    findings.push(
      finding(
        'client-info-missing',
        'info',
        `${base}/params/_meta`,
        'Clients SHOULD include io.modelcontextprotocol/clientInfo on every request (self-reported, for logs and debugging).',
        ref,
      ),
    );
  }
  const requested = meta['io.modelcontextprotocol/protocolVersion'];
  if (requested !== '2026-07-28') {
    findings.push(
      finding(
        'protocol-version-unsupported',
        'error',
        `${base}/params/_meta/io.modelcontextprotocol~1protocolVersion`,
        `The request asks for protocol version ${JSON.stringify(requested)}; a 2026-07-28 server that does not support it answers -32022 UnsupportedProtocolVersion with data.supported.`,
        mcpRef('2026-07-28', 'basic/versioning'),
      ),
    );
    return { findings, malformed: false, unsupportedVersion: requested };
  }
  return { findings, malformed: false };
}

function checkToolCallParams(m: Record<string, unknown>, base: string, version: McpVersion): Finding[] {
  const ref = mcpRef(version, 'server/tools', 'Calling Tools');
  const params = m.params;
  if (!isPlainObject(params)) {
    return [finding('tool-call-params-invalid', 'error', base, 'tools/call needs params with the tool "name".', ref)];
  }
  if (typeof params.name !== 'string') {
    return [
      finding(
        'tool-call-params-invalid',
        'error',
        `${base}/params/name`,
        has(params, 'name')
          ? `params.name must be the tool's name as a string; it is ${describeValue(params.name)}.`
          : 'params.name, the tool to call, is missing.',
        ref,
      ),
    ];
  }
  if (has(params, 'arguments') && !isPlainObject(params.arguments)) {
    return [
      finding(
        'tool-call-params-invalid',
        'error',
        `${base}/params/arguments`,
        `params.arguments must be an object of named arguments; it is ${describeValue(params.arguments)}.`,
        ref,
      ),
    ];
  }
  return [];
}

function classifyNotification(m: Record<string, unknown>, base: string, ctx: Context): Classification {
  const { protocol } = ctx;
  const findings = checkEnvelope(m, base, ctx, ['jsonrpc', 'method', 'params']);
  if (typeof m.method !== 'string') {
    findings.push(
      finding(
        'method-not-string',
        'error',
        `${base}/method`,
        `"method" must be a string; it is ${describeValue(m.method)}.`,
        messagesRef(protocol, 'Notifications', '4'),
      ),
    );
  }
  findings.push(...checkParams(m, base, ctx));
  if (hasErrors(findings) || typeof m.method !== 'string') {
    return invalid(ctx, 'notification', findings, { send: 'error', code: -32600, id: null }, undefined);
  }
  findings.push(...methodFindings(m.method, base, ctx));
  return {
    kind: 'notification',
    protocol,
    method: m.method,
    reply: { send: 'nothing' },
    findings: sortFindings(findings),
    explanation: `A notification ("${m.method}"): it has no id, so the receiver sends nothing back, not even an error if it fails.`,
  };
}

function classifyResponse(m: Record<string, unknown>, base: string, ctx: Context): Classification {
  const { protocol } = ctx;
  const mcp = isMcpVersion(protocol);
  const hasResult = has(m, 'result');
  const findings = checkEnvelope(m, base, ctx, [
    'jsonrpc',
    'id',
    hasResult ? 'result' : 'error',
    ...(has(m, 'result') && has(m, 'error') ? ['result', 'error'] : []),
  ]);
  const nothing: Reply = { send: 'nothing' };
  if (has(m, 'result') && has(m, 'error')) {
    findings.push(
      finding(
        'result-and-error',
        'error',
        base,
        'A response carries "result" or "error", never both.',
        messagesRef(protocol, 'Responses', '5'),
      ),
    );
  }

  let idCheck: { findings: Finding[]; echo: MessageId | undefined; valid: boolean } = {
    findings: [],
    echo: undefined,
    valid: false,
  };
  if (has(m, 'id')) {
    if (!hasResult && m.id === null) {
      // An error response with id null: JSON-RPC's way of saying "the id could not be read".
      if (mcp) {
        findings.push(
          finding(
            'error-id-null',
            'warning',
            `${base}/id`,
            `JSON-RPC writes "id": null when the request's id could not be read, and the SDKs do so over HTTP; MCP's ${protocol} schema instead leaves the id out, since an MCP id is never null.`,
            mcpRef(protocol, 'basic/index', protocol === '2025-06-18' ? 'Responses' : 'Error Responses'),
          ),
        );
      }
      idCheck = { findings: [], echo: null, valid: true };
    } else {
      idCheck = checkId(m.id, base, ctx, 'response');
      findings.push(...idCheck.findings);
    }
  } else if (hasResult) {
    findings.push(
      finding(
        'response-id-missing',
        'error',
        base,
        'A result response must carry the id of the request it answers.',
        messagesRef(protocol, 'Responses', '5'),
      ),
    );
  } else if (!mcp) {
    findings.push(
      finding(
        'error-id-missing',
        'error',
        base,
        'JSON-RPC 2.0 requires "id" on every response; use null when the request\'s id could not be read.',
        jsonRpcRef('5'),
      ),
    );
  } else if (protocol === '2025-06-18') {
    findings.push(
      finding(
        'error-id-missing',
        'warning',
        base,
        'The 2025-06-18 schema requires an id on error responses, though its transports text describes error responses without one for unreadable requests.',
        mcpRef('2025-06-18', 'basic/transports', 'Sending Messages to the Server'),
      ),
    );
  }

  if (hasResult) return classifyResult(m, base, ctx, findings, idCheck);

  const error = m.error;
  const errorRef = messagesRef(protocol, protocol === '2025-06-18' || !mcp ? 'Responses' : 'Error Responses', '5.1');
  if (!isPlainObject(error)) {
    findings.push(
      finding(
        'error-object-invalid',
        'error',
        `${base}/error`,
        `"error" must be an object with code and message; it is ${describeValue(error)}.`,
        errorRef,
      ),
    );
  } else {
    if (typeof error.code !== 'number' || !Number.isInteger(error.code)) {
      findings.push(
        finding(
          'error-object-invalid',
          'error',
          `${base}/error/code`,
          `error.code must be an integer; it is ${describeValue(error.code)}.`,
          errorRef,
        ),
      );
    }
    if (typeof error.message !== 'string') {
      findings.push(
        finding(
          'error-object-invalid',
          'error',
          `${base}/error/message`,
          `error.message must be a string; it is ${describeValue(error.message)}.`,
          errorRef,
        ),
      );
    }
    for (const key of Object.keys(error)) {
      if (key !== 'code' && key !== 'message' && key !== 'data') {
        findings.push(
          finding(
            'unknown-member',
            'warning',
            pointer(`${base}/error`, key),
            `"${key}" is not a member of the error object; put details in error.data.`,
            errorRef,
          ),
        );
      }
    }
  }
  if (hasErrors(findings) || !isPlainObject(error)) {
    return invalid(ctx, 'response', findings, nothing, idCheck.echo);
  }
  const code = error.code as number;
  const errorMessage = error.message as string;
  const info = classifyErrorCode(code, protocol);
  findings.push(...codeFindings(code, info, base, protocol));
  const leak = leakFinding(
    [errorMessage, typeof error.data === 'string' ? error.data : undefined],
    `${base}/error/message`,
  );
  if (leak) findings.push(leak);

  const out: ErrorClassification = {
    kind: 'error',
    protocol,
    code,
    codeClass: info.codeClass,
    errorMessage,
    reply: nothing,
    findings: sortFindings(findings),
    explanation: `An error response${idCheck.echo === undefined ? ' without an id' : ` for id ${JSON.stringify(idCheck.echo)}`}: ${code}${info.name ? ` (${info.name})` : ''} is ${CODE_CLASS_WORDS[info.codeClass]}. Responses are never answered, so the receiver sends nothing back.`,
  };
  if (idCheck.echo !== undefined) out.id = idCheck.echo;
  if (info.name) out.codeName = info.name;
  return out;
}

const CODE_CLASS_WORDS: Record<CodeClass, string> = {
  'parse-error': 'a parse error (the text was not JSON)',
  'invalid-request': 'an invalid request (the JSON was not a valid request object)',
  'method-not-found': 'method not found',
  'invalid-params': 'invalid params',
  'internal-error': 'an internal error',
  'legacy-server-error': 'an implementation-defined server error from the legacy band',
  'mcp-defined': 'an error code MCP defines',
  'mcp-reserved-undefined': 'a code in the MCP band with no defined meaning here',
  reserved: 'a reserved code nobody should send',
  application: 'an application-defined error',
};

function codeFindings(
  code: number,
  info: ReturnType<typeof classifyErrorCode>,
  base: string,
  protocol: Protocol,
): Finding[] {
  const path = `${base}/error/code`;
  const findings: Finding[] = [];
  if (info.retired) {
    findings.push(
      finding(
        'code-retired',
        'warning',
        path,
        code === -32002
          ? '-32002 (resource not found) is retired in 2026-07-28: servers MUST NOT emit it and answer a missing resource with -32602; clients SHOULD still accept it from older servers.'
          : `${code} (${info.name}) is retired in 2026-07-28: it stays reserved, is never reused, and 2026-07-28 implementations MUST NOT emit it.`,
        code === -32002
          ? mcpRef('2026-07-28', 'server/resources', 'Error Handling')
          : mcpRef('2026-07-28', 'basic/index', 'Error Codes'),
      ),
    );
  } else if (info.codeClass === 'mcp-reserved-undefined') {
    findings.push(
      finding(
        'code-reserved-undefined',
        'error',
        path,
        `${code} lies in the MCP band (-32020..-32099) but the spec defines no meaning for it: implementations MUST NOT emit it.`,
        info.spec,
      ),
    );
  } else if (info.codeClass === 'reserved') {
    findings.push(
      finding(
        'code-reserved',
        'warning',
        path,
        `${code} lies in JSON-RPC's reserved range (-32768..-32000) but is not assigned: use an application code outside that range.`,
        info.spec,
      ),
    );
  } else if (info.codeClass === 'legacy-server-error' && protocol === '2026-07-28') {
    findings.push(
      finding(
        'code-legacy-band',
        'info',
        path,
        `${code} is in the legacy band (-32000..-32019): receivers MUST NOT assume a meaning for it, and new implementations SHOULD NOT use it.`,
        info.spec,
      ),
    );
  }
  const introduced = codeIntroducedIn(code);
  if (introduced && isMcpVersion(protocol) && protocol < introduced) {
    findings.push(
      finding(
        'code-not-in-version',
        'info',
        path,
        `${code} has an MCP meaning only from ${introduced} on; under ${protocol} it is an implementation-defined server error.`,
        mcpRef(introduced, 'basic/index', introduced === '2026-07-28' ? 'Error Codes' : 'Responses'),
      ),
    );
  }
  return findings;
}

const STACK_TRACE =
  /\n\s*at \S.*:\d+:\d+|\bat (?:async )?[\w$.<>]+ \((?:file:\/\/|\/|[A-Za-z]:\\|node:)[^)]*:\d+:\d+\)/;
const CREDENTIAL_URL = /[a-z][a-z0-9+.-]*:\/\/[^\s/:@]+:[^\s/@]+@/i;

/** Reports a message that exposes a stack trace or a credential-bearing URL. */
function leakFinding(texts: Array<string | undefined>, path: string): Finding | undefined {
  for (const text of texts) {
    if (text === undefined) continue;
    if (STACK_TRACE.test(text) || CREDENTIAL_URL.test(text)) {
      return finding(
        'error-leaks-internals',
        'warning',
        path,
        'The message exposes internals (a stack trace or a URL with credentials). The SDKs copy Error.message to the wire verbatim, so sanitize it: keep one concise sentence and log the details on the server.',
        mcpRef('2026-07-28', 'server/tools', 'Security Considerations'),
      );
    }
  }
  return undefined;
}

function classifyResult(
  m: Record<string, unknown>,
  base: string,
  ctx: Context,
  findings: Finding[],
  idCheck: { echo: MessageId | undefined; valid: boolean },
): Classification {
  const { protocol } = ctx;
  const mcp = isMcpVersion(protocol);
  const result = m.result;
  const path = `${base}/result`;
  const nothing: Reply = { send: 'nothing' };
  if (mcp && !isPlainObject(result)) {
    findings.push(
      finding(
        'result-not-object',
        'error',
        path,
        `An MCP result is always an object; this one is ${describeValue(result)}.`,
        mcpRef(protocol, 'basic/index', 'Responses'),
      ),
    );
  }
  if (hasErrors(findings) || idCheck.echo === undefined)
    return invalid(ctx, 'response', findings, nothing, idCheck.echo);

  let resultType = 'complete';
  let resultTypeSource: 'explicit' | 'absent' = 'absent';
  let toolOutcome: ResultClassification['toolOutcome'];
  if (mcp && isPlainObject(result)) {
    const rtRef = mcpRef('2026-07-28', 'basic/index', 'ResultType');
    if (protocol === '2026-07-28') {
      if (!has(result, 'resultType')) {
        findings.push(
          finding(
            'result-type-missing',
            'warning',
            path,
            'A 2026-07-28 result MUST carry resultType. Only results from servers on earlier versions leave it out, and a client then treats it as "complete".',
            rtRef,
          ),
        );
      } else if (
        typeof result.resultType !== 'string' ||
        !(RESULT_TYPES as readonly string[]).includes(result.resultType)
      ) {
        findings.push(
          finding(
            'result-type-unknown',
            'error',
            `${path}/resultType`,
            `resultType ${describeValue(result.resultType)} is not one the client knows ("complete" or "input_required"); a client MUST treat the result as invalid.`,
            rtRef,
          ),
        );
        return invalid(ctx, 'response', findings, nothing, idCheck.echo);
      } else {
        resultType = result.resultType;
        resultTypeSource = 'explicit';
      }
      if (resultType === 'input_required') {
        const problems = checkInputRequired(result, path);
        findings.push(...problems);
        if (hasErrors(problems)) return invalid(ctx, 'response', findings, nothing, idCheck.echo);
      }
    } else if (has(result, 'resultType')) {
      findings.push(
        finding(
          'result-type-unexpected',
          'info',
          `${path}/resultType`,
          `resultType arrived with MCP 2026-07-28; a ${protocol} peer ignores it and every result is final.`,
          rtRef,
        ),
      );
    }
    if (resultType === 'complete' && looksLikeToolResult(result)) {
      const problems = checkToolResult(result, path, protocol, ctx);
      findings.push(...problems);
      if (hasErrors(problems)) return invalid(ctx, 'response', findings, nothing, idCheck.echo);
      toolOutcome = result.isError === true ? 'tool-error' : 'success';
    }
  }
  const out: ResultClassification = {
    kind: 'result',
    protocol,
    id: idCheck.echo,
    resultType,
    resultTypeSource,
    reply: nothing,
    findings: sortFindings(findings),
    explanation: resultExplanation(idCheck.echo, resultType, resultTypeSource, toolOutcome, protocol),
  };
  if (toolOutcome) out.toolOutcome = toolOutcome;
  return out;
}

/**
 * True when a result is shaped like a CallToolResult. A classifier cannot see which request a result answers, and
 * other results carry `content` too: ElicitResult (`action`, `content` as an object of form values) and
 * CreateMessageResult (`role`, `model`, `content` as a block or, from 2025-11-25, an array of sampling blocks).
 */
function looksLikeToolResult(result: Record<string, unknown>): boolean {
  if (has(result, 'action') || has(result, 'role') || has(result, 'model')) return false;
  return Array.isArray(result.content) || has(result, 'isError') || has(result, 'structuredContent');
}

function resultExplanation(
  id: MessageId,
  resultType: string,
  source: 'explicit' | 'absent',
  toolOutcome: ResultClassification['toolOutcome'],
  protocol: Protocol,
): string {
  const forId = `for id ${JSON.stringify(id)}`;
  if (resultType === 'input_required') {
    return `A result ${forId} with resultType "input_required": the server needs input first, so the client fulfils the input requests and retries the original request with a new id.`;
  }
  const rt =
    protocol === '2026-07-28'
      ? source === 'absent'
        ? ' (resultType absent, so treated as "complete")'
        : ' (resultType "complete")'
      : '';
  if (toolOutcome === 'tool-error') {
    return `A successful JSON-RPC response ${forId}${rt} that reports a tool error (isError: true): the protocol worked, the tool failed, and the model gets to read why. Responses are never answered.`;
  }
  if (toolOutcome === 'success')
    return `A tool result ${forId}${rt}: the tool ran and succeeded. Responses are never answered.`;
  return `A successful response ${forId}${rt}. Responses are never answered, so the receiver sends nothing back.`;
}

function checkInputRequired(result: Record<string, unknown>, path: string): Finding[] {
  const ref = mcpRef('2026-07-28', 'basic/patterns/mrtr');
  if (!has(result, 'inputRequests') && !has(result, 'requestState')) {
    return [
      finding(
        'input-required-empty',
        'error',
        path,
        'An input_required result needs inputRequests, requestState or both; this one has neither, so the client cannot continue.',
        ref,
      ),
    ];
  }
  const findings: Finding[] = [];
  if (has(result, 'requestState') && typeof result.requestState !== 'string') {
    findings.push(
      finding(
        'input-required-request-invalid',
        'error',
        `${path}/requestState`,
        'requestState must be an opaque string the client echoes back exactly.',
        ref,
      ),
    );
  }
  if (has(result, 'inputRequests')) {
    const requests = result.inputRequests;
    if (!isPlainObject(requests)) {
      findings.push(
        finding(
          'input-required-request-invalid',
          'error',
          `${path}/inputRequests`,
          'inputRequests must be an object mapping keys to requests.',
          ref,
        ),
      );
    } else {
      for (const [key, req] of Object.entries(requests)) {
        const method = isPlainObject(req) ? req.method : undefined;
        if (typeof method !== 'string' || !(INPUT_REQUEST_METHODS as readonly string[]).includes(method)) {
          findings.push(
            finding(
              'input-required-request-invalid',
              'error',
              pointer(`${path}/inputRequests`, key),
              `Input requests may only be ${INPUT_REQUEST_METHODS.join(', ')}; "${key}" ${isPlainObject(req) ? (typeof method === 'string' ? `asks for "${method}"` : `has a method that is ${describeValue(method)}`) : `is ${describeValue(req)}`}.`,
              ref,
            ),
          );
        }
      }
    }
  }
  return findings;
}

function checkToolResult(result: Record<string, unknown>, path: string, version: McpVersion, ctx: Context): Finding[] {
  const ref = mcpRef(version, 'server/tools', 'Tool Result');
  const findings: Finding[] = [];
  const content = result.content;
  if (!Array.isArray(content)) {
    findings.push(
      finding(
        'tool-result-invalid',
        'error',
        `${path}/content`,
        `A tool result carries a content array (it may be empty); content is ${has(result, 'content') ? describeValue(content) : 'missing'}.`,
        ref,
      ),
    );
  } else {
    content.forEach((block, i) => {
      if (isSurelyTextBlock(block)) return;
      const parsed = ContentBlockSchema.safeParse(block);
      if (!parsed.success) {
        const type = isPlainObject(block) ? block.type : undefined;
        findings.push(
          finding(
            'tool-result-invalid',
            'error',
            `${path}/content/${i}`,
            typeof type === 'string' && !['text', 'image', 'audio', 'resource_link', 'resource'].includes(type)
              ? `Content block type "${type}" is not one of text, image, audio, resource_link, resource.`
              : `Content block ${i} is not a valid ${typeof type === 'string' ? `"${type}" block` : 'content block'}: ${parsed.error.issues[0]?.path.join('.') || 'type'} ${parsed.error.issues[0]?.message ?? 'is invalid'}.`,
            ref,
          ),
        );
      }
    });
  }
  if (has(result, 'isError') && typeof result.isError !== 'boolean') {
    findings.push(
      finding(
        'tool-result-invalid',
        'error',
        `${path}/isError`,
        `isError must be true or false; it is ${describeValue(result.isError)}.`,
        ref,
      ),
    );
  }
  if (has(result, 'structuredContent')) {
    const sc = result.structuredContent;
    if (version !== '2026-07-28' && !isPlainObject(sc)) {
      findings.push(
        finding(
          'structured-content-not-object',
          'error',
          `${path}/structuredContent`,
          `Under ${version}, structuredContent is a JSON object (2026-07-28 allows any JSON value); it is ${describeValue(sc)}.`,
          mcpRef(version, 'server/tools', 'Structured Content'),
        ),
      );
    } else if (
      ctx.deep &&
      Array.isArray(content) &&
      !content.some(
        (b) => isPlainObject(b) && b.type === 'text' && typeof b.text === 'string' && sameJson(b.text, sc, ctx.json),
      )
    ) {
      findings.push(
        finding(
          'structured-content-not-mirrored',
          'warning',
          `${path}/structuredContent`,
          'A tool that returns structuredContent SHOULD also return the same JSON serialized in a text block, so clients that read only content see the same answer.',
          mcpRef(version, 'server/tools', 'Structured Content'),
        ),
      );
    }
  }
  if (result.isError === true && Array.isArray(content)) {
    const texts = content.map((b) => (isPlainObject(b) && typeof b.text === 'string' ? b.text : undefined));
    const leak = leakFinding(texts, `${path}/content`);
    if (leak) findings.push(leak);
    findings.push(
      finding(
        'tool-error-result',
        'info',
        `${path}/isError`,
        'isError: true reports a failure inside the tool as a normal result, so the model can read it and correct itself; it is not a JSON-RPC error.',
        ref,
      ),
    );
  }
  return findings;
}

/** True when `text` parses to the same JSON value as `value`, ignoring key order. */
function sameJson(text: string, value: unknown, json: boolean): boolean {
  // A tool usually mirrors structuredContent with JSON.stringify: then the text is the value's own serialisation,
  // and for JSON data (from JSON.parse) that settles it without parsing the text a second time.
  if (json && text === JSON.stringify(value)) return true;
  const parsed = parseJsonText(text);
  return parsed.ok && canonicalJson(parsed.value) === canonicalJson(value);
}

/** JSON with object keys sorted, so that key order never changes a comparison. Callers bound the depth. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isPlainObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
