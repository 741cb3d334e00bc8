/**
 * The test cases for exercise 05, shared by vitest (input-required.test.ts) and the in-page code lab.
 * What a response is, and whether a retry is a valid request, is the message model's call.
 */
import { canonicalJson, classifyMessage } from '#message-model';
import type { NextStep, ToolCallRequest } from './input-required.solution.ts';

/** The exercise's API: what the learner's file exports. */
export interface Exercise {
  nextStep(responseText: string): NextStep;
  buildRetry(
    original: ToolCallRequest,
    inputResponses: Record<string, unknown>,
    requestState: string | undefined,
  ): ToolCallRequest;
}

/** The names the learner's file must export. */
export const EXPORTS = ['nextStep', 'buildRetry'] as const;

/** One test: a name that reads as a sentence, and a check that throws a helpful error when the answer is wrong. */
export interface LabCase {
  name: string;
  run(exercise: Exercise): void;
}

const show = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 400 ? `${s.slice(0, 400)}…` : s;
};

/** What the model says the client should do next; the input keys are read from the message itself. */
function expectedStep(text: string): NextStep {
  const model = classifyMessage(text, { protocol: '2026-07-28' });
  // A response whose envelope or payload breaks the spec (an error finding) cannot be acted on, except a missing
  // resultType: the server broke its MUST, but "clients MUST treat an absent `resultType` as \"complete\""
  // (2026-07-28 basic/index.mdx §ResultType).
  const broken = model.findings.some((f) => f.severity === 'error' && f.id !== 'result-type-missing');
  if (model.kind !== 'result' || broken) return { action: 'not-usable' };
  if (model.resultType !== 'input_required') return { action: 'use-result' };
  const result = (JSON.parse(text) as { result: { inputRequests?: Record<string, unknown>; requestState?: string } })
    .result;
  const step: NextStep = { action: 'fulfil-and-retry', inputKeys: Object.keys(result.inputRequests ?? {}) };
  if (result.requestState !== undefined) step.requestState = result.requestState;
  return step;
}

function sameStep(a: NextStep, b: unknown): boolean {
  if (typeof b !== 'object' || b === null) return false;
  const other = b as Record<string, unknown>;
  if (a.action !== other.action) return false;
  if (a.action !== 'fulfil-and-retry') return Object.keys(other).every((k) => k === 'action');
  const keys = Array.isArray(other.inputKeys) ? [...other.inputKeys].sort() : other.inputKeys;
  return canonicalJson(keys) === canonicalJson([...a.inputKeys].sort()) && other.requestState === a.requestState;
}

/** The messages this exercise shows broken on purpose: the markup test/unit/content/course-messages.test.ts reads. */
export const MEANT_BROKEN = new Set<string>();
/** Marks a message (text or value) as broken on purpose and returns it unchanged. */
function broken<T>(message: T): T {
  MEANT_BROKEN.add(typeof message === 'string' ? message : JSON.stringify(message));
  return message;
}

function expectStep(exercise: Exercise, response: unknown): void {
  const text = typeof response === 'string' ? response : JSON.stringify(response);
  const model = classifyMessage(text, { protocol: '2026-07-28' });
  const expected = expectedStep(text);
  const got = exercise.nextStep(text);
  if (!sameStep(expected, got)) {
    const why = model.findings.find((f) => f.severity === 'error')?.message ?? model.explanation;
    throw new Error(`nextStep(${show(text)}) returned ${show(got)}; expected ${show(expected)}. The model: ${why}`);
  }
}

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  'io.modelcontextprotocol/clientInfo': { name: 'lab-client', version: '1.0.0' },
};

const original: ToolCallRequest = {
  jsonrpc: '2.0',
  id: 12,
  method: 'tools/call',
  params: { name: 'close_incident', arguments: { incidentId: 'INC-1234' }, _meta: meta },
};

const ok = (result: Record<string, unknown>) => ({ jsonrpc: '2.0', id: 12, result });
const confirm = {
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'Close INC-1234?',
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } },
  },
};

const step = (name: string, response: unknown): LabCase => ({ name, run: (ex) => expectStep(ex, response) });

export const CASES: LabCase[] = [
  step('uses a complete result', ok({ resultType: 'complete', content: [{ type: 'text', text: 'Closed.' }] })),
  step(
    'treats a result without resultType (an older server) as complete',
    // The server broke its MUST (the result has no resultType); the client still reads it as complete.
    broken(ok({ content: [{ type: 'text', text: 'Closed.' }] })),
  ),
  step(
    'continues an input_required result, listing its input keys',
    ok({ resultType: 'input_required', inputRequests: { confirm } }),
  ),
  step(
    'keeps requestState exactly as received',
    ok({
      resultType: 'input_required',
      inputRequests: { confirm, roots: { method: 'roots/list' } },
      requestState: 'eyJzdGVwIjoyfQ.c2ln',
    }),
  ),
  step(
    'continues an input_required result that carries only requestState',
    ok({ resultType: 'input_required', requestState: 'opaque-7' }),
  ),
  step(
    'rejects input_required with neither inputRequests nor requestState',
    broken(ok({ resultType: 'input_required' })),
  ),
  step(
    'rejects an input request for a method a server may not ask for',
    broken(
      ok({ resultType: 'input_required', inputRequests: { again: { method: 'tools/call', params: { name: 'x' } } } }),
    ),
  ),
  step('rejects a resultType it does not know', broken(ok({ resultType: 'partial', content: [] }))),
  step('does not use an error response', {
    jsonrpc: '2.0',
    id: 12,
    error: { code: -32602, message: 'Unknown tool: close_incident' },
  }),
  step('does not use text that is not JSON', broken('{"jsonrpc":"2.0","id":12,"result":{"resultType":"input_req')),
  {
    name: 'builds a retry that is a valid 2026-07-28 request',
    run(ex) {
      const retry = ex.buildRetry(original, { confirm: { action: 'accept', content: { confirm: true } } }, 'opaque-7');
      const model = classifyMessage(JSON.stringify(retry), { protocol: '2026-07-28' });
      const problem = model.findings.find((f) => f.severity === 'error');
      if (model.kind !== 'request' || model.reply.send !== 'response' || problem) {
        throw new Error(`The retry ${show(retry)} is not a valid request: ${problem?.message ?? model.explanation}`);
      }
    },
  },
  {
    name: 'gives the retry a new JSON-RPC id',
    run(ex) {
      const retry = ex.buildRetry(original, { confirm: { action: 'accept', content: { confirm: true } } }, undefined);
      if (retry?.id === original.id || retry?.id === undefined || retry?.id === null) {
        throw new Error(
          `The retry's id is ${show(retry?.id)}; the original's is ${original.id}. A retry is a new request, and its id MUST differ from the original's.`,
        );
      }
    },
  },
  {
    name: 'retries the same tool with the same arguments and _meta',
    run(ex) {
      const retry = ex.buildRetry(original, { confirm: { action: 'accept', content: { confirm: true } } }, 'opaque-7');
      const p = retry?.params;
      if (
        retry?.method !== 'tools/call' ||
        p?.name !== original.params.name ||
        canonicalJson(p?.arguments) !== canonicalJson(original.params.arguments) ||
        canonicalJson(p?._meta) !== canonicalJson(meta)
      ) {
        throw new Error(
          `The retry must repeat the original call (method, name, arguments, _meta); it is ${show(retry)}.`,
        );
      }
    },
  },
  {
    name: 'sends inputResponses and echoes requestState unchanged',
    run(ex) {
      const answers = { confirm: { action: 'accept', content: { confirm: true } } };
      const withState = ex.buildRetry(original, answers, 'opaque-7');
      if (
        canonicalJson(withState?.params?.inputResponses) !== canonicalJson(answers) ||
        withState?.params?.requestState !== 'opaque-7'
      ) {
        throw new Error(
          `params.inputResponses should be ${show(answers)} and params.requestState "opaque-7"; got ${show(withState?.params)}.`,
        );
      }
      const without = ex.buildRetry(original, answers, undefined);
      if (without?.params && 'requestState' in without.params) {
        throw new Error('With no requestState to echo, the retry should not carry a requestState member.');
      }
    },
  },
  {
    name: 'leaves the original request untouched',
    run(ex) {
      const before = JSON.stringify(original);
      ex.buildRetry(original, { confirm: { action: 'decline' } }, 'opaque-7');
      if (JSON.stringify(original) !== before)
        throw new Error(
          'buildRetry changed the original request; copy it instead (the original may still be logged or compared).',
        );
    },
  },
];
