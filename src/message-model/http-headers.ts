/**
 * Streamable HTTP's headers (2026-07-28 basic/transports/streamable-http.mdx §Sending Messages and §Request
 * Metadata: Accept, MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*, their value encoding and the server's
 * validation of them against the body; the 2025 revisions' MCP-Protocol-Version header after initialization).
 */
import { z } from 'zod';
import type { Classification } from './classification.ts';
import { ERROR_CODE } from './error-codes.ts';
import type { ExchangeContext, HttpFindingId } from './http-findings.ts';

/** Header fields by lower-cased name; repeated fields joined with ", " (RFC 9110 §5.3). */
export type Headers = ReadonlyMap<string, string>;

/** Headers as a caller passes them: an object, a list of {name, value}, or a list of pairs. */
export const HeadersSchema = z.union([
  z.record(z.string(), z.string()),
  z.array(z.object({ name: z.string(), value: z.string() })),
  z.array(z.tuple([z.string(), z.string()])),
]);

/** Reads headers into a map by lower-cased name. */
export function readHeaders(value: z.infer<typeof HeadersSchema> | undefined): Headers {
  const out = new Map<string, string>();
  const add = (name: string, v: string) => {
    const key = name.toLowerCase();
    out.set(key, out.has(key) ? `${out.get(key)}, ${v}` : v);
  };
  if (Array.isArray(value)) for (const h of value) Array.isArray(h) ? add(h[0], h[1]) : add(h.name, h.value);
  else if (value) for (const [k, v] of Object.entries(value)) add(k, v);
  return out;
}

/** The media type of Content-Type, lower-cased, without parameters ("" when absent). */
export const mediaType = (h: Headers) => (h.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
export const has = (h: Headers, name: string) => h.has(name.toLowerCase());
export const get = (h: Headers, name: string) => h.get(name.toLowerCase());

/** Decodes the `=?base64?…?=` sentinel form of Mcp-Name / Mcp-Param-* (streamable-http.mdx §Value Encoding). */
export function decodeHeaderValue(value: string): { ok: true; value: string } | { ok: false } {
  const m = /^=\?base64\?(.*)\?=$/.exec(value);
  if (!m) return { ok: true, value };
  const encoded = m[1] ?? '';
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 === 1) return { ok: false };
  try {
    const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    return { ok: true, value: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false };
  }
}

/** Visible ASCII, space and tab: the characters RFC 9110 allows in a field value (streamable-http.mdx §Value Encoding). */
const HEADER_SAFE = /^[\x20-\x7e\t]*$/;

const METHODS_WITH_NAME: Record<string, 'name' | 'uri'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/** Accept must list both media types (§Sending Messages, item 2): a MUST of the client. */
export function checkAccept(ctx: ExchangeContext): void {
  const accept = (get(ctx.reqHeaders, 'Accept') ?? '').toLowerCase();
  const missing = ['application/json', 'text/event-stream'].filter(
    (t) => !accept.includes(t) && !accept.includes('*/*'),
  );
  if (missing.length > 0)
    ctx.add(
      'http-accept-incomplete',
      { part: 'request', field: 'header', header: 'Accept' },
      `The client MUST list both application/json and text/event-stream in Accept; ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing, so the server may not be able to answer the way it chooses.`,
      ctx.ref(ctx.modern ? 'Sending Messages' : 'Sending Messages to the Server'),
    );
}

/**
 * The request metadata headers of a request: under 2026-07-28 every one is checked against the body (§Server
 * Validation); under the 2025 revisions only MCP-Protocol-Version, which the client MUST send after initialization.
 */
export function checkRequestHeaders(ctx: ExchangeContext, message: Classification & { kind: 'request' }): void {
  if (!ctx.modern) {
    checkLegacyVersionHeader(ctx, message);
    return;
  }
  const { params, meta } = ctx.requestBody();
  const mismatch = (id: HttpFindingId, header: string, text: string) => {
    ctx.owed ??= { send: 'error', code: ERROR_CODE.HeaderMismatch, id: message.id };
    ctx.add(
      id,
      { part: 'request', field: 'header', header },
      `${text} The server MUST reject the request with 400 Bad Request and -32020 HeaderMismatch.`,
      ctx.ref('Server Validation'),
    );
    ctx.expect(
      400,
      'must',
      'Headers that are missing, malformed or disagree with the body: 400 Bad Request with -32020 HeaderMismatch.',
      ctx.ref('Server Validation'),
    );
  };

  const version = get(ctx.reqHeaders, 'MCP-Protocol-Version');
  const bodyVersion = meta['io.modelcontextprotocol/protocolVersion'];
  if (version === undefined)
    mismatch(
      'http-protocol-version-header-missing',
      'MCP-Protocol-Version',
      'Every POST MUST carry an MCP-Protocol-Version header, and this one has none.',
    );
  else if (typeof bodyVersion === 'string' && version.trim() !== bodyVersion)
    mismatch(
      'http-protocol-version-header-mismatch',
      'MCP-Protocol-Version',
      `The header says ${JSON.stringify(version)} but _meta["io.modelcontextprotocol/protocolVersion"] says ${JSON.stringify(bodyVersion)}; the two MUST match.`,
    );

  const mcpMethod = get(ctx.reqHeaders, 'Mcp-Method');
  if (mcpMethod === undefined)
    mismatch(
      'http-method-header-missing',
      'Mcp-Method',
      "Every request MUST carry an Mcp-Method header mirroring the body's method, and this one has none.",
    );
  else if (!HEADER_SAFE.test(mcpMethod))
    mismatch(
      'http-header-value-invalid',
      'Mcp-Method',
      'The Mcp-Method header contains characters a header value may not hold.',
    );
  else if (mcpMethod !== message.method)
    mismatch(
      'http-method-header-mismatch',
      'Mcp-Method',
      `Mcp-Method says ${JSON.stringify(mcpMethod)} but the body's method is ${JSON.stringify(message.method)} (header values are compared case-sensitively).`,
    );

  const source = METHODS_WITH_NAME[message.method];
  if (source) {
    const expected = params[source];
    const name = get(ctx.reqHeaders, 'Mcp-Name');
    if (name === undefined)
      mismatch(
        'http-name-header-missing',
        'Mcp-Name',
        `A ${message.method} request MUST carry an Mcp-Name header mirroring params.${source}, and this one has none.`,
      );
    else {
      const decoded = decodeHeaderValue(name);
      if (!decoded.ok || !HEADER_SAFE.test(name))
        mismatch(
          'http-header-value-invalid',
          'Mcp-Name',
          'The Mcp-Name header is neither a plain header-safe value nor a well-formed =?base64?…?= value.',
        );
      else if (typeof expected === 'string' && decoded.value !== expected)
        mismatch(
          'http-name-header-mismatch',
          'Mcp-Name',
          `Mcp-Name says ${JSON.stringify(decoded.value)} but params.${source} is ${JSON.stringify(expected)}.`,
        );
    }
  }
  for (const [key, value] of ctx.reqHeaders) {
    if (key.startsWith('mcp-param-') && (!HEADER_SAFE.test(value) || !decodeHeaderValue(value).ok))
      mismatch(
        'http-header-value-invalid',
        key,
        `The ${key} header holds characters a header value may not hold, or a broken =?base64?…?= value.`,
      );
  }
}

/** The versions a 2025 MCP-Protocol-Version header can name (any other is invalid, or unsupported by a 2025 server). */
const LEGACY_VERSIONS: ReadonlySet<string> = new Set(['2025-03-26', '2025-06-18', '2025-11-25']);

/**
 * 2025-06-18 and 2025-11-25 §Protocol Version Header: "the client MUST include the MCP-Protocol-Version:
 * <protocol-version> HTTP header on all subsequent requests", and it "SHOULD be the one negotiated during
 * initialization". A session that negotiated 2025-03-26 (which had no such header) sends none.
 */
function checkLegacyVersionHeader(ctx: ExchangeContext, message: Classification & { kind: 'request' }): void {
  if (!ctx.version || message.method === 'initialize') return;
  const header = get(ctx.reqHeaders, 'MCP-Protocol-Version')?.trim();
  const negotiated = ctx.negotiated;
  const where = { part: 'request', field: 'header', header: 'MCP-Protocol-Version' } as const;
  if (header === undefined) {
    if (negotiated !== undefined && negotiated < '2025-06-18') return;
    if (negotiated !== undefined)
      ctx.add(
        'http-protocol-version-header-missing',
        where,
        `No MCP-Protocol-Version header, in a session that negotiated ${negotiated} at initialize: after initialization the client MUST send it on every request.`,
        ctx.ref('Protocol Version Header'),
      );
    else
      ctx.add(
        'http-protocol-version-header-absent',
        where,
        'No MCP-Protocol-Version header. After initialization the client MUST send it, unless the session negotiated 2025-03-26 (which had no such header); this exchange alone does not show which version its session negotiated, and a server with no other way to tell SHOULD assume 2025-03-26.',
        ctx.ref('Protocol Version Header'),
      );
    return;
  }
  if (!LEGACY_VERSIONS.has(header)) {
    ctx.expect(
      400,
      'must',
      'A request with an invalid or unsupported MCP-Protocol-Version MUST be answered with 400 Bad Request.',
      ctx.ref('Protocol Version Header'),
    );
    return;
  }
  if (negotiated !== undefined && header !== negotiated)
    ctx.add(
      'http-protocol-version-not-negotiated',
      where,
      `The header says ${JSON.stringify(header)}, but the session negotiated ${negotiated} at initialize: the version the client sends SHOULD be the one negotiated.`,
      ctx.ref('Protocol Version Header'),
    );
}
