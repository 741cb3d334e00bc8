/**
 * fast-check arbitraries shared by the property and differential tests: JSON-RPC / MCP messages that are valid,
 * nearly valid, or broken in one or several ways, plus a serialiser that shuffles keys and adds whitespace.
 */
import fc from 'fast-check';
import { seededRandom } from '../../support/seeded-random.ts';

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
