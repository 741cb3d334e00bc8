import {
  isAtLeast,
  isMcpVersion,
  jsonRpcRef,
  mcpRef,
  type McpVersion,
  type Protocol,
  type SpecRef,
} from './protocols.ts';

/**
 * The classes an error code falls into. JSON-RPC 2.0 §5.1 defines the five standard codes and reserves
 * -32768..-32000; MCP 2026-07-28 splits the server-error range into a legacy band (-32000..-32019) and an
 * MCP-defined band (-32020..-32099) (spec 2026-07-28 basic/index.mdx §Error Codes).
 */
export const CODE_CLASSES = [
  'parse-error',
  'invalid-request',
  'method-not-found',
  'invalid-params',
  'internal-error',
  'legacy-server-error',
  'mcp-defined',
  'mcp-reserved-undefined',
  'reserved',
  'application',
] as const;
export type CodeClass = (typeof CODE_CLASSES)[number];

/** The five codes JSON-RPC 2.0 defines, with the spec's own messages (§5.1). */
export const STANDARD_ERROR_CODES = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;

/** The codes MCP itself defines or once defined, by spec name. */
export const MCP_ERROR_CODES = {
  /** Resource not found: SHOULD in 2025-06-18 and 2025-11-25; retired in 2026-07-28 (MUST NOT emit). */
  ResourceNotFound: -32002,
  /** URL elicitation required: 2025-11-25 only; retired in 2026-07-28. */
  URLElicitationRequired: -32042,
  /** HTTP headers missing, malformed or disagreeing with the body (2026-07-28). */
  HeaderMismatch: -32020,
  /** The request needs a client capability the client did not declare (2026-07-28). */
  MissingRequiredClientCapability: -32021,
  /** The requested protocol version is not supported; `data.supported` lists those that are (2026-07-28). */
  UnsupportedProtocolVersion: -32022,
} as const;

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

const STANDARD: Record<number, { codeClass: CodeClass; name: string; meaning: string }> = {
  [-32700]: { codeClass: 'parse-error', name: 'ParseError', meaning: 'The receiver could not parse the text as JSON.' },
  [-32600]: {
    codeClass: 'invalid-request',
    name: 'InvalidRequest',
    meaning: 'The JSON is not a valid request object.',
  },
  [-32601]: {
    codeClass: 'method-not-found',
    name: 'MethodNotFound',
    meaning: 'The method does not exist or is not available.',
  },
  [-32602]: { codeClass: 'invalid-params', name: 'InvalidParams', meaning: 'The method parameters are invalid.' },
  [-32603]: {
    codeClass: 'internal-error',
    name: 'InternalError',
    meaning: 'The receiver failed internally while handling the message.',
  },
};

function errorCodesPage(protocol: Protocol): SpecRef {
  if (protocol === '2026-07-28') return mcpRef('2026-07-28', 'basic/index', 'Error Codes');
  return jsonRpcRef('5.1');
}

/**
 * Classifies an error code under a protocol: standard, legacy band, MCP-defined, reserved or application.
 * Takes any value; a non-integer `code` is not a code at all and is reported by the caller, so this expects an integer.
 */
export function classifyErrorCode(code: number, protocol: Protocol): ErrorCodeInfo {
  const standard = STANDARD[code];
  if (standard) return { code, ...standard, retired: false, spec: jsonRpcRef('5.1') };

  const mcp = isMcpVersion(protocol) ? protocol : undefined;

  if (code === MCP_ERROR_CODES.ResourceNotFound && mcp) {
    if (mcp === '2026-07-28') {
      return {
        code,
        codeClass: 'legacy-server-error',
        name: 'ResourceNotFound',
        meaning:
          'Resource not found, as earlier revisions used it. Retired: 2026-07-28 servers answer a missing resource with -32602.',
        retired: true,
        spec: mcpRef('2026-07-28', 'server/resources', 'Error Handling'),
      };
    }
    return {
      code,
      codeClass: 'mcp-defined',
      name: 'ResourceNotFound',
      meaning: 'The resource named in resources/read does not exist.',
      retired: false,
      spec: mcpRef(mcp, 'server/resources', 'Error Handling'),
    };
  }

  if (code === MCP_ERROR_CODES.URLElicitationRequired && mcp && mcp !== '2025-06-18') {
    if (mcp === '2026-07-28') {
      return {
        code,
        codeClass: 'mcp-reserved-undefined',
        name: 'URLElicitationRequired',
        meaning:
          'URL elicitation required, as 2025-11-25 used it. Retired in 2026-07-28: reserved, never reused, MUST NOT be emitted.',
        retired: true,
        spec: mcpRef('2026-07-28', 'basic/index', 'Error Codes'),
      };
    }
    return {
      code,
      codeClass: 'mcp-defined',
      name: 'URLElicitationRequired',
      meaning: 'The request cannot proceed until the user completes a URL-mode elicitation.',
      retired: false,
      spec: mcpRef('2025-11-25', 'client/elicitation'),
    };
  }

  if (code >= -32099 && code <= -32000) {
    if (mcp === '2026-07-28' && code <= -32020) {
      const entry = Object.entries(MCP_ERROR_CODES).find(([, c]) => c === code && c <= -32020 && c >= -32022);
      if (entry) {
        return {
          code,
          codeClass: 'mcp-defined',
          name: entry[0],
          meaning: MCP_DEFINED_MEANINGS[code] ?? entry[0],
          retired: false,
          spec: mcpRef('2026-07-28', 'basic/index', 'Error Codes'),
        };
      }
      return {
        code,
        codeClass: 'mcp-reserved-undefined',
        meaning: 'A code in the MCP band that the spec has not defined. Implementations MUST NOT emit it.',
        retired: false,
        spec: mcpRef('2026-07-28', 'basic/index', 'Error Codes'),
      };
    }
    return {
      code,
      codeClass: 'legacy-server-error',
      meaning:
        mcp === '2026-07-28'
          ? 'A legacy implementation-defined server error. Receivers MUST NOT assume any meaning for it.'
          : 'An implementation-defined server error: its meaning is whatever the sender documents.',
      retired: false,
      spec: errorCodesPage(protocol),
    };
  }

  if (code >= -32768 && code <= -32000) {
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
    spec: isAtLeast(protocol, '2026-07-28') ? mcpRef('2026-07-28', 'basic/index', 'Error Codes') : jsonRpcRef('5.1'),
  };
}

const MCP_DEFINED_MEANINGS: Record<number, string> = {
  [-32020]:
    'HTTP headers (MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*) are missing, malformed or disagree with the body.',
  [-32021]: "The request needs a client capability that the request's clientCapabilities did not declare.",
  [-32022]: 'The requested protocol version is not supported; data.supported lists the versions that are.',
};

/** The MCP codes that mean something only from a given revision on, for version notes. */
export function codeIntroducedIn(code: number): McpVersion | undefined {
  if (code === -32042) return '2025-11-25';
  if (code <= -32020 && code >= -32022) return '2026-07-28';
  return undefined;
}
