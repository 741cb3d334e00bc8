/**
 * The SDK's stdio transport, with the answer JSON-RPC 2.0 owes to a line that is not a message. The official SDK
 * drops such a line; JSON-RPC 2.0 §5 says "When a rpc call is made, the Server MUST reply with a Response, except for
 * in the case of Notifications", and its §7 examples answer invalid JSON with -32700 and an invalid Request object
 * with -32600 (MCP adopts JSON-RPC 2.0: "All messages between MCP clients and servers MUST follow the JSON-RPC 2.0
 * specification."). Where JSON-RPC writes `"id": null`, the id is left out: an MCP id is a string or an integer, and
 * from 2025-11-25 an error omits it "in error cases where the ID could not be read due a malformed request" (2025-06-18
 * has no valid form here at all). Every other line goes to the SDK unchanged.
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';

const refuse = (code: number, message: string, id?: string | number) => ({
  jsonrpc: '2.0',
  ...(id === undefined ? {} : { id }),
  error: { code, message },
});

/** The error a line is owed before the SDK sees it, or undefined when the line is a message the SDK should read. */
function refusalFor(line: string): object | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return refuse(-32700, 'Parse error');
  }
  if (!value || typeof value !== 'object') return refuse(-32600, 'Invalid Request: a message is a JSON object');
  // An array is a JSON-RPC batch, which MCP removed in 2025-06-18 without saying how a server answers one: the SDK
  // drops it, and nothing more is owed.
  if (Array.isArray(value)) return undefined;
  const message = value as Record<string, unknown>;
  if ('result' in message || 'error' in message) return undefined;
  const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : undefined;
  if (message.jsonrpc !== '2.0') return refuse(-32600, 'Invalid Request: jsonrpc must be "2.0"', id);
  if (typeof message.method !== 'string') return refuse(-32600, 'Invalid Request: the method must be a string', id);
  if ('id' in message && message.id === null) return refuse(-32600, 'Invalid Request: an MCP id is never null');
  return undefined;
}

/** Serves the server `build` makes over `input`/`output` (the process's stdin/stdout by default). */
export function serveDeskStdio(
  build: Parameters<typeof serveStdio>[0],
  input: Readable = process.stdin,
  output: Writable = process.stdout,
): { close(): Promise<void> } {
  const toSdk = new PassThrough();
  const handle = serveStdio(build, { transport: new StdioServerTransport(toSdk, output) });
  const lines = createInterface({ input, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    const refusal = refusalFor(line);
    if (refusal) output.write(`${JSON.stringify(refusal)}\n`);
    else toSdk.write(`${line}\n`);
  });
  // The end of input reaches the SDK, which closes as on a closed stdin.
  lines.on('close', () => toSdk.end());
  return {
    close: async () => {
      lines.close();
      await handle.close();
    },
  };
}
