/**
 * The test cases for exercise 10, shared by vitest (route-server-messages.test.ts) and the in-page code lab.
 * Whether a line is a usable message at all is the message model's call (classifyMessage); where each usable line
 * goes is written here from the 2026-07-28 spec, one quoted rule per case.
 */
import { classifyMessage } from '#message-model';
import type { ClientBook, Route } from './route-server-messages.solution.ts';

/** The exercise's API: what the learner's file exports. */
export interface Exercise {
  routeServerMessage(book: ClientBook, line: string): Route;
}

/** The names the learner's file must export. */
export const EXPORTS = ['routeServerMessage'] as const;

/** One test: a name that reads as a sentence, and a check that throws a helpful error when the answer is wrong. */
export interface LabCase {
  name: string;
  run(exercise: Exercise): void;
}

/** The messages this exercise shows broken on purpose: the markup test/unit/content/course-messages.test.ts reads. */
export const MEANT_BROKEN = new Set<string>();
/** Marks a line as broken on purpose and returns it unchanged. */
function broken(line: string): string {
  MEANT_BROKEN.add(line);
  return line;
}

const show = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
};

const line = (message: unknown) => JSON.stringify(message);
const result = (id: number | string, extra: Record<string, unknown> = {}) =>
  line({ jsonrpc: '2.0', id, result: { resultType: 'complete', content: [{ type: 'text', text: 'done' }], ...extra } });
const notify = (method: string, params: Record<string, unknown>) => line({ jsonrpc: '2.0', method, params });
const SUB = 'io.modelcontextprotocol/subscriptionId';

/** The client of every case: a tool call with progress and warning logs (4), a plain call (5), a subscription (1). */
const BOOK: ClientBook = {
  inFlight: [
    { id: 4, method: 'tools/call', progressToken: 'pt-4', logLevel: 'warning' },
    { id: 5, method: 'tools/call' },
    { id: 1, method: 'subscriptions/listen' },
  ],
  cancelled: [3],
};
/** The same client once request 4 has been answered: nobody in flight asked for logs or progress any more. */
const QUIET: ClientBook = { inFlight: BOOK.inFlight.filter((r) => r.id !== 4), cancelled: [3] };

function expectRoute(ex: Exercise, book: ClientBook, text: string, expected: Route, why: string): void {
  const got = ex.routeServerMessage(book, text);
  if (JSON.stringify(got) === JSON.stringify(expected)) return;
  throw new Error(
    `The line ${show(text)} went to ${show(got)}; it belongs to ${show(expected)}. ${why} ` +
      `(In flight: ${show(book.inFlight)}; cancelled: ${show(book.cancelled)}.)`,
  );
}

/** What the model says is wrong with a line, for the message of a case about broken input. */
function modelSays(text: string): string {
  const c = classifyMessage(text, { protocol: '2026-07-28' });
  return c.findings.find((f) => f.severity === 'error')?.message ?? c.explanation;
}

/**
 * A case: the line is first classified by the model, so a line meant to be broken is one the model calls broken (and
 * every other line is a valid 2026-07-28 message), then routed by the learner's code.
 */
const c = (name: string, book: ClientBook, text: string, expected: Route, why: string): LabCase => ({
  name,
  run: (ex) => {
    const model = classifyMessage(text, { protocol: '2026-07-28' });
    const broken = model.kind === 'parse-error' || model.findings.some((f) => f.severity === 'error');
    if (broken !== MEANT_BROKEN.has(text))
      throw new Error(
        `This case's own line is ${broken ? '' : 'not '}broken by the model's reading (${model.explanation}); the case is wrong, not your code.`,
      );
    expectRoute(ex, book, text, expected, why);
  },
});

const NOT_JSON = broken('{"jsonrpc":"2.0","id":4,"result":{"resultType":"complete"');
const NO_PROGRESS = broken(notify('notifications/progress', { progressToken: 'pt-4', message: 'half way' }));

export const CASES: LabCase[] = [
  c(
    'routes a result to the request in flight with the same id',
    BOOK,
    result(5),
    { to: 'request', id: 5 },
    'A response is matched to its request by id.',
  ),
  c(
    'drops a result that arrives after the client cancelled the request',
    BOOK,
    result(3),
    { to: 'drop', because: 'stale' },
    'The client "SHOULD ignore any response to the cancelled request that arrives afterward" (cancellation §Behavior Requirements).',
  ),
  c(
    'drops a response for an id nothing is waiting on',
    BOOK,
    line({ jsonrpc: '2.0', id: 9, error: { code: -32603, message: 'Internal error' } }),
    { to: 'drop', because: 'stale' },
    'No request with id 9 is in flight, so the response belongs to nothing.',
  ),
  c(
    'routes progress to the request whose token it carries',
    BOOK,
    notify('notifications/progress', { progressToken: 'pt-4', progress: 2, total: 5 }),
    { to: 'request', id: 4 },
    'Request 4 carried progressToken "pt-4" in _meta, so this update is about request 4, not about a request with id "pt-4".',
  ),
  c(
    'drops progress once its request is no longer in flight',
    QUIET,
    notify('notifications/progress', { progressToken: 'pt-4', progress: 5, total: 5 }),
    { to: 'drop', because: 'stale' },
    'Progress notifications "MUST only reference tokens that … are associated with an in-progress operation", and they "MUST stop after completion" (progress §Behavior Requirements, §Implementation Notes).',
  ),
  c(
    'compares progress tokens by type as well as value',
    BOOK,
    notify('notifications/progress', { progressToken: 4, progress: 1 }),
    { to: 'drop', because: 'stale' },
    'The token 4 is not the request id 4, and no request in flight carried the integer token 4.',
  ),
  c(
    'lets through a log message at or above the level a request asked for',
    BOOK,
    notify('notifications/message', { level: 'error', data: 'backend slow' }),
    { to: 'log' },
    'Request 4 asked for "warning", and the server "MAY send notifications/message notifications at or above the requested level" (logging §Per-request log level).',
  ),
  c(
    'drops a log message below every level asked for',
    BOOK,
    notify('notifications/message', { level: 'debug', data: 'cache miss' }),
    { to: 'drop', because: 'unasked' },
    'The only request that asked for logs asked for "warning"; debug is below it, so nobody asked for this message.',
  ),
  c(
    'drops a log message when no request in flight asked for logs',
    QUIET,
    notify('notifications/message', { level: 'error', data: 'backend slow' }),
    { to: 'drop', because: 'unasked' },
    '"The server MUST NOT emit notifications/message for a request that does not include this field" (logging §Per-request log level).',
  ),
  c(
    'routes the acknowledgement to the subscription it names',
    BOOK,
    notify('notifications/subscriptions/acknowledged', {
      _meta: { [SUB]: 1 },
      notifications: { toolsListChanged: true },
    }),
    { to: 'subscription', id: 1 },
    'The subscription id is the JSON-RPC id of the subscriptions/listen request (subscriptions §Receiving Notifications).',
  ),
  c(
    'routes a change notification by its subscription id',
    BOOK,
    notify('notifications/tools/list_changed', { _meta: { [SUB]: 1 } }),
    { to: 'subscription', id: 1 },
    'On stdio, "clients MUST use this field to correlate notifications with their originating subscription" (subscriptions §Receiving Notifications).',
  ),
  c(
    'drops a change notification that names no subscription',
    BOOK,
    notify('notifications/tools/list_changed', {}),
    { to: 'drop', because: 'unasked' },
    'Change notifications arrive only on a subscription the client opened, and every one carries its subscription id; this one names none.',
  ),
  c(
    'treats notifications/cancelled for the listen request as the end of the subscription',
    BOOK,
    notify('notifications/cancelled', { requestId: 1, reason: 'shutting down' }),
    { to: 'subscription-ended', id: 1 },
    'A server sends notifications/cancelled "referencing a subscriptions/listen request ID when it tears down that subscription stream" (cancellation).',
  ),
  c(
    'treats the result for the listen request as the end of the subscription',
    BOOK,
    line({ jsonrpc: '2.0', id: 1, result: { resultType: 'complete', _meta: { [SUB]: 1 } } }),
    { to: 'subscription-ended', id: 1 },
    'The server "SHOULD respond to the original subscriptions/listen request with a completion result before closing the stream" (subscriptions §Graceful Closure).',
  ),
  c(
    'refuses notifications/cancelled that names an ordinary request',
    BOOK,
    notify('notifications/cancelled', { requestId: 5, reason: 'too busy' }),
    { to: 'drop', because: 'forbidden' },
    '"Servers MUST NOT send notifications/cancelled for any other purpose" than ending a subscription (cancellation).',
  ),
  c(
    'refuses a request from the server',
    BOOK,
    broken(
      line({
        jsonrpc: '2.0',
        id: 'srv-1',
        method: 'elicitation/create',
        params: { message: 'Which incident?', requestedSchema: { type: 'object', properties: {} } },
      }),
    ),
    { to: 'drop', because: 'forbidden' },
    '"The server MUST NOT write JSON-RPC requests to stdout"; it asks for input with an InputRequiredResult instead (stdio §Receiving Messages).',
  ),
  {
    name: 'drops a line that is not JSON without throwing',
    run(ex) {
      try {
        ex.routeServerMessage(BOOK, NOT_JSON);
      } catch (error) {
        throw new Error(
          `routeServerMessage threw on the line ${show(NOT_JSON)} (${error instanceof Error ? error.message : String(error)}). A client reading a channel must survive a bad line: drop it as broken. The model says: ${modelSays(NOT_JSON)}`,
        );
      }
      expectRoute(ex, BOOK, NOT_JSON, { to: 'drop', because: 'broken' }, `The model says: ${modelSays(NOT_JSON)}`);
    },
  },
  c(
    'drops a progress update that carries no progress',
    BOOK,
    NO_PROGRESS,
    { to: 'drop', because: 'broken' },
    `It names a live token, but it is not a usable progress notification. The model says: ${modelSays(NO_PROGRESS)}`,
  ),
];
