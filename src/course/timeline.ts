/**
 * Message timelines: a client, an MCP server (Streamable HTTP, MCP 2026-07-28) and the server's backend stepping
 * through one tool call, with a fault injected at one layer and, optionally, a retry. Every JSON-RPC message a
 * side sends is built here and classified with classifyMessage from its receiver's point of view; the server's
 * own decisions (dispatch, the tool's input check, the backend call) follow the rules the decision table teaches.
 * Pure and deterministic: the same inputs give the same timeline.
 */
import {
  DEFAULT_PROTOCOL,
  STANDARD_ERROR_CODES,
  buildReplyMessage,
  classifyMessage,
  type Classification,
  type MessageId,
} from '#message-model';
import { TIMELINE_DATA } from './data.ts';
import { DECISION_LABELS, getScenario, type DecisionScenario } from './decision-table.ts';
import {
  TIMELINE_PARTIES,
  TIMELINE_FAULTS,
  TIMELINE_RETRIES,
  type DetectionLayer,
  type RetryPolicy,
  type TimelineFault,
  type TimelineParty,
  type TimelineRetry,
  type UserOutcome,
} from './vocabulary.ts';

export { TIMELINE_PARTIES, TIMELINE_FAULTS, TIMELINE_RETRIES };
export type { TimelineParty, TimelineFault, TimelineRetry };

/** Labels for the fault and retry controls (content/scenarios/timeline.json). */
export const TIMELINE_FAULT_LABELS: Readonly<Record<TimelineFault, string>> = Object.fromEntries(
  Object.entries(TIMELINE_DATA.faults).map(([fault, f]) => [fault, f.label]),
) as Record<TimelineFault, string>;
export const TIMELINE_RETRY_LABELS: Readonly<Record<TimelineRetry, string>> = TIMELINE_DATA.retries;

/** A tool call the timeline can show: a write that creates a ticket, or a read that fetches an incident. */
export interface TimelineScenario {
  id: string;
  title: string;
  tool: 'create_ticket' | 'get_incident';
  /** The fault injected when the widget first shows the scenario. */
  fault: TimelineFault;
  /** The retry shown first. */
  retry: TimelineRetry;
}

/** The scenarios a <MessageTimeline> can start from (ids match the decision table's scenarios). */
export const TIMELINE_SCENARIOS: readonly TimelineScenario[] = TIMELINE_DATA.scenarios;

/** Looks a timeline scenario up by id. */
export function getTimelineScenario(id: string): TimelineScenario | undefined {
  return TIMELINE_SCENARIOS.find((s) => s.id === id);
}

/** One arrow (or, when `from === to`, one event on a lane) in the diagram. */
export interface TimelineStep {
  /** 1 for the first attempt, 2 for the retry. */
  attempt: 1 | 2;
  from: TimelineParty;
  to: TimelineParty;
  /** A short label for the arrow. */
  label: string;
  /** The JSON-RPC text on the wire, for client ↔ server arrows. */
  wire?: string;
  /** The backend call or answer, for server ↔ backend arrows (not JSON-RPC). */
  backend?: string;
  /** classifyMessage's verdict on `wire`, as its receiver sees it. */
  classification?: Classification;
  /** False when the message is lost on the way. */
  delivered: boolean;
  /** What happens, in a sentence. */
  note: string;
  /** True on a request the fault deliberately breaks (truncated JSON, no _meta, no tool name). */
  broken?: boolean;
  /** For a client's request: the idempotency key its arguments carry (the write only). */
  idempotencyKey?: string;
  /** For a backend arrow: what the backend did, which the outcome's sentences are derived from. */
  effect?: TimelineEffect;
}

/** What the backend did on one arrow. */
export type TimelineEffect =
  | { kind: 'created'; ticket: string; key: string }
  | { kind: 'replayed'; ticket: string; key: string }
  | { kind: 'read'; incident: string }
  | { kind: 'refused' };

/** The whole exchange and its outcome. */
export interface Timeline {
  scenario: TimelineScenario;
  fault: TimelineFault;
  retry: TimelineRetry;
  steps: TimelineStep[];
  /** Which layer first notices the fault, with its label (absent for `none`). */
  detectedBy?: { layer: DetectionLayer; label: string };
  /** What the person using the app should see at the end. */
  userSees: { outcome: UserOutcome; label: string; detail: string };
  /** Whether and how a retry is safe after this fault (absent for `none`). */
  retryAdvice?: { policy: RetryPolicy; label: string };
  /** For the write: the tickets in the backend at the end. */
  tickets: string[];
  /** True when the exchange created the same ticket twice. */
  duplicate: boolean;
  /** One sentence summing up the run. */
  summary: string;
}

/** The options for buildTimeline. */
export interface TimelineOptions {
  scenario: string;
  fault?: TimelineFault;
  retry?: TimelineRetry;
}

const META = {
  'io.modelcontextprotocol/protocolVersion': DEFAULT_PROTOCOL,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'lab-client', version: '1.0.0' },
};
const IDEMPOTENCY_KEYS = ['ik-7f3a9c', 'ik-91c2e4'] as const;
const SERVER_METHODS = ['tools/call'] as const;
/** The faults that put a broken request on the wire (the others send a well-formed one). */
const BROKEN_BY: readonly TimelineFault[] = ['json-parse', 'envelope', 'params'];

/**
 * The decision-table scenario a fault illustrates for a tool (content/scenarios/timeline.json): the timeline's "who
 * notices", "what the user sees" and "is a retry safe" are that scenario's canonical answers.
 */
export function faultScenario(fault: TimelineFault, tool: TimelineScenario['tool']): DecisionScenario | undefined {
  const id = TIMELINE_DATA.faults[fault]?.scenarios?.[tool];
  return id === undefined ? undefined : getScenario(id);
}

function arguments_(tool: TimelineScenario['tool'], fault: TimelineFault, key: string): Record<string, unknown> {
  if (tool === 'get_incident') return { incidentId: fault === 'tool' ? 'INC-12x' : 'INC-1234' };
  return { title: fault === 'tool' ? '' : 'Printer on fire in room 4', idempotencyKey: key };
}

/** The request text the client puts on the wire for one attempt, with the fault (if any) baked in. */
function requestText(tool: TimelineScenario['tool'], fault: TimelineFault, id: number, key: string): string {
  const params: Record<string, unknown> = { name: tool, arguments: arguments_(tool, fault, key), _meta: META };
  if (fault === 'params') delete params.name;
  if (fault === 'envelope') delete params._meta;
  const text = JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: fault === 'method' ? 'tools/invoke' : 'tools/call',
    params,
  });
  // A serialiser bug that cuts the message short: the receiver sees an unterminated value.
  return fault === 'json-parse' ? text.slice(0, Math.floor(text.length * 0.6)) : text;
}

function toolResult(id: MessageId, text: string, isError: boolean, structured?: Record<string, unknown>): string {
  const result: Record<string, unknown> = {
    resultType: 'complete',
    content: [{ type: 'text', text: structured ? JSON.stringify(structured) : text }],
  };
  if (structured) result.structuredContent = structured;
  if (isError) result.isError = true;
  return JSON.stringify({ jsonrpc: '2.0', id, result });
}

function errorText(code: number, id: MessageId): string {
  return JSON.stringify(buildReplyMessage({ send: 'error', code, id }, DEFAULT_PROTOCOL));
}

function classify(text: string): Classification {
  return classifyMessage(text, { protocol: DEFAULT_PROTOCOL });
}

/** The simulated backend: tickets by idempotency key, so a repeated key returns the ticket it already made. */
interface Backend {
  tickets: string[];
  byKey: Map<string, string>;
}

type AttemptOutcome = 'answered' | 'lost' | 'error' | 'tool-error' | 'backend-down';

/** Runs one attempt and appends its steps. */
/** Adds the step in which the server answers with a tool error (a result with isError: true) and returns its text. */
function pushToolError(
  steps: TimelineStep[],
  attempt: TimelineStep['attempt'],
  id: MessageId,
  message: string,
  note: string,
): string {
  const text = toolResult(id, message, true);
  steps.push({
    attempt,
    from: 'server',
    to: 'client',
    label: 'result, isError: true',
    wire: text,
    classification: classify(text),
    delivered: true,
    note,
  });
  return text;
}

function runAttempt(
  scenario: TimelineScenario,
  fault: TimelineFault,
  attempt: 1 | 2,
  key: string,
  backend: Backend,
  steps: TimelineStep[],
): { outcome: AttemptOutcome; answer?: string } {
  const id = attempt;
  // Transport and backend faults are transient: the second attempt gets through. The others repeat every time.
  const active = attempt === 2 && (fault === 'transport' || fault === 'backend') ? 'none' : fault;
  const wire = requestText(scenario.tool, active, id, key);
  const request = classify(wire);
  steps.push({
    attempt,
    from: 'client',
    to: 'server',
    label: attempt === 1 ? `request id ${id}` : `retry: request id ${id}`,
    wire,
    classification: request,
    delivered: true,
    note: `The server reads ${/^[aeiou]/.test(request.kind) ? 'an' : 'a'} ${request.kind}. ${request.explanation}`,
    ...(BROKEN_BY.includes(active) ? { broken: true } : {}),
    // The key counts as sent only when it is on the wire (a message cut short may lose it).
    ...(scenario.tool === 'create_ticket' && wire.includes(`"${key}"`) ? { idempotencyKey: key } : {}),
  });

  // The receiver owes an error at once (parse error, invalid envelope, bad params): the classifier says which.
  if (request.reply.send === 'error' && request.reply.code !== null) {
    const text = JSON.stringify(buildReplyMessage(request.reply, DEFAULT_PROTOCOL));
    steps.push({
      attempt,
      from: 'server',
      to: 'client',
      label: `error ${request.reply.code}`,
      wire: text,
      classification: classify(text),
      delivered: true,
      note: 'The server answers with the error the classifier says is owed; the tool never runs.',
    });
    return { outcome: 'error', answer: text };
  }
  if (request.kind !== 'request') return { outcome: 'error' };

  // Dispatch: this server implements tools/call only; anything else is -32601 (JSON-RPC 2.0 §5.1).
  if (!(SERVER_METHODS as readonly string[]).includes(request.method)) {
    const code = STANDARD_ERROR_CODES.MethodNotFound;
    const text = errorText(code, request.id);
    steps.push({
      attempt,
      from: 'server',
      to: 'client',
      label: `error ${code}`,
      wire: text,
      classification: classify(text),
      delivered: true,
      note: `The router has no handler for "${request.method}" and answers ${code} Method not found.`,
    });
    return { outcome: 'error', answer: text };
  }

  // The tool's own input check: since 2025-11-25 a failure is a tool result with isError: true (SEP-1303).
  const args = arguments_(scenario.tool, active, key);
  const badInput =
    scenario.tool === 'get_incident' ? !/^INC-\d+$/.test(String(args.incidentId)) : String(args.title).trim() === '';
  if (badInput) {
    const message =
      scenario.tool === 'get_incident'
        ? `Incident IDs look like INC-1234; "${String(args.incidentId)}" is not one. Check the ID and call again.`
        : 'A ticket needs a non-empty title. Ask the user what the ticket is about, then call again.';
    const text = pushToolError(
      steps,
      attempt,
      request.id,
      message,
      'The tool rejects its input before touching the backend and reports it as a result the model can read.',
    );
    return { outcome: 'tool-error', answer: text };
  }

  // The backend call.
  const call =
    scenario.tool === 'get_incident'
      ? `GET /incidents/${String(args.incidentId)}`
      : `POST /tickets {"title":${JSON.stringify(args.title)},"idempotencyKey":"${key}"}`;
  steps.push({
    attempt,
    from: 'server',
    to: 'backend',
    label: scenario.tool === 'get_incident' ? 'read incident' : 'create ticket',
    backend: call,
    delivered: active !== 'backend',
    note:
      active === 'backend'
        ? 'The backend is restarting and refuses the connection: the call never arrives.'
        : 'The tool calls its backend.',
    ...(active === 'backend' ? { effect: { kind: 'refused' } as const } : {}),
  });

  if (active === 'backend') {
    const text = pushToolError(
      steps,
      attempt,
      request.id,
      scenario.tool === 'get_incident'
        ? 'The incident service is temporarily unavailable. Nothing was read; try again in a minute.'
        : 'The ticket service is temporarily unavailable. No ticket was created; try again in a minute.',
      'The exchange worked; the tool failed. It says so in a result with isError: true.',
    );
    return { outcome: 'backend-down', answer: text };
  }

  let structured: Record<string, unknown>;
  let backendAnswer: string;
  let effect: TimelineEffect;
  if (scenario.tool === 'get_incident') {
    structured = { incidentId: 'INC-1234', status: 'investigating', title: 'Checkout latency' };
    backendAnswer = `200 OK ${JSON.stringify(structured)}`;
    effect = { kind: 'read', incident: 'INC-1234' };
  } else {
    const existing = backend.byKey.get(key);
    if (existing) {
      structured = { ticket: existing, created: false };
      backendAnswer = `200 OK {"ticket":"${existing}","replayed":true} (key ${key} seen before: no new ticket)`;
      effect = { kind: 'replayed', ticket: existing, key };
    } else {
      const ticket = `TCK-${1001 + backend.tickets.length}`;
      backend.tickets.push(ticket);
      backend.byKey.set(key, ticket);
      structured = { ticket, created: true };
      backendAnswer = `201 Created {"ticket":"${ticket}"}`;
      effect = { kind: 'created', ticket, key };
    }
  }
  steps.push({
    attempt,
    from: 'backend',
    to: 'server',
    label: backendAnswer.split(' ').slice(0, 2).join(' '),
    backend: backendAnswer,
    delivered: true,
    note: scenario.tool === 'get_incident' ? 'The backend returns the incident.' : 'The backend has done the write.',
    effect,
  });

  const text = toolResult(request.id, '', false, structured);
  const lost = active === 'transport';
  steps.push({
    attempt,
    from: 'server',
    to: 'client',
    label: lost ? 'result (lost)' : 'result',
    wire: text,
    classification: classify(text),
    delivered: !lost,
    note: lost
      ? 'The server sends its result and moves on; the HTTP stream breaks and the result never arrives. The server cannot tell.'
      : 'The result arrives and answers the request.',
  });
  if (lost) {
    steps.push({
      attempt,
      from: 'client',
      to: 'client',
      label: 'timeout',
      delivered: true,
      note: "The client's request timeout fires: no response arrived, which says nothing about whether the work was done.",
    });
    return { outcome: 'lost' };
  }
  return { outcome: 'answered', answer: text };
}

/** What one attempt, as drawn, amounts to: read from its steps only. */
interface AttemptFacts {
  key?: string;
  refused: boolean;
  created?: string;
  replayed?: string;
  read: boolean;
  /** The last server → client arrow: its classification, and whether it arrived. */
  answer?: { classification?: Classification; delivered: boolean };
}

function factsOf(steps: readonly TimelineStep[], attempt: 1 | 2): AttemptFacts | undefined {
  const mine = steps.filter((s) => s.attempt === attempt);
  if (mine.length === 0) return undefined;
  const effects = mine.flatMap((s) => (s.effect ? [s.effect] : []));
  const answer = mine.filter((s) => s.from === 'server' && s.to === 'client').at(-1);
  const created = effects.find((e) => e.kind === 'created');
  const replayed = effects.find((e) => e.kind === 'replayed');
  return {
    key: mine.find((s) => s.from === 'client' && s.to === 'server')?.idempotencyKey,
    refused: effects.some((e) => e.kind === 'refused'),
    ...(created ? { created: created.ticket } : {}),
    ...(replayed ? { replayed: replayed.ticket } : {}),
    read: effects.some((e) => e.kind === 'read'),
    ...(answer ? { answer: { classification: answer.classification, delivered: answer.delivered } } : {}),
  };
}

/** The result or error an attempt ended with, in words ("error -32601", "a tool error", "a result"). */
function answerInWords(a: AttemptFacts): string {
  const c = a.answer?.classification;
  if (c?.kind === 'error') return `error ${c.code}`;
  if (c?.kind === 'result' && c.toolOutcome === 'tool-error') return 'a tool error (isError: true)';
  return 'a result';
}

const succeeded = (a: AttemptFacts | undefined): boolean =>
  a?.answer?.delivered === true &&
  a.answer.classification?.kind === 'result' &&
  a.answer.classification.toolOutcome !== 'tool-error';

/**
 * The sentence under "what the user sees", derived only from the drawn steps: which tickets the backend created or
 * returned, with which idempotency key, and which answer reached the client.
 */
function describeSteps(steps: readonly TimelineStep[], isWrite: boolean): string {
  const first = factsOf(steps, 1)!;
  const second = factsOf(steps, 2);
  const last = second ?? first;
  const keyOfRetry =
    second?.key === undefined ? '' : second.key === first.key ? 'the same idempotency key' : 'a new idempotency key';
  if (!second) {
    if (first.answer?.delivered === false)
      return isWrite
        ? `${first.created ?? 'The ticket'} exists in the backend, but its result never reached the client, which does not know it.`
        : 'The incident was read, but the result never reached the client; nothing was changed.';
    if (succeeded(first))
      return isWrite ? `The backend created ${first.created}; the result arrived.` : 'The incident arrived.';
    if (first.refused) return `The backend refused the connection, so nothing was ${isWrite ? 'created' : 'read'}.`;
    return `The server answered with ${answerInWords(first)}; the backend was never called.`;
  }
  if (!succeeded(second)) {
    return `Both attempts got ${answerInWords(first)}${answerInWords(second) === answerInWords(first) ? '' : ` and ${answerInWords(second)}`}: the same request fails the same way.`;
  }
  if (!isWrite)
    return 'The retry got through and returned the incident; a read changes nothing, so doing it twice is harmless.';
  if (first.created && second.created)
    return `The retry carried ${keyOfRetry}, so the backend created ${second.created} as well: a duplicate of ${first.created}.`;
  if (first.created && second.replayed)
    return `The retry carried ${keyOfRetry}, so the backend returned ${second.replayed} again instead of creating another: one ticket.`;
  if (second.created)
    return `The first attempt never reached the backend, so nothing existed yet; the retry, with ${keyOfRetry}, created ${second.created}.`;
  return `The retry got ${answerInWords(last)}.`;
}

/**
 * Builds the timeline of a scenario with a fault and a retry. Unknown scenarios fall back to the first one (the
 * widget checks ids at build time); the function never throws.
 */
export function buildTimeline(options: TimelineOptions): Timeline {
  const scenario = getTimelineScenario(options.scenario) ?? TIMELINE_SCENARIOS[0]!;
  const fault = options.fault ?? scenario.fault;
  const retry = options.retry ?? scenario.retry;
  const isWrite = scenario.tool === 'create_ticket';
  const backend: Backend = { tickets: [], byKey: new Map() };
  const steps: TimelineStep[] = [];

  const first = runAttempt(scenario, fault, 1, IDEMPOTENCY_KEYS[0], backend, steps);
  if (retry !== 'none' && first.outcome !== 'answered') {
    const key = retry === 'same-idempotency-key' ? IDEMPOTENCY_KEYS[0] : IDEMPOTENCY_KEYS[1];
    runAttempt(scenario, fault, 2, key, backend, steps);
  }
  // From here on, everything said about the run is read from the steps the diagram draws.
  const tickets = steps.flatMap((s) => (s.effect?.kind === 'created' ? [s.effect.ticket] : []));
  const duplicate = tickets.length > 1;
  const lastAttempt = factsOf(steps, 2) ?? factsOf(steps, 1)!;
  const retryRequest = steps.find((s) => s.attempt === 2 && s.from === 'client');

  // Who notices, what the user should see and whether a retry is safe are the answers of the decision-table
  // scenario this fault illustrates; a run whose last answer is a normal result ends as normal.
  const decision = faultScenario(fault, scenario.tool);
  const detectedBy = decision?.answer.layer;
  const policy = decision?.answer.retry;
  const outcome: UserOutcome =
    fault === 'none' || succeeded(lastAttempt) ? 'result-as-normal' : (decision?.answer.userSees ?? 'result-as-normal');
  const detail = describeSteps(steps, isWrite);
  const retryKey =
    retryRequest?.idempotencyKey === undefined
      ? ''
      : retryRequest.idempotencyKey === factsOf(steps, 1)?.key
        ? ', the same idempotency key'
        : ', a new idempotency key';
  const c = retryRequest?.classification;
  const retryId = c && 'id' in c && (typeof c.id === 'number' || typeof c.id === 'string') ? c.id : undefined;

  const summary =
    fault === 'none'
      ? 'No fault: one request, one result.'
      : [
          detectedBy ? `Who notices: ${DECISION_LABELS[detectedBy]}.` : '',
          retryRequest
            ? `Then a retry${retryId === undefined ? '' : ` (request id ${String(retryId)}${retryKey})`}.`
            : 'No retry.',
          duplicate
            ? 'Two tickets: a duplicate.'
            : isWrite
              ? `${tickets.length} ticket${tickets.length === 1 ? '' : 's'} in the backend.`
              : '',
        ]
          .filter((part) => part !== '')
          .join(' ');

  return {
    scenario,
    fault,
    retry,
    steps,
    ...(detectedBy ? { detectedBy: { layer: detectedBy, label: DECISION_LABELS[detectedBy] } } : {}),
    userSees: { outcome, label: DECISION_LABELS[outcome], detail },
    ...(policy ? { retryAdvice: { policy, label: DECISION_LABELS[policy] } } : {}),
    tickets,
    duplicate,
    summary,
  };
}
