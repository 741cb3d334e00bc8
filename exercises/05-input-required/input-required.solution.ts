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

const INPUT_METHODS = ['elicitation/create', 'sampling/createMessage', 'roots/list'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads a response: a complete result is used, an input_required result is continued (spec 2026-07-28
 * basic/index.mdx §ResultType and basic/patterns/mrtr.mdx), anything else is not usable.
 */
export function nextStep(responseText: string): NextStep {
  let message: unknown;
  try {
    message = JSON.parse(responseText);
  } catch {
    return { action: 'not-usable' };
  }
  if (!isObject(message) || message.jsonrpc !== '2.0' || !isObject(message.result) || 'error' in message)
    return { action: 'not-usable' };
  const result = message.result;
  // Results from servers on earlier versions carry no resultType; a client treats them as complete.
  const resultType = result.resultType ?? 'complete';
  if (resultType === 'complete') return { action: 'use-result' };
  if (resultType !== 'input_required') return { action: 'not-usable' };

  const { inputRequests, requestState } = result;
  if (inputRequests === undefined && requestState === undefined) return { action: 'not-usable' };
  if (requestState !== undefined && typeof requestState !== 'string') return { action: 'not-usable' };
  if (inputRequests !== undefined) {
    if (!isObject(inputRequests)) return { action: 'not-usable' };
    const allowed = Object.values(inputRequests).every(
      (r) => isObject(r) && typeof r.method === 'string' && INPUT_METHODS.includes(r.method),
    );
    if (!allowed) return { action: 'not-usable' };
  }
  const step: NextStep = { action: 'fulfil-and-retry', inputKeys: Object.keys(inputRequests ?? {}) };
  if (requestState !== undefined) step.requestState = requestState;
  return step;
}

/**
 * The retry of an input_required tools/call: the same call with the answers and the echoed requestState, under a
 * new JSON-RPC id (the spec requires the retry's id to differ from the original's).
 */
export function buildRetry(
  original: ToolCallRequest,
  inputResponses: Record<string, unknown>,
  requestState: string | undefined,
): ToolCallRequest {
  const params: ToolCallRequest['params'] = { ...original.params, inputResponses };
  if (requestState === undefined) delete params.requestState;
  else params.requestState = requestState;
  return { ...original, id: `${original.id}-retry`, params };
}
