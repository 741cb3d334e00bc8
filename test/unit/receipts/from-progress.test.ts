import { describe, expect, it } from 'vitest';
import { createReceipt } from '../../../src/receipts/create.ts';
import { receiptDraftFromProgress } from '../../../src/receipts/from-progress.ts';
import { readReceipt, serializeReceipt } from '../../../src/receipts/schema.ts';
import type { Progress } from '../../../src/progress/schema.ts';

const AT = '2026-11-30T09:00:00.000Z';
const LATER = '2026-11-30T09:30:00.000Z';
const NOW = '2026-11-30T12:00:00.000Z';

/** A hand-written progress document (format version 3, as src/progress/README.md documents it). */
const progress: Progress = {
  format: 'mcp-message-lab/progress',
  version: 3,
  updatedAt: LATER,
  chapters: {
    'error-semantics-and-retries': {
      selfMark: { canExplain: true, at: LATER },
      checks: {
        completion: {
          passed: false,
          correct: 1,
          total: 3,
          answers: { 'timeout-meaning': { choice: 'unknown' }, 'cancel-on-stdio': { kind: 'request' } },
          at: AT,
        },
      },
      widgets: {
        'ch05-table': {
          kind: 'decision-table',
          // Two cells answered, one of them wrong; hints opened twice; the solution not opened; checked once.
          state: {
            answers: { 'unknown-method': { layer: 'method-dispatch', retry: 'with-backoff', userSees: '' } },
            hintLevel: 2,
            attempted: true,
            checked: true,
            solution: false,
            passed: false,
          },
          done: false,
          at: AT,
        },
        'classify-cancelled-after-timeout-stdio-2026-07-28': {
          kind: 'classify-fixture',
          state: {},
          done: true,
          at: AT,
        },
        'old-table': { kind: 'decision-table', state: { answers: {} }, done: false, at: AT },
      },
      codeLabs: {},
    },
    'message-shapes': {
      checks: { completion: { passed: true, correct: 0, total: 0, at: AT } },
      widgets: {},
      codeLabs: {},
    },
  },
};

const TABLES = { 'error-semantics-and-retries': { 'ch05-table': ['unknown-method', 'malformed-incident-id'] } };

describe('receiptDraftFromProgress', () => {
  const { draft, leftOut } = receiptDraftFromProgress(progress, TABLES, {
    course: { title: 'MCP Message Lab', version: '0.1.0' },
    learner: 'Ada',
    now: NOW,
  });

  it('records the self-mark, the check with its answers and claimed grade, and the table with its grade', () => {
    expect(draft.chapters['error-semantics-and-retries']).toEqual({
      selfMark: 'can-explain',
      selfMarkedAt: LATER,
      check: {
        answers: { 'timeout-meaning': { choice: 'unknown' }, 'cancel-on-stdio': { kind: 'request' } },
        grade: { correct: 1, total: 3, passed: false },
        submittedAt: AT,
      },
      tables: {
        'ch05-table': {
          scenarios: ['unknown-method', 'malformed-incident-id'],
          cells: { 'unknown-method': { layer: 'method-dispatch', retry: 'with-backoff' } },
          // Six cells: the right layer is the only correct one (with-backoff is wrong, the rest unanswered).
          grade: { correct: 1, total: 6, passed: false },
          hints: 2,
          solutionShown: false,
          updatedAt: AT,
        },
      },
      hints: 2,
      solutions: 0,
      updatedAt: LATER,
    });
  });

  it('lists what it could not put in the receipt', () => {
    expect(leftOut).toEqual([
      'error-semantics-and-retries: decision table "old-table" is no longer in the chapter.',
      'message-shapes: the check was recorded without its answers (saved by an older version), so it cannot be re-graded.',
    ]);
    expect(draft.chapters['message-shapes']).toBeUndefined();
  });

  it('seals into a receipt that reads back as valid', () => {
    const receipt = createReceipt(draft);
    expect(readReceipt(serializeReceipt(receipt))).toEqual({ kind: 'receipt', receipt });
    expect(receipt.learner).toBe('Ada');
  });
});

describe('receiptDraftFromProgress, with what progress format 3 records about help', () => {
  const withHelp: Progress = {
    format: 'mcp-message-lab/progress',
    version: 3,
    updatedAt: LATER,
    chapters: {
      'error-semantics-and-retries': {
        checks: {},
        widgets: {
          'ch05-table': {
            kind: 'decision-table',
            state: { answers: { 'unknown-method': { layer: 'method-dispatch' } }, hintLevel: 0 },
            done: false,
            // Adopted from a classmate's link: the answers held now are not this learner's work.
            assist: { hints: 1, solutionShown: false, linkLoaded: true, imported: false },
            at: AT,
          },
          'classify-ping': {
            kind: 'classify-fixture',
            state: {},
            done: true,
            assist: { hints: 2, solutionShown: true, linkLoaded: false, imported: false },
            at: AT,
          },
        },
        codeLabs: {
          '06-retry-safety': {
            passed: true,
            attempts: 4,
            assist: { hints: 3, solutionShown: false, linkLoaded: false, imported: true },
            at: LATER,
          },
        },
      },
    },
  };
  const { draft } = receiptDraftFromProgress(withHelp, TABLES, {
    course: { title: 'MCP Message Lab', version: '0.1.0' },
    now: NOW,
  });
  const chapter = draft.chapters['error-semantics-and-retries']!;

  it("labels a table whose answers came from someone's link, with the help the store recorded", () => {
    expect(chapter.tables!['ch05-table']).toMatchObject({ fromLink: true, hints: 1, solutionShown: false });
    expect(chapter.tables!['ch05-table']!.imported).toBeUndefined();
  });

  it('records each code lab as run, with its help and whether the code was imported', () => {
    expect(chapter.codeLabs).toEqual({
      '06-retry-safety': { passed: true, attempts: 4, hints: 3, solutionShown: false, imported: true, at: LATER },
    });
  });

  it("counts every widget's and lab's hints and solutions in the chapter's totals", () => {
    expect(chapter.hints).toBe(1 + 2 + 3);
    expect(chapter.solutions).toBe(1);
  });

  it('seals into a version 4 receipt that reads back as valid', () => {
    const receipt = createReceipt(draft);
    expect(receipt.version).toBe(4);
    expect(readReceipt(serializeReceipt(receipt))).toEqual({ kind: 'receipt', receipt });
  });
});
