/**
 * The capstone chapter, "Check your own server": its headings give the anchors the probe's report links to (fixed
 * in the capstone contract, so the probe and the chapter agree), its internal links land on headings that exist,
 * and every sentence it quotes from the spec is on the page it cites, in the committed snapshot (commit b0f60ba).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';
import { readChapterStructure } from '../../../src/course/read-chapter-structure.ts';
import { checkSpecQuote } from '../../support/oracles/spec-snapshot.ts';

const root = resolve(import.meta.dirname, '../../..');
const text = (chapter: string) => readFileSync(resolve(root, 'content/chapters', `${chapter}.mdx`), 'utf8');

/** The heading anchors of a chapter page, slugged as Astro does (github-slugger). */
function chapterAnchors(chapter: string): Set<string> {
  const slugger = new GithubSlugger();
  const structure = readChapterStructure(text(chapter));
  return new Set(structure.items.flatMap((i) => (i.kind === 'heading' && i.depth >= 2 ? [slugger.slug(i.text)] : [])));
}

const CHAPTER = 'check-your-own-server';

describe('Check your own server', () => {
  it('has a section for each anchor the probe report links to', () => {
    const anchors = chapterAnchors(CHAPTER);
    for (const anchor of [
      'what-the-probe-sends',
      'reading-the-report',
      'diagnose-these-servers',
      'hand-in-your-report',
    ])
      expect(anchors, anchor).toContain(anchor);
  });

  it('links only to headings other chapters have', () => {
    const links = [...text(CHAPTER).matchAll(/\]\(\/chapters\/([a-z0-9-]+)\/#([a-z0-9-]+)\)/g)];
    expect(links.length).toBeGreaterThan(2);
    for (const [, chapter, anchor] of links) expect(chapterAnchors(chapter!), `${chapter}#${anchor}`).toContain(anchor);
  });

  // MCP 2026-07-28 server/tools.mdx §Error Handling, the sentences the chapter quotes for the brief's sorting rule.
  it.each([
    'Protocol Errors indicate issues with the request structure itself that models are less likely to be able to fix',
    'Tool Execution Errors contain actionable feedback that language models can use to self-correct and retry with adjusted parameters',
    'Clients SHOULD provide tool execution errors to language models to enable self-correction.',
    'Clients MAY provide protocol errors to language models',
    'Input validation errors (e.g., date in wrong format, value out of range)',
    'They are reported in tool results with isError: true',
  ])('quotes the tools page word for word: "%s"', (quote) => {
    expect(checkSpecQuote('2026-07-28', 'server/tools', quote)).toBeUndefined();
  });

  // MCP 2026-07-28 schema, the comment on CallToolResult.isError, which the chapter quotes for the SHOULD.
  it('quotes the schema page word for word where it gives the tool failures their level', () => {
    expect(checkSpecQuote('2026-07-28', 'schema', 'SHOULD be reported inside the result object')).toBeUndefined();
    expect(text(CHAPTER)).toContain('"SHOULD be reported inside the result object"');
  });

  it('would catch a misquote (the check is not vacuous)', () => {
    expect(
      checkSpecQuote('2026-07-28', 'server/tools', 'Clients MUST provide tool execution errors to language models'),
    ).toMatch(/is not on/);
  });

  it('does not teach a backend outage or a closed incident as a JSON-RPC error', () => {
    const passages = text(CHAPTER)
      .split(/\n\s*\n|\n(?=\s*- )/)
      .map((p) => p.replace(/\s*\n\s*/g, ' '));
    const wrong = passages.filter((p) =>
      /(backend|already closed)[^.;]*\b(is|as) (a )?(JSON-RPC error|protocol error|`-32603`)/i.test(p),
    );
    expect(wrong).toEqual([]);
  });
});
