/**
 * The classifier's fast paths (src/message-model/fast-paths.ts) must never accept what the zod schema rejects:
 * if they did, the classifier's verdict would change with the path taken. Generated values probe the edges
 * (wrong types, missing keys, symbols, class instances, non-finite numbers).
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyMessage,
  ContentBlockSchema,
  inspectValue,
  MCP_SCHEMAS,
  MCP_VERSIONS,
  RequestMetaSchema,
} from '#message-model';
import {
  isSurelyRequestMeta,
  isSurelyTextBlock,
  isSurelyToolResult,
  isSurelyValidParams,
  isSurelyValidResult,
} from '../../../src/message-model/fast-paths.ts';
import {
  countMemberNames,
  findDuplicateNames,
  inspectParsedJson,
  maxMemberNames,
} from '../../../src/message-model/json-text.ts';
import { PARAMS_BY_METHOD, RESULT_BY_METHOD, richMetaArb, serialiseShuffled } from '../../support/arbitraries.ts';

/** A copy of generated params without 2025-11-25's task and 2026-07-28's input responses. */
const withoutExtras = (params: unknown): unknown => {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return params;
  const { task: _task, requestState: _state, inputResponses: _responses, ...rest } = params as Record<string, unknown>;
  return rest;
};

/** The methods whose params the classifier checks by hand first (fast-paths.ts isSurelyValidParams). */
const FAST_METHODS = new Set([
  'tools/call',
  'tools/list',
  'resources/list',
  'resources/read',
  'prompts/get',
  'notifications/progress',
  'notifications/cancelled',
  'notifications/message',
]);

const odd = fc.oneof(
  fc.anything(),
  fc.constantFrom(undefined, null, Infinity, Number.NaN, 1.5, -0, '', [], new Date(0), new Map(), Object.create(null), {
    [Symbol('s')]: 1,
  }),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, odd);

const metaLike = fc.record(
  {
    'io.modelcontextprotocol/protocolVersion': maybe(fc.constantFrom('2026-07-28', '2025-11-25')),
    'io.modelcontextprotocol/clientCapabilities': maybe(
      fc.oneof(fc.constant({}), fc.dictionary(fc.string(), fc.anything())),
    ),
    'io.modelcontextprotocol/clientInfo': maybe(
      fc.record(
        { name: maybe(fc.string()), version: maybe(fc.string()), title: maybe(fc.string()) },
        { requiredKeys: [] },
      ),
    ),
    'io.modelcontextprotocol/logLevel': maybe(fc.constantFrom('info', 'debug')),
    progressToken: maybe(fc.oneof(fc.string(), fc.integer(), fc.double())),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);

const blockLike = fc.record(
  {
    type: maybe(fc.constantFrom('text', 'image', 'resource_link')),
    text: maybe(fc.string()),
    annotations: maybe(fc.record({ priority: fc.double() })),
    data: fc.anything(),
  },
  { requiredKeys: [] },
);

describe('isSurelyRequestMeta', () => {
  it('accepts only envelopes RequestMetaSchema accepts', () => {
    fc.assert(
      fc.property(fc.oneof(metaLike, odd), (meta) => {
        if (isSurelyRequestMeta(meta)) expect(RequestMetaSchema.safeParse(meta).success).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('recognises the envelope a 2026-07-28 client sends on every request', () => {
    const meta = JSON.parse(
      '{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"}}',
    );
    expect(isSurelyRequestMeta(meta)).toBe(true);
  });

  it('leaves capabilities with a symbol key or a class instance to zod', () => {
    const base = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };
    expect(isSurelyRequestMeta({ ...base, 'io.modelcontextprotocol/clientCapabilities': { [Symbol('x')]: 1 } })).toBe(
      false,
    );
    expect(isSurelyRequestMeta({ ...base, 'io.modelcontextprotocol/clientCapabilities': new Map() })).toBe(false);
  });
});

describe('isSurelyTextBlock', () => {
  it('accepts only blocks ContentBlockSchema accepts', () => {
    fc.assert(
      fc.property(fc.oneof(blockLike, odd), (block) => {
        if (isSurelyTextBlock(block)) expect(ContentBlockSchema.safeParse(block).success).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('recognises a plain text block and leaves annotated ones to zod', () => {
    expect(isSurelyTextBlock({ type: 'text', text: 'INC-1 is open' })).toBe(true);
    expect(isSurelyTextBlock({ type: 'text', text: 'x', annotations: { priority: 2 } })).toBe(false);
  });
});

describe('isSurelyRequestMeta with the typed members of the envelope', () => {
  it('accepts only envelopes RequestMetaSchema accepts, capabilities, clientInfo and logLevel included', () => {
    fc.assert(
      fc.property(fc.oneof(richMetaArb, odd), (meta) => {
        if (isSurelyRequestMeta(meta)) expect(RequestMetaSchema.safeParse(meta).success).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('isSurelyValidParams', () => {
  // Each typed method's params, generated right and wrong member by member, under every revision.
  for (const method of Object.keys(PARAMS_BY_METHOD)) {
    it(`accepts only ${method} params the revision's schema accepts`, () => {
      let accepted = 0;
      fc.assert(
        fc.property(
          fc.oneof(
            { weight: 3, arbitrary: PARAMS_BY_METHOD[method]! },
            // The same params without the members the fast path leaves to zod, so that it fires often.
            { weight: 3, arbitrary: PARAMS_BY_METHOD[method]!.map(withoutExtras) },
            odd,
          ),
          fc.constantFrom(...MCP_VERSIONS),
          (params, version) => {
            const schema = MCP_SCHEMAS[version].requests[method] ?? MCP_SCHEMAS[version].notifications[method];
            if (!schema || !isSurelyValidParams(method, version, params)) return;
            accepted += 1;
            expect(schema.safeParse(params).success, JSON.stringify(params)).toBe(true);
          },
        ),
        { numRuns: 3000 },
      );
      // A fast path that never fires proves nothing; the ones the classifier has must fire on generated values.
      if (FAST_METHODS.has(method)) expect(accepted).toBeGreaterThan(20);
    });
  }

  it('says nothing about methods it does not know', () => {
    expect(isSurelyValidParams('completion/complete', '2026-07-28', { ref: { type: 'ref/prompt', name: 'x' } })).toBe(
      false,
    );
  });
});

describe('isSurelyToolResult', () => {
  it('accepts only results CallToolResultSchema accepts, in every revision', () => {
    fc.assert(
      fc.property(
        fc.oneof({ weight: 6, arbitrary: RESULT_BY_METHOD['tools/call']! }, odd),
        fc.constantFrom(...MCP_VERSIONS),
        (result, version) => {
          if (!isSurelyToolResult(result, version)) return;
          const checked =
            version === '2026-07-28' && (result as Record<string, unknown>).resultType === undefined
              ? { ...(result as object), resultType: 'complete' }
              : result;
          expect(MCP_SCHEMAS[version].CallToolResultSchema.safeParse(checked).success).toBe(true);
        },
      ),
      { numRuns: 5000 },
    );
  });
});

describe('isSurelyValidResult', () => {
  for (const method of ['tools/list', 'resources/read']) {
    it(`accepts only ${method} results the revision's schema accepts`, () => {
      let accepted = 0;
      fc.assert(
        fc.property(
          fc.oneof({ weight: 6, arbitrary: RESULT_BY_METHOD[method]! }, odd),
          fc.constantFrom(...MCP_VERSIONS),
          (result, version) => {
            if (!isSurelyValidResult(method, version, result)) return;
            accepted += 1;
            expect(MCP_SCHEMAS[version].results[method]!.safeParse(result).success, JSON.stringify(result)).toBe(true);
          },
        ),
        { numRuns: 4000 },
      );
      expect(accepted).toBeGreaterThan(0);
    });
  }
});

describe('the fast paths on values fresh from JSON.parse (json = true skips checks JSON cannot fail)', () => {
  /** The value as JSON.parse gives it back, or undefined when it is not JSON. */
  const roundTrip = (v: unknown): unknown => {
    try {
      const text = JSON.stringify(v);
      return text === undefined ? undefined : JSON.parse(text);
    } catch {
      return undefined;
    }
  };

  it('accept only what the schemas accept', () => {
    fc.assert(
      fc.property(
        fc.oneof(richMetaArb, ...Object.values(PARAMS_BY_METHOD), ...Object.values(RESULT_BY_METHOD)),
        fc.constantFrom(...MCP_VERSIONS),
        (generated, version) => {
          const v = roundTrip(generated);
          if (v === undefined) return;
          const s = MCP_SCHEMAS[version];
          if (isSurelyRequestMeta(v, true)) expect(RequestMetaSchema.safeParse(v).success).toBe(true);
          for (const method of Object.keys(PARAMS_BY_METHOD)) {
            const schema = s.requests[method] ?? s.notifications[method];
            if (schema && isSurelyValidParams(method, version, v, true))
              expect(schema.safeParse(v).success, `${method} ${JSON.stringify(v)}`).toBe(true);
          }
          for (const method of ['tools/list', 'resources/read']) {
            if (isSurelyValidResult(method, version, v, true))
              expect(s.results[method]!.safeParse(v).success).toBe(true);
          }
          if (isSurelyToolResult(v, version, true)) {
            const r = v as Record<string, unknown>;
            const checked =
              version === '2026-07-28' && r.resultType === undefined ? { ...r, resultType: 'complete' } : r;
            expect(s.CallToolResultSchema.safeParse(checked).success).toBe(true);
          }
        },
      ),
      { numRuns: 5000 },
    );
  });
});

/** JSON values with what the walks report (lone surrogates, integers past 2^53) mixed in. */
const reportableJson = fc.array(
  fc.oneof(
    fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }),
    fc.constantFrom<unknown>('\ud800', 'a\udc00b', 2 ** 60, -(2 ** 60), { ['k\ud83d']: 1 }),
  ),
  { maxLength: 4 },
);
/** The same, sometimes reaching an object twice or in a cycle (a value built in code). */
const sharingValue = fc.oneof(
  reportableJson,
  reportableJson.map((v) => [v, v, { v }]),
  reportableJson.map((v) => {
    const o: Record<string, unknown> = { v };
    o.self = o;
    return [o];
  }),
);

describe('the quick walk (json-text.ts scanValue) and the full walk (walkValue) find the same facts', () => {
  // inspectValue runs the quick walk, and the full walk only when the quick one finds something to report: a lone
  // surrogate beside the value sends the same value through both.
  it('depth, truncation, member count and repetition, and whether anything is reported', () => {
    fc.assert(
      fc.property(sharingValue, fc.integer({ min: 1, max: 6 }), (value, maxDepth) => {
        const wrapped = [value, '\ud800'];
        const quick = inspectValue(wrapped, maxDepth + 1, 0);
        const full = inspectValue(wrapped, maxDepth + 1, 1000);
        expect({ ...quick, loneSurrogates: [], unsafeIntegers: [] }).toEqual({
          ...full,
          loneSurrogates: [],
          unsafeIntegers: [],
        });
        const under = (paths: string[]) => paths.filter((p) => p.startsWith('/0')).map((p) => p.slice(2));
        const alone = inspectValue(value, maxDepth, 1000);
        expect(alone.loneSurrogates).toEqual(under(full.loneSurrogates));
        expect(alone.unsafeIntegers).toEqual(under(full.unsafeIntegers));
      }),
      { numRuns: 1000 },
    );
  });

  it('for parsed text, without a set of seen objects and with strings unchecked when the text rules lone surrogates out', () => {
    fc.assert(
      fc.property(reportableJson, fc.integer({ min: 1, max: 6 }), fc.integer(), (value, maxDepth, seed) => {
        const text = serialiseShuffled(value, seed);
        expect(inspectParsedJson(JSON.parse(text), maxDepth, 20, text)).toEqual(
          inspectValue(JSON.parse(text), maxDepth, 20),
        );
      }),
      { numRuns: 1000 },
    );
  });
});

describe('the bound and the count of member names (classify.ts scans for duplicates only past both)', () => {
  const NAMES = ['a', 'b', 'a"', ':', '\\', 'x":1', '', 'é'];
  /** JSON text of an object whose member names may repeat, at the top or one level down. */
  const textArb = fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...NAMES), fc.jsonValue({ maxDepth: 2 })), { maxLength: 6 }),
      fc.integer(),
      fc.constantFrom('', ' ', '\n\t'),
      fc.constantFrom('top', 'array', 'member'),
    )
    .map(([members, seed, ws, where]) => {
      const object = `{${members.map(([k, v]) => `${JSON.stringify(k)}${ws}:${ws}${serialiseShuffled(v, seed)}`).join(',')}}`;
      return where === 'top' ? object : where === 'array' ? `[1,${ws}${object}]` : `{"p":${ws}${object}, "q": "\\":"}`;
    });

  it('the bound is never below the count, and the count exceeds the members exactly when the scan finds a repeat', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const count = countMemberNames(text);
        expect(maxMemberNames(text)).toBeGreaterThanOrEqual(count);
        const members = inspectValue(JSON.parse(text), Number.POSITIVE_INFINITY, 0).memberCount;
        expect(count > members, text).toBe(findDuplicateNames(text).length > 0);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('a structuredContent mirror written by JSON.stringify is recognised without parsing the text', () => {
  // classify-results.ts mirrored(): for text (json) an equal serialisation settles it; a value passed already parsed
  // always takes the parse-and-compare path, so the two must classify alike.
  it('classifies the text and the parsed value alike, mirrored with or without shuffled members', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
        fc.integer(),
        fc.boolean(),
        fc.constantFrom(...MCP_VERSIONS),
        (structured, seed, shuffled, protocol) => {
          const mirror = shuffled ? serialiseShuffled(structured, seed) : JSON.stringify(structured);
          const message = {
            jsonrpc: '2.0',
            id: 1,
            result: { content: [{ type: 'text', text: mirror }], structuredContent: structured },
          };
          const text = JSON.stringify(message);
          const options = { protocol, method: 'tools/call' };
          const fromText = classifyMessage(text, options);
          expect(fromText.findings.map((f) => f.id)).not.toContain('structured-content-not-mirrored');
          expect(classifyMessage(JSON.parse(text), options)).toEqual(fromText);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
