/**
 * The right answers to chapter 5's practice decision table (`ch05-table`, the course's four rows), written by hand
 * from the chapter and the spec, never read from the scenario bank the grader uses: an unknown method is a -32601
 * from dispatch (never retried as is); bad tool input is a tool error the model corrects (SEP-1303); a refused
 * backend connection changed nothing (retry with backoff); a lost response after a write leaves the outcome unknown
 * (a new JSON-RPC id, the same idempotency key). Shared by the unit tests of the grader and of the workshop server, and
 * by the browser tests.
 */

/** A decision-table row's three columns. */
export type TableColumn = 'layer' | 'userSees' | 'retry';

/** Answers by scenario id, each row's cells possibly partial (as a learner leaves them). */
export type TableAnswers = Record<string, Partial<Record<TableColumn, string>>>;

export const CH05_RIGHT: Record<string, Record<TableColumn, string>> = {
  'unknown-method': { layer: 'method-dispatch', userSees: 'integration-error', retry: 'never-as-is' },
  'malformed-incident-id': {
    layer: 'tool-input-validation',
    userSees: 'model-corrects-input',
    retry: 'after-correcting-input',
  },
  'backend-unavailable': { layer: 'tool-backend', userSees: 'try-again-later', retry: 'with-backoff' },
  'lost-response-after-write': {
    layer: 'client-timeout',
    userSees: 'outcome-unknown-checking',
    retry: 'same-idempotency-key',
  },
};

/** One row of the table, "backend unavailable", answered as CH05_RIGHT has it: for tests that post a single row. */
export const CH05_ONE_ROW_RIGHT: Record<string, Record<TableColumn, string>> = {
  'backend-unavailable': CH05_RIGHT['backend-unavailable']!,
};

/** The same row wrong in every column: a transport failure, shown as an integration error, never retried. */
export const CH05_ONE_ROW_WRONG: Record<string, Record<TableColumn, string>> = {
  'backend-unavailable': { layer: 'transport', userSees: 'integration-error', retry: 'never-as-is' },
};
