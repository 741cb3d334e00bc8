/** The _meta envelope every 2026-07-28 request carries. */
export const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'ticket-client', version: '1.0.0' },
};

/** A tools/call response from the ticket server. */
export interface ToolResponse {
  jsonrpc: '2.0';
  id: string | number;
  result?: { resultType: string; content: unknown[]; structuredContent?: { ticketId?: string } };
  error?: { code: number; message: string };
}

/** Sends one request; returns its response, or undefined when the response was lost. */
export interface Transport {
  send(request: unknown): ToolResponse | undefined;
}

/** Hands out JSON-RPC ids that have not been used before. */
export interface IdSource {
  next(): number;
}

/**
 * Calls create_ticket until a response arrives, at most maxAttempts times.
 * This first attempt retries the way many clients do; run the tests to see what the ticket server ends up with.
 */
export function createTicket(
  transport: Transport,
  ids: IdSource,
  title: string,
  key: string,
  maxAttempts: number,
): ToolResponse | undefined {
  const request = {
    jsonrpc: '2.0',
    id: ids.next(),
    method: 'tools/call',
    params: { name: 'create_ticket', arguments: { title, idempotencyKey: key }, _meta: META },
  };
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    request.params.arguments.idempotencyKey = `${key}-${attempt}`;
    const response = transport.send(request);
    if (response !== undefined) return response;
  }
  return undefined;
}
