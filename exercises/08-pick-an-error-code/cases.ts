/**
 * The test cases for exercise 08, shared by vitest (pick-an-error-code.test.ts) and the in-page code lab.
 * What a code means is the message model's call (classifyErrorCode); this file only says which class each failure needs.
 */
import { classifyErrorCode, type CodeClass } from '#message-model';
import type { Failure } from './pick-an-error-code.solution.ts';

/** The exercise's API: what the learner's file exports. */
export interface Exercise {
  codeFor(failure: Failure): number;
}

/** The names the learner's file must export. */
export const EXPORTS = ['codeFor'] as const;

/** One test: a name that reads as a sentence, and a check that throws a helpful error when the answer is wrong. */
export interface LabCase {
  name: string;
  run(exercise: Exercise): void;
}

/** What each failure is, in the model's vocabulary of code classes (and the spec name, for MCP's own code). */
const NEEDS: Record<Failure, { codeClass: CodeClass; name?: string; what: string }> = {
  'not-json': { codeClass: 'parse-error', what: 'the body is not JSON' },
  'not-a-request': { codeClass: 'invalid-request', what: 'the JSON is not a request object' },
  'unknown-method': { codeClass: 'method-not-found', what: 'the method does not exist' },
  'bad-params': { codeClass: 'invalid-params', what: 'the params do not match the method' },
  'handler-crashed': { codeClass: 'internal-error', what: 'the handler threw unexpectedly' },
  'unsupported-version': {
    codeClass: 'mcp-defined',
    name: 'UnsupportedProtocolVersion',
    what: 'the request asks for a protocol version the server does not support',
  },
  'incident-locked': {
    codeClass: 'application',
    what: 'the incident is locked by another responder (your own failure)',
  },
  'quota-exhausted': {
    codeClass: 'application',
    what: 'the team has used its escalations for the day (your own failure)',
  },
};

function expectCode(exercise: Exercise, failure: Failure): void {
  const need = NEEDS[failure];
  const code = exercise.codeFor(failure);
  if (!Number.isInteger(code))
    throw new Error(`codeFor("${failure}") returned ${JSON.stringify(code)}; a JSON-RPC error code is an integer.`);
  const info = classifyErrorCode(code, '2026-07-28');
  if (info.codeClass !== need.codeClass || (need.name !== undefined && info.name !== need.name)) {
    throw new Error(
      `For "${failure}" (${need.what}) you chose ${code}, which the model classifies as ${info.codeClass}${info.name ? ` (${info.name})` : ''}: ${info.meaning} This failure needs a code of class ${need.codeClass}${need.name ? ` named ${need.name}` : ''}.`,
    );
  }
}

const c = (name: string, failure: Failure): LabCase => ({ name, run: (ex) => expectCode(ex, failure) });

export const CASES: LabCase[] = [
  c('answers a body that is not JSON with the parse-error code', 'not-json'),
  c('answers JSON that is not a request with the invalid-request code', 'not-a-request'),
  c('answers an unknown method with the method-not-found code', 'unknown-method'),
  c('answers mismatched params with the invalid-params code', 'bad-params'),
  c('answers a crashed handler with the internal-error code', 'handler-crashed'),
  c('answers an unsupported protocol version with the code MCP defines for it', 'unsupported-version'),
  c('gives "incident-locked" an application code, outside the reserved range', 'incident-locked'),
  c('gives "quota-exhausted" an application code, outside the reserved range', 'quota-exhausted'),
  {
    name: 'gives the two application failures different codes',
    run(ex) {
      const a = ex.codeFor('incident-locked');
      const b = ex.codeFor('quota-exhausted');
      if (a === b)
        throw new Error(
          `Both of your own failures use ${a}; a client can only tell them apart, and react differently, by code.`,
        );
    },
  },
];
