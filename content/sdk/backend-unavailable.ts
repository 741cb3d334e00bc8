/**
 * Backend unavailable: the tool handler throws because the system behind it is down. The SDK catches the
 * exception and returns a result with isError: true whose text is the Error's message, verbatim.
 */
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { openSession } from './session.ts';

export async function run() {
  const session = await openSession(() => {
    const server = new McpServer({ name: 'incident-desk', version: '1.0.0' });
    server.registerTool('get_incident', { inputSchema: z.object({ incidentId: z.string() }) }, async () => {
      // Stands in for a fetch to the ticket system that got a 503.
      throw new Error('Incident backend unavailable (HTTP 503). Try again in a minute.');
    });
    return server;
  });

  const result = await session.client.callTool({ name: 'get_incident', arguments: { incidentId: 'INC-42' } });

  await session.close();
  return { messages: session.messages, observed: { outcome: 'resolved', isError: result.isError === true } };
}
