/**
 * Every citation of the MCP specification, checked offline against the committed snapshot of the spec repository
 * (test/data/spec, `npm run spec:snapshot -- <spec repository>`): the links written in the course (chapters, notes,
 * checks, exercises, course data, components) and every SpecRef the model emits while classifying the fixture corpus
 * and every error code. A link must name a dated version, a page that exists in it, and an anchor that the model's own
 * slugifyHeading derives from a heading on that page.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyErrorCode, classifyMessage, PROTOCOLS, slugifyHeading, type SpecRef } from '#message-model';
import { loadFixtures } from '../../../src/course/fixtures-node.ts';
import {
  checkSpecQuote,
  checkSpecUrl,
  SNAPSHOT_SOURCE,
  SPEC_PATHS,
  specPage,
} from '../../support/oracles/spec-snapshot.ts';

const root = resolve(import.meta.dirname, '../../..');

/** Every committed text file under the folders the course is written in. */
function courseFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(mdx?|ts|astro|json)$/.test(name)) out.push(path);
    }
  };
  for (const dir of ['content', 'exercises', 'src']) walk(join(root, dir));
  return out.sort();
}

const SPEC_LINK = /https:\/\/modelcontextprotocol\.io\/specification\/[^\s)"'`<>\]]*/g;
const REPO_LINK =
  /https:\/\/github\.com\/modelcontextprotocol\/modelcontextprotocol\/(?:blob|tree)\/main\/([^\s)"'`<>#\]]+)/g;

/** A SpecRef anywhere inside a value (a classification, its findings, batch items, code info). */
function collectRefs(value: unknown, out: Map<string, SpecRef>, seen = new Set<unknown>()): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  const v = value as Record<string, unknown>;
  if (typeof v.version === 'string' && typeof v.section === 'string' && typeof v.url === 'string') {
    out.set(`${v.url} ${v.section}`, v as unknown as SpecRef);
  }
  for (const child of Object.values(v)) collectRefs(child, out, seen);
}

/** Checks a SpecRef into an MCP revision: its url, and that its section names the same page and a real heading. */
function checkMcpRef(ref: SpecRef): string | undefined {
  const problem = checkSpecUrl(ref.url);
  if (problem) return problem;
  const m = /^MCP (\S+) (\S+\.mdx)(?: §(.+))?$/.exec(ref.section);
  if (!m) return `section "${ref.section}" is not "MCP <version> <page>.mdx §<heading>"`;
  const [, version, file, heading] = m;
  if (version !== ref.version) return `section "${ref.section}" names another version than ${ref.version}`;
  const path = new URL(ref.url).pathname.replace(/^\/specification\/[^/]+/, '');
  const page = specPage(version!, path)!;
  if (page.file !== file) return `section "${ref.section}" names ${file}, the url ${ref.url} names ${page.file}`;
  const anchor = new URL(ref.url).hash.slice(1);
  if (heading === undefined) return anchor ? `url ${ref.url} has an anchor the section does not name` : undefined;
  const plain = (h: string) => h.replace(/`/g, '').trim();
  if (!page.outline.headings.some((h) => plain(h) === plain(heading)))
    return `"${heading}" is not a heading of ${version}/${file} (its headings: ${page.outline.headings.join(' | ')})`;
  if (anchor !== slugifyHeading(heading)) return `url anchor #${anchor} is not the slug of "${heading}"`;
  return undefined;
}

/** The anchors of jsonrpc.org/specification (its table of contents, read from the page by hand). */
const JSONRPC_ANCHORS = new Set([
  '',
  'overview',
  'conventions',
  'compatibility',
  'request_object',
  'notification',
  'parameter_structures',
  'response_object',
  'error_object',
  'batch',
  'examples',
  'extensions',
]);

describe('the spec snapshot', () => {
  it('names the repository and the commit it was generated from', () => {
    expect(SNAPSHOT_SOURCE.repository).toBe('https://github.com/modelcontextprotocol/modelcontextprotocol');
    expect(SNAPSHOT_SOURCE.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(SNAPSHOT_SOURCE.schemas.map((s) => s.path)).toEqual([
      'schema/2025-06-18/schema.json',
      'schema/2025-11-25/schema.json',
      'schema/2026-07-28/schema.json',
    ]);
    for (const s of SNAPSHOT_SOURCE.schemas) expect(s.blob).toMatch(/^[0-9a-f]{40}$/);
  });

  it('holds the pages the model cites most, with their headings', () => {
    expect(specPage('2026-07-28', 'basic')?.outline.headings).toContain('Error Codes');
    expect(specPage('2025-06-18', 'server/tools')?.outline.headings).toContain('Error Handling');
    expect(specPage('2025-03-26', 'basic/lifecycle')).toBeDefined();
    expect(specPage('2026-07-28', 'no/such/page')).toBeUndefined();
  });

  it('rejects a link to a heading that does not exist, so the check can fail', () => {
    expect(checkSpecUrl('https://modelcontextprotocol.io/specification/2026-07-28/basic#error-codes')).toBeUndefined();
    expect(checkSpecUrl('https://modelcontextprotocol.io/specification/2026-07-28/basic#no-such-heading')).toMatch(
      /no heading/,
    );
    expect(checkSpecUrl('https://modelcontextprotocol.io/specification/draft/basic')).toMatch(/dated/);
  });
});

describe('links written in the course', () => {
  const files = courseFiles();

  it('are found (the scan reads the chapters)', () => {
    const chapterLinks = files
      .filter((f) => f.includes('content/chapters/'))
      .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(SPEC_LINK)]);
    expect(chapterLinks.length).toBeGreaterThan(50);
  });

  it.each(files.map((f) => [relative(root, f), f] as const))('%s links only pages and headings that exist', (_n, f) => {
    const text = readFileSync(f, 'utf8');
    const problems: string[] = [];
    for (const m of text.matchAll(SPEC_LINK)) {
      const url = m[0].replace(/[.,;:]+$/, '');
      // A link template such as `${base}/basic` in code is built elsewhere and checked through the SpecRefs below.
      if (url.includes('${')) continue;
      const problem = checkSpecUrl(url);
      if (problem) problems.push(problem);
    }
    for (const m of text.matchAll(REPO_LINK)) {
      const path = (m[1] ?? '').replace(/\/$/, '');
      if (!SPEC_PATHS.has(path)) problems.push(`no file or folder ${path} in the specification repository`);
    }
    for (const m of text.matchAll(/https:\/\/www\.jsonrpc\.org\/specification(?:#([\w-]*))?/g)) {
      if (!JSONRPC_ANCHORS.has(m[1] ?? '')) problems.push(`no section #${m[1]} in JSON-RPC 2.0`);
    }
    expect(problems).toEqual([]);
  });
});

/** Every spec citation in the course data (content/scenarios/*.json): `{ version, page, heading? }` objects. */
function courseCitations(): { file: string; version: string; page: string; heading?: string }[] {
  const dir = join(root, 'content/scenarios');
  const out: { file: string; version: string; page: string; heading?: string }[] = [];
  const walk = (v: unknown, file: string) => {
    if (Array.isArray(v)) return v.forEach((x) => walk(x, file));
    if (typeof v !== 'object' || v === null) return;
    const o = v as Record<string, unknown>;
    if (typeof o.version === 'string' && typeof o.page === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(o.version)) {
      out.push({
        file,
        version: o.version,
        page: o.page,
        heading: typeof o.heading === 'string' ? o.heading : undefined,
      });
    }
    Object.values(o).forEach((x) => walk(x, file));
  };
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')))
    walk(JSON.parse(readFileSync(join(dir, name), 'utf8')), `content/scenarios/${name}`);
  return out;
}

describe('spec citations in the course data', () => {
  const citations = courseCitations();

  it('are found', () => expect(citations.length).toBeGreaterThan(5));

  it.each(citations.map((c) => [`${c.file}: ${c.version} ${c.page}${c.heading ? ` §${c.heading}` : ''}`, c] as const))(
    '%s names a page and heading that exist',
    (_n, c) => {
      const page = specPage(c.version, c.page.replace(/(^|\/)index$/, ''));
      expect(page, `no page ${c.version}/${c.page}`).toBeDefined();
      if (c.heading !== undefined) {
        const plain = (h: string) => h.replace(/`/g, '').trim();
        expect(page!.outline.headings.map(plain), `no heading "${c.heading}"`).toContain(plain(c.heading));
      }
    },
  );
});

describe('SpecRefs the model emits', () => {
  const refs = new Map<string, SpecRef>();
  for (const fixture of loadFixtures()) {
    for (const protocol of PROTOCOLS) collectRefs(classifyMessage(fixture.text, { protocol }), refs);
  }
  for (let code = -32768; code <= -31999; code += 1) {
    for (const protocol of PROTOCOLS) collectRefs(classifyErrorCode(code, protocol), refs);
  }
  for (const code of [-1, 0, 1, 42, 400, -32800, -40000]) {
    for (const protocol of PROTOCOLS) collectRefs(classifyErrorCode(code, protocol), refs);
  }
  const all = [...refs.values()];
  const mcp = all.filter((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.version));

  it('cover many sections of every MCP version (the walk finds them)', () => {
    expect(mcp.length).toBeGreaterThan(30);
    for (const v of ['2025-06-18', '2025-11-25', '2026-07-28'])
      expect(
        mcp.some((r) => r.version === v),
        v,
      ).toBe(true);
  });

  it.each(mcp.map((r) => [`${r.section} (${r.url})`, r] as const))(
    '%s names a page and heading that exist',
    (_n, r) => {
      expect(checkMcpRef(r)).toBeUndefined();
    },
  );

  it('into JSON-RPC 2.0 name sections that exist', () => {
    const bad = all
      .filter((r) => r.version === 'jsonrpc-2.0')
      .filter(
        (r) =>
          !JSONRPC_ANCHORS.has(new URL(r.url).hash.slice(1)) ||
          !r.url.startsWith('https://www.jsonrpc.org/specification'),
      );
    expect(bad).toEqual([]);
  });
});

/** Every quote of the spec-text case tables (test/data/spec-cases/*.json): `{ version, page, quote }` per case. */
function caseQuotes(): { file: string; id: string; version: string; page: string; quote: string }[] {
  const dir = join(root, 'test/data/spec-cases');
  const out: { file: string; id: string; version: string; page: string; quote: string }[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const table = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
      cases: { id: string; spec: { version: string; page: string; quote: string }[] }[];
    };
    for (const c of table.cases) for (const s of c.spec) out.push({ file: name, id: c.id, ...s });
  }
  return out;
}

describe('quotes in the spec-text case tables', () => {
  const quotes = caseQuotes();

  it('are found', () => expect(quotes.length).toBeGreaterThan(20));

  it('are checked against the page text, so a misquote fails', () => {
    const page = 'basic/transports/streamable-http';
    expect(
      checkSpecQuote('2026-07-28', page, 'The client MUST use HTTP POST to send JSON-RPC messages.'),
    ).toBeUndefined();
    expect(checkSpecQuote('2026-07-28', page, 'The client SHOULD use HTTP POST to send JSON-RPC messages.')).toMatch(
      /is not on/,
    );
    expect(checkSpecQuote('2025-11-25', 'basic/transports', 'an event ID and an empty `data` field')).toBeUndefined();
    expect(checkSpecQuote('2025-06-18', 'basic/transports', 'an event ID and an empty `data` field')).toMatch(
      /is not on/,
    );
  });

  it.each(quotes.map((q) => [`${q.file} ${q.id}: ${q.version} ${q.page}`, q] as const))(
    '%s quotes the spec word for word',
    (_n, q) => {
      expect(checkSpecQuote(q.version, q.page, q.quote)).toBeUndefined();
    },
  );
});
