/**
 * The incident desk, worked solution: an MCP server with three tools whose failures are defined, on the official
 * SDK (`@modelcontextprotocol/server`). It is also the probe's reference server.
 *
 *   node exercises/11-capstone-incident-desk/incident-desk.solution.ts              (stdio)
 *   node exercises/11-capstone-incident-desk/incident-desk.solution.ts --http 3000  (Streamable HTTP on 127.0.0.1)
 *
 * Every failure of a tool's own work (a malformed or unknown incident id, closing a closed incident, a backend that
 * is down) is a tool execution error: a normal result with `isError: true` that the model can read and act on
 * (spec 2025-11-25 server/tools §Error Handling). Protocol errors (an unknown tool, params that fail the
 * CallToolRequest schema) are left to the SDK, which answers them with -32602. On stdio, a line that is not a
 * message gets the -32700 or -32600 JSON-RPC 2.0 owes it (`stdio-lines.ts`; the SDK alone drops it).
 */
import { serve, type ServerType } from '@hono/node-server';
import { parseArgs } from 'node:util';
import { McpServer, createMcpHandler, type CallToolResult } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { serveDeskStdio } from './stdio-lines.ts';

const INCIDENT_ID = /^INC-\d{4}$/;

/** What one running desk remembers: the incidents and the first answer to each idempotency key. */
export interface DeskState {
  incidents: Map<string, 'open' | 'closed'>;
  answers: Map<string, CallToolResult>;
}

/** A fresh desk: INC-0001 and INC-0002 open, INC-0003 closed. */
export function createDeskState(): DeskState {
  return {
    incidents: new Map([
      ['INC-0001', 'open'],
      ['INC-0002', 'open'],
      ['INC-0003', 'closed'],
    ]),
    answers: new Map(),
  };
}

const say = (text: string): CallToolResult => ({ content: [{ type: 'text', text }] });
const fail = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/** Why an incident id cannot be used, or undefined when it names a known incident. */
function badIncident(state: DeskState, incidentId: string): string | undefined {
  if (!INCIDENT_ID.test(incidentId)) return `"${incidentId}" is not an incident id: ids are INC- and four digits.`;
  if (!state.incidents.has(incidentId)) return `There is no incident ${incidentId}.`;
  return undefined;
}

/** Builds the desk's McpServer over `state` (shared, so an HTTP handler's per-request servers see one desk). */
export function createIncidentDesk(state: DeskState = createDeskState()): McpServer {
  const server = new McpServer({ name: 'incident-desk', version: '1.0.0' });

  server.registerTool(
    'lookup_incident',
    {
      description: 'Look up an incident by its id (INC- and four digits).',
      inputSchema: z.object({ incidentId: z.string() }),
    },
    ({ incidentId }) => {
      const problem = badIncident(state, incidentId);
      return problem ? fail(problem) : say(`${incidentId} is ${state.incidents.get(incidentId)}.`);
    },
  );

  server.registerTool(
    'close_incident',
    {
      description: 'Close an open incident. Repeating a call with the same idempotencyKey returns the first answer.',
      inputSchema: z.object({ incidentId: z.string(), idempotencyKey: z.string() }),
    },
    ({ incidentId, idempotencyKey }) => {
      const earlier = state.answers.get(idempotencyKey);
      if (earlier) return earlier;
      const problem = badIncident(state, incidentId);
      let answer: CallToolResult;
      if (problem) answer = fail(problem);
      else if (state.incidents.get(incidentId) === 'closed') answer = fail(`${incidentId} is already closed.`);
      else {
        state.incidents.set(incidentId, 'closed');
        answer = say(`${incidentId} is now closed.`);
      }
      state.answers.set(idempotencyKey, answer);
      return answer;
    },
  );

  server.registerTool(
    'runbook_for',
    {
      description: 'The runbook for a service, from the runbook backend.',
      inputSchema: z.object({ service: z.string() }),
    },
    ({ service }) =>
      service === 'payments'
        ? fail('The runbook backend is temporarily unavailable. Try again later.')
        : say(`Runbook for ${service}: check the dashboard, restart the service, page the owner if it stays down.`),
  );

  return server;
}

/**
 * A POST whose `method` is not a string, but whose id is readable, is an Invalid Request owed -32600 with that id
 * (spec 2025-11-25 basic/index.mdx §Error Responses: "Error responses MUST include the same ID as the request they
 * correspond to (except in error cases where the ID could not be read due a malformed request)."). The SDK's HTTP
 * handler answers it with `"id": null`, so the desk answers it itself; everything else goes to the SDK.
 */
async function invalidMethodWithReadableId(request: Request): Promise<Response | undefined> {
  if (request.method !== 'POST') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(await request.clone().text());
  } catch {
    return undefined;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { id, method } = body as { id?: unknown; method?: unknown };
  if (method === undefined || typeof method === 'string') return undefined;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return Response.json(
    { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid Request: the method must be a string' } },
    { status: 400 },
  );
}

/** The desk over Streamable HTTP as a web-standard handler (both eras, the SDK's stateless serving). */
export function createIncidentDeskHandler(state: DeskState = createDeskState()) {
  const handler = createMcpHandler(() => createIncidentDesk(state));
  return {
    fetch: async (request: Request): Promise<Response> =>
      (await invalidMethodWithReadableId(request)) ?? handler.fetch(request),
    close: () => handler.close(),
  };
}

/** Serves a web-standard fetch handler on 127.0.0.1:port; resolves with its /mcp URL and a way to stop it. */
export async function listenOnLoopback(
  fetch: (request: Request) => Promise<Response>,
  port: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch, hostname: '127.0.0.1', port }, () => resolve(s));
  });
  const address = server.address();
  const bound = address && typeof address === 'object' ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

/** Runs a server built by `build` from the command line: stdio by default, `--http PORT` for Streamable HTTP. */
export async function runFromCommandLine(
  name: string,
  build: { stdio: () => Promise<unknown>; http: () => (request: Request) => Promise<Response> },
): Promise<void> {
  const { values } = parseArgs({ options: { http: { type: 'string' } } });
  if (values.http === undefined) {
    await build.stdio();
    return;
  }
  const port = Number(values.http);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    process.stderr.write(`${name}: --http wants a port number, got ${JSON.stringify(values.http)}\n`);
    process.exitCode = 2;
    return;
  }
  const { url } = await listenOnLoopback(build.http(), port);
  process.stderr.write(`${name} listening on ${url}\n`);
}

if (import.meta.main) {
  const state = createDeskState();
  await runFromCommandLine('incident-desk', {
    stdio: async () => serveDeskStdio(() => createIncidentDesk(state)),
    http: () => createIncidentDeskHandler(state).fetch,
  });
}
