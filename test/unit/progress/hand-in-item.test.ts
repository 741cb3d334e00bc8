/**
 * The capstone's hand-in in a chapter's checklist: a <ProbeReport exercise> is an item of the `probe-report` graded
 * kind, self-reported, done when the handed-in report's every MUST check passed (the task's rule), and said in the
 * learner's words. Progress saved when the hand-in was a code lab's result still counts.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readChapterStructure } from '../../../src/course/read-chapter-structure.ts';
import { chapterItems, isItemDone, itemLabel, itemState } from '../../../src/progress/items.ts';
import type { ChapterProgress } from '../../../src/progress/schema.ts';

const root = resolve(import.meta.dirname, '../../..');
const structure = readChapterStructure(
  readFileSync(resolve(root, 'content/chapters/check-your-own-server.mdx'), 'utf8'),
);
const EXERCISE = '11-capstone-incident-desk';
const item = chapterItems(structure).find((i) => i.type === 'graded');
const AT = '2026-12-01T10:00:00.000Z';
const handedIn = (mustPassed: number, mustOf: number): ChapterProgress => ({
  checks: {},
  widgets: {},
  codeLabs: {},
  graded: {
    [EXERCISE]: {
      kind: 'probe-report',
      answers: {
        protocol: '2026-07-28',
        transport: 'stdio',
        score: { must: { passed: mustPassed, of: mustOf } },
        checks: [],
        sha256: 'a'.repeat(64),
      },
      correct: mustPassed,
      total: mustOf,
      passed: mustOf > 0 && mustPassed === mustOf,
      at: AT,
    },
  },
});
const oldCodeLab = (passed: boolean): ChapterProgress => ({
  checks: {},
  widgets: {},
  codeLabs: { [EXERCISE]: { passed, attempts: 1, at: AT } },
});

describe('the probe report hand-in as a checklist item', () => {
  it('is the capstone exercise, a probe-report item, counted once, before the completion check', () => {
    const items = chapterItems(structure);
    expect(item).toMatchObject({ type: 'graded', kind: 'probe-report', id: EXERCISE, selfReported: true });
    expect(items.filter((i) => i.type === 'graded' || i.type === 'code-lab')).toHaveLength(1);
    expect(items.findIndex((i) => i === item)).toBeLessThan(items.findIndex((i) => i.type === 'check'));
  });

  it('says what to do and where it stands in words, labelled self-reported', () => {
    expect(itemLabel(item!)).toBe('Hand in a probe report with every MUST passed (self-reported)');
    expect(itemState(item!, undefined)).toBe('not handed in');
    expect(itemState(item!, handedIn(1, 2))).toBe('handed in, not passed yet (1 of 2)');
    expect(itemState(item!, handedIn(2, 2))).toBe('handed in (self-reported)');
  });

  it('is done only when every MUST passed', () => {
    expect(isItemDone(item!, handedIn(1, 2))).toBe(false);
    expect(isItemDone(item!, handedIn(2, 2))).toBe(true);
  });

  it('still counts a hand-in an earlier version saved as a code lab result', () => {
    expect(isItemDone(item!, oldCodeLab(true))).toBe(true);
    expect(isItemDone(item!, oldCodeLab(false))).toBe(false);
    expect(itemState(item!, oldCodeLab(false))).toBe('handed in, not passed yet');
  });
});
