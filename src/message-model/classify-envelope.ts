/**
 * The JSON-RPC envelope every message shares: the `jsonrpc` member, the id (JSON-RPC 2.0 §4, §5; MCP basic/index.mdx
 * §Requests, §Responses), the members a message type defines, and `params` (JSON-RPC 2.0 §4.2).
 */
import { finding, pointer, type Finding } from './findings.ts';
import { isMcpVersion, jsonRpcRef, mcpRef, rfc8259Ref } from './protocols.ts';
import { describeValue, has, isPlainObject, messagesRef, type Context, type MessageId } from './classification.ts';

/** Checks an id member; returns findings and whether the id is usable to echo in a reply. */
export function checkId(
  id: unknown,
  base: string,
  ctx: Context,
  role: 'request' | 'response',
): { findings: Finding[]; echo: MessageId | undefined; valid: boolean } {
  const { protocol } = ctx;
  const mcp = isMcpVersion(protocol);
  const path = `${base}/id`;
  const findings: Finding[] = [];
  const heading = role === 'request' ? 'Requests' : 'Responses';
  if (id === null) {
    if (mcp) {
      findings.push(
        finding(
          'id-null',
          'error',
          path,
          `MCP ids are a string or an integer and MUST NOT be null. A null id cannot be matched to a ${role === 'request' ? 'response' : 'request'}.`,
          mcpRef(protocol, 'basic/index', heading),
        ),
      );
      return { findings, echo: undefined, valid: false };
    }
    findings.push(
      finding(
        'id-null',
        'warning',
        path,
        'A null id is legal in JSON-RPC 2.0 but discouraged: null is what replies use when the id could not be read, so the two get confused.',
        jsonRpcRef('4'),
      ),
    );
    return { findings, echo: null, valid: true };
  }
  if (typeof id === 'string') return { findings, echo: id, valid: true };
  if (typeof id === 'number') {
    if (!Number.isFinite(id)) {
      // JSON has no Infinity; a number literal too large for a double (1e400) parses to it, and cannot be echoed.
      findings.push(
        finding(
          'id-unsafe-integer',
          'error',
          path,
          'The id is a number too large for a double (the receiver reads Infinity), so no reply can carry it back. Use a string id.',
          rfc8259Ref('6', 'Numbers'),
        ),
      );
      return { findings, echo: undefined, valid: false };
    }
    if (!Number.isInteger(id)) {
      if (mcp) {
        findings.push(
          finding(
            'id-fractional',
            'error',
            path,
            `MCP ids that are numbers must be integers; ${id} has a fractional part.`,
            mcpRef(protocol, 'basic/index', heading),
          ),
        );
        return { findings, echo: undefined, valid: false };
      }
      findings.push(
        finding(
          'id-fractional',
          'warning',
          path,
          `Numeric ids SHOULD NOT have fractional parts; ${id} may not round-trip through every receiver.`,
          jsonRpcRef('4'),
        ),
      );
      return { findings, echo: id, valid: true };
    }
    if (!Number.isSafeInteger(id)) {
      findings.push(
        finding(
          'id-unsafe-integer',
          'warning',
          path,
          `The id ${id} is past 2^53: a JavaScript peer reads a different number and the reply's id will not match. Use a string id.`,
          rfc8259Ref('6', 'Numbers'),
        ),
      );
    }
    return { findings, echo: id, valid: true };
  }
  findings.push(
    finding(
      'id-type',
      'error',
      path,
      `An id must be ${mcp ? 'a string or an integer' : 'a string, a number or null'}; this one is ${describeValue(id)}.`,
      messagesRef(protocol, heading, role === 'request' ? '4' : '5'),
    ),
  );
  return { findings, echo: undefined, valid: false };
}

export function checkEnvelope(
  m: Record<string, unknown>,
  base: string,
  ctx: Context,
  allowed: readonly string[],
): Finding[] {
  const { protocol } = ctx;
  const findings: Finding[] = [];
  if (!has(m, 'jsonrpc')) {
    findings.push(
      finding(
        'missing-jsonrpc',
        'error',
        base,
        'The "jsonrpc" member is missing: every JSON-RPC 2.0 message carries "jsonrpc": "2.0".',
        messagesRef(protocol, 'Messages', '4'),
      ),
    );
  } else if (m.jsonrpc !== '2.0') {
    findings.push(
      finding(
        'jsonrpc-version',
        'error',
        `${base}/jsonrpc`,
        `"jsonrpc" must be exactly the string "2.0"; it is ${describeValue(m.jsonrpc)}.`,
        messagesRef(protocol, 'Messages', '4'),
      ),
    );
  }
  for (const key of Object.keys(m)) {
    if (!allowed.includes(key)) {
      findings.push(
        finding(
          'unknown-member',
          'info',
          pointer(base, key),
          `"${key}" is not a member of this message type. Strict receivers (the official SDKs among them) reject the whole message; put extension data under params or _meta.`,
          messagesRef(protocol, 'Messages', '4'),
        ),
      );
    }
  }
  return findings;
}

export function checkParams(m: Record<string, unknown>, base: string, ctx: Context): Finding[] {
  const { protocol } = ctx;
  if (!has(m, 'params')) return [];
  const params = m.params;
  const path = `${base}/params`;
  if (Array.isArray(params)) {
    if (isMcpVersion(protocol)) {
      return [
        finding(
          'params-positional',
          'error',
          path,
          'MCP params are always an object (by name); positional array params are not used.',
          mcpRef(protocol, 'basic/index', 'Requests'),
        ),
      ];
    }
    return [];
  }
  if (isPlainObject(params)) return [];
  return [
    finding(
      'params-not-structured',
      'error',
      path,
      `"params" must be an object or an array when present; it is ${describeValue(params)}.`,
      jsonRpcRef('4.2'),
    ),
  ];
}

export function errorReplyId(check: { echo: MessageId | undefined; valid: boolean }): MessageId {
  return check.valid && check.echo !== undefined ? check.echo : null;
}
