/**
 * The instructor dashboard's model: folds a room's learners and graded events into the class view (who is where,
 * who is stuck, completion per chapter, the answers given to each decision-table cell, the most common
 * misconceptions) and the same data as CSV rows. Pure: the dashboard page runs it on every live event, the server
 * runs it for the CSV export, so both show the same numbers. Verdicts come from the server's grader; code-lab
 * results are the learner's own report and are labelled so wherever they appear.
 */
import { COLUMN_LABELS, DECISION_LABELS, MISCONCEPTIONS, getScenario, type DecisionColumn } from '#course';
import { markChapter, STATUS_LABELS, type ChapterStatus } from '../course/marking.ts';
import type { ProgressItem } from '../progress/items.ts';
import type { DashboardEvent, DashboardLearner, RoomState } from './live.ts';
import { kindOfRoomEvent, type GradedKind } from '../course/graded-kinds.ts';
import type { CellResult } from './verdict.ts';

/**
 * What each graded kind's events add to a learner's row: a prediction (counted in "predictions right / made") or
 * an item of the chapter's checklist. A kind without an entry does not compile.
 */
export const DASHBOARD_TALLIES: Readonly<Record<GradedKind, 'prediction' | 'item'>> = {
  'decision-table': 'item',
  'completion-check': 'item',
  'classify-prediction': 'prediction',
  'http-exchange-prediction': 'prediction',
  'code-lab': 'item',
};

/** Wrong attempts in a row on one item before a learner counts as stuck. */
export const STUCK_ATTEMPTS = 3;
/** Minutes without any event before a learner who has not finished counts as idle. */
export const IDLE_MINUTES = 5;

/** A chapter of the room, with the items its progress counts. */
export interface DashboardChapter {
  id: string;
  title: string;
  items: ProgressItem[];
}

/** What the server sends a dashboard when it connects. */
export interface DashboardSnapshot {
  room: RoomState;
  chapters: DashboardChapter[];
  learners: DashboardLearner[];
  events: DashboardEvent[];
  /** The server's clock when the snapshot was taken (ms). */
  now: number;
}

/** One item (table, check, code lab, self-mark) for one learner. */
interface ItemState {
  chapterId: string;
  itemId: string;
  kind: string;
  done: boolean;
  attempts: number;
  /** Wrong attempts since the last right one. */
  wrongInARow: number;
  hintLevel: number;
  solution: boolean;
  selfReported: boolean;
  correct?: number;
  total?: number;
}

interface LearnerState {
  learner: DashboardLearner;
  lastEventAt: number;
  chapterId: string | null;
  items: Map<string, ItemState>;
  /** Latest graded cell per scenario/column (answers loaded from a link excluded). */
  cells: Map<string, CellResult>;
  predictions: { correct: number; total: number };
  hints: number;
  solutions: number;
}

/** The dashboard's running state: apply the snapshot, then each live message. */
export interface DashboardState {
  room: RoomState;
  chapters: DashboardChapter[];
  learners: Map<string, LearnerState>;
  seen: Set<number>;
  lastEventId: number;
}

const itemKey = (chapterId: string, itemId: string) => `${chapterId}/${itemId}`;

/** Starts a state from a snapshot (events in id order). */
export function createDashboardState(snapshot: DashboardSnapshot): DashboardState {
  const state: DashboardState = {
    room: snapshot.room,
    chapters: snapshot.chapters,
    learners: new Map(),
    seen: new Set(),
    lastEventId: 0,
  };
  for (const learner of snapshot.learners) upsertLearner(state, learner);
  for (const event of snapshot.events) applyEvent(state, event);
  return state;
}

/** Adds a learner or updates what is known about them (removal, last chapter). */
export function upsertLearner(state: DashboardState, learner: DashboardLearner): void {
  const existing = state.learners.get(learner.id);
  if (existing) {
    existing.learner = learner;
    if (!existing.chapterId) existing.chapterId = learner.chapterId;
    existing.lastEventAt = Math.max(existing.lastEventAt, learner.lastSeenAt);
    return;
  }
  state.learners.set(learner.id, {
    learner,
    lastEventAt: learner.lastSeenAt,
    chapterId: learner.chapterId,
    items: new Map(),
    cells: new Map(),
    predictions: { correct: 0, total: 0 },
    hints: 0,
    solutions: 0,
  });
}

/** Folds one graded event into the state; an event seen before (by id) is ignored. Returns whether it was new. */
export function applyEvent(state: DashboardState, event: DashboardEvent): boolean {
  if (state.seen.has(event.id)) return false;
  state.seen.add(event.id);
  state.lastEventId = Math.max(state.lastEventId, event.id);
  const learner = state.learners.get(event.learnerId);
  if (!learner) return true;
  learner.lastEventAt = Math.max(learner.lastEventAt, event.at);
  learner.chapterId = event.chapterId;
  const v = event.verdict;
  if (v.kind === 'visit') return true;
  const kind = kindOfRoomEvent(v.kind);
  if (kind && DASHBOARD_TALLIES[kind] === 'prediction') {
    // Predictions of messages and of HTTP exchanges; an exploration (a prediction on an edited message) is `info`:
    // never counted right or wrong.
    if (v.outcome === 'correct' || v.outcome === 'incorrect') {
      learner.predictions.total += 1;
      if (v.outcome === 'correct') learner.predictions.correct += 1;
    }
    return true;
  }
  const key = itemKey(event.chapterId, event.itemId);
  const item: ItemState = learner.items.get(key) ?? {
    chapterId: event.chapterId,
    itemId: event.itemId,
    kind: event.kind,
    done: false,
    attempts: 0,
    wrongInARow: 0,
    hintLevel: 0,
    solution: false,
    selfReported: false,
  };
  learner.items.set(key, item);
  switch (v.action) {
    case 'hint':
      if (v.hintLevel > item.hintLevel) {
        learner.hints += v.hintLevel - item.hintLevel;
        item.hintLevel = v.hintLevel;
      }
      break;
    case 'solution':
      if (!item.solution) learner.solutions += 1;
      item.solution = true;
      break;
    case 'mark':
      item.done = v.canExplain;
      break;
    case 'load-link':
    case 'predict':
      // A link's answers are never the learner's work; predictions are tallied above.
      break;
    case 'run':
      item.attempts += 1;
      item.selfReported = true;
      item.done = item.done || v.passed;
      item.wrongInARow = v.passed ? 0 : item.wrongInARow + 1;
      if (v.tests) {
        item.correct = v.tests.passed;
        item.total = v.tests.total;
      }
      break;
    case 'check':
      item.attempts += 1;
      item.done = item.done || v.passed === true;
      item.wrongInARow = v.outcome === 'incorrect' ? item.wrongInARow + 1 : v.passed ? 0 : item.wrongInARow;
      item.correct = v.correct;
      item.total = v.total;
      for (const cell of v.cells ?? []) learner.cells.set(`${cell.scenario}/${cell.column}`, cell);
      break;
  }
  return true;
}

/** Where one learner stands, for the table. */
export interface LearnerRow {
  id: string;
  name: string;
  removed: boolean;
  chapterId: string | null;
  chapterTitle: string;
  /** Server-graded items done over server-graded items, across the room's chapters (self-reported ones apart). */
  done: number;
  total: number;
  /**
   * Per room chapter: server-graded items done of them, self-reported items (code-lab runs, the self-mark) done of
   * them, kept apart, and its status by the course's one rule (src/course/marking.ts).
   */
  chapters: {
    id: string;
    done: number;
    total: number;
    selfReportedDone: number;
    selfReportedTotal: number;
    status: ChapterStatus;
    selfReported: boolean;
  }[];
  /** Items the server graded (decision tables, completion checks), done of all, across the room's chapters. */
  graded: { done: number; total: number };
  /** Items only the learner's word vouches for (code-lab runs, self-marks), done of all: never added to `graded`. */
  selfReported: { done: number; total: number };
  checks: { id: string; correct?: number; total?: number; passed: boolean }[];
  wrongAttempts: number;
  hints: number;
  solutions: number;
  predictions: { correct: number; total: number };
  /** Code labs passed by the learner's own report. */
  codeLabsPassed: number;
  lastEventAt: number;
  /** Why the learner looks stuck, if they do. */
  stuck?: string;
}

/** Answers given to one decision-table cell, across the class (each learner's latest graded answer). */
export interface CellSpread {
  scenarioId: string;
  scenarioTitle: string;
  column: DecisionColumn;
  columnLabel: string;
  correctLabel: string;
  answers: { value: string; label: string; count: number; correct: boolean; misconceptionId?: string }[];
  learners: number;
  correct: number;
}

/** The whole class view. */
export interface DashboardView {
  learners: LearnerRow[];
  active: number;
  stuck: number;
  /** Per chapter: the average share of items done, and how many learners finished it. */
  chapters: { id: string; title: string; percent: number; finished: number; items: number }[];
  cells: CellSpread[];
  misconceptions: { id: string; belief: string; correction: string; learners: number }[];
}

const itemName = (item: ItemState): string =>
  item.itemId === 'completion' ? `the ${item.chapterId} completion check` : item.itemId;

const progressItemKey = (chapterId: string, item: Exclude<ProgressItem, { type: 'practice' }>): string =>
  itemKey(chapterId, item.type === 'self-mark' ? 'self-mark' : item.id);

/** Whether a learner finished an item; the practice item (every prediction of the chapter) needs all of them. */
const itemDone = (items: Map<string, ItemState>, chapterId: string, item: ProgressItem): boolean =>
  item.type === 'practice'
    ? item.ids.every((id) => items.get(itemKey(chapterId, id))?.done === true)
    : items.get(progressItemKey(chapterId, item))?.done === true;

/** Builds the view at time `now` (ms). */
export function buildDashboardView(state: DashboardState, now: number): DashboardView {
  const title = new Map(state.chapters.map((c) => [c.id, c.title]));
  const rows: LearnerRow[] = [];
  for (const l of state.learners.values()) {
    const graded = { done: 0, total: 0 };
    const selfReported = { done: 0, total: 0 };
    const chapters = state.chapters.map((c) => {
      const mine = { graded: { done: 0, total: 0 }, selfReported: { done: 0, total: 0 } };
      for (const item of c.items) {
        const kind = item.type === 'code-lab' || item.type === 'self-mark' ? 'selfReported' : 'graded';
        for (const tally of [kind === 'graded' ? graded : selfReported, mine[kind]]) {
          tally.total += 1;
          if (itemDone(l.items, c.id, item)) tally.done += 1;
        }
      }
      const check = c.items.some((i) => i.type === 'check') ? l.items.get(itemKey(c.id, 'completion')) : undefined;
      const mark = markChapter({
        hasCheck: c.items.some((i) => i.type === 'check'),
        ...(check && check.attempts > 0 ? { check: { passed: check.done } } : {}),
        selfMarked: l.items.get(itemKey(c.id, 'self-mark'))?.done === true,
        started: [...l.items.values()].some((i) => i.chapterId === c.id),
      });
      return {
        id: c.id,
        done: mine.graded.done,
        total: mine.graded.total,
        selfReportedDone: mine.selfReported.done,
        selfReportedTotal: mine.selfReported.total,
        status: mark.status,
        selfReported: mark.selfReported,
      };
    });
    const checks = state.chapters
      .filter((c) => c.items.some((i) => i.type === 'check'))
      .map((c) => {
        const item = l.items.get(itemKey(c.id, 'completion'));
        return { id: c.id, correct: item?.correct, total: item?.total, passed: item?.done === true };
      });
    let worst: ItemState | undefined;
    for (const item of l.items.values()) if (!worst || item.wrongInARow > worst.wrongInARow) worst = item;
    const done = chapters.reduce((n, c) => n + c.done, 0);
    const total = chapters.reduce((n, c) => n + c.total, 0);
    const idleMinutes = Math.floor((now - l.lastEventAt) / 60_000);
    let stuck: string | undefined;
    if (!l.learner.removedAt && worst && worst.wrongInARow >= STUCK_ATTEMPTS && !worst.done) {
      stuck = `${worst.wrongInARow} wrong attempts in a row on ${itemName(worst)}`;
    } else if (!l.learner.removedAt && state.room.endedAt === null && idleMinutes >= IDLE_MINUTES && done < total) {
      stuck = `idle for ${idleMinutes} minutes`;
    }
    rows.push({
      id: l.learner.id,
      name: l.learner.name,
      removed: l.learner.removedAt !== null,
      chapterId: l.chapterId,
      chapterTitle: l.chapterId ? (title.get(l.chapterId) ?? l.chapterId) : '',
      done,
      total,
      chapters,
      graded,
      selfReported,
      checks,
      wrongAttempts: worst?.done ? 0 : (worst?.wrongInARow ?? 0),
      hints: l.hints,
      solutions: l.solutions,
      predictions: l.predictions,
      codeLabsPassed: [...l.items.values()].filter((i) => i.selfReported && i.done).length,
      lastEventAt: l.lastEventAt,
      ...(stuck ? { stuck } : {}),
    });
  }
  const active = rows.filter((r) => !r.removed);
  const chapters = state.chapters.map((c, index) => {
    const shares = active.map((r) => r.chapters[index]!);
    const percent =
      shares.length === 0 || c.items.length === 0
        ? 0
        : Math.round((shares.reduce((n, s) => n + s.done / s.total, 0) / shares.length) * 100);
    return {
      id: c.id,
      title: c.title,
      percent,
      finished: shares.filter((s) => s.total > 0 && s.done === s.total).length,
      items: c.items.length,
    };
  });
  return {
    learners: rows,
    active: active.length,
    stuck: active.filter((r) => r.stuck).length,
    chapters,
    ...spreadOfCells(state),
  };
}

function spreadOfCells(state: DashboardState): Pick<DashboardView, 'cells' | 'misconceptions'> {
  const spreads = new Map<string, CellSpread>();
  const misconceptionLearners = new Map<string, Set<string>>();
  for (const l of state.learners.values()) {
    if (l.learner.removedAt !== null) continue;
    for (const cell of l.cells.values()) {
      const scenario = getScenario(cell.scenario);
      const column = cell.column as DecisionColumn;
      if (!scenario || !(column in COLUMN_LABELS)) continue;
      const key = `${cell.scenario}/${cell.column}`;
      let spread = spreads.get(key);
      if (!spread) {
        const right = scenario.answer[column];
        spread = {
          scenarioId: cell.scenario,
          scenarioTitle: scenario.title,
          column,
          columnLabel: COLUMN_LABELS[column],
          correctLabel: DECISION_LABELS[right as keyof typeof DECISION_LABELS] ?? right,
          answers: [],
          learners: 0,
          correct: 0,
        };
        spreads.set(key, spread);
      }
      const chosen = cell.chosen;
      if (cell.result === 'unanswered' || chosen === undefined) continue;
      spread.learners += 1;
      if (cell.result === 'correct') spread.correct += 1;
      let answer = spread.answers.find((a) => a.value === chosen);
      if (!answer) {
        answer = {
          value: chosen,
          label: DECISION_LABELS[chosen as keyof typeof DECISION_LABELS] ?? chosen,
          count: 0,
          correct: cell.result === 'correct',
          ...(cell.misconception ? { misconceptionId: cell.misconception } : {}),
        };
        spread.answers.push(answer);
      }
      answer.count += 1;
      if (cell.misconception) {
        let set = misconceptionLearners.get(cell.misconception);
        if (!set) misconceptionLearners.set(cell.misconception, (set = new Set()));
        set.add(l.learner.id);
      }
    }
  }
  const cells = [...spreads.values()]
    .filter((s) => s.learners > 0)
    .map((s) => ({ ...s, answers: s.answers.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)) }))
    .sort((a, b) => a.correct / a.learners - b.correct / b.learners || a.scenarioTitle.localeCompare(b.scenarioTitle));
  const byId = new Map<string, { belief: string; correction: string }>(Object.entries(MISCONCEPTIONS));
  const misconceptions = [...misconceptionLearners]
    .map(([id, learners]) => ({
      id,
      belief: byId.get(id)?.belief ?? id,
      correction: byId.get(id)?.correction ?? '',
      learners: learners.size,
    }))
    .sort((a, b) => b.learners - a.learners || a.id.localeCompare(b.id));
  return { cells, misconceptions };
}

/** The class as CSV rows (header first), one row per learner, in the order given. */
export function dashboardCsvRows(view: DashboardView, chapters: readonly DashboardChapter[]): string[][] {
  const header = [
    'learner',
    'status',
    'current chapter',
    'graded items done',
    'graded items',
    'self-reported items done',
    'self-reported items',
  ];
  for (const c of chapters)
    header.push(`${c.id} status`, `${c.id} items done`, `${c.id} self-reported done`, `${c.id} check (server-graded)`);
  header.push(
    'predictions right',
    'predictions made',
    'hints shown',
    'solutions shown',
    'code labs passed (self-reported)',
    'wrong attempts in a row',
    'stuck',
    'last activity (UTC)',
  );
  const rows = [header];
  for (const r of view.learners) {
    const row = [
      r.name,
      r.removed ? 'removed' : 'in the room',
      r.chapterId ?? '',
      String(r.graded.done),
      String(r.graded.total),
      String(r.selfReported.done),
      String(r.selfReported.total),
    ];
    for (const c of chapters) {
      const chapter = r.chapters.find((x) => x.id === c.id);
      const check = r.checks.find((x) => x.id === c.id);
      row.push(
        chapter ? STATUS_LABELS[chapter.status] + (chapter.selfReported ? ' (self-marked)' : '') : '',
        chapter ? `${chapter.done}/${chapter.total}` : '',
        chapter ? `${chapter.selfReportedDone}/${chapter.selfReportedTotal}` : '',
        check?.total !== undefined ? `${check.correct}/${check.total}${check.passed ? ' passed' : ''}` : '',
      );
    }
    row.push(
      String(r.predictions.correct),
      String(r.predictions.total),
      String(r.hints),
      String(r.solutions),
      String(r.codeLabsPassed),
      String(r.wrongAttempts),
      r.stuck ?? '',
      new Date(r.lastEventAt).toISOString(),
    );
    rows.push(row);
  }
  return rows;
}
