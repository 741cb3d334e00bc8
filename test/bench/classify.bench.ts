/**
 * npm run bench: how fast the message model classifies, next to the official SDK's bare envelope validation and to
 * bare JSON.parse. Builds a deterministic corpus of 100,000 mixed messages (requests, notifications, results, tool
 * results, errors, invalid messages, parse errors; from ~60 bytes to ~20 KB), then measures, in one process and on
 * the same texts:
 *   ours:   classifyMessage(text, { method })            (parse, classify, reply, findings, spec references, and the
 *                                                         nested validation: _meta, typed params and, with the method
 *                                                         of the request a result answers, typed results)
 *   theirs: JSONRPCMessageSchema.safeParse(JSON.parse(text)) from @modelcontextprotocol/core (parse errors caught)
 *   floor:  JSON.parse(text)                              (parse errors caught)
 * After a warm-up pass, ROUNDS passes over the corpus run it slice by slice (2,000 messages): a round is one slice
 * run by every side in turn, who goes first rotating from round to round (ours, theirs, floor; theirs, floor, ours;
 * …), so whatever else the machine does lands on every side alike. Each side is timed by the CPU time of this
 * process (process.cpuUsage), not by the clock on the wall: on a shared machine a wall-clock slice also counts the
 * time the process waited for a core, which has nothing to do with the code measured. (The main thread's own CPU
 * time would leave out the garbage collector's helper threads, and Linux counts it in scheduler ticks, too coarse
 * for a slice of a few milliseconds.) BENCH_CLOCK=wall times by the wall clock instead. Each round gives a ratio
 * (ours / theirs and ours / floor, in messages per second on the same texts); the figures printed are the medians of
 * those per-round ratios, with their quartiles. The last line is `ratio_vs_sdk=<median>` (target: at least 1.00);
 * `ratio_vs_json_parse` comes before it. Before them, the HTTP reader's figures on recorded HAR files
 * (http-reader.ts: exchanges per second, and the event-stream parser's MiB per second) and the load average.
 * Figures only: nothing here asserts a time.
 */
import { classifyMessage } from '#message-model';
import { loadavg } from 'node:os';
import { buildCorpus, sdkAccepts, SEED } from './classify-corpus.ts';
import { benchHttpReader } from './http-reader.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const { texts, methods, counts, bytes } = buildCorpus();

/** Which clock times a side: the process's CPU time (the default) or the wall clock. */
const CLOCK = process.env.BENCH_CLOCK === 'wall' ? 'wall' : 'cpu';
/** Milliseconds on the chosen clock. */
const now =
  CLOCK === 'wall'
    ? () => performance.now()
    : () => {
        const used = process.cpuUsage();
        return (used.user + used.system) / 1000;
      };

/** Runs one side over texts[from, to); returns elapsed milliseconds. The checksum keeps the work observable. */
let checksum = 0;
function timeSlice(fn: (i: number) => number, from: number, to: number): number {
  const start = now();
  for (let i = from; i < to; i += 1) checksum += fn(i);
  return now() - start;
}

const SIDES = {
  ours: (i: number): number => {
    const method = methods[i];
    return classifyMessage(texts[i]!, method === undefined ? {} : { method }).findings.length;
  },
  theirs: (i: number): number => sdkAccepts(texts[i]!),
  floor: (i: number): number => {
    try {
      return JSON.parse(texts[i]!) === null ? 0 : 1;
    } catch {
      return 0;
    }
  },
} as const;
type Side = keyof typeof SIDES;
const ORDER: readonly Side[] = ['ours', 'theirs', 'floor'];

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

console.log(
  `corpus: ${texts.length.toLocaleString('en')} messages, ${(bytes / 1024 / 1024).toFixed(1)} MiB, seed ${SEED}, ${ROUNDS} passes after warm-up, timed by ${CLOCK === 'cpu' ? 'CPU time' : 'the wall clock'}, node ${process.version}`,
);
console.log(
  `mix: ${Object.entries(counts)
    .map(([c, n]) => `${c} ${n}`)
    .join(
      ', ',
    )}; ${methods.filter((m) => m !== undefined).length.toLocaleString('en')} results checked against the method they answer`,
);

// Warm-up: let every side reach optimised code before anything is timed.
for (const side of ORDER) timeSlice(SIDES[side], 0, texts.length);

/**
 * A round is one slice of SLICE messages run by every side in turn, who goes first rotating from round to round
 * (ours, theirs, floor; theirs, floor, ours; …): the sides of a round run within milliseconds of each other, so a
 * burst of load from other processes lands on all of them alike. ROUNDS passes over the corpus give
 * ROUNDS × (corpus / SLICE) rounds; each yields a ratio, and the medians of those ratios are the figures.
 */
const SLICE = 2_000;
const ms: Record<Side, number> = { ours: 0, theirs: 0, floor: 0 };
const vsSdk: number[] = [];
const vsParse: number[] = [];
let round = 0;
for (let pass = 0; pass < ROUNDS; pass += 1) {
  for (let from = 0; from < texts.length; from += SLICE, round += 1) {
    const to = Math.min(from + SLICE, texts.length);
    const took = {} as Record<Side, number>;
    for (let k = 0; k < ORDER.length; k += 1) {
      const side = ORDER[(round + k) % ORDER.length]!;
      took[side] = timeSlice(SIDES[side], from, to);
      ms[side] += took[side];
    }
    // Messages per second on the same slice, so the ratio of rates is the inverse ratio of times.
    vsSdk.push(took.theirs / took.ours);
    vsParse.push(took.floor / took.ours);
  }
}
const rate = (side: Side) => (texts.length * ROUNDS) / (ms[side] / 1000);

if (checksum === -1) console.log('unreachable'); // keeps the results observable to the optimiser
const mbps = (r: number) => ((r * bytes) / texts.length / 1024 / 1024).toFixed(1);
const fmt = (n: number) => Math.round(n).toLocaleString('en').padStart(11);
const LABELS: Record<Side, string> = {
  ours: 'classifyMessage(text, { method })  [#message-model]',
  theirs: 'JSONRPCMessageSchema.safeParse(JSON.parse(text))',
  floor: 'JSON.parse(text)',
};
console.log('');
console.log(
  `${`measured (${CLOCK === 'cpu' ? 'per CPU second' : 'per second'})`.padEnd(52)} ${'msg/s'.padStart(12)} ${'MiB/s'.padStart(7)}`,
);
for (const side of ORDER) {
  console.log(`${LABELS[side].padEnd(52)} ${fmt(rate(side))} ${mbps(rate(side)).padStart(7)}`);
}
const spread = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
  return `quartiles ${at(0.25)} / ${at(0.5)} / ${at(0.75)} over ${sorted.length} rounds`;
};
console.log('');
console.log(`ours / theirs per round: ${spread(vsSdk)}`);
console.log(`ours / JSON.parse per round: ${spread(vsParse)}`);
console.log('');
benchHttpReader(ROUNDS);
console.log(
  `load_average=${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`msg_per_s=${Math.round(rate('ours'))}`);
console.log(`ratio_vs_json_parse=${median(vsParse).toFixed(2)}`);
console.log(`ratio_vs_sdk=${median(vsSdk).toFixed(2)}`);
