import { describe, expect, it } from 'vitest';
import { readChapterStructure } from '../../../src/course/read-chapter-structure.ts';
import { chapterItems, itemLabel, itemState, type ChapterItems } from '../../../src/progress/items.ts';
import { describeLeft, nextStep } from '../../../src/progress/path.ts';

const mdx = `
<Practice>
<DecisionTable id="ch05-table" />
<ClassifyFixture fixture="x" />
<CodeLab exercise="05-retry-policy" />
</Practice>
<CompletionCheck chapter="error-semantics-and-retries" />
<MakeItYours chapter="error-semantics-and-retries">Prompts</MakeItYours>
`;

const AT = '2026-11-30T00:00:00Z';
const classifyId = (fixture: string, protocol: string | undefined) => `classify-${fixture}-${protocol ?? 'default'}`;

describe('the checklist in the learner’s words', () => {
  const items = chapterItems(readChapterStructure(mdx), classifyId);

  it('counts the practice messages as one item, first', () => {
    expect(items[0]).toEqual({ type: 'practice', ids: ['classify-x-default'] });
    expect(itemLabel(items[0]!)).toBe('Predict the practice message');
  });

  it('names what is left, never an internal id', () => {
    const record = {
      checks: {},
      codeLabs: { '05-retry-policy': { passed: true, at: AT } },
      widgets: { 'ch05-table': { kind: 'decision-table', state: {}, done: false, at: AT } },
    };
    const left = describeLeft(items, record);
    expect(left).toBe(
      'Left: the practice message, the decision table, the completion check and your “I can explain this” mark.',
    );
    expect(left).not.toMatch(/ch05|05-retry/);
    expect(itemState(items[1]!, record)).toBe('started, not solved yet');
    expect(describeLeft(items, undefined)).toBe('Not started yet.');
  });

  it('says a table holding a shared link’s answers does not count', () => {
    const record = {
      checks: {},
      codeLabs: {},
      widgets: {
        'ch05-table': {
          kind: 'decision-table',
          state: {},
          done: false,
          assist: { hints: 0, solutionShown: false, linkLoaded: true, imported: false },
          at: AT,
        },
      },
    };
    expect(itemState(items[1]!, record)).toMatch(/shared link/);
  });
});

describe('nextStep', () => {
  const manifest: ChapterItems[] = [
    { chapter: '04-x', title: 'Four', items: [{ type: 'self-mark' }] },
    {
      chapter: '05-y',
      title: 'Five',
      items: [
        { type: 'practice', ids: ['a'] },
        { type: 'widget', id: 't', label: 'Decision table' },
      ],
    },
    { chapter: '06-z', title: 'Six', items: [{ type: 'check', id: 'completion' }] },
  ];

  it('says nothing before the learner has done anything', () => {
    expect(nextStep(manifest, {})).toBeUndefined();
  });

  it('continues in the chapter the learner was last busy in, at the first thing left', () => {
    const chapters = {
      '04-x': { selfMark: { canExplain: true as const, at: AT }, checks: {}, widgets: {}, codeLabs: {} },
      '05-y': { checks: {}, codeLabs: {}, widgets: { a: { kind: 'classify-fixture', state: {}, done: true, at: AT } } },
    };
    expect(nextStep(manifest, chapters)?.text).toBe('Continue: chapter 2, the decision table');
  });

  it('moves on to the next chapter once one is finished', () => {
    const chapters = {
      '05-y': {
        checks: {},
        codeLabs: {},
        widgets: {
          a: { kind: 'classify-fixture', state: {}, done: true, at: AT },
          t: { kind: 'decision-table', state: {}, done: true, at: AT },
        },
      },
    };
    expect(nextStep(manifest, chapters)?.text).toBe('Continue: chapter 3, the completion check');
  });
});
