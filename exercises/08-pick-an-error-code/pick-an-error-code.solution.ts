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
 * The JSON-RPC error code for each failure: the standard codes of JSON-RPC 2.0 §5.1, MCP's own -32022
 * (spec 2026-07-28 basic/index.mdx §Error Codes), and application codes outside -32768..-32000 for the server's own.
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
      return -32603;
    case 'unsupported-version':
      return -32022;
    case 'incident-locked':
      return 1001;
    case 'quota-exhausted':
      return 1002;
  }
}
