/** The three shapes of a JSON-RPC 2.0 message, and invalid for everything else. */
export type Shape = 'request' | 'notification' | 'response' | 'invalid';

/**
 * Classifies one parsed JSON value as a request, a notification, a response, or invalid (JSON-RPC 2.0).
 * This first attempt looks only at which members exist; run the tests to see what it lets through.
 */
export function classify(message: unknown): Shape {
  const m = message as Record<string, unknown>;
  if ('method' in m) return 'id' in m ? 'request' : 'notification';
  if ('result' in m || 'error' in m) return 'response';
  return 'invalid';
}
