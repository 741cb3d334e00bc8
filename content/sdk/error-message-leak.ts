/**
 * A leaky error message: the tool handler lets a database driver's error escape, and that error's message
 * carries a connection string with a password. The SDK copies Error.message to the wire verbatim: the client
 * (and the model reading the result) sees the credentials. Sanitising is the handler author's job.
 */
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { openSession } from './session.ts';

export async function run() {
  const session = await openSession(() => {
    const server = new McpServer({ name: 'incident-desk', version: '1.0.0' });
    server.registerTool('search_incidents', { inputSchema: z.object({ query: z.string() }) }, async () => {
      // What a database client typically throws when it cannot connect (a made-up host and password).
      throw new Error('connect ECONNREFUSED postgres://incidents_app:S3cr3t-pw@db.internal.example:5432/incidents');
    });
    return server;
  });

  const result = await session.client.callTool({ name: 'search_incidents', arguments: { query: 'checkout' } });

  await session.close();
  const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
  return {
    messages: session.messages,
    observed: { outcome: 'resolved', isError: result.isError === true, passwordVisible: text.includes('S3cr3t-pw') },
  };
}
