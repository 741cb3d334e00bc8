/**
 * Hand-made course data and receipts for the receipt tests. The expected grades in the tests are worked out by
 * hand from the decision table's canonical answers (the model's scenario bank) and from the checks below.
 */
import { createReceipt } from '../../../src/receipts/create.ts';
import type { CourseData } from '../../../src/receipts/grade.ts';
import type { ChapterReceipt, Receipt } from '../../../src/receipts/schema.ts';

export const COURSE: CourseData = {
  title: 'MCP Message Lab',
  version: '1.2.3',
  chapters: [
    { id: '01-shapes', title: 'Shapes' },
    { id: '05-retries', title: 'Retries' },
    { id: 'faq', title: 'FAQ' },
  ],
  checks: {
    '01-shapes': {
      chapter: '01-shapes',
      questions: [
        {
          id: 'notification',
          type: 'classify',
          fixture: 'note',
          protocol: '2026-07-28',
          ask: ['kind', 'reply'],
          prompt: 'What is this, and what is owed?',
        },
        {
          id: 'null-id',
          type: 'choice',
          prompt: 'May an MCP request id be null?',
          options: [
            { id: 'no', text: 'No', correct: true, why: 'MCP request ids are strings or integers.' },
            { id: 'yes', text: 'Yes', correct: false, why: 'JSON-RPC allows it; MCP does not.' },
          ],
        },
      ],
    },
    '05-retries': {
      chapter: '05-retries',
      questions: [
        { id: 'table', type: 'decision-table', scenarios: ['unknown-method', 'lost-response-after-write'] },
        {
          id: 'why',
          type: 'self-assessed',
          prompt: 'Justify the lost-response retry.',
          rubric: ['new id', 'same key'],
        },
      ],
    },
  },
  fixtureTexts: {
    note: '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":5}}',
  },
};

/** The canonical answers for the two rows of chapter 5's check (from the model's scenario bank). */
export const RIGHT_TABLE = {
  'unknown-method': { layer: 'method-dispatch', userSees: 'integration-error', retry: 'never-as-is' },
  'lost-response-after-write': {
    layer: 'client-timeout',
    userSees: 'outcome-unknown-checking',
    retry: 'same-idempotency-key',
  },
};

/** The same table with the two retry cells wrong in the ways the misconceptions predict. */
export const WRONG_TABLE = {
  'unknown-method': { layer: 'method-dispatch', userSees: 'integration-error', retry: 'with-backoff' },
  'lost-response-after-write': {
    layer: 'client-timeout',
    userSees: 'outcome-unknown-checking',
    retry: 'freely-with-new-id',
  },
};

const AT = '2026-11-30T10:00:00.000Z';

/** A learner who passes chapter 1 and chapter 5. */
export function goodChapters(): Record<string, ChapterReceipt> {
  return {
    '01-shapes': {
      selfMark: 'can-explain',
      selfMarkedAt: AT,
      check: {
        answers: { notification: { kind: 'notification', reply: { send: 'nothing' } }, 'null-id': { choice: 'no' } },
        grade: { correct: 2, total: 2, passed: true },
        submittedAt: AT,
      },
      hints: 0,
      solutions: 0,
      updatedAt: AT,
    },
    '05-retries': {
      check: {
        answers: {
          table: { table: RIGHT_TABLE },
          why: { text: 'A new JSON-RPC id, the same idempotency key.', rubricMet: [true, true] },
        },
        grade: { correct: 1, total: 1, passed: true },
        submittedAt: AT,
      },
      tables: {
        'retries-practice': {
          scenarios: ['unknown-method'],
          cells: {
            'unknown-method': { layer: 'jsonrpc-envelope', userSees: 'integration-error', retry: 'never-as-is' },
          },
          grade: { correct: 2, total: 3, passed: false },
          hints: 1,
          solutionShown: false,
          updatedAt: AT,
        },
      },
      hints: 1,
      solutions: 0,
      updatedAt: AT,
    },
  };
}

/** A learner who fails chapter 5's table on both retry cells and only opened chapter 1. */
export function strugglingChapters(): Record<string, ChapterReceipt> {
  return {
    '01-shapes': { hints: 2, solutions: 1, updatedAt: AT },
    '05-retries': {
      check: {
        answers: { table: { table: WRONG_TABLE } },
        grade: { correct: 0, total: 1, passed: false },
        submittedAt: AT,
      },
      hints: 3,
      solutions: 1,
      updatedAt: AT,
    },
  };
}

export function receiptFor(
  learner: string | undefined,
  chapters: Record<string, ChapterReceipt>,
  createdAt = AT,
  version = COURSE.version,
): Receipt {
  return createReceipt({
    course: { title: COURSE.title, version },
    ...(learner ? { learner } : {}),
    createdAt,
    chapters,
  });
}
