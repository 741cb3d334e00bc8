/**
 * What a classification is (its kinds, the reply owed, the fields of each kind) and the small helpers every part of
 * the classifier shares: the context it runs in, the finding order, and how an invalid message is reported.
 */
import { errorCodeDefinition, type CodeClass } from './error-codes.ts';
import type { Finding } from './findings.ts';
import type { TextPosition } from './json-text.ts';
import { isMcpVersion, jsonRpcRef, mcpRef, type Protocol, type SpecRef } from './protocols.ts';

/** The kinds a classification can have: exactly one per message. */
export const MESSAGE_KINDS = ['parse-error', 'invalid', 'request', 'notification', 'result', 'error', 'batch'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A JSON-RPC id as it appears on the wire (JSON-RPC 2.0 allows null; MCP does not). */
export type MessageId = string | number | null;

/**
 * What a conforming receiver sends back.
 * - `nothing`: no reply of any kind (notifications, responses).
 * - `response`: a result or an error with this id is owed, and which one depends on the server (a classifier cannot
 *   know whether the method exists).
 * - `error`: an error with this id is owed at once. `id: null` means the id could not be read (JSON-RPC writes
 *   `null`; MCP from 2025-11-25 leaves the member out). `code: null` means the spec leaves the code to the
 *   implementation. `data` is present only where the spec requires data for the code (-32022: `supported`,
 *   `requested`).
 * - `batch`: the replies owed for a JSON-RPC 2.0 batch, leaving out elements owed nothing.
 * - `unspecified`: the spec does not say what the receiver sends (an array under an MCP revision without batching).
 */
export type Reply =
  | { send: 'nothing' }
  | { send: 'response'; id: MessageId }
  | { send: 'error'; code: number | null; id: MessageId; data?: Record<string, unknown> }
  | { send: 'batch'; items: Reply[] }
  | { send: 'unspecified' };

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
  /**
   * The method of the request this message answers, when the caller knows it (a log paired by id): a result is
   * then checked against that method's result type. Without it, results are checked by shape only.
   */
  method?: string;
}

export interface Context {
  protocol: Protocol;
  /** False when the value nests too deep for checks that walk into payloads. */
  deep: boolean;
  /** True when the value came from JSON.parse, so it holds JSON data only (no undefined, no toJSON, no sharing). */
  json: boolean;
  /** The method of the request a result answers, when known (ClassifyOptions.method). */
  method?: string;
}

export const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/**
 * Orders findings errors first, then by JSON Pointer and id, so that the order (and the explanation, which quotes
 * the first error) never depends on the order of the members in the message.
 */
export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const has = (o: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(o, key);
export const describeValue = (v: unknown): string =>
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
export function messagesRef(
  protocol: Protocol,
  heading: string,
  jsonRpcSection: '4' | '4.1' | '4.2' | '5' | '5.1' | '6',
): SpecRef {
  return isMcpVersion(protocol) ? mcpRef(protocol, 'basic/index', heading) : jsonRpcRef(jsonRpcSection);
}

export function invalid(
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
        ? `The receiver answers ${describeErrorReply(reply, ctx.protocol)}.`
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

export const lowerFirst = (s: string) =>
  s.startsWith('"') || /^.[A-Z]/.test(s) ? s : `${s.charAt(0).toLowerCase()}${s.slice(1)}`;
export const hasErrors = (findings: Finding[]) => findings.some((f) => f.severity === 'error');

/** How the id of an error reply reads under a protocol: JSON-RPC writes null for an unreadable id, MCP leaves it out. */
export function describeReplyId(id: MessageId, protocol: Protocol): string {
  if (id !== null) return `with id ${JSON.stringify(id)}`;
  if (protocol === 'jsonrpc-2.0') return 'with id null';
  if (protocol === '2025-06-18')
    return "with id null (JSON-RPC's form; the 2025-06-18 schema has none for an unreadable id)";
  return 'without an id (the id could not be read)';
}

/** An error reply in words: its code and name, or that the spec leaves the code open, and its id. */
export function describeErrorReply(reply: Extract<Reply, { send: 'error' }>, protocol: Protocol): string {
  const code =
    reply.code === null
      ? 'an error whose code the spec leaves to the implementation'
      : `${reply.code} ${errorCodeDefinition(reply.code)?.message ?? 'error'}`;
  return `${code} ${describeReplyId(reply.id, protocol)}`;
}
