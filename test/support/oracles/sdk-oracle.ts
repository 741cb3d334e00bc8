/**
 * The official TypeScript SDK (@modelcontextprotocol/core and /server 2.4) as an oracle the model did not write.
 *
 * - `envelope`: the SDK's strict JSON-RPC schemas (JSONRPCRequestSchema, …; JSONRPCMessageSchema is their union) say
 *   which message type the value is, or `invalid`.
 * - `typed`: the SDK's per-type schemas: a request or notification of a method the SDK defines is checked against that
 *   method's schema (CallToolRequestSchema, ProgressNotificationSchema, DiscoverRequestSchema, …); a result against
 *   ResultSchema and, when it has the members the spec's schema requires of some result types, the SDK's schemas of
 *   those types (CallToolResultSchema, ElicitResultSchema, …).
 * - 2026-07-28 requests also go through the SDK server's own inbound classifier (`classifyInboundRequest`, the
 *   dual-era HTTP entry), whose envelope rung checks the required `_meta` members and their types. Its later rungs
 *   (an unknown method, a missing capability) are about the server, not the message, and are not used.
 */
import * as core from '@modelcontextprotocol/core';
import { classifyInboundRequest } from '@modelcontextprotocol/server';
import { schemaOf } from './json-schema-oracle.ts';
import { isObject, type OracleKind } from './oracle-rows.ts';

export const SDK_VARIANTS = ['2025-11-25', '2026-07-28'] as const;
export type SdkVariant = (typeof SDK_VARIANTS)[number];

interface ZodLike {
  safeParse(v: unknown): { success: boolean };
  shape?: Record<string, { value?: unknown; def?: { values?: unknown[] } }>;
}
const schemas = core as unknown as Record<string, ZodLike>;

/** A zod object's literal `method`, if it has one. */
function literalMethod(schema: ZodLike): string | undefined {
  const m = schema.shape?.method;
  const value = m?.value ?? m?.def?.values?.[0];
  return typeof value === 'string' ? value : undefined;
}

function byMethod(suffix: 'RequestSchema' | 'NotificationSchema'): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, schema] of Object.entries(schemas)) {
    if (!name.endsWith(suffix) || name.startsWith('JSONRPC')) continue;
    const method = literalMethod(schema);
    if (method) map.set(method, name);
  }
  return map;
}
/** Method → the SDK schema of its request (CallToolRequestSchema, …). */
export const SDK_REQUEST_METHODS = byMethod('RequestSchema');
/** Method → the SDK schema of its notification. */
const SDK_NOTIFICATION_METHODS = byMethod('NotificationSchema');

export function sdkEnvelope(value: unknown): OracleKind {
  if (!schemas.JSONRPCMessageSchema!.safeParse(value).success) return 'invalid';
  if (schemas.JSONRPCRequestSchema!.safeParse(value).success) return 'request';
  if (schemas.JSONRPCNotificationSchema!.safeParse(value).success) return 'notification';
  if (schemas.JSONRPCResultResponseSchema!.safeParse(value).success) return 'result';
  if (schemas.JSONRPCErrorResponseSchema!.safeParse(value).success) return 'error';
  throw new Error('JSONRPCMessageSchema matched but none of its members did');
}

/** The SDK's typed verdict, or undefined when it has no type for the message (an unknown method, an error). */
export function sdkTyped(variant: SdkVariant, value: unknown): { type: string; valid: boolean } | undefined {
  const kind = sdkEnvelope(value);
  if (!isObject(value)) return undefined;
  if (kind === 'request' && variant === '2026-07-28') {
    const params = isObject(value.params) ? value.params : {};
    const meta = isObject(params._meta) ? params._meta : {};
    const version = meta['io.modelcontextprotocol/protocolVersion'];
    const outcome = classifyInboundRequest({
      httpMethod: 'POST',
      // The headers a conforming client would send for this body, so only the body is judged.
      protocolVersionHeader: typeof version === 'string' ? version : '2026-07-28',
      mcpMethodHeader: typeof value.method === 'string' ? value.method : undefined,
      mcpNameHeader:
        typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined,
      body: value,
    });
    if (outcome.kind === 'reject' && ['jsonrpc-shape', 'envelope', 'request-params'].includes(outcome.rung)) {
      return { type: `classifyInboundRequest (${outcome.rung}: ${outcome.cell})`, valid: false };
    }
  }
  if (kind === 'request' || kind === 'notification') {
    const name = (kind === 'request' ? SDK_REQUEST_METHODS : SDK_NOTIFICATION_METHODS).get(String(value.method));
    if (!name) return undefined;
    const body = 'params' in value ? { method: value.method, params: value.params } : { method: value.method };
    return { type: name, valid: schemas[name]!.safeParse(body).success };
  }
  if (kind === 'result') {
    const result = value.result;
    if (!schemas.ResultSchema!.safeParse(result).success) return { type: 'ResultSchema', valid: false };
    // Which result type it is depends on the request's method; the candidates are the spec's result types whose
    // required members it has (the spec's lists: the SDK's schemas give some members defaults), checked with the
    // SDK's schema of the same name.
    const keys = isObject(result) ? new Set(Object.keys(result)) : new Set<string>();
    const names = schemaOf(variant)
      .resultTypes.filter((t) => t.required.every((k) => keys.has(k)))
      .map((t) => `${t.name}Schema`)
      .filter((n) => n in schemas);
    if (names.length === 0) return { type: 'ResultSchema', valid: true };
    return { type: names.join(' | '), valid: names.some((n) => schemas[n]!.safeParse(result).success) };
  }
  return undefined;
}
