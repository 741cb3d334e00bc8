/**
 * Differential test against the official TypeScript SDK (@modelcontextprotocol/core 2.4, its public zod schemas).
 *
 * The question both sides answer: "is this text one valid, single JSON-RPC message?"
 * - ours:   classifyMessage(text, { protocol }).kind is request, notification, result or error;
 * - theirs: JSONRPCMessageSchema.safeParse(JSON.parse(text)).success (text that is not JSON: false).
 *
 * Which protocol: the SDK's JSONRPCMessageSchema is its era-neutral envelope check: ids are strings or integers,
 * params and results are objects, an error response may leave its id out, and neither `_meta` nor `resultType` is
 * required. That is MCP 2025-11-25's envelope (2025-06-18 still requires the error-response id; 2026-07-28 adds the
 * required `_meta` and `resultType`), so the base comparison classifies under '2025-11-25'. A second comparison
 * runs under '2026-07-28' with the extra rules that revision adds listed as further intended differences.
 *
 * Every disagreement must be explained by a row of INTENDED_DIFFERENCES (its reason and spec reference), in the
 * direction the row states; every row is shown to occur on its own example.
 */
import { JSONRPCMessageSchema } from '@modelcontextprotocol/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyMessage, type Classification, type Protocol } from '#message-model';
import { loadFixtures } from '../../src/fixtures/load.ts';
import { messageArb } from './support/arbitraries.ts';

type Verdicts = { ours: boolean; theirs: boolean; value: unknown; c: Classification };

interface IntendedDifference {
  id: string;
  /** `we-accept`: our verdict is valid where the SDK's is not; `we-reject`: the other way round. */
  direction: 'we-accept' | 'we-reject';
  /** The protocols under which the row applies. */
  protocols: readonly Protocol[];
  /** Why we differ, in a sentence. */
  reason: string;
  /** The rule our verdict rests on. */
  spec: string;
  /** Whether this message is one the row explains. */
  applies: (value: unknown, c: Classification) => boolean;
  /** A message that shows the difference. */
  example: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isUnsafeInteger = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v);
const findingIds = (c: Classification) => new Set(c.findings.map((f) => f.id));
/** The members JSON-RPC 2.0 defines for each message type (§4, §4.1, §5). */
const MEMBERS: Record<string, readonly string[]> = {
  request: ['jsonrpc', 'id', 'method', 'params'],
  notification: ['jsonrpc', 'method', 'params'],
  result: ['jsonrpc', 'id', 'result'],
  error: ['jsonrpc', 'id', 'error'],
};
const BOTH: readonly Protocol[] = ['2025-11-25', '2026-07-28'];
/** A complete 2026-07-28 envelope, so request examples are valid under both compared revisions. */
const META =
  '"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}';

const INTENDED_DIFFERENCES: readonly IntendedDifference[] = [
  {
    id: 'error-response-id-null',
    direction: 'we-accept',
    protocols: BOTH,
    reason:
      'An error response with "id": null is what JSON-RPC 2.0 requires when the request id could not be read, and what both SDK lines themselves send in HTTP error bodies. MCP\'s schema leaves the id out instead, so we accept it with the warning error-id-null; the SDK\'s RequestIdSchema is not nullable.',
    spec: 'JSON-RPC 2.0 §5 (id: "If there was an error in detecting the id … it MUST be Null"); MCP 2025-11-25 basic/index.mdx §Error Responses; fact sheet §1.4, §4.3',
    applies: (v, c) => isObject(v) && 'error' in v && v.id === null && findingIds(c).has('error-id-null'),
    example: '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}',
  },
  {
    id: 'unknown-top-level-member',
    direction: 'we-accept',
    protocols: BOTH,
    reason:
      'JSON-RPC 2.0 defines the members of each object but does not say a receiver must reject others. We report an extra top-level member as the warning unknown-member; the SDK validates with .strict() and drops the whole message.',
    spec: 'JSON-RPC 2.0 §4, §5; fact sheet §4.3 ("extra top-level key: dropped (strict)")',
    applies: (v, c) =>
      isObject(v) &&
      Object.keys(v).some((k) => !(MEMBERS[c.kind] ?? []).includes(k)) &&
      c.findings.some((f) => f.id === 'unknown-member' && f.path.lastIndexOf('/') === 0),
    example: `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{${META}},"timestamp":"2026-09-01T10:00:00Z"}`,
  },
  {
    id: 'integer-past-2-53',
    direction: 'we-accept',
    protocols: BOTH,
    reason:
      "An id or error code such as 2^60 is a JSON integer, which is all the spec asks for; we accept it with the warnings id-unsafe-integer / number-precision, because a JavaScript peer cannot echo it exactly. zod 4's int() accepts only safe integers, so the SDK rejects it.",
    spec: 'MCP 2025-11-25 schema.json RequestId type ["string","integer"]; JSON-RPC 2.0 §5.1 (code: an integer); RFC 8259 §6',
    applies: (v, c) =>
      isObject(v) &&
      (isUnsafeInteger(v.id) || (isObject(v.error) && isUnsafeInteger(v.error.code))) &&
      (findingIds(c).has('number-precision') || findingIds(c).has('id-unsafe-integer')),
    example: `{"jsonrpc":"2.0","id":1152921504606846976,"method":"tools/list","params":{${META}}}`,
  },
  {
    id: 'tool-result-content',
    direction: 'we-reject',
    protocols: BOTH,
    reason:
      "A result shaped like a CallToolResult whose content blocks, isError or structuredContent break CallToolResult is invalid to us. The SDK's JSONRPCMessageSchema checks only the envelope (any object result) and checks CallToolResult later, once it knows the request was tools/call.",
    spec: 'MCP 2025-11-25 / 2026-07-28 server/tools.mdx §Tool Result, schema.ts CallToolResult and ContentBlock',
    applies: (_v, c) => findingIds(c).has('tool-result-invalid') || findingIds(c).has('structured-content-not-object'),
    example: '{"jsonrpc":"2.0","id":12,"result":{"content":[{"type":"markdown","text":"**INC-1234** is open"}]}}',
  },
  {
    id: 'meta-not-checked-outside-the-envelope',
    direction: 'we-accept',
    protocols: BOTH,
    reason:
      'The classifier checks params._meta only as the 2026-07-28 request envelope; on notifications (any revision) and on requests before 2026-07-28 it treats _meta as opaque metadata. The SDK checks that _meta is an object and the type of progressToken. A known gap rather than a rule we disagree with: the schemas do type _meta as an object.',
    spec: 'MCP 2025-11-25 and 2026-07-28 schema.ts RequestParams._meta / NotificationParams._meta',
    applies: (v) =>
      isObject(v) &&
      isObject(v.params) &&
      '_meta' in v.params &&
      !(isObject(v.params._meta) && Object.getPrototypeOf(v.params._meta) === Object.prototype),
    example:
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1,"_meta":"2026-07-28"}}',
  },
  {
    id: 'meta-envelope-required',
    direction: 'we-reject',
    protocols: ['2026-07-28'],
    reason:
      "MCP 2026-07-28 requires params._meta with protocolVersion and clientCapabilities on every request, and a request without them is malformed (-32602). The SDK's shared JSONRPCMessageSchema keeps _meta optional (its 2026-07-28 codec checks the envelope later).",
    spec: 'MCP 2026-07-28 basic/index.mdx §_meta; fact sheet §2.8, §4.2',
    applies: (_v, c) => findingIds(c).has('meta-envelope-missing'),
    example: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  },
  {
    id: 'result-type-rules',
    direction: 'we-reject',
    protocols: ['2026-07-28'],
    reason:
      "Under 2026-07-28 a resultType the client does not recognise MUST be treated as invalid, and an input_required result must name inputRequests or requestState with allowed methods. The SDK's envelope schema does not look at resultType.",
    spec: 'MCP 2026-07-28 basic/index.mdx §ResultType; basic/patterns/mrtr.mdx',
    applies: (_v, c) =>
      ['result-type-unknown', 'input-required-empty', 'input-required-request-invalid'].some((id) =>
        findingIds(c).has(id as never),
      ),
    example: '{"jsonrpc":"2.0","id":2,"result":{"resultType":"partial","contents":[]}}',
  },
];

const SINGLE_MESSAGE_KINDS = new Set(['request', 'notification', 'result', 'error']);

function verdicts(text: string, protocol: Protocol): Verdicts {
  const c = classifyMessage(text, { protocol });
  let value: unknown;
  let theirs = false;
  try {
    value = JSON.parse(text);
    theirs = JSONRPCMessageSchema.safeParse(value).success;
  } catch {
    theirs = false;
  }
  return { ours: SINGLE_MESSAGE_KINDS.has(c.kind), theirs, value, c };
}

/** The rows that explain a disagreement, or [] when the verdicts agree. */
function explain(v: Verdicts, protocol: Protocol): IntendedDifference[] {
  const direction = v.ours ? 'we-accept' : 'we-reject';
  return INTENDED_DIFFERENCES.filter(
    (d) => d.protocols.includes(protocol) && d.direction === direction && d.applies(v.value, v.c),
  );
}

function expectAgreementOrIntended(text: string, protocol: Protocol, seen?: Set<string>): void {
  const v = verdicts(text, protocol);
  if (v.ours === v.theirs) return;
  const rows = explain(v, protocol);
  expect(
    rows.length,
    `unlisted difference under ${protocol}: ours=${v.ours} (${v.c.kind}: ${v.c.findings.map((f) => f.id).join(', ')}), sdk=${v.theirs}\n${text.slice(0, 400)}`,
  ).toBeGreaterThan(0);
  for (const row of rows) seen?.add(row.id);
}

describe('the intended differences from the SDK', () => {
  it('each have a reason and a spec reference', () => {
    for (const d of INTENDED_DIFFERENCES) {
      expect(d.reason.length, d.id).toBeGreaterThan(40);
      expect(d.spec.length, d.id).toBeGreaterThan(10);
    }
  });

  it.each(INTENDED_DIFFERENCES.flatMap((d) => d.protocols.map((p) => [`${d.id} under ${p}`, d, p] as const)))(
    '%s shows on its example',
    (_name, d, protocol) => {
      const v = verdicts(d.example, protocol);
      expect(v.ours, `ours on ${d.example}`).toBe(d.direction === 'we-accept');
      expect(v.theirs, `sdk on ${d.example}`).toBe(d.direction === 'we-reject');
      expect(explain(v, protocol).map((r) => r.id)).toContain(d.id);
    },
  );
});

describe('our verdict agrees with the SDK on every fixture, except for intended differences', () => {
  const fixtures = loadFixtures();
  for (const protocol of ['2025-11-25', '2026-07-28'] as const) {
    it(`under ${protocol}`, () => {
      const seen = new Set<string>();
      let agreed = 0;
      for (const f of fixtures) {
        const v = verdicts(f.text, protocol);
        if (v.ours === v.theirs) agreed += 1;
        expectAgreementOrIntended(f.text, protocol, seen);
      }
      // Most fixtures are plain agreement; the rows explain the rest.
      expect(agreed / fixtures.length).toBeGreaterThan(0.75);
    });
  }

  it('agrees on the plain cases the course leans on', () => {
    const cases: Array<[string, boolean]> = [
      ['{"jsonrpc":"2.0","id":1,"method":"tools/list"}', true],
      ['{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1}}', true],
      ['{"jsonrpc":"2.0","id":"a","result":{}}', true],
      ['{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"}}', true],
      ['{"jsonrpc":"2.0","id":null,"method":"tools/list"}', false],
      ['{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}', false],
      ['{"jsonrpc":"2.0","id":1,"method":"tools/call","params":["x"]}', false],
      ['{"id":1,"method":"tools/list"}', false],
      ['{"jsonrpc":"2.0","id":1,"result":19}', false],
      ['{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}', false],
      ['[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]', false],
      ['{"jsonrpc":"2.0","id":1,"method":"tools/li', false],
    ];
    for (const [text, valid] of cases) {
      const v = verdicts(text, '2025-11-25');
      expect([v.ours, v.theirs], text).toEqual([valid, valid]);
    }
  });
});

describe('our verdict agrees with the SDK on generated messages, except for intended differences', () => {
  for (const protocol of ['2025-11-25', '2026-07-28'] as const) {
    it(`on message-like objects under ${protocol}`, () => {
      fc.assert(
        fc.property(messageArb, (message) => expectAgreementOrIntended(JSON.stringify(message), protocol)),
        { numRuns: 3000 },
      );
    });
  }

  it('on arbitrary JSON text', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 3 }), (text) => expectAgreementOrIntended(text, '2025-11-25')),
      { numRuns: 1000 },
    );
  });

  it('on batches, which neither side takes as one message', () => {
    fc.assert(
      fc.property(fc.array(messageArb, { maxLength: 3 }), (batch) => {
        const v = verdicts(JSON.stringify(batch), '2025-11-25');
        expect([v.ours, v.theirs]).toEqual([false, false]);
      }),
      { numRuns: 300 },
    );
  });
});
