/** decision-table.ts: the scenario bank, its closed vocabularies, and a grader that names misconceptions. */
import { describe, expect, it } from 'vitest';
import {
  DECISION_COLUMNS,
  DECISION_LABELS,
  DECISION_SCENARIOS,
  DEFAULT_SCENARIO_IDS,
  MISCONCEPTIONS,
  columnOptions,
  getScenario,
  gradeDecisionTable,
  hintFor,
  type DecisionAnswers,
} from '#course';
import { CH05_RIGHT } from '../../support/ch05-table.ts';

/** The course's canonical rows for chapter 5: the hand-written key the browser tests use too. */
const COURSE_ANSWERS: DecisionAnswers = CH05_RIGHT;

describe('the scenario bank', () => {
  it('holds the four course scenarios first and at least ten in all', () => {
    expect([...DEFAULT_SCENARIO_IDS]).toEqual([
      'unknown-method',
      'malformed-incident-id',
      'backend-unavailable',
      'lost-response-after-write',
    ]);
    expect(DECISION_SCENARIOS.length).toBeGreaterThanOrEqual(10);
    expect(new Set(DECISION_SCENARIOS.map((s) => s.id)).size).toBe(DECISION_SCENARIOS.length);
  });

  it('includes the scenarios the course needs beyond the first four', () => {
    for (const id of [
      'missing-meta-envelope',
      'unsupported-protocol-version',
      'unknown-tool',
      'read-timeout',
      'invalid-json-stdio',
      'rate-limited-backend',
    ]) {
      expect(getScenario(id), id).toBeDefined();
    }
  });

  it('answers every scenario from the closed vocabularies, with reasons, three hints and a spec reference', () => {
    for (const s of DECISION_SCENARIOS) {
      for (const column of DECISION_COLUMNS) {
        expect(columnOptions(column), `${s.id}.${column}`).toContain(s.answer[column]);
        expect(s.reasoning[column].length, `${s.id}.${column}`).toBeGreaterThan(20);
      }
      expect(s.hints).toHaveLength(3);
      expect(s.spec.length).toBeGreaterThan(0);
    }
  });

  it('gives every wrong answer of every column its own feedback, with at most one named misconception', () => {
    for (const s of DECISION_SCENARIOS) {
      for (const column of DECISION_COLUMNS) {
        const wrong = columnOptions(column).filter((o) => o !== s.answer[column]);
        const covered = s.feedback[column].wrong.flatMap((g) => g.answers as readonly string[]);
        expect([...covered].sort(), `${s.id}.${column}`).toEqual([...wrong].sort());
        for (const g of s.feedback[column].wrong)
          if (g.misconception) expect(MISCONCEPTIONS, g.misconception).toHaveProperty(g.misconception);
      }
    }
  });
});

describe('gradeDecisionTable', () => {
  it('passes the course answers', () => {
    const grade = gradeDecisionTable(COURSE_ANSWERS);
    expect(grade.kind).toBe('graded');
    if (grade.kind === 'graded') expect([grade.correct, grade.total, grade.passed]).toEqual([12, 12, true]);
  });

  it('names the misconception behind retrying a lost write with a fresh id', () => {
    const grade = gradeDecisionTable({
      ...COURSE_ANSWERS,
      'lost-response-after-write': { ...COURSE_ANSWERS['lost-response-after-write'], retry: 'freely-with-new-id' },
    });
    if (grade.kind !== 'graded') throw new Error('expected a grade');
    const cell = grade.cells.find((c) => c.scenarioId === 'lost-response-after-write' && c.column === 'retry')!;
    expect(cell.verdict).toBe('incorrect');
    expect(cell.misconception?.id).toBe('fresh-id-makes-write-safe');
    expect(cell.misconception?.href).toBe(
      '/chapters/error-semantics-and-retries/#two-identifiers-with-two-different-jobs',
    );
    expect(cell.feedback).toMatch(/second ticket/);
    expect(cell.explanation).toBe(MISCONCEPTIONS['fresh-id-makes-write-safe']?.correction);
    expect(grade.passed).toBe(false);
    expect(grade.correct).toBe(11);
  });

  it('names "method not found is transient" for retrying -32601 with backoff', () => {
    const grade = gradeDecisionTable(
      { 'unknown-method': { layer: 'method-dispatch', userSees: 'integration-error', retry: 'with-backoff' } },
      ['unknown-method'],
    );
    if (grade.kind !== 'graded') throw new Error('expected a grade');
    expect(grade.cells.find((c) => c.column === 'retry')?.misconception?.id).toBe('method-not-found-is-transient');
  });

  it('says why a wrong answer is wrong without naming the right one, and adds no verdict word', () => {
    const grade = gradeDecisionTable({ 'backend-unavailable': { layer: 'client-timeout' } }, ['backend-unavailable']);
    if (grade.kind !== 'graded') throw new Error('expected a grade');
    const cell = grade.cells.find((c) => c.column === 'layer')!;
    expect(cell.verdict).toBe('incorrect');
    expect(cell.misconception).toBeUndefined();
    expect(cell.feedback).toMatch(/timeout never fires/);
    expect(cell.feedback).not.toContain(DECISION_LABELS['tool-backend']);
    expect(cell.feedback).not.toMatch(/^(Right|Not right|Not quite|Misconception)\b/);
  });

  it('explains a right answer in one sentence, with the long reasoning apart', () => {
    const grade = gradeDecisionTable(COURSE_ANSWERS);
    if (grade.kind !== 'graded') throw new Error('expected a grade');
    for (const cell of grade.cells) {
      const s = getScenario(cell.scenarioId)!;
      expect(cell.feedback).toBe(s.feedback[cell.column].right);
      expect(cell.explanation).toBe(s.reasoning[cell.column]);
      expect(cell.feedback).not.toMatch(/^(Right|Correct)\b/);
    }
  });

  it('marks missing cells unanswered and foreign values not-an-option', () => {
    const grade = gradeDecisionTable({ 'unknown-method': { layer: 'the router', userSees: 42 } }, ['unknown-method']);
    if (grade.kind !== 'graded') throw new Error('expected a grade');
    expect(grade.cells.map((c) => c.verdict)).toEqual(['not-an-option', 'not-an-option', 'unanswered']);
  });

  it('grades empty or missing answers as all unanswered', () => {
    for (const answers of [undefined, null, {}]) {
      const grade = gradeDecisionTable(answers);
      if (grade.kind !== 'graded') throw new Error('expected a grade');
      expect(grade.cells.every((c) => c.verdict === 'unanswered')).toBe(true);
      expect(grade.total).toBe(12);
    }
  });

  it('rejects answers that are not an object, and unknown scenarios, with a message', () => {
    for (const answers of ['layer', 7, [COURSE_ANSWERS]]) {
      const grade = gradeDecisionTable(answers);
      expect(grade.kind).toBe('invalid-input');
    }
    const unknown = gradeDecisionTable({}, ['unknown-method', 'no-such-row']);
    expect(unknown).toEqual({ kind: 'invalid-input', message: 'Unknown scenario: no-such-row.' });
  });

  it('ignores inherited properties such as __proto__ and constructor', () => {
    const hostile = JSON.parse('{"__proto__":{"layer":"method-dispatch"},"constructor":{"retry":"never-as-is"}}');
    const grade = gradeDecisionTable(hostile, ['unknown-method']);
    if (grade.kind !== 'graded') throw new Error('expected a grade');
    expect(grade.correct).toBe(0);
    expect(({} as Record<string, unknown>).layer).toBeUndefined();
  });
});

describe('hintFor', () => {
  it('returns three levels of hint, the last nearly the answer', () => {
    expect(hintFor('unknown-method', 1)).toMatch(/\?$/);
    expect(hintFor('unknown-method', 3)).toMatch(/never helps|never/);
    expect(hintFor('no-such-row', 1)).toBeUndefined();
  });
});

describe('spec references', () => {
  it('cites the 2026-07-28 changelog item that requires a new request id for a lost request', () => {
    const urls = getScenario('lost-response-after-write')?.spec.map((r) => r.url) ?? [];
    expect(urls).toContain('https://modelcontextprotocol.io/specification/2026-07-28/changelog#major-changes');
  });
});
