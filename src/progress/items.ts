/**
 * What a chapter's checklist and progress bar count, found at build time from the chapter's structure (the
 * components it uses), how much of it a learner has done, and how to say so in the learner's words ("Continue: chapter 5, the
 * decision table"; never an internal id). Pure.
 */
import { componentUses, stringAttribute, type ChapterStructure } from '../course/chapter-structure.ts';
import { httpExchangeWidgetId } from '../course/graded-ids.ts';
import { contractOf, gradedKinds, perKind, type GradedKind } from '../course/graded-kinds.ts';
import { markChapter, type ChapterMark } from '../course/marking.ts';
import type { ChapterProgress } from './schema.ts';

/** One thing a learner can finish in a chapter. `href` points at it on the chapter page; `title` names a lab. */
export type ProgressItem = (
  | { type: 'practice'; ids: string[] }
  | { type: 'widget'; id: string; label: string }
  | { type: 'code-lab'; id: string; title?: string }
  | { type: 'check'; id: string }
  /** An item of a later graded kind: done when its last graded answer passed (src/course/graded-kinds.ts). */
  | { type: 'graded'; kind: GradedKind; id: string; label: string; selfReported: boolean }
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

/** The ids a chapter's uses of a component give, by the attribute that names the item. */
const idsOf = (structure: ChapterStructure, component: string, attribute: string): string[] =>
  componentUses(structure, component).flatMap((use) => {
    const id = stringAttribute(use, attribute);
    return id ? [id] : [];
  });

type ChecklistItemsOf = (structure: ChapterStructure, classifyId?: ClassifyIdOf) => ProgressItem[] | string[];

/** The checklist items of a kind from its contract: one generic item per use of its component. */
const genericItems =
  (kind: GradedKind): ChecklistItemsOf =>
  (structure) => {
    const { component, checklistLabel, selfReported } = contractOf(kind);
    return idsOf(structure, component.name, component.idAttribute).map((id): ProgressItem => ({
      type: 'graded',
      kind,
      id,
      label: checklistLabel,
      selfReported,
    }));
  };

/** The kinds whose checklist items have a type of their own (saved progress counts them so). */
const OWN_ITEMS: { readonly [K in GradedKind]?: ChecklistItemsOf } = {
  'decision-table': (structure) =>
    idsOf(structure, 'DecisionTable', 'id').map((id): ProgressItem => ({
      type: 'widget',
      id,
      label: 'Decision table',
    })),
  'completion-check': (structure) =>
    componentUses(structure, 'CompletionCheck').length > 0 ? [{ type: 'check', id: 'completion' }] : [],
  // The practice item's widget ids (strings): every prediction of the chapter is one part of one item.
  'classify-prediction': (structure, classifyId) =>
    classifyId
      ? componentUses(structure, 'ClassifyFixture').map((use) =>
          classifyId(stringAttribute(use, 'fixture') ?? '', stringAttribute(use, 'protocol')),
        )
      : [],
  'http-exchange-prediction': (structure) => idsOf(structure, 'HttpExchange', 'exchange').map(httpExchangeWidgetId),
  'code-lab': (structure) =>
    idsOf(structure, 'CodeLab', 'exercise').map((id): ProgressItem => ({ type: 'code-lab', id })),
};

/**
 * The checklist item each graded kind gives a chapter, from the chapter's structure: the practice predictions'
 * widget ids, or the items themselves. A kind without a type of its own gets the generic item from its contract.
 */
export const CHECKLIST_ITEMS = perKind((kind) => OWN_ITEMS[kind] ?? genericItems(kind));

const practiceIds = (list: ProgressItem[] | string[]): string[] => list.filter((x) => typeof x === 'string');
const items = (list: ProgressItem[] | string[]): ProgressItem[] => list.filter((x) => typeof x !== 'string');

/**
 * Lists the trackable items in a chapter's structure: the practice predictions (every <ClassifyFixture>, when
 * `classifyId` is given, and every <HttpExchange>, as one item), each <DecisionTable id>, each <CodeLab exercise>,
 * the items of the later graded kinds (src/course/graded-kinds.ts, such as each <ProbeReport exercise>), the
 * <CompletionCheck> and the <MakeItYours> self-mark, in that order.
 */
export function chapterItems(structure: ChapterStructure, classifyId?: ClassifyIdOf): ProgressItem[] {
  const out: ProgressItem[] = [];
  const kinds = gradedKinds();
  const of = (kind: GradedKind) => CHECKLIST_ITEMS[kind](structure, classifyId);
  const ids = kinds.filter((k) => contractOf(k).progressItem === 'practice').flatMap((k) => practiceIds(of(k)));
  if (ids.length > 0) out.push({ type: 'practice', ids });
  const itemKinds = kinds.filter((k) => contractOf(k).progressItem !== 'practice');
  // The completion check comes last, after every other item.
  const isCheck = (k: GradedKind) => contractOf(k).progressItem === 'check';
  for (const kind of [...itemKinds.filter((k) => !isCheck(k)), ...itemKinds.filter(isCheck)])
    out.push(...items(of(kind)));
  if (componentUses(structure, 'MakeItYours').length > 0) out.push({ type: 'self-mark' });
  return out;
}

/** A widget that counts as done: finished, and not with answers someone else's link supplied. */
function widgetDone(chapter: ChapterProgress, id: string): boolean {
  const widget = chapter.widgets[id];
  return widget?.done === true && widget.assist?.linkLoaded !== true;
}

/**
 * Where one prediction stands: right by its last graded answer, tried (predicted, not right), or not started. A
 * prediction saved before the last graded answer was kept counts as right when its widget says done.
 */
function predictionState(chapter: ChapterProgress | undefined, id: string): 'right' | 'tried' | 'not-started' {
  if (!chapter) return 'not-started';
  const graded = chapter.graded?.[id];
  if (graded) return graded.passed && widgetDone(chapter, id) ? 'right' : 'tried';
  if (widgetDone(chapter, id)) return 'right';
  return chapter.widgets[id] ? 'tried' : 'not-started';
}

/** How many parts of an item are done (a practice item has one part per message; every other item one part). */
export function itemParts(item: ProgressItem, chapter: ChapterProgress | undefined): { done: number; total: number } {
  if (item.type === 'practice')
    return {
      done: item.ids.filter((id) => predictionState(chapter, id) === 'right').length,
      total: item.ids.length,
    };
  return { done: isItemDone(item, chapter) ? 1 : 0, total: 1 };
}

/** Whether one item is done in a chapter's record. */
export function isItemDone(item: ProgressItem, chapter: ChapterProgress | undefined): boolean {
  if (!chapter) return false;
  switch (item.type) {
    case 'practice':
      return item.ids.every((id) => predictionState(chapter, id) === 'right');
    case 'self-mark':
      return chapter.selfMark?.canExplain === true;
    case 'check':
      return chapter.checks[item.id]?.passed === true;
    case 'widget':
      return widgetDone(chapter, item.id); // a link's answers are not the learner's work
    case 'code-lab':
      return chapter.codeLabs[item.id]?.passed === true;
    case 'graded':
      // An item an earlier version recorded as a code lab's result (the probe report hand-in) still counts.
      return (gradedRecord(item, chapter)?.passed ?? chapter.codeLabs[item.id]?.passed) === true;
  }
}

/** The last graded answer of a generic item, when it is one of the item's kind. */
function gradedRecord(item: Extract<ProgressItem, { type: 'graded' }>, chapter: ChapterProgress | undefined) {
  const record = chapter?.graded?.[item.id];
  return record?.kind === item.kind ? record : undefined;
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

/**
 * The chapter's status by the course's one rule (src/course/marking.ts `markChapter`, which receipts and the room
 * use too), from the learner's own record: the completion check decides where there is one, the self-mark where
 * there is none.
 */
export function chapterMark(items: readonly ProgressItem[], chapter: ChapterProgress | undefined): ChapterMark {
  const check = items.find((item) => item.type === 'check');
  const recorded = check && chapter ? chapter.checks[check.id] : undefined;
  return markChapter({
    hasCheck: check !== undefined,
    ...(recorded ? { check: { passed: recorded.passed } } : {}),
    selfMarked: chapter?.selfMark?.canExplain === true,
    started:
      chapter !== undefined &&
      (Object.keys(chapter.checks).length > 0 ||
        Object.keys(chapter.widgets).length > 0 ||
        Object.keys(chapter.codeLabs).length > 0 ||
        Object.keys(chapter.graded ?? {}).length > 0),
  });
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
      return item.title ? `Pass the code lab “${item.title}”` : 'Pass the code lab';
    case 'check':
      return item.id === 'completion' ? 'Pass the completion check' : 'Pass the check';
    case 'graded':
      return item.selfReported ? `${item.label} (self-reported)` : item.label;
    case 'self-mark':
      return 'Mark “I can explain this”';
  }
}

/** Where an item stands, in words ("solved", "3 of 6 predicted", "tried, not passed yet"). */
export function itemState(item: ProgressItem, chapter: ChapterProgress | undefined): string {
  const done = isItemDone(item, chapter);
  switch (item.type) {
    case 'practice': {
      const states = item.ids.map((id) => predictionState(chapter, id));
      const right = states.filter((s) => s === 'right').length;
      const tried = states.filter((s) => s === 'tried').length;
      if (right === item.ids.length) return 'all predicted right';
      if (right === 0 && tried === 0) return 'not started';
      return [right > 0 ? `${right} of ${item.ids.length} right` : '', tried > 0 ? `${tried} tried, not right yet` : '']
        .filter(Boolean)
        .join(', ');
    }
    case 'widget': {
      const widget = chapter?.widgets[item.id];
      if (done) return 'solved';
      if (widget?.assist?.linkLoaded) return 'holds answers from a shared link, which do not count';
      return widget ? 'started, not solved yet' : 'not started';
    }
    case 'code-lab': {
      const lab = chapter?.codeLabs[item.id];
      if (done) return lab?.assist?.solutionShown ? 'passed after showing the solution' : 'passed';
      return lab ? `tried, not passed yet (${lab.attempts ?? 1} run${lab.attempts === 1 ? '' : 's'})` : 'not started';
    }
    case 'check': {
      const check = chapter?.checks[item.id];
      if (done) return 'passed';
      return check ? `tried: ${check.correct} of ${check.total} right` : 'not started';
    }
    case 'graded': {
      const record = gradedRecord(item, chapter);
      if (done) return item.selfReported ? 'handed in (self-reported)' : 'passed';
      if (record) return `handed in, not passed yet (${record.correct} of ${record.total})`;
      return chapter?.codeLabs[item.id] ? 'handed in, not passed yet' : 'not handed in';
    }
    case 'self-mark':
      return done ? 'marked' : 'not marked yet';
  }
}
