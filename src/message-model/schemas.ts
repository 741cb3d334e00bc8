/**
 * zod 4 schemas for JSON-RPC 2.0 and for MCP messages per revision, named after the spec's types
 * (`JSONRPCRequest` → `JSONRPCRequestSchema`). They validate shape only; `classifyMessage` uses them and adds
 * the reasons, the JSON Pointers and the reply owed.
 */
import { z } from 'zod';
import { ERROR_CODE } from './error-codes.ts';
import type { McpVersion } from './protocols.ts';

/** JSON-RPC 2.0 §4: an id is a String, a Number or Null (Null discouraged). */
export const JSONRPCIdSchema = z.union([z.string(), z.number(), z.null()]);

/** MCP: a request id is a string or an integer, never null (spec basic/index.mdx §Requests, all revisions). */
export const RequestIdSchema = z.union([z.string(), z.int()]);
export type RequestId = z.infer<typeof RequestIdSchema>;

/** JSON-RPC 2.0 §4.2: params, when present, are structured: an Array (by position) or an Object (by name). */
const JSONRPCParamsSchema = z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]);

/** JSON-RPC 2.0 §5.1: the error object. */
export const JSONRPCErrorObjectSchema = z.object({
  code: z.int(),
  message: z.string(),
  data: z.unknown().optional(),
});

/** JSON-RPC 2.0 §4: a request object with an id. */
export const JSONRPCRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: JSONRPCIdSchema,
  method: z.string(),
  params: JSONRPCParamsSchema.optional(),
});

/** JSON-RPC 2.0 §4.1: a request object without an id member. */
export const JSONRPCNotificationSchema = z.object({
  jsonrpc: z.literal('2.0'),
  method: z.string(),
  params: JSONRPCParamsSchema.optional(),
});

/** JSON-RPC 2.0 §5: a successful response; `result` may be any value. */
export const JSONRPCResultResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: JSONRPCIdSchema,
  result: z.unknown().refine((v) => v !== undefined, 'result is required'),
});

/** JSON-RPC 2.0 §5: an error response; `id` is required and is null when the request's id could not be read. */
export const JSONRPCErrorResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: JSONRPCIdSchema,
  error: JSONRPCErrorObjectSchema,
});

/** Any single JSON-RPC 2.0 message (a batch is an array of these). */
export const JSONRPCMessageSchema = z.union([
  JSONRPCRequestSchema,
  JSONRPCNotificationSchema,
  // .loose() keeps the other member for the check: a plain object schema would strip it first and let both through.
  JSONRPCResultResponseSchema.loose().refine((m) => !('error' in m), 'result and error are exclusive'),
  JSONRPCErrorResponseSchema.loose().refine((m) => !('result' in m), 'result and error are exclusive'),
]);

/** JSON-RPC 2.0 §6: a batch is a non-empty array of messages. */
export const JSONRPCBatchSchema = z.array(z.unknown()).min(1);

/** MCP 2025-06-18+: `Implementation`, the name and version a client or server reports about itself. */
export const ImplementationSchema = z.looseObject({
  name: z.string(),
  version: z.string(),
  title: z.string().optional(),
});

/**
 * MCP 2026-07-28: the `_meta` envelope every request carries (spec 2026-07-28 basic/index.mdx §_meta; schema.ts
 * `RequestMetaObject`). protocolVersion and clientCapabilities are required; clientInfo is a SHOULD.
 */
export const RequestMetaSchema = z.looseObject({
  'io.modelcontextprotocol/protocolVersion': z.string(),
  'io.modelcontextprotocol/clientCapabilities': z.record(z.string(), z.unknown()),
  'io.modelcontextprotocol/clientInfo': ImplementationSchema.optional(),
  'io.modelcontextprotocol/logLevel': z.string().optional(),
  progressToken: z.union([z.string(), z.number()]).optional(),
});

const ParamsObjectSchema = z.record(z.string(), z.unknown());

/** MCP annotations on content (audience, priority, lastModified). */
const AnnotationsSchema = z.looseObject({
  audience: z.array(z.enum(['user', 'assistant'])).optional(),
  priority: z.number().min(0).max(1).optional(),
  lastModified: z.string().optional(),
});

/** MCP `TextContent`. */
export const TextContentSchema = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  annotations: AnnotationsSchema.optional(),
});

/** MCP `ImageContent`: base64 `data` and a `mimeType`. */
export const ImageContentSchema = z.looseObject({
  type: z.literal('image'),
  data: z.string(),
  mimeType: z.string(),
  annotations: AnnotationsSchema.optional(),
});

/** MCP `AudioContent`: base64 `data` and a `mimeType`. */
export const AudioContentSchema = z.looseObject({
  type: z.literal('audio'),
  data: z.string(),
  mimeType: z.string(),
  annotations: AnnotationsSchema.optional(),
});

/** MCP `ResourceLink`: a pointer to a resource the client may read. */
export const ResourceLinkSchema = z.looseObject({
  type: z.literal('resource_link'),
  uri: z.string(),
  name: z.string(),
  mimeType: z.string().optional(),
  annotations: AnnotationsSchema.optional(),
});

const ResourceContentsSchema = z.union([
  z.looseObject({ uri: z.string(), mimeType: z.string().optional(), text: z.string() }),
  z.looseObject({ uri: z.string(), mimeType: z.string().optional(), blob: z.string() }),
]);

/** MCP `EmbeddedResource`: resource contents inline, as text or a base64 blob. */
export const EmbeddedResourceSchema = z.looseObject({
  type: z.literal('resource'),
  resource: ResourceContentsSchema,
  annotations: AnnotationsSchema.optional(),
});

/** MCP `ContentBlock`: the five content types a tool result can carry. */
export const ContentBlockSchema = z.discriminatedUnion('type', [
  TextContentSchema,
  ImageContentSchema,
  AudioContentSchema,
  ResourceLinkSchema,
  EmbeddedResourceSchema,
]);
export type ContentBlock = z.infer<typeof ContentBlockSchema>;

/** The content block types, in the spec's order. */
export const CONTENT_BLOCK_TYPES = ['text', 'image', 'audio', 'resource_link', 'resource'] as const;

/** The `resultType` values MCP 2026-07-28 defines (spec 2026-07-28 basic/index.mdx §ResultType). */
export const RESULT_TYPES = ['complete', 'input_required'] as const;
export type ResultType = (typeof RESULT_TYPES)[number];

/** The methods an `InputRequiredResult` may ask the client to run (spec 2026-07-28 basic/patterns/mrtr.mdx). */
export const INPUT_REQUEST_METHODS = ['elicitation/create', 'sampling/createMessage', 'roots/list'] as const;

/** MCP 2026-07-28 `InputRequiredResult`: the server needs input before it can finish; at least one member is present. */
export const InputRequiredResultSchema = z
  .looseObject({
    resultType: z.literal('input_required'),
    inputRequests: z
      .record(
        z.string(),
        z.looseObject({ method: z.enum(INPUT_REQUEST_METHODS), params: ParamsObjectSchema.optional() }),
      )
      .optional(),
    requestState: z.string().optional(),
    _meta: ParamsObjectSchema.optional(),
  })
  .refine((r) => r.inputRequests !== undefined || r.requestState !== undefined, {
    message: 'At least one of inputRequests or requestState must be present.',
  });

/** The schemas for one MCP revision. */
export interface McpSchemas {
  JSONRPCRequestSchema: z.ZodType;
  JSONRPCNotificationSchema: z.ZodType;
  JSONRPCResultResponseSchema: z.ZodType;
  JSONRPCErrorResponseSchema: z.ZodType;
  JSONRPCMessageSchema: z.ZodType;
  CallToolRequestSchema: z.ZodType;
  CallToolResultSchema: z.ZodType;
}

function buildMcpSchemas(version: McpVersion): McpSchemas {
  const modern = version === '2026-07-28';
  const requestParams = modern ? z.looseObject({ _meta: RequestMetaSchema }) : ParamsObjectSchema;
  const request = z.object({
    jsonrpc: z.literal('2.0'),
    id: RequestIdSchema,
    method: z.string(),
    ...(modern ? { params: requestParams } : { params: requestParams.optional() }),
  });
  const notification = z.object({
    jsonrpc: z.literal('2.0'),
    method: z.string(),
    params: ParamsObjectSchema.optional(),
  });
  const resultObject = modern
    ? z.looseObject({ resultType: z.string(), _meta: ParamsObjectSchema.optional() })
    : z.looseObject({ _meta: ParamsObjectSchema.optional() });
  const resultResponse = z.object({ jsonrpc: z.literal('2.0'), id: RequestIdSchema, result: resultObject });
  // 2025-06-18's schema requires the error response's id; later revisions allow it to be left out when unreadable.
  const errorResponse = z.object({
    jsonrpc: z.literal('2.0'),
    id: version === '2025-06-18' ? RequestIdSchema : RequestIdSchema.optional(),
    error: JSONRPCErrorObjectSchema,
  });
  const callToolParams = z.looseObject({
    name: z.string(),
    arguments: ParamsObjectSchema.optional(),
    ...(modern
      ? { _meta: RequestMetaSchema, inputResponses: ParamsObjectSchema.optional(), requestState: z.string().optional() }
      : { _meta: ParamsObjectSchema.optional() }),
  });
  const callToolRequest = z.object({
    jsonrpc: z.literal('2.0'),
    id: RequestIdSchema,
    method: z.literal('tools/call'),
    params: callToolParams,
  });
  const callToolResult = z.looseObject({
    content: z.array(ContentBlockSchema),
    structuredContent: modern ? z.unknown().optional() : ParamsObjectSchema.optional(),
    isError: z.boolean().optional(),
    ...(modern ? { resultType: z.literal('complete') } : {}),
    _meta: ParamsObjectSchema.optional(),
  });
  return {
    JSONRPCRequestSchema: request,
    JSONRPCNotificationSchema: notification,
    JSONRPCResultResponseSchema: resultResponse,
    JSONRPCErrorResponseSchema: errorResponse,
    JSONRPCMessageSchema: z.union([
      request,
      notification,
      resultResponse.loose().refine((m) => !('error' in m), 'result and error are exclusive'),
      errorResponse.loose().refine((m) => !('result' in m), 'result and error are exclusive'),
    ]),
    CallToolRequestSchema: callToolRequest,
    CallToolResultSchema: callToolResult,
  };
}

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

/**
 * The `data` of the errors whose schema types it, by revision and code: 2026-07-28 `UnsupportedProtocolVersionError`
 * (-32022) and `MissingRequiredClientCapabilityError` (-32021); 2025-11-25 `URLElicitationRequiredError` (-32042).
 */
export const ERROR_DATA_SCHEMAS: Readonly<Record<McpVersion, Readonly<Record<number, z.ZodType>>>> = {
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
    [ERROR_CODE.MissingRequiredClientCapability]: z.looseObject({ requiredCapabilities: ParamsObjectSchema }),
  },
};
