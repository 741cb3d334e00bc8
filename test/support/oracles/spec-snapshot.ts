/**
 * The committed snapshot of the MCP specification repository (test/data/spec, written by `npm run spec:snapshot`):
 * its pages and headings, the paths the course may link to, the official JSON Schemas and the 2026-07-28 examples.
 * Tests read the specification's facts from here, offline; nothing here is written by the model under test.
 */
import { readFileSync } from 'node:fs';
import { slugifyHeading } from '#message-model';
import { missingQuotePart, readIndex } from '../../spec/quote-index.ts';

const DATA = new URL('../../data/spec/', import.meta.url);
const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(name, DATA), 'utf8')) as T;

/** The provenance file: repository, commit, and the source path and blob of every file. */
export interface SnapshotSource {
  repository: string;
  commit: string;
  schemas: { path: string; blob: string; wrote: string }[];
  examples: { from: string; count: number; wrote: string };
}
export const SNAPSHOT_SOURCE = read<SnapshotSource>('source.json');

type Outline = { headings: string[]; ids: string[] };
/** Per dated version, per page file (e.g. `basic/index.mdx`), its headings and explicit ids. */
const SPEC_PAGES = read<Record<string, Record<string, Outline>>>('pages.json');
/** Every repository path (file or folder) under docs/specification, schema and seps. */
export const SPEC_PATHS = new Set(read<string[]>('paths.json'));

/** The versions whose JSON Schema is in the snapshot. */
export const SCHEMA_VERSIONS = ['2025-06-18', '2025-11-25', '2026-07-28'] as const;
export type SchemaVersion = (typeof SCHEMA_VERSIONS)[number];
/** The official JSON Schema of a version (annotations without effect on validation left out). */
export function officialSchema(version: SchemaVersion): Record<string, unknown> {
  return read<Record<string, unknown>>(`schema/${version}.schema.json`);
}

/** One official example: its type folder, file name, source path and exact text. */
export interface OfficialExample {
  type: string;
  name: string;
  path: string;
  blob: string;
  text: string;
}
export const OFFICIAL_EXAMPLES = read<{ version: string; examples: OfficialExample[] }>(
  'examples-2026-07-28.json',
).examples;

/**
 * The page file a site path names under a version: `basic/lifecycle` is basic/lifecycle.mdx, `basic` is
 * basic/index.mdx, `` is index.mdx. Undefined when the version or page does not exist.
 */
export function specPage(version: string, path: string): { file: string; outline: Outline } | undefined {
  const pages = SPEC_PAGES[version];
  if (!pages) return undefined;
  const clean = path.replace(/^\/+|\/+$/g, '');
  for (const file of clean ? [`${clean}.mdx`, `${clean}/index.mdx`] : ['index.mdx']) {
    const outline = pages[file];
    if (outline) return { file, outline };
  }
  return undefined;
}

/** The anchors a page offers: each heading slugged with the model's own slugifyHeading, and the explicit ids. */
function pageAnchors(outline: Outline): Set<string> {
  return new Set([...outline.headings.map(slugifyHeading), ...outline.ids]);
}

/**
 * Checks one link to modelcontextprotocol.io/specification against the snapshot; returns the problem, or undefined.
 */
export function checkSpecUrl(url: string): string | undefined {
  const m = /^https:\/\/modelcontextprotocol\.io\/specification\/([^/#?]+)((?:\/[^#?]*)?)(?:#(.*))?$/.exec(url);
  if (!m) return `not a link to a specification page: ${url}`;
  const [, version, path = '', anchor] = m;
  if (!SPEC_PAGES[version!]) return `no dated specification version ${version} in the snapshot: ${url}`;
  const page = specPage(version!, path);
  if (!page) return `no page ${version}${path} in the specification: ${url}`;
  if (anchor !== undefined && !pageAnchors(page.outline).has(anchor)) {
    return `no heading with the anchor #${anchor} on ${version}/${page.file}: ${url}`;
  }
  return undefined;
}

const QUOTES = read<Record<string, Record<string, string>>>('quotes.json');
const QUOTE_SETS = new Map<string, Set<number>>();

/**
 * Checks that `quote` is on a page of a covered version (2025-06-18, 2025-11-25, 2026-07-28), against the hashed
 * word-run index of the snapshot; returns the problem, or undefined. Markup and punctuation do not count; "…"
 * separates parts that are checked one by one.
 */
export function checkSpecQuote(version: string, path: string, quote: string): string | undefined {
  const page = specPage(version, path);
  if (!page) return `no page ${version}/${path} in the specification`;
  const encoded = QUOTES[version]?.[page.file];
  if (encoded === undefined) return `no quote index for ${version}/${page.file} (only covered versions are indexed)`;
  const key = `${version}/${page.file}`;
  let set = QUOTE_SETS.get(key);
  if (!set) QUOTE_SETS.set(key, (set = readIndex(encoded)));
  const missing = missingQuotePart(quote, set);
  return missing === undefined ? undefined : `${missing} is not on ${version}/${page.file}`;
}
