/**
 * The model's one severity rule: a finding is an `error` when the message (or exchange) breaks a MUST or MUST NOT of
 * the spec, a `warning` when it breaks a SHOULD or SHOULD NOT, and `info` for everything else (a MAY, advice, a
 * choice the spec leaves open, a note on what happened). The rule is judged from the side that sent the part the
 * finding points at: a client asking for a version the server does not support breaks no rule of its own.
 * Every finding id records the keyword of the sentence it rests on (FINDING_KEYWORDS here, HTTP_FINDING_RULES in
 * http-findings.ts); test/unit/message-model/severity.test.ts holds every emitted finding to it.
 */
import type { FindingId } from './findings.ts';
import type { Protocol } from './protocols.ts';

/** The RFC 2119 keyword a rule rests on, or `none` when it rests on none (a note, advice, an open choice). */
export const SPEC_KEYWORDS = ['MUST', 'MUST NOT', 'SHOULD', 'SHOULD NOT', 'none'] as const;
export type SpecKeyword = (typeof SPEC_KEYWORDS)[number];

/** The severity a broken rule of this keyword earns. */
export function severityOf(keyword: SpecKeyword): 'error' | 'warning' | 'info' {
  return keyword === 'MUST' || keyword === 'MUST NOT'
    ? 'error'
    : keyword === 'SHOULD' || keyword === 'SHOULD NOT'
      ? 'warning'
      : 'info';
}

/** The keyword of the rule behind each message finding. */
export const FINDING_KEYWORDS: Record<FindingId, SpecKeyword> = {
  // Kind confusion: the message is a valid request or notification, so it breaks no keyword of its own; the
  // warning is about what its sender probably meant (INTENT_WARNINGS below).
  'request-method-without-id': 'none',
  'notification-method-with-id': 'none',
  'not-json': 'MUST',
  'duplicate-key': 'SHOULD',
  'nesting-too-deep': 'none',
  'lone-surrogate': 'none',
  'number-precision': 'none',
  'not-an-object': 'MUST',
  'missing-jsonrpc': 'MUST',
  'jsonrpc-version': 'MUST',
  'method-not-string': 'MUST',
  'method-reserved-rpc': 'MUST NOT',
  'params-not-structured': 'MUST',
  'params-positional': 'MUST',
  'id-null': 'MUST NOT',
  'id-type': 'MUST',
  'id-fractional': 'MUST',
  'id-unsafe-integer': 'none',
  'ambiguous-shape': 'MUST',
  'result-and-error': 'MUST NOT',
  'response-id-missing': 'MUST',
  'error-id-null': 'MUST',
  'error-id-missing': 'MUST',
  'error-object-invalid': 'MUST',
  'unknown-member': 'none',
  'batch-empty': 'MUST',
  'batch-unsupported': 'MUST',
  'meta-envelope-missing': 'MUST',
  'protocol-version-unsupported': 'none',
  'client-info-missing': 'SHOULD',
  'method-removed': 'none',
  'method-misnamed': 'none',
  'method-not-in-version': 'none',
  'initialize-version-mismatch': 'none',
  'tool-call-params-invalid': 'MUST',
  'request-params-invalid': 'MUST',
  'meta-invalid': 'MUST',
  'capabilities-invalid': 'MUST',
  'implementation-invalid': 'MUST',
  'log-level-invalid': 'MUST',
  'notification-params-invalid': 'MUST',
  'result-not-object': 'MUST',
  'result-type-missing': 'MUST',
  'result-type-unknown': 'MUST',
  'result-type-unexpected': 'none',
  'result-invalid': 'MUST',
  'input-required-empty': 'MUST',
  'input-required-request-invalid': 'MUST',
  'tool-result-invalid': 'MUST',
  'structured-content-not-object': 'MUST',
  'structured-content-not-mirrored': 'SHOULD',
  'tool-error-result': 'none',
  'code-retired': 'MUST NOT',
  'code-reserved-undefined': 'MUST NOT',
  'code-reserved': 'none',
  'code-legacy-band': 'SHOULD NOT',
  'code-not-in-version': 'none',
  'error-data-invalid': 'MUST',
  'error-leaks-internals': 'none',
  'classifier-limit': 'none',
};

/**
 * Where a rule's keyword differs by protocol: JSON-RPC 2.0 only advises against a null or fractional request id
 * ("SHOULD NOT"), MCP requires "a string or integer ID" that "MUST NOT be null".
 */
const KEYWORDS_BY_PROTOCOL: Partial<Record<FindingId, Partial<Record<Protocol, SpecKeyword>>>> = {
  'id-null': { 'jsonrpc-2.0': 'SHOULD NOT' },
  'id-fractional': { 'jsonrpc-2.0': 'SHOULD NOT' },
};

/** The keyword of a message finding's rule under a protocol. */
export function findingKeyword(id: FindingId, protocol: Protocol): SpecKeyword {
  return KEYWORDS_BY_PROTOCOL[id]?.[protocol] ?? FINDING_KEYWORDS[id];
}

/**
 * Findings that are warnings although the message breaks no keyword: a request method sent without an id (a
 * notification nobody will answer) and a notification method sent with one (a request that owes a response). The
 * message classifies as what it is; the warning says what the sender most likely meant, the most common hand-written
 * mistake, so a reader does not pass over it as a note.
 */
export const INTENT_WARNINGS: ReadonlySet<FindingId> = new Set([
  'request-method-without-id',
  'notification-method-with-id',
]);
