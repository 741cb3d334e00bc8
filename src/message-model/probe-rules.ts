/**
 * The rules a prober checks a server against: for each check, where it applies (transports, eras), its level per
 * revision and transport, and the spec sentence that level rests on, quoted word for word; and the judgements a
 * single exchange's classification cannot make, because they need to know what the prober meant to send (a tool
 * failure owed as a result, a notification refused over HTTP, the -32022 data, the status owed to a GET). The
 * probe (`src/probe/`) only sends, collects, and links each check to the chapter that teaches it.
 *
 * Levels are BCP 14 keywords of the quoted sentence, in capitals. Where the spec gives no keyword that binds the
 * receiver, the level is the prober's reading and `levelNote` says why.
 */
import { ERROR_CODE } from './error-codes.ts';
import type { Classification, MessageId } from './classification.ts';
import type { McpVersion } from './protocols.ts';

export type ProbeTransport = 'stdio' | 'http';
/** `legacy`: 2025-06-18 and 2025-11-25 (initialize); `modern`: 2026-07-28 (server/discover, `_meta`). */
export type ProbeEra = 'legacy' | 'modern';
export type ProbeLevel = 'MUST' | 'SHOULD' | 'MAY';

/** A sentence of one revision's page, quoted word for word (parts separated by "…"). */
export interface ProbeCitation {
  version: McpVersion;
  /** The page's path under the revision, as mcpRef takes it (`basic`, `basic/transports/stdio`). */
  page: string;
  quote: string;
}

/** One check's rule. */
export interface ProbeRule {
  id: string;
  /** Where the check is made; elsewhere it is left out of the report. */
  transports: readonly ProbeTransport[];
  eras: readonly ProbeEra[];
  /** The level of the check for a run under `version` over `transport` (the cited sentence's keyword). */
  level(version: McpVersion, transport: ProbeTransport): ProbeLevel;
  /** The sentence the check rests on, for a run under `version` over `transport`. */
  cite(version: McpVersion, transport: ProbeTransport): ProbeCitation;
  /**
   * Where the level is not a BCP 14 keyword of the cited sentence, or another revision owes more, why the probe
   * gives it this level; the report adds it to the check's explanation. Undefined where the sentence says it all.
   */
  levelNote?(version: McpVersion, transport: ProbeTransport): string | undefined;
}

/** The page of the transport a revision describes (one page before 2026-07-28, one per transport since). */
const transportPage = (version: McpVersion, transport: ProbeTransport): string =>
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
const GET_405_LEGACY =
  'The server MUST either return Content-Type: text/event-stream in response to this HTTP GET, or else return HTTP 405 Method Not Allowed, indicating that the server does not offer an SSE stream at this endpoint.';
const GET_405_MODERN =
  'A server that supports only this revision and receives such traffic from an older client SHOULD respond as follows: … HTTP GET or DELETE to the MCP endpoint: respond with 405 Method Not Allowed.';

/**
 * JSON-RPC 2.0 §5, the sentence that binds the receiver of malformed input. MCP adopts JSON-RPC 2.0 ("All messages
 * between MCP clients and servers MUST follow the JSON-RPC 2.0 specification."), and JSON-RPC 2.0 §7's examples
 * answer "rpc call with invalid JSON" with -32700 and "rpc call with invalid Request object" with -32600, id null.
 */
const JSONRPC_MUST_REPLY =
  'When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications.';

/** The three tools/call protocol errors: the spec gives them as a list and an example, not with a keyword. */
const LIST_AND_EXAMPLE =
  'Level SHOULD is the probe\'s reading: the spec states this rule as a list and an example, not a keyword. The tools page\'s Error Handling lists these failures among protocol errors and its example answers with -32602; the sentence quoted here says "should" in lowercase, which BCP 14 does not count as a keyword.';

const SENDER_ONLY_ID_NULL =
  "Level SHOULD is the probe's reading: the sentence quoted binds the sender of a request, and no sentence of MCP or JSON-RPC 2.0 tells the receiver how to answer a null id. A request MCP forbids is not a valid Request object of MCP, which JSON-RPC 2.0 answers with -32600 (Invalid Request).";
const SENDER_ONLY_BATCH =
  "Level SHOULD is the probe's reading: the sentence quoted binds the client, and the transport says how a server answers a request, a notification or a response, not an array. An array of results answers a batch the revision no longer has; an HTTP error status or a -32600 refuses it.";
const GET_MUST_IN_2025 =
  'Level SHOULD follows the revision this run negotiated (2026-07-28). A server that also speaks 2025-11-25 owes that revision\'s MUST: "The server MUST either return Content-Type: text/event-stream in response to this HTTP GET, or else return HTTP 405 Method Not Allowed" (run the probe with --protocol 2025-11-25 to check it).';

const on = (version: McpVersion, page: string, quote: string): ProbeCitation => ({ version, page, quote });
const basic = (quote: string) => (version: McpVersion) => on(version, 'basic', quote);
const schema = (quote: string) => (version: McpVersion) => on(version, 'schema', quote);
const fixed = (level: ProbeLevel) => () => level;
const BOTH: readonly ProbeTransport[] = ['stdio', 'http'];
const ALL_ERAS: readonly ProbeEra[] = ['legacy', 'modern'];

/** Every check's rule, in the order the probe runs them and the report lists them. */
export const PROBE_RULES: readonly ProbeRule[] = [
  { id: 'parse-error', level: fixed('MUST'), transports: BOTH, eras: ALL_ERAS, cite: basic(FOLLOW_JSONRPC) },
  { id: 'not-an-object', level: fixed('MUST'), transports: BOTH, eras: ALL_ERAS, cite: basic(FOLLOW_JSONRPC) },
  { id: 'method-not-a-string', level: fixed('MUST'), transports: BOTH, eras: ALL_ERAS, cite: basic(FOLLOW_JSONRPC) },
  {
    id: 'id-null',
    level: fixed('SHOULD'),
    transports: BOTH,
    eras: ALL_ERAS,
    cite: basic('Unlike base JSON-RPC, the ID MUST NOT be null.'),
    levelNote: () => SENDER_ONLY_ID_NULL,
  },
  {
    id: 'batch',
    // On stdio an array of results is output that is not a valid MCP message: the server's own MUST NOT.
    level: (_version, transport) => (transport === 'stdio' ? 'MUST' : 'SHOULD'),
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
    levelNote: (_version, transport) => (transport === 'http' ? SENDER_ONLY_BATCH : undefined),
  },
  {
    id: 'unknown-method',
    level: fixed('MUST'),
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
  },
  {
    id: 'notification-no-response',
    level: fixed('MUST'),
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
  },
  {
    id: 'string-id-echoed',
    level: fixed('MUST'),
    transports: BOTH,
    eras: ALL_ERAS,
    cite: (v) => on(v, 'basic', SAME_ID(v)),
  },
  {
    id: 'number-id-echoed',
    level: fixed('MUST'),
    transports: BOTH,
    eras: ALL_ERAS,
    cite: (v) => on(v, 'basic', SAME_ID(v)),
  },
  {
    id: 'ids-in-flight',
    level: fixed('MUST'),
    transports: BOTH,
    eras: ALL_ERAS,
    cite: (v) => on(v, 'basic', SAME_ID(v)),
  },
  {
    id: 'unknown-tool',
    level: fixed('SHOULD'),
    transports: BOTH,
    eras: ALL_ERAS,
    cite: schema(PROTOCOL_ERRORS_FOR_CALLS),
    levelNote: () => LIST_AND_EXAMPLE,
  },
  {
    id: 'tool-error-is-result',
    level: fixed('SHOULD'),
    transports: BOTH,
    eras: ALL_ERAS,
    cite: schema(TOOL_ERRORS_IN_RESULT),
  },
  {
    id: 'business-failure-is-result',
    level: fixed('SHOULD'),
    transports: BOTH,
    eras: ALL_ERAS,
    cite: schema(TOOL_ERRORS_IN_RESULT),
  },
  {
    id: 'backend-unavailable-is-result',
    level: fixed('SHOULD'),
    transports: BOTH,
    eras: ALL_ERAS,
    cite: schema(TOOL_ERRORS_IN_RESULT),
  },
  {
    id: 'tool-args-not-object',
    level: fixed('SHOULD'),
    transports: BOTH,
    eras: ALL_ERAS,
    cite: schema(PROTOCOL_ERRORS_FOR_CALLS),
    levelNote: () => LIST_AND_EXAMPLE,
  },
  {
    id: 'invalid-params',
    level: fixed('SHOULD'),
    transports: BOTH,
    eras: ALL_ERAS,
    cite: schema(PROTOCOL_ERRORS_FOR_CALLS),
    levelNote: () => LIST_AND_EXAMPLE,
  },
  {
    id: 'meta-missing',
    level: fixed('MUST'),
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
  },
  {
    id: 'header-mismatch',
    level: fixed('MUST'),
    transports: ['http'],
    eras: ['modern'],
    cite: (version, transport) =>
      on(
        version,
        transportPage(version, transport),
        "The header value MUST match the io.modelcontextprotocol/protocolVersion field carried in the request body's _meta. If the values do not match, the server MUST reject the request with 400 Bad Request and a HeaderMismatch JSON-RPC error",
      ),
  },
  {
    id: 'missing-capability',
    level: fixed('MUST'),
    transports: BOTH,
    eras: ['modern'],
    cite: basic(
      'If processing a request requires a capability the client did not include in io.modelcontextprotocol/clientCapabilities, the server MUST return a MissingRequiredClientCapabilityError (-32021) whose data.requiredCapabilities lists the missing capabilities.',
    ),
  },
  {
    id: 'unsupported-version',
    level: fixed('MUST'),
    transports: BOTH,
    eras: ['modern'],
    cite: (version) =>
      on(
        version,
        'basic/versioning',
        'If the server does not implement the requested version (whether the version is unknown to the server, or is a known version the server has chosen not to support), it MUST respond with an UnsupportedProtocolVersionError listing the versions it does support',
      ),
  },
  {
    id: 'cancellation',
    level: fixed('MUST'),
    transports: ['stdio'],
    eras: ALL_ERAS,
    cite: basic('The receiver MUST NOT send a response.'),
  },
  {
    id: 'http-content-type',
    level: fixed('MUST'),
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
  },
  {
    id: 'http-session-id',
    level: fixed('SHOULD'),
    transports: ['http'],
    eras: ['legacy'],
    cite: (version, transport) =>
      on(
        version,
        transportPage(version, transport),
        'Servers that require a session ID SHOULD respond to requests without an Mcp-Session-Id header (other than initialization) with HTTP 400 Bad Request.',
      ),
  },
  {
    id: 'http-get-405',
    // 2025-06-18 and 2025-11-25: 405 or an SSE stream, MUST; 2026-07-28 (no GET stream at all): 405, SHOULD.
    // 2025-06-18 and 2025-11-25: 405 or an SSE stream, MUST; 2026-07-28 (no GET stream at all): 405, SHOULD.
    level: (version) => (version === '2026-07-28' ? 'SHOULD' : 'MUST'),
    transports: ['http'],
    eras: ALL_ERAS,
    cite: (version, transport) =>
      on(version, transportPage(version, transport), version === '2026-07-28' ? GET_405_MODERN : GET_405_LEGACY),
    levelNote: (version) => (version === '2026-07-28' ? GET_MUST_IN_2025 : undefined),
  },
];

/** A judgement of what came back against what the rule owes. */
export interface ProbeJudgement {
  kind: 'pass' | 'fail';
  explanation: string;
}
const pass = (explanation: string): ProbeJudgement => ({ kind: 'pass', explanation });
const fail = (explanation: string): ProbeJudgement => ({ kind: 'fail', explanation });

/**
 * Malformed input (not JSON, not an object, a method that is not a string, a null id) answered with nothing on stdio
 * while the server kept answering. JSON-RPC 2.0 owes a Response (JSONRPC_MUST_REPLY) and MCP adopts JSON-RPC 2.0, so
 * silence fails, whatever the SDK's habit; except under 2025-06-18 for a line whose id could not be read
 * (`idReadable` false), where no reply is a valid MCP message: that schema requires an id on every error and a
 * RequestId is a string or an integer, and the stdio transport forbids the rest (ONLY_MESSAGES_ON_STDOUT).
 */
export function judgeSilenceOnStdio(protocol: McpVersion, idReadable: boolean): ProbeJudgement {
  if (protocol === '2025-06-18' && !idReadable)
    return pass(
      `Nothing came back, which 2025-06-18 allows here: its schema requires an id (a string or an integer) on every error, so no valid MCP message answers a line whose id could not be read, and its stdio transport says "${ONLY_MESSAGES_ON_STDOUT}" JSON-RPC 2.0's answer ("id": null) is allowed too; from 2025-11-25 an error leaves the id out, and silence fails.`,
    );
  return fail(
    `Nothing came back before the server answered the probe's next request: it dropped the line (the official SDK's stdio transport does), or answered it only after a later request, which this check cannot tell apart. JSON-RPC 2.0, which MCP requires, says "${JSONRPC_MUST_REPLY}" and its examples answer invalid JSON with -32700 and an invalid Request object with -32600; no sentence of MCP's stdio transport lets a server stay silent.`,
  );
}

/**
 * A tools/call whose tool fails on its own account: owed a result with `isError: true`. `inputValidation`: the
 * failure is the tool's input check, which 2025-06-18 lists among protocol errors ("Protocol Errors: Standard
 * JSON-RPC errors for issues like: Unknown tools, Invalid arguments, Server errors"), so -32602 passes under that
 * revision; 2025-11-25 moved input validation into the result (SEP-1303).
 */
export function judgeToolFailure(
  protocol: McpVersion,
  id: MessageId,
  received: readonly Classification[],
  inputValidation: boolean,
): ProbeJudgement {
  const answer = received.find((c) => (c.kind === 'result' || c.kind === 'error') && c.id === id);
  if (
    inputValidation &&
    protocol === '2025-06-18' &&
    answer?.kind === 'error' &&
    answer.code === ERROR_CODE.InvalidParams
  )
    return pass(
      'A -32602 error came back: 2025-06-18 lists invalid arguments among protocol errors (a result with isError: true is right from 2025-11-25 on).',
    );
  if (answer?.kind === 'result' && answer.toolOutcome === 'tool-error')
    return pass('A tool result with isError: true came back.');
  if (answer?.kind === 'result')
    return fail('A result came back, but without isError: true: the failure is reported as a success.');
  return fail(
    answer?.kind === 'error'
      ? `An error (${answer.code}) came back where a tool result with isError: true was owed.`
      : `No reply with the id ${JSON.stringify(id)} came back.`,
  );
}

/**
 * A notification over Streamable HTTP refused rather than accepted: 2025-06-18 and 2025-11-25 say "If the server
 * cannot accept the input, it MUST return an HTTP error status code (e.g., 400 Bad Request). The HTTP response body
 * MAY comprise a JSON-RPC error response that has no id." (2026-07-28 words it "If the server cannot accept it, it
 * MUST ..." with the same body.) Undefined when the exchange is not such a refusal.
 */
export function judgeNotificationRefusal(
  status: number,
  received: readonly Classification[],
): ProbeJudgement | undefined {
  if (status < 400 || !received.every((c) => c.kind === 'error' && c.id === undefined)) return undefined;
  return pass(
    `The server refused the notification with HTTP ${status}${received.length ? ' and an error that has no id' : ''}, as the transport allows for input it cannot accept.`,
  );
}

/**
 * The data of a -32022 error: the 2026-07-28 schema's UnsupportedProtocolVersionError requires data.requested (a
 * string) and data.supported (an array of strings).
 */
export function judgeUnsupportedVersionData(data: unknown): ProbeJudgement {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const missing = [
    typeof d.requested === 'string' ? [] : ['data.requested (the version asked for, as a string)'],
    Array.isArray(d.supported) && d.supported.every((v) => typeof v === 'string')
      ? []
      : ['data.supported (the versions it speaks, as an array of strings)'],
  ].flat();
  return missing.length === 0
    ? pass('The server answered -32022, named the version asked for and listed the versions it supports.')
    : fail(
        `The -32022 error lacks ${missing.join(' and ')}, which the schema's UnsupportedProtocolVersionError requires.`,
      );
}

/**
 * A GET to the MCP endpoint. Up to 2025-11-25: 405, or an SSE stream (`text/event-stream`); 2026-07-28 has no GET
 * stream, and a server of that revision alone answers 405.
 */
export function judgeGet(protocol: McpVersion, status: number, contentType: string | undefined): ProbeJudgement {
  if (status === 405) return pass('GET was answered 405 Method Not Allowed.');
  if (protocol !== '2026-07-28' && status === 200 && /^text\/event-stream\b/i.test(contentType ?? ''))
    return pass('GET opened an SSE stream, which this revision allows in place of 405.');
  return fail(
    protocol === '2026-07-28'
      ? `GET was answered ${status}, not 405 Method Not Allowed.`
      : `GET was answered ${status}${contentType ? ` (${contentType})` : ''}, neither an SSE stream nor 405 Method Not Allowed.`,
  );
}

/**
 * A request without the session id the server minted. The sentence binds only "Servers that require a session ID"
 * (assigning one is a MAY), so a server that serves the request does not require it and passes; one that refuses it
 * owes 400 Bad Request (a SHOULD of 2025-06-18 and 2025-11-25).
 */
export function judgeMissingSessionId(status: number): ProbeJudgement {
  if (status === 400) return pass('A request without the session id was refused with 400.');
  if (status >= 200 && status < 300)
    return pass(
      `A request without the session id was served (${status}): this server does not require its session id.`,
    );
  return fail(`A request without the session id got ${status}, not 400 Bad Request.`);
}
