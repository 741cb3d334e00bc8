import type { Reply } from './classification.ts';
import { canonicalJson } from './classify-results.ts';
import { standardMessage } from './error-codes.ts';
import { DEFAULT_PROTOCOL, type Protocol } from './protocols.ts';

/**
 * Builds the wire message(s) for a reply as a receiver on `protocol` sends them, valid under that protocol's
 * schema: an error object with the spec's standard message (and the `data` the spec requires for the code), or a
 * placeholder result for `response` (the real result is the server's business; 2026-07-28 results carry
 * `resultType`). An unreadable id is `"id": null` in JSON-RPC 2.0 and 2025-06-18, whose schema has no other form, and
 * is left out from 2025-11-25 on (spec 2025-11-25 basic/index.mdx §Error Responses). Returns `undefined` when nothing
 * is sent, when the spec does not say what is sent, and for an error whose code the spec leaves to the
 * implementation (there is no one message to show; `describeReply` says so).
 */
export function buildReplyMessage(reply: Reply, protocol: Protocol = DEFAULT_PROTOCOL): unknown {
  switch (reply.send) {
    case 'nothing':
    case 'unspecified':
      return undefined;
    case 'response':
      return { jsonrpc: '2.0', id: reply.id, result: protocol === '2026-07-28' ? { resultType: 'complete' } : {} };
    case 'error': {
      if (reply.code === null) return undefined;
      const error: Record<string, unknown> = { code: reply.code, message: standardMessage(reply.code) ?? 'Error' };
      if (reply.data !== undefined) error.data = reply.data;
      const omitId = reply.id === null && protocol !== 'jsonrpc-2.0' && protocol !== '2025-06-18';
      return omitId ? { jsonrpc: '2.0', error } : { jsonrpc: '2.0', id: reply.id, error };
    }
    case 'batch':
      return reply.items.map((item) => buildReplyMessage(item, protocol)).filter((m) => m !== undefined);
  }
}

/** True when two replies are the same (batch items compared in any order, as JSON-RPC 2.0 §6 allows). */
export function sameReply(a: Reply, b: Reply): boolean {
  if (a.send !== b.send) return false;
  if (a.send === 'batch' && b.send === 'batch') {
    if (a.items.length !== b.items.length) return false;
    const rest = [...b.items];
    return a.items.every((item) => {
      const i = rest.findIndex((other) => sameReply(item, other));
      if (i === -1) return false;
      rest.splice(i, 1);
      return true;
    });
  }
  return canonicalJson(a) === canonicalJson(b);
}
