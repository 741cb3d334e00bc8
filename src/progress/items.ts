/**
 * What a chapter's checklist and progress bar count, found at build time from the chapter's structure (the
 * components it uses), how much of it a learner has done, and how to say so in the learner's words ("Continue: chapter 5, the
 * decision table"; never an internal id). Pure.
 */
import { componentUses, stringAttribute, type ChapterStructure } from '../course/chapter-structure.ts';
import type { ChapterProgress, WidgetRecord } from './schema.ts';

/** One thing a learner can finish in a chapter. `href` points at it on the chapter page; `title` names a lab. */
export type ProgressItem = (
  | { type: 'practice'; ids: string[] }
  | { type: 'widget'; id: string; label: string }
  | { type: 'code-lab'; id: string; title?: string; handIn?: true }
  | { type: 'check'; id: string }
  | { type: 'self-mark' }
) & { href?: string };

/** A chapter and the items its checklist counts. */
export interface ChapterItems {
  chapter: string;
  title: string;
  items: ProgressItem[];
}

/** Finds the widget id of a <ClassifyFixture fixture protocol?> (the page computes it the same way). */
export type ClassifyIdOf = (fixture: string, protocol: string | undefined) => string;

/** The widget id of an <HttpExchange exchange> (the component's `domId('http', id)`: exchange ids are kebab-case). */
const httpExchangeWidgetId = (exchange: string): string => `http-${exchange}`;

/**
 * Lists the trackable items in a chapter's structure: the practice predictions (every <ClassifyFixture>, when
 * `classifyId` is given, and every <HttpExchange>, as one item), each <DecisionTable id>, each <CodeLab exercise>,
 * each <ProbeReport exercise> (the hand-in of a probe-tested exercise, recorded like a self-reported code lab), the
 * <CompletionCheck> and the <MakeItYours> self-mark, in that order.
 */
export function chapterItems(structure: ChapterStructure, classifyId?: ClassifyIdOf): ProgressItem[] {
  const items: ProgressItem[] = [];
  const ids = [
    ...(classifyId
      ? componentUses(structure, 'ClassifyFixture').map((use) =>
          classifyId(stringAttribute(use, 'fixture') ?? '', stringAttribute(use, 'protocol')),
        )
      : []),
    ...componentUses(structure, 'HttpExchange').flatMap((use) => {
      const exchange = stringAttribute(use, 'exchange');
      return exchange ? [httpExchangeWidgetId(exchange)] : [];
    }),
  ];
  if (ids.length > 0) items.push({ type: 'practice', ids });
  for (const use of componentUses(structure, 'DecisionTable')) {
    const id = stringAttribute(use, 'id');
    if (id) items.push({ type: 'widget', id, label: 'Decision table' });
  }
  for (const use of componentUses(structure, 'CodeLab')) {
    const id = stringAttribute(use, 'exercise');
    if (id) items.push({ type: 'code-lab', id });
  }
  for (const use of componentUses(structure, 'ProbeReport')) {
    const id = stringAttribute(use, 'exercise');
    if (id) items.push({ type: 'code-lab', id, title: 'Hand in a probe report', handIn: true });
  }
  if (componentUses(structure, 'CompletionCheck').length > 0) items.push({ type: 'check', id: 'completion' });
  if (componentUses(structure, 'MakeItYours').length > 0) items.push({ type: 'self-mark' });
  return items;
}

/** A widget that counts as done: finished, and not with answers someone else's link supplied. */
function widgetDone(widget: WidgetRecord | undefined): boolean {
  return widget?.done === true && widget.assist?.linkLoaded !== true;
}

/** How many parts of an item are done (a practice item has one part per message; every other item one part). */
export function itemParts(item: ProgressItem, chapter: ChapterProgress | undefined): { done: number; total: number } {
  if (item.type === 'practice')
    return { done: item.ids.filter((id) => widgetDone(chapter?.widgets[id])).length, total: item.ids.length };
  return { done: isItemDone(item, chapter) ? 1 : 0, total: 1 };
}

/** Whether one item is done in a chapter's record. */
export function isItemDone(item: ProgressItem, chapter: ChapterProgress | undefined): boolean {
  if (!chapter) return false;
  switch (item.type) {
    case 'practice':
      return item.ids.every((id) => widgetDone(chapter.widgets[id]));
    case 'self-mark':
      return chapter.selfMark?.canExplain === true;
    case 'check':
      return chapter.checks[item.id]?.passed === true;
    case 'widget':
      return widgetDone(chapter.widgets[item.id]); // a link's answers are not the learner's work
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

/** The checklist line for an item: what to do, in words. */
export function itemLabel(item: ProgressItem): string {
  switch (item.type) {
    case 'practice':
      return item.ids.length === 1
        ? 'Predict the practice message'
        : `Predict the ${item.ids.length} practice messages`;
    case 'widget':
      return `Solve the ${item.label.toLowerCase()}`;
    case 'code-lab':
      if (item.handIn) return 'Hand in a probe report with no failed check';
      return item.title ? `Pass the code lab “${item.title}”` : 'Pass the code lab';
    case 'check':
      return item.id === 'completion' ? 'Pass the completion check' : 'Pass the check';
    case 'self-mark':
      return 'Mark “I can explain this”';
  }
}

/** Where an item stands, in words ("solved", "3 of 6 predicted", "tried, not passed yet"). */
export function itemState(item: ProgressItem, chapter: ChapterProgress | undefined): string {
  const done = isItemDone(item, chapter);
  switch (item.type) {
    case 'practice': {
      const { done: n, total } = itemParts(item, chapter);
      return n === total ? 'all predicted' : n === 0 ? 'not started' : `${n} of ${total} predicted`;
    }
    case 'widget': {
      const widget = chapter?.widgets[item.id];
      if (done) return 'solved';
      if (widget?.assist?.linkLoaded) return 'holds answers from a shared link, which do not count';
      return widget ? 'started, not solved yet' : 'not started';
    }
    case 'code-lab': {
      const lab = chapter?.codeLabs[item.id];
      if (item.handIn)
        return done ? 'handed in (self-reported)' : lab ? 'handed in, some checks failed' : 'not handed in';
      if (done) return 'passed';
      return lab ? `tried, not passed yet (${lab.attempts ?? 1} run${lab.attempts === 1 ? '' : 's'})` : 'not started';
    }
    case 'check': {
      const check = chapter?.checks[item.id];
      if (done) return 'passed';
      return check ? `tried: ${check.correct} of ${check.total} right` : 'not started';
    }
    case 'self-mark':
      return done ? 'marked' : 'not marked yet';
  }
}
