/**
 * The protocols a message can be classified against. `jsonrpc-2.0` is plain JSON-RPC 2.0; the others are MCP
 * revisions, which add their own rules on top of JSON-RPC (spec <version> basic/index.mdx §Messages).
 */
export const PROTOCOLS = ['jsonrpc-2.0', '2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

/** The MCP revisions the course covers, oldest first. */
export const MCP_VERSIONS = ['2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type McpVersion = (typeof MCP_VERSIONS)[number];

/** The revision the course targets, and the classifier's default. */
export const DEFAULT_PROTOCOL: Protocol = '2026-07-28';

const PROTOCOL_SET: ReadonlySet<string> = new Set(PROTOCOLS);

/** True when `value` names one of the protocols the model knows. */
export function isProtocol(value: unknown): value is Protocol {
  return typeof value === 'string' && PROTOCOL_SET.has(value);
}

/** True when the protocol is an MCP revision rather than plain JSON-RPC 2.0. */
export function isMcpVersion(protocol: Protocol): protocol is McpVersion {
  return protocol !== 'jsonrpc-2.0';
}

/** Orders MCP revisions by date: negative when `a` is older than `b`. */
export function compareVersions(a: McpVersion, b: McpVersion): number {
  return MCP_VERSIONS.indexOf(a) - MCP_VERSIONS.indexOf(b);
}

/** Where a rule comes from: the document, the revision, the section and a link a learner can open. */
export interface SpecRef {
  /** `jsonrpc-2.0` for the JSON-RPC 2.0 specification, `rfc-8259` for JSON itself, otherwise the MCP revision. */
  version: Protocol | '2025-03-26' | 'rfc-8259';
  /** The page and section, as the spec names them, e.g. "basic/index.mdx §Requests". */
  section: string;
  /** A link to the section on the public site. */
  url: string;
}

/** The JSON-RPC 2.0 specification's sections, by number. */
const JSONRPC_SECTIONS: Record<string, { title: string; anchor: string }> = {
  '4': { title: '§4 Request object', anchor: 'request_object' },
  '4.1': { title: '§4.1 Notification', anchor: 'notification' },
  '4.2': { title: '§4.2 Parameter Structures', anchor: 'parameter_structures' },
  '5': { title: '§5 Response object', anchor: 'response_object' },
  '5.1': { title: '§5.1 Error object', anchor: 'error_object' },
  '6': { title: '§6 Batch', anchor: 'batch' },
  '7': { title: '§7 Examples', anchor: 'examples' },
};

/** A reference into the JSON-RPC 2.0 specification (jsonrpc.org/specification, updated 2013-01-04). */
export function jsonRpcRef(section: keyof typeof JSONRPC_SECTIONS & string): SpecRef {
  const s = JSONRPC_SECTIONS[section] ?? { title: `§${section}`, anchor: '' };
  return {
    version: 'jsonrpc-2.0',
    section: `JSON-RPC 2.0 ${s.title}`,
    url: `https://www.jsonrpc.org/specification${s.anchor ? `#${s.anchor}` : ''}`,
  };
}

/**
 * A reference into an MCP revision. `page` is the path under docs/specification/<version>/ without `.mdx`
 * (an `index` page is addressed by its folder); `heading` is the section heading as written in the spec.
 */
export function mcpRef(version: McpVersion | '2025-03-26', page: string, heading?: string): SpecRef {
  // The classifier asks for the same few references on every message: each is built once and shared, frozen so
  // that no caller can change it for the others.
  const byPage = MCP_REFS.get(version) ?? MCP_REFS.set(version, new Map()).get(version)!;
  const byHeading = byPage.get(page) ?? byPage.set(page, new Map()).get(page)!;
  const cached = byHeading.get(heading ?? '');
  if (cached) return cached;
  const path = page.replace(/(^|\/)index$/, '');
  const anchor = heading ? `#${slugifyHeading(heading)}` : '';
  const ref: SpecRef = Object.freeze({
    version,
    section: `MCP ${version} ${page}.mdx${heading ? ` §${heading}` : ''}`,
    url: `https://modelcontextprotocol.io/specification/${version}${path ? `/${path}` : ''}${anchor}`,
  });
  byHeading.set(heading ?? '', ref);
  return ref;
}

const MCP_REFS = new Map<string, Map<string, Map<string, SpecRef>>>();

/** The anchor the spec site derives from a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slugifyHeading(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[`'"()[\]{}:,.!?/]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

/** A reference into RFC 8259, the JSON text format, for rules about JSON itself (duplicate names, depth, numbers). */
export function rfc8259Ref(section: string, title: string): SpecRef {
  return {
    version: 'rfc-8259',
    section: `RFC 8259 §${section} ${title}`,
    url: `https://www.rfc-editor.org/rfc/rfc8259#section-${section}`,
  };
}

const DATED = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The covered legacy revision an initialize-negotiated version is judged under: the nearest covered one not later
 * than it (2025-03-26 and 2024-11-05, older than any covered, read as 2025-06-18; an undated one as 2025-11-25).
 * Never 2026-07-28: "An `initialize` request selects legacy semantics" (2026-07-28 basic/versioning.mdx).
 */
export function legacyEra(version: string): '2025-06-18' | '2025-11-25' {
  return DATED.test(version) && version < '2025-11-25' ? '2025-06-18' : '2025-11-25';
}
