/**
 * "Reveal the class's answers": the counts per cell for the item in focus, written by hand from the answers each
 * test sends. The course's answer for a cell comes from its answer key (content/scenarios/tool-calls.json), as
 * test/support/ch05-table.ts writes it by hand: a refused backend connection is noticed by the tool backend, the
 * user is told to try again later, and a retry with backoff is safe.
 */
import { describe, expect, it } from 'vitest';
import { answerDistribution, applyAnswerEvent, cellsOf, createAnswersState } from '../../../src/room/pace-answers.ts';
import type { DashboardEvent } from '../../../src/room/live.ts';
import type { CellResult, Verdict } from '../../../src/room/verdict.ts';
import { CH05_RIGHT } from '../../support/ch05-table.ts';

const CH = 'error-semantics-and-retries';
const TABLE = { chapterId: CH, itemId: 'ch05-table' };
const RIGHT = CH05_RIGHT['backend-unavailable']!;

let nextId = 1;
function check(
  learnerId: string,
  cells: CellResult[],
  extra: { fromLink?: boolean } = {},
  itemId = 'ch05-table',
): DashboardEvent {
  const correct = cells.filter((c) => c.result === 'correct').length;
  const verdict: Verdict = {
    kind: 'decision-table',
    action: 'check',
    hintLevel: 0,
    outcome: correct === cells.length ? 'correct' : 'incorrect',
    correct,
    total: cells.length,
    cells,
    ...extra,
  };
  return { id: nextId++, learnerId, kind: 'decision-table', action: 'check', chapterId: CH, itemId, at: 0, verdict };
}

const layer = (v: string | undefined, r: CellResult['result']): CellResult => ({
  scenario: 'backend-unavailable',
  column: 'layer',
  ...(v ? { chosen: v } : {}),
  result: r,
});

describe('the class answers to one item', () => {
  it('counts each value chosen per cell, each learner once with their latest answer, the course answer marked', () => {
    const state = createAnswersState();
    // Ada first said transport, then changed to the right layer: only her latest answer counts.
    applyAnswerEvent(state, check('ada', [layer('transport', 'incorrect')]));
    applyAnswerEvent(state, check('ada', [layer(RIGHT.layer, 'correct')]));
    applyAnswerEvent(state, check('grace', [layer('transport', 'incorrect')]));
    applyAnswerEvent(state, check('alan', [layer('json-parser', 'incorrect')]));
    applyAnswerEvent(state, check('lin', [layer(undefined, 'unanswered')]));
    const out = answerDistribution(state, TABLE, () => true);
    expect(out.learners).toBe(4);
    expect(out.right).toBe(1);
    expect(out.cells).toHaveLength(1);
    const cell = out.cells[0]!;
    expect(cell).toMatchObject({ scenarioId: 'backend-unavailable', column: 'layer', blank: 1 });
    const counts = Object.fromEntries(cell.values.map((v) => [v.value, { count: v.count, correct: v.correct }]));
    expect(counts).toEqual({
      'tool-backend': { count: 1, correct: true },
      transport: { count: 1, correct: false },
      'json-parser': { count: 1, correct: false },
    });
  });

  it('marks the course answer even when nobody chose it', () => {
    const state = createAnswersState();
    applyAnswerEvent(
      state,
      check('ada', [{ scenario: 'backend-unavailable', column: 'retry', chosen: 'never-as-is', result: 'incorrect' }]),
    );
    const values = answerDistribution(state, TABLE, () => true).cells[0]!.values;
    expect(values).toEqual([
      { value: 'never-as-is', label: expect.any(String), count: 1, correct: false },
      { value: RIGHT.retry, label: expect.any(String), count: 0, correct: true },
    ]);
  });

  it('leaves out removed learners, answers from a shared link, and other items', () => {
    const state = createAnswersState();
    applyAnswerEvent(state, check('ada', [layer('transport', 'incorrect')]));
    applyAnswerEvent(state, check('grace', [layer('transport', 'incorrect')], { fromLink: true }));
    applyAnswerEvent(state, check('alan', [layer('transport', 'incorrect')], {}, 'another-table'));
    applyAnswerEvent(state, check('gone', [layer('transport', 'incorrect')]));
    const out = answerDistribution(state, TABLE, (id) => id !== 'gone');
    expect(out.learners).toBe(1);
    expect(out.cells[0]!.values.find((v) => v.value === 'transport')?.count).toBe(1);
  });

  it('counts a completion check per question: right, wrong, blank and self-assessed', () => {
    const state = createAnswersState();
    const completion = (learnerId: string, questions: { id: string; result: string }[]): DashboardEvent => ({
      id: nextId++,
      learnerId,
      kind: 'completion-check',
      action: 'check',
      chapterId: CH,
      itemId: 'completion',
      at: 0,
      verdict: { kind: 'completion-check', action: 'check', outcome: 'incorrect', questions },
    });
    applyAnswerEvent(
      state,
      completion('ada', [
        { id: 'q1', result: 'correct' },
        { id: 'q2', result: 'self-assessed' },
      ]),
    );
    applyAnswerEvent(
      state,
      completion('grace', [
        { id: 'q1', result: 'incorrect' },
        { id: 'q2', result: 'unanswered' },
      ]),
    );
    expect(answerDistribution(state, { chapterId: CH, itemId: 'completion' }, () => true).questions).toEqual([
      { id: 'q1', right: 1, wrong: 1, blank: 0, selfAssessed: 0 },
      { id: 'q2', right: 0, wrong: 0, blank: 1, selfAssessed: 1 },
    ]);
  });

  it('reads a verdict cell in words', () => {
    expect(
      cellsOf({
        kind: 'decision-table',
        action: 'check',
        hintLevel: 0,
        outcome: 'incorrect',
        cells: [layer('transport', 'incorrect')],
      }),
    ).toEqual([{ scenarioId: 'backend-unavailable', column: 'layer', chosen: 'transport', result: 'incorrect' }]);
  });
});

describe('cells nobody answered', () => {
  it('are left out: a learner who checked one cell of the table shows one cell', () => {
    const state = createAnswersState();
    applyAnswerEvent(
      state,
      check('ada', [
        layer('transport', 'incorrect'),
        { scenario: 'unknown-method', column: 'layer', result: 'unanswered' },
      ]),
    );
    const out = answerDistribution(state, TABLE, () => true);
    expect(out.cells.map((c) => `${c.scenarioId}/${c.column}`)).toEqual(['backend-unavailable/layer']);
  });
});
