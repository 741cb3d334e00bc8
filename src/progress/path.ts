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
