/**
 * The catalogue's claims: every check's sentence is on the page it names, word for word (checked against the spec
 * snapshot in test/data/spec), its level is the keyword that sentence uses, its spec link exists, and its chapter
 * link names a chapter and a heading the course has.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MCP_VERSIONS, PROBE_RULES, slugifyHeading } from '#message-model';
import { CHECKS, describeCheck } from '../../../src/probe/catalogue.ts';
import { checkSpecQuote, checkSpecUrl } from '../../support/oracles/spec-snapshot.ts';
import { CONTRACT_IDS } from '../../support/capstone-contract.ts';

/**
 * The checks whose level is not a keyword of the sentence they cite. Each cites the schema's comment on
 * CallToolRequest ("any errors in finding the tool, … should be reported as an MCP error response", lowercase in
 * every revision) and the tools page gives the rule as its Error Handling list and a -32602 example; BCP 14 (RFC 8174)
 * counts a keyword only "when, and only when, they appear in all capitals". The probe reports them as SHOULD and says
 * so in the explanation.
 */
const LIST_AND_EXAMPLE = ['unknown-tool', 'tool-args-not-object', 'invalid-params'];

/**
 * The checks whose sentence binds the sender, not the server that receives the message: "Unlike base JSON-RPC, the
 * ID MUST NOT be null." (basic, every revision: a rule for whoever writes a request) and, over HTTP, "The body of
 * the POST request MUST be a single JSON-RPC request, notification, or response." (2025-06-18 and 2025-11-25
 * basic/transports, a step of what the client does) and "The body of the HTTP POST MUST be a single JSON-RPC request
 * or notification." (2026-07-28 streamable-http). No sentence tells the receiver how to answer either, so the level
 * is SHOULD with a note. On stdio an array of results is the server's own output, which "The server MUST NOT write
 * anything to its stdout that is not a valid MCP message." binds.
 */
const SENDER_BOUND: Record<string, readonly string[]> = { 'id-null': ['stdio', 'http'], batch: ['http'] };

/** Why a quote does not carry a level as a BCP 14 keyword (in capitals, as a whole word), or undefined. */
function keywordProblem(level: string, quote: string): string | undefined {
  if (!new RegExp(`\\b${level}\\b`).test(quote)) return `"${quote}" does not say ${level} in capitals`;
  if (level === 'SHOULD' && /\bMUST\b/.test(quote)) return `"${quote}" says MUST, not only SHOULD`;
  return undefined;
}

const headingsOf = (chapter: string) =>
  readFileSync(new URL(`../../../content/chapters/${chapter}.mdx`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => /^#{2,4} /.test(line))
    .map((line) => slugifyHeading(line.replace(/^#+ /, '')));

describe('the probe catalogue', () => {
  it('uses the check ids the capstone contract fixes, each once, and links every rule of the model to a chapter', () => {
    const ids = CHECKS.map((c) => c.id);
    expect(ids).toEqual(PROBE_RULES.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(CONTRACT_IDS).toContain(id);
  });

  for (const check of CHECKS) {
    for (const transport of check.transports) {
      for (const version of MCP_VERSIONS) {
        const era = version === '2026-07-28' ? 'modern' : 'legacy';
        if (!check.eras.includes(era)) continue;
        it(`${check.id} over ${transport}, ${version}: the sentence is on the page and carries the level`, () => {
          const citation = check.cite(version, transport);
          expect(checkSpecQuote(citation.version, citation.page, citation.quote)).toBeUndefined();
          const { spec, level } = describeCheck(check, version, transport);
          expect(checkSpecUrl(spec.url)).toBeUndefined();
          // MUST / MUST NOT, SHOULD / SHOULD NOT, MAY: the level is the sentence's own keyword, in capitals.
          if (LIST_AND_EXAMPLE.includes(check.id)) {
            expect(keywordProblem(level, citation.quote)).toBeDefined();
            expect(citation.quote).toMatch(new RegExp(`\\b${level.toLowerCase()}\\b`));
          } else if (SENDER_BOUND[check.id]?.includes(transport)) {
            // The sentence's MUST binds whoever sends the message; the receiver's level is the probe's reading,
            // never a MUST the spec does not give, and the note says so.
            expect(keywordProblem('MUST', citation.quote)).toBeUndefined();
            expect(level).toBe('SHOULD');
            expect(describeCheck(check, version, transport).levelNote).toMatch(/binds the (sender|client)/);
          } else expect(keywordProblem(level, citation.quote)).toBeUndefined();
        });
      }
    }
  }

  it('names the checks whose level is not a keyword, and says so in their report', () => {
    const noted = CHECKS.filter((c) =>
      MCP_VERSIONS.some((v) => c.transports.some((t) => c.levelNote?.(v, t) !== undefined)),
    );
    expect(noted.map((c) => c.id).sort()).toEqual(
      [...LIST_AND_EXAMPLE, ...Object.keys(SENDER_BOUND), 'http-get-405'].sort(),
    );
    for (const id of LIST_AND_EXAMPLE)
      expect(CHECKS.find((c) => c.id === id)?.levelNote?.('2026-07-28', 'http')).toMatch(
        /as a list and an example, not a keyword/,
      );
  });

  it('would catch a level the sentence does not carry in capitals (the check is not vacuous)', () => {
    expect(keywordProblem('SHOULD', 'errors should be reported as an MCP error response')).toBeDefined();
    expect(keywordProblem('MUST', 'The receiver must not send a response.')).toBeDefined();
    expect(keywordProblem('SHOULD', 'Servers SHOULD respond, and MUST log it.')).toBeDefined();
    expect(keywordProblem('MUST', 'The receiver MUST NOT send a response.')).toBeUndefined();
  });

  it('links every check to a heading of an existing chapter', () => {
    for (const check of CHECKS) {
      const { chapter } = describeCheck(check, '2026-07-28', check.transports[0]!);
      expect(headingsOf(chapter.id), `${check.id} → ${chapter.id}#${chapter.anchor}`).toContain(chapter.anchor);
    }
  });
});
