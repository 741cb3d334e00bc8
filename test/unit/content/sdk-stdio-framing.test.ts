/**
 * The SDK behaviour chapters 5 and 7 describe, executed against the pinned official SDK: what a server built on
 * @modelcontextprotocol/server sends back over stdio for lines it cannot use (nothing), when it closes the
 * transport (more than maxBufferSize bytes without a newline), and the default limits and timeout the chapters
 * quote. If an SDK upgrade changes any of this, the chapters' text has to change with it.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { DEFAULT_MAX_REQUEST_BODY_SIZE, McpServer, STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import {
  DEFAULT_REQUEST_TIMEOUT_MSEC,
  STDIO_DEFAULT_MAX_BUFFER_SIZE as CLIENT_STDIO_MAX,
} from '@modelcontextprotocol/client';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const request = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'get_incident', arguments: { incidentId: 'INC-1234' }, _meta: META },
});

/** Starts a server on in-process pipes, writes `chunks` to its stdin, and reports what came out. */
async function feed(chunks: string[], options?: { maxBufferSize?: number }) {
  const server = new McpServer({ name: 'incident-desk', version: '1.0.0' });
  server.registerTool(
    'get_incident',
    { inputSchema: z.object({ incidentId: z.string() }) },
    async ({ incidentId }) => ({
      content: [{ type: 'text', text: `Incident ${incidentId}` }],
    }),
  );
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const transport = new StdioServerTransport(stdin, stdout, options);
  await server.connect(transport);
  const errors: string[] = [];
  let closed = false;
  const onerror = transport.onerror;
  transport.onerror = (error: Error) => {
    errors.push(error.message);
    onerror?.(error);
  };
  const onclose = transport.onclose;
  transport.onclose = () => {
    closed = true;
    onclose?.();
  };
  let out = '';
  stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  for (const chunk of chunks) stdin.write(chunk);
  // Give the server a moment to answer; a valid request is answered well within it.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const closedByInput = closed;
  await server.close().catch(() => undefined);
  const replies = out.split('\n').filter((l) => l.trim() !== '');
  return { replies, errors, closed: closedByInput };
}

describe('the SDK server over stdio', () => {
  it('answers a valid one-line request', async () => {
    const { replies } = await feed([JSON.stringify(request(1)) + '\n']);
    expect(replies).toHaveLength(1);
    expect(JSON.parse(replies[0] ?? '{}')).toMatchObject({ jsonrpc: '2.0', id: 1 });
  });

  it('sends nothing back for a line that is not JSON, and reports nothing either', async () => {
    const { replies, errors, closed } = await feed(['{"jsonrpc":"2.0","id":4,"method":"tools/li\n']);
    expect(replies).toEqual([]);
    expect(errors).toEqual([]);
    expect(closed).toBe(false);
  });

  it('sends nothing back for a pretty-printed request: every line is broken JSON on its own', async () => {
    const { replies } = await feed([JSON.stringify(request(8), null, 2) + '\n']);
    expect(replies).toEqual([]);
  });

  it('sends nothing back for JSON without "jsonrpc": "2.0", and only tells its own onerror', async () => {
    const { replies, errors } = await feed([
      JSON.stringify({ id: 5, method: 'tools/list', params: { _meta: META } }) + '\n',
    ]);
    expect(replies).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it('sends nothing back for a batch array', async () => {
    const { replies, errors } = await feed([JSON.stringify([request(6), request(7)]) + '\n']);
    expect(replies).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it('closes the transport when more than maxBufferSize bytes arrive without a newline', async () => {
    const big = '{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"x":"' + 'a'.repeat(64 * 1024) + '"}}\n';
    const { replies, errors, closed } = await feed([big], { maxBufferSize: 32 * 1024 });
    expect(replies).toEqual([]);
    expect(errors.some((m) => m.includes('ReadBuffer exceeded maximum size'))).toBe(true);
    expect(closed).toBe(true);
  });
});

describe('the limits and timeout the chapters quote', () => {
  it('buffers at most 10 MiB on stdio, on both the server and the client side', () => {
    expect(STDIO_DEFAULT_MAX_BUFFER_SIZE).toBe(10 * 1024 * 1024);
    expect(CLIENT_STDIO_MAX).toBe(10 * 1024 * 1024);
  });

  it('reads HTTP request bodies up to 4 MiB by default', () => {
    expect(DEFAULT_MAX_REQUEST_BODY_SIZE).toBe(4 * 1024 * 1024);
  });

  it('times requests out after 60 seconds by default', () => {
    expect(DEFAULT_REQUEST_TIMEOUT_MSEC).toBe(60_000);
  });
});
