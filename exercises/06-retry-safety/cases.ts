/**
 * The test cases for exercise 06, shared by vitest (retry-safety.test.ts) and the in-page code lab.
 * Each case is a decision-table scenario of the message model; its grader decides whether the answer is right.
 */
import { RETRY_POLICIES, getScenario, gradeDecisionTable, type RetryPolicy } from '#course';
import type { FailureReport } from './retry-safety.solution.ts';

/** The exercise's API: what the learner's file exports. */
export interface Exercise {
  retryPolicy(report: FailureReport): RetryPolicy;
}

/** The names the learner's file must export. */
export const EXPORTS = ['retryPolicy'] as const;

/** One test: a name that reads as a sentence, and a check that throws a helpful error when the answer is wrong. */
export interface LabCase {
  name: string;
  run(exercise: Exercise): void;
}

/** What the client saw in each scenario of the model's decision table (the scenario's situation, as data). */
const REPORTS: Record<string, FailureReport> = {
  'unknown-method': { seen: 'error-response', method: 'incidents/escalate', code: -32601 },
  'unknown-tool': { seen: 'error-response', method: 'tools/call', code: -32602 },
  'unsupported-protocol-version': {
    seen: 'error-response',
    method: 'tools/call',
    code: -32022,
    data: { supported: ['2026-07-28'] },
  },
  'malformed-incident-id': {
    seen: 'tool-error',
    tool: { name: 'get_incident', readOnlyHint: true },
    cause: 'invalid-input',
  },
  'backend-unavailable': {
    seen: 'tool-error',
    tool: { name: 'get_incident', readOnlyHint: true },
    cause: 'backend-unavailable',
  },
  'rate-limited-backend': {
    seen: 'tool-error',
    tool: { name: 'create_ticket', readOnlyHint: false },
    cause: 'rate-limited',
  },
  'read-timeout': { seen: 'timeout', tool: { name: 'get_incident', readOnlyHint: true } },
  'lost-response-after-write': { seen: 'timeout', tool: { name: 'create_ticket', readOnlyHint: false } },
};

function expectPolicy(exercise: Exercise, scenarioId: string): void {
  const report = REPORTS[scenarioId]!;
  const scenario = getScenario(scenarioId);
  const got = exercise.retryPolicy(report);
  const grade = gradeDecisionTable({ [scenarioId]: { retry: got } }, [scenarioId]);
  if (grade.kind !== 'graded') throw new Error(grade.message);
  const cell = grade.cells.find((c) => c.column === 'retry');
  if (cell?.verdict === 'correct') return;
  const given =
    cell?.verdict === 'not-an-option'
      ? `${JSON.stringify(got)} is not a retry policy; use one of ${RETRY_POLICIES.join(', ')}.`
      : `You answered "${got}". ${cell?.feedback ?? ''}`;
  throw new Error(`${scenario?.situation ?? scenarioId} Report: ${JSON.stringify(report)}. ${given}`);
}

const c = (name: string, scenarioId: string): LabCase => ({ name, run: (ex) => expectPolicy(ex, scenarioId) });

export const CASES: LabCase[] = [
  c('never retries -32601 Method not found as is', 'unknown-method'),
  c('never retries an unknown tool (-32602, a protocol error) as is', 'unknown-tool'),
  c('retries -32022 after switching to a supported version', 'unsupported-protocol-version'),
  c('retries an invalid-input tool error only with corrected arguments', 'malformed-incident-id'),
  c('retries an unavailable backend later, with backoff', 'backend-unavailable'),
  c('retries a rate-limited backend later, with backoff', 'rate-limited-backend'),
  c('re-issues a timed-out read at once with a new id', 'read-timeout'),
  c('retries a timed-out write only with the same idempotency key', 'lost-response-after-write'),
];
