/**
 * The corpus of `npm run bench` (classify.bench.ts), shared with the fast-path comparison (fast-paths.bench.ts) so
 * that both measure the same texts: 100,000 mixed messages, built deterministically from a seed.
 */
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { seededRandom } from '../support/seeded-random.ts';

const CORPUS_SIZE = 100_000;
export const SEED = 20260728;

const random = seededRandom(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const WORDS = [
  'incident',
  'ticket',
  'database',
  'latency',
  'rollback',
  'deploy',
  'customer',
  'queue',
  'timeout',
  'cache',
  'region',
  'alert',
];
const sentence = (words: number) => Array.from({ length: words }, () => pick(WORDS)).join(' ');
/** A payload size drawn so that most messages are small and a few are large, as in real traffic. */
const payloadWords = () => (random() < 0.9 ? int(1, 30) : random() < 0.9 ? int(100, 600) : int(1500, 3000));
let nextId = 1;
const id = () => (random() < 0.7 ? nextId++ : `req-${nextId++}`);
const meta = () => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': random() < 0.5 ? {} : { elicitation: {}, sampling: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'bench-client', version: '1.0.0' },
});

/** A corpus entry: the raw text, or the text of a result with the method of the request it answers. */
type Entry = string | { text: string; method: string };

/** Generators by category; each returns the raw message text (results: with the method they answer). */
const GENERATORS = {
  request: () =>
    JSON.stringify(
      pick([
        () => ({
          jsonrpc: '2.0',
          id: id(),
          method: 'tools/call',
          params: {
            name: 'get_incident',
            arguments: { incidentId: `INC-${int(1, 9999)}`, note: sentence(payloadWords()) },
            _meta: meta(),
          },
        }),
        () => ({ jsonrpc: '2.0', id: id(), method: 'tools/list', params: { _meta: meta() } }),
        () => ({
          jsonrpc: '2.0',
          id: id(),
          method: 'resources/read',
          params: { uri: `file:///logs/${int(1, 500)}.txt`, _meta: meta() },
        }),
        () => ({
          jsonrpc: '2.0',
          id: id(),
          method: 'prompts/get',
          params: { name: 'summarize', arguments: { topic: sentence(int(1, 8)) }, _meta: meta() },
        }),
      ])(),
    ),
  notification: () =>
    JSON.stringify(
      pick([
        () => ({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: `p-${int(1, 99)}`, progress: int(1, 100), total: 100, message: sentence(int(1, 6)) },
        }),
        () => ({
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: int(1, 9999), reason: 'user pressed stop' },
        }),
        () => ({
          jsonrpc: '2.0',
          method: 'notifications/message',
          params: { level: 'info', logger: 'bench', data: sentence(payloadWords()) },
        }),
      ])(),
    ),
  result: (): Entry =>
    pick([
      (): Entry => ({
        method: 'tools/list',
        text: JSON.stringify({
          jsonrpc: '2.0',
          id: id(),
          result: {
            resultType: 'complete',
            tools: Array.from({ length: int(1, 12) }, (_, i) => ({
              name: `tool_${i}`,
              description: sentence(int(5, 40)),
              inputSchema: {
                type: 'object',
                properties: { incidentId: { type: 'string', pattern: '^INC-[0-9]+$' } },
                required: ['incidentId'],
              },
            })),
            ttlMs: 60_000,
            cacheScope: 'public',
          },
        }),
      }),
      (): Entry => ({
        method: 'resources/read',
        text: JSON.stringify({
          jsonrpc: '2.0',
          id: id(),
          result: {
            resultType: 'complete',
            contents: [{ uri: 'file:///logs/1.txt', mimeType: 'text/plain', text: sentence(payloadWords()) }],
            ttlMs: 0,
            cacheScope: 'private',
          },
        }),
      }),
      (): Entry => JSON.stringify({ jsonrpc: '2.0', id: id(), result: {} }),
    ])(),
  'tool-result': (): Entry => {
    const data = {
      incidentId: `INC-${int(1, 9999)}`,
      status: pick(['open', 'closed', 'mitigated']),
      summary: sentence(payloadWords()),
    };
    const text = JSON.stringify(
      pick([
        () => ({
          jsonrpc: '2.0',
          id: id(),
          result: {
            resultType: 'complete',
            content: [{ type: 'text', text: JSON.stringify(data) }],
            structuredContent: data,
          },
        }),
        () => ({
          jsonrpc: '2.0',
          id: id(),
          result: {
            resultType: 'complete',
            content: [{ type: 'text', text: `Ticket backend unavailable: ${sentence(int(3, 12))}` }],
            isError: true,
          },
        }),
        () => ({
          jsonrpc: '2.0',
          id: id(),
          result: {
            resultType: 'complete',
            content: [
              { type: 'text', text: sentence(payloadWords()) },
              { type: 'resource_link', uri: 'file:///x', name: 'x' },
            ],
          },
        }),
      ])(),
    );
    return { method: 'tools/call', text };
  },
  error: () =>
    JSON.stringify({
      jsonrpc: '2.0',
      id: id(),
      error: pick([
        { code: -32601, message: 'Method not found' },
        { code: -32602, message: 'Tool get_incdent not found' },
        { code: -32603, message: 'Internal error' },
        {
          code: -32022,
          message: 'Unsupported protocol version',
          data: { supported: ['2026-07-28'], requested: '2024-11-05' },
        },
        { code: -32000, message: 'Connection closed' },
        { code: 4001, message: 'Rate limited', data: { retryAfterMs: 2000 } },
      ]),
    }),
  invalid: () =>
    pick([
      () => JSON.stringify({ id: id(), method: 'tools/list', params: { _meta: meta() } }),
      () => JSON.stringify({ jsonrpc: '2.0', id: null, method: 'tools/list', params: { _meta: meta() } }),
      () => JSON.stringify({ jsonrpc: '2.0', id: id(), method: 'tools/call', params: [1, 2, 3] }),
      () =>
        JSON.stringify({
          jsonrpc: '2.0',
          id: id(),
          result: { resultType: 'complete' },
          error: { code: -32603, message: 'both' },
        }),
      () =>
        JSON.stringify([
          { jsonrpc: '2.0', id: id(), method: 'tools/list', params: { _meta: meta() } },
          { jsonrpc: '2.0', method: 'notifications/progress', params: {} },
        ]),
      () => JSON.stringify({ jsonrpc: '1.0', id: id(), method: 'tools/list' }),
      () => '"just a string"',
    ])(),
  'parse-error': () => {
    const text = JSON.stringify({
      jsonrpc: '2.0',
      id: id(),
      method: 'tools/call',
      params: { name: 'get_incident', arguments: { note: sentence(payloadWords()) }, _meta: meta() },
    });
    return pick([
      () => text.slice(0, int(5, text.length - 1)),
      () => text.replace('"jsonrpc"', 'jsonrpc'),
      () => `${text},`,
      () => text.replace(/,/, ',,'),
    ])();
  },
} satisfies Record<string, () => Entry>;

type Category = keyof typeof GENERATORS;
/** The mix, in percent of the corpus. */
const MIX: Record<Category, number> = {
  request: 25,
  notification: 15,
  result: 15,
  'tool-result': 15,
  error: 10,
  invalid: 12,
  'parse-error': 8,
};

export function buildCorpus(): {
  texts: string[];
  methods: Array<string | undefined>;
  counts: Record<Category, number>;
  bytes: number;
} {
  const categories = Object.keys(MIX) as Category[];
  const cumulative: Array<[number, Category]> = [];
  let sum = 0;
  for (const c of categories) cumulative.push([(sum += MIX[c]), c]);
  const counts = Object.fromEntries(categories.map((c) => [c, 0])) as Record<Category, number>;
  const texts: string[] = [];
  const methods: Array<string | undefined> = [];
  let bytes = 0;
  for (let i = 0; i < CORPUS_SIZE; i += 1) {
    const roll = random() * sum;
    const category = cumulative.find(([limit]) => roll < limit)![1];
    const entry = GENERATORS[category]();
    const text = typeof entry === 'string' ? entry : entry.text;
    counts[category] += 1;
    bytes += Buffer.byteLength(text);
    texts.push(text);
    methods.push(typeof entry === 'string' ? undefined : entry.method);
  }
  return { texts, methods, counts, bytes };
}

/**
 * The official SDK's side of a comparison: JSONRPCMessageSchema.safeParse over JSON.parse of the text (a parse error
 * caught), 1 when it accepts the message and 0 otherwise, so its result cannot be optimised away.
 */
export function sdkAccepts(text: string): number {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 0;
  }
  return JSONRPCMessageSchema.safeParse(value).success ? 1 : 0;
}
