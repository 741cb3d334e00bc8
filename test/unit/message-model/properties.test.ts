/**
 * Property tests (fast-check) for classifyMessage: for any string and any JSON value it returns a well-formed
 * classification and never throws; the reply agrees with the kind; and neither key order nor whitespace changes
 * the result.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CODE_CLASSES,
  FINDING_IDS,
  InputRequiredResultSchema,
  JSONRPCErrorResponseSchema,
  JSONRPCMessageSchema,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  JSONRPCResultResponseSchema,
  MCP_SCHEMAS,
  MCP_VERSIONS,
  MESSAGE_KINDS,
  PROTOCOLS,
  SEVERITIES,
  classifyMessage,
  sameReply,
  type Classification,
  type McpSchemas,
  type McpVersion,
  type Protocol,
  type Reply,
} from '#message-model';
import { messageArb, richMessageArb, serialiseShuffled } from '../../support/arbitraries.ts';

/** The shape of a Classification, written from the model's README (its public API) rather than from its types. */
const IdSchema = z.union([z.string(), z.number().refine(Number.isFinite), z.null()]);
const ReplySchema: z.ZodType<Reply> = z.lazy(() =>
  z.union([
    z.object({ send: z.literal('nothing') }).strict(),
    z.object({ send: z.literal('response'), id: IdSchema }).strict(),
    z
      .object({
        send: z.literal('error'),
        code: z.int().nullable(),
        id: IdSchema,
        data: z.record(z.string(), z.unknown()).optional(),
      })
      .strict(),
    z.object({ send: z.literal('batch'), items: z.array(ReplySchema).min(1) }).strict(),
    z.object({ send: z.literal('unspecified') }).strict(),
  ]),
);
const FindingSchema = z
  .object({
    id: z.enum(FINDING_IDS),
    severity: z.enum(SEVERITIES),
    path: z.string().regex(/^(\/.*)?$/s),
    message: z.string().min(10),
    spec: z.object({ version: z.string().min(1), section: z.string().min(3), url: z.url() }).strict(),
  })
  .strict();
const base = {
  protocol: z.enum(PROTOCOLS),
  reply: ReplySchema,
  findings: z.array(FindingSchema),
  explanation: z.string().min(10),
};
const ClassificationSchema: z.ZodType = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z
      .object({
        ...base,
        kind: z.literal('parse-error'),
        position: z.object({ offset: z.int().min(0), line: z.int().min(1), column: z.int().min(1) }).strict(),
        reason: z.string().min(3),
      })
      .strict(),
    z
      .object({
        ...base,
        kind: z.literal('invalid'),
        shape: z.enum(['request', 'notification', 'response', 'unknown']),
        id: IdSchema.optional(),
      })
      .strict(),
    z.object({ ...base, kind: z.literal('request'), id: IdSchema, method: z.string() }).strict(),
    z.object({ ...base, kind: z.literal('notification'), method: z.string() }).strict(),
    z
      .object({
        ...base,
        kind: z.literal('result'),
        id: IdSchema,
        resultType: z.string(),
        resultTypeSource: z.enum(['explicit', 'absent']),
        toolOutcome: z.enum(['success', 'tool-error']).optional(),
      })
      .strict(),
    z
      .object({
        ...base,
        kind: z.literal('error'),
        id: IdSchema.optional(),
        code: z.number().refine(Number.isInteger),
        codeClass: z.enum(CODE_CLASSES),
        codeName: z.string().optional(),
        errorMessage: z.string(),
      })
      .strict(),
    z.object({ ...base, kind: z.literal('batch'), items: z.array(ClassificationSchema).min(1) }).strict(),
  ]),
);

const protocolArb = fc.constantFrom(...PROTOCOLS);

function assertWellFormed(c: Classification): void {
  const parsed = ClassificationSchema.safeParse(c);
  if (!parsed.success)
    throw new Error(
      `malformed classification: ${JSON.stringify(parsed.error.issues.slice(0, 3))}\n${JSON.stringify(c).slice(0, 500)}`,
    );
  expect(MESSAGE_KINDS).toContain(c.kind);
  // Errors first, then warnings, then notes.
  const order = c.findings.map((f) => SEVERITIES.indexOf(f.severity));
  expect(order).toEqual([...order].sort((a, b) => a - b));
}

/**
 * The reply a conforming receiver owes must follow from the kind: a request is answered, a notification and a response
 * never are (JSON-RPC 2.0 §4.1: "The Server MUST NOT reply to a Notification"; §5).
 */
function assertReplyAgreesWithKind(c: Classification): void {
  const r = c.reply;
  switch (c.kind) {
    case 'request':
      if (r.send === 'response') expect(r.id).toStrictEqual(c.id);
      else {
        expect(r.send).toBe('error');
        if (r.send === 'error') {
          expect(r.id).toStrictEqual(c.id);
          expect([-32602, -32022]).toContain(r.code);
          // Only -32022 carries data: the versions the server supports and the one the request asked for.
          if (r.code === -32022) expect(r.data).toMatchObject({ supported: expect.any(Array) });
          else expect(r.data).toBeUndefined();
        }
      }
      break;
    case 'notification':
    case 'result':
    case 'error':
      expect(r).toEqual({ send: 'nothing' });
      break;
    case 'parse-error':
      expect(r).toEqual({ send: 'error', code: -32700, id: null });
      break;
    case 'invalid':
      if (c.shape === 'response') expect(r).toEqual({ send: 'nothing' });
      else if (c.shape === 'notification' && r.send === 'nothing') {
        // A valid JSON-RPC notification that breaks only an MCP rule is still never answered (JSON-RPC 2.0 §4.1).
        expect(c.protocol).not.toBe('jsonrpc-2.0');
      } else {
        expect(r.send).toBe('error');
        if (r.send === 'error') {
          // null: a 2026-07-28 request for a removed method without the envelope (the code is implementation-defined).
          expect([-32600, -32602, null]).toContain(r.code);
          if (r.code === null) expect([c.protocol, c.shape]).toEqual(['2026-07-28', 'request']);
          if (r.id !== null) expect(r.id).toStrictEqual(c.id);
        }
      }
      break;
    case 'batch': {
      if (c.protocol === 'jsonrpc-2.0') {
        const owed = c.items.map((i) => i.reply).filter((i) => i.send !== 'nothing');
        expect(sameReply(r, owed.length === 0 ? { send: 'nothing' } : { send: 'batch', items: owed })).toBe(true);
      } else {
        // MCP has no batches, and the spec does not say how an array is answered.
        expect(r).toEqual({ send: 'unspecified' });
      }
      for (const item of c.items) {
        expect(item.kind).not.toBe('batch');
        assertReplyAgreesWithKind(item);
      }
      break;
    }
  }
}

const check = (input: unknown, protocol: (typeof PROTOCOLS)[number]) => {
  const c = classifyMessage(input, { protocol });
  assertWellFormed(c);
  assertReplyAgreesWithKind(c);
  return c;
};

describe('classifyMessage never throws and always returns a well-formed classification', () => {
  it('for any string, including lone surrogates and control characters', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        protocolArb,
        (text, protocol) => void check(text, protocol),
      ),
      { numRuns: 400 },
    );
  });

  it('for any JSON text', () => {
    fc.assert(
      fc.property(
        fc.json({ stringUnit: 'binary', maxDepth: 4 }),
        protocolArb,
        (text, protocol) => void check(text, protocol),
      ),
      { numRuns: 400 },
    );
  });

  it('for any JSON value passed already parsed', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ stringUnit: 'binary', maxDepth: 4 }),
        protocolArb,
        (value, protocol) => void check(value, protocol),
      ),
      { numRuns: 400 },
    );
  });

  it('for any message-like object, valid or broken', () => {
    fc.assert(
      fc.property(messageArb, protocolArb, (message, protocol) => void check(JSON.stringify(message), protocol)),
      { numRuns: 1500 },
    );
  });

  it('for batches of message-like objects', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(messageArb, fc.jsonValue({ maxDepth: 2 })), { maxLength: 5 }),
        protocolArb,
        (batch, protocol) => void check(JSON.stringify(batch), protocol),
      ),
      {
        numRuns: 300,
      },
    );
  });

  it('for any JavaScript value at all, JSON or not', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withNullPrototype: true,
          withBigInt: true,
          withMap: true,
          withSet: true,
          withDate: true,
          withSparseArray: true,
          withBoxedValues: true,
        }),
        protocolArb,
        (value, protocol) => void check(value, protocol),
      ),
      {
        numRuns: 300,
      },
    );
  });
});

describe('key order and whitespace never change the classification', () => {
  it('for message-like objects', () => {
    fc.assert(
      fc.property(messageArb, fc.integer(), protocolArb, (message, seed, protocol) => {
        const plain = classifyMessage(JSON.stringify(message), { protocol });
        const shuffled = classifyMessage(serialiseShuffled(message, seed), { protocol });
        expect(shuffled).toEqual(plain);
      }),
      { numRuns: 1500 },
    );
  });

  it('for any JSON value', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }),
        fc.integer(),
        protocolArb,
        (value, seed, protocol) => {
          const plain = classifyMessage(JSON.stringify(value), { protocol });
          const shuffled = classifyMessage(serialiseShuffled(value, seed), { protocol });
          expect(shuffled).toEqual(plain);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('for batches', () => {
    fc.assert(
      fc.property(
        fc.array(messageArb, { minLength: 1, maxLength: 4 }),
        fc.integer(),
        protocolArb,
        (batch, seed, protocol) => {
          expect(classifyMessage(serialiseShuffled(batch, seed), { protocol })).toEqual(
            classifyMessage(JSON.stringify(batch), { protocol }),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('text and parsed value agree', () => {
  // The text path skips the per-string surrogate check when the text shows none can exist (no \\u escape, a
  // well-formed text); the value path always checks. Lone surrogates, raw and escaped, must be found by both.
  it('on any JSON value, lone surrogates and large numbers included', () => {
    fc.assert(
      // A string passed to classifyMessage is raw text, so a top-level string value is left out.
      fc.property(
        fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' }).filter((v) => typeof v !== 'string'),
        protocolArb,
        (value, protocol) => {
          const text = JSON.stringify(value);
          expect(classifyMessage(JSON.parse(text), { protocol })).toEqual(classifyMessage(text, { protocol }));
        },
      ),
      { numRuns: 500 },
    );
    const escaped = '{"jsonrpc":"2.0","method":"m","params":{"s":"\\ud800"}}';
    expect(classifyMessage(escaped).findings.map((f) => f.id)).toContain('lone-surrogate');
  });

  it('classifies JSON text and the value it parses to alike', () => {
    fc.assert(
      fc.property(messageArb, protocolArb, (message, protocol) => {
        const text = JSON.stringify(message);
        expect(classifyMessage(JSON.parse(text), { protocol })).toEqual(classifyMessage(text, { protocol }));
      }),
      { numRuns: 500 },
    );
  });
});

describe('the classifier validates through the exported schemas (one source for every rule)', () => {
  type Schemas = Pick<
    McpSchemas,
    | 'JSONRPCMessageSchema'
    | 'JSONRPCRequestSchema'
    | 'JSONRPCNotificationSchema'
    | 'JSONRPCResultResponseSchema'
    | 'JSONRPCErrorResponseSchema'
  >;
  const JSON_RPC: Schemas = {
    JSONRPCMessageSchema,
    JSONRPCRequestSchema,
    JSONRPCNotificationSchema,
    JSONRPCResultResponseSchema,
    JSONRPCErrorResponseSchema,
  };
  const schemasFor = (p: Protocol): Schemas => (p === 'jsonrpc-2.0' ? JSON_RPC : MCP_SCHEMAS[p]);
  const KIND_SCHEMA = {
    request: 'JSONRPCRequestSchema',
    notification: 'JSONRPCNotificationSchema',
    result: 'JSONRPCResultResponseSchema',
    error: 'JSONRPCErrorResponseSchema',
  } as const;
  const RESULT_PAYLOAD_FINDINGS = new Set([
    'result-invalid',
    'tool-result-invalid',
    'structured-content-not-object',
    'capabilities-invalid',
    'implementation-invalid',
  ]);
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const errorIds = (c: Classification) => new Set(c.findings.filter((f) => f.severity === 'error').map((f) => f.id));

  /** The envelope: a message the schema accepts is exactly one the classifier calls a request, notification, result or error. */
  function expectEnvelopeAgreement(value: unknown, protocol: Protocol, method?: string): Classification {
    const c = classifyMessage(JSON.stringify(value), { protocol, method });
    const s = schemasFor(protocol);
    const single = c.kind === 'request' || c.kind === 'notification' || c.kind === 'result' || c.kind === 'error';
    const why = `${protocol}: ${c.kind} [${c.findings.map((f) => f.id).join(', ')}] ${JSON.stringify(value).slice(0, 300)}`;
    expect(s.JSONRPCMessageSchema.safeParse(value).success, why).toBe(single);
    if (single) expect(s[KIND_SCHEMA[c.kind]].safeParse(value).success, why).toBe(true);
    return c;
  }

  /** The payload: a typed method's schema fails exactly when the classifier reports a payload finding. */
  function expectPayloadAgreement(
    value: Record<string, unknown>,
    c: Classification,
    protocol: McpVersion,
    method: string,
  ) {
    const s = MCP_SCHEMAS[protocol];
    const why = `${protocol} ${method}: ${c.kind} [${c.findings.map((f) => f.id).join(', ')}] ${JSON.stringify(value).slice(0, 300)}`;
    if (c.kind === 'request' && s.requests[c.method] && !(c.reply.send === 'error' && c.reply.code === -32022)) {
      const fails = !s.requests[c.method]!.safeParse(value.params).success;
      expect(c.reply.send === 'error' && c.reply.code === -32602, why).toBe(fails);
    }
    if (c.kind === 'notification' && s.notifications[c.method]) {
      const fails = !s.notifications[c.method]!.safeParse(value.params).success;
      const ids = errorIds(c);
      expect(ids.has('notification-params-invalid') || ids.has('log-level-invalid'), why).toBe(fails);
    }
    if (c.kind === 'result' && c.resultType === 'complete' && isObj(value.result) && s.results[method]) {
      const result = value.result;
      if (protocol === '2025-11-25' && method === 'tools/call' && 'task' in result && !('content' in result)) return;
      const schema = method === 'tools/call' ? s.CallToolResultSchema : s.results[method]!;
      const checked =
        protocol === '2026-07-28' && result.resultType === undefined ? { ...result, resultType: 'complete' } : result;
      const fails = !schema.safeParse(checked).success;
      expect(
        [...errorIds(c)].some((id) => RESULT_PAYLOAD_FINDINGS.has(id)),
        why,
      ).toBe(fails);
    }
    if (c.kind === 'result' && c.resultType === 'input_required' && isObj(value.result)) {
      const fails =
        !InputRequiredResultSchema.safeParse(value.result).success || !s.inputRequiredMethods.includes(method);
      const ids = errorIds(c);
      expect(
        ids.has('input-required-empty') || ids.has('input-required-request-invalid') || ids.has('result-invalid'),
        why,
      ).toBe(fails);
    }
    if (c.kind === 'error' && isObj(value.error)) {
      const dataSchema = s.errorData[c.code];
      if (dataSchema)
        expect(errorIds(c).has('error-data-invalid'), why).toBe(!dataSchema.safeParse(value.error.data).success);
    }
  }

  it('on message-like objects, under every protocol', () => {
    fc.assert(
      fc.property(messageArb, protocolArb, (message, protocol) => void expectEnvelopeAgreement(message, protocol)),
      { numRuns: 3000 },
    );
  });

  it('on MCP messages with typed members right and wrong, envelope and payload alike', () => {
    fc.assert(
      fc.property(richMessageArb, fc.constantFrom(...MCP_VERSIONS), ({ message, method }, protocol) => {
        const c = expectEnvelopeAgreement(message, protocol, method);
        expectPayloadAgreement(message, c, protocol, method);
      }),
      { numRuns: 4000 },
    );
  });

  it('on the same messages when the method a result answers is not known', () => {
    fc.assert(
      fc.property(
        richMessageArb,
        protocolArb,
        ({ message }, protocol) => void expectEnvelopeAgreement(message, protocol),
      ),
      { numRuns: 1500 },
    );
  });
});
