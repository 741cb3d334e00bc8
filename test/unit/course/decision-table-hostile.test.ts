import { describe, expect, it } from 'vitest';
import { gradeDecisionTable } from '#course';

describe('gradeDecisionTable with hostile answers (receipts and shared links are untrusted)', () => {
  it('grades an object without toString as not an option instead of throwing', () => {
    const grade = gradeDecisionTable(JSON.parse('{"unknown-method":{"layer":{"toString":1}}}'));
    expect(grade.kind).toBe('graded');
    if (grade.kind === 'graded')
      expect(grade.cells[0]).toMatchObject({ verdict: 'not-an-option', given: '{"toString":1}' });
  });

  it('grades a null-prototype object and a cyclic one without throwing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(gradeDecisionTable({ 'unknown-method': { layer: Object.create(null), retry: cyclic } }).kind).toBe('graded');
  });
});
