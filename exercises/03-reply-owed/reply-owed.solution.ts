import type { Reply } from '#message-model';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string | number | null => typeof v === 'string' || typeof v === 'number' || v === null;

/** The reply one parsed element owes (JSON-RPC 2.0 §4–§5). */
function replyForValue(value: unknown): Reply {
  if (!isObject(value)) return { send: 'error', code: -32600, id: null };
  const has = (key: string) => Object.hasOwn(value, key);
  const hasMethod = has('method');
  const isResponse = !hasMethod && (has('result') || has('error'));
  // Responses are never answered, valid or not: the receiver can only log a broken one.
  if (isResponse) return { send: 'nothing' };

  const usableId = has('id') && isId(value.id) ? value.id : null;
  const valid =
    hasMethod &&
    !has('result') &&
    !has('error') &&
    value.jsonrpc === '2.0' &&
    typeof value.method === 'string' &&
    (!has('params') || (typeof value.params === 'object' && value.params !== null)) &&
    (!has('id') || isId(value.id));
  if (!valid) return { send: 'error', code: -32600, id: usableId };
  return has('id') ? { send: 'response', id: usableId } : { send: 'nothing' };
}

/** The reply a JSON-RPC 2.0 receiver owes for a text exactly as it arrived (§4–§6). */
export function replyOwed(text: string): Reply {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { send: 'error', code: -32700, id: null };
  }
  if (!Array.isArray(value)) return replyForValue(value);
  if (value.length === 0) return { send: 'error', code: -32600, id: null };
  const items = value.map(replyForValue).filter((r) => r.send !== 'nothing');
  return items.length === 0 ? { send: 'nothing' } : { send: 'batch', items };
}
