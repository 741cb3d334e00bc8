import type { Reply } from './classify.ts';

/** The messages JSON-RPC 2.0 §5.1 gives the standard codes. */
const STANDARD_MESSAGES: Record<number, string> = {
  [-32700]: 'Parse error',
  [-32600]: 'Invalid Request',
  [-32601]: 'Method not found',
  [-32602]: 'Invalid params',
  [-32603]: 'Internal error',
  [-32022]: 'Unsupported protocol version',
};

/**
 * Builds the wire message(s) for a reply, so a learner can see what the receiver sends: an error object with the
 * spec's standard message, or a placeholder result for `response` (the real result is the server's business).
 * Returns `undefined` when nothing is sent.
 */
export function buildReplyMessage(reply: Reply): unknown {
  switch (reply.send) {
    case 'nothing':
      return undefined;
    case 'response':
      return { jsonrpc: '2.0', id: reply.id, result: {} };
    case 'error':
      return {
        jsonrpc: '2.0',
        id: reply.id,
        error: { code: reply.code, message: STANDARD_MESSAGES[reply.code] ?? 'Error' },
      };
    case 'batch':
      return reply.items.map(buildReplyMessage).filter((m) => m !== undefined);
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
  return JSON.stringify(a) === JSON.stringify(b);
}
