/**
 * The classifier's fast paths (src/message-model/fast-paths.ts) must never accept what the zod schema rejects:
 * if they did, the classifier's verdict would change with the path taken. Generated values probe the edges
 * (wrong types, missing keys, symbols, class instances, non-finite numbers).
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContentBlockSchema, RequestMetaSchema } from '#message-model';
import { isSurelyRequestMeta, isSurelyTextBlock } from '../../src/message-model/fast-paths.ts';

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
