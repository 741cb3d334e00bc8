/**
 * Text that was not UTF-8. MCP frames JSON-RPC messages as UTF-8 (basic/transports: "JSON-RPC messages MUST be
 * UTF-8 encoded"; RFC 8259 §8.1 asks the same of JSON text exchanged between systems), so bytes that do not decode
 * are not a message a receiver can read: the same parse error as text that is not JSON. Reading bytes is the
 * caller's part; this only gives the verdict. Never throws.
 */
import { describeErrorReply, type ParseErrorClassification } from './classification.ts';
import { ERROR_CODE } from './error-codes.ts';
import { finding } from './findings.ts';
import { DEFAULT_PROTOCOL, isProtocol, mcpRef, rfc8259Ref, type Protocol, type SpecRef } from './protocols.ts';

/** Where each protocol says that messages are UTF-8. */
function utf8Ref(protocol: Protocol): SpecRef {
  if (protocol === '2026-07-28') return mcpRef(protocol, 'basic/transports/index', 'Messages');
  if (protocol === 'jsonrpc-2.0') return rfc8259Ref('8.1', 'Character Encoding');
  return mcpRef(protocol, 'basic/transports');
}

/**
 * The classification of input whose bytes are not valid UTF-8 (a message, or one line of a log): a parse error,
 * answered like any text the receiver cannot parse (Parse error, id null).
 */
export function classifyNotUtf8(options: { protocol?: Protocol } = {}): ParseErrorClassification {
  const protocol = isProtocol(options.protocol) ? options.protocol : DEFAULT_PROTOCOL;
  const reply = { send: 'error', code: ERROR_CODE.ParseError, id: null } as const;
  const rule =
    protocol === 'jsonrpc-2.0'
      ? 'JSON text exchanged between systems MUST be encoded using UTF-8'
      : 'JSON-RPC messages MUST be UTF-8 encoded';
  return {
    kind: 'parse-error',
    protocol,
    position: { offset: 0, line: 1, column: 1 },
    reason: `the bytes are not valid UTF-8 (${rule})`,
    reply: { ...reply },
    findings: [finding('not-json', 'error', '', `The bytes are not valid UTF-8: ${rule}.`, utf8Ref(protocol))],
    explanation: `The bytes are not UTF-8, so the receiver cannot read the text, let alone an id, and answers ${describeErrorReply(reply, protocol)}.`,
  };
}
