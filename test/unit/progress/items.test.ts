import { describe, expect, it } from 'vitest';
import { readChapterStructure } from '../../../src/course/read-chapter-structure.ts';
import {
  chapterCompletion,
  chapterItems,
  isItemDone,
  itemState,
  type ProgressItem,
} from '../../../src/progress/items.ts';

const itemsFromMdx = (source: string) => chapterItems(readChapterStructure(source));

const mdx = `
<Practice>
<DecisionTable id="ch05-table" />
<ClassifyFixture fixture="x" />
<CodeLab exercise="05-retry-policy" />
</Practice>
<CompletionCheck chapter="error-semantics-and-retries" />
<MakeItYours chapter="error-semantics-and-retries">Prompts</MakeItYours>
`;

describe('chapterItems', () => {
  it('counts decision tables, code labs, the completion check and the self-mark', () => {
    expect(itemsFromMdx(mdx)).toEqual([
      { type: 'widget', id: 'ch05-table', label: 'Decision table' },
      { type: 'code-lab', id: '05-retry-policy' },
      { type: 'check', id: 'completion' },
      { type: 'self-mark' },
    ]);
  });
});

describe('chapterCompletion', () => {
  it('counts what is done', () => {
    const items = itemsFromMdx(mdx);
    const record = {
      selfMark: { canExplain: true as const, at: '2026-11-30T00:00:00Z' },
      checks: { completion: { passed: false, correct: 1, total: 3, at: '2026-11-30T00:00:00Z' } },
      widgets: { 'ch05-table': { kind: 'decision-table', state: {}, done: true, at: '2026-11-30T00:00:00Z' } },
      codeLabs: {},
    };
    expect(chapterCompletion(items, record)).toEqual({ done: 2, total: 4, percent: 50 });
    expect(chapterCompletion(items, undefined)).toEqual({ done: 0, total: 4, percent: 0 });
  });

  it("does not count a table whose answers came from someone's link as solved", () => {
    const item = { type: 'widget', id: 't', label: 'Decision table' } as const;
    const record = {
      checks: {},
      codeLabs: {},
      widgets: {
        t: {
          kind: 'decision-table',
          state: {},
          done: true,
          assist: { hints: 0, solutionShown: false, linkLoaded: true, imported: false },
          at: 'x',
        },
      },
    };
    expect(isItemDone(item, record)).toBe(false);
  });
});

describe('HTTP-exchange predictions', () => {
  it('count as practice, under the id the widget saves them with (HttpExchange.astro: domId("http", exchange))', () => {
    const items = itemsFromMdx(
      '# T\n\n<HttpExchange exchange="http-tool-call-stream" />\n\n<HttpExchange exchange="http-unknown-method-404" />\n',
    );
    expect(items).toEqual([{ type: 'practice', ids: ['http-http-tool-call-stream', 'http-http-unknown-method-404'] }]);
  });
});

describe('a wrong prediction', () => {
  it('is attempted, not done, in the checklist', () => {
    const item: ProgressItem = { type: 'practice', ids: ['http-http-tool-call-stream'] };
    const record = {
      checks: {},
      codeLabs: {},
      // The widget saves a revealed prediction as done whatever the learner predicted.
      widgets: { 'http-http-tool-call-stream': { kind: 'http-exchange', state: {}, done: true, at: 'x' } },
      graded: {
        'http-http-tool-call-stream': {
          kind: 'http-exchange-prediction' as const,
          answers: { exchange: 'http-tool-call-stream', status: 'error', body: 'result', broken: 'nobody' },
          correct: 2,
          total: 3,
          passed: false,
          at: 'x',
        },
      },
    };
    expect(isItemDone(item, record)).toBe(false);
    expect(itemState(item, record)).toBe('1 tried, not right yet');
  });
});

describe('a code lab passed after the solution was shown', () => {
  it('says so in the checklist', () => {
    const item = { type: 'code-lab', id: 'lab' } as const;
    const record = {
      checks: {},
      widgets: {},
      codeLabs: {
        lab: {
          passed: true,
          attempts: 2,
          assist: { hints: 0, solutionShown: true, linkLoaded: false, imported: false },
          at: 'x',
        },
      },
    };
    expect(itemState(item, record)).toBe('passed after showing the solution');
  });
});
