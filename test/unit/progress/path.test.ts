import { describe, expect, it } from 'vitest';
import { readChapterStructure } from '../../../src/course/read-chapter-structure.ts';
import { chapterItems, itemLabel, itemState, type ChapterItems } from '../../../src/progress/items.ts';
import { describeCourse, describeLeft, hasProgress, nextStep } from '../../../src/progress/path.ts';

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

describe('describeCourse and hasProgress', () => {
  const manifest: ChapterItems[] = [
    { chapter: '04-x', title: 'Four', items: [{ type: 'self-mark' }] },
    {
      chapter: '05-y',
      title: 'Five',
      items: [
        { type: 'practice', ids: ['a', 'b'] },
        { type: 'widget', id: 't', label: 'Decision table' },
      ],
    },
    { chapter: 'faq', title: 'Questions', items: [] },
  ];
  const empty = { checks: {}, widgets: {}, codeLabs: {} };

  it('counts items over the chapters that track any, leaving reading-only chapters out', () => {
    expect(describeCourse(manifest, {}).text).toBe('Nothing done yet: 3 items in 2 chapters.');
  });

  it('counts a chapter done only when every item is, and started when any part of one is', () => {
    const chapters = {
      '04-x': { ...empty, selfMark: { canExplain: true as const, at: AT } },
      '05-y': { ...empty, widgets: { a: { kind: 'classify-fixture', state: {}, done: true, at: AT } } },
    };
    // One practice message of two is a part of an item, not an item: 1 of 3 items, chapter 5 started.
    expect(describeCourse(manifest, chapters)).toEqual({
      done: 1,
      total: 3,
      percent: 33,
      text: '1 of 3 items done (33%): 1 of 2 chapters done, 1 started.',
    });
  });

  it('finds progress in any part of a record, and none in an empty or absent one', () => {
    expect(hasProgress(undefined)).toBe(false);
    expect(hasProgress(empty)).toBe(false);
    expect(hasProgress({ ...empty, widgets: { t: { kind: 'decision-table', state: {}, done: false, at: AT } } })).toBe(
      true,
    );
    expect(hasProgress({ ...empty, codeLabs: { l: { passed: false, attempts: 1, at: AT } } })).toBe(true);
    expect(hasProgress({ ...empty, checks: { completion: { passed: false, correct: 0, total: 5, at: AT } } })).toBe(
      true,
    );
    expect(hasProgress({ ...empty, selfMark: { canExplain: true, at: AT } })).toBe(true);
  });
});
