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

/**
 * Routes one line a stdio server wrote (2026-07-28).
 * This first attempt routes by id alone, the way a request/response client does; run the tests to see what it misses.
 */
export function routeServerMessage(book: ClientBook, line: string): Route {
  const message = JSON.parse(line) as { id?: RequestId };
  if (message.id !== undefined) return { to: 'request', id: message.id };
  return { to: 'drop', because: 'unasked' };
}
