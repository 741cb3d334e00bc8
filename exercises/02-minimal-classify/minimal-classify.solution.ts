/** The three shapes of a JSON-RPC 2.0 message, and invalid for everything else. */
export type Shape = 'request' | 'notification' | 'response' | 'invalid';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON-RPC 2.0 §4: an id is a string, a number or null (null is discouraged, but legal). */
const isId = (v: unknown): boolean => typeof v === 'string' || typeof v === 'number' || v === null;

/** JSON-RPC 2.0 §5.1: an error object has an integer code and a string message. */
const isErrorObject = (v: unknown): boolean => isObject(v) && Number.isInteger(v.code) && typeof v.message === 'string';

/** Classifies one parsed JSON value as a request, a notification, a response, or invalid (JSON-RPC 2.0 §4–§5). */
export function classify(message: unknown): Shape {
  if (!isObject(message) || message.jsonrpc !== '2.0') return 'invalid';
  const has = (key: string) => Object.hasOwn(message, key);

  if (has('method')) {
    if (has('result') || has('error')) return 'invalid';
    if (typeof message.method !== 'string') return 'invalid';
    if (has('params') && typeof message.params !== 'object') return 'invalid';
    if (has('params') && message.params === null) return 'invalid';
    if (!has('id')) return 'notification';
    return isId(message.id) ? 'request' : 'invalid';
  }

  // A response carries exactly one of result and error, and the id of the request it answers.
  if (has('result') === has('error')) return 'invalid';
  if (!has('id') || !isId(message.id)) return 'invalid';
  if (has('error') && !isErrorObject(message.error)) return 'invalid';
  return 'response';
}
