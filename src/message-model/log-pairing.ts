/**
 * Which response answers which request. Ids are the requestor's: "The request ID MUST NOT match the ID of any other
 * request the sender has issued and not yet received a response for" (spec 2026-07-28 basic/index.mdx §Requests;
 * 2025-11-25 adds "MUST NOT have been previously used by the requestor within the same session"), so the client and
 * the server of a 2025 session may each have the same id in flight, and a response is paired with the request it
 * fits. A request cancelled with notifications/cancelled is owed nothing, and a late response that crosses the
 * cancellation is allowed (2026-07-28 basic/patterns/cancellation.mdx §Timing Considerations). From 2026-07-28 on
 * "Servers MUST NOT initiate JSON-RPC requests" (basic/patterns/index.mdx), and an MRTR retry carries a new id
 * (basic/patterns/mrtr.mdx).
 */
import type { Classification } from './classify.ts';
import {
  idKey,
  isObject,
  LOG_MAX_EXCHANGES,
  pendingKey,
  type LogExchange,
  type Pending,
  type Session,
  type Side,
} from './log-session.ts';
import { methodRef } from './methods.ts';
import { isMcpVersion, jsonRpcRef, mcpRef } from './protocols.ts';

/** Methods a server sends to a client before 2026-07-28: their ids are the server's, apart from the client's. */
const SERVER_REQUESTS: ReadonlySet<string> = new Set(['sampling/createMessage', 'elicitation/create', 'roots/list']);

/** Findings that say a result does not fit the type of the method it answers. */
const RESULT_TYPE_FINDINGS: ReadonlySet<string> = new Set([
  'result-invalid',
  'tool-result-invalid',
  'structured-content-not-object',
  'capabilities-invalid',
  'implementation-invalid',
  'input-required-empty',
  'input-required-request-invalid',
]);

/** The client capability an input request needs (2026-07-28 basic/patterns/mrtr.mdx, ClientCapabilities). */
const INPUT_REQUEST_CAPABILITY: Readonly<Record<string, string>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

const other = (side: Side): Side => (side === 'client' ? 'server' : 'client');

/** Who sent a request: the side the log says, else the side that sends its method. */
export function requestSide(method: string, side: Side | undefined): Side {
  return side ?? (SERVER_REQUESTS.has(method) ? 'server' : 'client');
}

/** A line that may be owed a reply (a request, or an invalid message with a readable id). */
export function sendRequest(
  s: Session,
  line: number,
  value: unknown,
  c: Classification,
  given: Side | undefined,
): void {
  const reply = c.reply;
  if (reply.send === 'error' && reply.id === null) {
    s.unreadable.push(line);
    return;
  }
  if (!(reply.send === 'response' || reply.send === 'error')) return;
  const method =
    c.kind === 'request' ? c.method : isObject(value) && typeof value.method === 'string' ? value.method : '(invalid)';
  const side = requestSide(method, given);
  if (s.protocol === '2026-07-28' && side === 'server') {
    s.report(
      'server-initiated-request',
      'error',
      line,
      undefined,
      `The server sends a ${method} request: in 2026-07-28 servers MUST NOT initiate JSON-RPC requests (server-to-client interactions ride in an InputRequiredResult), so the client owes it nothing.`,
      mcpRef('2026-07-28', 'basic/patterns/index'),
      'server',
    );
    return;
  }
  const key = pendingKey(side, reply.id);
  s.counts.requests += 1;
  const ref = isMcpVersion(s.protocol) ? mcpRef(s.protocol, 'basic/index', 'Requests') : jsonRpcRef('4');
  const queue = s.inFlight.get(key);
  if (queue && queue.length > 0) {
    s.report(
      'duplicate-id-in-flight',
      'error',
      line,
      queue[0]!.line,
      `Id ${JSON.stringify(reply.id)} is still awaiting a response to line ${queue[0]!.line}, sent by the same ${side}: a response cannot say which of the two requests it answers.`,
      ref,
      side,
    );
  } else if (s.protocol === '2025-06-18' || s.protocol === '2025-11-25') {
    const earlier = s.usedIds.get(key);
    if (earlier !== undefined) {
      s.report(
        'id-reused-in-session',
        'error',
        line,
        earlier,
        `Id ${JSON.stringify(reply.id)} was already used by the ${side} on line ${earlier}: in ${s.protocol} a request id MUST NOT have been used before by the requestor within the same session.`,
        ref,
        side,
      );
    }
  }
  s.usedIds.set(key, line);
  const params = isObject(value) && isObject(value.params) ? value.params : undefined;
  const meta = params && isObject(params._meta) ? params._meta : undefined;
  checkRetry(s, line, key, method, params);
  const exchange: LogExchange = { id: reply.id, method, requestLine: line, side, outcome: 'unanswered' };
  if (s.exchanges.length < LOG_MAX_EXCHANGES) s.exchanges.push(exchange);
  const p: Pending = { id: reply.id, method, line, side, exchange };
  if (meta && meta.progressToken !== undefined) {
    p.progressToken = meta.progressToken;
    s.tokens.set(idKey(meta.progressToken), { request: line, done: false });
  }
  const level = meta?.['io.modelcontextprotocol/logLevel'];
  if (typeof level === 'string') p.logLevel = level;
  const capabilities = meta?.['io.modelcontextprotocol/clientCapabilities'];
  if (isObject(capabilities)) p.capabilities = capabilities;
  if (queue) queue.push(p);
  else s.inFlight.set(key, [p]);
}

/** An MRTR retry (a request carrying inputResponses or requestState) that reuses the id of the request it retries. */
function checkRetry(
  s: Session,
  line: number,
  key: string,
  method: string,
  params: Record<string, unknown> | undefined,
): void {
  if (s.protocol !== '2026-07-28' || !params || !('inputResponses' in params || 'requestState' in params)) return;
  const original = s.awaitingRetry.get(key);
  if (!original || original.method !== method) return;
  s.awaitingRetry.delete(key);
  s.report(
    'retry-id-reused',
    'error',
    line,
    original.line,
    `This retry of the ${method} request answered with input_required on line ${original.line} reuses id ${JSON.stringify(original.id)}: the JSON-RPC id MUST be different between the initial request and the retry, as they are independent requests.`,
    mcpRef('2026-07-28', 'basic/patterns/mrtr', 'Client Requirements (Basic Workflow)'),
    'client',
  );
}

/** The requests a response may answer: of the side that did not send it, or of either when the log does not say. */
export function candidates(s: Session, id: unknown, responder: Side | undefined): Pending[] {
  if (id === null || id === undefined) return [];
  const sides: Side[] = responder ? [other(responder)] : ['client', 'server'];
  return sides.flatMap((side) => s.inFlight.get(pendingKey(side, id))?.[0] ?? []);
}

/** True when a classified result fits the type of the method it answers. */
export function fits(c: Classification): boolean {
  return !c.findings.some((f) => f.severity === 'error' && RESULT_TYPE_FINDINGS.has(f.id));
}

/**
 * Chooses among the requests a response may answer (each with the response classified under its method): the one
 * it fits, and says so when both sides have the id in flight and the shape does not tell them apart.
 */
export function choose(
  s: Session,
  line: number,
  options: Array<{ pending: Pending; c: Classification }>,
): { pending: Pending; c: Classification } {
  const fitting = options.filter((o) => fits(o.c));
  if (fitting.length === 1 || options.length === 1) return fitting[0] ?? options[0]!;
  const chosen = fitting[0] ?? options[0]!;
  const [a, b] = options;
  s.report(
    'response-pairing-ambiguous',
    'info',
    line,
    chosen.pending.line,
    `Both sides have id ${JSON.stringify(a!.pending.id)} in flight (the client's ${a!.pending.method} on line ${a!.pending.line}, the server's ${b!.pending.method} on line ${b!.pending.line}), which is allowed because ids are unique per requestor, and this response fits either: it is paired with line ${chosen.pending.line}. A log that says which side wrote each line removes the doubt.`,
    isMcpVersion(s.protocol) ? mcpRef(s.protocol, 'basic/index', 'Requests') : jsonRpcRef('5'),
  );
  return chosen;
}

/** A response: which request it answers, and whether its shape fits that request's method. */
export function receiveResponse(
  s: Session,
  line: number,
  value: Record<string, unknown>,
  c: Classification,
  pending: Pending | undefined,
  responder: Side | undefined,
): void {
  const id = value.id;
  if (pending) {
    const key = pendingKey(pending.side, id);
    const queue = s.inFlight.get(key)!;
    queue.shift();
    if (queue.length === 0) s.inFlight.delete(key);
    s.counts.answered += 1;
    if (pending.exchange) {
      pending.exchange.responseLine = line;
      pending.exchange.outcome = 'result' in value ? 'result' : 'error';
    }
    if (pending.progressToken !== undefined) {
      const t = s.tokens.get(idKey(pending.progressToken));
      if (t) t.done = true;
    }
    if (pending.method === 'subscriptions/listen') {
      const sub = s.subscriptions.get(idKey(pending.id));
      if (sub) sub.closed = true;
    }
    if (c.kind === 'result' && c.resultType === 'input_required') {
      s.awaitingRetry.set(key, { line: pending.line, id: pending.id, method: pending.method });
      checkInputRequests(s, line, value, pending);
    }
    const misfit = c.findings.find((f) => f.severity === 'error' && RESULT_TYPE_FINDINGS.has(f.id));
    if ('result' in value && misfit) {
      s.report(
        'response-does-not-fit-request',
        'error',
        line,
        pending.line,
        `This result answers the ${pending.method} request on line ${pending.line}, and does not fit ${pending.method}'s result type: ${misfit.message}`,
        isMcpVersion(s.protocol) ? methodRef(s.protocol, pending.method) : jsonRpcRef('5'),
        other(pending.side),
      );
    }
    return;
  }
  if (lateAfterCancel(s, line, id, responder)) return;
  if (id === null || id === undefined) {
    if (s.unreadable.length > 0) {
      s.unreadable.shift();
      return;
    }
    if (s.lastNotification) {
      s.report(
        'notification-answered',
        'error',
        line,
        s.lastNotification.line,
        `A response without a readable id follows the ${s.lastNotification.method} notification on line ${s.lastNotification.line}, and nothing else is owed one: the receiver of a notification MUST NOT send a response, not even an error.`,
        isMcpVersion(s.protocol) ? mcpRef(s.protocol, 'basic/index', 'Notifications') : jsonRpcRef('4.1'),
        responder,
      );
      return;
    }
  }
  s.report(
    'response-without-request',
    'warning',
    line,
    undefined,
    `No request with id ${JSON.stringify(id)} is awaiting a response earlier in the log: a response carries the id of the request it answers (or the log starts mid-session).`,
    jsonRpcRef('5'),
  );
}

/** A response to a request cancelled earlier: it crossed the cancellation, which the spec allows. */
function lateAfterCancel(s: Session, line: number, id: unknown, responder: Side | undefined): boolean {
  const sides: Side[] = responder ? [other(responder)] : ['client', 'server'];
  for (const side of sides) {
    const key = pendingKey(side, id);
    const p = s.cancelled.get(key);
    if (!p) continue;
    s.cancelled.delete(key);
    if (p.exchange) p.exchange.responseLine = line;
    return true;
  }
  return false;
}

/** Input requests only for the capabilities the request declared (2026-07-28 basic/patterns/mrtr.mdx). */
function checkInputRequests(s: Session, line: number, value: Record<string, unknown>, pending: Pending): void {
  const result = isObject(value.result) ? value.result : undefined;
  const inputs = result && isObject(result.inputRequests) ? result.inputRequests : undefined;
  if (!inputs) return;
  const declared = pending.capabilities ?? {};
  for (const [name, input] of Object.entries(inputs)) {
    const method = isObject(input) && typeof input.method === 'string' ? input.method : undefined;
    const capability = method ? INPUT_REQUEST_CAPABILITY[method] : undefined;
    if (!capability || capability in declared) continue;
    s.report(
      'input-request-not-declared',
      'error',
      line,
      pending.line,
      `Input request ${JSON.stringify(name)} is ${method}, but the ${pending.method} request on line ${pending.line} did not declare the ${capability} capability: servers MUST NOT send an inputRequests that the client has not declared support for in its capabilities.`,
      mcpRef('2026-07-28', 'basic/patterns/mrtr', 'Server Requirements (Basic Workflow)'),
      'server',
    );
  }
}

/**
 * notifications/cancelled: the request it names (of the side that sent it, when the log says) is owed no response
 * from here on. Returns the cancelled request, if one was in flight.
 */
export function cancel(s: Session, requestId: unknown, sender: Side | undefined): Pending | undefined {
  const sides: Side[] = sender ? [sender, other(sender)] : ['client', 'server'];
  for (const side of sides) {
    const key = pendingKey(side, requestId);
    const queue = s.inFlight.get(key);
    if (!queue || queue.length === 0) continue;
    const p = queue.shift()!;
    if (queue.length === 0) s.inFlight.delete(key);
    s.counts.cancelled += 1;
    if (p.exchange) p.exchange.outcome = 'cancelled';
    if (p.progressToken !== undefined) {
      const t = s.tokens.get(idKey(p.progressToken));
      if (t) t.done = true;
    }
    s.cancelled.set(key, p);
    return p;
  }
  return undefined;
}
