/** The ways a call to incidents/escalate can fail. */
export type Failure =
  | 'not-json'
  | 'not-a-request'
  | 'unknown-method'
  | 'bad-params'
  | 'handler-crashed'
  | 'unsupported-version'
  | 'incident-locked'
  | 'quota-exhausted';

/**
 * The JSON-RPC error code for each failure.
 * This first attempt puts everything in the "server error" range, as many older servers did; run the tests to see
 * what MCP 2026-07-28 makes of that.
 */
export function codeFor(failure: Failure): number {
  switch (failure) {
    case 'not-json':
      return -32700;
    case 'not-a-request':
      return -32600;
    case 'unknown-method':
      return -32601;
    case 'bad-params':
      return -32602;
    case 'handler-crashed':
      return -32000;
    case 'unsupported-version':
      return -32001;
    case 'incident-locked':
      return -32050;
    case 'quota-exhausted':
      return -32051;
  }
}
