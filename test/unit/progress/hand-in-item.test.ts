/**
 * The capstone's hand-in in a chapter's checklist: a <ProbeReport exercise> is the exercise's result, counted like
 * a self-reported code lab (done when the handed-in report has no failed check), and said in the learner's words.
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
const item = chapterItems(structure).find((i) => i.type === 'code-lab' && i.handIn);
const chapter = (passed?: boolean): ChapterProgress => ({
  checks: {},
  widgets: {},
  codeLabs:
    passed === undefined
      ? {}
      : { '11-capstone-incident-desk': { passed, attempts: 1, at: '2026-12-01T10:00:00.000Z' } },
});

describe('the probe report hand-in as a checklist item', () => {
  it('is the capstone exercise, counted once, before the completion check', () => {
    const items = chapterItems(structure);
    expect(item).toMatchObject({ type: 'code-lab', id: '11-capstone-incident-desk', handIn: true });
    expect(items.filter((i) => i.type === 'code-lab')).toHaveLength(1);
    expect(items.findIndex((i) => i === item)).toBeLessThan(items.findIndex((i) => i.type === 'check'));
  });

  it('says what to do and where it stands in words', () => {
    expect(itemLabel(item!)).toBe('Hand in a probe report with no failed check');
    expect(itemState(item!, chapter())).toBe('not handed in');
    expect(itemState(item!, chapter(false))).toBe('handed in, some checks failed');
    expect(itemState(item!, chapter(true))).toBe('handed in (self-reported)');
  });

  it('is done only when the handed-in report passed', () => {
    expect(isItemDone(item!, chapter(false))).toBe(false);
    expect(isItemDone(item!, chapter(true))).toBe(true);
  });
});
