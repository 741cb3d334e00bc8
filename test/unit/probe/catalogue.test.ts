/**
 * The catalogue's claims: every check's sentence is on the page it names, word for word (checked against the spec
 * snapshot in test/data/spec), its level is the keyword that sentence uses, its spec link exists, and its chapter
 * link names a chapter and a heading the course has.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MCP_VERSIONS, slugifyHeading } from '#message-model';
import { CHECKS, describeCheck } from '../../../src/probe/catalogue.ts';
import { checkSpecQuote, checkSpecUrl } from '../../support/oracles/spec-snapshot.ts';

const CONTRACT_IDS = [
  'parse-error',
  'not-an-object',
  'method-not-a-string',
  'id-null',
  'batch',
  'unknown-method',
  'notification-no-response',
  'string-id-echoed',
  'number-id-echoed',
  'ids-in-flight',
  'unknown-tool',
  'tool-error-is-result',
  'business-failure-is-result',
  'backend-unavailable-is-result',
  'tool-args-not-object',
  'invalid-params',
  'meta-missing',
  'header-mismatch',
  'missing-capability',
  'unsupported-version',
  'cancellation',
  'http-content-type',
  'http-session-id',
  'http-get-405',
];

const headingsOf = (chapter: string) =>
  readFileSync(new URL(`../../../content/chapters/${chapter}.mdx`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => /^#{2,4} /.test(line))
    .map((line) => slugifyHeading(line.replace(/^#+ /, '')));

describe('the probe catalogue', () => {
  it('uses the check ids the capstone contract fixes, each once', () => {
    const ids = CHECKS.map((c) => c.id);
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
          const { spec } = describeCheck(check, version, transport);
          expect(checkSpecUrl(spec.url)).toBeUndefined();
          // MUST / MUST NOT, SHOULD / SHOULD NOT, MAY: the level is the sentence's own keyword (RFC 2119, any case).
          expect(citation.quote.toUpperCase()).toContain(check.level);
          if (check.level === 'SHOULD') expect(citation.quote).not.toMatch(/\bMUST\b/);
        });
      }
    }
  }

  it('links every check to a heading of an existing chapter', () => {
    for (const check of CHECKS) {
      const { chapter } = describeCheck(check, '2026-07-28', check.transports[0]!);
      expect(headingsOf(chapter.id), `${check.id} → ${chapter.id}#${chapter.anchor}`).toContain(chapter.anchor);
    }
  });
});
