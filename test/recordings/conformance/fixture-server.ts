/**
 * The server the conformance recordings are made against: the official SDK's McpServer with the fixture tools,
 * resources and prompts the conformance suite's server scenarios call by name (each scenario's description in the
 * suite says what its fixture returns), served over Streamable HTTP on a loopback port in one of four wirings:
 *
 *  - `stateless-sse` / `stateless-json`: MCP 2026-07-28 through the SDK's `createMcpHandler` (a fresh server per
 *    request, 2025-era traffic rejected), streaming every answer or never streaming;
 *  - `stateful-sse` / `stateful-json`: MCP 2025-11-25 sessions through `WebStandardStreamableHTTPServerTransport`
 *    with a session id per `initialize`, SSE answers or JSON answers (`enableJsonResponse`).
 *
 * Nothing here decides a protocol rule: the SDK answers every request its own way, which is what gets recorded.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { serve, type ServerType } from '@hono/node-server';
import {
  CLIENT_CAPABILITIES_META_KEY,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  inputRequired,
  inputResponse,
  type InputRequest,
  type InputRequests,
  ResourceTemplate,
  WebStandardStreamableHTTPServerTransport,
  completable,
  createMcpHandler,
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  type ServerContext,
} from '@modelcontextprotocol/server';
import * as z from 'zod';

export const WIRINGS = ['stateless-sse', 'stateless-json', 'stateful-sse', 'stateful-json'] as const;
export type Wiring = (typeof WIRINGS)[number];

/** A 1×1 red PNG and a 44-byte silent WAV: the smallest media the image and audio fixtures can return. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const WAV = 'UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An elicitation input request for one required string (or boolean) property. */
const ask = (message: string, property: string, type: 'string' | 'boolean' = 'string'): InputRequest => ({
  method: 'elicitation/create',
  params: {
    message,
    requestedSchema: {
      type: 'object',
      properties: { [property]: type === 'string' ? { type: 'string' } : { type: 'boolean' } },
      required: [property],
    },
  },
});
const sample = (text: string, maxTokens: number): InputRequest => ({
  method: 'sampling/createMessage',
  params: { messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens },
});
const ROOTS: InputRequest = { method: 'roots/list', params: {} };

/** The client capabilities the request's 2026-07-28 `_meta` envelope declares. */
const declaredCapabilities = (ctx: ServerContext): Record<string, unknown> =>
  ((ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] ?? {}) as Record<
    string,
    unknown
  >;

/** requestState is attacker-controlled (it round-trips through the client): sign it, and refuse a bad signature. */
const stateKey = randomBytes(32);
const sign = (payload: string) => `${payload}.${createHmac('sha256', stateKey).update(payload).digest('base64url')}`;
function verified(state: unknown): string {
  const text = typeof state === 'string' ? state : '';
  const dot = text.lastIndexOf('.');
  const payload = text.slice(0, dot);
  if (dot < 0 || sign(payload) !== text)
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'requestState failed its integrity check');
  return payload;
}

type Responses = Record<string, unknown> | undefined;
const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
const answer = (responses: Responses, key: string): Record<string, unknown> | undefined => {
  const view = inputResponse(responses, key);
  return view.kind === 'elicit' ? view.content : undefined;
};

/** The multi-round-trip (input_required) fixtures of the 2026-07-28 scenarios, and the stateless diagnostics. */
function registerInputRequiredFixtures(server: McpServer): void {
  const tool = (name: string, run: (ctx: ServerContext) => unknown) =>
    server.registerTool(
      name,
      { description: `Conformance fixture ${name}.` },
      (ctx: ServerContext) => run(ctx) as ReturnType<Parameters<McpServer['registerTool']>[2]>,
    );
  const has = (responses: Responses, ...keys: string[]) =>
    responses !== undefined && keys.every((key) => key in responses);

  tool('test_input_required_result_elicitation', (ctx) => {
    const responses = ctx.mcpReq.inputResponses;
    if (!has(responses, 'user_name'))
      return inputRequired({ inputRequests: { user_name: ask('What is your name?', 'name') } });
    const name = answer(responses, 'user_name')?.name;
    if (typeof name !== 'string')
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        'inputResponses.user_name is not an accepted elicitation with a name',
      );
    return text(`Hello, ${name}!`);
  });
  tool('test_input_required_result_sampling', (ctx) => {
    const responses = ctx.mcpReq.inputResponses;
    if (!has(responses, 'capital_question'))
      return inputRequired({ inputRequests: { capital_question: sample('What is the capital of France?', 100) } });
    const view = inputResponse(responses, 'capital_question');
    const content = view.kind === 'sampling' ? view.result.content : undefined;
    const first = Array.isArray(content) ? content[0] : content;
    return text(`Sampling said: ${first && first.type === 'text' ? first.text : JSON.stringify(first)}`);
  });
  tool('test_input_required_result_list_roots', (ctx) => {
    const responses = ctx.mcpReq.inputResponses;
    if (!has(responses, 'client_roots')) return inputRequired({ inputRequests: { client_roots: ROOTS } });
    const view = inputResponse(responses, 'client_roots');
    return text(`Roots: ${view.kind === 'roots' ? view.roots.map((r) => r.uri).join(', ') : 'none'}`);
  });
  tool('test_input_required_result_request_state', (ctx) => {
    const responses = ctx.mcpReq.inputResponses;
    if (!has(responses, 'confirm'))
      return inputRequired({
        inputRequests: { confirm: ask('Please confirm', 'ok', 'boolean') },
        requestState: sign('confirm'),
      });
    verified(ctx.mcpReq.requestState());
    return text('state-ok: the request state came back intact.');
  });
  tool('test_input_required_result_multiple_inputs', (ctx) => {
    const responses = ctx.mcpReq.inputResponses;
    if (!has(responses, 'user_name', 'greeting', 'client_roots'))
      return inputRequired({
        inputRequests: {
          user_name: ask('What is your name?', 'name'),
          greeting: sample('Generate a greeting', 50),
          client_roots: ROOTS,
        },
        requestState: sign('multiple'),
      });
    verified(ctx.mcpReq.requestState());
    return text('All three inputs arrived.');
  });
  tool('test_input_required_result_multi_round', (ctx) => {
    const responses = ctx.mcpReq.inputResponses;
    const state = ctx.mcpReq.requestState();
    if (state === undefined || (!has(responses, 'step1') && !has(responses, 'step2')))
      return inputRequired({
        inputRequests: { step1: ask('Step 1: What is your name?', 'name') },
        requestState: sign('round-1'),
      });
    const round = verified(state);
    if (round === 'round-1' && has(responses, 'step1'))
      return inputRequired({
        inputRequests: { step2: ask('Step 2: What is your favorite color?', 'color') },
        requestState: sign(`round-2:${String(answer(responses, 'step1')?.name)}`),
      });
    if (round.startsWith('round-2:') && has(responses, 'step2'))
      return text(`${round.slice(8)} likes ${String(answer(responses, 'step2')?.color)}.`);
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'inputResponses do not answer this round');
  });
  tool('test_input_required_result_tampered_state', (ctx) => {
    const state = ctx.mcpReq.requestState();
    if (state === undefined)
      return inputRequired({
        inputRequests: { confirm: ask('Please confirm', 'ok', 'boolean') },
        requestState: sign('tamper-check'),
      });
    verified(state);
    return text('state-ok');
  });
  tool('test_input_required_result_capabilities', (ctx) => {
    const declared = declaredCapabilities(ctx);
    const responses = ctx.mcpReq.inputResponses;
    if (responses !== undefined) return text('Inputs arrived for the declared capabilities.');
    const requests: Record<string, unknown> = {};
    if ('elicitation' in declared) requests.user_name = ask('What is your name?', 'name');
    if ('sampling' in declared) requests.greeting = sample('Generate a greeting', 50);
    if ('roots' in declared) requests.client_roots = ROOTS;
    if (Object.keys(requests).length === 0) return text('The client declared nothing to ask with.');
    return inputRequired({ inputRequests: requests as InputRequests });
  });
  tool('test_streaming_elicitation', (ctx) => {
    if (ctx.mcpReq.inputResponses === undefined)
      return inputRequired({ inputRequests: { user_name: ask('What is your name?', 'name') } });
    return text('Streaming elicitation answered.');
  });
  tool('test_logging_tool', async (ctx) => {
    await ctx.mcpReq.log('info', 'A log line the client only sees when it asked for a log level.');
    return text('Logging tool finished.');
  });

  server.registerPrompt(
    'test_input_required_result_prompt',
    { description: 'A prompt that asks for context first.' },
    (ctx: ServerContext) => {
      const responses = ctx.mcpReq.inputResponses;
      if (!has(responses, 'user_context'))
        return inputRequired({
          inputRequests: { user_context: ask('What context should the prompt use?', 'context') },
        }) as unknown as { messages: [] };
      return {
        messages: [
          {
            role: 'user',
            content: { type: 'text', text: `Context: ${String(answer(responses, 'user_context')?.context)}` },
          },
        ],
      };
    },
  );
}

/** One McpServer with every fixture the suite's server scenarios name for its revision. */
function fixtureServer(modern: boolean): McpServer {
  const server = new McpServer(
    { name: 'mcp-lab-conformance-fixtures', version: '1.0.0' },
    {
      capabilities: { logging: {}, completions: {}, resources: { subscribe: true } },
      // Tampered state is refused by the SDK's seam (-32602) before any handler runs.
      requestState: {
        verify: (state: string) => {
          verified(state);
        },
      },
    },
  );

  server.registerTool('test_simple_text', { description: 'Returns one text block.' }, () => ({
    content: [{ type: 'text', text: 'This is a simple text response for testing.' }],
  }));
  server.registerTool('test_image_content', { description: 'Returns one PNG image.' }, () => ({
    content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
  }));
  server.registerTool('test_audio_content', { description: 'Returns one WAV clip.' }, () => ({
    content: [{ type: 'audio', data: WAV, mimeType: 'audio/wav' }],
  }));
  server.registerTool('test_embedded_resource', { description: 'Returns an embedded text resource.' }, () => ({
    content: [
      {
        type: 'resource',
        resource: {
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      },
    ],
  }));
  server.registerTool('test_multiple_content_types', { description: 'Returns text, an image and a resource.' }, () => ({
    content: [
      { type: 'text', text: 'Multiple content types test:' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: {
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: '{"test":"data","value":123}',
        },
      },
    ],
  }));
  server.registerTool(
    'test_tool_with_logging',
    { description: 'Logs three info messages while it runs.' },
    async (ctx: ServerContext) => {
      await ctx.mcpReq.log('info', 'Tool execution started');
      await sleep(50);
      await ctx.mcpReq.log('info', 'Tool processing data');
      await sleep(50);
      await ctx.mcpReq.log('info', 'Tool execution completed');
      return { content: [{ type: 'text', text: 'Logging tool finished.' }] };
    },
  );
  server.registerTool(
    'test_tool_with_progress',
    { description: 'Reports progress 0, 50 and 100 of 100.' },
    async (ctx: ServerContext) => {
      const token = ctx.mcpReq._meta?.progressToken;
      for (const progress of [0, 50, 100]) {
        if (token !== undefined)
          await ctx.mcpReq.notify({
            method: 'notifications/progress',
            params: { progressToken: token, progress, total: 100 },
          });
        if (progress < 100) await sleep(50);
      }
      return { content: [{ type: 'text', text: 'Progress tool finished.' }] };
    },
  );
  server.registerTool('test_error_handling', { description: 'Always fails as a tool.' }, () => ({
    isError: true,
    content: [{ type: 'text', text: 'This tool intentionally returns an error for testing' }],
  }));
  if (modern) registerInputRequiredFixtures(server);
  else {
    server.registerTool(
      'test_sampling',
      { description: 'Asks the client for an LLM completion.', inputSchema: z.object({ prompt: z.string() }) },
      async ({ prompt }, ctx) => {
        const result = await ctx.mcpReq.requestSampling({
          messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
          maxTokens: 100,
        });
        const content = Array.isArray(result.content) ? result.content[0] : result.content;
        const text = content && content.type === 'text' ? content.text : JSON.stringify(content);
        return { content: [{ type: 'text', text: `LLM response: ${text}` }] };
      },
    );
    server.registerTool(
      'test_elicitation',
      { description: 'Asks the user for a name and an email.', inputSchema: z.object({ message: z.string() }) },
      async ({ message }, ctx) => {
        const result = await ctx.mcpReq.elicitInput({
          message,
          requestedSchema: {
            type: 'object',
            properties: {
              username: { type: 'string', description: "User's response" },
              email: { type: 'string', description: "User's email address" },
            },
            required: ['username', 'email'],
          },
        });
        return {
          content: [
            { type: 'text', text: `User response: action=${result.action}, content=${JSON.stringify(result.content)}` },
          ],
        };
      },
    );
  }
  server.registerTool(
    'test_missing_capability',
    { description: 'Asks the client for a completion, so it needs sampling declared.' },
    (ctx: ServerContext) => {
      // A tool's thrown error becomes an isError result in McpServer; an input request for an undeclared
      // capability is refused by the SDK itself with -32021, which is the answer this fixture is for.
      if (ctx.mcpReq.inputResponses === undefined && modern)
        return inputRequired({ inputRequests: { completion: sample('Say hello', 20) } });
      return { content: [{ type: 'text', text: 'Sampling is declared.' }] };
    },
  );

  server.registerResource(
    'static-text',
    'test://static-text',
    { description: 'A static text resource.', mimeType: 'text/plain' },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'This is the content of the static text resource.' }],
    }),
  );
  server.registerResource(
    'static-binary',
    'test://static-binary',
    { description: 'A static PNG resource.', mimeType: 'image/png' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'image/png', blob: PNG }] }),
  );
  server.registerResource(
    'template-data',
    new ResourceTemplate('test://template/{id}/data', { list: undefined }),
    { description: 'JSON data for an id.', mimeType: 'application/json' },
    (uri, { id }) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${String(id)}` }),
        },
      ],
    }),
  );
  server.registerResource(
    'watched-resource',
    'test://watched-resource',
    { description: 'A resource clients may subscribe to.', mimeType: 'text/plain' },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'Watched resource content.' }] }),
  );

  // McpServer has no subscription registry of its own: resources/subscribe and /unsubscribe (2025-11-25) go to the
  // low-level Server, which answers each with the empty result the spec gives them.
  if (!modern) {
    const subscribed = new Set<string>();
    server.server.setRequestHandler('resources/subscribe', (request) => {
      subscribed.add(request.params.uri);
      return {};
    });
    server.server.setRequestHandler('resources/unsubscribe', (request) => {
      subscribed.delete(request.params.uri);
      return {};
    });
  }

  server.registerPrompt('test_simple_prompt', { description: 'A prompt without arguments.' }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
  }));
  server.registerPrompt(
    'test_prompt_with_arguments',
    {
      description: 'A prompt with two arguments.',
      argsSchema: z.object({
        arg1: completable(z.string().describe('First test argument'), (value) =>
          ['paris', 'park', 'party'].filter((v) => v.startsWith(value)),
        ),
        arg2: z.string().describe('Second test argument'),
      }),
    },
    ({ arg1, arg2 }) => ({
      messages: [
        { role: 'user', content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } },
      ],
    }),
  );
  server.registerPrompt(
    'test_prompt_with_embedded_resource',
    { description: 'A prompt embedding a resource.', argsSchema: z.object({ resourceUri: z.string() }) },
    ({ resourceUri }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: resourceUri, mimeType: 'text/plain', text: 'Embedded resource content for testing.' },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
      ],
    }),
  );
  server.registerPrompt('test_prompt_with_image', { description: 'A prompt with an image.' }, () => ({
    messages: [
      { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ],
  }));
  return server;
}

/** The request handler of one wiring: a web-standard fetch function. */
function handlerFor(wiring: Wiring): (request: Request) => Promise<Response> {
  if (wiring === 'stateless-sse' || wiring === 'stateless-json') {
    const handler = createMcpHandler(() => fixtureServer(true), {
      legacy: 'reject',
      responseMode: wiring === 'stateless-sse' ? 'sse' : 'json',
      keepAliveMs: 0,
    });
    return async (request) =>
      hostHeaderValidationResponse(request, localhostAllowedHostnames()) ?? handler.fetch(request);
  }
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  return async (request) => {
    // The transport's own allowedHosts compares host:port; the SDK's helper compares hostnames, as in stateless.
    const rejected = hostHeaderValidationResponse(request, localhostAllowedHostnames());
    if (rejected) return rejected;
    const sessionId = request.headers.get('mcp-session-id');
    const existing = sessionId ? sessions.get(sessionId) : undefined;
    if (existing) return existing.handleRequest(request);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: wiring === 'stateful-json',
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    await fixtureServer(false).connect(transport);
    // An unknown session id and a request before initialize are answered by the transport itself (404 / 400).
    return transport.handleRequest(request);
  };
}

/** Starts a wiring on 127.0.0.1 at a free port; resolves with its /mcp URL and a way to stop it. */
export async function startFixtureServer(wiring: Wiring): Promise<{ url: string; close: () => Promise<void> }> {
  const fetch = handlerFor(wiring);
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(s));
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fixture server has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
