/**
 * A write whose response is lost. The server creates a ticket, but its response never reaches the client,
 * which times out (and sends notifications/cancelled, too late to undo anything). Then two ways to retry:
 *  - with the same business idempotency key (and, as always, a new JSON-RPC id): the server recognises the
 *    key and returns the ticket it already created, so there is no duplicate;
 *  - blindly, without a key: the server cannot tell a retry from a new request and creates a second ticket.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { SdkError } from '@modelcontextprotocol/client';
import * as z from 'zod';
import { openSession } from './session.ts';

export async function run() {
  // The ticket system behind the tool: tickets by id, and which key created which ticket.
  const tickets: string[] = [];
  const byKey = new Map<string, string>();

  const session = await openSession(() => {
    const server = new McpServer({ name: 'incident-desk', version: '1.0.0' });
    server.registerTool(
      'create_ticket',
      { inputSchema: z.object({ incidentId: z.string(), summary: z.string(), idempotencyKey: z.string().optional() }) },
      async ({ idempotencyKey }) => {
        const existing = idempotencyKey === undefined ? undefined : byKey.get(idempotencyKey);
        const ticketId = existing ?? `TCK-${1001 + tickets.length}`;
        if (existing === undefined) tickets.push(ticketId);
        if (idempotencyKey !== undefined) byKey.set(idempotencyKey, ticketId);
        const outcome = { ticketId, created: existing === undefined };
        return { content: [{ type: 'text', text: JSON.stringify(outcome) }], structuredContent: outcome };
      },
    );
    return server;
  });

  const call = (args: Record<string, string>) =>
    session.client.callTool(
      { name: 'create_ticket', arguments: { incidentId: 'INC-42', summary: 'Checkout fails', ...args } },
      { timeout: 50 },
    );
  const timedOut = (error: unknown) => error instanceof SdkError && error.code === 'REQUEST_TIMEOUT';

  // 1. With an idempotency key: the first attempt's response is lost, the retry reuses the key.
  session.loseNextResponse();
  const firstTimedOut = await call({ idempotencyKey: 'ticket-INC-42-7f3a' }).then(() => false, timedOut);
  const keyedRetry = await call({ idempotencyKey: 'ticket-INC-42-7f3a' });
  const ticketsAfterKeyedRetry = tickets.length;

  // 2. Without a key: the same loss, then a blind retry.
  session.loseNextResponse();
  const blindTimedOut = await call({}).then(() => false, timedOut);
  const blindRetry = await call({});

  await session.close();
  return {
    messages: session.messages,
    observed: {
      firstTimedOut,
      keyedRetry: keyedRetry.structuredContent,
      ticketsAfterKeyedRetry,
      blindTimedOut,
      blindRetry: blindRetry.structuredContent,
      ticketsAfterBlindRetry: tickets.length,
    },
  };
}
