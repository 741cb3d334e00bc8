/**
 * Runs the probe against a server in this process: over stdio through a pair of pipes into the SDK's
 * StdioServerTransport, over Streamable HTTP by handing the probe the server's own fetch handler (no socket).
 */
import { PassThrough } from 'node:stream';
import type { McpVersion } from '#message-model';
import { createLineChannel } from '../../../src/probe/channel.ts';
import { runProbe } from '../../../src/probe/run.ts';
import type { ProbeReport } from '../../../src/probe/report.ts';

/** A server that reads lines from `input` and writes lines to `output`, until `close`. */
export type StdioServerFactory = (input: PassThrough, output: PassThrough) => Promise<{ close(): Promise<unknown> }>;

export async function probeStdio(
  start: StdioServerFactory,
  options: { protocol?: McpVersion; timeoutMs?: number } = {},
): Promise<ProbeReport> {
  const toServer = new PassThrough();
  const fromServer = new PassThrough();
  const server = await start(toServer, fromServer);
  const channel = createLineChannel(fromServer, toServer);
  try {
    return await runProbe({ transport: 'stdio', channel, command: 'in-process' }, options);
  } finally {
    await server.close();
    toServer.destroy();
    fromServer.destroy();
  }
}

export function probeHttp(
  fetch: (request: Request) => Promise<Response>,
  options: { protocol?: McpVersion; timeoutMs?: number } = {},
): Promise<ProbeReport> {
  return runProbe({ transport: 'http', url: 'http://127.0.0.1:3000/mcp', fetch }, options);
}
