/**
 * The test cases for exercise 02, shared by vitest (minimal-classify.test.ts) and the in-page code lab.
 * The expected shape always comes from the message model, never from this file.
 */
import { classifyMessage, type MessageKind } from '#message-model';
import type { Shape } from './minimal-classify.solution.ts';

/** The exercise's API: what the learner's file exports. */
export interface Exercise {
  classify(message: unknown): Shape;
}

/** The names the learner's file must export. */
export const EXPORTS = ['classify'] as const;

/** One test: a name that reads as a sentence, and a check that throws a helpful error when the answer is wrong. */
export interface LabCase {
  name: string;
  run(exercise: Exercise): void;
}

/** The model's kinds folded into the three shapes (and invalid). */
const SHAPE_OF: Record<MessageKind, Shape> = {
  request: 'request',
  notification: 'notification',
  result: 'response',
  error: 'response',
  invalid: 'invalid',
  'parse-error': 'invalid',
  batch: 'invalid',
};

/** The messages this exercise shows broken on purpose: the markup test/unit/content/course-messages.test.ts reads. */
export const MEANT_BROKEN = new Set<string>();
/** Marks a message value as broken on purpose and returns it unchanged (the model reads it as JSON.stringify's text). */
function broken<T>(message: T): T {
  MEANT_BROKEN.add(JSON.stringify(message));
  return message;
}

function expectShape(exercise: Exercise, message: unknown): void {
  // The model reads text; the value goes through JSON.stringify so both see exactly the same message.
  const text = JSON.stringify(message);
  const model = classifyMessage(text, { protocol: 'jsonrpc-2.0' });
  const expected = SHAPE_OF[model.kind];
  const got = exercise.classify(message);
  if (got !== expected) {
    const why = model.findings.find((f) => f.severity === 'error')?.message ?? model.explanation;
    throw new Error(
      `classify(${text}) returned ${JSON.stringify(got)}, but the model says "${expected}" (kind "${model.kind}"). ${why}`,
    );
  }
}

const c = (name: string, message: unknown): LabCase => ({ name, run: (ex) => expectShape(ex, message) });
/** A case whose message is broken on purpose. */
const bad = (name: string, message: unknown): LabCase => c(name, broken(message));

export const CASES: LabCase[] = [
  c('calls a method with an id a request', { jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  c('calls a method without an id a notification', {
    jsonrpc: '2.0',
    method: 'notifications/progress',
    params: { progress: 1 },
  }),
  c('calls a result with an id a response', { jsonrpc: '2.0', id: 1, result: { tools: [] } }),
  c('calls an error with an id a response', {
    jsonrpc: '2.0',
    id: 'a',
    error: { code: -32601, message: 'Method not found' },
  }),
  c('calls an error with id null a response (the id could not be read)', {
    jsonrpc: '2.0',
    id: null,
    error: { code: -32700, message: 'Parse error' },
  }),
  c('accepts a null result: any JSON value is a result', { jsonrpc: '2.0', id: 2, result: null }),
  c('calls a request with id 0 a request', { jsonrpc: '2.0', id: 0, method: 'tools/list' }),
  bad('rejects a message without "jsonrpc"', { id: 1, method: 'tools/list' }),
  bad('rejects "jsonrpc": "1.0"', { jsonrpc: '1.0', id: 1, method: 'tools/list' }),
  bad('rejects a response that has both result and error', {
    jsonrpc: '2.0',
    id: 3,
    result: {},
    error: { code: -32603, message: 'Internal error' },
  }),
  bad('rejects an object with a method and a result', { jsonrpc: '2.0', id: 4, method: 'tools/list', result: {} }),
  bad('rejects an object with neither method, result nor error', { jsonrpc: '2.0', id: 5 }),
  bad('rejects a method that is not a string', { jsonrpc: '2.0', method: 42 }),
  bad('rejects params that are a string', { jsonrpc: '2.0', id: 6, method: 'subtract', params: 'bar' }),
  bad('rejects an id that is an object', { jsonrpc: '2.0', id: { n: 1 }, method: 'tools/list' }),
  bad('rejects a result without an id', { jsonrpc: '2.0', result: 'done' }),
  bad('rejects an error whose code is not an integer', {
    jsonrpc: '2.0',
    id: 7,
    error: { code: 'E_FAIL', message: 'Failed' },
  }),
  bad('rejects an error without a message', { jsonrpc: '2.0', id: 8, error: { code: -32000 } }),
  bad('rejects a value that is not an object', 'tools/list'),
  bad('rejects null', null),
];
