/**
 * Predictions in receipts: a classify prediction and an HTTP-exchange prediction the learner made are carried by
 * the receipt and re-graded by the roster, like every other graded item. The right answers come from the course's
 * answer keys: content/exchanges/<id>.json `expected` (http, jsonrpc, brokenBy), written from the spec.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createReceipt } from '../../../src/receipts/create.ts';
import { receiptDraftFromProgress } from '../../../src/receipts/from-progress.ts';
import { gradeReceipt, type CourseData } from '../../../src/receipts/grade.ts';
import type { Progress } from '../../../src/progress/schema.ts';

const CH = 'errors-on-streamable-http';
const AT = '2026-11-30T09:00:00.000Z';
const NOW = '2026-11-30T12:00:00.000Z';

const exchangeFile = (id: string) =>
  JSON.parse(readFileSync(new URL(`../../../content/exchanges/${id}.json`, import.meta.url), 'utf8')) as {
    protocol: string;
    exchange: unknown;
  };

const COURSE: CourseData = {
  title: 'MCP Message Lab',
  version: '1.2.3',
  chapters: [{ id: CH, title: 'Errors on Streamable HTTP' }],
  checks: {},
  fixtureTexts: {},
  grading: {
    chapters: [
      {
        id: CH,
        tables: [],
        classify: [],
        exchanges: ['http-unknown-method-404', 'http-tool-call-stream'],
        codeLabs: [],
      },
    ],
    checks: {},
    fixtureTexts: {},
    exchangeFixtures: Object.fromEntries(
      ['http-unknown-method-404', 'http-tool-call-stream'].map((id) => {
        const { protocol, exchange } = exchangeFile(id);
        return [id, { protocol, exchange }];
      }),
    ),
  },
};

/** Two predictions: the 404 one right by its answer key (http error, JSON-RPC error, nobody broke a rule), the
 * stream one wrong (its key says the status line means success, not an error). */
const progress: Progress = {
  format: 'mcp-message-lab/progress',
  version: 3,
  updatedAt: AT,
  chapters: {
    [CH]: {
      checks: {},
      codeLabs: {},
      widgets: {
        'http-http-unknown-method-404': { kind: 'http-exchange', state: {}, done: true, at: AT },
        'http-http-tool-call-stream': { kind: 'http-exchange', state: {}, done: true, at: AT },
      },
      graded: {
        'http-http-unknown-method-404': {
          kind: 'http-exchange-prediction',
          answers: { exchange: 'http-unknown-method-404', status: 'error', body: 'error', broken: 'nobody' },
          correct: 3,
          total: 3,
          passed: true,
          at: AT,
        },
        'http-http-tool-call-stream': {
          kind: 'http-exchange-prediction',
          answers: { exchange: 'http-tool-call-stream', status: 'error', body: 'result', broken: 'nobody' },
          correct: 2,
          total: 3,
          passed: false,
          at: AT,
        },
      },
    },
  },
};

describe('HTTP-exchange predictions in receipts', () => {
  it('are carried by the receipt and counted by the roster, one right and one wrong', () => {
    const { draft } = receiptDraftFromProgress(
      progress,
      {},
      { course: { title: 'MCP Message Lab', version: '1.2.3' }, now: NOW },
    );
    const entry = gradeReceipt(createReceipt(draft), COURSE, 'ada.json');
    expect(entry.kind).toBe('counted');
    if (entry.kind !== 'counted') return;
    expect(entry.chapters[CH]?.predictions).toEqual({ correct: 1, total: 2 });
    expect(entry.chapters[CH]?.status).toBe('started');
  });
});
