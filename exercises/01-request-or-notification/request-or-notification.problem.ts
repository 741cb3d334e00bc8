/** A parsed JSON-RPC 2.0 message that carries a method: a request or a notification. */
export interface MethodMessage {
  jsonrpc: '2.0';
  method: string;
  id?: string | number | null;
  params?: Record<string, unknown> | unknown[];
}

/**
 * Returns 'request' when the sender expects a response, 'notification' when it does not.
 * This first attempt looks plausible and is wrong for some ids: run the tests to see which.
 */
export function kindOf(message: MethodMessage): 'request' | 'notification' {
  if (message.id) {
    return 'request';
  }
  return 'notification';
}
