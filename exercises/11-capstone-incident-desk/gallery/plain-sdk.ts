/**
 * Not broken on purpose: a plain official-SDK server with one tool of its own (`echo`) and none of the brief's, as
 * a second reference. The probe runs the brief's tool checks only where the tools exist, so those are reported as
 * not attempted. Over HTTP it keeps one habit of the SDK: a request whose method is not a string is answered with
 * `"id": null` although its id was readable (bugs.json lists it).
 */
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Readable, Writable } from 'node:stream';
import * as z from 'zod';
import { runFromCommandLine } from '../incident-desk.solution.ts';

/** The plain server: one `echo` tool. */
export function createPlainServer(): McpServer {
  const server = new McpServer({ name: 'plain-sdk', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes its text.', inputSchema: z.object({ text: z.string() }) },
    ({ text }) => ({
      content: [{ type: 'text', text }],
    }),
  );
  return server;
}

/** Over stdio, reading `input` and writing `output`. */
export function servePlainStdio(input: Readable, output: Writable) {
  return serveStdio(createPlainServer, { transport: new StdioServerTransport(input, output) });
}

/** Over Streamable HTTP, as the SDK's own web-standard handler. */
export function plainHttpHandler(): (request: Request) => Promise<Response> {
  return createMcpHandler(createPlainServer).fetch;
}

if (import.meta.main)
  await runFromCommandLine('plain-sdk', { stdio: async () => serveStdio(createPlainServer), http: plainHttpHandler });
