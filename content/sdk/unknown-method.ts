/**
 * Unknown method: the client calls a method the server does not implement. The server answers with the
 * JSON-RPC error -32601 (Method not found), and the SDK client rejects the call with a ProtocolError.
 * The first exchange is the client's server/discover probe, which pins MCP 2026-07-28.
 */
import { McpServer, ProtocolError } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { openSession } from './session.ts';

export async function run() {
  const session = await openSession(() => {
    const server = new McpServer({ name: 'incident-desk', version: '1.0.0' });
    server.registerTool(
      'get_incident',
      { inputSchema: z.object({ incidentId: z.string() }) },
      async ({ incidentId }) => ({
        content: [{ type: 'text', text: `${incidentId} is open` }],
      }),
    );
    return server;
  });

  // "incidents/escalate" is not an MCP method and this server registers no handler for it.
  let observed;
  try {
    await session.client.request({ method: 'incidents/escalate', params: { incidentId: 'INC-42' } }, z.object({}));
    observed = { outcome: 'resolved' };
  } catch (error) {
    observed = {
      outcome: 'rejected',
      error: error instanceof ProtocolError ? 'ProtocolError' : String(error),
      code: (error as ProtocolError).code,
    };
  }

  await session.close();
  return { messages: session.messages, observed };
}
