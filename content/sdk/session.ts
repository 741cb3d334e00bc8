/**
 * The recorder: a real SDK client talking to a real SDK server over the SDK's own InMemoryTransport pair (no
 * network, no child process), with every JSON-RPC message that crosses the pair written down, in both
 * directions, in the order it was sent. The server side is served by `serveStdio`, which owns the era decision
 * exactly as it does for a stdio server; the client pins MCP 2026-07-28.
 */
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, type JSONRPCMessage, type McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

/** One message as it crossed the transport: who sent it, its JSON text, and whether the transport lost it. */
export interface RecordedMessage {
  from: 'client' | 'server';
  /** The message serialised as the stdio transport writes it (JSON.stringify, without the newline). */
  text: string;
  /** True when the recorder dropped the message instead of delivering it (a lost response). */
  dropped?: true;
}

/** A connected client, the traffic so far, and a way to lose the server's next response. */
export interface LabSession {
  client: Client;
  messages: RecordedMessage[];
  /** The server's next response is recorded but never delivered, as if the connection lost it. */
  loseNextResponse(): void;
  close(): Promise<void>;
}

/** The installed version of an @modelcontextprotocol package, read from its package.json. */
export function sdkVersion(name: 'server' | 'client'): string {
  const pkg = new URL(`../../node_modules/@modelcontextprotocol/${name}/package.json`, import.meta.url);
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/** Starts a server built by `createServer` and connects a client to it, recording all traffic. */
export async function openSession(createServer: () => McpServer): Promise<LabSession> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const messages: RecordedMessage[] = [];
  let loseNext = false;

  // Wrap each end's send(): everything either side writes passes through here first.
  for (const [from, transport] of [
    ['client', clientSide],
    ['server', serverSide],
  ] as const) {
    const send = transport.send.bind(transport);
    transport.send = async (message: JSONRPCMessage, options) => {
      const text = JSON.stringify(message);
      if (from === 'server' && loseNext && ('result' in message || 'error' in message)) {
        loseNext = false;
        messages.push({ from, text, dropped: true });
        return;
      }
      messages.push({ from, text });
      return send(message, options);
    };
  }

  const server = serveStdio(createServer, { transport: serverSide });
  const client = new Client(
    { name: 'lab-client', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(clientSide);
  return {
    client,
    messages,
    loseNextResponse: () => {
      loseNext = true;
    },
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
