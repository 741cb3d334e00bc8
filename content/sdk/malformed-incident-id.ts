/**
 * Malformed incident ID: the arguments fail the tool's input schema. The SDK does not answer with a JSON-RPC
 * error: it validates inside the tool call and returns a normal result with isError: true (SEP-1303), so the
 * model can read what was wrong and try again with a valid ID.
 */
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { openSession } from './session.ts';

export async function run() {
  const session = await openSession(() => {
    const server = new McpServer({ name: 'incident-desk', version: '1.0.0' });
    server.registerTool(
      'get_incident',
      {
        description: 'Look up an incident by its ID',
        inputSchema: z.object({ incidentId: z.string().regex(/^INC-\d+$/) }),
      },
      async ({ incidentId }) => ({ content: [{ type: 'text', text: `${incidentId} is open` }] }),
    );
    return server;
  });

  // "inc 42" does not match ^INC-\d+$: the handler never runs.
  const result = await session.client.callTool({ name: 'get_incident', arguments: { incidentId: 'inc 42' } });

  await session.close();
  return { messages: session.messages, observed: { outcome: 'resolved', isError: result.isError === true } };
}
