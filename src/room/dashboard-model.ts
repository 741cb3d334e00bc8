/**
 * The instructor dashboard's model: folds a room's learners and graded events into the class view (who is where,
 * who is stuck, completion per chapter, the answers given to each decision-table cell, the most common
 * misconceptions). Pure: the dashboard page runs it on every live event, the server runs it for the exports (through
 * the roster model, src/receipts/roster-model.ts, which writes the CSV), so both show the same numbers. Verdicts come
 * from the server's grader, read through src/room/cell-result.ts; code-lab results are the learner's own report and
 * are labelled so wherever they appear.
 */
import { COLUMN_LABELS, DECISION_LABELS, MISCONCEPTIONS, getScenario, type DecisionColumn } from '#course';
import { markChapter, type ChapterStatus } from '../course/marking.ts';
import type { ProgressItem } from '../progress/items.ts';
import { readCell, shownValue, type CellRead } from './cell-result.ts';
import { genericVerdict } from './verdict.ts';
import type { DashboardEvent, DashboardLearner, RoomState } from './live.ts';
import { idleSince, type PaceState } from './pace.ts';
import { contractOf, kindOfRoomEvent, type GradedKind } from '../course/graded-kinds.ts';

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
  /** Completion checks: the decision-table cells of the latest submission, right of all. */
  cells?: { correct: number; total: number };
  /** Decision tables: the latest check was on answers loaded from someone's link (shown, never counted). */
  fromLink: boolean;
  /** A later graded kind's item (its events carry the generic verdict). */
  generic?: true;
}

interface LearnerState {
  learner: DashboardLearner;
  lastEventAt: number;
  chapterId: string | null;
  items: Map<string, ItemState>;
  /** Latest graded cell per scenario/column (answers loaded from a link excluded). */
  cells: Map<string, CellRead>;
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
  /** The room's pace, when known: idle time while the instructor presents is not "stuck". */
  pace?: PaceState;
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
  // What a kind's events add to the row is its contract's `tally` (src/course/graded-kinds.ts).
  if (kind && contractOf(kind).tally === 'prediction') {
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
    fromLink: false,
  };
  learner.items.set(key, item);
  const generic = genericVerdict(v);
  if (generic) {
    // A later graded kind's generic verdict: done once passed, the learner's word when its contract says so.
    item.attempts += 1;
    item.generic = true;
    item.selfReported = generic.selfReported;
    item.done = item.done || generic.passed === true;
    item.wrongInARow = generic.passed ? 0 : item.wrongInARow + 1;
    if (generic.correct !== undefined) item.correct = generic.correct;
    if (generic.total !== undefined) item.total = generic.total;
    return true;
  }
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
    case 'submit': // a later graded kind's generic verdict, folded in above
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
      item.fromLink = v.kind === 'decision-table' && v.fromLink === true;
      if (event.kind !== 'decision-table') {
        const cells = (v.cells ?? []).map(readCell);
        item.cells = { correct: cells.filter((c) => c.result === 'correct').length, total: cells.length };
      }
      if (item.fromLink) break;
      for (const cell of (v.cells ?? []).map(readCell)) learner.cells.set(`${cell.scenarioId}/${cell.column}`, cell);
      break;
  }
  return true;
}

/** Where one learner stands, for the table. */
export interface LearnerRow {
  id: string;
  name: string;
  /** When the learner joined (ms). */
  joinedAt: number;
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
    /** The status in words, with "(self-marked)" when it rests on the learner's word (markChapter's label). */
    label: string;
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
  /** Code labs run, by the learner's own report. */
  codeLabsRun: number;
  /** Items of each later graded kind (src/receipts/roster-model.ts `gradedColumnKinds`): passed of those handed in. */
  gradedKinds: Partial<Record<GradedKind, { passed: number; total: number }>>;
  /** Practice decision tables: cells right of cells, latest check of each (tables loaded from a link left out). */
  practice: { correct: number; total: number };
  /** Decision-table cells of the completion checks, latest submission of each: right of all. */
  checkCells: { correct: number; total: number };
  /** Decision tables whose latest check was on answers loaded from someone's link. */
  fromLink: number;
  /** The learner's latest graded answer to each decision-table cell (answers loaded from a link left out). */
  cells: CellRead[];
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
  misconceptions: { id: string; name: string; belief: string; correction: string; learners: number }[];
}

/** An item as learners saw it: what kind of exercise, in which chapter (by title), a code lab by its title. */
function itemName(item: ItemState, chapters: readonly DashboardChapter[]): string {
  const chapter = chapters.find((c) => c.id === item.chapterId);
  const where = `“${chapter?.title ?? item.chapterId}”`;
  if (item.itemId === 'completion') return `the completion check of ${where}`;
  const known = chapter?.items.find((i) => 'id' in i && i.id === item.itemId);
  if (known?.type === 'code-lab') return known.title ? `the code lab “${known.title}”` : `the code lab in ${where}`;
  if (known?.type === 'graded') return `“${known.label}” in ${where}`;
  if (item.kind === 'decision-table') return `the decision table in ${where}`;
  if (item.kind === 'self-mark') return `“I can explain this” in ${where}`;
  return `an exercise in ${where}`;
}

const progressItemKey = (chapterId: string, item: Exclude<ProgressItem, { type: 'practice' }>): string =>
  itemKey(chapterId, item.type === 'self-mark' ? 'self-mark' : item.id);

/** Whether a learner finished an item; the practice item (every prediction of the chapter) needs all of them. */
const itemDone = (items: Map<string, ItemState>, chapterId: string, item: ProgressItem): boolean =>
  item.type === 'practice'
    ? item.ids.every((id) => items.get(itemKey(chapterId, id))?.done === true)
    : items.get(progressItemKey(chapterId, item))?.done === true;

/** Passed of handed in, per later graded kind (their items carry the generic verdict). */
function gradedKindFigures(items: readonly ItemState[]): LearnerRow['gradedKinds'] {
  const out: LearnerRow['gradedKinds'] = {};
  for (const item of items) {
    const kind = kindOfRoomEvent(item.kind);
    if (!kind || !item.generic || item.attempts === 0) continue;
    const figure = (out[kind] ??= { passed: 0, total: 0 });
    figure.total += 1;
    figure.passed += item.done ? 1 : 0;
  }
  return out;
}

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
        const kind =
          item.type === 'code-lab' || item.type === 'self-mark' || (item.type === 'graded' && item.selfReported)
            ? 'selfReported'
            : 'graded';
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
        label: mark.label,
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
    const since = idleSince(l.lastEventAt, state.pace);
    const idleMinutes = since === null ? 0 : Math.floor((now - since) / 60_000);
    let stuck: string | undefined;
    if (!l.learner.removedAt && worst && worst.wrongInARow >= STUCK_ATTEMPTS && !worst.done) {
      stuck = `${worst.wrongInARow} wrong attempts in a row on ${itemName(worst, state.chapters)}`;
    } else if (!l.learner.removedAt && state.room.endedAt === null && idleMinutes >= IDLE_MINUTES && done < total) {
      stuck = `idle for ${idleMinutes} minutes`;
    }
    const items = [...l.items.values()];
    const tables = items.filter((i) => i.kind === 'decision-table' && i.attempts > 0);
    const counted = tables.filter((i) => !i.fromLink);
    rows.push({
      id: l.learner.id,
      name: l.learner.name,
      joinedAt: l.learner.joinedAt,
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
      codeLabsPassed: items.filter((i) => i.kind === 'code-lab' && i.done).length,
      codeLabsRun: items.filter((i) => i.kind === 'code-lab' && i.attempts > 0).length,
      gradedKinds: gradedKindFigures(items),
      practice: {
        correct: counted.reduce((n, i) => n + (i.correct ?? 0), 0),
        total: counted.reduce((n, i) => n + (i.total ?? 0), 0),
      },
      checkCells: {
        correct: items.reduce((n, i) => n + (i.cells?.correct ?? 0), 0),
        total: items.reduce((n, i) => n + (i.cells?.total ?? 0), 0),
      },
      fromLink: tables.length - counted.length,
      cells: [...l.cells.values()],
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
      const scenario = getScenario(cell.scenarioId);
      const column = cell.column as DecisionColumn;
      if (!scenario || !(column in COLUMN_LABELS)) continue;
      const key = `${cell.scenarioId}/${cell.column}`;
      let spread = spreads.get(key);
      if (!spread) {
        const right = scenario.answer[column];
        spread = {
          scenarioId: cell.scenarioId,
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
      if (cell.result === 'unanswered' || cell.given === undefined) continue;
      const given = shownValue(cell.given, cell.result);
      spread.learners += 1;
      if (cell.result === 'correct') spread.correct += 1;
      let answer = spread.answers.find((a) => a.value === given);
      if (!answer) {
        answer = {
          value: given,
          label: DECISION_LABELS[given as keyof typeof DECISION_LABELS] ?? given,
          count: 0,
          correct: cell.result === 'correct',
          ...(cell.misconceptionId ? { misconceptionId: cell.misconceptionId } : {}),
        };
        spread.answers.push(answer);
      }
      answer.count += 1;
      if (cell.misconceptionId) {
        let set = misconceptionLearners.get(cell.misconceptionId);
        if (!set) misconceptionLearners.set(cell.misconceptionId, (set = new Set()));
        set.add(l.learner.id);
      }
    }
  }
  const cells = [...spreads.values()]
    .filter((s) => s.learners > 0)
    .map((s) => ({ ...s, answers: s.answers.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)) }))
    .sort((a, b) => a.correct / a.learners - b.correct / b.learners || a.scenarioTitle.localeCompare(b.scenarioTitle));
  const byId = new Map<string, { name: string; belief: string; correction: string }>(Object.entries(MISCONCEPTIONS));
  const misconceptions = [...misconceptionLearners]
    .map(([id, learners]) => ({
      id,
      name: byId.get(id)?.name ?? id,
      belief: byId.get(id)?.belief ?? id,
      correction: byId.get(id)?.correction ?? '',
      learners: learners.size,
    }))
    .sort((a, b) => b.learners - a.learners || a.id.localeCompare(b.id));
  return { cells, misconceptions };
}
