/**
 * The probe's catalogue: every check it can make, with its level, the spec sentence the level comes from (per
 * revision and transport), and the course section that teaches the rule. What each check sends and how it judges
 * the answer is in run.ts; the rules themselves are the message model's.
 */
import { mcpRef, slugifyHeading, type McpVersion } from '#message-model';
import type { CheckLevel } from './report.ts';

export type Transport = 'stdio' | 'http';
export type Era = 'legacy' | 'modern';

/** A sentence of one revision's page, quoted word for word (parts separated by "…"). */
export interface Citation {
  version: McpVersion;
  /** The page's path under the revision, as mcpRef takes it (`basic`, `basic/transports/stdio`). */
  page: string;
  quote: string;
}

/** A check of the catalogue. */
export interface CheckDefinition {
  id: string;
  level: CheckLevel;
  /** Where the check is made; elsewhere it is left out of the report. */
  transports: readonly Transport[];
  eras: readonly Era[];
  /** The sentence the check rests on, for a run under `version` over `transport`. */
  cite(version: McpVersion, transport: Transport): Citation;
  chapter: { id: string; title: string; heading: string };
  /**
   * Where the level is not a BCP 14 keyword of the cited sentence (keywords count only in capitals), why the probe
   * gives it this level; the report adds it to the check's explanation.
   */
  levelNote?: string;
}

const CHAPTERS = {
  shapes: { id: 'message-shapes', title: 'The three message shapes' },
  owes: { id: 'what-a-receiver-owes', title: 'What a receiver owes' },
  tools: { id: 'tool-failures-vs-protocol-failures', title: 'Tool failures versus protocol failures' },
  modern: { id: 'results-in-2026-07-28', title: 'Results in MCP 2026-07-28' },
  batching: { id: 'batching-size-and-transports', title: 'Batching, size and transports' },
  streams: { id: 'streams-subscriptions-and-cancellation', title: 'Streams, subscriptions and cancellation' },
  http: { id: 'errors-on-streamable-http', title: 'Errors on Streamable HTTP' },
} as const;
const section = (chapter: keyof typeof CHAPTERS, heading: string) => ({ ...CHAPTERS[chapter], heading });

/** The page of the transport a revision describes (one page before 2026-07-28, one per transport since). */
const transportPage = (version: McpVersion, transport: Transport) =>
  version === '2026-07-28'
    ? `basic/transports/${transport === 'http' ? 'streamable-http' : 'stdio'}`
    : 'basic/transports';

const FOLLOW_JSONRPC = 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.';
const ONLY_MESSAGES_ON_STDOUT = 'The server MUST NOT write anything to its stdout that is not a valid MCP message.';
const SAME_ID = (version: McpVersion) =>
  version === '2025-06-18'
    ? 'Responses MUST include the same ID as the request they correspond to.'
    : 'Result responses MUST include the same ID as the request they correspond to.';
const TOOL_ERRORS_IN_RESULT =
  'Any errors that originate from the tool SHOULD be reported inside the result object, with isError set to true, not as an MCP protocol-level error response.';
const PROTOCOL_ERRORS_FOR_CALLS =
  'However, any errors in finding the tool, an error indicating that the server does not support tool calls, or any other exceptional conditions, should be reported as an MCP error response.';

/** The three tools/call protocol errors: the spec gives them as a list and an example, not with a keyword. */
const LIST_AND_EXAMPLE =
  'Level SHOULD is the probe\'s reading: the spec states this rule as a list and an example, not a keyword. The tools page\'s Error Handling lists these failures among protocol errors and its example answers with -32602; the sentence quoted here says "should" in lowercase, which BCP 14 does not count as a keyword.';

const on = (version: McpVersion, page: string, quote: string): Citation => ({ version, page, quote });
const basic = (quote: string) => (version: McpVersion) => on(version, 'basic', quote);
const schema = (quote: string) => (version: McpVersion) => on(version, 'schema', quote);
const BOTH: readonly Transport[] = ['stdio', 'http'];
const ALL_ERAS: readonly Era[] = ['legacy', 'modern'];

/** Every check, in the order the probe runs them and the report lists them. */
export const CHECKS: readonly CheckDefinition[] = [
  {
    id: 'parse-error',
    level: 'MUST',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: basic(FOLLOW_JSONRPC),
    chapter: section('owes', 'Stage 1: parse error and the unknown id'),
  },
  {
    id: 'not-an-object',
    level: 'MUST',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: basic(FOLLOW_JSONRPC),
    chapter: section('owes', 'Stage 2: invalid request'),
  },
  {
    id: 'method-not-a-string',
    level: 'MUST',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: basic(FOLLOW_JSONRPC),
    chapter: section('owes', 'Stage 2: invalid request'),
  },
  {
    id: 'id-null',
    level: 'MUST',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: basic('Unlike base JSON-RPC, the ID MUST NOT be null.'),
    chapter: section('shapes', "MCP's rules for ids"),
  },
  {
    id: 'batch',
    level: 'MUST',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: (version, transport) =>
      transport === 'stdio'
        ? on(version, transportPage(version, transport), ONLY_MESSAGES_ON_STDOUT)
        : version === '2026-07-28'
          ? on(
              version,
              transportPage(version, transport),
              'The body of the HTTP POST MUST be a single JSON-RPC request or notification.',
            )
          : on(
              version,
              transportPage(version, transport),
              'The body of the POST request MUST be a single JSON-RPC request, notification, or response.',
            ),
    chapter: section('batching', 'MCP had batches for one version'),
  },
  {
    id: 'unknown-method',
    level: 'MUST',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: (version, transport) =>
      version === '2026-07-28' && transport === 'http'
        ? on(
            version,
            transportPage(version, transport),
            'If the server does not implement the requested RPC method, it MUST respond with 404 Not Found and a JSON-RPC error with code -32601 (Method not found).',
          )
        : on(version, 'basic', FOLLOW_JSONRPC),
    chapter: section('owes', 'Stage 3: method not found'),
  },
  {
    id: 'notification-no-response',
    level: 'MUST',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: (version, transport) =>
      transport === 'http'
        ? on(
            version,
            transportPage(version, transport),
            version === '2026-07-28'
              ? 'If the server accepts it, the server MUST return HTTP status code 202 Accepted with no body.'
              : 'If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body.',
          )
        : on(version, 'basic', 'The receiver MUST NOT send a response.'),
    chapter: section('owes', 'Notifications: silence, even on failure'),
  },
  {
    id: 'string-id-echoed',
    level: 'MUST',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: (version) => on(version, 'basic', SAME_ID(version)),
    chapter: section('shapes', 'Matching answers to questions'),
  },
  {
    id: 'number-id-echoed',
    level: 'MUST',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: (version) => on(version, 'basic', SAME_ID(version)),
    chapter: section('shapes', 'Matching answers to questions'),
  },
  {
    id: 'ids-in-flight',
    level: 'MUST',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: (version) => on(version, 'basic', SAME_ID(version)),
    chapter: section('streams', 'What "in flight" means'),
  },
  {
    id: 'unknown-tool',
    level: 'SHOULD',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: schema(PROTOCOL_ERRORS_FOR_CALLS),
    levelNote: LIST_AND_EXAMPLE,
    chapter: section('tools', 'The same unknown tool, two SDK answers'),
  },
  {
    id: 'tool-error-is-result',
    level: 'SHOULD',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: schema(TOOL_ERRORS_IN_RESULT),
    chapter: section('tools', 'SEP-1303: input validation moved to the result'),
  },
  {
    id: 'business-failure-is-result',
    level: 'SHOULD',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: schema(TOOL_ERRORS_IN_RESULT),
    chapter: section('tools', 'Which failures go where'),
  },
  {
    id: 'backend-unavailable-is-result',
    level: 'SHOULD',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: schema(TOOL_ERRORS_IN_RESULT),
    chapter: section('tools', '"Should a failed backend call be -32603?"'),
  },
  {
    id: 'tool-args-not-object',
    level: 'SHOULD',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: schema(PROTOCOL_ERRORS_FOR_CALLS),
    levelNote: LIST_AND_EXAMPLE,
    chapter: section('owes', 'Stage 4: invalid params'),
  },
  {
    id: 'invalid-params',
    level: 'SHOULD',
    transports: BOTH,
    eras: ALL_ERAS,
    cite: schema(PROTOCOL_ERRORS_FOR_CALLS),
    levelNote: LIST_AND_EXAMPLE,
    chapter: section('owes', 'Stage 4: invalid params'),
  },
  {
    id: 'meta-missing',
    level: 'MUST',
    transports: BOTH,
    eras: ['modern'],
    cite: (version, transport) =>
      on(
        version,
        'basic',
        transport === 'http'
          ? 'A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code -32602 (Invalid params). On HTTP, the response status MUST be 400 Bad Request.'
          : 'A request missing any required field is malformed; the server MUST reject it with JSON-RPC error code -32602 (Invalid params).',
      ),
    chapter: section('modern', 'The `_meta` envelope on every request'),
  },
  {
    id: 'header-mismatch',
    level: 'MUST',
    transports: ['http'],
    eras: ['modern'],
    cite: (version, transport) =>
      on(
        version,
        transportPage(version, transport),
        "The header value MUST match the io.modelcontextprotocol/protocolVersion field carried in the request body's _meta. If the values do not match, the server MUST reject the request with 400 Bad Request and a HeaderMismatch JSON-RPC error",
      ),
    chapter: section('http', 'The mirrored headers and -32020'),
  },
  {
    id: 'missing-capability',
    level: 'MUST',
    transports: BOTH,
    eras: ['modern'],
    cite: basic(
      'If processing a request requires a capability the client did not include in io.modelcontextprotocol/clientCapabilities, the server MUST return a MissingRequiredClientCapabilityError (-32021) whose data.requiredCapabilities lists the missing capabilities.',
    ),
    chapter: section('http', 'Capabilities and versions: errors that tell the client what to do'),
  },
  {
    id: 'unsupported-version',
    level: 'MUST',
    transports: BOTH,
    eras: ['modern'],
    cite: (version) =>
      on(
        version,
        'basic/versioning',
        'If the server does not implement the requested version (whether the version is unknown to the server, or is a known version the server has chosen not to support), it MUST respond with an UnsupportedProtocolVersionError listing the versions it does support',
      ),
    chapter: section('http', 'Capabilities and versions: errors that tell the client what to do'),
  },
  {
    id: 'cancellation',
    level: 'MUST',
    transports: ['stdio'],
    eras: ALL_ERAS,
    cite: basic('The receiver MUST NOT send a response.'),
    chapter: section('streams', 'Cancelling: one signal per transport'),
  },
  {
    id: 'http-content-type',
    level: 'MUST',
    transports: ['http'],
    eras: ALL_ERAS,
    cite: (version, transport) =>
      on(
        version,
        transportPage(version, transport),
        version === '2026-07-28'
          ? 'If the body is a JSON-RPC request, the server MUST return either Content-Type: application/json (a single JSON object) or Content-Type: text/event-stream (an SSE response stream).'
          : 'If the input is a JSON-RPC request, the server MUST either return Content-Type: text/event-stream, to initiate an SSE stream, or Content-Type: application/json, to return one JSON object.',
      ),
    chapter: section('http', 'Two layers, one exchange'),
  },
  {
    id: 'http-session-id',
    level: 'SHOULD',
    transports: ['http'],
    eras: ['legacy'],
    cite: (version, transport) =>
      on(
        version,
        transportPage(version, transport),
        'Servers that require a session ID SHOULD respond to requests without an Mcp-Session-Id header (other than initialization) with HTTP 400 Bad Request.',
      ),
    chapter: section('http', 'A modern server meets an older client'),
  },
  {
    id: 'http-get-405',
    level: 'SHOULD',
    transports: ['http'],
    eras: ['modern'],
    cite: (version, transport) =>
      on(
        version,
        transportPage(version, transport),
        'A server that supports only this revision and receives such traffic from an older client SHOULD respond as follows: … HTTP GET or DELETE to the MCP endpoint: respond with 405 Method Not Allowed.',
      ),
    chapter: section('http', 'A modern server meets an older client'),
  },
];

/** The report's `spec` and `chapter` members for a check under a revision and transport. */
export function describeCheck(check: CheckDefinition, version: McpVersion, transport: Transport) {
  const citation = check.cite(version, transport);
  return {
    spec: { url: mcpRef(citation.version, citation.page).url, quote: citation.quote },
    chapter: { id: check.chapter.id, anchor: slugifyHeading(check.chapter.heading), title: check.chapter.title },
  };
}

/** The checks a run makes, for its era and transport. */
export function checksFor(era: Era, transport: Transport): CheckDefinition[] {
  return CHECKS.filter((c) => c.eras.includes(era) && c.transports.includes(transport));
}
