/**
 * The decision table's feedback belongs to the cell and to the answer given (issue: a wrong "what the user sees"
 * got the layer's hint; a retry answer got a misconception about another error code; one row printed the same
 * misconception paragraph in two cells). Every wrong answer of every column of every scenario is graded here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';
import {
  DECISION_COLUMNS,
  DECISION_SCENARIOS,
  MISCONCEPTIONS,
  columnOptions,
  getScenario,
  gradeDecisionTable,
  type CellVerdict,
  type DecisionColumn,
} from '#course';
import { readChapterStructure } from '../../../src/course/read-chapter-structure.ts';

const root = resolve(import.meta.dirname, '../../..');

/** Grades one cell of one scenario with `value` as the answer. */
function cellFor(scenarioId: string, column: DecisionColumn, value: string): CellVerdict {
  const grade = gradeDecisionTable({ [scenarioId]: { [column]: value } }, [scenarioId]);
  if (grade.kind !== 'graded') throw new Error(grade.message);
  return grade.cells.find((c) => c.column === column)!;
}

/** The heading anchors of a chapter page: its ## to ###### headings' text, slugged as Astro does (github-slugger). */
function chapterAnchors(chapter: string): Set<string> {
  const slugger = new GithubSlugger();
  const structure = readChapterStructure(readFileSync(resolve(root, 'content/chapters', `${chapter}.mdx`), 'utf8'));
  return new Set(structure.items.flatMap((i) => (i.kind === 'heading' && i.depth >= 2 ? [slugger.slug(i.text)] : [])));
}

describe('feedback on every wrong answer', () => {
  for (const scenario of DECISION_SCENARIOS) {
    for (const column of DECISION_COLUMNS) {
      it(`${scenario.id} / ${column}: each wrong answer gets the feedback written for that answer`, () => {
        const right = scenario.feedback[column].right;
        for (const value of columnOptions(column)) {
          if (value === scenario.answer[column]) continue;
          const cell = cellFor(scenario.id, column, value);
          const group = scenario.feedback[column].wrong.find((g) => (g.answers as readonly string[]).includes(value));
          expect(cell.verdict).toBe('incorrect');
          // The sentence written for this answer, not a hint of the row or a sentence about another answer.
          expect(group, `${value} has no feedback of its own`).toBeDefined();
          expect(cell.feedback).toBe(group!.why);
          expect(cell.feedback).not.toBe(right);
          for (const hint of scenario.hints) expect(cell.feedback).not.toBe(hint);
          expect(cell.misconception?.id).toBe(group!.misconception);
          // Answers with different reasons never share a sentence.
          for (const other of scenario.feedback[column].wrong)
            if (other !== group) expect(other.why).not.toBe(group!.why);
        }
      });
    }

    it(`${scenario.id}: never names the same misconception in two cells of the row`, () => {
      const columnsOf = new Map<string, Set<DecisionColumn>>();
      for (const column of DECISION_COLUMNS)
        for (const g of scenario.feedback[column].wrong)
          if (g.misconception)
            (columnsOf.get(g.misconception) ?? columnsOf.set(g.misconception, new Set()).get(g.misconception)!).add(
              column,
            );
      for (const [id, columns] of columnsOf) expect([...columns], id).toHaveLength(1);
    });
  }
});

describe('the mix-ups named in review', () => {
  it('answers "with backoff" on the missing-_meta row with -32602 on an implemented method, not "-32601 is temporary"', () => {
    // basic §_meta: "A request missing any required field is malformed; the server MUST reject it with JSON-RPC
    // error code -32602 (Invalid params)." The method exists; the request's shape is what is wrong.
    const cell = cellFor('missing-meta-envelope', 'retry', 'with-backoff');
    expect(cell.misconception?.id).not.toBe('method-not-found-is-transient');
    expect(cell.misconception?.id).toBe('rejected-request-is-transient');
    expect(cell.feedback).toMatch(/implements tools\/call/);
  });

  it('does not call "same idempotency key" on the read-timeout row the lost-write misconception', () => {
    const cell = cellFor('read-timeout', 'retry', 'same-idempotency-key');
    expect(cell.misconception?.id).not.toBe('fresh-id-makes-write-safe');
    expect(cell.misconception?.id).toBe('reads-need-idempotency-keys');
    expect(cell.feedback).toMatch(/read/);
  });

  it('does not answer a wrong "what the user sees" in row 4 with the layer\'s hint', () => {
    const s = getScenario('lost-response-after-write')!;
    for (const value of columnOptions('userSees')) {
      if (value === s.answer.userSees) continue;
      const cell = cellFor(s.id, 'userSees', value);
      for (const hint of s.hints) expect(cell.feedback).not.toContain(hint);
      expect(s.feedback.layer.wrong.map((g) => g.why)).not.toContain(cell.feedback);
    }
  });

  it('shows each misconception paragraph once when every cell of row 2 is wrong', () => {
    const grade = gradeDecisionTable(
      { 'malformed-incident-id': { layer: 'mcp-envelope', userSees: 'integration-error', retry: 'with-backoff' } },
      ['malformed-incident-id'],
    );
    if (grade.kind !== 'graded') throw new Error(grade.message);
    const explanations = grade.cells.map((c) => c.explanation).filter((e) => e !== undefined);
    expect(explanations).toHaveLength(3);
    expect(new Set(explanations).size).toBe(3);
  });
});

describe('the unknown-tool row', () => {
  // tools §Error Handling (2026-07-28): "Protocol Errors indicate issues with the request structure itself that
  // models are less likely to be able to fix: Unknown tool, …" and "Clients MAY provide protocol errors to language
  // models, though these are less likely to result in successful recovery."
  const s = getScenario('unknown-tool')!;

  it('treats an unknown tool as a protocol error the model is not counted on to fix', () => {
    expect(s.answer).toEqual({ layer: 'method-dispatch', userSees: 'integration-error', retry: 'never-as-is' });
    expect(s.reasoning.userSees).toContain('less likely to be able to fix');
    expect(s.reasoning.userSees).toContain('MAY');
  });

  it('names the misconception when a learner expects the model to correct it', () => {
    const cell = cellFor('unknown-tool', 'userSees', 'model-corrects-input');
    expect(cell.misconception?.id).toBe('unknown-tool-is-tool-error');
    expect(cell.feedback).toMatch(/protocol error/);
  });

  it('quotes the tools page in its citations', () => {
    expect(s.spec.map((r) => r.url)).toEqual([
      'https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling',
      'https://modelcontextprotocol.io/specification/2026-07-28/server/tools#error-handling',
    ]);
    expect(s.spec.map((r) => r.quote)).toEqual([
      'Protocol Errors indicate issues with the request structure itself that models are less likely to be able to fix',
      'Clients MAY provide protocol errors to language models, though these are less likely to result in successful recovery.',
    ]);
  });
});

describe('misconceptions', () => {
  it('link to a heading that exists on the chapter page that explains them', () => {
    const anchors = new Map<string, Set<string>>();
    for (const m of Object.values(MISCONCEPTIONS)) {
      const { chapter, anchor } = m.explainedIn;
      if (!anchors.has(chapter)) anchors.set(chapter, chapterAnchors(chapter));
      expect([...anchors.get(chapter)!], `${m.id} → ${chapter}#${anchor}`).toContain(anchor);
    }
  });

  it('are each used by the bank or by facilitator notes', () => {
    const used = new Set(
      DECISION_SCENARIOS.flatMap((s) =>
        DECISION_COLUMNS.flatMap((c) => s.feedback[c].wrong.flatMap((g) => (g.misconception ? [g.misconception] : []))),
      ),
    );
    for (const id of Object.keys(MISCONCEPTIONS)) expect(used.has(id), id).toBe(true);
  });
});
