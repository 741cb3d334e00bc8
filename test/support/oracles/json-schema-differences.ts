/**
 * The tables of the JSON Schema differential (test/unit/message-model/json-schema-oracle.test.ts): intended differences between
 * the model and the official JSON Schemas, each decided from the message alone with the spec sentence our verdict
 * rests on, and the disagreements that are model bugs (pending until the model is fixed; each example must keep
 * disagreeing, so a fixed bug fails the test until its row is deleted).
 */
import { schemaEnvelope, schemaOf, schemaTyped, SCHEMA_VERSIONS } from './json-schema-oracle.ts';
import { isObject, paramsOf, resultOf, type IntendedDifference, type PendingModelFix } from './oracle-rows.ts';
import type { SchemaVersion } from './spec-snapshot.ts';

const ALL = SCHEMA_VERSIONS;
/** Whether the schema accepts the message once `change` has been applied to a copy: the row's one thing is the only problem. */
function schemaAcceptsWith(version: SchemaVersion, v: unknown, change: (copy: Record<string, unknown>) => void) {
  if (!isObject(v)) return false;
  const copy = structuredClone(v);
  change(copy);
  return schemaEnvelope(version, copy) !== 'invalid' && schemaTyped(version, copy)?.valid !== false;
}
/** A complete 2026-07-28 request envelope, so an example is about one thing under every version. */
const META =
  '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}';
const isRequestId = (id: unknown) => typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));

export const INTENDED_DIFFERENCES: readonly IntendedDifference<SchemaVersion>[] = [
  {
    id: 'error-response-id-null',
    direction: 'we-accept',
    versions: ALL,
    reason:
      'MCP\'s schema types the error-response id as RequestId (never null) and says to leave it out when it could not be read; JSON-RPC 2.0, which every MCP message follows, writes "id": null there. We accept it with the warning error-id-null.',
    spec: 'JSON-RPC 2.0 §5 (id): "If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null."',
    applies: (v, version) =>
      isObject(v) && 'error' in v && v.id === null && schemaAcceptsWith(version, v, (c) => (c.id = 0)),
    example: '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}',
  },
  {
    id: 'error-response-without-id-2025-06-18',
    direction: 'we-accept',
    versions: ['2025-06-18'],
    reason:
      "The 2025-06-18 schema requires JSONRPCError.id, yet the same version's transport describes an error response with no id (for a POSTed notification or response the server cannot accept). We accept it with the warning error-id-missing.",
    spec: '2025-06-18 basic/transports.mdx §Sending Messages to the Server: "The HTTP response body MAY comprise a JSON-RPC error response that has no id."',
    applies: (v, version) =>
      isObject(v) && 'error' in v && !('id' in v) && schemaAcceptsWith(version, v, (c) => (c.id = 0)),
    example: '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"}}',
  },
  {
    id: 'an-id-member-is-not-a-notification',
    direction: 'we-reject',
    versions: ALL,
    reason:
      "The schema's JSONRPCNotification does not forbid other members, so an object with a method and an id that fails JSONRPCRequest (a null, fractional or object id, or a broken member elsewhere) still validates as a notification. A notification has no id member at all: such an object is a broken request.",
    spec: 'MCP basic/index.mdx §Notifications: "Notifications MUST NOT include an ID."; JSON-RPC 2.0 §4.1: "A Notification is a Request object without an \"id\" member."',
    applies: (v) => isObject(v) && 'method' in v && 'id' in v && !('result' in v) && !('error' in v),
    example:
      '{"jsonrpc":"2.0","id":null,"method":"notifications/progress","params":{"progressToken":"t","progress":1}}',
  },
  {
    id: 'id-beyond-any-double',
    direction: 'we-reject',
    versions: ALL,
    reason:
      'An id such as 1e400 is a JSON integer, which the schema accepts, but no double holds it: a receiver reads Infinity and cannot write the id back. We answer it as an unreadable id.',
    spec: 'RFC 8259 §9: "An implementation may set limits on the range and precision of numbers."',
    applies: (v) => isObject(v) && typeof v.id === 'number' && !Number.isFinite(v.id),
    example: `{"jsonrpc":"2.0","id":1e400,"method":"tools/list","params":{${META}}}`,
  },
  {
    id: 'rpc-reserved-method-name',
    direction: 'we-reject',
    versions: ALL,
    reason:
      'The schema accepts any string as a method name; JSON-RPC 2.0 reserves the names that begin with "rpc." and forbids them for anything else, so we reject such a message with the error method-reserved-rpc.',
    spec: 'JSON-RPC 2.0 §4 (method): "Method names that begin with rpc. are reserved for rpc-internal methods and extensions and MUST NOT be used for anything else."',
    applies: (v) => isObject(v) && typeof v.method === 'string' && v.method.startsWith('rpc.'),
    example: '{"jsonrpc":"2.0","method":"rpc.discover"}',
  },
  {
    id: 'method-with-result-or-error',
    direction: 'we-reject',
    versions: ALL,
    reason:
      'An object with a method and a result (or error) is both a request, which is answered, and a response, which never is; the schema does not forbid the extra members, so it validates as either. No receiver can act on it.',
    spec: 'MCP basic/index.mdx §Requests: requests are sent "to initiate an operation"; §Responses: "Responses are sent in reply to requests"',
    applies: (v) => isObject(v) && 'method' in v && ('result' in v || 'error' in v),
    example: `{"jsonrpc":"2.0","id":27,"method":"tools/list","params":{${META}},"result":{"tools":[]}}`,
  },
  {
    id: 'result-and-error',
    direction: 'we-reject',
    versions: ALL,
    reason:
      'A response with both result and error validates as either type in the schema, which does not forbid the other member.',
    spec: 'MCP 2025-06-18 basic/index.mdx §Responses: "Either a result or an error MUST be set. A response MUST NOT set both."; JSON-RPC 2.0 §5',
    applies: (v) => isObject(v) && 'result' in v && 'error' in v,
    example: '{"jsonrpc":"2.0","id":3,"result":{},"error":{"code":-32603,"message":"Internal error"}}',
  },
  {
    id: 'meta-envelope-required-on-every-request',
    direction: 'we-reject',
    versions: ['2026-07-28'],
    reason:
      "The schema's JSONRPCRequest leaves params free; only its typed requests (RequestParams) require _meta and check it against RequestMetaObject. For a method the schema does not define, we still require that envelope (present and well-typed), as the spec does of every request.",
    spec: '2026-07-28 basic/index.mdx §_meta: required fields "MUST be included on every request"; "A request missing any required field is malformed"',
    applies: (v) =>
      isObject(v) &&
      'id' in v &&
      typeof v.method === 'string' &&
      !schemaOf('2026-07-28').validator('RequestMetaObject')(paramsOf(v)?._meta),
    example: '{"jsonrpc":"2.0","id":"x-1","method":"incidents/escalate","params":{"incident":"INC-1"}}',
  },
  {
    id: 'unrecognized-result-type',
    direction: 'we-reject',
    versions: ['2026-07-28'],
    reason: 'The schema types resultType as any string; the spec makes an unrecognized value invalid.',
    spec: '2026-07-28 basic/index.mdx §ResultType: "A resultType of any value unrecognized by the client MUST be considered invalid."',
    applies: (v) => {
      const t = resultOf(v)?.resultType;
      return typeof t === 'string' && t !== 'complete' && t !== 'input_required';
    },
    example: '{"jsonrpc":"2.0","id":2,"result":{"resultType":"partial","contents":[]}}',
  },
  {
    id: 'input-required-needs-something-to-act-on',
    direction: 'we-reject',
    versions: ['2026-07-28'],
    reason: 'The schema makes both inputRequests and requestState optional; the spec requires at least one.',
    spec: '2026-07-28 basic/patterns/mrtr.mdx §Server Requirements (Basic Workflow): "Servers MUST include at least one of inputRequests or requestState in every InputRequiredResult response."',
    applies: (v) => {
      const r = resultOf(v);
      return r?.resultType === 'input_required' && !('inputRequests' in r) && !('requestState' in r);
    },
    example: '{"jsonrpc":"2.0","id":4,"result":{"resultType":"input_required"}}',
  },
  {
    id: 'meta-is-reserved-on-every-method',
    direction: 'we-reject',
    versions: ['2025-11-25', '2026-07-28'],
    reason:
      'From 2025-11-25 the schema leaves the params of a method it does not define untyped ("Allow unofficial extensions of Request.params"), so a non-object _meta there passes; _meta is MCP\'s reserved member on every message, an object wherever the schema types it, and the SDK rejects it on any method too.',
    spec: '2025-11-25 basic/index.mdx §_meta: "The _meta property/parameter is reserved by MCP to allow clients and servers to attach additional metadata to their interactions."',
    applies: (v, version) => {
      const p = paramsOf(v);
      return (
        isObject(v) &&
        typeof v.method === 'string' &&
        !!p &&
        '_meta' in p &&
        !metaFits(version, p._meta, 'id' in v) &&
        schemaAcceptsWith(version, v, (c) => {
          const params = c.params as Record<string, unknown>;
          if (version === '2026-07-28' && 'id' in c)
            params._meta = {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': {},
            };
          else delete params._meta;
        })
      );
    },
    example: '{"jsonrpc":"2.0","method":"notifications/custom","params":{"_meta":"x"}}',
  },
  {
    id: 'retired-code-emitted',
    direction: 'we-reject',
    versions: ['2026-07-28'],
    reason:
      'The schema types error.code as any integer; 2026-07-28 retired -32002 (resource not found), and an error response that carries it breaks "MUST NOT emit these codes", judged from its sender (clients SHOULD still accept it from older servers, a rule of the receiver).',
    spec: '2026-07-28 basic/index.mdx §Error Codes: retired codes stay reserved and implementations "MUST NOT emit these codes"',
    applies: (v) => isObject(v) && isObject(v.error) && v.error.code === -32002,
    example: '{"jsonrpc":"2.0","id":8,"error":{"code":-32002,"message":"Resource not found"}}',
  },
  {
    id: 'undefined-code-in-the-mcp-band',
    direction: 'we-reject',
    versions: ['2026-07-28'],
    reason:
      'The schema types error.code as any integer; 2026-07-28 reserves -32020..-32099 for codes the spec defines, so an error response with another code from that band breaks a MUST.',
    spec: '2026-07-28 basic/index.mdx §Error Codes: implementations "MUST NOT emit any code from this sub-range that is not defined by this specification"',
    applies: (v) => {
      const code = isObject(v) && isObject(v.error) ? v.error.code : undefined;
      return typeof code === 'number' && code <= -32020 && code >= -32099 && ![-32020, -32021, -32022].includes(code);
    },
    example: '{"jsonrpc":"2.0","id":17,"error":{"code":-32050,"message":"Quota exceeded"}}',
  },
  {
    id: 'result-fits-no-result-type',
    direction: 'we-accept',
    versions: ALL,
    reason:
      "One response does not say which method it answers, and the schema's ServerResult includes EmptyResult, which is Result: any object. So without the method a result is checked as any object, even when it carries a member some result type requires (content that is not an array, …). Given the method (ClassifyOptions.method, or a log that pairs the response with its request), the model checks that method's result type.",
    spec: 'MCP basic/index.mdx §Responses: "The `result` **MAY** follow any JSON object structure." (2025-06-18: "Results **MAY** follow any JSON object structure"); schema.ts: "export type EmptyResult = Result;"',
    applies: (v, version) => resultFitsNoResultType(version, v),
    example: '{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","content":{"type":"text","text":"x"}}}',
  },
];

/** Whether a `_meta` value is what the version's schema types it as (an object; progressToken a string or integer). */
function metaFits(version: SchemaVersion, meta: unknown, onRequest: boolean): boolean {
  if (!isObject(meta)) return false;
  if (version === '2026-07-28' && onRequest) return schemaOf(version).validator('RequestMetaObject')(meta);
  if (version === '2026-07-28' && !onRequest && 'io.modelcontextprotocol/serverInfo' in meta)
    return schemaOf(version).validator('Implementation')(meta['io.modelcontextprotocol/serverInfo']);
  return !('progressToken' in meta) || !onRequest || isRequestId(meta.progressToken);
}
const isRequest = (v: unknown) => isObject(v) && 'id' in v && typeof v.method === 'string';
/** The result types the schema could mean for a result (see schemaTyped), and whether any matches. */
function resultCandidates(version: SchemaVersion, v: unknown) {
  const r = resultOf(v);
  if (!r) return undefined;
  const s = schemaOf(version);
  const keys = new Set(Object.keys(r));
  const names =
    r.resultType === 'input_required' && s.defs.InputRequiredResult
      ? ['InputRequiredResult']
      : s.resultTypes.filter((t) => t.required.every((k) => keys.has(k))).map((t) => t.name);
  return { names, valid: names.filter((n) => s.validator(n)(r)) };
}

const metaAbsentOrFits = (version: SchemaVersion, v: unknown) => {
  const holder = paramsOf(v) ?? resultOf(v);
  return !holder || !('_meta' in holder) || metaFits(version, holder._meta, isRequest(v));
};

/**
 * A result (with no broken _meta) that has the required members of one or more of the schema's result types but
 * matches none of them: valid as a plain Result, which is all one response can be checked against without its method.
 */
export function resultFitsNoResultType(version: SchemaVersion, v: unknown): boolean {
  const c = resultCandidates(version, v);
  return !!c && metaAbsentOrFits(version, v) && c.names.length > 0 && c.valid.length === 0;
}

export const PENDING_MODEL_FIXES: readonly PendingModelFix<SchemaVersion>[] = [];
