/** A JSON-RPC request id as MCP allows it: a string or an integer. */
export type RequestId = string | number;

/** One request the client sent and is still waiting on. */
export interface InFlight {
  id: RequestId;
  method: string;
  /** The `progressToken` the request carried in `_meta`, if it asked for progress. */
  progressToken?: RequestId;
  /** The `io.modelcontextprotocol/logLevel` the request carried in `_meta`, if it asked for log messages. */
  logLevel?: string;
}

/** What a stdio client knows about its own requests when a line arrives. */
export interface ClientBook {
  /** Requests sent and neither answered nor cancelled; a `subscriptions/listen` stays here while its stream is open. */
  inFlight: InFlight[];
  /** Ids of requests the client cancelled with `notifications/cancelled`. */
  cancelled: RequestId[];
}

/** Why a line goes nowhere. */
export type DropReason = 'broken' | 'stale' | 'unasked' | 'forbidden';

/** Where a line from the server goes. */
export type Route =
  | { to: 'request'; id: RequestId }
  | { to: 'log' }
  | { to: 'subscription'; id: RequestId }
  | { to: 'subscription-ended'; id: RequestId }
  | { to: 'drop'; because: DropReason };

/** The syslog severities of logging.mdx §Log Levels, least severe first. */
const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRequestId = (v: unknown): v is RequestId => typeof v === 'string' || Number.isInteger(v);

/** The line as a JSON-RPC 2.0 object, or undefined when it is not JSON or not a JSON-RPC message. */
function parse(line: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  return isRecord(value) && value.jsonrpc === '2.0' ? value : undefined;
}

/** Routes one line a stdio server wrote (2026-07-28). */
export function routeServerMessage(book: ClientBook, line: string): Route {
  const message = parse(line);
  if (!message) return { to: 'drop', because: 'broken' };
  // A method and an id make a request, and a server never sends one, whatever else is wrong with it.
  if ('method' in message && 'id' in message) return { to: 'drop', because: 'forbidden' };

  const cancelled = (id: unknown) => book.cancelled.some((c) => c === id);
  const live = book.inFlight.filter((r) => !cancelled(r.id));
  const request = (id: unknown) => live.find((r) => r.id === id);

  if ('id' in message) {
    const isResult = 'result' in message && !('error' in message);
    const isError = 'error' in message && !('result' in message);
    if (!isRequestId(message.id) || (!isResult && !isError)) return { to: 'drop', because: 'broken' };
    const owner = request(message.id);
    if (!owner) return { to: 'drop', because: 'stale' };
    if (owner.method === 'subscriptions/listen' && isResult) return { to: 'subscription-ended', id: owner.id };
    return { to: 'request', id: owner.id };
  }

  if (typeof message.method !== 'string') return { to: 'drop', because: 'broken' };
  if (message.params !== undefined && !isRecord(message.params)) return { to: 'drop', because: 'broken' };
  const params = isRecord(message.params) ? message.params : {};

  switch (message.method) {
    case 'notifications/cancelled': {
      if (!isRequestId(params.requestId)) return { to: 'drop', because: 'broken' };
      const target = request(params.requestId);
      if (target?.method === 'subscriptions/listen') return { to: 'subscription-ended', id: target.id };
      return { to: 'drop', because: 'forbidden' };
    }
    case 'notifications/progress': {
      if (!isRequestId(params.progressToken) || typeof params.progress !== 'number')
        return { to: 'drop', because: 'broken' };
      const owner = live.find((r) => r.progressToken !== undefined && r.progressToken === params.progressToken);
      return owner ? { to: 'request', id: owner.id } : { to: 'drop', because: 'stale' };
    }
    case 'notifications/message': {
      const level = LEVELS.indexOf(String(params.level));
      if (level === -1 || !('data' in params)) return { to: 'drop', because: 'broken' };
      const asked = live.some((r) => r.logLevel !== undefined && LEVELS.indexOf(r.logLevel) <= level);
      return asked ? { to: 'log' } : { to: 'drop', because: 'unasked' };
    }
  }
  const meta = isRecord(params._meta) ? params._meta : {};
  const subscriptionId = meta['io.modelcontextprotocol/subscriptionId'];
  if (subscriptionId === undefined) return { to: 'drop', because: 'unasked' };
  const listen = request(subscriptionId);
  return listen?.method === 'subscriptions/listen'
    ? { to: 'subscription', id: listen.id }
    : { to: 'drop', because: 'stale' };
}
