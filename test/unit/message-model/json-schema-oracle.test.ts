/**
 * The model against the spec repository's official JSON Schemas (2025-06-18, 2025-11-25, 2026-07-28; test/data/spec,
 * validated with ajv): an oracle the model did not write.
 *
 * The schema's verdict on a parsed message: its JSON-RPC type (JSONRPCRequest, …), and, where the schema has a type for
 * it, the typed check (the method's request or notification type; `Result`, and `CallToolResult` or
 * `InputRequiredResult` for results that claim to be one). The model's verdict: its kind, and "valid" when it is a
 * single message with no error finding. Every disagreement on a fixture or on a generated message must be explained by
 * a row of INTENDED_DIFFERENCES (decided from the message alone, with the spec sentence our verdict rests on), or be a
 * model bug listed in PENDING_MODEL_FIXES, whose examples must still disagree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../../src/course/fixtures-node.ts';
import { messageArb } from '../../support/arbitraries.ts';
import { schemaEnvelope, schemaTyped, SCHEMA_VERSIONS } from '../../support/oracles/json-schema-oracle.ts';
import { directionOf, modelVerdict, type OracleKind } from '../../support/oracles/oracle-rows.ts';
import { INTENDED_DIFFERENCES, PENDING_MODEL_FIXES } from '../../support/oracles/json-schema-differences.ts';
import type { SchemaVersion } from '../../support/oracles/spec-snapshot.ts';
import { nestedMessageArb } from '../../support/nested-arbitraries.ts';

const ALL = SCHEMA_VERSIONS;

type Verdict = { ours: ReturnType<typeof modelVerdict>; theirs: { kind: OracleKind; valid: boolean; type?: string } };

function verdicts(text: string, version: SchemaVersion): Verdict | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined; // not JSON: the schema has nothing to say, and the model's parse-error is checked elsewhere
  }
  const ours = modelVerdict(text, version);
  const kind = schemaEnvelope(version, value);
  const typed = schemaTyped(version, value);
  return { ours, theirs: { kind, valid: kind !== 'invalid' && typed?.valid !== false, type: typed?.type } };
}

const seen = new Set<string>();

function explain(text: string, version: SchemaVersion, record = true): string[] {
  const v = verdicts(text, version);
  if (!v) return [];
  const direction = directionOf(v.ours, v.theirs);
  if (!direction) return [];
  const value = JSON.parse(text) as unknown;
  const rows = [...INTENDED_DIFFERENCES, ...PENDING_MODEL_FIXES]
    .filter((r) => r.versions.includes(version) && r.direction === direction && r.applies(value, version))
    .map((r) => r.id);
  if (rows.length === 0) {
    expect.fail(
      `unexplained difference under ${version} (${direction}): model says ${v.ours.c.kind} [${v.ours.c.findings
        .filter((f) => f.severity !== 'info')
        .map((f) => `${f.severity} ${f.id} ${f.path}`)
        .join(
          ', ',
        )}], schema says ${v.theirs.kind}${v.theirs.type ? ` (${v.theirs.type}: ${v.theirs.valid ? 'valid' : 'invalid'})` : ''}\n${text.slice(0, 500)}`,
    );
  }
  if (record) for (const id of rows) seen.add(id);
  return rows;
}

describe('the JSON Schema oracle itself', () => {
  it('accepts a plain request and rejects a null id, per version', () => {
    for (const version of ALL) {
      expect(schemaEnvelope(version, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).toBe('request');
      expect(schemaEnvelope(version, { jsonrpc: '2.0', id: 1, result: { resultType: 'complete' } })).toBe('result');
      expect(schemaEnvelope(version, { jsonrpc: '2.0', id: 1.5, result: { resultType: 'complete' } })).toBe('invalid');
      expect(schemaEnvelope(version, { jsonrpc: '2.0', id: null, method: 'tools/list' })).toBe('notification'); // see the rows
    }
    expect(schemaEnvelope('2025-06-18', { jsonrpc: '2.0', error: { code: 1, message: 'x' } })).toBe('invalid');
    expect(schemaEnvelope('2025-11-25', { jsonrpc: '2.0', error: { code: 1, message: 'x' } })).toBe('error');
  });

  it('checks a known method against its own type', () => {
    const bad = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { arguments: {} } };
    expect(schemaTyped('2025-11-25', bad)).toEqual({ type: 'CallToolRequest', valid: false });
    expect(schemaTyped('2025-11-25', { ...bad, params: { name: 'x' } })).toEqual({
      type: 'CallToolRequest',
      valid: true,
    });
    expect(schemaTyped('2026-07-28', { ...bad, params: { name: 'x' } })?.valid).toBe(false); // no _meta
  });
});

describe('intended differences from the JSON Schemas', () => {
  it('each cite the spec and give a reason', () => {
    for (const d of INTENDED_DIFFERENCES) {
      expect(d.reason.length, d.id).toBeGreaterThan(40);
      expect(d.spec, d.id).toMatch(/§|RFC|JSON-RPC/);
      expect(d.spec, d.id).toMatch(/"/);
    }
  });

  it.each(INTENDED_DIFFERENCES.flatMap((d) => d.versions.map((v) => [`${d.id} under ${v}`, d, v] as const)))(
    '%s shows on its example',
    (_n, d, version) => {
      const example = d.examples?.[version] ?? d.example;
      const v = verdicts(example, version)!;
      expect(directionOf(v.ours, v.theirs), example).toBe(d.direction);
      expect(explain(example, version, false)).toContain(d.id);
    },
  );
});

// Only while the model has known bugs: each pending row's example must still disagree.
if (PENDING_MODEL_FIXES.length > 0) {
  describe('pending model fixes (delete the row once the model is fixed)', () => {
    it.each(PENDING_MODEL_FIXES.flatMap((d) => d.versions.map((v) => [`${d.id} under ${v}`, d, v] as const)))(
      '%s still disagrees on its example',
      (_n, d, version) => {
        const example = d.examples?.[version] ?? d.example;
        const v = verdicts(example, version)!;
        expect(directionOf(v.ours, v.theirs), `${d.id} is fixed: delete its row (${example})`).toBe(d.direction);
        expect(explain(example, version, false)).toContain(d.id);
      },
    );
  });
}

describe('the model agrees with the official JSON Schema, except for the rows above', () => {
  const fixtures = loadFixtures();
  it.each(ALL)('on every fixture under %s', (version) => {
    for (const f of fixtures) explain(f.text, version);
  });

  it.each(ALL)('on generated message-like objects under %s', (version) => {
    fc.assert(
      fc.property(messageArb, (m) => {
        explain(JSON.stringify(m), version);
      }),
      { numRuns: 1500, seed: 9 },
    );
  });

  it.each(ALL)('on generated messages with nested MCP structures under %s', (version) => {
    fc.assert(
      fc.property(nestedMessageArb(version), (m) => {
        explain(JSON.stringify(m), version);
      }),
      { numRuns: 1500, seed: 9 },
    );
  });

  it('needed every row of both tables at least once', () => {
    const unused = [...INTENDED_DIFFERENCES, ...PENDING_MODEL_FIXES].map((r) => r.id).filter((id) => !seen.has(id));
    expect(unused, 'rows no fixture or generated message needed').toEqual([]);
  });
});
