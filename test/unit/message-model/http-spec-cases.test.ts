/**
 * The Streamable HTTP layer against cases written from the spec text alone (test/data/spec-cases/http.json): each
 * case quotes the sentences it rests on (spec-citations.test.ts checks them against the spec snapshot) and states
 * only what they determine. A field a case leaves out is one the spec leaves open, and is not checked.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyHttpExchange, createHttpSession, type HttpExchangeClassification } from '#message-model';

interface Side {
  headers?: Record<string, string>;
  body?: unknown;
}
interface Exchange {
  request: Side & { method: string; url?: string };
  response: Side & { status: number };
}
interface Case {
  id: string;
  spec: { version: string; page: string; quote: string }[];
  before?: Exchange[];
  exchange: Exchange;
  expect: {
    protocol?: string;
    brokenBy?: string;
    status?: number | null;
    strength?: 'must' | 'should' | 'sdk';
    owed?: { send: string; code?: number; id?: unknown };
  };
}

const TABLE = JSON.parse(readFileSync(new URL('../../data/spec-cases/http.json', import.meta.url), 'utf8')) as {
  cases: Case[];
};

/** A body written as JSON in the table is sent as its text. */
const wire = (e: Exchange) => {
  const text = (b: unknown) => (b === undefined || typeof b === 'string' ? b : JSON.stringify(b));
  const side = <T extends Side>(s: T) => ({ ...s, ...(s.body !== undefined ? { body: text(s.body) } : {}) });
  return { request: side(e.request), response: side(e.response) };
};

function classify(c: Case): HttpExchangeClassification {
  const session = createHttpSession();
  for (const b of c.before ?? []) classifyHttpExchange(wire(b), { session });
  const r = classifyHttpExchange(wire(c.exchange), { session });
  if (r.kind !== 'exchange') throw new Error(`${c.id}: bad input: ${r.message}`);
  return r;
}

describe('Streamable HTTP cases from the spec text', () => {
  it('cover many rules, in every covered revision', () => {
    expect(TABLE.cases.length).toBeGreaterThanOrEqual(25);
    expect(new Set(TABLE.cases.flatMap((c) => c.spec.map((s) => s.version)))).toEqual(
      new Set(['2025-06-18', '2025-11-25', '2026-07-28']),
    );
  });

  it.each(TABLE.cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const r = classify(c);
    const why = `${c.spec.map((s) => `${s.version} ${s.page}: "${s.quote}"`).join('; ')}\n${r.explanation}`;
    const e = c.expect;
    if (e.protocol !== undefined) expect(r.protocol, why).toBe(e.protocol);
    if (e.brokenBy !== undefined) expect(r.brokenBy, why).toBe(e.brokenBy);
    if (e.status !== undefined) expect(r.expected, why).toMatchObject({ status: e.status, strength: e.strength });
    if (e.owed !== undefined) expect(r.owed, why).toMatchObject(e.owed);
  });
});
