/**
 * The intended differences between the model and the official TypeScript SDK (test/unit/message-model/sdk-differential.test.ts).
 * Each row decides from the message alone (never from the model's findings) and, where it can, checks that the one
 * thing it is about is the only difference: the SDK must accept the message once that thing is taken away. Model
 * bugs are not listed here: they are the PENDING_MODEL_FIXES of the JSON Schema differential, which the SDK
 * differential shares, since a bug is a bug whichever oracle finds it.
 */
import { resultFitsNoResultType } from './json-schema-differences.ts';
import { schemaOf } from './json-schema-oracle.ts';
import { isObject, paramsOf, resultOf, type IntendedDifference } from './oracle-rows.ts';
import { sdkEnvelope, sdkTyped, SDK_VARIANTS, type SdkVariant } from './sdk-oracle.ts';

const BOTH = SDK_VARIANTS;
/** A complete 2026-07-28 request envelope, so an example is about one thing under both variants. */
const META =
  '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}';

/**
 * Whether the SDK accepts the message once every difference the we-accept rows describe is taken away from a copy
 * (the null error id, members JSON-RPC does not define, integers past 2^53, a 2026-07-28 tools/call `task`): the
 * row's own thing, and the others that may come with it, are then the only reasons the SDK refused it.
 */
function sdkAcceptsNormalized(variant: SdkVariant, v: unknown): boolean {
  if (!isObject(v)) return false;
  const c = structuredClone(v);
  if ('error' in c && c.id === null) delete c.id;
  for (const k of Object.keys(c)) if (!definedMembers(c).includes(k)) delete c[k];
  if (isUnsafeInteger(c.id)) c.id = 1;
  if (isObject(c.error) && isUnsafeInteger(c.error.code)) c.error.code = -32603;
  if (variant === '2026-07-28' && c.method === 'tools/call' && isObject(c.params)) delete c.params.task;
  return sdkEnvelope(c) !== 'invalid' && sdkTyped(variant, c)?.valid !== false;
}

/** The members JSON-RPC 2.0 defines for the message type an object's members point to (§4, §4.1, §5). */
function definedMembers(v: Record<string, unknown>): string[] {
  if ('method' in v) return ['jsonrpc', 'id', 'method', 'params'];
  if ('error' in v) return ['jsonrpc', 'id', 'error'];
  return ['jsonrpc', 'id', 'result'];
}
const isUnsafeInteger = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && !Number.isSafeInteger(n);

export const SDK_INTENDED_DIFFERENCES: readonly IntendedDifference<SdkVariant>[] = [
  {
    id: 'error-response-id-null',
    direction: 'we-accept',
    versions: BOTH,
    reason:
      'An error response with "id": null is what JSON-RPC 2.0 requires when the request id could not be read, and what both SDK lines send in their own HTTP error bodies; the SDK\'s JSONRPCErrorResponseSchema types the id as RequestId, which is not nullable. We accept it with the warning error-id-null.',
    spec: 'JSON-RPC 2.0 §5 (id): "If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid Request), it MUST be Null."',
    applies: (v, variant) => isObject(v) && 'error' in v && v.id === null && sdkAcceptsNormalized(variant, v),
    example: '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}',
  },
  {
    id: 'unknown-top-level-member',
    direction: 'we-accept',
    versions: BOTH,
    reason:
      "The SDK's message schemas are strict and drop a message with a member JSON-RPC does not define. Neither JSON-RPC 2.0 nor MCP's own JSON Schema forbids one (its JSONRPCRequest, JSONRPCNotification, JSONRPCResultResponse and JSONRPCErrorResponse are open objects, and the JSON Schema differential accepts these messages), so we report it as the note (info) unknown-member.",
    spec: 'JSON-RPC 2.0 §4: "The Request object has the following members" (jsonrpc, method, params, id), with no rule against others; MCP schema.json JSONRPCRequest et al. set no additionalProperties: false',
    applies: (v, variant) => {
      if (!isObject(v)) return false;
      return Object.keys(v).some((k) => !definedMembers(v).includes(k)) && sdkAcceptsNormalized(variant, v);
    },
    example: `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{${META}},"timestamp":"2026-09-01T10:00:00Z"}`,
  },
  {
    id: 'integer-past-2-53',
    direction: 'we-accept',
    versions: BOTH,
    reason:
      "An id or error code such as 2^60 is a JSON integer, which is all the spec asks for; zod's int() accepts only safe integers, so the SDK rejects it. We accept it with the warning id-unsafe-integer (or the note number-precision), because a JavaScript peer cannot echo it exactly.",
    spec: 'MCP basic/index.mdx §Requests: "Requests MUST include a string or integer ID."; JSON-RPC 2.0 §5.1: the code "MUST be an integer"',
    applies: (v, variant) =>
      isObject(v) &&
      (isUnsafeInteger(v.id) || (isObject(v.error) && isUnsafeInteger(v.error.code))) &&
      sdkAcceptsNormalized(variant, v),
    example: `{"jsonrpc":"2.0","id":1152921504606846976,"method":"tools/list","params":{${META}}}`,
  },
  {
    id: 'task-is-not-a-2026-07-28-member',
    direction: 'we-accept',
    versions: ['2026-07-28'],
    reason:
      "2026-07-28 took tasks out of the core protocol, so tools/call params have no `task` member there and an extra member is allowed; the SDK's era-neutral CallToolRequestSchema still types `task` as 2025-11-25's TaskMetadata.",
    spec: '2026-07-28 changelog.mdx, Major changes item 6: "Move experimental tasks out of the core protocol and into an official extension"',
    applies: (v, variant) =>
      isObject(v) && v.method === 'tools/call' && 'task' in (paramsOf(v) ?? {}) && sdkAcceptsNormalized(variant, v),
    example: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_incident","task":true,${META}}}`,
  },
  {
    id: 'structured-content-is-an-object-before-2026',
    direction: 'we-reject',
    versions: ['2025-11-25'],
    reason:
      "The SDK's era-neutral CallToolResultSchema accepts any JSON value in structuredContent, as 2026-07-28 does; 2025-11-25 requires an object.",
    spec: '2025-11-25 server/tools.mdx §Structured Content: "Structured content is returned as a JSON object in the structuredContent field of a result."',
    applies: (v) => {
      const r = resultOf(v);
      return !!r && 'structuredContent' in r && !isObject(r.structuredContent);
    },
    example:
      '{"jsonrpc":"2.0","id":9,"result":{"content":[{"type":"text","text":"[\\"INC-1\\"]"}],"structuredContent":["INC-1"]}}',
  },
  {
    id: 'error-data-of-an-mcp-code',
    direction: 'we-reject',
    versions: BOTH,
    reason:
      "MCP gives some of its codes a typed data member (-32042's data.elicitations in 2025-11-25; -32021's data.requiredCapabilities and -32022's data.supported and data.requested in 2026-07-28); the SDK's JSONRPCErrorResponseSchema leaves data free.",
    spec: '2026-07-28 basic/versioning.mdx §Protocol Version Negotiation: the server "MUST respond with an UnsupportedProtocolVersionError listing the versions it does support"; schema.ts UnsupportedProtocolVersionError, MissingRequiredClientCapabilityError, URLElicitationRequiredError (2025-11-25)',
    applies: (v, variant) => {
      const code = isObject(v) && isObject(v.error) ? v.error.code : undefined;
      const type = typeof code === 'number' ? schemaOf(variant).errorTypes.get(code) : undefined;
      return !!type && !schemaOf(variant).validator(type)(v);
    },
    example: '{"jsonrpc":"2.0","id":3,"error":{"code":-32022,"message":"Unsupported protocol version"}}',
    examples: { '2025-11-25': '{"jsonrpc":"2.0","id":3,"error":{"code":-32042,"message":"URL elicitation required"}}' },
  },
  {
    id: 'rpc-reserved-method-name',
    direction: 'we-reject',
    versions: BOTH,
    reason:
      'The SDK accepts any string as a method name; JSON-RPC 2.0 reserves the names that begin with "rpc." and forbids them for anything else, so we reject such a message with the error method-reserved-rpc.',
    spec: 'JSON-RPC 2.0 §4 (method): "Method names that begin with rpc. are reserved for rpc-internal methods and extensions and MUST NOT be used for anything else."',
    applies: (v) => isObject(v) && typeof v.method === 'string' && v.method.startsWith('rpc.'),
    example: '{"jsonrpc":"2.0","method":"rpc.discover"}',
  },
  {
    id: 'retired-code-emitted',
    direction: 'we-reject',
    versions: ['2026-07-28'],
    reason:
      'The SDK accepts any integer code; 2026-07-28 retired -32002 (resource not found), and an error response that carries it breaks "MUST NOT emit these codes", judged from its sender (clients SHOULD still accept it from older servers, a rule of the receiver).',
    spec: '2026-07-28 basic/index.mdx §Error Codes: retired codes stay reserved and implementations "MUST NOT emit these codes"',
    applies: (v) => isObject(v) && isObject(v.error) && v.error.code === -32002,
    example: '{"jsonrpc":"2.0","id":8,"error":{"code":-32002,"message":"Resource not found"}}',
  },
  {
    id: 'undefined-code-in-the-mcp-band',
    direction: 'we-reject',
    versions: ['2026-07-28'],
    reason: '2026-07-28 reserves -32020..-32099 for codes the spec defines; the SDK accepts any integer code.',
    spec: '2026-07-28 basic/index.mdx §Error Codes: implementations "MUST NOT emit any code from this sub-range that is not defined by this specification"',
    applies: (v) => {
      const code = isObject(v) && isObject(v.error) ? v.error.code : undefined;
      return typeof code === 'number' && code <= -32020 && code >= -32099 && ![-32020, -32021, -32022].includes(code);
    },
    example: '{"jsonrpc":"2.0","id":17,"error":{"code":-32050,"message":"Quota exceeded"}}',
  },
  {
    id: 'meta-envelope-required-on-every-request',
    direction: 'we-reject',
    versions: ['2026-07-28'],
    reason:
      "A 2026-07-28 request must carry the _meta envelope. The SDK's server routes a request without it (initialize, a body with no protocolVersion claim) to its legacy 2025 handling instead of refusing it, and its era-neutral schemas keep _meta optional.",
    spec: '2026-07-28 basic/index.mdx §_meta: required fields "MUST be included on every request"; "A request missing any required field is malformed"',
    applies: (v) =>
      isObject(v) &&
      'id' in v &&
      typeof v.method === 'string' &&
      !schemaOf('2026-07-28').validator('RequestMetaObject')(paramsOf(v)?._meta),
    example:
      '{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"desk","version":"2.3.0"}}}',
  },
  {
    id: 'result-type-required',
    direction: 'we-reject',
    versions: ['2026-07-28'],
    reason:
      'The SDK\'s public ResultSchema does not look at resultType; a 2026-07-28 result without it breaks the sender\'s MUST (clients then read it as "complete", a rule of the receiver).',
    spec: '2026-07-28 basic/index.mdx §Result Responses: "The `result` **MUST** include a `resultType` field to indicate the type of the result."',
    applies: (v) => {
      const r = resultOf(v);
      return !!r && !('resultType' in r);
    },
    example: '{"jsonrpc":"2.0","id":9,"result":{"tools":[]}}',
  },
  {
    id: 'unrecognized-result-type',
    direction: 'we-reject',
    versions: ['2026-07-28'],
    reason: "The SDK's public ResultSchema does not look at resultType; the spec makes an unrecognized value invalid.",
    spec: '2026-07-28 basic/index.mdx §ResultType: "A resultType of any value unrecognized by the client MUST be considered invalid."',
    applies: (v) => {
      const r = resultOf(v);
      return !!r && 'resultType' in r && r.resultType !== 'complete' && r.resultType !== 'input_required';
    },
    example: '{"jsonrpc":"2.0","id":2,"result":{"resultType":"partial","contents":[]}}',
  },
  {
    id: 'cancelled-names-its-request',
    direction: 'we-reject',
    versions: ['2026-07-28'],
    reason:
      "2026-07-28's CancelledNotificationParams requires requestId (2025-11-25 had made it optional for tasks); the SDK's era-neutral CancelledNotificationSchema keeps it optional.",
    spec: '2026-07-28 schema.ts CancelledNotificationParams: "requestId: RequestId" ("The ID of the request to cancel."), without the ? that 2025-11-25 has',
    applies: (v) =>
      isObject(v) && v.method === 'notifications/cancelled' && !('id' in v) && !('requestId' in (paramsOf(v) ?? {})),
    example: '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"reason":"user pressed stop"}}',
  },
  {
    id: 'server-info-is-an-implementation',
    direction: 'we-reject',
    versions: ['2026-07-28'],
    reason:
      "A 2026-07-28 result's _meta serverInfo is an Implementation (name and version strings); the SDK's ResultSchema deliberately drops a malformed one instead of rejecting the result.",
    spec: '2026-07-28 basic/index.mdx §_meta, per-response protocol fields: "io.modelcontextprotocol/serverInfo" has type "Implementation"; schema.ts Implementation requires name and version',
    applies: (v) => {
      const meta = resultOf(v)?._meta;
      if (!isObject(meta) || !('io.modelcontextprotocol/serverInfo' in meta)) return false;
      const info = meta['io.modelcontextprotocol/serverInfo'];
      return !(isObject(info) && typeof info.name === 'string' && typeof info.version === 'string');
    },
    example:
      '{"jsonrpc":"2.0","id":3,"result":{"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"incident-server"}}}}',
  },
  {
    id: 'input-responses-and-request-state-typed',
    direction: 'we-reject',
    versions: ['2026-07-28'],
    reason:
      "A 2026-07-28 retry's params carry inputResponses, a map of ElicitResult / CreateMessageResult / ListRootsResult objects, and requestState, an opaque string; the SDK's CallToolRequestSchema and kin do not type them.",
    spec: '2026-07-28 basic/patterns/mrtr.mdx §InputResponses: "An InputResponses object is a map of client responses to the server requests."; §InputRequiredResult: "requestState (optional): An opaque string meaningful only to the server."',
    applies: (v) => {
      const p = paramsOf(v);
      if (!p || !('id' in (v as object))) return false;
      if ('requestState' in p && typeof p.requestState !== 'string') return true;
      if (!('inputResponses' in p)) return false;
      const r = p.inputResponses;
      if (!isObject(r)) return true;
      return !Object.values(r).every(
        (x) =>
          isObject(x) &&
          ((typeof x.action === 'string' && ['accept', 'decline', 'cancel'].includes(x.action)) ||
            Array.isArray(x.roots) ||
            (typeof x.model === 'string' && typeof x.role === 'string')),
      );
    },
    example: `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"get_incident","inputResponses":[],${META}}}`,
  },
  {
    id: 'input-required-result-rules',
    direction: 'we-reject',
    versions: ['2026-07-28'],
    reason:
      "The SDK's public ResultSchema does not check an input_required result; the spec requires inputRequests or requestState, and inputRequests holding only elicitation, sampling and roots requests.",
    spec: '2026-07-28 basic/patterns/mrtr.mdx §Server Requirements (Basic Workflow): "Servers MUST include at least one of inputRequests or requestState"; "inputRequests values are request objects that MUST be one of ElicitRequest, CreateMessageRequest, or ListRootsRequest"',
    applies: (v) => {
      const r = resultOf(v);
      if (r?.resultType !== 'input_required') return false;
      // mrtr.mdx §InputRequiredResult: "requestState (optional): An opaque string meaningful only to the server."
      if ('requestState' in r && typeof r.requestState !== 'string') return true;
      if (!('inputRequests' in r)) return !('requestState' in r);
      return !schemaOf('2026-07-28').validator('InputRequests')(r.inputRequests);
    },
    example:
      '{"jsonrpc":"2.0","id":42,"result":{"resultType":"input_required","inputRequests":{"lookup":{"method":"tools/call","params":{"name":"get_incident"}}}}}',
  },
  {
    id: 'result-fits-no-result-type',
    direction: 'we-accept',
    versions: BOTH,
    reason:
      "The SDK checks a result against the result type its members suggest (content makes it a CallToolResult); one response does not say which method it answers, and the spec's ServerResult includes EmptyResult, which is Result: any object. So without the method the model checks a result as any object. Given the method (ClassifyOptions.method, or a log that pairs the response with its request), the model checks that method's result type.",
    spec: 'MCP basic/index.mdx §Responses: "The `result` **MAY** follow any JSON object structure."; schema.ts: "export type EmptyResult = Result;"',
    applies: (v, variant) => resultFitsNoResultType(variant, v),
    example: '{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","content":{"type":"text","text":"x"}}}',
  },
];
