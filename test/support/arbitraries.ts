/**
 * fast-check arbitraries shared by the property and differential tests: JSON-RPC / MCP messages that are valid,
 * nearly valid, or broken in one or several ways, plus a serialiser that shuffles keys and adds whitespace.
 */
import fc from 'fast-check';
import { seededRandom } from './seeded-random.ts';

const json = () => fc.jsonValue({ maxDepth: 3 });

/** An id of every interesting type: string, integer, null, fraction, past 2^53, boolean, object. */
export const idArb = fc.oneof(
  { weight: 4, arbitrary: fc.integer() },
  { weight: 3, arbitrary: fc.string({ maxLength: 8 }) },
  fc.constant(null),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
  fc.constant(2 ** 60),
  fc.boolean(),
  fc.constant({ seq: 1 }),
);

const methodArb = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom(
      'tools/call',
      'tools/list',
      'resources/read',
      'prompts/get',
      'server/discover',
      'ping',
      'initialize',
      'sampling/complete',
      'sampling/createMessage',
      'elicitation/create',
      'rpc.discover',
    ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'notifications/progress',
      'notifications/cancelled',
      'notifications/initialized',
      'notifications/cancel',
    ),
  },
  fc.string({ maxLength: 12 }),
  fc.integer(),
);

const metaArb = fc.record(
  {
    'io.modelcontextprotocol/protocolVersion': fc.oneof(
      { weight: 4, arbitrary: fc.constant('2026-07-28') },
      fc.constantFrom('2025-11-25', '2027-01-01'),
      fc.integer(),
    ),
    'io.modelcontextprotocol/clientCapabilities': fc.oneof(
      { weight: 4, arbitrary: fc.constant({}) },
      fc.constant({ elicitation: {} }),
      fc.string({ maxLength: 4 }),
    ),
    'io.modelcontextprotocol/clientInfo': fc.oneof(
      { weight: 4, arbitrary: fc.constant({ name: 'lab', version: '1.0.0' }) },
      fc.constant({ name: 'lab' }),
    ),
  },
  { requiredKeys: [] },
);

const paramsObjectArb = fc.record(
  {
    name: fc.oneof(fc.constantFrom('get_incident', 'create_ticket'), fc.integer()),
    arguments: fc.oneof(
      { weight: 3, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), json(), { maxKeys: 3 }) },
      fc.array(json(), { maxLength: 3 }),
    ),
    uri: fc.constant('file:///a.log'),
    progressToken: fc.oneof(fc.string({ maxLength: 4 }), fc.integer()),
    _meta: fc.oneof({ weight: 4, arbitrary: metaArb }, fc.string({ maxLength: 4 })),
  },
  { requiredKeys: [] },
);

const paramsArb = fc.oneof(
  { weight: 6, arbitrary: paramsObjectArb },
  fc.array(json(), { maxLength: 3 }),
  fc.string({ maxLength: 5 }),
  fc.constant(null),
);

const contentBlockArb = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('text'), text: fc.string({ maxLength: 20 }) }) },
  fc.record({
    type: fc.constantFrom('image', 'audio'),
    data: fc.constant('AA=='),
    mimeType: fc.constantFrom('image/png', 'audio/wav'),
  }),
  fc.record({ type: fc.constant('resource_link'), uri: fc.constant('file:///a'), name: fc.constant('a') }),
  fc.record({ type: fc.string({ maxLength: 6 }), text: fc.string({ maxLength: 6 }) }),
);

const resultObjectArb = fc.record(
  {
    resultType: fc.oneof(
      { weight: 4, arbitrary: fc.constant('complete') },
      fc.constantFrom('input_required', 'partial'),
      fc.integer(),
    ),
    content: fc.oneof(
      { weight: 4, arbitrary: fc.array(contentBlockArb, { maxLength: 3 }) },
      fc.string({ maxLength: 4 }),
    ),
    isError: fc.oneof({ weight: 4, arbitrary: fc.boolean() }, fc.string({ maxLength: 3 })),
    structuredContent: json(),
    inputRequests: fc.dictionary(
      fc.string({ maxLength: 4 }),
      fc.record({ method: fc.constantFrom('elicitation/create', 'roots/list', 'tools/call') }),
      { maxKeys: 2 },
    ),
    requestState: fc.oneof(fc.string({ maxLength: 6 }), fc.integer()),
    tools: fc.constant([]),
    action: fc.constantFrom('accept', 'decline'),
  },
  { requiredKeys: [] },
);

const errorObjectArb = fc.record(
  {
    code: fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          -32700,
          -32600,
          -32601,
          -32602,
          -32603,
          -32000,
          -32001,
          -32002,
          -32020,
          -32021,
          -32022,
          -32042,
          -32050,
          -32099,
          -32500,
          -32768,
        ),
      },
      { weight: 2, arbitrary: fc.integer({ min: -33000, max: -31000 }) },
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string({ maxLength: 6 }),
    ),
    message: fc.oneof(
      { weight: 5, arbitrary: fc.string({ maxLength: 20 }) },
      fc.constant('Error: x\n    at f (/srv/app.js:1:2)'),
      fc.integer(),
    ),
    data: json(),
  },
  { requiredKeys: [] },
);

/** A message-like object: one of the four shapes, each member present or missing, valid or broken. */
export const messageArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      jsonrpc: fc.oneof({ weight: 8, arbitrary: fc.constant('2.0') }, fc.constantFrom('1.0', 2)),
      id: idArb,
      method: methodArb,
      params: paramsArb,
      result: fc.oneof({ weight: 4, arbitrary: resultObjectArb }, json()),
      error: fc.oneof({ weight: 6, arbitrary: errorObjectArb }, fc.string({ maxLength: 4 })),
      timestamp: fc.string({ maxLength: 4 }),
    },
    { requiredKeys: [] },
  )
  .chain((all: Record<string, unknown>) =>
    // Pick a shape first, so most messages look like one of the four kinds (with everything else left out).
    fc
      .constantFrom<Array<readonly string[]>>(
        ['jsonrpc', 'id', 'method', 'params'],
        ['jsonrpc', 'method', 'params'],
        ['jsonrpc', 'id', 'result'],
        ['jsonrpc', 'id', 'error'],
        ['jsonrpc', 'error'],
        Object.keys(all),
      )
      .chain((shape) =>
        fc
          .record({ keep: fc.subarray([...shape], { minLength: Math.max(0, shape.length - 1) }), extra: fc.boolean() })
          .map(({ keep, extra }) => {
            const out: Record<string, unknown> = {};
            for (const key of keep) if (key in all) out[key] = all[key];
            if (extra && 'timestamp' in all) out.timestamp = all.timestamp;
            return out;
          }),
      ),
  );

const WHITESPACE = ['', '', ' ', '\n', '\t', '\r\n', '  \n  '];

/** Serialises a JSON value with object members in a shuffled order and random (legal) whitespace between tokens. */
export function serialiseShuffled(value: unknown, seed: number): string {
  const random = seededRandom(seed);
  const ws = () => WHITESPACE[Math.floor(random() * WHITESPACE.length)]!;
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${ws()}${v.map((item) => `${ws()}${write(item)}${ws()}`).join(',')}${ws()}]`;
    if (v !== null && typeof v === 'object') {
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        [keys[i], keys[j]] = [keys[j]!, keys[i]!];
      }
      return `{${ws()}${keys.map((k) => `${ws()}${JSON.stringify(k)}${ws()}:${ws()}${write((v as Record<string, unknown>)[k])}${ws()}`).join(',')}${ws()}}`;
    }
    return JSON.stringify(v) ?? 'null';
  };
  return `${ws()}${write(value)}${ws()}`;
}

/** A value that is usually of the expected kind and sometimes not (for typed members). */
const mostly = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 3, arbitrary: arb as fc.Arbitrary<unknown> },
    fc.constantFrom<unknown>(null, 1.5, -3, 'x', [], {}, true, 2 ** 60),
  );

const levelArb = mostly(fc.constantFrom('debug', 'info', 'warning', 'error', 'verbose'));
const tokenArb = mostly(fc.oneof(fc.string({ maxLength: 4 }), fc.integer()));
const objArb = mostly(fc.dictionary(fc.string({ maxLength: 5 }), json(), { maxKeys: 2 }));

/** `_meta` with every reserved key of every revision, each right or wrong. */
export const richMetaArb = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      {
        'io.modelcontextprotocol/protocolVersion': mostly(fc.constantFrom('2026-07-28', '2025-11-25')),
        'io.modelcontextprotocol/clientCapabilities': mostly(
          fc.record(
            {
              roots: objArb,
              sampling: mostly(fc.record({ context: objArb, tools: objArb }, { requiredKeys: [] })),
              elicitation: mostly(fc.record({ form: objArb, url: objArb }, { requiredKeys: [] })),
              experimental: mostly(fc.dictionary(fc.string({ maxLength: 3 }), objArb, { maxKeys: 2 })),
              extensions: mostly(fc.dictionary(fc.string({ maxLength: 3 }), objArb, { maxKeys: 2 })),
              custom: json(),
            },
            { requiredKeys: [] },
          ),
        ),
        'io.modelcontextprotocol/clientInfo': mostly(
          fc.record(
            {
              name: mostly(fc.constant('lab')),
              version: mostly(fc.constant('1.0')),
              title: mostly(fc.constant('Lab')),
            },
            { requiredKeys: ['name'] },
          ),
        ),
        'io.modelcontextprotocol/logLevel': levelArb,
        'io.modelcontextprotocol/subscriptionId': tokenArb,
        'io.modelcontextprotocol/serverInfo': mostly(
          fc.record({ name: fc.constant('s'), version: mostly(fc.constant('1')) }),
        ),
        progressToken: tokenArb,
        'com.example/trace': json(),
      },
      { requiredKeys: [] },
    ),
  },
  fc.constantFrom<unknown>('2026-07-28', 5, null, []),
);

const inputRequestArb = fc.record(
  {
    method: fc.constantFrom('elicitation/create', 'roots/list', 'sampling/createMessage', 'tools/call'),
    params: mostly(
      fc.record(
        {
          message: mostly(fc.constant('Which region?')),
          requestedSchema: mostly(fc.constant({ type: 'object', properties: { region: { type: 'string' } } })),
          messages: mostly(fc.constant([{ role: 'user', content: { type: 'text', text: 'hi' } }])),
          maxTokens: mostly(fc.integer({ min: 1, max: 500 })),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: ['method'] },
);

/** Params with members of every typed request and notification, each right or wrong. */
const richParamsArb = fc.record(
  {
    name: mostly(fc.constantFrom('get_incident', 'summarize')),
    arguments: mostly(fc.dictionary(fc.string({ maxLength: 4 }), json(), { maxKeys: 2 })),
    uri: mostly(fc.constant('file:///a.log')),
    cursor: mostly(fc.string({ maxLength: 4 })),
    level: levelArb,
    data: json(),
    logger: mostly(fc.constant('db')),
    requestId: tokenArb,
    reason: mostly(fc.constant('user pressed stop')),
    progressToken: tokenArb,
    progress: mostly(fc.double({ noNaN: true, noDefaultInfinity: true })),
    total: mostly(fc.integer()),
    message: mostly(fc.string({ maxLength: 5 })),
    task: mostly(fc.record({ ttl: mostly(fc.integer({ min: 0 })) }, { requiredKeys: [] })),
    requestState: mostly(fc.string({ maxLength: 5 })),
    inputResponses: mostly(
      fc.dictionary(fc.string({ maxLength: 3 }), mostly(fc.record({ action: mostly(fc.constant('accept')) })), {
        maxKeys: 2,
      }),
    ),
    notifications: mostly(fc.record({ toolsListChanged: mostly(fc.boolean()) }, { requiredKeys: [] })),
    protocolVersion: mostly(fc.constantFrom('2025-11-25', '2024-11-05')),
    capabilities: mostly(
      fc.record({ roots: mostly(fc.record({ listChanged: mostly(fc.boolean()) })) }, { requiredKeys: [] }),
    ),
    clientInfo: mostly(fc.record({ name: fc.constant('c'), version: mostly(fc.constant('1')) })),
    _meta: richMetaArb,
  },
  { requiredKeys: [] },
);

const richResultArb = fc.record(
  {
    resultType: fc.oneof(
      { weight: 4, arbitrary: fc.constant('complete') },
      fc.constantFrom('input_required', 'partial'),
    ),
    content: mostly(fc.array(contentBlockArb, { maxLength: 2 })),
    isError: mostly(fc.boolean()),
    structuredContent: json(),
    tools: mostly(
      fc.array(mostly(fc.record({ name: fc.constant('t'), inputSchema: mostly(fc.constant({ type: 'object' })) })), {
        maxLength: 2,
      }),
    ),
    contents: mostly(
      fc.array(mostly(fc.record({ uri: fc.constant('file:///a'), text: mostly(fc.constant('x')) })), { maxLength: 2 }),
    ),
    ttlMs: mostly(fc.integer({ min: -5, max: 60000 })),
    cacheScope: mostly(fc.constantFrom('public', 'private', 'shared')),
    inputRequests: mostly(fc.dictionary(fc.string({ maxLength: 3 }), inputRequestArb, { maxKeys: 2 })),
    requestState: mostly(fc.string({ maxLength: 4 })),
    _meta: richMetaArb,
  },
  { requiredKeys: [] },
);

/** `_meta` that is usually a valid 2026-07-28 envelope (so the payload gets checked), sometimes anything. */
const envelopeArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constant({
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    }),
  },
  richMetaArb,
);

/** A record whose members are each present or absent, and each usually right. */
const members = (shape: Record<string, fc.Arbitrary<unknown>>) =>
  fc.record(
    Object.fromEntries(Object.entries(shape).map(([k, arb]) => [k, mostly(arb)])) as Record<
      string,
      fc.Arbitrary<unknown>
    >,
    { requiredKeys: [] },
  );

/** The params of each typed method, members right and wrong. */
export const PARAMS_BY_METHOD: Record<string, fc.Arbitrary<unknown>> = {
  'tools/call': members({
    name: fc.constant('get_incident'),
    arguments: fc.dictionary(fc.string({ maxLength: 4 }), json(), { maxKeys: 2 }),
    task: fc.record({ ttl: mostly(fc.integer({ min: 0 })) }, { requiredKeys: [] }),
    requestState: fc.string({ maxLength: 5 }),
    inputResponses: fc.dictionary(
      fc.string({ maxLength: 3 }),
      mostly(
        fc.oneof(
          fc.record({ action: mostly(fc.constantFrom('accept', 'decline')) }),
          fc.record({ roots: mostly(fc.constant([{ uri: 'file:///r' }])) }),
        ),
      ),
      { maxKeys: 2 },
    ),
  }),
  'tools/list': members({ cursor: fc.string({ maxLength: 4 }) }),
  'resources/list': members({ cursor: fc.string({ maxLength: 4 }) }),
  'resources/read': members({ uri: fc.constant('file:///a.log'), requestState: fc.string({ maxLength: 3 }) }),
  'prompts/get': members({
    name: fc.constant('summarize'),
    arguments: fc.dictionary(fc.string({ maxLength: 3 }), mostly(fc.string({ maxLength: 3 })), { maxKeys: 2 }),
  }),
  initialize: members({
    protocolVersion: fc.constantFrom('2025-11-25', '2024-11-05'),
    capabilities: fc.record({ roots: mostly(fc.record({ listChanged: mostly(fc.boolean()) })) }, { requiredKeys: [] }),
    clientInfo: fc.record({ name: fc.constant('c'), version: mostly(fc.constant('1')) }),
  }),
  'logging/setLevel': members({ level: levelArb }),
  'subscriptions/listen': members({
    notifications: fc.record(
      { toolsListChanged: mostly(fc.boolean()), resourceSubscriptions: mostly(fc.constant(['file:///a'])) },
      { requiredKeys: [] },
    ),
  }),
  'server/discover': members({}),
  'notifications/cancelled': members({ requestId: tokenArb, reason: fc.constant('user pressed stop') }),
  'notifications/progress': members({
    progressToken: tokenArb,
    progress: fc.double({ noNaN: true, noDefaultInfinity: true }),
    total: fc.integer(),
    message: fc.string({ maxLength: 5 }),
  }),
  'notifications/message': members({ level: levelArb, data: json(), logger: fc.constant('db') }),
  'notifications/subscriptions/acknowledged': members({
    notifications: fc.record({ toolsListChanged: mostly(fc.boolean()) }, { requiredKeys: [] }),
  }),
  'notifications/resources/updated': members({ uri: fc.constant('file:///a.log') }),
};

/** The result of each typed method, members right and wrong. */
export const RESULT_BY_METHOD: Record<string, fc.Arbitrary<unknown>> = {
  'tools/call': members({
    content: fc.array(contentBlockArb, { maxLength: 2 }),
    isError: fc.boolean(),
    structuredContent: json(),
    task: fc.record({ taskId: fc.constant('t1'), status: fc.constant('working') }),
  }),
  'tools/list': members({
    tools: fc.array(
      mostly(fc.record({ name: fc.constant('t'), inputSchema: mostly(fc.constant({ type: 'object' })) })),
      {
        maxLength: 2,
      },
    ),
    nextCursor: fc.string({ maxLength: 3 }),
    ttlMs: fc.integer({ min: -5, max: 60000 }),
    cacheScope: fc.constantFrom('public', 'private', 'shared'),
  }),
  'resources/read': members({
    contents: fc.array(mostly(fc.record({ uri: fc.constant('file:///a'), text: mostly(fc.constant('x')) })), {
      maxLength: 2,
    }),
    ttlMs: fc.integer({ min: -5, max: 60000 }),
    cacheScope: fc.constantFrom('public', 'private'),
    inputRequests: fc.dictionary(fc.string({ maxLength: 3 }), inputRequestArb, { maxKeys: 2 }),
    requestState: fc.string({ maxLength: 4 }),
  }),
  initialize: members({
    protocolVersion: fc.constant('2025-11-25'),
    capabilities: fc.record({ tools: mostly(fc.record({ listChanged: mostly(fc.boolean()) })) }, { requiredKeys: [] }),
    serverInfo: fc.record({ name: fc.constant('s'), version: mostly(fc.constant('1')) }),
  }),
  'subscriptions/listen': members({
    _meta: fc.record({ 'io.modelcontextprotocol/subscriptionId': tokenArb }, { requiredKeys: [] }),
  }),
  'server/discover': members({
    supportedVersions: fc.constant(['2026-07-28']),
    capabilities: fc.constant({}),
    ttlMs: fc.integer({ min: -5, max: 60000 }),
    cacheScope: fc.constantFrom('public', 'private'),
  }),
};

/**
 * MCP messages whose nested members (`_meta`, typed params, typed results) are generated right and wrong, for the
 * property that the classifier and the exported schemas agree. `method` is the method a result answers.
 */
export const richMessageArb: fc.Arbitrary<{ message: Record<string, unknown>; method: string }> = fc
  .record({
    shape: fc.constantFrom('request', 'notification', 'result', 'error'),
    id: fc.oneof({ weight: 6, arbitrary: fc.oneof(fc.integer(), fc.string({ maxLength: 4 })) }, idArb),
    method: fc.constantFrom(...Object.keys(PARAMS_BY_METHOD)),
    error: errorObjectArb,
    dropParams: fc.integer({ min: 0, max: 9 }),
  })
  .chain(({ shape, id, method, error, dropParams }) =>
    fc
      .record({
        params: fc.oneof({ weight: 8, arbitrary: PARAMS_BY_METHOD[method]! }, richParamsArb, paramsArb),
        meta: fc.oneof({ weight: 3, arbitrary: envelopeArb }, fc.constant(undefined)),
        result: fc.oneof(
          { weight: 6, arbitrary: RESULT_BY_METHOD[method] ?? richResultArb },
          { weight: 2, arbitrary: richResultArb },
          json(),
        ),
        resultType: fc.constantFrom(undefined, 'complete', 'complete', 'input_required', 'partial'),
        resultMeta: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, richMetaArb),
      })
      .map(({ params, meta, result, resultType, resultMeta }) => {
        const message: Record<string, unknown> = { jsonrpc: '2.0' };
        if (shape !== 'notification') message.id = id;
        if (shape === 'request' || shape === 'notification') {
          message.method = method;
          if (dropParams > 0) {
            const p = typeof params === 'object' && params !== null && !Array.isArray(params) ? { ...params } : params;
            if (meta !== undefined && typeof p === 'object' && p !== null && !Array.isArray(p))
              (p as Record<string, unknown>)._meta = meta;
            message.params = p;
          }
        }
        if (shape === 'result') {
          const r = typeof result === 'object' && result !== null && !Array.isArray(result) ? { ...result } : result;
          if (typeof r === 'object' && r !== null && !Array.isArray(r)) {
            if (resultType !== undefined) (r as Record<string, unknown>).resultType = resultType;
            if (resultMeta !== undefined) (r as Record<string, unknown>)._meta = resultMeta;
          }
          message.result = r;
        }
        if (shape === 'error') message.error = error;
        return { message, method };
      }),
  );
