/** A parsed JSON-RPC 2.0 message that carries a method: a request or a notification. */
export interface MethodMessage {
  jsonrpc: '2.0';
  method: string;
  id?: string | number | null;
  params?: Record<string, unknown> | unknown[];
}

/**
 * A request has an id member and a notification has none (JSON-RPC 2.0 §4, §4.1). Whether the member is present
 * decides it; its value does not, so 0, "" and null still make a request.
 */
export function kindOf(message: MethodMessage): 'request' | 'notification' {
  return Object.hasOwn(message, 'id') ? 'request' : 'notification';
}
