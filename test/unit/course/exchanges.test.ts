/**
 * The HTTP exchange fixtures (content/exchanges/*.json): each is valid, its hand-written expectation (quoting the spec
 * in `because`) holds for classifyHttpExchange under its protocol, every message in it goes through the model under
 * that protocol, its title does not give the answer away, and the learner's prediction is graded part by part.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyHttpExchange, type HttpExchangeClassification } from '#message-model';
import { ExchangeFixtureSchema, exchangeAnswers, gradeExchangePrediction, type ExchangeFixture } from '#course';

const DIR = join(import.meta.dirname, '../../../content/exchanges');
const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
const fixtures: ExchangeFixture[] = files.map((f) => {
  const parsed = ExchangeFixtureSchema.safeParse(JSON.parse(readFileSync(join(DIR, f), 'utf8')));
  if (!parsed.success)
    throw new Error(
      `content/exchanges/${f}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  if (`${parsed.data.id}.json` !== f) throw new Error(`content/exchanges/${f}: "id" is ${parsed.data.id}`);
  return parsed.data;
});

function classify(f: ExchangeFixture): HttpExchangeClassification {
  const c = classifyHttpExchange(f.exchange, { protocol: f.protocol });
  if (c.kind !== 'exchange') throw new Error(`${f.id}: bad input: ${c.message}`);
  return c;
}
const ids = (c: HttpExchangeClassification, severity: 'error' | 'warning' | 'info') =>
  c.findings.filter((x) => x.severity === severity).map((x) => x.id);

/** Words that name a verdict; a title holding one answers its own question. */
const GIVEAWAYS =
  /\b(wrong|right|correct|incorrect|broken|breaks|invalid|valid|mismatch|agree|disagree|error|fails?|succeeds?|success|forbidden|refused|rejected|not found|not allowed|too large|bad request|accepted|nobody|both)/i;

describe('HTTP exchange fixtures', () => {
  it('exist for chapter 10 (at least a dozen, under more than one protocol)', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(12);
    expect(new Set(fixtures.map((f) => f.protocol)).size).toBeGreaterThan(1);
  });

  describe.each(fixtures.map((f) => [f.id, f] as const))('%s', (_id, f) => {
    const c = classify(f);
    it('has the exact error and warning findings the expectation names, and its info notes', () => {
      expect(ids(c, 'error').sort(), f.expected.because).toEqual([...f.expected.errors].sort());
      expect(ids(c, 'warning').sort(), f.expected.because).toEqual([...f.expected.warnings].sort());
      for (const info of f.expected.info) expect(ids(c, 'info'), f.expected.because).toContain(info);
    });
    it('reads each layer, their agreement and who broke a rule as expected', () => {
      expect(
        { http: c.http.outcome, jsonrpc: c.jsonrpc.outcome, agree: c.agree, brokenBy: c.brokenBy },
        f.expected.because,
      ).toEqual({
        http: f.expected.http,
        jsonrpc: f.expected.jsonrpc,
        agree: f.expected.agree,
        brokenBy: f.expected.brokenBy,
      });
    });
    it('names the expected status and how firmly', () => {
      if (f.expected.status === undefined)
        expect(c.expected?.strength === 'must' ? c.expected : undefined).toBeUndefined();
      else
        expect(c.expected, f.expected.because).toMatchObject({
          status: f.expected.status,
          strength: f.expected.strength,
        });
    });
    it('is judged under its own protocol, and each body message is classified under it', () => {
      expect(c.protocol).toBe(f.protocol);
      for (const m of [c.request.message, ...c.response.messages]) if (m) expect(m.protocol).toBe(f.protocol);
    });
    it('has a title that describes the situation without giving the answer away', () => {
      expect(f.title).not.toMatch(GIVEAWAYS);
    });
  });

  it('covers the statuses chapter 10 teaches: 200 JSON and SSE, 202, 400, 403, 404, 405, 413', () => {
    const statuses = new Set(fixtures.map((f) => f.exchange.response.status));
    for (const s of [200, 202, 400, 403, 404, 405, 413]) expect(statuses).toContain(s);
    expect(fixtures.some((f) => /event-stream/.test(JSON.stringify(f.exchange.response.headers ?? {})))).toBe(true);
  });

  it('covers every who-broke-a-rule answer, and exchanges whose layers disagree', () => {
    expect(new Set(fixtures.map((f) => f.expected.brokenBy))).toEqual(new Set(['nobody', 'client', 'server', 'both']));
    expect(fixtures.some((f) => !f.expected.agree)).toBe(true);
  });
});

describe('gradeExchangePrediction', () => {
  const f = fixtures.find((x) => x.id === 'http-unknown-method-200')!;
  const c = classify(f);

  it('reads the answers from the classification in the learner vocabulary', () => {
    // §Protocol Version Header: an unknown method "MUST respond with 404 Not Found"; this server sent 200 with -32601.
    expect(exchangeAnswers(c)).toEqual({ status: 'success', body: 'error', broken: 'server' });
  });

  it('grades part by part and is complete only when every part is answered', () => {
    const partial = gradeExchangePrediction(c, { status: 'success', body: 'result' });
    expect(partial.complete).toBe(false);
    expect(partial.parts.map((p) => p.verdict)).toEqual(['correct', 'incorrect', 'unanswered']);
    const full = gradeExchangePrediction(c, { status: 'success', body: 'error', broken: 'server' });
    expect(full).toMatchObject({ complete: true, correct: true });
  });

  it('counts a value outside the vocabulary as wrong, never as right', () => {
    const g = gradeExchangePrediction(c, { status: 'toString', body: '__proto__', broken: 'server' });
    expect(g.parts.map((p) => p.verdict)).toEqual(['incorrect', 'incorrect', 'correct']);
  });
});
