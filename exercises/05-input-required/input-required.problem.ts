/** What a client does with a tools/call response. */
export type NextStep =
  | { action: 'use-result' }
  | { action: 'fulfil-and-retry'; inputKeys: string[]; requestState?: string }
  | { action: 'not-usable' };

/** A 2026-07-28 tools/call request. */
export interface ToolCallRequest {
  jsonrpc: '2.0';
  id: string | number;
  method: 'tools/call';
  params: {
    name: string;
    arguments?: Record<string, unknown>;
    _meta: Record<string, unknown>;
    inputResponses?: Record<string, unknown>;
    requestState?: string;
  };
}

/**
 * Reads a response: use it, continue it, or give up on it.
 * This first attempt trusts that every response is a finished result; run the tests to see what else arrives.
 */
export function nextStep(responseText: string): NextStep {
  JSON.parse(responseText);
  return { action: 'use-result' };
}

/**
 * The retry of an input_required tools/call.
 * This first attempt resends the original unchanged; run the tests to see what the retry needs.
 */
export function buildRetry(
  original: ToolCallRequest,
  inputResponses: Record<string, unknown>,
  requestState: string | undefined,
): ToolCallRequest {
  return original;
}
