/**
 * The decision table: for a failure, which layer detects it, what the user should see, and whether (and how) a
 * retry is safe. A bank of scenarios with canonical answers and reasons, closed vocabularies for the three
 * columns, and a grader that names the misconception behind each wrong cell.
 *
 * Where the spec is silent (it gives no retry semantics for tool annotations; mcp-protocol-facts §2.7), the
 * answers are the course's own advice and say so.
 */
import { mcpRef, type SpecRef } from './protocols.ts';

/** Where a failure is first noticed. */
export const DETECTION_LAYERS = [
  'transport',
  'json-parser',
  'jsonrpc-envelope',
  'mcp-envelope',
  'method-dispatch',
  'tool-input-validation',
  'tool-backend',
  'client-timeout',
] as const;
export type DetectionLayer = (typeof DETECTION_LAYERS)[number];

/** What the person using the MCP host should see. */
export const USER_OUTCOMES = [
  'integration-error',
  'model-corrects-input',
  'try-again-later',
  'outcome-unknown-checking',
  'nothing-handled-automatically',
  'request-never-answered',
  'result-as-normal',
] as const;
export type UserOutcome = (typeof USER_OUTCOMES)[number];

/** Whether, and how, a retry is safe. */
export const RETRY_POLICIES = [
  'never-as-is',
  'after-correcting-input',
  'with-backoff',
  'same-idempotency-key',
  'freely-with-new-id',
  'after-negotiating-version',
] as const;
export type RetryPolicy = (typeof RETRY_POLICIES)[number];

/** The three columns of the table, in order. */
export const DECISION_COLUMNS = ['layer', 'userSees', 'retry'] as const;
export type DecisionColumn = (typeof DECISION_COLUMNS)[number];

/** Labels for every vocabulary value, for controls and feedback. */
export const DECISION_LABELS: Readonly<Record<DetectionLayer | UserOutcome | RetryPolicy, string>> = {
  transport: 'Transport (stdio pipe or HTTP connection)',
  'json-parser': 'JSON parser',
  'jsonrpc-envelope': 'JSON-RPC envelope validation',
  'mcp-envelope': 'MCP envelope checks (_meta, protocol version)',
  'method-dispatch': "Method dispatch (the server's router)",
  'tool-input-validation': "The tool's input validation",
  'tool-backend': "The tool's call to its backend",
  'client-timeout': "The client's request timeout",
  'integration-error': 'A generic integration error: a bug for developers, nothing the user can fix',
  'model-corrects-input': 'The model reads the tool error and corrects its input (or asks the user)',
  'try-again-later': 'A clear "temporarily unavailable, try again later" message',
  'outcome-unknown-checking': '"Not sure whether it happened yet": the app checks before doing it again',
  'nothing-handled-automatically': 'Nothing: the client recovers on its own',
  'request-never-answered': 'A hang, then a timeout: the request is never answered',
  'result-as-normal': 'The normal result, as if nothing went wrong',
  'never-as-is': 'Never as is: the same request fails the same way',
  'after-correcting-input': 'Only as a new call with corrected arguments',
  'with-backoff': 'Yes, later, with backoff and a bounded number of attempts',
  'same-idempotency-key': 'Only with a new JSON-RPC id and the same idempotency key',
  'freely-with-new-id': 'Yes, at once, as a new request with a new id',
  'after-negotiating-version': 'Yes, after switching to a version the server supports',
};

/** Column headings. */
export const COLUMN_LABELS: Readonly<Record<DecisionColumn, string>> = {
  layer: 'Which layer detects it',
  userSees: 'What the user sees',
  retry: 'Is a retry safe',
};

/** A belief that produces wrong answers; feedback names it so the learner can unlearn it. */
export interface Misconception {
  id: string;
  /** The wrong belief, as a learner would say it. */
  belief: string;
  /** Why it is wrong. */
  correction: string;
}

/** Named misconceptions the grader can attach to a wrong cell. */
export const MISCONCEPTIONS = {
  'fresh-id-makes-write-safe': {
    id: 'fresh-id-makes-write-safe',
    belief: 'Retrying with a fresh JSON-RPC id makes a lost write safe.',
    correction:
      'The JSON-RPC id only pairs a response with its request; every attempt needs a new one. Only a business idempotency key, the same on every attempt, lets the server recognise the second attempt as the same write.',
  },
  'timeout-means-nothing-happened': {
    id: 'timeout-means-nothing-happened',
    belief: 'A timeout means nothing happened.',
    correction:
      'A timeout only means no response arrived. The server may have finished the write before the response was lost.',
  },
  'timeout-means-failed': {
    id: 'timeout-means-failed',
    belief: 'A timeout means the action failed, so tell the user it failed.',
    correction: 'The outcome is unknown. Telling the user it failed invites them to do it again and make a duplicate.',
  },
  'method-not-found-is-transient': {
    id: 'method-not-found-is-transient',
    belief: '-32601 Method not found is a temporary condition worth retrying.',
    correction:
      'The server does not implement the method: the same request fails every time. Fix the client or check what the server offers.',
  },
  'tool-errors-are-protocol-errors': {
    id: 'tool-errors-are-protocol-errors',
    belief: 'Bad tool input is a protocol error (-32602) that the model never sees.',
    correction:
      'Since 2025-11-25 (SEP-1303), input validation failures are tool execution errors: a normal result with isError: true, so the model can read the message and correct its input.',
  },
  'retry-fixes-bad-input': {
    id: 'retry-fixes-bad-input',
    belief: 'Retrying the same call will eventually get past an input error.',
    correction: 'The same arguments fail the same validation every time; only corrected arguments can succeed.',
  },
  'backend-failure-is-protocol-failure': {
    id: 'backend-failure-is-protocol-failure',
    belief: 'A backend outage is a protocol failure that the transport or JSON-RPC layer reports.',
    correction:
      'The request and response were well formed; the tool ran and its backend failed. That is a tool result with isError: true.',
  },
  'transient-means-never-retry': {
    id: 'transient-means-never-retry',
    belief: 'Any failure means the call must never be retried.',
    correction:
      'A backend that is briefly unavailable never received the request; retrying later with backoff is the normal recovery.',
  },
  'server-detects-lost-response': {
    id: 'server-detects-lost-response',
    belief: 'The server notices when its response is lost.',
    correction:
      'The server sent its response and moved on. Only the client, waiting for an answer that never comes, can notice: by its timeout or a broken stream.',
  },
  'jsonrpc-detects-everything': {
    id: 'jsonrpc-detects-everything',
    belief: 'The JSON-RPC layer detects every failure.',
    correction:
      'JSON-RPC checks that a message is well formed. Unknown methods, bad arguments and backend failures are noticed by later layers.',
  },
  'silent-drop-is-answered': {
    id: 'silent-drop-is-answered',
    belief: 'A malformed message on stdio always gets an error response.',
    correction: 'The SDKs drop malformed stdio lines silently; the sender learns nothing until its own timeout fires.',
  },
} as const satisfies Record<string, Misconception>;
export type MisconceptionId = keyof typeof MISCONCEPTIONS;

/** One failure scenario with its canonical answers. */
export interface DecisionScenario {
  id: string;
  /** The row heading. */
  title: string;
  /** The situation, as a learner reads it. */
  situation: string;
  /** The canonical answer for each column. */
  answer: { layer: DetectionLayer; userSees: UserOutcome; retry: RetryPolicy };
  /** Why each canonical answer is right. */
  reasoning: Record<DecisionColumn, string>;
  /** Wrong answers that reveal a named misconception, per column. */
  misconceptions: Partial<Record<DecisionColumn, Partial<Record<string, MisconceptionId>>>>;
  /** Three hints per scenario, from a nudge to nearly the answer. */
  hints: readonly [string, string, string];
  /** The spec sections the answer rests on; where the spec is silent, `courseAdvice` says so. */
  spec: SpecRef[];
  /** True when part of the answer is the course's advice rather than a spec rule. */
  courseAdvice?: string;
}

/** The four scenarios every learner meets in chapter 5, in order. */
export const DEFAULT_SCENARIO_IDS = [
  'unknown-method',
  'malformed-incident-id',
  'backend-unavailable',
  'lost-response-after-write',
] as const;

/** The bank of failure scenarios a chapter can draw rows from. */
export const DECISION_SCENARIOS: readonly DecisionScenario[] = [
  {
    id: 'unknown-method',
    title: 'Unknown method',
    situation: 'The client sends {"method": "incidents/escalate"}, a method this server does not implement.',
    answer: { layer: 'method-dispatch', userSees: 'integration-error', retry: 'never-as-is' },
    reasoning: {
      layer:
        "The message parses and is a valid request; the server's dispatcher finds no handler and answers -32601 Method not found.",
      userSees:
        'This is a mismatch between client and server, a bug for developers. The host shows a generic error; nothing the user types can fix it.',
      retry: 'The server will not grow the method between attempts: the same request fails the same way every time.',
    },
    misconceptions: {
      layer: {
        'jsonrpc-envelope': 'jsonrpc-detects-everything',
        'json-parser': 'jsonrpc-detects-everything',
        transport: 'jsonrpc-detects-everything',
      },
      retry: {
        'with-backoff': 'method-not-found-is-transient',
        'freely-with-new-id': 'method-not-found-is-transient',
        'same-idempotency-key': 'method-not-found-is-transient',
      },
    },
    hints: [
      'The message is well-formed JSON-RPC. What is the first part of the server that has to understand the method name?',
      'The reply is -32601 Method not found. Would the same request succeed a second later?',
      'The router (method dispatch) detects it; the user sees an integration error; retrying as is never helps.',
    ],
    spec: [
      mcpRef('2026-07-28', 'basic/index', 'Error Codes'),
      mcpRef('2026-07-28', 'basic/transports/streamable-http'),
    ],
  },
  {
    id: 'malformed-incident-id',
    title: 'Malformed incident ID',
    situation: 'The model calls the tool get_incident with {"incidentId": "INC-12x"}; valid IDs look like INC-1234.',
    answer: { layer: 'tool-input-validation', userSees: 'model-corrects-input', retry: 'after-correcting-input' },
    reasoning: {
      layer:
        "The request is valid MCP and the tool exists. The tool's own input validation rejects the value, and since SEP-1303 (2025-11-25) that is a tool execution error.",
      userSees:
        'The result has isError: true and a clear message ("incident IDs look like INC-1234"). The model reads it and corrects the ID, or asks the user for the right one.',
      retry: 'Retrying the same arguments fails the same way. A new call with a corrected ID is fine.',
    },
    misconceptions: {
      layer: {
        'jsonrpc-envelope': 'tool-errors-are-protocol-errors',
        'mcp-envelope': 'tool-errors-are-protocol-errors',
        'method-dispatch': 'tool-errors-are-protocol-errors',
      },
      userSees: { 'integration-error': 'tool-errors-are-protocol-errors' },
      retry: {
        'with-backoff': 'retry-fixes-bad-input',
        'freely-with-new-id': 'retry-fixes-bad-input',
        'same-idempotency-key': 'retry-fixes-bad-input',
      },
    },
    hints: [
      'The tool exists and the request is well formed. Whose rule does "INC-12x" break?',
      'Since 2025-11-25, input validation failures go back as a result with isError: true. Who reads that result?',
      "The tool's input validation detects it; the model corrects its input; only a call with corrected arguments can succeed.",
    ],
    spec: [
      mcpRef('2025-11-25', 'server/tools', 'Error Handling'),
      mcpRef('2026-07-28', 'server/tools', 'Error Handling'),
    ],
  },
  {
    id: 'backend-unavailable',
    title: 'Unavailable backend',
    situation: 'The tool get_incident calls the incident database, which refuses the connection (it is restarting).',
    answer: { layer: 'tool-backend', userSees: 'try-again-later', retry: 'with-backoff' },
    reasoning: {
      layer:
        "Everything up to the tool worked. The tool's call to its backend failed, so the tool reports it as a result with isError: true.",
      userSees:
        'Say plainly that the service is temporarily unavailable and can be tried again later; the model can relay that.',
      retry:
        'The backend never received the request, so nothing happened: a later retry with backoff and a bounded number of attempts is safe. (A write that might have reached the backend is the next row.)',
    },
    misconceptions: {
      layer: {
        transport: 'backend-failure-is-protocol-failure',
        'jsonrpc-envelope': 'backend-failure-is-protocol-failure',
        'method-dispatch': 'backend-failure-is-protocol-failure',
      },
      retry: { 'never-as-is': 'transient-means-never-retry' },
    },
    hints: [
      'The MCP exchange itself is fine. Where, past the tool, did things go wrong?',
      'A refused connection means the backend never saw the request. Is anything changed?',
      'The tool\'s backend call detects it; the user sees "try again later"; retry later with backoff.',
    ],
    spec: [mcpRef('2026-07-28', 'server/tools', 'Error Handling')],
    courseAdvice:
      "The spec gives no retry rules for tool failures; backoff for a transient outage is the course's advice.",
  },
  {
    id: 'lost-response-after-write',
    title: 'Response lost after a write',
    situation:
      'The model calls create_ticket. The server creates the ticket, but the HTTP stream breaks before the response arrives; the client waits until its timeout fires.',
    answer: { layer: 'client-timeout', userSees: 'outcome-unknown-checking', retry: 'same-idempotency-key' },
    reasoning: {
      layer:
        'The server finished and sent its response; it has no idea the response was lost. Only the client notices, when its timeout fires (or the stream breaks).',
      userSees:
        'The honest state is "not sure yet": the ticket may exist. The app checks (or retries safely) before telling the user anything.',
      retry:
        'MCP 2026-07-28 says a lost request is re-issued as a new request with a new JSON-RPC id. That alone could create a second ticket; the same business idempotency key on both attempts lets the server return the first ticket instead.',
    },
    misconceptions: {
      layer: {
        'tool-backend': 'server-detects-lost-response',
        'method-dispatch': 'server-detects-lost-response',
        'jsonrpc-envelope': 'server-detects-lost-response',
      },
      userSees: {
        'try-again-later': 'timeout-means-failed',
        'integration-error': 'timeout-means-failed',
        'result-as-normal': 'timeout-means-nothing-happened',
      },
      retry: {
        'freely-with-new-id': 'fresh-id-makes-write-safe',
        'with-backoff': 'timeout-means-nothing-happened',
        'never-as-is': 'timeout-means-failed',
      },
    },
    hints: [
      'The server did its work and answered. Who is left waiting?',
      'A timeout tells you no response arrived, not that nothing happened. What would a second create_ticket do?',
      "The client's timeout detects it; the outcome is unknown; retry only with a new JSON-RPC id and the same idempotency key.",
    ],
    // The "re-issue as a new request with a new request ID" rule is stated in the 2026-07-28 changelog (Major changes,
    // item 9, SEP-2575); the Streamable HTTP page itself only says resumability is gone.
    spec: [
      mcpRef('2026-07-28', 'changelog', 'Major changes'),
      mcpRef('2026-07-28', 'basic/transports/streamable-http'),
      mcpRef('2026-07-28', 'basic/patterns/cancellation', 'Timeouts'),
    ],
    courseAdvice:
      "The spec requires a new request id for a re-issued request; the idempotency key is the course's advice, since the spec has no retry semantics for writes.",
  },
  {
    id: 'missing-meta-envelope',
    title: 'Missing _meta envelope',
    situation: 'A client written for 2025-11-25 sends tools/call to a 2026-07-28-only server without params._meta.',
    answer: { layer: 'mcp-envelope', userSees: 'integration-error', retry: 'never-as-is' },
    reasoning: {
      layer:
        "The JSON-RPC is valid; MCP 2026-07-28's envelope check finds no _meta with protocolVersion and clientCapabilities and answers -32602 (HTTP 400).",
      userSees:
        'Client and server disagree about the protocol era: a developer problem, shown as an integration error.',
      retry: 'The same request is malformed every time; the client has to send the envelope.',
    },
    misconceptions: { retry: { 'with-backoff': 'method-not-found-is-transient' } },
    hints: [
      'What does every 2026-07-28 request carry in params that older requests did not?',
      'The server answers -32602 before looking at the tool. Would resending change anything?',
      'The MCP envelope check detects it; an integration error; never retry as is.',
    ],
    spec: [mcpRef('2026-07-28', 'basic/index', '_meta')],
  },
  {
    id: 'unsupported-protocol-version',
    title: 'Unsupported protocol version',
    situation:
      'A client sends a request whose _meta asks for protocol version 2027-01-01; the server supports only 2026-07-28.',
    answer: { layer: 'mcp-envelope', userSees: 'nothing-handled-automatically', retry: 'after-negotiating-version' },
    reasoning: {
      layer:
        "The envelope's protocolVersion is checked per request; the server answers -32022 UnsupportedProtocolVersion with data.supported.",
      userSees: 'A well-behaved client picks a version from data.supported and retries; the user need not notice.',
      retry: 'The spec says the client SHOULD pick a mutually supported version and retry.',
    },
    misconceptions: {},
    hints: [
      'Which member of the request names the protocol version?',
      'The error carries data.supported. What can the client do with it?',
      'The MCP envelope check; nothing visible; retry after switching to a supported version.',
    ],
    spec: [mcpRef('2026-07-28', 'basic/versioning')],
  },
  {
    id: 'unknown-tool',
    title: 'Unknown tool',
    situation: 'The model calls tools/call with name "delete_everything", which the server does not offer.',
    answer: { layer: 'method-dispatch', userSees: 'model-corrects-input', retry: 'after-correcting-input' },
    reasoning: {
      layer:
        'tools/call exists; the server looks the tool up and finds nothing. The spec answers an unknown tool with -32602 (the TypeScript SDK v2 sends a JSON-RPC error; v1 wrapped it as isError).',
      userSees: 'Clients MAY pass protocol errors to the model, which can pick a tool that exists from tools/list.',
      retry: 'Only as a call to a tool that exists.',
    },
    misconceptions: {
      retry: { 'with-backoff': 'retry-fixes-bad-input', 'freely-with-new-id': 'retry-fixes-bad-input' },
    },
    hints: [
      'The method tools/call exists. What does the server look up next?',
      "The spec's own example answers an unknown tool with -32602. Will the tool appear on a second try?",
      'Dispatch (the tool lookup) detects it; the model picks a real tool; retry only with a corrected name.',
    ],
    spec: [mcpRef('2026-07-28', 'server/tools', 'Error Handling')],
  },
  {
    id: 'read-timeout',
    title: 'A read-only call that timed out',
    situation: "get_incident (annotated readOnlyHint: true) gets no response within the client's 60-second timeout.",
    answer: { layer: 'client-timeout', userSees: 'try-again-later', retry: 'freely-with-new-id' },
    reasoning: {
      layer: 'Only the client knows it has waited too long.',
      userSees: 'Nothing was changed, so a plain "taking too long, trying again" is honest.',
      retry:
        'Reading twice changes nothing, so re-issuing it at once as a new request with a new id is safe (after sending a cancellation on stdio).',
    },
    misconceptions: {
      retry: { 'same-idempotency-key': 'fresh-id-makes-write-safe' },
      layer: { 'tool-backend': 'server-detects-lost-response' },
    },
    hints: [
      'Which side has a clock running?',
      'What changes in the world if a read happens twice?',
      'The client\'s timeout; "trying again"; re-issue freely with a new id.',
    ],
    spec: [
      mcpRef('2026-07-28', 'basic/patterns/cancellation', 'Timeouts'),
      mcpRef('2026-07-28', 'server/tools', 'Tool'),
    ],
    courseAdvice:
      'Annotations are hints from the server and untrusted unless the server is; the spec ties no retry rule to readOnlyHint.',
  },
  {
    id: 'invalid-json-stdio',
    title: 'Invalid JSON on stdio',
    situation:
      'A buggy client writes a truncated line, {"jsonrpc":"2.0","id":4,"method":"tools/li, to the server\'s stdin.',
    answer: { layer: 'json-parser', userSees: 'request-never-answered', retry: 'never-as-is' },
    reasoning: {
      layer: "The server's JSON parser fails on the line; JSON-RPC says the reply is -32700 with id null.",
      userSees:
        'The official SDKs drop unparseable stdio lines silently, so the client waits for an answer that never comes, until its timeout.',
      retry: 'The same bytes fail to parse every time: fix the serialisation.',
    },
    misconceptions: { userSees: { 'integration-error': 'silent-drop-is-answered' } },
    hints: [
      'Which component reads the bytes first?',
      'What do the official SDKs do with a stdio line they cannot parse?',
      'The JSON parser; the request is never answered; never retry the same bytes.',
    ],
    spec: [mcpRef('2026-07-28', 'basic/transports/stdio')],
  },
  {
    id: 'rate-limited-backend',
    title: 'Rate-limited backend',
    situation: 'The ticketing API behind create_ticket answers 429 Too Many Requests before doing anything.',
    answer: { layer: 'tool-backend', userSees: 'try-again-later', retry: 'with-backoff' },
    reasoning: {
      layer: "The tool's backend refused the call; the tool reports isError: true with a readable message.",
      userSees: '"The ticket service is busy; try again shortly."',
      retry:
        'A 429 means the request was not processed, so retrying later with backoff (honouring Retry-After) is safe.',
    },
    misconceptions: {
      layer: { transport: 'backend-failure-is-protocol-failure' },
      retry: { 'never-as-is': 'transient-means-never-retry' },
    },
    hints: [
      'Which system said 429?',
      'Did the backend do anything before saying 429?',
      'The tool\'s backend; "try again later"; retry with backoff.',
    ],
    spec: [mcpRef('2026-07-28', 'server/tools', 'Error Handling')],
    courseAdvice: "The spec does not cover backend rate limits; this is the course's advice.",
  },
];

const SCENARIOS_BY_ID = new Map(DECISION_SCENARIOS.map((s) => [s.id, s]));

/** Looks a scenario up by id. */
export function getScenario(id: string): DecisionScenario | undefined {
  return SCENARIOS_BY_ID.get(id);
}

const VOCABULARY: Record<DecisionColumn, readonly string[]> = {
  layer: DETECTION_LAYERS,
  userSees: USER_OUTCOMES,
  retry: RETRY_POLICIES,
};

/** The allowed values of one column. */
export function columnOptions(column: DecisionColumn): readonly string[] {
  return VOCABULARY[column];
}

/** A learner's answers: scenario id → column → chosen value (a missing cell is unanswered). */
export type DecisionAnswers = Record<string, Partial<Record<DecisionColumn, string>>>;

/** The verdict on one cell. */
export interface CellVerdict {
  scenarioId: string;
  column: DecisionColumn;
  /** What the learner chose, if anything. */
  given?: string;
  verdict: 'correct' | 'incorrect' | 'unanswered' | 'not-an-option';
  /** Feedback to show next to the cell. It names the misconception where one applies, and never gives the answer away. */
  feedback: string;
  misconception?: Misconception;
}

/** The grade of a whole table. */
export type DecisionTableGrade =
  | { kind: 'graded'; cells: CellVerdict[]; correct: number; total: number; passed: boolean }
  | { kind: 'invalid-input'; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Grades a decision table. `answers` may be anything (a receipt, a URL fragment, a form): it is checked, not
 * trusted. `scenarioIds` picks the rows (default: the course's four). Never throws.
 */
export function gradeDecisionTable(
  answers: unknown,
  scenarioIds: readonly string[] = DEFAULT_SCENARIO_IDS,
): DecisionTableGrade {
  if (answers !== undefined && answers !== null && !isRecord(answers)) {
    return {
      kind: 'invalid-input',
      message: 'The answers must be an object of scenario ids, each with layer, userSees and retry.',
    };
  }
  const unknown = scenarioIds.filter((id) => !SCENARIOS_BY_ID.has(id));
  if (unknown.length > 0)
    return {
      kind: 'invalid-input',
      message: `Unknown scenario${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`,
    };
  const given = (answers ?? {}) as Record<string, unknown>;
  const cells: CellVerdict[] = [];
  for (const scenarioId of scenarioIds) {
    const scenario = SCENARIOS_BY_ID.get(scenarioId)!;
    const row =
      Object.prototype.hasOwnProperty.call(given, scenarioId) && isRecord(given[scenarioId])
        ? (given[scenarioId] as Record<string, unknown>)
        : {};
    for (const column of DECISION_COLUMNS) {
      cells.push(
        gradeCell(scenario, column, Object.prototype.hasOwnProperty.call(row, column) ? row[column] : undefined),
      );
    }
  }
  const correct = cells.filter((c) => c.verdict === 'correct').length;
  return { kind: 'graded', cells, correct, total: cells.length, passed: correct === cells.length };
}

/** A value that is not an option, in words; never throws (String() does on objects without toString). */
function describeGiven(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}

function gradeCell(scenario: DecisionScenario, column: DecisionColumn, value: unknown): CellVerdict {
  const base = { scenarioId: scenario.id, column };
  if (value === undefined || value === null || value === '') {
    return { ...base, verdict: 'unanswered', feedback: `Choose an answer for "${COLUMN_LABELS[column]}".` };
  }
  if (typeof value !== 'string' || !VOCABULARY[column].includes(value)) {
    return {
      ...base,
      given: describeGiven(value),
      verdict: 'not-an-option',
      feedback: `That is not one of the options for "${COLUMN_LABELS[column]}".`,
    };
  }
  if (value === scenario.answer[column]) {
    return { ...base, given: value, verdict: 'correct', feedback: scenario.reasoning[column] };
  }
  const misconceptionId = scenario.misconceptions[column]?.[value];
  if (misconceptionId) {
    const m: Misconception = MISCONCEPTIONS[misconceptionId];
    return {
      ...base,
      given: value,
      verdict: 'incorrect',
      misconception: m,
      feedback: `Misconception: "${m.belief}" ${m.correction}`,
    };
  }
  return { ...base, given: value, verdict: 'incorrect', feedback: `Not quite. ${scenario.hints[0]}` };
}

/** The hint for a scenario at a level (1 to 3); level 3 all but gives the answer. */
export function hintFor(scenarioId: string, level: 1 | 2 | 3): string | undefined {
  return SCENARIOS_BY_ID.get(scenarioId)?.hints[level - 1];
}
