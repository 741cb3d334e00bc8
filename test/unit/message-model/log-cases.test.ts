/**
 * The session layer's case table, written from the spec text alone. Each case quotes the sentence it rests on, with
 * its version and page (the page, the heading and the quote itself are checked against the spec snapshot in
 * test/data/spec), and states
 * only what that sentence determines about the session: which response answers which request (`pairs`), which
 * requests are still owed a response at the end (`unanswered`), and which side broke a rule on which line
 * (`brokenBy`). Everything else the analyser says (wording, notes, severities) is left to the other tests.
 */
import { describe, expect, it } from 'vitest';
import { createLogAnalyzer, mcpRef, type McpVersion, type Protocol, type Side } from '#message-model';
import { checkSpecQuote, checkSpecUrl } from '../../support/oracles/spec-snapshot.ts';

interface Citation {
  version: McpVersion | 'jsonrpc-2.0';
  /** The page's path under the version (`basic/index`), or the JSON-RPC 2.0 section (`5`). */
  page: string;
  heading?: string;
  quote: string;
}

interface SessionCase {
  name: string;
  cite: Citation;
  /** The protocol the log is read under, when the log itself does not name one. */
  protocol?: Protocol;
  /** Each line: the side that wrote it (`?` when the log does not say) and the message. */
  lines: Array<[Side | '?', unknown]>;
  /** [request line, response line] for every response that answers a request. */
  pairs: Array<[number, number]>;
  /** The lines of requests still owed a response at the end of the log. */
  unanswered: number[];
  /** The lines on which each side broke a rule (a side absent: it broke none). */
  brokenBy: Partial<Record<Side, number[]>>;
  /** The protocol the session is read under after its last line, where the sentence decides it. */
  endsUnder?: Protocol;
}

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'lab', version: '1.0.0' },
};
const list = (id: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: { _meta: META } });
// 2026-07-28 list results carry caching hints (server/utilities/caching.mdx), as the SDK's do in content/sdk/recordings.
const listed = (id: unknown) => ({
  jsonrpc: '2.0',
  id,
  result: { resultType: 'complete', tools: [], ttlMs: 0, cacheScope: 'private' },
});
const legacyList = (id: unknown) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
const legacyListed = (id: unknown) => ({ jsonrpc: '2.0', id, result: { tools: [] } });
const ping = (id: unknown) => ({ jsonrpc: '2.0', id, method: 'ping' });
const empty = (id: unknown) => ({ jsonrpc: '2.0', id, result: {} });
const cancelled = (requestId: unknown) => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId },
});
const sub = (id: unknown) => ({ 'io.modelcontextprotocol/subscriptionId': id });
const listen = (id: unknown, notifications: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'subscriptions/listen',
  params: { notifications, _meta: META },
});
const ack = (id: unknown) => ({
  jsonrpc: '2.0',
  method: 'notifications/subscriptions/acknowledged',
  params: { notifications: { toolsListChanged: true }, _meta: sub(id) },
});
const toolsChanged = (id: unknown) => ({
  jsonrpc: '2.0',
  method: 'notifications/tools/list_changed',
  params: { _meta: sub(id) },
});
const call = (id: unknown, extra: Record<string, unknown> = {}, capabilities: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: {
    name: 'deploy',
    arguments: {},
    ...extra,
    _meta: { ...META, 'io.modelcontextprotocol/clientCapabilities': capabilities },
  },
});
const inputRequired = (id: unknown, inputRequests?: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  result: { resultType: 'input_required', requestState: 's1', ...(inputRequests ? { inputRequests } : {}) },
});
const called = (id: unknown) => ({ jsonrpc: '2.0', id, result: { resultType: 'complete', content: [] } });
const elicit = {
  method: 'elicitation/create',
  params: { message: 'Name?', requestedSchema: { type: 'object', properties: {} } },
};

const CASES: SessionCase[] = [
  {
    name: 'a response answers the request with its id',
    cite: {
      version: 'jsonrpc-2.0',
      page: '5',
      quote: 'It MUST be the same as the value of the id member in the Request Object.',
    },
    lines: [
      ['client', list(1)],
      ['client', list('two')],
      ['server', listed('two')],
      ['server', listed(1)],
    ],
    pairs: [
      [1, 4],
      [2, 3],
    ],
    unanswered: [],
    brokenBy: {},
  },
  {
    name: 'a request nobody answers is still owed its response',
    cite: {
      version: 'jsonrpc-2.0',
      page: '5',
      quote: 'When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications.',
    },
    lines: [
      ['client', list(1)],
      ['client', list(2)],
      ['server', listed(2)],
    ],
    pairs: [[2, 3]],
    unanswered: [1],
    brokenBy: {},
  },
  {
    name: 'the same id in flight twice from one requestor',
    cite: {
      version: '2026-07-28',
      page: 'basic/index',
      heading: 'Requests',
      quote:
        'The request ID MUST NOT match the ID of any other request the sender has issued and not yet received a response for.',
    },
    lines: [
      ['client', list(1)],
      ['client', list(1)],
    ],
    pairs: [],
    unanswered: [1, 2],
    brokenBy: { client: [2] },
  },
  {
    name: 'an id used again after its answer, in a 2026-07-28 log',
    cite: {
      version: '2026-07-28',
      page: 'basic/index',
      heading: 'Requests',
      quote:
        'The request ID MUST NOT match the ID of any other request the sender has issued and not yet received a response for.',
    },
    lines: [
      ['client', list(1)],
      ['server', listed(1)],
      ['client', list(1)],
      ['server', listed(1)],
    ],
    pairs: [
      [1, 2],
      [3, 4],
    ],
    unanswered: [],
    brokenBy: {},
  },
  {
    name: 'an id used again after its answer, in a 2025-11-25 session',
    cite: {
      version: '2025-11-25',
      page: 'basic/index',
      heading: 'Requests',
      quote: 'The request ID MUST NOT have been previously used by the requestor within the same session.',
    },
    protocol: '2025-11-25',
    lines: [
      ['client', legacyList(1)],
      ['server', legacyListed(1)],
      ['client', legacyList(1)],
      ['server', legacyListed(1)],
    ],
    pairs: [
      [1, 2],
      [3, 4],
    ],
    unanswered: [],
    brokenBy: { client: [3] },
  },
  {
    name: 'the client and the server each with id 1 in flight',
    cite: {
      version: '2025-11-25',
      page: 'basic/index',
      heading: 'Requests',
      quote: 'The request ID MUST NOT have been previously used by the requestor within the same session.',
    },
    protocol: '2025-11-25',
    lines: [
      ['client', ping(1)],
      ['server', ping(1)],
      ['client', empty(1)],
      ['server', empty(1)],
    ],
    pairs: [
      [1, 4],
      [2, 3],
    ],
    unanswered: [],
    brokenBy: {},
  },
  {
    name: 'a response to a notification',
    cite: {
      version: '2025-11-25',
      page: 'basic/index',
      heading: 'Notifications',
      quote: 'The receiver MUST NOT send a response.',
    },
    protocol: '2025-11-25',
    lines: [
      ['client', { jsonrpc: '2.0', method: 'notifications/initialized' }],
      ['server', { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' } }],
    ],
    pairs: [],
    unanswered: [],
    brokenBy: { server: [2] },
  },
  {
    name: 'a request cancelled before its answer',
    cite: {
      version: '2026-07-28',
      page: 'basic/patterns/cancellation',
      heading: 'Behavior Requirements',
      quote: 'Not send a response for the cancelled request',
    },
    lines: [
      ['client', list(1)],
      ['client', cancelled(1)],
    ],
    pairs: [],
    unanswered: [],
    brokenBy: {},
  },
  {
    name: 'a late response that crosses the cancellation',
    cite: {
      version: '2026-07-28',
      page: 'basic/patterns/cancellation',
      heading: 'Timing Considerations',
      quote:
        'Due to network latency, cancellation notifications may arrive after request processing has completed, and potentially after a response has already been sent.',
    },
    lines: [
      ['client', list(1)],
      ['client', cancelled(1)],
      ['server', listed(1)],
    ],
    pairs: [[1, 3]],
    unanswered: [],
    brokenBy: {},
  },
  {
    name: 'a request written by a 2026-07-28 server',
    cite: {
      version: '2026-07-28',
      page: 'basic/patterns/index',
      quote: 'Servers MUST NOT initiate JSON-RPC requests, and clients do not send JSON-RPC responses.',
    },
    lines: [
      ['client', list(1)],
      ['server', { jsonrpc: '2.0', id: 0, method: 'roots/list' }],
      ['server', listed(1)],
    ],
    pairs: [[1, 3]],
    unanswered: [],
    brokenBy: { server: [2] },
  },
  {
    name: 'a listen stream still open at the end of the log',
    cite: {
      version: '2026-07-28',
      page: 'basic/patterns/subscriptions',
      quote: 'Unlike one-off requests, the stream stays open and delivers notifications until the client cancels it.',
    },
    lines: [
      ['client', listen(1, { toolsListChanged: true })],
      ['server', ack(1)],
      ['server', toolsChanged(1)],
    ],
    pairs: [],
    unanswered: [],
    brokenBy: {},
  },
  {
    name: 'a notification on a subscription before its acknowledgment',
    cite: {
      version: '2026-07-28',
      page: 'basic/patterns/subscriptions',
      heading: 'Acknowledgment',
      quote: 'and MUST NOT send any notification on the subscription before it.',
    },
    lines: [
      ['client', listen(1, { toolsListChanged: true })],
      ['server', toolsChanged(1)],
      ['server', ack(1)],
    ],
    pairs: [],
    unanswered: [],
    brokenBy: { server: [2] },
  },
  {
    name: 'a notification type the filter did not ask for',
    cite: {
      version: '2026-07-28',
      page: 'basic/patterns/subscriptions',
      heading: 'Opening a Stream',
      quote: 'The server MUST NOT send notification types the client has not explicitly requested.',
    },
    lines: [
      ['client', listen(1, { promptsListChanged: true })],
      ['server', ack(1)],
      ['server', toolsChanged(1)],
    ],
    pairs: [],
    unanswered: [],
    brokenBy: { server: [3] },
  },
  {
    name: 'a log message on a listen stream',
    cite: {
      version: '2026-07-28',
      page: 'server/utilities/logging',
      heading: 'Per-request log level',
      quote: 'the server MUST NOT deliver it on a `subscriptions/listen` stream',
    },
    lines: [
      ['client', listen(1, { toolsListChanged: true })],
      ['server', ack(1)],
      [
        'server',
        { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x', _meta: sub(1) } },
      ],
    ],
    pairs: [],
    unanswered: [],
    brokenBy: { server: [3] },
  },
  {
    name: 'an MRTR retry that keeps the id',
    cite: {
      version: '2026-07-28',
      page: 'basic/patterns/mrtr',
      heading: 'Client Requirements (Basic Workflow)',
      quote:
        'The JSON-RPC `id` MUST be different between the initial request and the retry, as they are independent requests.',
    },
    lines: [
      ['client', call(1)],
      ['server', inputRequired(1)],
      ['client', call(1, { requestState: 's1' })],
      ['server', called(1)],
    ],
    pairs: [
      [1, 2],
      [3, 4],
    ],
    unanswered: [],
    brokenBy: { client: [3] },
  },
  {
    name: 'an input request for a capability the request did not declare',
    cite: {
      version: '2026-07-28',
      page: 'basic/patterns/mrtr',
      heading: 'Server Requirements (Basic Workflow)',
      quote:
        'Servers MUST NOT send an `inputRequests` that the client has not declared support for in its capabilities.',
    },
    lines: [
      ['client', call(1)],
      ['server', inputRequired(1, { name: elicit })],
    ],
    pairs: [[1, 2]],
    unanswered: [],
    brokenBy: { server: [2] },
  },
  {
    name: 'the dual-era fallback: a failed server/discover probe, then initialize',
    cite: {
      version: '2026-07-28',
      page: 'basic/transports/stdio',
      heading: 'Backward Compatibility',
      quote:
        'The server returns any other error, or does not respond within a reasonable timeout: the server is legacy. Fall back to the `initialize` handshake.',
    },
    lines: [
      ['client', { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } }],
      ['server', { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }],
      [
        'client',
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'lab', version: '1.0.0' } },
        },
      ],
      [
        'server',
        {
          jsonrpc: '2.0',
          id: 1,
          result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1.0.0' } },
        },
      ],
      ['client', { jsonrpc: '2.0', method: 'notifications/initialized' }],
    ],
    pairs: [
      [1, 2],
      [3, 4],
    ],
    unanswered: [],
    brokenBy: {},
  },
  {
    name: 'the dual-era fallback: a server/discover probe never answered, then initialize',
    cite: {
      version: '2026-07-28',
      page: 'basic/transports/stdio',
      heading: 'Backward Compatibility',
      quote:
        'The server returns any other error, or does not respond within a reasonable timeout: the server is legacy. Fall back to the `initialize` handshake.',
    },
    lines: [
      ['client', { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } }],
      [
        'client',
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'lab', version: '1.0.0' } },
        },
      ],
      [
        'server',
        {
          jsonrpc: '2.0',
          id: 2,
          result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1.0.0' } },
        },
      ],
      ['client', { jsonrpc: '2.0', method: 'notifications/initialized' }],
    ],
    pairs: [[2, 3]],
    // The client gave up on the probe; it is still a request no response answers.
    unanswered: [1],
    brokenBy: {},
    endsUnder: '2025-11-25',
  },
  ...[-32020, -32021].map((code): SessionCase => ({
    name: `a probe answered with the modern error ${code} is no fallback: the session stays modern`,
    cite: {
      version: '2026-07-28',
      page: 'basic/transports/stdio',
      heading: 'Backward Compatibility',
      quote:
        'The server returns a recognized modern JSON-RPC error such as [`UnsupportedProtocolVersionError`][unsupported-version]: the server is modern but does not support the requested version. Use one of the versions in its advertised `supported` list. Do **not** fall back to `initialize`.',
    },
    lines: [
      ['client', { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } }],
      ['server', { jsonrpc: '2.0', id: 1, error: { code, message: 'modern refusal' } }],
      [
        'client',
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'lab', version: '1.0.0' } },
        },
      ],
      [
        'server',
        {
          jsonrpc: '2.0',
          id: 2,
          result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1.0.0' } },
        },
      ],
    ],
    pairs: [
      [1, 2],
      [3, 4],
    ],
    unanswered: [],
    brokenBy: {},
    endsUnder: '2026-07-28',
  })),
];

/** The spec page a citation names, as a link the snapshot can check. */
const citationUrl = (c: Citation) =>
  c.version === 'jsonrpc-2.0' ? undefined : mcpRef(c.version, c.page, c.heading).url;

describe('the session case table', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const url = citationUrl(c.cite);
    if (url) expect(checkSpecUrl(url)).toBeUndefined();
    // The quote is on the page, word for word (the snapshot indexes the MCP revisions' text, not JSON-RPC 2.0's).
    if (c.cite.version !== 'jsonrpc-2.0')
      expect(checkSpecQuote(c.cite.version, c.cite.page, c.cite.quote)).toBeUndefined();
    const analyzer = createLogAnalyzer(c.protocol ? { protocol: c.protocol } : {});
    c.lines.forEach(([side, m], i) => analyzer.push(i + 1, JSON.stringify(m), false, side === '?' ? {} : { side }));
    const { analysis } = analyzer.finish();
    const pairs = analysis.exchanges
      .filter((e) => e.responseLine !== undefined)
      .map((e) => [e.requestLine, e.responseLine!])
      .sort((a, b) => a[0]! - b[0]!);
    expect(pairs).toEqual(c.pairs);
    expect(analysis.issues.filter((i) => i.id === 'request-unanswered').map((i) => i.line)).toEqual(c.unanswered);
    const broken: Partial<Record<Side, number[]>> = {};
    for (const issue of analysis.issues)
      if (issue.brokenBy && issue.severity === 'error' && !broken[issue.brokenBy]?.includes(issue.line))
        (broken[issue.brokenBy] ??= []).push(issue.line);
    expect(broken).toEqual(c.brokenBy);
    if (c.endsUnder) expect(analysis.protocol).toBe(c.endsUnder);
  });
});
