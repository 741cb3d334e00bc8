/**
 * The worked examples of JSON-RPC 2.0 §7 (test/data/jsonrpc-spec-examples.json, copied from the course's reference
 * data), classified with protocol 'jsonrpc-2.0': each classification's `reply` must match the response the spec
 * shows, order-insensitively for batches (§6).
 *
 * Deriving the expected reply from the spec's response:
 * - no response (`expect: null`)                 → { send: 'nothing' }
 * - a result with id X                           → { send: 'response', id: X }
 * - error -32700 or -32600 with id X             → { send: 'error', code, id: X }: decided from the message alone
 * - any other error (-32601 Method not found…)   → { send: 'response', id: X }: a response is owed, and which one
 *   depends on what the server implements, which no classifier can know (so it never guesses -32601)
 * - an array                                     → { send: 'batch', items: [...] }, each element derived as above
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { classifyMessage, describeReply, sameReply, type Reply } from '#message-model';

const ExampleResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  result: z.unknown().optional(),
  error: z.object({ code: z.int(), message: z.string() }).optional(),
});
const ExampleSchema = z.object({
  case: z.string(),
  send: z.string(),
  expect: z.union([z.null(), ExampleResponseSchema, z.array(ExampleResponseSchema).min(1)]),
  order_matters: z.boolean().optional(),
});
const examples = z
  .array(ExampleSchema)
  .parse(JSON.parse(readFileSync(new URL('../../data/jsonrpc-spec-examples.json', import.meta.url), 'utf8')));

/** Codes a receiver decides from the message alone, before any method is looked up. */
const MESSAGE_LEVEL_CODES = new Set([-32700, -32600]);

function expectedReply(response: z.infer<typeof ExampleResponseSchema>): Reply {
  if (response.error && MESSAGE_LEVEL_CODES.has(response.error.code))
    return { send: 'error', code: response.error.code, id: response.id };
  return { send: 'response', id: response.id };
}

function derive(expected: z.infer<typeof ExampleSchema>['expect']): Reply {
  if (expected === null) return { send: 'nothing' };
  if (Array.isArray(expected)) return { send: 'batch', items: expected.map(expectedReply) };
  return expectedReply(expected);
}

describe('the JSON-RPC 2.0 §7 examples', () => {
  it('are all here: fifteen cases, two of them not JSON', () => {
    expect(examples).toHaveLength(15);
    expect(
      examples.filter((e) => classifyMessage(e.send, { protocol: 'jsonrpc-2.0' }).kind === 'parse-error'),
    ).toHaveLength(2);
  });

  it.each(examples.map((e) => [e.case, e] as const))('%s', (_name, example) => {
    const c = classifyMessage(example.send, { protocol: 'jsonrpc-2.0' });
    const want = derive(example.expect);
    expect(
      sameReply(c.reply, want),
      `got ${describeReply(c.reply)} (${JSON.stringify(c.reply)}), want ${describeReply(want)} (${JSON.stringify(want)})`,
    ).toBe(true);
  });

  it('answers the non-existent method with a response owed, and says the id', () => {
    const example = examples.find((e) => e.case === 'rpc call of non-existent method')!;
    const c = classifyMessage(example.send, { protocol: 'jsonrpc-2.0' });
    expect(c.kind).toBe('request');
    expect(c.reply).toEqual({ send: 'response', id: '1' });
  });

  it('classifies the mixed batch element by element', () => {
    const example = examples.find((e) => e.case === 'rpc call Batch')!;
    const c = classifyMessage(example.send, { protocol: 'jsonrpc-2.0' });
    expect(c.kind).toBe('batch');
    if (c.kind === 'batch')
      expect(c.items.map((i) => i.kind)).toEqual([
        'request',
        'notification',
        'request',
        'invalid',
        'request',
        'request',
      ]);
  });

  it('turns every example into a batch-unsupported or single-message verdict under MCP', () => {
    // Not conformance tests for MCP: MCP has no batches (removed in 2025-06-18, changelog) and its params are
    // always an object (basic/index.mdx §Requests types `params` as an object with string keys).
    const batch = examples.find((e) => e.case === 'rpc call Batch')!;
    const c = classifyMessage(batch.send, { protocol: '2025-11-25' });
    // MCP removed batching in 2025-06-18 and says nothing about how an array is answered.
    expect(c.reply).toEqual({ send: 'unspecified' });
    const positional = examples.find((e) => e.case.startsWith('rpc call with positional parameters'))!;
    expect(classifyMessage(positional.send, { protocol: '2025-11-25' }).kind).toBe('invalid');
  });
});
