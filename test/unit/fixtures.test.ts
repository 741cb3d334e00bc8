/**
 * The fixture corpus against the model: every fixture in content/fixtures validates against FixtureSchema, and
 * classifies under each of its protocols exactly as its hand-written `expected` entry says. Together the fixtures
 * cover every classification kind and every error-code class.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CODE_CLASSES,
  MESSAGE_KINDS,
  PROTOCOLS,
  classifyMessage,
  describeReply,
  sameReply,
  type Classification,
} from '#message-model';
import { FIXTURES_DIR, loadFixtures } from '../../src/fixtures/load.ts';
import { FixtureSchema, type Fixture, type FixtureExpectation } from '../../src/fixtures/schema.ts';

const files = readdirSync(FIXTURES_DIR)
  .filter((name) => name.endsWith('.json'))
  .sort();
const fixtures: Fixture[] = loadFixtures();

/** Every (fixture, protocol) pair with its expectation. */
const cases = fixtures.flatMap((f) =>
  f.protocols.map((protocol) => ({ fixture: f, protocol, expected: f.expected[protocol]! })),
);

function describeMismatch(c: Classification, expected: FixtureExpectation): string {
  return `got kind ${c.kind}, reply ${describeReply(c.reply)}, findings [${c.findings.map((f) => f.id).join(', ')}]; expected kind ${expected.kind}, reply ${describeReply(expected.reply)}`;
}

describe('the fixture files', () => {
  it('hold at least 60 fixtures', () => {
    expect(files.length).toBeGreaterThanOrEqual(60);
  });

  it.each(files)('%s validates against FixtureSchema and is named after its id', (name) => {
    const raw: unknown = JSON.parse(readFileSync(join(FIXTURES_DIR, name), 'utf8'));
    const parsed = FixtureSchema.safeParse(raw);
    expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
    expect(parsed.data?.id).toBe(name.replace(/\.json$/, ''));
  });

  it('use unique titles, so lists and widgets can tell them apart', () => {
    const titles = fixtures.map((f) => f.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('expect only protocols they list', () => {
    for (const f of fixtures) expect(Object.keys(f.expected).sort(), f.id).toEqual([...f.protocols].sort());
  });
});

describe('each fixture classifies as its expected entry says', () => {
  it.each(cases.map((c) => [`${c.fixture.id} under ${c.protocol}`, c] as const))(
    '%s',
    (_name, { fixture, protocol, expected }) => {
      const c = classifyMessage(fixture.text, { protocol });
      const why = `${fixture.id} (${protocol}): ${describeMismatch(c, expected)}`;
      expect(c.kind, why).toBe(expected.kind);
      expect(sameReply(c.reply, expected.reply), why).toBe(true);
      const ids = c.findings.map((f) => f.id);
      for (const id of expected.findings) expect(ids, `${why}; missing finding ${id}`).toContain(id);
      if (expected.codeClass !== undefined) {
        expect(c.kind === 'error' ? c.codeClass : undefined, why).toBe(expected.codeClass);
      }
      if (expected.resultType !== undefined) {
        expect(c.kind === 'result' ? c.resultType : undefined, why).toBe(expected.resultType);
      }
      if (expected.toolOutcome !== undefined) {
        expect(c.kind === 'result' ? c.toolOutcome : undefined, why).toBe(expected.toolOutcome);
      }
    },
  );
});

describe('the corpus as a whole', () => {
  it('covers every classification kind', () => {
    const kinds = new Set(cases.map((c) => c.expected.kind));
    expect([...MESSAGE_KINDS].filter((k) => !kinds.has(k))).toEqual([]);
  });

  it('covers every error-code class', () => {
    const classes = new Set(cases.map((c) => c.expected.codeClass).filter((x) => x !== undefined));
    expect([...CODE_CLASSES].filter((k) => !classes.has(k))).toEqual([]);
  });

  it('covers every protocol', () => {
    const protocols = new Set(cases.map((c) => c.protocol));
    expect([...PROTOCOLS].filter((p) => !protocols.has(p))).toEqual([]);
  });

  it('covers every reply form, both tool outcomes and both result types', () => {
    const sends = new Set(cases.map((c) => c.expected.reply.send));
    expect([...sends].sort()).toEqual(['batch', 'error', 'nothing', 'response', 'unspecified']);
    expect(new Set(cases.map((c) => c.expected.toolOutcome).filter(Boolean))).toEqual(
      new Set(['success', 'tool-error']),
    );
    expect(new Set(cases.map((c) => c.expected.resultType).filter(Boolean))).toEqual(
      new Set(['complete', 'input_required']),
    );
  });

  it('covers the version differences of the fact sheet', () => {
    const findingIds = new Set(cases.flatMap((c) => c.expected.findings));
    for (const id of [
      'id-null',
      'id-fractional',
      'batch-unsupported',
      'batch-empty',
      'result-type-missing',
      'result-type-unknown',
      'result-type-unexpected',
      'meta-envelope-missing',
      'protocol-version-unsupported',
      'code-retired',
      'code-not-in-version',
      'code-reserved-undefined',
      'tool-error-result',
      'tool-call-params-invalid',
      'structured-content-not-mirrored',
      'structured-content-not-object',
      'error-leaks-internals',
      'error-id-null',
      'duplicate-key',
      'lone-surrogate',
      'number-precision',
      'method-removed',
      'method-misnamed',
      'method-not-in-version',
      'params-positional',
    ]) {
      expect(findingIds, `no fixture expects ${id}`).toContain(id);
    }
  });

  it('classifies differently across protocols where a fixture says so', () => {
    // At least a dozen fixtures change kind or reply between protocols: the corpus teaches version differences.
    const differing = fixtures.filter((f) => {
      const entries = f.protocols.map((p) => f.expected[p]!);
      return entries.some((e) => e.kind !== entries[0]!.kind || !sameReply(e.reply, entries[0]!.reply));
    });
    expect(differing.length).toBeGreaterThanOrEqual(12);
  });
});
