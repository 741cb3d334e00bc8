/**
 * fast-check arbitraries for the differential tests: messages whose envelope is usually right and whose nested MCP
 * structures (`_meta`, the 2026-07-28 request envelope, tools/call params, CallToolResult, InputRequiredResult,
 * progress and cancellation params, error objects) are right or, mostly one member at a time, wrong. Written from the
 * schemas' member lists, not from the model.
 */
import fc from 'fast-check';

type Version = '2025-06-18' | '2025-11-25' | '2026-07-28';

const oneOfWeighted = <T>(good: fc.Arbitrary<T>, ...bad: fc.Arbitrary<unknown>[]) =>
  fc.oneof({ weight: 4 * bad.length, arbitrary: good as fc.Arbitrary<unknown> }, ...bad);

const implementationArb = oneOfWeighted(
  fc.constant({ name: 'lab-client', version: '1.0.0' }),
  fc.constant({ name: 'lab-client' }),
  fc.constant('lab-client/1.0.0'),
  fc.constant({ name: 7, version: '1.0.0' }),
);

const clientCapabilitiesArb = oneOfWeighted(
  fc.constantFrom({}, { elicitation: {} }, { sampling: {}, roots: {} }),
  fc.constant('all'),
  fc.constant({ elicitation: 'yes' }),
  fc.constant([]),
);

const progressTokenArb = oneOfWeighted(
  fc.oneof(fc.string({ maxLength: 4 }), fc.integer()),
  fc.boolean(),
  fc.constant({ t: 1 }),
  fc.constant(1.5),
);

/** `_meta` of a request: under 2026-07-28 the envelope, before it plain metadata with an optional progressToken. */
function requestMetaArb(version: Version) {
  const envelope = fc.record(
    {
      'io.modelcontextprotocol/protocolVersion': oneOfWeighted(fc.constant('2026-07-28'), fc.constant(20260728)),
      'io.modelcontextprotocol/clientCapabilities': clientCapabilitiesArb,
      'io.modelcontextprotocol/clientInfo': implementationArb,
      'io.modelcontextprotocol/logLevel': oneOfWeighted(
        fc.constantFrom('debug', 'info', 'error'),
        fc.constant('loud'),
        fc.constant(3),
      ),
      progressToken: progressTokenArb,
      'com.example/trace': fc.string({ maxLength: 4 }),
    },
    {
      requiredKeys:
        version === '2026-07-28'
          ? ['io.modelcontextprotocol/protocolVersion', 'io.modelcontextprotocol/clientCapabilities']
          : [],
    },
  );
  const plain = fc.record(
    { progressToken: progressTokenArb, 'com.example/trace': fc.string({ maxLength: 4 }) },
    { requiredKeys: [] },
  );
  return oneOfWeighted(
    version === '2026-07-28' ? envelope : plain,
    fc.constant('meta'),
    fc.constant([]),
    fc.constant(null),
  );
}

const jsonObjectArb = fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });

const contentBlockArb = oneOfWeighted(
  fc.oneof(
    fc.record({ type: fc.constant('text'), text: fc.string({ maxLength: 12 }) }),
    fc.record({ type: fc.constant('image'), data: fc.constant('iVBORw0KGgo='), mimeType: fc.constant('image/png') }),
    fc.record({
      type: fc.constant('resource_link'),
      uri: fc.constant('file:///logs/a.log'),
      name: fc.constant('a.log'),
    }),
    fc.record({
      type: fc.constant('resource'),
      resource: fc.record({ uri: fc.constant('file:///a.txt'), text: fc.string({ maxLength: 6 }) }),
    }),
  ),
  fc.record({ type: fc.constant('text') }),
  fc.record({ type: fc.constant('text'), text: fc.integer() }),
  fc.record({ type: fc.constant('markdown'), text: fc.constant('**x**') }),
  fc.record({ type: fc.constant('image'), data: fc.constant('AA==') }),
  fc.constant('plain text'),
);

function resultMetaArb(version: Version) {
  const good: fc.Arbitrary<unknown> =
    version === '2026-07-28'
      ? fc.record({ 'io.modelcontextprotocol/serverInfo': implementationArb }, { requiredKeys: [] })
      : fc.record({ 'com.example/trace': fc.string({ maxLength: 4 }) }, { requiredKeys: [] });
  return oneOfWeighted(good, fc.constant('meta'), fc.constant(7));
}

function toolsCallParamsArb(version: Version) {
  return fc.record(
    {
      name: oneOfWeighted(fc.constantFrom('get_incident', 'create_ticket'), fc.integer(), fc.constant(null)),
      arguments: oneOfWeighted(jsonObjectArb, fc.constant(['INC-1']), fc.constant('INC-1')),
      _meta: requestMetaArb(version),
      task: oneOfWeighted(fc.constant({ ttl: 60000 }), fc.constant({ ttl: 'soon' }), fc.constant(true)),
      requestState: oneOfWeighted(fc.constant('opaque-state'), fc.constant(42), fc.constant({})),
      inputResponses: oneOfWeighted(
        fc.constant({ github_login: { action: 'accept', content: { name: 'octocat' } } }),
        fc.constant([]),
        fc.constant('none'),
      ),
    },
    { requiredKeys: version === '2026-07-28' ? ['name', '_meta'] : ['name'] },
  );
}

function requestArb(version: Version) {
  const meta = requestMetaArb(version);
  const simple = (method: string, extra: Record<string, fc.Arbitrary<unknown>> = {}) =>
    fc.record({
      method: fc.constant(method),
      params: fc.record({ _meta: meta, ...extra }, { requiredKeys: version === '2026-07-28' ? ['_meta'] : [] }),
    });
  const methods = [
    fc.record({ method: fc.constant('tools/call'), params: toolsCallParamsArb(version) }),
    simple('tools/list', { cursor: oneOfWeighted(fc.constant('c-2'), fc.constant(2)) }),
    simple('resources/read', { uri: oneOfWeighted(fc.constant('file:///a.log'), fc.constant(5)) }),
    simple('prompts/get', {
      name: oneOfWeighted(fc.constant('triage'), fc.constant(5)),
      arguments: oneOfWeighted(fc.constant({ sev: '1' }), fc.constant({ sev: 1 })),
    }),
    ...(version === '2026-07-28' ? [simple('server/discover')] : [simple('ping')]),
  ];
  return fc
    .tuple(
      fc.oneof(...methods),
      oneOfWeighted(fc.oneof(fc.integer({ min: 0, max: 999 }), fc.constant('req-1')), fc.constant(null)),
    )
    .map(([body, id]) => ({ jsonrpc: '2.0', id, ...body }));
}

function notificationArb(version: Version) {
  const meta = oneOfWeighted(
    fc.record({ 'com.example/trace': fc.string({ maxLength: 4 }) }, { requiredKeys: [] }),
    fc.constant('meta'),
    fc.constant(3),
  );
  return fc.oneof(
    fc.record({
      jsonrpc: fc.constant('2.0'),
      method: fc.constant('notifications/progress'),
      params: fc.record(
        {
          progressToken: progressTokenArb,
          progress: oneOfWeighted(fc.integer({ min: 0, max: 100 }), fc.constant('50%')),
          total: oneOfWeighted(fc.constant(100), fc.constant('100')),
          message: oneOfWeighted(fc.constant('indexing'), fc.constant(3)),
          _meta: meta,
        },
        { requiredKeys: ['progressToken', 'progress'] },
      ),
    }),
    fc.record({
      jsonrpc: fc.constant('2.0'),
      method: fc.constant('notifications/cancelled'),
      params: fc.record(
        {
          requestId: oneOfWeighted(
            fc.oneof(fc.integer({ min: 0, max: 99 }), fc.constant('req-1')),
            fc.constant(null),
            fc.constant(1.5),
          ),
          reason: oneOfWeighted(fc.constant('user cancelled'), fc.constant(0)),
          _meta: meta,
        },
        { requiredKeys: version === '2026-07-28' ? ['requestId'] : [] },
      ),
    }),
  );
}

function resultArb(version: Version) {
  const resultType = version === '2026-07-28' ? { resultType: fc.constant('complete') } : {};
  const callToolResult = fc.record(
    {
      ...resultType,
      content: oneOfWeighted(
        fc.array(contentBlockArb, { maxLength: 3 }),
        fc.constant('done'),
        fc.constant({ type: 'text', text: 'x' }),
      ),
      isError: oneOfWeighted(fc.boolean(), fc.constant('true'), fc.constant(1)),
      structuredContent: oneOfWeighted(jsonObjectArb, fc.constant([1, 2]), fc.constant('ok'), fc.constant(null)),
      _meta: resultMetaArb(version),
    },
    { requiredKeys: version === '2026-07-28' ? ['resultType', 'content'] : ['content'] },
  );
  const inputRequest = oneOfWeighted(
    fc.constantFrom(
      {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: 'Which team?',
          requestedSchema: { type: 'object', properties: { team: { type: 'string' } } },
        },
      },
      { method: 'roots/list' },
      {
        method: 'sampling/createMessage',
        params: { messages: [{ role: 'user', content: { type: 'text', text: 'Sum up' } }], maxTokens: 50 },
      },
    ),
    fc.constant({ method: 'tools/call', params: { name: 'x' } }),
    fc.constant({ method: 'elicitation/create', params: { message: 7 } }),
    fc.constant({ method: 'sampling/createMessage', params: {} }),
    fc.constant('elicitation/create'),
  );
  const inputRequired = fc.record(
    {
      resultType: fc.constant('input_required'),
      inputRequests: oneOfWeighted(
        fc.dictionary(fc.constantFrom('team', 'summary'), inputRequest, { minKeys: 1, maxKeys: 2 }),
        fc.constant([]),
        fc.constant('team'),
      ),
      requestState: oneOfWeighted(fc.constant('opaque'), fc.constant(12)),
      _meta: resultMetaArb(version),
    },
    { requiredKeys: ['resultType'] },
  );
  const plain = fc.record(
    { ...resultType, _meta: resultMetaArb(version), tools: fc.constant([]) },
    { requiredKeys: [] },
  );
  const result =
    version === '2026-07-28' ? fc.oneof(callToolResult, inputRequired, plain) : fc.oneof(callToolResult, plain);
  return fc.record({
    jsonrpc: fc.constant('2.0'),
    id: fc.oneof(fc.integer({ min: 0, max: 99 }), fc.constant('req-1')),
    result,
  });
}

const errorArb = fc.record(
  {
    jsonrpc: fc.constant('2.0'),
    id: oneOfWeighted(fc.oneof(fc.integer({ min: 0, max: 99 }), fc.constant('req-1')), fc.constant(null)),
    error: fc.record(
      {
        code: oneOfWeighted(
          fc.constantFrom(-32700, -32600, -32601, -32602, -32603, -32002, -32042, -32020, -32021, -32022, 429),
          fc.constant(-32602.5),
          fc.constant('-32602'),
        ),
        message: oneOfWeighted(fc.constant('Invalid params'), fc.constant(42)),
        data: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: ['code', 'message'] },
    ),
  },
  { requiredKeys: ['jsonrpc', 'error'] },
);

/** A request, notification, result or error of `version` with nested structures right or wrong one member at a time. */
export function nestedMessageArb(version: Version): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: requestArb(version) },
    { weight: 2, arbitrary: notificationArb(version) },
    { weight: 3, arbitrary: resultArb(version) },
    { weight: 1, arbitrary: errorArb },
  );
}
