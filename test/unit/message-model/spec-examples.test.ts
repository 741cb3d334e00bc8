/**
 * The official 2026-07-28 examples (schema/2026-07-28/examples/<Type>/*.json in the spec repository, snapshotted in
 * test/data/spec) against the model. Each example is first checked against its own type in the official JSON Schema
 * (so the snapshot and the validator are right), then carried the way the protocol carries its type: a whole message as
 * it is, a result in a response, an error object in an error response, request params in their method's request, an
 * input request in an input_required result, a content block in a CallToolResult, a Tool in a tools/list result built
 * from the spec's own example, and so on. The carrier must validate against the official schema as well, and the model
 * must classify it as the carrier's kind with no error finding.
 */
import { describe, expect, it } from 'vitest';
import { classifyMessage } from '#message-model';
import { schemaEnvelope, schemaOf, schemaTyped } from '../../support/oracles/json-schema-oracle.ts';
import { OFFICIAL_EXAMPLES, SNAPSHOT_SOURCE, type OfficialExample } from '../../support/oracles/spec-snapshot.ts';

type Kind = 'request' | 'notification' | 'result' | 'error';
interface Carried {
  kind: Kind;
  /** How the example travels, in words (shown in the test name). */
  how: string;
  message: unknown;
}

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {
    elicitation: { form: {}, url: {} },
    sampling: { tools: {} },
    roots: {},
  },
  'io.modelcontextprotocol/clientInfo': { name: 'lab-client', version: '1.0.0' },
};
const parse = (e: OfficialExample) => JSON.parse(e.text) as Record<string, unknown>;
const example = (type: string) => {
  const e = OFFICIAL_EXAMPLES.find((x) => x.type === type);
  if (!e) throw new Error(`the snapshot has no ${type} example to build a carrier from`);
  return parse(e);
};
const clone = <T>(v: T): T => structuredClone(v);

const request = (method: string, params: unknown): Carried['message'] => ({
  jsonrpc: '2.0',
  id: 'ex-1',
  method,
  params,
});
const response = (result: unknown) => ({ jsonrpc: '2.0', id: 'ex-1', result });
/** An input_required result asking for the given input requests. */
const inputRequired = (inputRequests: unknown) =>
  response({ resultType: 'input_required', inputRequests, requestState: 'opaque-state' });
/** The retry of a tools/call carrying the client's answers. */
const retryWith = (inputResponses: unknown) =>
  request('tools/call', {
    name: 'get_weather',
    arguments: {},
    inputResponses,
    requestState: 'opaque-state',
    _meta: ENVELOPE,
  });
/** The method of a request or notification type, read from the schema. */
const methodOf = (type: string) => {
  const def = schemaOf('2026-07-28').defs[type] as { properties?: { method?: { const?: string } } } | undefined;
  const method = def?.properties?.method?.const;
  if (!method) throw new Error(`the schema gives ${type} no method`);
  return method;
};
/** The sampling input request of the examples, with one change. */
const samplingWith = (change: (params: Record<string, unknown>) => void) => {
  const req = clone(example('CreateMessageRequest'));
  change(req.params as Record<string, unknown>);
  return inputRequired({ summary: req });
};
/** The form elicitation of the examples, with one more field in its requested schema. */
const elicitationWithField = (field: unknown) => {
  const req = clone(example('ElicitRequest'));
  (req.params as { requestedSchema: { properties: Record<string, unknown> } }).requestedSchema.properties.extra = field;
  return inputRequired({ ask: req });
};
/** A response example of the given type with one member of its result replaced. */
const responseWith = (type: string, member: string, value: unknown) => {
  const msg = clone(example(type));
  (msg.result as Record<string, unknown>)[member] = value;
  return msg;
};

const INPUT_REQUEST_TYPES = new Set(['CreateMessageRequest', 'ElicitRequest', 'ListRootsRequest']);
const INPUT_RESPONSE_TYPES = new Set(['CreateMessageResult', 'ElicitResult', 'ListRootsResult']);
const INPUT_REQUEST_PARAMS: Record<string, string> = {
  CreateMessageRequestParams: 'sampling/createMessage',
  ElicitRequestFormParams: 'elicitation/create',
  ElicitRequestURLParams: 'elicitation/create',
};

/** How each example type travels, or undefined when no carrier is known (the test then fails and names the type). */
function carry(e: OfficialExample): Carried | undefined {
  const value = parse(e);
  const t = e.type;
  if ('jsonrpc' in value) {
    const kind: Kind = /Request$/.test(t)
      ? 'request'
      : /Notification$/.test(t)
        ? 'notification'
        : /ResultResponse$/.test(t)
          ? 'result'
          : 'error';
    return { kind, how: 'a whole message', message: value };
  }
  if (INPUT_REQUEST_TYPES.has(t))
    return { kind: 'result', how: 'in inputRequests', message: inputRequired({ a: value }) };
  if (t in INPUT_REQUEST_PARAMS)
    return {
      kind: 'result',
      how: 'in inputRequests',
      message: inputRequired({ a: { method: INPUT_REQUEST_PARAMS[t], params: value } }),
    };
  if (INPUT_RESPONSE_TYPES.has(t))
    return { kind: 'request', how: 'in a retry’s inputResponses', message: retryWith({ a: value }) };
  if (t === 'InputRequests') return { kind: 'result', how: 'as inputRequests', message: inputRequired(value) };
  if (t === 'InputResponses') return { kind: 'request', how: 'as a retry’s inputResponses', message: retryWith(value) };
  if (/Error$/.test(t)) {
    const message: Record<string, unknown> = { jsonrpc: '2.0', id: 'ex-1', error: value };
    if (t === 'ParseError') delete message.id; // nobody could read the id of unparseable text
    return { kind: 'error', how: 'in an error response', message };
  }
  if (/Result$/.test(t)) return { kind: 'result', how: 'in a response', message: response(value) };
  if (t === 'PaginatedRequestParams')
    return { kind: 'request', how: 'as tools/list params', message: request('tools/list', value) };
  if (/RequestParams$/.test(t))
    return {
      kind: 'request',
      how: 'as its request’s params',
      message: request(methodOf(t.replace(/Params$/, '')), value),
    };
  if (/NotificationParams$/.test(t))
    return {
      kind: 'notification',
      how: 'as its notification’s params',
      message: { jsonrpc: '2.0', method: methodOf(t.replace(/Params$/, '')), params: value },
    };
  switch (t) {
    case 'ClientCapabilities':
      return {
        kind: 'request',
        how: 'as a request’s clientCapabilities',
        message: request('tools/list', { _meta: { ...ENVELOPE, 'io.modelcontextprotocol/clientCapabilities': value } }),
      };
    case 'ServerCapabilities':
      return {
        kind: 'result',
        how: 'in a server/discover result',
        message: responseWith('DiscoverResultResponse', 'capabilities', value),
      };
    case 'TextContent':
    case 'ImageContent':
    case 'AudioContent':
    case 'ResourceLink':
    case 'EmbeddedResource':
      return {
        kind: 'result',
        how: 'in a CallToolResult',
        message: response({ resultType: 'complete', content: [value] }),
      };
    case 'Tool':
      return {
        kind: 'result',
        how: 'in a tools/list result',
        message: responseWith('ListToolsResultResponse', 'tools', [value]),
      };
    case 'Resource':
      return {
        kind: 'result',
        how: 'in a resources/list result',
        message: responseWith('ListResourcesResultResponse', 'resources', [value]),
      };
    case 'TextResourceContents':
    case 'BlobResourceContents':
      return {
        kind: 'result',
        how: 'in a resources/read result',
        message: responseWith('ReadResourceResultResponse', 'contents', [value]),
      };
    case 'Root':
      return { kind: 'request', how: 'in a roots/list answer', message: retryWith({ roots: { roots: [value] } }) };
    case 'SamplingMessage':
      return {
        kind: 'result',
        how: 'in a sampling input request',
        message: samplingWith((p) => (p.messages = [value])),
      };
    case 'ModelPreferences':
      return {
        kind: 'result',
        how: 'in a sampling input request',
        message: samplingWith((p) => (p.modelPreferences = value)),
      };
    case 'ToolUseContent':
    case 'ToolResultContent':
      return {
        kind: 'result',
        how: 'in a sampling input request',
        message: samplingWith((p) => {
          const use =
            t === 'ToolUseContent'
              ? value
              : { type: 'tool_use', id: (value as { toolUseId?: string }).toolUseId, name: 'get_weather', input: {} };
          p.messages = [
            { role: 'user', content: { type: 'text', text: 'Weather?' } },
            { role: 'assistant', content: use },
          ];
          if (t === 'ToolResultContent') (p.messages as unknown[]).push({ role: 'user', content: value });
          p.tools = [{ name: 'get_weather', inputSchema: { type: 'object' } }];
        }),
      };
    default:
      if (/Schema$/.test(t))
        return { kind: 'result', how: 'in a form elicitation’s requestedSchema', message: elicitationWithField(value) };
      return undefined;
  }
}

const cases = OFFICIAL_EXAMPLES.map((e) => ({ e, carried: carry(e) }));

describe('the official 2026-07-28 examples', () => {
  it(`are all there (${SNAPSHOT_SOURCE.examples.count} files from ${SNAPSHOT_SOURCE.commit.slice(0, 7)})`, () => {
    expect(OFFICIAL_EXAMPLES.length).toBe(SNAPSHOT_SOURCE.examples.count);
    expect(OFFICIAL_EXAMPLES.length).toBeGreaterThan(100);
  });

  it('each have a carrier, so none is skipped', () => {
    expect(cases.filter((c) => !c.carried).map((c) => c.e.path)).toEqual([]);
  });

  it.each(cases.map((c) => [`${c.e.type}/${c.e.name}`, c] as const))('%s matches its own schema type', (_n, { e }) => {
    const validate = schemaOf('2026-07-28').validator(e.type);
    expect(validate(parse(e)), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(cases.filter((c) => c.carried).map((c) => [`${c.e.type}/${c.e.name} (${c.carried!.how})`, c] as const))(
    '%s: the carrier is a valid message, and the model classifies it with no error finding',
    (_n, { carried }) => {
      const { kind, message } = carried!;
      expect(schemaEnvelope('2026-07-28', message), 'the carrier under the official schema').toBe(kind);
      expect(schemaTyped('2026-07-28', message)?.valid ?? true, 'the carrier under its typed schema').toBe(true);
      const c = classifyMessage(JSON.stringify(message), { protocol: '2026-07-28' });
      const errors = c.findings.filter((f) => f.severity === 'error').map((f) => `${f.id} at ${f.path}: ${f.message}`);
      expect({ kind: c.kind, errors }).toEqual({ kind, errors: [] });
    },
  );
});
