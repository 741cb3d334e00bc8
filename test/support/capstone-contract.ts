/**
 * The check ids the capstone contract fixes: the probe's catalogue uses these and no others, and the chapter's table
 * of what the conformance suite checks too names none else (the probe may have fewer today).
 */
export const CONTRACT_IDS = [
  'parse-error',
  'not-an-object',
  'method-not-a-string',
  'id-null',
  'batch',
  'unknown-method',
  'notification-no-response',
  'string-id-echoed',
  'number-id-echoed',
  'ids-in-flight',
  'unknown-tool',
  'tool-error-is-result',
  'business-failure-is-result',
  'backend-unavailable-is-result',
  'tool-args-not-object',
  'invalid-params',
  'meta-missing',
  'header-mismatch',
  'missing-capability',
  'unsupported-version',
  'cancellation',
  'http-content-type',
  'http-session-id',
  'http-get-405',
];
