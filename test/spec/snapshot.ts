/**
 * npm run spec:snapshot -- <spec repository> [--ref <revision>]
 *
 * Writes the test data that lets `npm test` check the course against the MCP specification offline, from a clone or a
 * bare git directory of github.com/modelcontextprotocol/modelcontextprotocol (or the directory in MCP_SPEC_MIRROR):
 *  - test/data/spec/pages.json: every page path and its headings (and explicit `id` anchors), per dated version;
 *  - test/data/spec/paths.json: the repository paths the course may link to (spec pages, schema files, SEPs);
 *  - test/data/spec/schema/<version>.schema.json: the official JSON Schema of 2025-06-18, 2025-11-25 and
 *    2026-07-28, with the `description` annotations left out (they never change what validates; the spec's prose is
 *    read in the spec, not copied here);
 *  - test/data/spec/examples-2026-07-28.json: the official typed examples (schema/2026-07-28/examples/**), verbatim;
 *  - test/data/spec/quotes.json: per page of the covered versions, a hashed index of its word runs, so a test can
 *    check that a quoted sentence is on the page without the page's prose being copied here (quote-index.ts);
 *  - test/data/spec/source.json: the repository, the commit, and the path and git blob id of every source file.
 * The files are generated, never edited by hand: re-run the script to move to a newer commit of the spec.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { indexText } from './quote-index.ts';

const USAGE = 'usage: npm run spec:snapshot -- <spec repository (clone or bare git directory)> [--ref <revision>]';
const OUT = new URL('../data/spec/', import.meta.url);
const SCHEMA_VERSIONS = ['2025-06-18', '2025-11-25', '2026-07-28'] as const;
const EXAMPLES_VERSION = '2026-07-28';

function parseArgs(argv: string[]): { repo: string; ref: string } {
  let repo: string | undefined;
  let ref = 'HEAD';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--ref') ref = argv[++i] ?? '';
    else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg.startsWith('-')) fail(`unknown option ${arg}\n${USAGE}`);
    else if (repo === undefined) repo = arg;
    else fail(`one repository path only\n${USAGE}`);
  }
  repo ??= process.env.MCP_SPEC_MIRROR;
  if (!repo) fail(`no spec repository given (pass its path, or set MCP_SPEC_MIRROR)\n${USAGE}`);
  if (!ref) fail(`--ref needs a revision\n${USAGE}`);
  return { repo, ref };
}

function fail(message: string): never {
  console.error(`spec:snapshot: ${message}`);
  process.exit(2);
}

const { repo, ref } = parseArgs(process.argv.slice(2));
const git = (...args: string[]) =>
  execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

let commit: string;
try {
  commit = git('rev-parse', '--verify', `${ref}^{commit}`).trim();
} catch {
  fail(`${repo} is not a git repository with a revision ${ref}`);
}

/** Every file under `prefix` at the commit, with its blob id. */
function listFiles(prefix: string): { path: string; blob: string }[] {
  return git('ls-tree', '-r', commit, '--', prefix)
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [meta, path] = line.split('\t');
      return { path: path!, blob: meta!.split(' ')[2]! };
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
const show = (path: string) => git('show', `${commit}:${path}`);

// The spec's dated versions (docs/specification/YYYY-MM-DD); `draft` changes daily and the course never links it.
const versions = git('ls-tree', '--name-only', commit, '--', 'docs/specification/')
  .split('\n')
  .map((p) => p.replace(/^docs\/specification\//, ''))
  .filter((v) => /^\d{4}-\d{2}-\d{2}$/.test(v))
  .sort();
if (!versions.includes('2026-07-28')) fail(`commit ${commit} has no docs/specification/2026-07-28`);

/** The headings of an MDX page (outside fenced code) and its explicit `id="…"` anchors. */
function outline(source: string): { headings: string[]; ids: string[] } {
  const headings: string[] = [];
  let fence: string | undefined;
  for (const line of source.split(/\r?\n/)) {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (marker) {
      if (fence === undefined) fence = marker[0]!.repeat(marker.length);
      else if (marker.startsWith(fence)) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (heading) headings.push(heading);
  }
  const ids = [...source.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]!);
  return { headings, ids: [...new Set(ids)].sort() };
}

const sources: { path: string; blob: string; wrote: string }[] = [];
const pages: Record<string, Record<string, { headings: string[]; ids: string[] }>> = {};
/** The versions whose pages' quotes the tests check: the ones the course covers. */
const QUOTED_VERSIONS = new Set(['2025-06-18', '2025-11-25', '2026-07-28']);
const quotes: Record<string, Record<string, string>> = {};
for (const version of versions) {
  pages[version] = {};
  if (QUOTED_VERSIONS.has(version)) quotes[version] = {};
  for (const file of listFiles(`docs/specification/${version}/`).filter((f) => f.path.endsWith('.mdx'))) {
    const page = file.path.slice(`docs/specification/${version}/`.length);
    const source = show(file.path);
    pages[version]![page] = outline(source);
    if (quotes[version]) quotes[version]![page] = indexText(source);
  }
}

// Paths a chapter may link to on GitHub: files and their folders.
const linkable = new Set<string>();
for (const prefix of ['docs/specification/', 'schema/', 'seps/']) {
  for (const { path } of listFiles(prefix)) {
    const parts = path.split('/');
    for (let i = 1; i <= parts.length; i += 1) linkable.add(parts.slice(0, i).join('/'));
  }
}

/** The schema without `description` annotations: walks schema positions only, so a property named "description" stays. */
function withoutDescriptions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDescriptions);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description' && typeof value === 'string') continue;
    if (['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'].includes(key)) {
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, sub]) => [name, withoutDescriptions(sub)]),
      );
    } else if (['default', 'const', 'enum', 'examples'].includes(key)) out[key] = value;
    else out[key] = withoutDescriptions(value);
  }
  return out;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
mkdirSync(new URL('schema/', OUT), { recursive: true });

for (const version of SCHEMA_VERSIONS) {
  const path = `schema/${version}/schema.json`;
  const [file] = listFiles(path);
  if (!file) fail(`commit ${commit} has no ${path}`);
  const wrote = `test/data/spec/schema/${version}.schema.json`;
  writeFileSync(new URL(`schema/${version}.schema.json`, OUT), json(withoutDescriptions(JSON.parse(show(path)))));
  sources.push({ path, blob: file.blob, wrote });
}

const examples: { type: string; name: string; path: string; blob: string; text: string }[] = [];
for (const file of listFiles(`schema/${EXAMPLES_VERSION}/examples/`).filter((f) => f.path.endsWith('.json'))) {
  const [type, name] = file.path.slice(`schema/${EXAMPLES_VERSION}/examples/`.length).split('/');
  examples.push({ type: type!, name: name!, path: file.path, blob: file.blob, text: show(file.path) });
}
if (examples.length === 0) fail(`commit ${commit} has no examples under schema/${EXAMPLES_VERSION}/examples/`);
writeFileSync(new URL(`examples-${EXAMPLES_VERSION}.json`, OUT), json({ version: EXAMPLES_VERSION, examples }));
writeFileSync(new URL('pages.json', OUT), json(pages));
writeFileSync(new URL('quotes.json', OUT), json(quotes));
writeFileSync(new URL('paths.json', OUT), json([...linkable].sort()));
writeFileSync(
  new URL('source.json', OUT),
  json({
    repository: 'https://github.com/modelcontextprotocol/modelcontextprotocol',
    commit,
    committed: git('show', '-s', '--format=%cI', commit).trim(),
    generatedBy: 'npm run spec:snapshot -- <spec repository>',
    pages: { from: versions.map((v) => `docs/specification/${v}/**/*.mdx`), wrote: 'test/data/spec/pages.json' },
    paths: { from: ['docs/specification/**', 'schema/**', 'seps/**'], wrote: 'test/data/spec/paths.json' },
    quotes: {
      from: [...QUOTED_VERSIONS].map((v) => `docs/specification/${v}/**/*.mdx`),
      wrote: 'test/data/spec/quotes.json',
    },
    schemas: sources,
    examples: {
      from: `schema/${EXAMPLES_VERSION}/examples/**/*.json`,
      count: examples.length,
      wrote: `test/data/spec/examples-${EXAMPLES_VERSION}.json`,
    },
  }),
);
console.log(
  `spec snapshot of ${commit.slice(0, 12)}: ${versions.length} versions, ${Object.values(pages).reduce((n, p) => n + Object.keys(p).length, 0)} pages, ${linkable.size} paths, ${SCHEMA_VERSIONS.length} schemas, ${examples.length} examples`,
);
