/**
 * The severity rule (src/message-model/severity.ts, stated in src/message-model/README.md §Severity): a broken MUST
 * or MUST NOT is an error, a broken SHOULD or SHOULD NOT a warning, everything else info, judged from the side that
 * sent the message. Every finding id records the keyword of its rule, and every finding the model emits, over the
 * fixture corpus, the exchange fixtures and generated input, has the severity its keyword gives.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FINDING_IDS,
  FINDING_KEYWORDS,
  findingKeyword,
  HTTP_FINDING_IDS,
  HTTP_FINDING_RULES,
  PROTOCOLS,
  SPEC_KEYWORDS,
  classifyHttpExchange,
  classifyMessage,
  severityOf,
  type Classification,
  type FindingId,
} from '#message-model';
// Not part of #message-model's API: which findings are warnings by intent is the severity table's own detail.
import { INTENT_WARNINGS } from '../../../src/message-model/severity.ts';
import { loadFixtures } from '../../../src/course/fixtures-node.ts';

const EXCHANGES = join(import.meta.dirname, '../../../content/exchanges');

/**
 * Finding ids whose emitted severity does not follow the rule yet, each with why it waits: changing them changes the
 * exact warning sets of the course's fixtures, chapters and scenarios, which are written by hand. The test fails when
 * an id here starts to follow the rule (delete its row) and when any id outside it breaks the rule.
 */
const PENDING_SEVERITY: Partial<Record<FindingId, string>> = {
  'error-id-null':
    'warning under MCP; no sentence with a keyword speaks of an error response with id null (basic/index only types it `id?: RequestId`; "the ID MUST NOT be null" is about requests), and JSON-RPC 2.0 §5 says it MUST be Null',
  'error-id-missing':
    'warning under 2025-06-18; basic/index "Responses MUST include the same ID", yet its HTTP transport sends id-less error bodies, so an error would flag the transport\'s own reply',
  'error-leaks-internals':
    'warning; it cites 2026-07-28 server/tools "Servers MUST: … Sanitize tool outputs", but whether an error message is a tool output and a stack trace unsanitized is a heuristic',
  'id-unsafe-integer':
    'one id for two rules: 1e400 (Infinity, the request cannot be answered) is an error, past 2^53 is RFC 8259 §6 advice with no keyword; split it before either follows the rule',
};

/** Every finding inside a classification, batch items included. */
function findingsOf(c: Classification): Classification[] {
  return [c, ...(c.kind === 'batch' ? c.items.flatMap(findingsOf) : [])];
}

describe('the severity rule', () => {
  it('maps MUST and MUST NOT to error, SHOULD and SHOULD NOT to warning, the rest to info', () => {
    expect(SPEC_KEYWORDS.map((k) => [k, severityOf(k)])).toEqual([
      ['MUST', 'error'],
      ['MUST NOT', 'error'],
      ['SHOULD', 'warning'],
      ['SHOULD NOT', 'warning'],
      ['none', 'info'],
    ]);
  });

  it('has a keyword recorded for every finding id, and for no id that does not exist', () => {
    expect(Object.keys(FINDING_KEYWORDS).sort()).toEqual([...FINDING_IDS].sort());
    expect(Object.keys(HTTP_FINDING_RULES).sort()).toEqual([...HTTP_FINDING_IDS].sort());
  });
});

describe('every finding the model emits has the severity its keyword gives', () => {
  const wrong = new Map<string, string>();
  const seen = new Set<string>();
  const check = (c: Classification) => {
    for (const item of findingsOf(c))
      for (const f of item.findings) {
        seen.add(f.id);
        const want = INTENT_WARNINGS.has(f.id) ? 'warning' : severityOf(findingKeyword(f.id, item.protocol));
        if (f.severity !== want) wrong.set(f.id, `${f.id}: emitted ${f.severity}, its keyword gives ${want}`);
      }
  };

  it('over the fixture corpus, under every protocol', () => {
    for (const fixture of loadFixtures())
      for (const protocol of PROTOCOLS) check(classifyMessage(fixture.text, { protocol }));
    expect(seen.size).toBeGreaterThan(30);
  });

  it('over the exchange fixtures, their messages and their HTTP findings', () => {
    const bad: string[] = [];
    for (const name of readdirSync(EXCHANGES).filter((n) => n.endsWith('.json'))) {
      const f = JSON.parse(readFileSync(join(EXCHANGES, name), 'utf8')) as { exchange: unknown };
      const c = classifyHttpExchange(f.exchange);
      if (c.kind !== 'exchange') continue;
      for (const m of [c.request.message, ...c.response.messages]) if (m) check(m);
      for (const h of c.findings)
        if (h.severity !== severityOf(HTTP_FINDING_RULES[h.id])) bad.push(`${name}: ${h.id} ${h.severity}`);
    }
    expect(bad).toEqual([]);
  });

  it('over generated messages', () => {
    const member = fc.oneof(
      fc.constant({ jsonrpc: '2.0' }),
      fc.record({ id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.double()) }),
      fc.record({ method: fc.constantFrom('tools/call', 'initialize', 'ping', 'rpc.x', 'notifications/message') }),
      fc.record({ result: fc.oneof(fc.object(), fc.constant({ resultType: 'complete' })) }),
      fc.record({ error: fc.record({ code: fc.integer({ min: -32800, max: -31990 }), message: fc.string() }) }),
      fc.record({ params: fc.oneof(fc.object(), fc.array(fc.integer())) }),
    );
    fc.assert(
      fc.property(fc.array(member, { maxLength: 5 }), fc.constantFrom(...PROTOCOLS), (parts, protocol) => {
        check(classifyMessage(Object.assign({}, ...parts), { protocol }));
      }),
      { numRuns: 400 },
    );
  });

  it('and the ids that do not follow it yet are exactly the pending ones', () => {
    const off = [...wrong.entries()].filter(([id]) => !(id in PENDING_SEVERITY)).map(([, why]) => why);
    expect(off).toEqual([]);
    expect([...wrong.keys()].sort()).toEqual(Object.keys(PENDING_SEVERITY).sort());
  });
});
