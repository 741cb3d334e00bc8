/**
 * The one table of error codes: every code JSON-RPC 2.0 or an MCP revision defines, with its spec name, standard
 * message, meaning and the protocols it is defined (or retired) in. Nothing else in the model writes a protocol
 * code as a number: it names the code through `ERROR_CODE` (test/unit/message-model/error-codes.test.ts checks).
 */
import {
  compareVersions,
  isMcpVersion,
  jsonRpcRef,
  mcpRef,
  MCP_VERSIONS,
  type McpVersion,
  type Protocol,
  type SpecRef,
} from './protocols.ts';

/**
 * The classes an error code falls into. JSON-RPC 2.0 §5.1 defines the five standard codes, reserves -32000..-32099
 * for implementation-defined server errors and the rest of -32768..-32000 for future use; MCP 2026-07-28 splits the
 * server-error range into a legacy band (-32000..-32019) and an MCP-defined band (-32020..-32099) (spec 2026-07-28
 * basic/index.mdx §Error Codes).
 */
export const CODE_CLASSES = [
  'parse-error',
  'invalid-request',
  'method-not-found',
  'invalid-params',
  'internal-error',
  'server-error',
  'legacy-server-error',
  'mcp-defined',
  'mcp-reserved-undefined',
  'reserved',
  'application',
] as const;
export type CodeClass = (typeof CODE_CLASSES)[number];

/** Whether a code is defined under a protocol, or was defined earlier and is now retired (reserved, never emitted). */
export type CodeStatus = 'defined' | 'retired';

/** One row of the error-code table. */
export interface ErrorCodeDefinition {
  /** The integer on the wire. */
  code: number;
  /** The spec's name for it (JSON-RPC 2.0 §5.1's messages in PascalCase; MCP schema.ts constant names). */
  name: string;
  /** The message the spec uses for it (JSON-RPC 2.0 §5.1; the MCP spec's own examples for MCP codes). */
  message: string;
  /** What it means, in plain English. */
  meaning: string;
  /** The protocols it is defined in, or retired in; absent means the code has no meaning there. */
  versions: Readonly<Partial<Record<Protocol, CodeStatus>>>;
  /** Where the code is defined, per protocol. */
  spec: (protocol: Protocol) => SpecRef;
}

const everywhere = {
  'jsonrpc-2.0': 'defined',
  '2025-06-18': 'defined',
  '2025-11-25': 'defined',
  '2026-07-28': 'defined',
} as const;
const errorCodesRef = (protocol: Protocol): SpecRef =>
  protocol === '2026-07-28' ? mcpRef('2026-07-28', 'basic/index', 'Error Codes') : jsonRpcRef('5.1');

/** The table. Order: JSON-RPC's five standard codes, then MCP's codes by the revision that introduced them. */
export const ERROR_CODES = [
  {
    code: -32700,
    name: 'ParseError',
    message: 'Parse error',
    meaning: 'The receiver could not parse the text as JSON.',
    versions: everywhere,
    spec: () => jsonRpcRef('5.1'),
  },
  {
    code: -32600,
    name: 'InvalidRequest',
    message: 'Invalid Request',
    meaning: 'The JSON is not a valid request object.',
    versions: everywhere,
    spec: () => jsonRpcRef('5.1'),
  },
  {
    code: -32601,
    name: 'MethodNotFound',
    message: 'Method not found',
    meaning: 'The method does not exist or is not available.',
    versions: everywhere,
    spec: () => jsonRpcRef('5.1'),
  },
  {
    code: -32602,
    name: 'InvalidParams',
    message: 'Invalid params',
    meaning: 'The method parameters are invalid.',
    versions: everywhere,
    spec: () => jsonRpcRef('5.1'),
  },
  {
    code: -32603,
    name: 'InternalError',
    message: 'Internal error',
    meaning: 'The receiver failed internally while handling the message.',
    versions: everywhere,
    spec: () => jsonRpcRef('5.1'),
  },
  {
    code: -32002,
    name: 'ResourceNotFound',
    message: 'Resource not found',
    meaning: 'The resource named in resources/read does not exist.',
    versions: { '2025-06-18': 'defined', '2025-11-25': 'defined', '2026-07-28': 'retired' },
    spec: (p) =>
      isMcpVersion(p) ? mcpRef(p, 'server/resources', 'Error Handling') : mcpRef('2025-06-18', 'server/resources'),
  },
  {
    code: -32042,
    name: 'URLElicitationRequired',
    message: 'URL elicitation required',
    meaning: 'The request cannot proceed until the user completes a URL-mode elicitation.',
    versions: { '2025-11-25': 'defined', '2026-07-28': 'retired' },
    spec: (p) =>
      p === '2026-07-28'
        ? mcpRef('2026-07-28', 'basic/index', 'Error Codes')
        : mcpRef('2025-11-25', 'client/elicitation'),
  },
  {
    code: -32020,
    name: 'HeaderMismatch',
    message: 'Header mismatch',
    meaning:
      'HTTP headers (MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*) are missing, malformed or disagree with the body.',
    versions: { '2026-07-28': 'defined' },
    spec: () => mcpRef('2026-07-28', 'basic/index', 'Error Codes'),
  },
  {
    code: -32021,
    name: 'MissingRequiredClientCapability',
    message: 'Missing required client capability',
    meaning: "The request needs a client capability that the request's clientCapabilities did not declare.",
    versions: { '2026-07-28': 'defined' },
    spec: () => mcpRef('2026-07-28', 'basic/index', 'Error Codes'),
  },
  {
    code: -32022,
    name: 'UnsupportedProtocolVersion',
    message: 'Unsupported protocol version',
    meaning: 'The requested protocol version is not supported; data.supported lists the versions that are.',
    versions: { '2026-07-28': 'defined' },
    spec: () => mcpRef('2026-07-28', 'basic/index', 'Error Codes'),
  },
] as const satisfies readonly ErrorCodeDefinition[];

/** A code's spec name. */
export type ErrorCodeName = (typeof ERROR_CODES)[number]['name'];

/** Every code in the table by its spec name: `ERROR_CODE.InvalidParams` is -32602. */
export const ERROR_CODE = Object.freeze(
  Object.fromEntries(ERROR_CODES.map((d) => [d.name, d.code])) as { [K in ErrorCodeName]: number },
);

/** The ranges JSON-RPC 2.0 §5.1 and MCP 2026-07-28 basic/index.mdx §Error Codes carve out. Inclusive bounds. */
/**
 * The MCP 2026-07-28 error codes that identify a modern server, new in 2026-07-28: a dual-era client that gets one
 * in answer to its probe does not fall back to `initialize` (stdio.mdx and streamable-http.mdx §Backward
 * Compatibility, which name UnsupportedProtocolVersionError only as one such "recognized modern JSON-RPC error").
 * The HTTP reader and the session-log analyser both decide from this one set.
 */
export const MODERN_ERROR_CODES: ReadonlySet<number> = new Set([
  ERROR_CODE.HeaderMismatch,
  ERROR_CODE.MissingRequiredClientCapability,
  ERROR_CODE.UnsupportedProtocolVersion,
]);

export const CODE_RANGES = Object.freeze({
  /** JSON-RPC 2.0: reserved for pre-defined errors. */
  reserved: { min: -32768, max: -32000 },
  /** JSON-RPC 2.0: reserved for implementation-defined server errors. */
  serverError: { min: -32099, max: -32000 },
  /** MCP 2026-07-28: the legacy part of the server-error range. */
  legacy: { min: -32019, max: -32000 },
  /** MCP 2026-07-28: the part of the server-error range only the MCP spec allocates. */
  mcp: { min: -32099, max: -32020 },
});

const inRange = (code: number, range: { min: number; max: number }) => code >= range.min && code <= range.max;

const BY_CODE: ReadonlyMap<number, ErrorCodeDefinition> = new Map(ERROR_CODES.map((d) => [d.code, d]));

/** The table row for a code, if the table has one. */
export function errorCodeDefinition(code: number): ErrorCodeDefinition | undefined {
  return BY_CODE.get(code);
}

/** The standard message for a code the table defines (JSON-RPC 2.0 §5.1 for the five standard codes). */
export function standardMessage(code: number): string | undefined {
  return BY_CODE.get(code)?.message;
}

/** The five codes JSON-RPC 2.0 defines, by spec name (§5.1). */
export const STANDARD_ERROR_CODES = Object.freeze({
  ParseError: ERROR_CODE.ParseError,
  InvalidRequest: ERROR_CODE.InvalidRequest,
  MethodNotFound: ERROR_CODE.MethodNotFound,
  InvalidParams: ERROR_CODE.InvalidParams,
  InternalError: ERROR_CODE.InternalError,
});

/** The codes MCP itself defines or once defined, by spec name. */
export const MCP_ERROR_CODES = Object.freeze({
  /** Resource not found: SHOULD in 2025-06-18 and 2025-11-25; retired in 2026-07-28 (MUST NOT emit). */
  ResourceNotFound: ERROR_CODE.ResourceNotFound,
  /** URL elicitation required: 2025-11-25 only; retired in 2026-07-28. */
  URLElicitationRequired: ERROR_CODE.URLElicitationRequired,
  /** HTTP headers missing, malformed or disagreeing with the body (2026-07-28). */
  HeaderMismatch: ERROR_CODE.HeaderMismatch,
  /** The request needs a client capability the client did not declare (2026-07-28). */
  MissingRequiredClientCapability: ERROR_CODE.MissingRequiredClientCapability,
  /** The requested protocol version is not supported; `data.supported` lists those that are (2026-07-28). */
  UnsupportedProtocolVersion: ERROR_CODE.UnsupportedProtocolVersion,
});

/** What the model knows about one error code under one protocol. */
export interface ErrorCodeInfo {
  code: number;
  codeClass: CodeClass;
  /** The spec's name for the code where one exists (e.g. `MethodNotFound`, `HeaderMismatch`). */
  name?: string;
  /** A plain-English meaning a learner can read. */
  meaning: string;
  /** Retired: reserved forever, and a sender on this version MUST NOT emit it. */
  retired: boolean;
  /** The spec section the classification rests on. */
  spec: SpecRef;
}

const STANDARD_CLASSES: Readonly<Record<number, CodeClass>> = {
  [ERROR_CODE.ParseError]: 'parse-error',
  [ERROR_CODE.InvalidRequest]: 'invalid-request',
  [ERROR_CODE.MethodNotFound]: 'method-not-found',
  [ERROR_CODE.InvalidParams]: 'invalid-params',
  [ERROR_CODE.InternalError]: 'internal-error',
};

/**
 * Classifies an error code under a protocol: standard, server error (JSON-RPC's implementation-defined range),
 * legacy band or MCP band (2026-07-28), MCP-defined, reserved or application. Expects an integer; a non-integer
 * `code` is not a code at all and is reported by the caller.
 */
export function classifyErrorCode(code: number, protocol: Protocol): ErrorCodeInfo {
  const def = BY_CODE.get(code);
  const status = def?.versions[protocol];
  if (def && status === 'defined') {
    return {
      code,
      codeClass: STANDARD_CLASSES[code] ?? 'mcp-defined',
      name: def.name,
      meaning: def.meaning,
      retired: false,
      spec: def.spec(protocol),
    };
  }
  const modern = protocol === '2026-07-28';
  if (def && status === 'retired') {
    // Retired codes keep the class of the band they sit in (-32002 legacy, -32042 MCP band), and say what they were.
    return {
      code,
      codeClass: inRange(code, CODE_RANGES.legacy) ? 'legacy-server-error' : 'mcp-reserved-undefined',
      name: def.name,
      meaning: `${def.meaning.replace(/\.$/, '')}, as earlier revisions used it. Retired in ${protocol}: reserved, never reused, and implementations MUST NOT emit it.`,
      retired: true,
      spec: def.spec(protocol),
    };
  }
  if (inRange(code, CODE_RANGES.serverError)) {
    if (modern && inRange(code, CODE_RANGES.mcp)) {
      return {
        code,
        codeClass: 'mcp-reserved-undefined',
        meaning: 'A code in the MCP band that the spec has not defined. Implementations MUST NOT emit it.',
        retired: false,
        spec: errorCodesRef(protocol),
      };
    }
    if (modern) {
      return {
        code,
        codeClass: 'legacy-server-error',
        meaning: 'A legacy implementation-defined server error. Receivers MUST NOT assume any meaning for it.',
        retired: false,
        spec: errorCodesRef(protocol),
      };
    }
    return {
      code,
      codeClass: 'server-error',
      meaning: `An implementation-defined server error (JSON-RPC reserves -32000 to -32099 for them): its meaning is whatever the sender documents${isMcpVersion(protocol) ? `, as ${protocol} defines none of these codes` : ''}.`,
      retired: false,
      spec: jsonRpcRef('5.1'),
    };
  }
  if (inRange(code, CODE_RANGES.reserved)) {
    return {
      code,
      codeClass: 'reserved',
      meaning: 'Reserved by JSON-RPC 2.0 for pre-defined errors and not assigned: nobody should send it.',
      retired: false,
      spec: jsonRpcRef('5.1'),
    };
  }
  return {
    code,
    codeClass: 'application',
    meaning: "An application-defined error, outside the reserved range: its meaning is the server author's.",
    retired: false,
    spec: errorCodesRef(protocol),
  };
}

/** The MCP revision in which a code first means something, for codes MCP introduced after 2025-06-18. */
export function codeIntroducedIn(code: number): McpVersion | undefined {
  return INTRODUCED.get(code);
}

const INTRODUCED: ReadonlyMap<number, McpVersion> = new Map(
  ERROR_CODES.flatMap((def): Array<[number, McpVersion]> => {
    const versions: Partial<Record<Protocol, CodeStatus>> = def.versions;
    if (versions['jsonrpc-2.0'] || versions['2025-06-18']) return [];
    const first = MCP_VERSIONS.find((v) => versions[v] === 'defined');
    return first ? [[def.code, first]] : [];
  }),
);

/** True when `code` means something only in a revision later than `protocol` (an MCP revision). */
export function isCodeFromLaterVersion(code: number, protocol: Protocol): boolean {
  const introduced = codeIntroducedIn(code);
  return introduced !== undefined && isMcpVersion(protocol) && compareVersions(protocol, introduced) < 0;
}
