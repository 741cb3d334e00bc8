/**
 * Exercise 11: the incident desk (the brief is README.md). This is your server: edit it until
 * `npm run exercise -- 11` reports that every check passed.
 *
 *   node exercises/11-capstone-incident-desk/incident-desk.problem.ts              (stdio)
 *   node exercises/11-capstone-incident-desk/incident-desk.problem.ts --http 3000  (Streamable HTTP on 127.0.0.1)
 *
 * It runs, lists its three tools and answers every call. One handler serves every tools/call, on the official SDK's
 * Server. What it does with a failure is where the work is: read what the probe says about tool-error-is-result,
 * business-failure-is-result and backend-unavailable-is-result.
 */
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { ProtocolError, ProtocolErrorCode, Server, createMcpHandler, type Tool } from '@modelcontextprotocol/server';
import { serveDeskStdio } from './stdio-lines.ts';

const incidents = new Map<string, 'open' | 'closed'>([
  ['INC-0001', 'open'],
  ['INC-0002', 'open'],
  ['INC-0003', 'closed'],
]);

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const stringArg = (args: Record<string, unknown> | undefined, name: string): string =>
  typeof args?.[name] === 'string' ? args[name] : '';

const TOOLS: Tool[] = [
  {
    name: 'lookup_incident',
    description: 'Look up an incident by its id (INC- and four digits).',
    inputSchema: { type: 'object', properties: { incidentId: { type: 'string' } }, required: ['incidentId'] },
  },
  {
    name: 'close_incident',
    description: 'Close an open incident. Repeating a call with the same idempotencyKey returns the first answer.',
    inputSchema: {
      type: 'object',
      properties: { incidentId: { type: 'string' }, idempotencyKey: { type: 'string' } },
      required: ['incidentId', 'idempotencyKey'],
    },
  },
  {
    name: 'runbook_for',
    description: 'The runbook for a service, from the runbook backend.',
    inputSchema: { type: 'object', properties: { service: { type: 'string' } }, required: ['service'] },
  },
];

/** Builds the desk's server; the HTTP handler builds one per request over the same incidents. */
export function createIncidentDesk(): Server {
  const server = new Server({ name: 'incident-desk', version: '0.1.0' }, { capabilities: { tools: {} } });

  server.setRequestHandler('tools/list', () => ({ tools: TOOLS }));

  server.setRequestHandler('tools/call', (request) => {
    const args = request.params.arguments;
    switch (request.params.name) {
      case 'lookup_incident': {
        const id = stringArg(args, 'incidentId');
        // A bad id is the caller's mistake, so refuse the request as invalid... or is that the model's to read?
        if (!/^INC-\d{4}$/.test(id) || !incidents.has(id))
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown incident ${id}`);
        return text(`${id} is ${incidents.get(id)}.`);
      }
      case 'close_incident': {
        const id = stringArg(args, 'incidentId');
        if (!incidents.has(id)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown incident ${id}`);
        // Closing a closed incident: the caller wanted it closed, and it is, so this is a success. Is it?
        if (incidents.get(id) === 'closed') return text(`${id} was already closed.`);
        incidents.set(id, 'closed');
        return text(`${id} is now closed.`);
      }
      case 'runbook_for': {
        const service = stringArg(args, 'service');
        // The payments backend is down: the server cannot do its job, so this is an internal error. Is it?
        if (service === 'payments') throw new Error('The runbook backend is unavailable');
        return text(`Runbook for ${service}: check the dashboard, then restart the service.`);
      }
      default:
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    }
  });

  return server;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { http: { type: 'string' } } });
  if (values.http === undefined) {
    serveDeskStdio(() => createIncidentDesk());
  } else {
    const handler = createMcpHandler(() => createIncidentDesk(), { responseMode: 'json' });
    serve({ fetch: (request) => handler.fetch(request), port: Number(values.http), hostname: '127.0.0.1' });
    process.stderr.write(`incident-desk listening on http://127.0.0.1:${values.http}/mcp\n`);
  }
}
