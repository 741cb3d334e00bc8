/**
 * Hand-written checks that let the classifier skip a zod parse on the common, valid shapes. Each one is sound:
 * when it returns true, the named schema is certain to accept the value (so the classifier's verdict is the
 * same); when it returns false, the classifier asks zod, which also explains what is wrong. The optional `json`
 * argument says the value came from JSON.parse (the classifier knows), which spares a check JSON cannot fail.
 * test/unit/message-model/fast-paths.test.ts holds each check to its schema with generated values.
 *
 * Each repeats rules its schema already states, so each stays only while `npm run bench` needs it for the speed
 * target: `npm run bench:fast-paths <name>` prints the classifier's time without one over its time with it (the name
 * beside each below), and the `control` variant prints the method's own noise.
 */

import type { McpVersion } from './protocols.ts';
import { LOGGING_LEVELS } from './schemas.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An object zod's `z.record(z.string(), z.unknown())` accepts: plain, with only string keys. With `json` (a value
 * fresh from JSON.parse, which never makes symbol keys) the symbol check is skipped: it allocates, and the classifier
 * asks this on every message. Skips: the symbol-key check; bench: `json-flag`.
 */
function isPlainStringKeyed(v: unknown, json = false): boolean {
  if (!isObject(v) || Object.getPrototypeOf(v) !== Object.prototype) return false;
  if (json) return true;
  const ctor = v.constructor;
  if (typeof ctor === 'function' && ctor !== Object) return false;
  return Object.getOwnPropertySymbols(v).length === 0;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isInteger = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v);
const isFiniteNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
// Absent-or-valid checks, one per test: a generic helper taking the test as a callback would make a call the engine
// cannot inline, on every member of every message.
const optString = (v: unknown): boolean => v === undefined || typeof v === 'string';
const optFiniteNumber = (v: unknown): boolean => v === undefined || isFiniteNumber(v);
const isProgressToken = (v: unknown): boolean => isString(v) || isInteger(v);
const optProgressToken = (v: unknown): boolean => v === undefined || isProgressToken(v);
const optPlain = (v: unknown, json: boolean): boolean => v === undefined || isPlainStringKeyed(v, json);
const isRequestId = isProgressToken;
const LEVELS: ReadonlySet<unknown> = new Set(LOGGING_LEVELS);

/** Capabilities made only of the members the 2026-07-28 schema types, each holding plain objects, or of nothing. */
function isSurelyClientCapabilities(v: unknown, json: boolean): boolean {
  if (!isPlainStringKeyed(v, json)) return false;
  const caps = v as Record<string, unknown>;
  for (const key in caps) {
    const value = caps[key];
    if (!isPlainStringKeyed(value, json)) return false;
    if (key === 'experimental' || key === 'extensions' || key === 'sampling' || key === 'elicitation') {
      // Each member of these is itself an object in the schema (JSONObject).
      const members = value as Record<string, unknown>;
      for (const k in members) if (!isPlainStringKeyed(members[k], json)) return false;
    } else if (key !== 'roots') return false;
  }
  return true;
}

/** An `Implementation` with only the required strings (and a string title). */
const isSurelyImplementation = (v: unknown): boolean =>
  isObject(v) &&
  Object.getPrototypeOf(v) === Object.prototype &&
  isString(v.name) &&
  isString(v.version) &&
  optString(v.title) &&
  v.description === undefined &&
  v.websiteUrl === undefined &&
  v.icons === undefined;

/**
 * True only when RequestMetaSchema (the 2026-07-28 `_meta` envelope) certainly accepts `meta`. Skips: its zod parse;
 * bench: `request-meta`.
 */
export function isSurelyRequestMeta(meta: unknown, json = false): boolean {
  if (!isObject(meta) || Object.getPrototypeOf(meta) !== Object.prototype) return false;
  if (!isString(meta['io.modelcontextprotocol/protocolVersion'])) return false;
  if (!isSurelyClientCapabilities(meta['io.modelcontextprotocol/clientCapabilities'], json)) return false;
  const info = meta['io.modelcontextprotocol/clientInfo'];
  if (info !== undefined && !isSurelyImplementation(info)) return false;
  const level = meta['io.modelcontextprotocol/logLevel'];
  if (level !== undefined && !LEVELS.has(level)) return false;
  return optProgressToken(meta.progressToken);
}

/**
 * True only when the params schema of `method` under `version` (schemas.ts `MCP_SCHEMAS[v].requests` and
 * `.notifications`) certainly accepts `params`, for the shapes the classifier meets on every message. False means
 * "ask zod", not "invalid". Skips: the params schema's zod parse; bench: `params`.
 */
export function isSurelyValidParams(method: string, version: McpVersion, params: unknown, json = false): boolean {
  const plain = isObject(params) && Object.getPrototypeOf(params) === Object.prototype;
  const p = params as Record<string, unknown>;
  // 2026-07-28's input responses and 2025-11-25's task are left to zod.
  const noExtras = plain && p.inputResponses === undefined && p.requestState === undefined && p.task === undefined;
  switch (method) {
    case 'tools/call':
      return noExtras && isString(p.name) && optPlain(p.arguments, json);
    case 'tools/list':
    case 'prompts/list':
    case 'resources/list':
    case 'resources/templates/list':
      return (params === undefined && version !== '2026-07-28') || (plain && optString(p.cursor));
    case 'resources/read':
      return noExtras && isString(p.uri);
    case 'prompts/get':
      return (
        noExtras &&
        isString(p.name) &&
        (p.arguments === undefined ||
          (isPlainStringKeyed(p.arguments, json) && Object.values(p.arguments as object).every(isString)))
      );
    case 'notifications/progress':
      return (
        plain &&
        isProgressToken(p.progressToken) &&
        isFiniteNumber(p.progress) &&
        optFiniteNumber(p.total) &&
        optString(p.message)
      );
    case 'notifications/cancelled':
      return plain && isRequestId(p.requestId) && optString(p.reason);
    case 'notifications/message':
      return plain && LEVELS.has(p.level) && optString(p.logger) && Object.prototype.hasOwnProperty.call(p, 'data');
    default:
      return false;
  }
}

/** True only when ContentBlockSchema certainly accepts `block`: a text block without annotations, the common case. */
export function isSurelyTextBlock(block: unknown): boolean {
  return (
    isObject(block) &&
    Object.getPrototypeOf(block) === Object.prototype &&
    block.type === 'text' &&
    typeof block.text === 'string' &&
    block.annotations === undefined &&
    block._meta === undefined
  );
}

/**
 * True only when `MCP_SCHEMAS[version].CallToolResultSchema` certainly accepts the result (with a 2026-07-28
 * `resultType` that is absent or "complete"): text blocks only, a boolean isError, and before 2026-07-28 an object
 * structuredContent. Skips: CallToolResultSchema's zod parse; bench: `tool-result`.
 */
export function isSurelyToolResult(result: unknown, version: McpVersion, json = false): boolean {
  if (!isObject(result) || Object.getPrototypeOf(result) !== Object.prototype) return false;
  const content = result.content;
  if (!Array.isArray(content) || !content.every(isSurelySimpleBlock)) return false;
  if (result.isError !== undefined && typeof result.isError !== 'boolean') return false;
  if (result._meta !== undefined) return false;
  if (version === '2026-07-28') return result.resultType === undefined || result.resultType === 'complete';
  return optPlain(result.structuredContent, json);
}

/** A content block ContentBlockSchema certainly accepts: text, image, audio or resource_link, without annotations or _meta. */
function isSurelySimpleBlock(block: unknown): boolean {
  if (isSurelyTextBlock(block)) return true;
  if (!isObject(block) || Object.getPrototypeOf(block) !== Object.prototype) return false;
  if (block.annotations !== undefined || block._meta !== undefined) return false;
  if (block.type === 'image' || block.type === 'audio') return isString(block.data) && isString(block.mimeType);
  if (block.type === 'resource_link') return isString(block.uri) && isString(block.name) && optString(block.mimeType);
  return false;
}

/** A `Tool` as tools/list lists it, in its plain form: name, description, an object inputSchema; nothing else typed. */
function isSurelyTool(tool: unknown, json: boolean): boolean {
  if (!isObject(tool) || Object.getPrototypeOf(tool) !== Object.prototype) return false;
  const input = tool.inputSchema;
  return (
    isString(tool.name) &&
    optString(tool.title) &&
    optString(tool.description) &&
    isObject(input) &&
    Object.getPrototypeOf(input) === Object.prototype &&
    input.type === 'object' &&
    optPlain(input.properties, json) &&
    (input.required === undefined || (Array.isArray(input.required) && input.required.every(isString))) &&
    tool.outputSchema === undefined &&
    tool.annotations === undefined &&
    tool._meta === undefined &&
    tool.icons === undefined
  );
}

/** `TextResourceContents` / `BlobResourceContents` in their plain form. */
const isSurelyResourceContents = (c: unknown): boolean =>
  isObject(c) &&
  Object.getPrototypeOf(c) === Object.prototype &&
  isString(c.uri) &&
  optString(c.mimeType) &&
  (isString(c.text) || isString(c.blob));

/** 2026-07-28 `CacheableResult`: a whole non-negative ttlMs and a known cacheScope. */
const isSurelyCacheable = (r: Record<string, unknown>): boolean =>
  typeof r.ttlMs === 'number' &&
  Number.isInteger(r.ttlMs) &&
  r.ttlMs >= 0 &&
  (r.cacheScope === 'public' || r.cacheScope === 'private');

/**
 * True only when `MCP_SCHEMAS[version].results[method]` certainly accepts `result`, for the list and read results the
 * classifier meets most. False means "ask zod", not "invalid". Skips: the result schema's zod parse; bench:
 * `valid-result`.
 */
export function isSurelyValidResult(method: string, version: McpVersion, result: unknown, json = false): boolean {
  if (!isObject(result) || Object.getPrototypeOf(result) !== Object.prototype) return false;
  if (version === '2026-07-28' && !isSurelyCacheable(result)) return false;
  switch (method) {
    case 'tools/list':
      return (
        Array.isArray(result.tools) && result.tools.every((t) => isSurelyTool(t, json)) && optString(result.nextCursor)
      );
    case 'resources/read':
      return Array.isArray(result.contents) && result.contents.every(isSurelyResourceContents);
    default:
      return false;
  }
}
