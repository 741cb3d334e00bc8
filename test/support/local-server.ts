/**
 * A throwaway HTTP server on a free port of 127.0.0.1 for tests that need a real socket (a hostile workshop
 * server, a redirecting MCP server). `useLocalServers()` registers the clean-up after each test and returns `serve`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export function useLocalServers(): (handler: (req: IncomingMessage, res: ServerResponse) => void) => Promise<string> {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map(
        (s) =>
          new Promise<void>((done) => {
            s.closeAllConnections();
            s.close(() => done());
          }),
      ),
    );
  });
  /** Starts a server answering with `handler`; resolves to its base address. */
  return async (handler) => {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
}
