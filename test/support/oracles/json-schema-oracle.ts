/**
 * The official JSON Schemas of MCP (test/data/spec/schema, from the spec repository) compiled with ajv: an oracle the
 * model did not write. 2025-06-18 is draft-07; 2025-11-25 and 2026-07-28 are JSON Schema 2020-12.
 *
 * It answers two questions about a parsed message under a version:
 *  - `envelope`: which JSON-RPC message type of the schema (JSONRPCRequest, …) the value is, or `invalid`;
 *  - `typed`: for a request or notification whose method the version defines, whether it matches that method's type
 *    (CallToolRequest, ProgressNotification, …); for a result, whether it matches `Result` and, when it has the
 *    required members of some result types (CallToolResult's `content`, ElicitResult's `action`, …), one of those;
 *    for an error response with an MCP-defined code, that code's error type (UnsupportedProtocolVersionError, …).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { officialSchema, SCHEMA_VERSIONS, type SchemaVersion } from './spec-snapshot.ts';

export type SchemaKind = 'request' | 'notification' | 'result' | 'error' | 'invalid';

interface Compiled {
  defs: Record<string, unknown>;
  validator(name: string): ValidateFunction;
  /** Method name → the $defs type of the request that carries it. */
  requestMethods: Map<string, string>;
  /** Method name → the $defs type of the notification that carries it. */
  notificationMethods: Map<string, string>;
  /** Code → the error-response type the schema defines for it (URLElicitationRequiredError, …). */
  errorTypes: Map<number, string>;
  /** The result types of the version's result unions, with the members each requires (resultType and _meta aside). */
  resultTypes: { name: string; required: string[] }[];
}

const compiled = new Map<SchemaVersion, Compiled>();

function compile(version: SchemaVersion): Compiled {
  const schema = officialSchema(version);
  const draft07 = version === '2025-06-18';
  const defsKey = draft07 ? 'definitions' : '$defs';
  const defs = schema[defsKey] as Record<string, Record<string, unknown>>;
  const ajv = draft07
    ? new Ajv({ strict: false, allErrors: false, validateFormats: true })
    : new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  (addFormats as unknown as (a: unknown) => void)(ajv);
  ajv.addSchema({ ...schema, $id: `mcp-${version}` });
  const cache = new Map<string, ValidateFunction>();
  const validator = (name: string) => {
    let v = cache.get(name);
    if (!v) {
      if (!defs[name]) throw new Error(`${version} schema has no type ${name}`);
      v = ajv.getSchema(`mcp-${version}#/${defsKey}/${name}`)!;
      cache.set(name, v);
    }
    return v;
  };
  // The request and notification types are the members of the schema's own unions (2026-07-28's
  // ClientNotification is a single type, and it has no ServerRequest: servers send no requests).
  const members = (union: string) => {
    const def = defs[union];
    if (!def) return [];
    const anyOf = def.anyOf as { $ref: string }[] | undefined;
    return anyOf ? anyOf.map((r) => r.$ref.split('/').pop()!) : [union];
  };
  const byMethod = (unions: string[]) => {
    const map = new Map<string, string>();
    for (const name of unions.flatMap(members)) {
      const method = (defs[name]?.properties as Record<string, { const?: unknown }> | undefined)?.method?.const;
      if (typeof method === 'string') map.set(method, name);
    }
    return map;
  };
  return {
    defs,
    validator,
    requestMethods: byMethod(['ClientRequest', 'ServerRequest']),
    notificationMethods: byMethod(['ClientNotification', 'ServerNotification']),
    errorTypes: new Map(
      Object.entries(defs).flatMap(([name, def]) => {
        const parts = ((def.properties as Record<string, { allOf?: unknown[] }> | undefined)?.error?.allOf ?? []) as {
          properties?: { code?: { const?: number } };
        }[];
        const code = parts.map((p) => p.properties?.code?.const).find((c) => typeof c === 'number');
        return code === undefined ? [] : [[code, name] as const];
      }),
    ),
    resultTypes: [...new Set(['ServerResult', 'ClientResult'].flatMap(members))]
      .filter((name) => name !== 'Result' && name !== 'EmptyResult')
      .map((name) => ({
        name,
        required: ((defs[name]?.required as string[] | undefined) ?? []).filter(
          (k) => k !== 'resultType' && k !== '_meta',
        ),
      }))
      .filter((t) => t.required.length > 0),
  };
}

/** The compiled schema of a version (compiled once). */
export function schemaOf(version: SchemaVersion): Compiled {
  let c = compiled.get(version);
  if (!c) compiled.set(version, (c = compile(version)));
  return c;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The schema's kind for a value. The schema's message types do not forbid extra members, so an object with both
 * `id` and `method` also matches JSONRPCNotification: the types are tried in the order request, result, error,
 * notification, and the first that matches names the kind.
 */
export function schemaEnvelope(version: SchemaVersion, value: unknown): SchemaKind {
  const s = schemaOf(version);
  const [result, error] =
    version === '2025-06-18' ? ['JSONRPCResponse', 'JSONRPCError'] : ['JSONRPCResultResponse', 'JSONRPCErrorResponse'];
  if (!s.validator('JSONRPCMessage')(value)) return 'invalid';
  if (s.validator('JSONRPCRequest')(value)) return 'request';
  if (s.validator(result)(value)) return 'result';
  if (s.validator(error)(value)) return 'error';
  if (s.validator('JSONRPCNotification')(value)) return 'notification';
  throw new Error('JSONRPCMessage matched but none of its types did');
}

/** The typed check: undefined when the schema has no type to check the message against (an unknown method). */
export function schemaTyped(version: SchemaVersion, value: unknown): { type: string; valid: boolean } | undefined {
  const s = schemaOf(version);
  const kind = schemaEnvelope(version, value);
  if (!isObject(value)) return undefined;
  if (kind === 'request' || kind === 'notification') {
    // A request method sent without an id is a notification the schema has no type for, and the other way round.
    const methods = kind === 'request' ? s.requestMethods : s.notificationMethods;
    const type = typeof value.method === 'string' ? methods.get(value.method) : undefined;
    return type ? { type, valid: s.validator(type)(value) } : undefined;
  }
  if (kind === 'result') {
    // Which result type a result is depends on the request's method, which one message does not carry. The candidates
    // are the schema's own result types (the members of ServerResult and ClientResult) whose required members the
    // result has; it is valid when it matches `Result` and, if there are candidates, at least one of them.
    const result = value.result;
    if (!s.validator('Result')(result)) return { type: 'Result', valid: false };
    const keys = isObject(result) ? new Set(Object.keys(result)) : new Set<string>();
    // In 2026-07-28, resultType "input_required" names the type by itself.
    const candidates =
      isObject(result) && result.resultType === 'input_required' && s.defs.InputRequiredResult
        ? [{ name: 'InputRequiredResult', required: [] }]
        : s.resultTypes.filter((t) => t.required.every((k) => keys.has(k)));
    if (candidates.length === 0) return { type: 'Result', valid: true };
    const valid = candidates.some((t) => s.validator(t.name)(result));
    return { type: candidates.map((t) => t.name).join(' | '), valid };
  }
  if (kind === 'error') {
    // An MCP-defined code has its own error type, with the shape of its data.
    const code = isObject(value.error) ? value.error.code : undefined;
    const type = typeof code === 'number' ? s.errorTypes.get(code) : undefined;
    return type ? { type, valid: s.validator(type)(value) } : undefined;
  }
  return undefined;
}

export { SCHEMA_VERSIONS };
