/**
 * zod 4 schemas for JSON-RPC 2.0 and for MCP messages per revision, named after the spec's types
 * (`JSONRPCRequest` → `JSONRPCRequestSchema`). They are the model's rules: `classifyMessage` validates through them
 * (directly, or through fast paths that test/unit/message-model/fast-paths.test.ts and test/unit/message-model/properties.test.ts prove equal)
 * and adds the reasons, the JSON Pointers and the reply owed.
 *
 * Two layers, and the classification's `kind` follows the first:
 * - the envelope (`MCP_SCHEMAS[v].JSONRPCMessageSchema`): JSON-RPC's members, MCP's id and params rules, every
 *   `_meta` object with its reserved keys, a result that is an object, 2026-07-28's required request envelope and
 *   known `resultType`. A message the envelope rejects is `invalid`.
 * - the payload (`requests`, `notifications`, `results`, `errorData` per revision): what each typed method's params
 *   and results hold. A payload that fails keeps its kind and gets a finding (a request is then owed -32602).
 *
 * Where the model is deliberately more lenient than the spec's own schema, the classifier reports a warning rather
 * than rejecting, and the envelope here accepts the message too (each place says so).
 */
import { z } from 'zod';
import { ERROR_CODE } from './error-codes.ts';
import type { McpVersion } from './protocols.ts';

// ---------------------------------------------------------------------------------------------------------------
// Building blocks

/** A JSON object: a plain object with string keys (`{ [key: string]: unknown }` in the spec's TypeScript). */
const JsonObjectSchema = z.record(z.string(), z.unknown());

/**
 * A JSON Schema `integer`: any integral number, including those past 2^53 (the classifier warns about those).
 * Written as one custom check rather than a refined number, and the unions below likewise, because zod reports a
 * failed union with an issue per branch: on the classifier's hot path a failing message costs half as much this way.
 */
const IntegerSchema = z.custom<number>((v) => typeof v === 'number' && Number.isInteger(v), {
  message: 'must be an integer',
});

/** A member that must not be there (a notification's id; `result` or `error` beside `method`; …). */
const absent = z.never().optional();

/** Requires a member whose type allows anything (`data: unknown`), which zod would otherwise accept when missing. */
const requireMember =
  (key: string) =>
  (value: Record<string, unknown>, ctx: z.core.$RefinementCtx<Record<string, unknown>>): void => {
    if (!Object.prototype.hasOwnProperty.call(value, key))
      ctx.addIssue({ code: 'custom', message: `"${key}" is required`, path: [key], input: value });
  };

// ---------------------------------------------------------------------------------------------------------------
// JSON-RPC 2.0

/** JSON-RPC 2.0 §4: an id is a String, a Number or Null (Null discouraged). */
export const JSONRPCIdSchema = z.union([z.string(), z.number(), z.null()]);

/** MCP: a request id is a string or an integer, never null (spec basic/index.mdx §Requests, all revisions). */
export const RequestIdSchema = z.custom<string | number>(
  (v) => typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v)),
  { message: 'must be a string or an integer' },
);

/** JSON-RPC 2.0 §4.2: params, when present, are structured: an Array (by position) or an Object (by name). */
const JSONRPCParamsSchema = z.union([z.array(z.unknown()), JsonObjectSchema]);

/** JSON-RPC 2.0 §5.1: the error object (other members are warned about, not rejected). */
export const JSONRPCErrorObjectSchema = z.looseObject({
  code: IntegerSchema,
  message: z.string(),
  data: z.unknown().optional(),
});

/** JSON-RPC 2.0 §4: a request object with an id; never with `result` or `error`. */
export const JSONRPCRequestSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: JSONRPCIdSchema,
  method: z.string(),
  params: JSONRPCParamsSchema.optional(),
  result: absent,
  error: absent,
});

/** JSON-RPC 2.0 §4.1: a request object without an id member; never with `result` or `error`. */
export const JSONRPCNotificationSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  method: z.string(),
  params: JSONRPCParamsSchema.optional(),
  id: absent,
  result: absent,
  error: absent,
});

/** JSON-RPC 2.0 §5: a successful response; `result` may be any value, and `error` and `method` are absent. */
export const JSONRPCResultResponseSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: JSONRPCIdSchema,
  result: z.unknown().refine((v) => v !== undefined, 'result is required'),
  error: absent,
  method: absent,
});

/** JSON-RPC 2.0 §5: an error response; `id` is required and is null when the request's id could not be read. */
export const JSONRPCErrorResponseSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: JSONRPCIdSchema,
  error: JSONRPCErrorObjectSchema,
  result: absent,
  method: absent,
});

/** Any single JSON-RPC 2.0 message (a batch is an array of these). */
export const JSONRPCMessageSchema = z.union([
  JSONRPCRequestSchema,
  JSONRPCNotificationSchema,
  JSONRPCResultResponseSchema,
  JSONRPCErrorResponseSchema,
]);

/** JSON-RPC 2.0 §6: a batch is a non-empty array of messages. */
export const JSONRPCBatchSchema = z.array(z.unknown()).min(1);

// ---------------------------------------------------------------------------------------------------------------
// MCP vocabularies

/** The content block types, in the spec's order. */
export const CONTENT_BLOCK_TYPES = ['text', 'image', 'audio', 'resource_link', 'resource'] as const;

/** The `resultType` values MCP 2026-07-28 defines (spec 2026-07-28 basic/index.mdx §ResultType). */
export const RESULT_TYPES = ['complete', 'input_required'] as const;

/** The methods an `InputRequiredResult` may ask the client to run (spec 2026-07-28 basic/patterns/mrtr.mdx). */
export const INPUT_REQUEST_METHODS = ['elicitation/create', 'sampling/createMessage', 'roots/list'] as const;

/** The syslog levels of `LoggingLevel`, least severe first (spec server/utilities/logging.mdx, all revisions). */
export const LOGGING_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;

/** `LoggingLevel`. */
export const LoggingLevelSchema = z.enum(LOGGING_LEVELS);

/**
 * `ProgressToken`: a string or an integer (JSON Schema `["string", "integer"]`), the same shape as a request id.
 * @alias
 */
export const ProgressTokenSchema = RequestIdSchema;

// ---------------------------------------------------------------------------------------------------------------
// MCP shared types

const RoleSchema = z.enum(['user', 'assistant']);

/** `Icon` (2025-11-25 and later). */
const IconSchema = z.looseObject({
  src: z.string(),
  mimeType: z.string().optional(),
  sizes: z.array(z.string()).optional(),
  theme: z.enum(['light', 'dark']).optional(),
});

/** Members 2025-11-25 added to `Implementation`, `Tool`, `Resource`, `Prompt` (icons) and `Implementation`. */
const iconsShape = { icons: z.array(IconSchema).optional() };

/** MCP 2025-06-18: `Implementation`, the name and version a client or server reports about itself. */
const Implementation20250618Schema = z.looseObject({
  name: z.string(),
  version: z.string(),
  title: z.string().optional(),
});

/** MCP 2025-11-25 and later: `Implementation`, with description, websiteUrl and icons. */
const Implementation20251125Schema = Implementation20250618Schema.extend({
  description: z.string().optional(),
  websiteUrl: z.string().optional(),
  ...iconsShape,
});

/** `Implementation` as 2026-07-28 defines it (the envelope's clientInfo and a result's serverInfo). */
export const ImplementationSchema = Implementation20251125Schema;

/** MCP annotations on content (audience, priority, lastModified). */
const AnnotationsSchema = z.looseObject({
  audience: z.array(RoleSchema).optional(),
  priority: z.number().min(0).max(1).optional(),
  lastModified: z.string().optional(),
});

/** MCP `TextContent`. */
export const TextContentSchema = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  annotations: AnnotationsSchema.optional(),
  _meta: JsonObjectSchema.optional(),
});

/** MCP `ImageContent`: base64 `data` and a `mimeType`. */
export const ImageContentSchema = z.looseObject({
  type: z.literal('image'),
  data: z.string(),
  mimeType: z.string(),
  annotations: AnnotationsSchema.optional(),
  _meta: JsonObjectSchema.optional(),
});

/** MCP `AudioContent`: base64 `data` and a `mimeType`. */
export const AudioContentSchema = z.looseObject({
  type: z.literal('audio'),
  data: z.string(),
  mimeType: z.string(),
  annotations: AnnotationsSchema.optional(),
  _meta: JsonObjectSchema.optional(),
});

/** MCP `ResourceLink`: a pointer to a resource the client may read. */
export const ResourceLinkSchema = z.looseObject({
  type: z.literal('resource_link'),
  uri: z.string(),
  name: z.string(),
  mimeType: z.string().optional(),
  annotations: AnnotationsSchema.optional(),
  _meta: JsonObjectSchema.optional(),
});

/** `TextResourceContents` / `BlobResourceContents`. */
const ResourceContentsSchema = z.union([
  z.looseObject({ uri: z.string(), mimeType: z.string().optional(), text: z.string() }),
  z.looseObject({ uri: z.string(), mimeType: z.string().optional(), blob: z.string() }),
]);

/** MCP `EmbeddedResource`: resource contents inline, as text or a base64 blob. */
export const EmbeddedResourceSchema = z.looseObject({
  type: z.literal('resource'),
  resource: ResourceContentsSchema,
  annotations: AnnotationsSchema.optional(),
  _meta: JsonObjectSchema.optional(),
});

/** MCP `ContentBlock`: the five content types a tool result can carry. */
export const ContentBlockSchema = z.discriminatedUnion('type', [
  TextContentSchema,
  ImageContentSchema,
  AudioContentSchema,
  ResourceLinkSchema,
  EmbeddedResourceSchema,
]);

/** `ToolAnnotations` (hints; clients MUST treat them as untrusted). */
const ToolAnnotationsSchema = z.looseObject({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});

/** `Tool`, as tools/list lists it. 2026-07-28 drops the `type: "object"` requirement on outputSchema. */
function toolSchema(version: McpVersion) {
  return z.looseObject({
    name: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    inputSchema: z.looseObject({
      type: z.literal('object'),
      properties: JsonObjectSchema.optional(),
      required: z.array(z.string()).optional(),
    }),
    outputSchema: (version === '2026-07-28'
      ? JsonObjectSchema
      : z.looseObject({ type: z.literal('object'), properties: JsonObjectSchema.optional() })
    ).optional(),
    annotations: ToolAnnotationsSchema.optional(),
    _meta: JsonObjectSchema.optional(),
    ...(version === '2025-06-18' ? {} : iconsShape),
  });
}

const ResourceSchema = z.looseObject({
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  annotations: AnnotationsSchema.optional(),
  size: z.number().optional(),
  _meta: JsonObjectSchema.optional(),
});
const ResourceTemplateSchema = z.looseObject({
  uriTemplate: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  annotations: AnnotationsSchema.optional(),
  _meta: JsonObjectSchema.optional(),
});
const PromptSchema = z.looseObject({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z
    .array(
      z.looseObject({
        name: z.string(),
        title: z.string().optional(),
        description: z.string().optional(),
        required: z.boolean().optional(),
      }),
    )
    .optional(),
  _meta: JsonObjectSchema.optional(),
});
const PromptMessageSchema = z.looseObject({ role: RoleSchema, content: ContentBlockSchema });

/** `ClientCapabilities` per revision: known members typed, others allowed ("not a closed set"). */
function clientCapabilitiesSchema(version: McpVersion) {
  if (version === '2026-07-28') {
    return z.looseObject({
      experimental: z.record(z.string(), JsonObjectSchema).optional(),
      roots: JsonObjectSchema.optional(),
      sampling: z.looseObject({ context: JsonObjectSchema.optional(), tools: JsonObjectSchema.optional() }).optional(),
      elicitation: z.looseObject({ form: JsonObjectSchema.optional(), url: JsonObjectSchema.optional() }).optional(),
      extensions: z.record(z.string(), JsonObjectSchema).optional(),
    });
  }
  return z.looseObject({
    experimental: z.record(z.string(), JsonObjectSchema).optional(),
    roots: z.looseObject({ listChanged: z.boolean().optional() }).optional(),
    sampling: JsonObjectSchema.optional(),
    elicitation: JsonObjectSchema.optional(),
    ...(version === '2025-11-25' ? { tasks: JsonObjectSchema.optional() } : {}),
  });
}

/** `ServerCapabilities` per revision. */
function serverCapabilitiesSchema(version: McpVersion) {
  return z.looseObject({
    experimental: z.record(z.string(), JsonObjectSchema).optional(),
    logging: JsonObjectSchema.optional(),
    completions: JsonObjectSchema.optional(),
    prompts: z.looseObject({ listChanged: z.boolean().optional() }).optional(),
    resources: z.looseObject({ subscribe: z.boolean().optional(), listChanged: z.boolean().optional() }).optional(),
    tools: z.looseObject({ listChanged: z.boolean().optional() }).optional(),
    ...(version === '2025-11-25' ? { tasks: JsonObjectSchema.optional() } : {}),
    ...(version === '2026-07-28' ? { extensions: z.record(z.string(), JsonObjectSchema).optional() } : {}),
  });
}

/**
 * MCP 2026-07-28: the `_meta` envelope every request carries (spec 2026-07-28 basic/index.mdx §_meta; schema.ts
 * `RequestMetaObject`). protocolVersion and clientCapabilities are required; clientInfo is a SHOULD.
 */
export const RequestMetaSchema = z.looseObject({
  'io.modelcontextprotocol/protocolVersion': z.string(),
  'io.modelcontextprotocol/clientCapabilities': clientCapabilitiesSchema('2026-07-28'),
  'io.modelcontextprotocol/clientInfo': ImplementationSchema.optional(),
  'io.modelcontextprotocol/logLevel': LoggingLevelSchema.optional(),
  progressToken: ProgressTokenSchema.optional(),
});

/** MCP 2025-06-18 and 2025-11-25: a request's `_meta`, whose one reserved key is `progressToken`. */
const LegacyRequestMetaSchema = z.looseObject({ progressToken: ProgressTokenSchema.optional() });

/** MCP 2026-07-28 `SubscriptionFilter`. */
const SubscriptionFilterSchema = z.looseObject({
  toolsListChanged: z.boolean().optional(),
  promptsListChanged: z.boolean().optional(),
  resourcesListChanged: z.boolean().optional(),
  resourceSubscriptions: z.array(z.string()).optional(),
});

/** `SamplingMessage` per revision: 2025-11-25 adds tool use and results, and arrays of blocks. */
function samplingMessageSchema(version: McpVersion) {
  const basic = [TextContentSchema, ImageContentSchema, AudioContentSchema] as const;
  if (version === '2025-06-18') {
    return z.looseObject({ role: RoleSchema, content: z.discriminatedUnion('type', [...basic]) });
  }
  const toolUse = z.looseObject({
    type: z.literal('tool_use'),
    id: z.string(),
    name: z.string(),
    input: JsonObjectSchema,
  });
  const toolResult = z.looseObject({
    type: z.literal('tool_result'),
    toolUseId: z.string(),
    content: z.array(ContentBlockSchema),
  });
  const block = z.discriminatedUnion('type', [...basic, toolUse, toolResult]);
  return z.looseObject({
    role: RoleSchema,
    content: z.union([block, z.array(block)]),
    _meta: JsonObjectSchema.optional(),
  });
}

/** `CreateMessageRequestParams` (sampling/createMessage). */
function createMessageParamsSchema(version: McpVersion) {
  return z.looseObject({
    messages: z.array(samplingMessageSchema(version)),
    maxTokens: IntegerSchema,
    systemPrompt: z.string().optional(),
    includeContext: z.enum(['none', 'thisServer', 'allServers']).optional(),
    temperature: z.number().optional(),
    stopSequences: z.array(z.string()).optional(),
    metadata: JsonObjectSchema.optional(),
  });
}

/** `ElicitRequestParams` (elicitation/create): a form (mode absent or "form") or, from 2025-11-25, a URL. */
function elicitParamsSchema(version: McpVersion) {
  const form = z.looseObject({
    mode: z.literal('form').optional(),
    message: z.string(),
    requestedSchema: z.looseObject({
      type: z.literal('object'),
      properties: z.record(z.string(), z.looseObject({ type: z.string() })),
      required: z.array(z.string()).optional(),
    }),
  });
  if (version === '2025-06-18') return form;
  const url = z.looseObject({
    mode: z.literal('url'),
    message: z.string(),
    url: z.string(),
    ...(version === '2025-11-25' ? { elicitationId: z.string() } : {}),
  });
  return z.union([url, form]);
}

/** `ElicitResult`, `ListRootsResult`, `CreateMessageResult`: what a client answers to the three input requests. */
function elicitResultSchema() {
  return z.looseObject({
    action: z.enum(['accept', 'decline', 'cancel']),
    content: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional(),
  });
}
const ListRootsResultSchema = z.looseObject({
  roots: z.array(z.looseObject({ uri: z.string(), name: z.string().optional(), _meta: JsonObjectSchema.optional() })),
});
function createMessageResultSchema(version: McpVersion) {
  return samplingMessageSchema(version).extend({ model: z.string(), stopReason: z.string().optional() });
}

/**
 * MCP 2026-07-28: the requests an `InputRequiredResult` carries in `inputRequests` (method and params only, no
 * JSON-RPC envelope: schema.ts `InputRequest`).
 */
const InputRequestSchema = z.discriminatedUnion('method', [
  z.looseObject({ method: z.literal('elicitation/create'), params: elicitParamsSchema('2026-07-28') }),
  z.looseObject({ method: z.literal('sampling/createMessage'), params: createMessageParamsSchema('2026-07-28') }),
  z.looseObject({
    method: z.literal('roots/list'),
    params: z.looseObject({ _meta: JsonObjectSchema.optional() }).optional(),
  }),
]);

/** MCP 2026-07-28: the answers to input requests a client sends back in `inputResponses`. */
const InputResponseSchema = z.union([
  elicitResultSchema(),
  ListRootsResultSchema,
  createMessageResultSchema('2026-07-28'),
]);

/** MCP 2026-07-28 `InputRequiredResult`: the server needs input before it can finish; at least one member is present. */
export const InputRequiredResultSchema = z
  .looseObject({
    resultType: z.literal('input_required'),
    inputRequests: z.record(z.string(), InputRequestSchema).optional(),
    requestState: z.string().optional(),
    _meta: JsonObjectSchema.optional(),
  })
  .refine((r) => r.inputRequests !== undefined || r.requestState !== undefined, {
    message: 'At least one of inputRequests or requestState must be present.',
  });

/** MCP 2026-07-28 `CacheableResult`: how long and how widely a client may cache a list or read result. */
const cacheableShape = {
  ttlMs: z.custom<number>((v) => typeof v === 'number' && Number.isInteger(v) && v >= 0, {
    message: 'must be an integer of 0 or more (milliseconds)',
  }),
  cacheScope: z.enum(['public', 'private']),
};

/** `CallToolResult` per revision: structuredContent is any JSON value in 2026-07-28, an object before. */
function callToolResultSchema(version: McpVersion) {
  const modern = version === '2026-07-28';
  return z.looseObject({
    content: z.array(ContentBlockSchema),
    structuredContent: modern ? z.unknown().optional() : JsonObjectSchema.optional(),
    isError: z.boolean().optional(),
    ...(modern ? { resultType: z.literal('complete') } : {}),
    _meta: JsonObjectSchema.optional(),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Per revision

/** The schemas for one MCP revision. */
export interface McpSchemas {
  /** The envelope of each message type, and any one message. */
  JSONRPCRequestSchema: z.ZodType;
  JSONRPCNotificationSchema: z.ZodType;
  JSONRPCResultResponseSchema: z.ZodType;
  JSONRPCErrorResponseSchema: z.ZodType;
  JSONRPCMessageSchema: z.ZodType;
  /** A request's `params._meta` (2026-07-28: the required envelope), a notification's and a result's. */
  RequestMetaSchema: z.ZodType;
  NotificationMetaSchema: z.ZodType;
  ResultMetaSchema: z.ZodType;
  ClientCapabilitiesSchema: z.ZodType;
  ServerCapabilitiesSchema: z.ZodType;
  ImplementationSchema: z.ZodType;
  /** The params of each typed request, by method (the envelope's `_meta` is checked by RequestMetaSchema). */
  requests: Readonly<Record<string, z.ZodType>>;
  /** The params of each typed notification, by method. */
  notifications: Readonly<Record<string, z.ZodType>>;
  /** The result of each typed request, by method, when the result is complete (2026-07-28: see InputRequiredResult). */
  results: Readonly<Record<string, z.ZodType>>;
  /** The methods whose 2026-07-28 result may instead be an InputRequiredResult. */
  inputRequiredMethods: readonly string[];
  /** The `data` of the errors whose schema types it, by code. */
  errorData: Readonly<Record<number, z.ZodType>>;
  /** Whole typed messages, for callers that validate one message type. */
  CallToolRequestSchema: z.ZodType;
  CallToolResultSchema: z.ZodType;
}

/** A null-prototype record, so that a method named "constructor" or "__proto__" looks up nothing. */
function table<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

function buildMcpSchemas(version: McpVersion): McpSchemas {
  const modern = version === '2026-07-28';
  const legacy = !modern;
  const implementation = version === '2025-06-18' ? Implementation20250618Schema : Implementation20251125Schema;
  const clientCapabilities = clientCapabilitiesSchema(version);
  const serverCapabilities = serverCapabilitiesSchema(version);

  // Envelope.
  const requestMeta = modern ? RequestMetaSchema : LegacyRequestMetaSchema;
  const request = z.looseObject({
    jsonrpc: z.literal('2.0'),
    id: RequestIdSchema,
    method: z.string(),
    params: modern
      ? z.looseObject({ _meta: RequestMetaSchema })
      : z.looseObject({ _meta: LegacyRequestMetaSchema.optional() }).optional(),
    result: absent,
    error: absent,
  });
  const notificationMeta = modern
    ? z.looseObject({ 'io.modelcontextprotocol/subscriptionId': RequestIdSchema.optional() })
    : JsonObjectSchema;
  const notification = z.looseObject({
    jsonrpc: z.literal('2.0'),
    method: z.string(),
    params: z.looseObject({ _meta: notificationMeta.optional() }).optional(),
    id: absent,
    result: absent,
    error: absent,
  });
  const resultMeta = modern
    ? z.looseObject({ 'io.modelcontextprotocol/serverInfo': ImplementationSchema.optional() })
    : JsonObjectSchema;
  // 2026-07-28: resultType is required, but a client treats an absent one as "complete" (the classifier warns), and
  // a value it does not recognise makes the result invalid (basic/index.mdx §ResultType).
  const resultObject = z.looseObject({
    _meta: resultMeta.optional(),
    ...(modern ? { resultType: z.enum(RESULT_TYPES).optional() } : {}),
  });
  const resultResponse = z.looseObject({
    jsonrpc: z.literal('2.0'),
    id: RequestIdSchema,
    result: resultObject,
    error: absent,
    method: absent,
  });
  // An error response's id: the classifier warns about "id": null (JSON-RPC's form, which the SDKs send over HTTP)
  // and, in 2025-06-18, about a missing one (that schema requires it), rather than rejecting the response.
  const errorResponse = z.looseObject({
    jsonrpc: z.literal('2.0'),
    id: RequestIdSchema.nullable().optional(),
    error: JSONRPCErrorObjectSchema,
    result: absent,
    method: absent,
  });

  // Payload: request params by method.
  const cursor = z.looseObject({ cursor: z.string().optional() });
  const paginated = modern ? cursor : cursor.optional();
  const inputResponseShape = modern
    ? { inputResponses: z.record(z.string(), InputResponseSchema).optional(), requestState: z.string().optional() }
    : {};
  const callToolParams = z.looseObject({
    name: z.string(),
    arguments: JsonObjectSchema.optional(),
    ...(version === '2025-11-25' ? { task: z.looseObject({ ttl: IntegerSchema.optional() }).optional() } : {}),
    ...inputResponseShape,
  });
  const requests: Record<string, z.ZodType> = {
    'tools/call': callToolParams,
    'tools/list': paginated,
    'prompts/list': paginated,
    'resources/list': paginated,
    'resources/templates/list': paginated,
    'resources/read': z.looseObject({ uri: z.string(), ...inputResponseShape }),
    'prompts/get': z.looseObject({
      name: z.string(),
      arguments: z.record(z.string(), z.string()).optional(),
      ...inputResponseShape,
    }),
    'completion/complete': z.looseObject({
      ref: z.discriminatedUnion('type', [
        z.looseObject({ type: z.literal('ref/prompt'), name: z.string() }),
        z.looseObject({ type: z.literal('ref/resource'), uri: z.string() }),
      ]),
      argument: z.looseObject({ name: z.string(), value: z.string() }),
      context: z.looseObject({ arguments: z.record(z.string(), z.string()).optional() }).optional(),
    }),
  };
  if (legacy) {
    Object.assign(requests, {
      initialize: z.looseObject({
        protocolVersion: z.string(),
        capabilities: clientCapabilities,
        clientInfo: implementation,
      }),
      'logging/setLevel': z.looseObject({ level: LoggingLevelSchema }),
      'resources/subscribe': z.looseObject({ uri: z.string() }),
      'resources/unsubscribe': z.looseObject({ uri: z.string() }),
      // Server-to-client requests (2026-07-28 replaced them with input requests inside results).
      'sampling/createMessage': createMessageParamsSchema(version),
      'elicitation/create': elicitParamsSchema(version),
    });
  } else {
    Object.assign(requests, {
      'subscriptions/listen': z.looseObject({ notifications: SubscriptionFilterSchema }),
    });
  }

  // Payload: notification params by method.
  const notifications: Record<string, z.ZodType> = {
    'notifications/cancelled': z.looseObject({
      requestId: version === '2025-11-25' ? RequestIdSchema.optional() : RequestIdSchema,
      reason: z.string().optional(),
    }),
    'notifications/progress': z.looseObject({
      progressToken: ProgressTokenSchema,
      progress: z.number(),
      total: z.number().optional(),
      message: z.string().optional(),
    }),
    'notifications/message': z
      .looseObject({ level: LoggingLevelSchema, logger: z.string().optional(), data: z.unknown() })
      .superRefine(requireMember('data')),
    'notifications/resources/updated': z.looseObject({ uri: z.string() }),
  };
  if (modern)
    notifications['notifications/subscriptions/acknowledged'] = z.looseObject({
      notifications: SubscriptionFilterSchema,
    });
  if (version === '2025-11-25')
    notifications['notifications/elicitation/complete'] = z.looseObject({ elicitationId: z.string() });

  // Payload: results by method.
  const cacheable = modern ? cacheableShape : {};
  const callToolResult = callToolResultSchema(version);
  const results: Record<string, z.ZodType> = {
    'tools/call':
      version === '2025-11-25'
        ? // A task-augmented call may be answered with a CreateTaskResult instead (tasks.mdx).
          z.union([callToolResult, z.looseObject({ task: z.looseObject({ taskId: z.string(), status: z.string() }) })])
        : callToolResult,
    'tools/list': z.looseObject({
      tools: z.array(toolSchema(version)),
      nextCursor: z.string().optional(),
      ...cacheable,
    }),
    'resources/list': z.looseObject({
      resources: z.array(ResourceSchema),
      nextCursor: z.string().optional(),
      ...cacheable,
    }),
    'resources/templates/list': z.looseObject({
      resourceTemplates: z.array(ResourceTemplateSchema),
      nextCursor: z.string().optional(),
      ...cacheable,
    }),
    'resources/read': z.looseObject({ contents: z.array(ResourceContentsSchema), ...cacheable }),
    'prompts/list': z.looseObject({ prompts: z.array(PromptSchema), nextCursor: z.string().optional(), ...cacheable }),
    'prompts/get': z.looseObject({ description: z.string().optional(), messages: z.array(PromptMessageSchema) }),
    'completion/complete': z.looseObject({
      completion: z.looseObject({
        values: z.array(z.string()).max(100),
        total: IntegerSchema.optional(),
        hasMore: z.boolean().optional(),
      }),
    }),
  };
  if (legacy) {
    Object.assign(results, {
      initialize: z.looseObject({
        protocolVersion: z.string(),
        capabilities: serverCapabilities,
        serverInfo: implementation,
        instructions: z.string().optional(),
      }),
      'sampling/createMessage': createMessageResultSchema(version),
      'elicitation/create': elicitResultSchema(),
      'roots/list': ListRootsResultSchema,
    });
  } else {
    Object.assign(results, {
      'server/discover': z.looseObject({
        supportedVersions: z.array(z.string()),
        capabilities: serverCapabilities,
        instructions: z.string().optional(),
        ...cacheableShape,
      }),
      'subscriptions/listen': z.looseObject({
        _meta: z.looseObject({ 'io.modelcontextprotocol/subscriptionId': RequestIdSchema }),
      }),
    });
  }

  // Whole typed messages.
  const requestParams = modern
    ? z.looseObject({ _meta: RequestMetaSchema })
    : z.looseObject({ _meta: LegacyRequestMetaSchema.optional() });
  const callToolRequest = request.extend({
    method: z.literal('tools/call'),
    params: requestParams.extend(callToolParams.shape),
  });

  return {
    JSONRPCRequestSchema: request,
    JSONRPCNotificationSchema: notification,
    JSONRPCResultResponseSchema: resultResponse,
    JSONRPCErrorResponseSchema: errorResponse,
    JSONRPCMessageSchema: z.union([request, notification, resultResponse, errorResponse]),
    RequestMetaSchema: requestMeta,
    NotificationMetaSchema: notificationMeta,
    ResultMetaSchema: resultMeta,
    ClientCapabilitiesSchema: clientCapabilities,
    ServerCapabilitiesSchema: serverCapabilities,
    ImplementationSchema: implementation,
    requests: table(requests),
    notifications: table(notifications),
    results: table(results),
    inputRequiredMethods: modern ? ['tools/call', 'resources/read', 'prompts/get'] : [],
    errorData: table(ERROR_DATA[version]),
    CallToolRequestSchema: callToolRequest,
    CallToolResultSchema: callToolResult,
  };
}

/**
 * The `data` of the errors whose schema types it, by revision and code: 2026-07-28 `UnsupportedProtocolVersionError`
 * (-32022) and `MissingRequiredClientCapabilityError` (-32021); 2025-11-25 `URLElicitationRequiredError` (-32042).
 */
const ERROR_DATA: Readonly<Record<McpVersion, Record<number, z.ZodType>>> = {
  '2025-06-18': {},
  '2025-11-25': {
    [ERROR_CODE.URLElicitationRequired]: z.looseObject({
      elicitations: z.array(
        z.looseObject({ mode: z.literal('url'), message: z.string(), elicitationId: z.string(), url: z.string() }),
      ),
    }),
  },
  '2026-07-28': {
    [ERROR_CODE.UnsupportedProtocolVersion]: z.looseObject({ supported: z.array(z.string()), requested: z.string() }),
    [ERROR_CODE.MissingRequiredClientCapability]: z.looseObject({
      requiredCapabilities: clientCapabilitiesSchema('2026-07-28'),
    }),
  },
};

/** The MCP schemas for every revision the course covers. */
export const MCP_SCHEMAS: Readonly<Record<McpVersion, McpSchemas>> = {
  '2025-06-18': buildMcpSchemas('2025-06-18'),
  '2025-11-25': buildMcpSchemas('2025-11-25'),
  '2026-07-28': buildMcpSchemas('2026-07-28'),
};

/** `CallToolRequest` for the default revision, 2026-07-28. */
export const CallToolRequestSchema = MCP_SCHEMAS['2026-07-28'].CallToolRequestSchema;
/** `CallToolResult` for the default revision, 2026-07-28 (with the required `resultType`). */
export const CallToolResultSchema = MCP_SCHEMAS['2026-07-28'].CallToolResultSchema;
