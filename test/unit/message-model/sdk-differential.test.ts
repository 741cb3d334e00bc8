/**
 * Differential test against the official TypeScript SDK (@modelcontextprotocol/core and /server 2.4), widened: the
 * SDK's strict JSON-RPC schemas for the message type, its per-type schemas for a method it defines (request params
 * with _meta, CallToolRequest, notifications, results with _meta, CallToolResult and the other result types, and the
 * 2026-07-28 types it has: DiscoverRequest, SubscriptionsListenRequest, …), and, under 2026-07-28, its server's
 * inbound classifier for the request envelope (test/support/oracles/sdk-oracle.ts).
 *
 * Both sides answer: which kind of message is this, and is it a valid one? Ours: classifyMessage's kind, valid when it
 * is a single message with no error finding. Every disagreement, on every fixture and on generated messages, must be
 * explained by a row of SDK_INTENDED_DIFFERENCES (decided from the message alone, with the spec sentence our verdict
 * rests on) or be a model bug listed in PENDING_MODEL_FIXES (shared with the JSON Schema differential). Every row must show on its example and be needed at least once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../../src/course/fixtures-node.ts';
import { messageArb } from '../../support/arbitraries.ts';
import { PENDING_MODEL_FIXES } from '../../support/oracles/json-schema-differences.ts';
import { nestedMessageArb } from '../../support/nested-arbitraries.ts';
import { directionOf, modelVerdict, type OracleKind } from '../../support/oracles/oracle-rows.ts';
import { SDK_INTENDED_DIFFERENCES } from '../../support/oracles/sdk-differences.ts';
import {
  sdkEnvelope,
  sdkTyped,
  SDK_REQUEST_METHODS,
  SDK_VARIANTS,
  type SdkVariant,
} from '../../support/oracles/sdk-oracle.ts';

type Verdict = { ours: ReturnType<typeof modelVerdict>; theirs: { kind: OracleKind; valid: boolean; type?: string } };

function verdicts(text: string, variant: SdkVariant): Verdict {
  const ours = modelVerdict(text, variant);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ours, theirs: { kind: 'invalid', valid: false } }; // the SDK parses with JSON.parse first
  }
  const kind = sdkEnvelope(value);
  const typed = sdkTyped(variant, value);
  return { ours, theirs: { kind, valid: kind !== 'invalid' && typed?.valid !== false, type: typed?.type } };
}

const seen = new Set<string>();

function explain(text: string, variant: SdkVariant, record = true): string[] {
  const v = verdicts(text, variant);
  const direction = directionOf(v.ours, v.theirs);
  if (!direction) return [];
  const value = JSON.parse(text) as unknown;
  const rows = [...SDK_INTENDED_DIFFERENCES, ...PENDING_MODEL_FIXES.filter((r) => r.versions.includes(variant))]
    .filter((r) => (r.versions as readonly string[]).includes(variant))
    .filter((r) => r.direction === direction && r.applies(value, variant))
    .map((r) => r.id);
  if (rows.length === 0) {
    expect.fail(
      `unexplained difference under ${variant} (${direction}): model says ${v.ours.c.kind} [${v.ours.c.findings
        .filter((f) => f.severity !== 'info')
        .map((f) => `${f.severity} ${f.id} ${f.path}`)
        .join(
          ', ',
        )}], SDK says ${v.theirs.kind}${v.theirs.type ? ` (${v.theirs.type}: ${v.theirs.valid ? 'valid' : 'invalid'})` : ''}\n${text.slice(0, 500)}`,
    );
  }
  if (record) for (const id of rows) seen.add(id);
  return rows;
}

describe('the SDK oracle itself', () => {
  it('knows the methods of both eras that the SDK defines', () => {
    for (const m of ['tools/call', 'tools/list', 'prompts/get', 'resources/read', 'initialize', 'server/discover'])
      expect(SDK_REQUEST_METHODS.has(m), m).toBe(true);
  });

  it('checks a known method against its own schema, and the 2026-07-28 envelope through the server', () => {
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { arguments: {} } };
    expect(sdkTyped('2025-11-25', call)).toEqual({ type: 'CallToolRequestSchema', valid: false });
    expect(sdkTyped('2025-11-25', { ...call, params: { name: 'x' } })?.valid).toBe(true);
    expect(sdkTyped('2026-07-28', { ...call, params: { name: 'x' } })?.valid).toBe(false); // no _meta envelope
  });
});

describe('intended differences from the SDK', () => {
  it('each cite the spec and give a reason', () => {
    for (const d of SDK_INTENDED_DIFFERENCES) {
      expect(d.reason.length, d.id).toBeGreaterThan(40);
      expect(d.spec, d.id).toMatch(/§|schema|item \d/);
      expect(d.spec, d.id).toMatch(/"/);
    }
  });

  it.each(SDK_INTENDED_DIFFERENCES.flatMap((d) => d.versions.map((v) => [`${d.id} under ${v}`, d, v] as const)))(
    '%s shows on its example',
    (_n, d, variant) => {
      const example = d.examples?.[variant] ?? d.example;
      const v = verdicts(example, variant);
      expect(directionOf(v.ours, v.theirs), example).toBe(d.direction);
      expect(explain(example, variant, false)).toContain(d.id);
    },
  );
});

describe('our verdict agrees with the SDK, except for the rows', () => {
  const fixtures = loadFixtures();
  it.each(SDK_VARIANTS)('on every fixture under %s', (variant) => {
    let agreed = 0;
    for (const f of fixtures) if (explain(f.text, variant).length === 0) agreed += 1;
    // Most fixtures are plain agreement; the rows explain the rest.
    expect(agreed / fixtures.length).toBeGreaterThan(0.6);
  });

  it.each(SDK_VARIANTS)('on generated message-like objects under %s', (variant) => {
    fc.assert(
      fc.property(messageArb, (m) => {
        explain(JSON.stringify(m), variant);
      }),
      { numRuns: 1500, seed: 7 },
    );
  });

  it.each(SDK_VARIANTS)('on generated messages with nested MCP structures under %s', (variant) => {
    fc.assert(
      fc.property(nestedMessageArb(variant), (m) => {
        explain(JSON.stringify(m), variant);
      }),
      { numRuns: 1500, seed: 7 },
    );
  });

  it('on arbitrary JSON text', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 3 }), (text) => {
        explain(text, '2025-11-25');
      }),
      { numRuns: 1000, seed: 7 },
    );
  });

  it('on batches, which neither side takes as one message', () => {
    fc.assert(
      fc.property(fc.array(messageArb, { maxLength: 3 }), (batch) => {
        const v = verdicts(JSON.stringify(batch), '2025-11-25');
        expect([v.ours.kind, v.theirs.kind]).toEqual(['invalid', 'invalid']);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('on the plain cases the course leans on', () => {
    const cases: Array<[string, OracleKind, boolean]> = [
      ['{"jsonrpc":"2.0","id":1,"method":"tools/list"}', 'request', true],
      [
        '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1}}',
        'notification',
        true,
      ],
      ['{"jsonrpc":"2.0","id":"a","result":{}}', 'result', true],
      ['{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"}}', 'error', true],
      ['{"jsonrpc":"2.0","id":null,"method":"tools/list"}', 'invalid', false],
      ['{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}', 'invalid', false],
      ['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":["x"]}', 'invalid', false],
      ['{"id":1,"method":"tools/list"}', 'invalid', false],
      ['{"jsonrpc":"2.0","id":1,"result":19}', 'invalid', false],
      ['{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}', 'invalid', false],
      ['[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]', 'invalid', false],
      ['{"jsonrpc":"2.0","id":1,"method":"tools/li', 'invalid', false],
    ];
    for (const [text, kind, valid] of cases) {
      const v = verdicts(text, '2025-11-25');
      expect([v.ours.kind, v.ours.valid, v.theirs.kind, v.theirs.valid], text).toEqual([kind, valid, kind, valid]);
    }
  });

  it('needed every intended difference at least once', () => {
    const unused = SDK_INTENDED_DIFFERENCES.map((r) => r.id).filter((id) => !seen.has(id));
    expect(unused, 'rows no fixture or generated message needed').toEqual([]);
  });
});
