/**
 * npm run bench: how fast the message model classifies, next to the official SDK's bare envelope validation.
 * Builds a deterministic corpus of 100,000 mixed messages (requests, notifications, results, tool results, errors,
 * invalid messages, parse errors; from ~60 bytes to ~20 KB), then measures, in one process and on the same texts:
 *   ours:   classifyMessage(text)                       (parse, classify, reply, findings, spec references)
 *   theirs: JSONRPCMessageSchema.safeParse(JSON.parse(text)) from @modelcontextprotocol/core (parse errors caught)
 * Each side gets a warm-up pass, then ROUNDS timed rounds in which the two sides take turns slice by slice;
 * the median round counts.
 * The last line is `ratio_vs_sdk=<ours/theirs>` (target: at least 1.00). Figures only: nothing here asserts a time.
 */
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import { classifyMessage } from '#message-model';
import { seededRandom } from '../support/seeded-random.ts';

const CORPUS_SIZE = 100_000;
const SEED = 20260728;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

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

/** Generators by category; each returns the raw message text. */
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
  result: () =>
    JSON.stringify(
      pick([
        () => ({
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
          },
        }),
        () => ({
          jsonrpc: '2.0',
          id: id(),
          result: {
            resultType: 'complete',
            contents: [{ uri: 'file:///logs/1.txt', mimeType: 'text/plain', text: sentence(payloadWords()) }],
          },
        }),
        () => ({ jsonrpc: '2.0', id: id(), result: {} }),
      ])(),
    ),
  'tool-result': () => {
    const data = {
      incidentId: `INC-${int(1, 9999)}`,
      status: pick(['open', 'closed', 'mitigated']),
      summary: sentence(payloadWords()),
    };
    return JSON.stringify(
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
} as const;

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

function buildCorpus(): { texts: string[]; counts: Record<Category, number>; bytes: number } {
  const categories = Object.keys(MIX) as Category[];
  const cumulative: Array<[number, Category]> = [];
  let sum = 0;
  for (const c of categories) cumulative.push([(sum += MIX[c]), c]);
  const counts = Object.fromEntries(categories.map((c) => [c, 0])) as Record<Category, number>;
  const texts: string[] = [];
  let bytes = 0;
  for (let i = 0; i < CORPUS_SIZE; i += 1) {
    const roll = random() * sum;
    const category = cumulative.find(([limit]) => roll < limit)![1];
    const text = GENERATORS[category]();
    counts[category] += 1;
    bytes += Buffer.byteLength(text);
    texts.push(text);
  }
  return { texts, counts, bytes };
}

/** Runs `fn` over texts[from, to); returns elapsed milliseconds. The checksum keeps the work observable. */
let checksum = 0;
function timeSlice(texts: readonly string[], from: number, to: number, fn: (text: string) => number): number {
  const start = performance.now();
  for (let i = from; i < to; i += 1) checksum += fn(texts[i]!);
  return performance.now() - start;
}

const ours = (text: string): number => classifyMessage(text).findings.length;

const theirs = (text: string): number => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 0;
  }
  return JSONRPCMessageSchema.safeParse(value).success ? 1 : 0;
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const { texts, counts, bytes } = buildCorpus();
console.log(
  `corpus: ${texts.length.toLocaleString('en')} messages, ${(bytes / 1024 / 1024).toFixed(1)} MiB, seed ${SEED}, ${ROUNDS} rounds after warm-up, node ${process.version}`,
);
console.log(
  `mix: ${Object.entries(counts)
    .map(([c, n]) => `${c} ${n}`)
    .join(', ')}`,
);

// Warm-up: let both sides reach optimised code before anything is timed.
timeSlice(texts, 0, texts.length, ours);
timeSlice(texts, 0, texts.length, theirs);

/**
 * One round classifies the whole corpus on each side. The two sides take turns slice by slice (2,000 messages),
 * alternating who goes first, so a burst of load from other processes hits both alike and the ratio stays fair.
 */
const SLICE = 2_000;
const rates: Record<'ours' | 'theirs', number[]> = { ours: [], theirs: [] };
for (let r = 0; r < ROUNDS; r += 1) {
  const ms = { ours: 0, theirs: 0 };
  for (let from = 0, n = 0; from < texts.length; from += SLICE, n += 1) {
    const to = Math.min(from + SLICE, texts.length);
    const order = (n + r) % 2 === 0 ? (['ours', 'theirs'] as const) : (['theirs', 'ours'] as const);
    for (const side of order) ms[side] += timeSlice(texts, from, to, side === 'ours' ? ours : theirs);
  }
  rates.ours.push(texts.length / (ms.ours / 1000));
  rates.theirs.push(texts.length / (ms.theirs / 1000));
}

const ourRate = median(rates.ours);
const theirRate = median(rates.theirs);
if (checksum === -1) console.log('unreachable'); // keeps the results observable to the optimiser
const mbps = (rate: number) => ((rate * bytes) / texts.length / 1024 / 1024).toFixed(1);
const fmt = (n: number) => Math.round(n).toLocaleString('en').padStart(11);
console.log('');
console.log(`${'measured'.padEnd(52)} ${'median msg/s'.padStart(12)} ${'MiB/s'.padStart(7)}   rounds (msg/s)`);
console.log(
  `${'classifyMessage(text)  [#message-model]'.padEnd(52)} ${fmt(ourRate)} ${mbps(ourRate).padStart(7)}   ${rates.ours.map((x) => Math.round(x)).join(' ')}`,
);
console.log(
  `${'JSONRPCMessageSchema.safeParse(JSON.parse(text))'.padEnd(52)} ${fmt(theirRate)} ${mbps(theirRate).padStart(7)}   ${rates.theirs.map((x) => Math.round(x)).join(' ')}`,
);
console.log('');
console.log(`ratio_vs_sdk=${(ourRate / theirRate).toFixed(2)}`);
