import type { Reply } from '#message-model';

/**
 * The reply a JSON-RPC 2.0 receiver owes for a text exactly as it arrived.
 * This first attempt only knows requests and notifications; run the tests to see what else arrives.
 */
export function replyOwed(text: string): Reply {
  const message = JSON.parse(text);
  if ('id' in message) {
    return { send: 'response', id: message.id };
  }
  return { send: 'nothing' };
}
