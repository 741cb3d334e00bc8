/**
 * Unknown tool: the client calls a tool name the server never registered. The v2 SDK answers with the JSON-RPC
 * error -32602 (Invalid params) before any tool code runs; the v1 SDK wrapped the same failure in an
 * isError result instead.
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

  // A typo in the tool name.
  let observed;
  try {
    await session.client.callTool({ name: 'get_incidnet', arguments: { incidentId: 'INC-42' } });
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
