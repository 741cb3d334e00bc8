/**
 * The SDK scenarios, and for each one the messages of its traffic that the course keeps as fixtures
 * (content/fixtures/<id>.json, provenance "recorded"). Used by record.ts (npm run record:sdk) and by
 * test/unit/content/sdk-recordings.test.ts, which re-runs every scenario and compares its traffic with the recording.
 */
import type { RecordedMessage } from './session.ts';
import { run as backendUnavailable } from './backend-unavailable.ts';
import { run as errorMessageLeak } from './error-message-leak.ts';
import { run as lostResponseAfterWrite } from './lost-response-after-write.ts';
import { run as malformedIncidentId } from './malformed-incident-id.ts';
import { run as unknownMethod } from './unknown-method.ts';
import { run as unknownTool } from './unknown-tool.ts';

/** What one run of a scenario produced: the traffic, and what the client code saw. */
export interface ScenarioRun {
  messages: RecordedMessage[];
  observed: Record<string, unknown>;
}

/** A message of the traffic chosen as a fixture. */
export interface RecordedFixture {
  id: string;
  /** Picks the message from the traffic. */
  pick: (messages: RecordedMessage[]) => RecordedMessage | undefined;
}

export interface Scenario {
  /** The file name without .ts; also the recording's name (content/sdk/recordings/<name>.json). */
  name: string;
  /** A short title for lists. */
  title: string;
  /** One sentence: what the traffic shows. */
  shows: string;
  run: () => Promise<ScenarioRun>;
  fixtures: RecordedFixture[];
}

const parse = (m: RecordedMessage) => JSON.parse(m.text) as Record<string, unknown>;
/** The nth (0-based) message from `from` that satisfies `test`. */
const nth =
  (from: RecordedMessage['from'], test: (message: Record<string, unknown>) => boolean, n = 0) =>
  (messages: RecordedMessage[]) =>
    messages.filter((m) => m.from === from && test(parse(m)))[n];
const method = (name: string) => (m: Record<string, unknown>) => m.method === name;
const isError = (m: Record<string, unknown>) => 'error' in m;
const isResult = (m: Record<string, unknown>) => 'result' in m;

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'unknown-method',
    title: 'Unknown method: -32601',
    shows:
      'A request for a method the server does not implement gets the JSON-RPC error -32601; the client first probes with server/discover.',
    run: unknownMethod,
    fixtures: [
      { id: 'recorded-discover-probe', pick: nth('client', method('server/discover')) },
      { id: 'recorded-unknown-method-request', pick: nth('client', method('incidents/escalate')) },
      { id: 'recorded-unknown-method-error', pick: nth('server', isError) },
    ],
  },
  {
    name: 'malformed-incident-id',
    title: 'Malformed incident ID: a tool error, not a protocol error',
    shows: 'Arguments that fail the tool input schema come back as a result with isError: true, not as -32602.',
    run: malformedIncidentId,
    fixtures: [{ id: 'recorded-malformed-incident-id-result', pick: nth('server', isResult, 1) }],
  },
  {
    name: 'backend-unavailable',
    title: 'Backend unavailable: the thrown message, verbatim',
    shows: 'A tool handler that throws becomes a result with isError: true carrying the Error message word for word.',
    run: backendUnavailable,
    fixtures: [{ id: 'recorded-backend-unavailable-result', pick: nth('server', isResult, 1) }],
  },
  {
    name: 'lost-response-after-write',
    title: 'A lost response after a write: keyed retry versus blind retry',
    shows:
      'The server creates a ticket but its response is lost; a retry with the same idempotency key returns that ticket, a blind retry creates a duplicate.',
    run: lostResponseAfterWrite,
    fixtures: [
      { id: 'recorded-lost-response-write-request', pick: nth('client', method('tools/call'), 0) },
      { id: 'recorded-lost-response-dropped-result', pick: (messages) => messages.find((m) => m.dropped) },
      { id: 'recorded-lost-response-cancelled', pick: nth('client', method('notifications/cancelled')) },
      { id: 'recorded-lost-response-keyed-retry-request', pick: nth('client', method('tools/call'), 1) },
      {
        id: 'recorded-lost-response-keyed-retry-result',
        pick: (messages) => messages.filter((m) => m.from === 'server' && !m.dropped && 'result' in parse(m))[1],
      },
      {
        id: 'recorded-lost-response-blind-retry-result',
        pick: (messages) => messages.filter((m) => m.from === 'server' && !m.dropped && 'result' in parse(m))[2],
      },
    ],
  },
  {
    name: 'unknown-tool',
    title: 'Unknown tool: -32602 from the v2 SDK',
    shows:
      'A call to a tool name the server never registered gets the JSON-RPC error -32602 before any tool code runs.',
    run: unknownTool,
    fixtures: [{ id: 'recorded-unknown-tool-error', pick: nth('server', isError) }],
  },
  {
    name: 'error-message-leak',
    title: 'Error.message on the wire: a leaked connection string',
    shows: 'The SDK copies a thrown Error message into the tool result verbatim, credentials included.',
    run: errorMessageLeak,
    fixtures: [{ id: 'recorded-error-message-leak-result', pick: nth('server', isResult, 1) }],
  },
];
