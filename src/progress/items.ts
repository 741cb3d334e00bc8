/**
 * What counts towards a chapter's progress bar, found at build time from the chapter's MDX (the components it
 * uses), and how much of it a learner has done. Pure.
 */
import type { ChapterProgress } from './schema.ts';

/** One thing a learner can finish in a chapter. */
export type ProgressItem =
  | { type: 'self-mark' }
  | { type: 'check'; id: string }
  | { type: 'widget'; id: string; label: string }
  | { type: 'code-lab'; id: string };

/** A chapter and the items its bar counts. */
export interface ChapterItems {
  chapter: string;
  title: string;
  items: ProgressItem[];
}

/**
 * Lists the trackable items in a chapter's MDX source: each <DecisionTable id>, each <CodeLab exercise>, the
 * <CompletionCheck> and the <MakeItYours> self-mark.
 */
export function itemsFromMdx(source: string): ProgressItem[] {
  const items: ProgressItem[] = [];
  for (const m of source.matchAll(/<DecisionTable\b[^>]*?\bid=["']([^"']+)["']/g))
    items.push({ type: 'widget', id: m[1]!, label: 'Decision table' });
  for (const m of source.matchAll(/<CodeLab\b[^>]*?\bexercise=["']([^"']+)["']/g))
    items.push({ type: 'code-lab', id: m[1]! });
  if (/<CompletionCheck\b/.test(source)) items.push({ type: 'check', id: 'completion' });
  if (/<MakeItYours\b/.test(source)) items.push({ type: 'self-mark' });
  return items;
}

/** Whether one item is done in a chapter's record. */
export function isItemDone(item: ProgressItem, chapter: ChapterProgress | undefined): boolean {
  if (!chapter) return false;
  switch (item.type) {
    case 'self-mark':
      return chapter.selfMark?.canExplain === true;
    case 'check':
      return chapter.checks[item.id]?.passed === true;
    case 'widget': {
      const widget = chapter.widgets[item.id];
      return widget?.done === true && widget.assist?.linkLoaded !== true; // a link's answers are not the learner's work
    }
    case 'code-lab':
      return chapter.codeLabs[item.id]?.passed === true;
  }
}

/** How much of a chapter is done. */
export function chapterCompletion(
  items: readonly ProgressItem[],
  chapter: ChapterProgress | undefined,
): { done: number; total: number; percent: number } {
  const done = items.filter((item) => isItemDone(item, chapter)).length;
  const total = items.length;
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}

/** A label for an item, for lists on the progress page. */
export function itemLabel(item: ProgressItem): string {
  switch (item.type) {
    case 'self-mark':
      return '"I can explain this" self-mark';
    case 'check':
      return item.id === 'completion' ? 'Completion check passed' : `Check ${item.id} passed`;
    case 'widget':
      return `${item.label} "${item.id}" solved`;
    case 'code-lab':
      return `Code lab ${item.id} passed`;
  }
}
