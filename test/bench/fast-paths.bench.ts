/**
 * npm run bench:fast-paths [name ...]: what each fast path of the message model is worth on the corpus of
 * `npm run bench`. A fast path repeats a rule the slow path (a zod schema, a full walk, a scan of the text) already
 * decides; it stays only where the bench needs it, so this measures the model with and without each one, in one
 * process, on the same texts.
 *
 * For each variant below the model's source (src/message-model/) is copied to a temporary folder with that fast path
 * taken out by a textual patch (the script stops when a patch no longer matches the source), and imported beside an
 * unpatched copy. After a warm-up pass, which also checks that every variant classifies every message of the corpus
 * exactly as the unpatched copy does, the corpus runs slice by slice (2,000 messages): a round is one slice run by
 * every side in turn, who goes first rotating from round to round, each timed by this process's CPU time, as in
 * classify.bench.ts. Per variant it prints the median over rounds of (time without) / (time with), with quartiles,
 * and ratio_vs_sdk with and without (the SDK's JSONRPCMessageSchema.safeParse(JSON.parse(text)) on the same slice).
 * The variant `control` patches nothing: its figures are the noise of the method. A name joined with "+" takes
 * several fast paths out at once. Figures only: nothing here asserts a time.
 */
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { classifyMessage as Classify } from '#message-model';
import { buildCorpus, sdkAccepts } from './classify-corpus.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SLICE = 2_000;
const ROOT = new URL('../../', import.meta.url);
const MODEL = new URL('src/message-model/', ROOT);

/** A textual patch of one model file: `find` must occur exactly once. */
interface Patch {
  file: string;
  find: string;
  replace: string;
}

/** A fast path of fast-paths.ts that answers false (so zod decides), by its signature. */
const surelyNot = (signature: string): Patch => ({
  file: 'fast-paths.ts',
  find: `function ${signature}: boolean {`,
  replace: `function ${signature}: boolean {\n  return false;`,
});

/** The fast paths, each as the patch that takes it out (the slow path then decides alone). */
const VARIANTS: Record<string, Patch[]> = {
  control: [],
  // fast-paths.ts: each hand-written check answers "ask zod".
  params: [surelyNot('isSurelyValidParams(method: string, version: McpVersion, params: unknown, json = false)')],
  'request-meta': [surelyNot('isSurelyRequestMeta(meta: unknown, json = false)')],
  'valid-result': [
    surelyNot('isSurelyValidResult(method: string, version: McpVersion, result: unknown, json = false)'),
  ],
  'tool-result': [surelyNot('isSurelyToolResult(result: unknown, version: McpVersion, json = false)')],
  // fast-paths.ts: values fresh from JSON.parse are checked for symbol keys and foreign prototypes all the same.
  'json-flag': [{ file: 'fast-paths.ts', find: '  if (json) return true;\n', replace: '' }],
  // json-text.ts: the quick walk of a parsed value remembers the objects it has met, like inspectValue's.
  'tree-walk': [
    {
      file: 'json-text.ts',
      find: 'return inspect(value, maxDepth, maxReports, true, strings);',
      replace: 'return inspect(value, maxDepth, maxReports, false, strings);',
    },
  ],
  // json-text.ts: strings are checked for lone surrogates even when the text shows none can hold one.
  'string-skip': [
    {
      file: 'json-text.ts',
      find: "const strings = text === undefined || text.includes('\\\\u') || !text.isWellFormed();",
      replace: 'const strings = true;',
    },
  ],
  // json-text.ts: no quick walk at all: the full walk, building a JSON Pointer for every value, always.
  'quick-walk': [
    {
      file: 'json-text.ts',
      find: 'strings = true): ValueFacts {',
      replace: 'strings = true): ValueFacts {\n  return walkValue(value, maxDepth, maxReports);',
    },
  ],
  // classify.ts: the exact count of member names in the text runs on every message, not only past the cheap bound.
  'member-bound': [
    {
      file: 'classify.ts',
      find: 'if (maxMemberNames(input) > memberCount && countMemberNames(input) > memberCount) {',
      replace: 'if (countMemberNames(input) > memberCount) {',
    },
  ],
  // classify.ts: the duplicate-name scan of the text runs on every message.
  'member-count': [
    {
      file: 'classify.ts',
      find: 'if (maxMemberNames(input) > memberCount && countMemberNames(input) > memberCount) {',
      replace: 'if (memberCount === memberCount) {',
    },
  ],
  // classify-results.ts: a structuredContent mirror is always parsed and compared by canonical JSON.
  'mirror-stringify': [
    {
      file: 'classify-results.ts',
      find: '    if (json && text === (serialised ??= JSON.stringify(value))) return true;\n',
      replace: '',
    },
  ],
  // schema-findings.ts: zod's safeParse (which builds a ZodError) instead of its Standard Schema validate.
  'safe-parse': [
    {
      file: 'schema-findings.ts',
      find: "const result = schema['~standard'].validate(value);",
      replace:
        'const parsed = schema.safeParse(value); const result = parsed.success ? {} : { issues: parsed.error.issues };',
    },
  ],
};

const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(VARIANTS);
for (const name of names)
  for (const part of name.split('+'))
    if (!VARIANTS[part]) throw new Error(`unknown variant ${part}; known: ${Object.keys(VARIANTS).join(', ')}`);

const dir = await mkdtemp(join(tmpdir(), 'fast-paths-bench-'));
type Side = (i: number) => number;
const sides = new Map<string, Side>();
let classifiers: Record<string, typeof Classify>;
try {
  // The copies resolve zod from the project's node_modules, and are ES modules like the original.
  await symlink(new URL('node_modules', ROOT).pathname, join(dir, 'node_modules'), 'dir');
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
  const load = async (label: string, patches: Patch[]): Promise<typeof Classify> => {
    const copy = join(dir, label.replaceAll('+', '_'));
    await cp(MODEL, copy, { recursive: true });
    for (const { file, find, replace } of patches) {
      const path = join(copy, file);
      const text = await readFile(path, 'utf8');
      const at = text.indexOf(find);
      if (at === -1 || text.indexOf(find, at + 1) !== -1)
        throw new Error(`${label}: the patch of ${file} matches ${at === -1 ? 'nothing' : 'more than once'}`);
      await writeFile(path, text.slice(0, at) + replace + text.slice(at + find.length));
    }
    const mod = (await import(pathToFileURL(join(copy, 'index.ts')).href)) as { classifyMessage: typeof Classify };
    return mod.classifyMessage;
  };
  classifiers = { with: await load('with', []) };
  for (const name of names)
    classifiers[name] = await load(
      name,
      name.split('+').flatMap((p) => VARIANTS[p]!),
    );
} finally {
  await rm(dir, { recursive: true, force: true });
}

const { texts, methods } = buildCorpus();
const options = methods.map((method) => (method === undefined ? {} : { method }));
for (const [label, classify] of Object.entries(classifiers))
  sides.set(label, (i) => classify(texts[i]!, options[i]).findings.length);
sides.set('sdk', (i) => sdkAccepts(texts[i]!));

const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
let checksum = 0;
function timeSlice(side: Side, from: number, to: number): number {
  const start = cpuMs();
  for (let i = from; i < to; i += 1) checksum += side(i);
  return cpuMs() - start;
}

// Warm-up, and the check that taking a fast path out changes no classification.
const expected = texts.map((t, i) => JSON.stringify(classifiers.with!(t, options[i])));
for (const name of names) {
  const classify = classifiers[name]!;
  const differs = texts.findIndex((t, i) => JSON.stringify(classify(t, options[i])) !== expected[i]);
  if (differs !== -1) throw new Error(`${name} classifies message ${differs} differently: ${texts[differs]}`);
}
for (const side of sides.values()) timeSlice(side, 0, texts.length);

const order = [...sides.keys()];
const took = new Map<string, number[]>(order.map((s) => [s, []]));
let round = 0;
for (let pass = 0; pass < ROUNDS; pass += 1) {
  for (let from = 0; from < texts.length; from += SLICE, round += 1) {
    const to = Math.min(from + SLICE, texts.length);
    for (let k = 0; k < order.length; k += 1) {
      const label = order[(round + k) % order.length]!;
      took.get(label)!.push(timeSlice(sides.get(label)!, from, to));
    }
  }
}
if (checksum === -1) console.log('unreachable');

const quartiles = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return [at(0.25), at(0.5), at(0.75)] as const;
};
const perRound = (a: string, b: string) => took.get(a)!.map((t, r) => t / took.get(b)![r]!);
const show = (xs: readonly number[]) => {
  const [q1, q2, q3] = quartiles(xs);
  return `${q2.toFixed(3)} (quartiles ${q1.toFixed(3)} / ${q3.toFixed(3)})`;
};

console.log(
  `corpus: ${texts.length.toLocaleString('en')} messages (npm run bench's), ${round} rounds of ${SLICE} over ${ROUNDS} passes, timed by CPU time, node ${process.version}`,
);
console.log(`with every fast path: ratio_vs_sdk ${show(perRound('sdk', 'with'))}`);
for (const name of names) {
  console.log(
    `${name.padEnd(24)} without/with ${show(perRound(name, 'with'))}; ratio_vs_sdk without ${show(perRound('sdk', name))}`,
  );
}
