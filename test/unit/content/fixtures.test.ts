/**
 * The fixture corpus against the model. The fixtures are the course's answer key, written from the spec (each
 * expectation quotes the sentence it rests on in `because`), so the model is checked against them and not the other way
 * round: every fixture classifies under each of its protocols with exactly the kind, reply and set of error and warning
 * findings its expectation names (info notes: at least those named). Together the fixtures cover every classification
 * kind and every error-code class.
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
  isFindingId,
  sameReply,
  type Classification,
} from '#message-model';
import { FIXTURES_DIR, loadFixtures } from '../../../src/course/fixtures-node.ts';
import { FixtureSchema, type Fixture, type FixtureExpectation } from '../../../src/course/fixtures.ts';

const files = readdirSync(FIXTURES_DIR)
  .filter((name) => name.endsWith('.json'))
  .sort();
const fixtures: Fixture[] = loadFixtures();

/** Every (fixture, protocol) pair with its expectation. */
const cases = fixtures.flatMap((f) =>
  f.protocols.map((protocol) => ({ fixture: f, protocol, expected: f.expected[protocol]! })),
);

/** The distinct finding ids of one severity, sorted. */
const idsOf = (c: Classification, severity: 'error' | 'warning' | 'info') =>
  [...new Set(c.findings.filter((f) => f.severity === severity).map((f) => f.id))].sort();

function describeMismatch(c: Classification, expected: FixtureExpectation): string {
  return `got kind ${c.kind}, reply ${describeReply(c.reply)}, errors [${idsOf(c, 'error').join(', ')}], warnings [${idsOf(c, 'warning').join(', ')}]; expected kind ${expected.kind}, reply ${describeReply(expected.reply)}, errors [${expected.errors.join(', ')}], warnings [${expected.warnings.join(', ')}]`;
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

  it('name only finding ids the model defines', () => {
    for (const f of fixtures)
      for (const e of Object.values(f.expected))
        for (const id of [...e!.errors, ...e!.warnings, ...e!.info])
          expect(isFindingId(id), `${f.id}: ${id}`).toBe(true);
  });

  it('justify every expectation with a quoted spec sentence and its section', () => {
    for (const f of fixtures)
      for (const [protocol, e] of Object.entries(f.expected)) {
        expect(e!.because, `${f.id} ${protocol}`).toMatch(/"[^"]{8,}"/);
        expect(e!.because, `${f.id} ${protocol}`).toMatch(/§|changelog|schema\.ts/);
      }
  });

  it('expect only protocols they list', () => {
    for (const f of fixtures) expect(Object.keys(f.expected).sort(), f.id).toEqual([...f.protocols].sort());
  });
});

/**
 * Expectations the model does not meet yet (fixture name -> what the model gets wrong): each runs as `it.fails`, so it
 * turns red the day the model is fixed and the entry must be deleted. Empty when the model meets every expectation.
 */
const PENDING_MODEL_FIXES: Record<string, string> = {};

const named = cases.map((c) => [`${c.fixture.id} under ${c.protocol}`, c] as const);

describe('each fixture classifies as its expected entry says', () => {
  it('lists only real cases as pending model fixes', () => {
    const names = new Set<string>(named.map(([n]) => n));
    expect(Object.keys(PENDING_MODEL_FIXES).filter((n) => !names.has(n))).toEqual([]);
  });

  const check = (_name: string, { fixture, protocol, expected }: (typeof cases)[number]) => {
    const c = classifyMessage(fixture.text, { protocol });
    const why = `${fixture.id} (${protocol}): ${describeMismatch(c, expected)}`;
    expect(c.kind, why).toBe(expected.kind);
    expect(sameReply(c.reply, expected.reply), why).toBe(true);
    expect(idsOf(c, 'error'), `${why}; the error findings`).toEqual([...new Set(expected.errors)].sort());
    expect(idsOf(c, 'warning'), `${why}; the warning findings`).toEqual([...new Set(expected.warnings)].sort());
    for (const id of expected.info) expect(idsOf(c, 'info'), `${why}; missing note ${id}`).toContain(id);
    if (expected.codeClass !== undefined) {
      expect(c.kind === 'error' ? c.codeClass : undefined, why).toBe(expected.codeClass);
    }
    if (expected.resultType !== undefined) {
      expect(c.kind === 'result' ? c.resultType : undefined, why).toBe(expected.resultType);
    }
    if (expected.toolOutcome !== undefined) {
      expect(c.kind === 'result' ? c.toolOutcome : undefined, why).toBe(expected.toolOutcome);
    }
  };
  it.each(named.filter(([n]) => !(n in PENDING_MODEL_FIXES)))('%s', check);
  it.fails.each(named.filter(([n]) => n in PENDING_MODEL_FIXES))('%s (pending model fix: fails until fixed)', check);
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

  it('covers the rules that differ between versions and the hazards of the wire format', () => {
    const findingIds = new Set(
      cases.flatMap((c) => [...c.expected.errors, ...c.expected.warnings, ...c.expected.info]),
    );
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
