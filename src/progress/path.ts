/**
 * The learner's path in words, for the home page and the progress page: what is left in a chapter ("Left: the
 * decision table and the completion check.") and where to continue ("Continue: chapter 5, the decision table").
 * Apart from items.ts so a chapter page, which only ticks its checklist, does not load it. Pure.
 */
import type { ChapterProgress } from './schema.ts';
import { isItemDone, itemParts, type ChapterItems, type ProgressItem } from './items.ts';

/** The item as a noun, for "Continue: chapter 5, the decision table" and "Left: …". */
function itemName(item: ProgressItem): string {
  switch (item.type) {
    case 'practice':
      return item.ids.length === 1 ? 'the practice message' : 'the practice messages';
    case 'widget':
      return `the ${item.label.toLowerCase()}`;
    case 'code-lab':
      return item.title ? `the code lab “${item.title}”` : 'a code lab';
    case 'check':
      return 'the completion check';
    case 'graded':
      return `“${item.label}”`;
    case 'self-mark':
      return 'your “I can explain this” mark';
  }
}

/** Joins names as English: "a", "a and b", "a, b and c". */
function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** What is left in a chapter, in one sentence ("Left: the decision table and the completion check."). */
export function describeLeft(items: readonly ProgressItem[], chapter: ChapterProgress | undefined): string {
  if (items.length === 0) return 'Nothing to do here but read.';
  const left = items.filter((item) => !isItemDone(item, chapter));
  if (left.length === 0) return 'Done: everything in this chapter.';
  if (left.length === items.length && !items.some((i) => itemParts(i, chapter).done > 0)) return 'Not started yet.';
  return `Left: ${joinWords(left.map(itemName))}.`;
}

/** Where to continue: the first unfinished item after the learner's latest progress, or undefined before any. */
export function nextStep(
  manifest: readonly ChapterItems[],
  chapters: Readonly<Record<string, ChapterProgress | undefined>>,
): { number: number; chapter: ChapterItems; item: ProgressItem; text: string } | undefined {
  const started = manifest.some((m) => m.items.some((i) => itemParts(i, chapters[m.chapter]).done > 0));
  if (!started) return undefined;
  // Resume in the last chapter with anything done; if that chapter is finished, the next chapter with work left.
  let from = 0;
  manifest.forEach((m, i) => {
    if (m.items.some((item) => itemParts(item, chapters[m.chapter]).done > 0)) from = i;
  });
  const order = [...manifest.keys()].slice(from).concat([...manifest.keys()].slice(0, from));
  for (const i of order) {
    const m = manifest[i]!;
    const item = m.items.find((it) => !isItemDone(it, chapters[m.chapter]));
    if (item) return { number: i + 1, chapter: m, item, text: `Continue: chapter ${i + 1}, ${itemName(item)}` };
  }
  return undefined;
}

/** Whether a chapter's record holds anything a reset would clear (answers, a check, a code lab, the self-mark). */
export function hasProgress(chapter: ChapterProgress | undefined): boolean {
  if (!chapter) return false;
  return (
    chapter.selfMark !== undefined ||
    Object.keys(chapter.checks).length > 0 ||
    Object.keys(chapter.widgets).length > 0 ||
    Object.keys(chapter.codeLabs).length > 0
  );
}

/**
 * The whole course in one sentence, over the chapters that track anything: "12 of 43 items done (28%): 2 of 9
 * chapters done, 1 started." Reading-only chapters are left out of both counts.
 */
export function describeCourse(
  manifest: readonly ChapterItems[],
  chapters: Readonly<Record<string, ChapterProgress | undefined>>,
): { done: number; total: number; percent: number; text: string } {
  let done = 0;
  let total = 0;
  let chaptersDone = 0;
  let started = 0;
  const tracked = manifest.filter((m) => m.items.length > 0);
  for (const m of tracked) {
    const record = chapters[m.chapter];
    const itemsDone = m.items.filter((item) => isItemDone(item, record)).length;
    done += itemsDone;
    total += m.items.length;
    if (itemsDone === m.items.length) chaptersDone++;
    else if (m.items.some((item) => itemParts(item, record).done > 0)) started++;
  }
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const text =
    done === 0 && started === 0
      ? `Nothing done yet: ${plural(total, 'item', 'items')} in ${plural(tracked.length, 'chapter', 'chapters')}.`
      : `${done} of ${plural(total, 'item', 'items')} done (${percent}%): ${chaptersDone} of ${plural(tracked.length, 'chapter', 'chapters')} done${started > 0 ? `, ${started} started` : ''}.`;
  return { done, total, percent, text };
}
