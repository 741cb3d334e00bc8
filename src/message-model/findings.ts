import type { SpecRef } from './protocols.ts';

/** How much a finding matters: `error` breaks a rule the receiver enforces, `warning` a SHOULD, `info` is a note. */
export const SEVERITIES = ['error', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * Every finding the classifier can report, by stable id. The ids are part of the public surface: fixtures,
 * chapters, exercises and receipts name them, so an id is never renamed once shipped.
 */
export const FINDING_IDS = [
  // JSON text
  'not-json',
  'duplicate-key',
  'nesting-too-deep',
  'lone-surrogate',
  'number-precision',
  // JSON-RPC envelope
  'not-an-object',
  'missing-jsonrpc',
  'jsonrpc-version',
  'method-not-string',
  'method-reserved-rpc',
  'params-not-structured',
  'params-positional',
  'id-null',
  'id-type',
  'id-fractional',
  'id-unsafe-integer',
  'ambiguous-shape',
  'result-and-error',
  'response-id-missing',
  'error-id-null',
  'error-id-missing',
  'error-object-invalid',
  'unknown-member',
  'batch-empty',
  'batch-unsupported',
  // MCP requests
  'meta-envelope-missing',
  'protocol-version-unsupported',
  'client-info-missing',
  'method-removed',
  'method-misnamed',
  'method-not-in-version',
  'initialize-version-mismatch',
  'tool-call-params-invalid',
  'request-params-invalid',
  'meta-invalid',
  'capabilities-invalid',
  'implementation-invalid',
  'log-level-invalid',
  // Kind confusion: a request method without an id, a notification method with one
  'request-method-without-id',
  'notification-method-with-id',
  // MCP notifications
  'notification-params-invalid',
  // MCP results
  'result-not-object',
  'result-type-missing',
  'result-type-unknown',
  'result-type-unexpected',
  'result-invalid',
  'input-required-empty',
  'input-required-request-invalid',
  'tool-result-invalid',
  'structured-content-not-object',
  'structured-content-not-mirrored',
  'tool-error-result',
  // Error codes
  'code-retired',
  'code-reserved-undefined',
  'code-reserved',
  'code-legacy-band',
  'code-not-in-version',
  'error-data-invalid',
  'error-leaks-internals',
  // The classifier itself
  'classifier-limit',
] as const;
export type FindingId = (typeof FINDING_IDS)[number];

const FINDING_ID_SET: ReadonlySet<string> = new Set(FINDING_IDS);

/** True when `value` is one of the model's finding ids. */
export function isFindingId(value: unknown): value is FindingId {
  return typeof value === 'string' && FINDING_ID_SET.has(value);
}

/** One thing the classifier noticed about a message, pointing at where it is. */
export interface Finding {
  /** A stable kebab-case id from FINDING_IDS. */
  id: FindingId;
  severity: Severity;
  /** A JSON Pointer (RFC 6901) into the message: `""` is the whole message, `/params/_meta` a member. */
  path: string;
  /** What is wrong and what it means, in plain English a learner understands. */
  message: string;
  /** The spec version and section the rule rests on. */
  spec: SpecRef;
}

/** Builds a finding; a small helper so every finding has all five fields. */
export function finding(id: FindingId, severity: Severity, path: string, message: string, spec: SpecRef): Finding {
  return { id, severity, path, message, spec };
}

/** Appends a JSON Pointer reference token to a pointer, escaping `~` and `/` as RFC 6901 §3 requires. */
export function pointer(base: string, token: string | number): string {
  return `${base}/${String(token).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}
