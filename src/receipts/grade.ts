/**
 * Re-grading receipts: the one pure module behind the roster page (/instructor/roster/) and `mcp-lab grade`. It
 * reads each receipt, re-grades every answer with the message model (gradeCompletionCheck, gradeDecisionTable),
 * compares the grades the receipt claims, and builds the class view: a learner × chapter grid and the distribution
 * of answers per decision-table cell with the misconceptions behind them (the CSV and LMS files are written from it
 * through the roster model, roster-model.ts). No DOM, no Node APIs; never throws.
 *
 * What a receipt proves (say nothing stronger anywhere): it is self-reported. Its digest catches accidental damage
 * (a damaged receipt is flagged and not counted), but anyone can edit a receipt and recompute the digest. Grades are
 * redone here from the answers, so a claimed score cannot be inflated; the answers themselves, the name and the
 * dates are the learner's word. Two receipts whose names match after normalising are a conflict the instructor
 * resolves, seeing both; no date decides it. Marks an instructor can trust come from the live workshop room.
 */
import {
  COLUMN_LABELS,
  DECISION_COLUMNS,
  DECISION_LABELS,
  DECISION_SCENARIOS,
  getScenario,
  misconceptionFor,
  gradeCompletionCheck,
  gradeDecisionTable,
  MISCONCEPTIONS,
  rememberClassifications,
  type CellVerdict,
  type DecisionColumn,
  type FixtureClassifier,
  type MisconceptionId,
} from '#course';
import { currentChapterId } from '../course/course-order.ts';
import { gradeAnswers, gradingCourse, type GradingCourse, type GradingData } from '../course/graded-graders.ts';
import { contractOf, gradedKinds, perKind, readGradedAnswers, type GradedKind } from '../course/graded-kinds.ts';
import { readReceipt, type ChapterReceipt, type ClaimedGrade, type Receipt, type SelfMark } from './schema.ts';
import { markChapter, STATUS_LABELS, type ChapterStatus } from '../course/marking.ts';
import type { FlagReason } from './roster-vocabulary.ts';

import { lmsIdOf } from './lms-id.ts';
/** The key two names are compared by (the site's one rule, src/lib/printable.ts). */
export { nameKey } from '../lib/printable.ts';
import { nameKey } from '../lib/printable.ts';
export type { ChapterStatus } from '../course/marking.ts';
export type { FlagReason } from './roster-vocabulary.ts';

/** The question set of one course version: chapter id → completion check, and the fixture texts they classify. */
export interface QuestionSet {
  /** Chapter id → its completion check, unvalidated: the model's grader checks it. */
  checks: Readonly<Record<string, unknown>>;
  /** Fixture id → raw text, for the checks' classify questions. */
  fixtureTexts: Readonly<Record<string, string>>;
}

/** What the grader needs to know about the course it grades against. */
export interface CourseData {
  title: string;
  /**
   * The current course version (package.json). A receipt is graded against the question set of the version it
   * names: this one's (checks, fixtureTexts), or a past one's (pastVersions); an unknown version against this one.
   */
  version: string;
  /** Past course versions → their question sets, kept as content data (content/course-versions/<version>.json). */
  pastVersions?: Readonly<Record<string, QuestionSet>>;
  /** The chapters, in course order: the grid's columns. */
  chapters: readonly { id: string; title: string }[];
  /** Chapter id → its completion check (content/checks/<id>.json), unvalidated: the model's grader checks it. */
  checks: Readonly<Record<string, unknown>>;
  /** Fixture id → raw text, for the checks' classify questions. */
  fixtureTexts: Readonly<Record<string, string>>;
  /**
   * What the graded kinds' graders read (src/course/graded-graders.ts): each chapter's tables, predictions and code
   * labs, and the exchanges. Without it, a receipt's predictions are listed but not graded.
   */
  grading?: GradingData;
}

/** One chapter of one learner after re-grading. */
export interface ChapterResult {
  status: ChapterStatus;
  /** The status label, with "(self-marked)" when a chapter without a check counts on the learner's word. */
  label: string;
  /** The re-graded completion check: questions right of auto-graded questions. */
  check?: { correct: number; total: number; passed: boolean };
  /**
   * Practice decision tables on the chapter page: cells right of cells in the tables the learner worked on. Tables
   * whose answers were loaded from someone's link are left out (see fromLink).
   */
  practice: { correct: number; total: number };
  /** Decision-table cells in the completion check: right of all. */
  checkCells: { correct: number; total: number };
  /** Code labs whose last run passed, of those run: self-reported (the learner's browser ran the tests). */
  codeLabs: { passed: number; total: number };
  /** Predictions (classify and HTTP exchange) right, of those made, re-graded; explorations are not counted. */
  predictions: { correct: number; total: number };
  /**
   * Items of the later graded kinds (the receipt's generic slot), passed of those handed in, re-graded by the kind's
   * grader; a self-reported kind's are the learner's word (its contract's `selfReported` and `column` say so).
   */
  graded: Partial<Record<GradedKind, { passed: number; total: number }>>;
  /** Hint levels opened, over every widget and code lab of the chapter. */
  hints: number;
  /** Worked solutions shown, over every widget and code lab of the chapter. */
  solutions: number;
  /** Decision tables whose answers came from someone's link: shown, never counted as the learner's work. */
  fromLink: number;
  /** Tables and code labs whose answers or code came from an imported progress file. */
  imported: number;
  selfMark?: SelfMark;
}

/** One decision-table cell as a learner answered it (after de-duplication: the check's answer wins). */
export interface CellAnswer {
  scenarioId: string;
  column: DecisionColumn;
  given?: string;
  verdict: CellVerdict['verdict'];
  misconceptionId?: MisconceptionId;
}

/** A receipt after re-grading: what the counted and the conflicting entries share. */
export interface GradedEntry {
  /** Where it came from: a file name, or "pasted receipt 2 (line 14)". */
  source: string;
  /** The learner's name, or "Learner N" when they typed none. */
  learner: string;
  named: boolean;
  /** When the learner's browser says the receipt was made: the learner's word, never used to decide anything. */
  createdAt: string;
  courseVersion: string;
  /** The course version whose question set graded the receipt: its own, or the current one when it names an unknown one. */
  gradedVersion: string;
  scope: Receipt['scope'];
  digest: string;
  chapters: Record<string, ChapterResult>;
  cells: CellAnswer[];
  /** Things the instructor should know that do not stop the receipt counting. */
  notes: string[];
  /** The LMS identifier the learner gave (the receipt's lms-id extension): keys gradebook exports, never shown. */
  lmsId?: string;
}

/** One receipt's outcome. */
export type RosterEntry =
  | ({ kind: 'counted' } & GradedEntry)
  /** Graded, not counted: another receipt has the same name, and the instructor has not chosen yet. */
  | ({ kind: 'conflict'; conflict: string } & GradedEntry)
  | { kind: 'flagged'; source: string; reason: FlagReason; message: string; learner?: string };

/** What the instructor decided about receipts sharing a name: count one of them (by digest), or all of them. */
export type ConflictChoice = { count: 'one'; digest: string } | { count: 'all' };

/** Receipts whose names match after normalising (nameKey), until the instructor chooses. */
export interface NameConflict {
  /** The normalised name: the key of a ConflictChoice. */
  key: string;
  sources: string[];
  digests: string[];
}

/** The answers given to one cell across the class. */
export interface CellDistribution {
  scenarioId: string;
  scenarioTitle: string;
  column: DecisionColumn;
  columnLabel: string;
  correctValue: string;
  /** Answer value → count, most frequent first; `unanswered` counts blanks. */
  answers: {
    value: string;
    label: string;
    count: number;
    correct: boolean;
    misconceptionId?: MisconceptionId;
    /** The misconception's name (content/scenarios/misconceptions.json), for pages that do not load the course. */
    misconceptionName?: string;
  }[];
  unanswered: number;
  correct: number;
  /** Learners who answered this row at all. */
  learners: number;
}

/** The whole class view. */
export interface Roster {
  entries: RosterEntry[];
  counted: number;
  flagged: number;
  /** Name conflicts still waiting for the instructor's choice, in the order their first receipt appears. */
  conflicts: NameConflict[];
  /** The current course version: receipts naming no version the grader knows are graded against it. */
  version: string;
  chapters: readonly { id: string; title: string }[];
  distribution: CellDistribution[];
  /** Misconceptions behind wrong cells, most common first. `learners` counts each learner once. */
  misconceptions: {
    id: MisconceptionId;
    name: string;
    belief: string;
    correction: string;
    count: number;
    learners: number;
  }[];
}

/** An input to grade: its source name and its content (text, a parsed value, or a reason it could not be read). */
export type RosterInput = { source: string; content: unknown } | { source: string; error: string; reason?: FlagReason };

const sameGrade = (a: ClaimedGrade, b: { correct: number; total: number; passed: boolean }) =>
  a.correct === b.correct && a.total === b.total && a.passed === b.passed;
const showGrade = (g: { correct: number; total: number; passed: boolean }) =>
  `${g.correct}/${g.total}${g.passed ? ', passed' : ''}`;

function hasActivity(ch: ChapterReceipt): boolean {
  return (
    ch.selfMark !== undefined ||
    ch.check !== undefined ||
    Object.keys(ch.tables ?? {}).length > 0 ||
    Object.keys(ch.codeLabs ?? {}).length > 0 ||
    Object.keys(ch.predictions ?? {}).length > 0 ||
    Object.keys(ch.exchanges ?? {}).length > 0 ||
    Object.values(ch.graded ?? {}).some((items) => Object.keys(items ?? {}).length > 0) ||
    ch.hints > 0 ||
    ch.solutions > 0
  );
}

/** The question ids of a check (unvalidated: anything without them has none). */
function questionIdsOf(check: unknown): string[] {
  if (typeof check !== 'object' || check === null || !Array.isArray((check as { questions?: unknown }).questions))
    return [];
  return ((check as { questions: unknown[] }).questions ?? []).flatMap((q) =>
    typeof q === 'object' && q !== null && typeof (q as { id?: unknown }).id === 'string'
      ? [(q as { id: string }).id]
      : [],
  );
}

/** What a receipt grader of one kind is given. */
interface ReceiptGradeContext {
  chapterId: string;
  /** The chapter's completion check in the course version grading the receipt. */
  check: unknown;
  gradedVersion: string;
  fixtureTexts: Readonly<Record<string, string>>;
  /** The graded kinds' graders over the course data, when the course data carries it. */
  grading: GradingCourse | undefined;
  classify: FixtureClassifier;
  notes: string[];
  mismatches: string[];
  fromChecks: Map<string, CellAnswer>;
  fromTables: Map<string, CellAnswer>;
  toCell: (c: CellVerdict) => CellAnswer;
}

/** Counts a receipt's predictions of one kind (its slot), re-graded by the kind's grader. */
function gradePredictions(
  kind: 'classify-prediction' | 'http-exchange-prediction',
  slot: Readonly<Record<string, { answers: unknown }>> | undefined,
  result: ChapterResult,
  ctx: ReceiptGradeContext,
): void {
  const entries = Object.entries(slot ?? {});
  if (entries.length === 0) return;
  if (!ctx.grading) {
    ctx.notes.push(
      `Chapter ${ctx.chapterId}: ${entries.length} prediction(s) not graded (this grader has no course file).`,
    );
    return;
  }
  for (const [itemId, entry] of entries) {
    const grade = gradeEntry(kind, entry.answers, itemId, ctx, ctx.grading);
    if (grade.kind === 'rejected') {
      ctx.notes.push(`Chapter ${ctx.chapterId}, prediction ${itemId}: ${grade.reason} Not graded.`);
      continue;
    }
    // A prediction on an edited message is the learner exploring: never counted right or wrong.
    if (grade.exploration) continue;
    result.predictions.total += 1;
    result.predictions.correct += grade.passed ? 1 : 0;
  }
}

/** One stored answer of a kind, read at the border and re-graded by the kind's grader; a bad shape is a refusal. */
function gradeEntry(
  kind: GradedKind,
  answers: unknown,
  itemId: string,
  ctx: ReceiptGradeContext,
  grading: NonNullable<ReceiptGradeContext['grading']>,
) {
  const read = readGradedAnswers(kind, answers);
  return read.kind === 'answers'
    ? gradeAnswers(kind, read.answers, { chapterId: ctx.chapterId, itemId }, grading, ctx.classify)
    : { kind: 'rejected' as const, reason: read.message };
}

type SlotGrader = (ch: ChapterReceipt, result: ChapterResult, ctx: ReceiptGradeContext) => void;

/**
 * The generic slot of a kind (`graded.<kind>.<item>`), re-graded by the kind's grader: a prediction (its contract's
 * `tally`) counts with the predictions, any other item in the kind's own figure.
 */
const genericSlotGrader =
  (kind: GradedKind): SlotGrader =>
  (ch, result, ctx) => {
    const entries = Object.entries(ch.graded?.[kind] ?? {});
    if (entries.length === 0) return;
    const { tally, column } = contractOf(kind);
    if (!ctx.grading) {
      ctx.notes.push(
        `Chapter ${ctx.chapterId}: ${entries.length} ${column} not graded (this grader has no course file).`,
      );
      return;
    }
    for (const [itemId, entry] of entries) {
      const grade = gradeEntry(kind, entry.answers, itemId, ctx, ctx.grading);
      if (grade.kind === 'rejected') {
        ctx.notes.push(`Chapter ${ctx.chapterId}, ${kind} ${itemId}: ${grade.reason} Not graded.`);
        continue;
      }
      if (grade.exploration) continue;
      if (tally === 'prediction') {
        result.predictions.total += 1;
        result.predictions.correct += grade.passed ? 1 : 0;
        continue;
      }
      const figure = (result.graded[kind] ??= { passed: 0, total: 0 });
      figure.total += 1;
      figure.passed += grade.passed ? 1 : 0;
      if (!sameGrade(entry.grade, grade))
        ctx.mismatches.push(
          `chapter ${ctx.chapterId}, ${kind} ${itemId} claims ${showGrade(entry.grade)}; its grader grades it ${showGrade(grade)}`,
        );
    }
  };

/** The kinds whose slot is one of their own (receipt versions 1 to 3). */
const OWN_SLOT_GRADERS: { readonly [K in GradedKind]?: SlotGrader } = {
  'decision-table': (ch, result, ctx) => {
    for (const [widgetId, table] of Object.entries(ch.tables ?? {})) {
      // The course's rows for the table when the grader has them (a receipt's own list may be edited to drop rows).
      const scenarios = ctx.grading ? ctx.grading.tableScenarios(ctx.chapterId, widgetId) : table.scenarios;
      if (!scenarios) {
        ctx.notes.push(`Chapter ${ctx.chapterId} has no decision table ${widgetId}; its answers were not graded.`);
        continue;
      }
      const grade = gradeDecisionTable(table.cells, scenarios);
      if (grade.kind === 'invalid-input') {
        ctx.notes.push(`Chapter ${ctx.chapterId}, table ${widgetId}: ${grade.message} Not graded.`);
        continue;
      }
      if (table.imported) result.imported += 1;
      // Someone else's answers: shown as such, not in the learner's figures or the class's distribution.
      if (table.fromLink) {
        result.fromLink += 1;
        continue;
      }
      result.practice.correct += grade.correct;
      result.practice.total += grade.total;
      if (table.grade && !sameGrade(table.grade, grade))
        ctx.mismatches.push(
          `chapter ${ctx.chapterId}, table ${widgetId} claims ${showGrade(table.grade)}; the model grades it ${showGrade(grade)}`,
        );
      for (const cell of grade.cells) ctx.fromTables.set(`${cell.scenarioId}/${cell.column}`, ctx.toCell(cell));
    }
  },
  'completion-check': (ch, result, ctx) => {
    if (ch.check && ctx.check === undefined)
      ctx.notes.push(
        `Chapter ${ctx.chapterId} has no completion check in course version ${ctx.gradedVersion}; its check answers were not graded.`,
      );
    if (ch.check && ctx.check !== undefined) {
      const asked = new Set(questionIdsOf(ctx.check));
      const unasked = Object.keys(ch.check.answers).filter((q) => !asked.has(q));
      if (unasked.length > 0)
        ctx.notes.push(
          `Chapter ${ctx.chapterId}: answers to ${unasked.join(', ')}, which course version ${ctx.gradedVersion} does not ask, were not graded.`,
        );
      const grade = gradeCompletionCheck(ctx.check, ch.check.answers, ctx.fixtureTexts, ctx.classify);
      if (grade.kind === 'invalid-input') {
        ctx.notes.push(`Chapter ${ctx.chapterId}: the check could not be graded (${grade.message}).`);
      } else {
        result.check = { correct: grade.correct, total: grade.total, passed: grade.passed };
        if (!sameGrade(ch.check.grade, grade))
          ctx.mismatches.push(
            `chapter ${ctx.chapterId}'s check claims ${showGrade(ch.check.grade)}; the model grades the same answers ${showGrade(grade)}`,
          );
        for (const q of grade.questions) {
          for (const cell of q.cells ?? []) {
            ctx.fromChecks.set(`${cell.scenarioId}/${cell.column}`, ctx.toCell(cell));
            result.checkCells.correct += cell.verdict === 'correct' ? 1 : 0;
            result.checkCells.total += 1;
          }
        }
      }
    }
  },
  'classify-prediction': (ch, result, ctx) => gradePredictions('classify-prediction', ch.predictions, result, ctx),
  'http-exchange-prediction': (ch, result, ctx) =>
    gradePredictions('http-exchange-prediction', ch.exchanges, result, ctx),
  'code-lab': (ch, result) => {
    for (const [exercise, lab] of Object.entries(ch.codeLabs ?? {})) {
      // An earlier version recorded a later kind's item (the probe report hand-in) as a code lab: when the receipt
      // also carries that item's graded answer, it is counted there, once.
      if (gradedKinds().some((k) => ch.graded?.[k]?.[exercise] !== undefined)) continue;
      result.codeLabs.total += 1;
      result.codeLabs.passed += lab.passed ? 1 : 0;
      if (lab.imported) result.imported += 1;
    }
  },
};

/**
 * How each graded kind's slot of a receipt chapter is re-graded into the chapter's result
 * (src/course/graded-kinds.ts `receiptSlot`): its own slot, or the generic one.
 */
export const RECEIPT_GRADERS = perKind((kind) => OWN_SLOT_GRADERS[kind] ?? genericSlotGrader(kind));

/** Every course version the grader knows, oldest past version first, the current one last. */
export function knownVersions(course: CourseData): string[] {
  return [...Object.keys(course.pastVersions ?? {}).filter((v) => v !== course.version), course.version];
}

/**
 * The version a receipt naming `named` is graded against and its question set: the named version when it is the
 * current one or a known past one, else the current one (`known: false`).
 */
function selectVersion(course: CourseData, named: string): { version: string; set: QuestionSet; known: boolean } {
  const past = named === course.version ? undefined : course.pastVersions?.[named];
  const known = named === course.version || past !== undefined;
  return { version: past ? named : course.version, set: past ?? course, known };
}

/**
 * Re-grades one receipt against the course. `input` is the receipt's text or parsed value; `source` names it in
 * messages. Never throws.
 */
export function gradeReceipt(
  input: unknown,
  course: CourseData,
  source: string,
  position = 1,
  classify: FixtureClassifier = rememberClassifications(),
): RosterEntry {
  const reading = readReceipt(input);
  if (reading.kind === 'malformed' || reading.kind === 'unsupported-version')
    return { kind: 'flagged', source, reason: reading.kind, message: reading.message };
  if (reading.kind === 'tampered')
    return { kind: 'flagged', source, reason: 'tampered', message: reading.message, learner: reading.receipt.learner };
  const receipt = reading.receipt;
  const { version: gradedVersion, set, known: versionKnown } = selectVersion(course, receipt.course.version);
  const notes: string[] = [];
  if (!versionKnown)
    notes.push(
      `Made with course version ${receipt.course.version}, which this grader does not know (it knows ${knownVersions(course).join(', ')}); graded against version ${course.version}, the current one, whose questions may differ.`,
    );
  if (receipt.scope === 'compact') notes.push('Compact receipt: free-text answers were left out to fit a QR code.');
  const known = new Set(course.chapters.map((c) => c.id));
  // A receipt made before a chapter was renamed names its old id (content/course.json `renamed`); the current id's
  // record wins when a receipt somehow holds both.
  const receiptChapters: Record<string, ChapterReceipt> = {};
  for (const [id, chapter] of Object.entries(receipt.chapters as Readonly<Record<string, ChapterReceipt>>)) {
    const current = currentChapterId(id) ?? id;
    if (current === id || receiptChapters[current] === undefined) receiptChapters[current] = chapter;
  }
  for (const id of Object.keys(receiptChapters))
    if (!known.has(id)) notes.push(`Chapter ${id} is not in this course; its answers were not graded.`);

  const chapters: Record<string, ChapterResult> = {};
  const grading = course.grading ? gradingCourse(course.grading) : undefined;
  const fromChecks = new Map<string, CellAnswer>();
  const fromTables = new Map<string, CellAnswer>();
  const mismatches: string[] = [];
  const toCell = (c: CellVerdict): CellAnswer => ({
    scenarioId: c.scenarioId,
    column: c.column,
    ...(c.given !== undefined ? { given: c.given } : {}),
    verdict: c.verdict,
    ...(c.misconception ? { misconceptionId: c.misconception.id as MisconceptionId } : {}),
  });

  // A version 1 chapter is a version 2 chapter without the members version 2 added (receiptChapters, above).
  for (const { id } of course.chapters) {
    const ch = receiptChapters[id];
    const result: ChapterResult = {
      status: 'not-started',
      label: STATUS_LABELS['not-started'],
      practice: { correct: 0, total: 0 },
      checkCells: { correct: 0, total: 0 },
      codeLabs: { passed: 0, total: 0 },
      predictions: { correct: 0, total: 0 },
      graded: {},
      hints: ch?.hints ?? 0,
      solutions: ch?.solutions ?? 0,
      fromLink: 0,
      imported: 0,
    };
    if (ch?.selfMark) result.selfMark = ch.selfMark;
    if (ch) {
      const check = set.checks[id];
      const ctx: ReceiptGradeContext = {
        chapterId: id,
        check,
        gradedVersion,
        fixtureTexts: set.fixtureTexts,
        grading,
        classify,
        notes,
        mismatches,
        fromChecks,
        fromTables,
        toCell,
      };
      for (const kind of gradedKinds()) RECEIPT_GRADERS[kind](ch, result, ctx);
      const mark = markChapter({
        hasCheck: check !== undefined,
        ...(result.check ? { check: result.check } : {}),
        selfMarked: ch.selfMark === 'can-explain',
        started: hasActivity(ch),
      });
      result.status = mark.status;
      result.label = mark.label;
    }
    chapters[id] = result;
  }

  const fromLink = Object.values(chapters).reduce((n, r) => n + r.fromLink, 0);
  if (fromLink > 0)
    notes.push(
      `${fromLink} decision table${fromLink === 1 ? ' holds' : 's hold'} answers loaded from someone's shared link: shown, not counted as this learner's work.`,
    );
  const imported = Object.values(chapters).reduce((n, r) => n + r.imported, 0);
  if (imported > 0)
    notes.push(
      `${imported} table${imported === 1 ? '' : 's'} or code lab${imported === 1 ? '' : 's'} came from an imported progress file, not from work in this browser.`,
    );
  const extensions = 'extensions' in receipt && receipt.extensions ? Object.keys(receipt.extensions) : [];
  if (extensions.length > 0)
    notes.push(`Carries extension data (${extensions.join(', ')}), which the roster does not grade.`);
  if (mismatches.length > 0) {
    // Claimed grades never count, so a raised claim gains nothing: the instructor is told, and the re-grade counts.
    const message = `Claimed grades differ from the model's re-grade: ${mismatches.join('; ')}.`;
    notes.push(
      versionKnown
        ? `${message} The receipt was edited after it was made; the re-grade is what counts.`
        : `${message} (Expected when course versions differ; the re-grade counts.)`,
    );
  }
  // One answer per cell per learner: the submitted check wins over the practice table on the page.
  const cells = [...fromTables.entries()]
    .filter(([k]) => !fromChecks.has(k))
    .map(([, c]) => c)
    .concat([...fromChecks.values()]);
  return {
    kind: 'counted',
    source,
    learner: receipt.learner ?? `Learner ${position}`,
    named: receipt.learner !== undefined,
    createdAt: receipt.createdAt,
    courseVersion: receipt.course.version,
    gradedVersion,
    scope: receipt.scope,
    digest: receipt.digest,
    chapters,
    cells,
    notes,
    ...withLmsId('extensions' in receipt ? receipt.extensions : undefined),
  };
}

/** The lms-id extension's identifier as a GradedEntry member (lms-id.ts). */
function withLmsId(extensions: Readonly<Record<string, unknown>> | undefined): { lmsId?: string } {
  const lmsId = lmsIdOf(extensions);
  return lmsId === undefined ? {} : { lmsId };
}

/** Options for gradeReceipts. */
export interface GradeOptions {
  /** The instructor's choices for name conflicts, by NameConflict key. A choice naming a missing receipt is ignored. */
  choices?: Readonly<Record<string, ConflictChoice>>;
}

/**
 * Grades many receipts and builds the class view. Exact duplicates (same digest) count once. Receipts whose names
 * match after normalising (nameKey) are a conflict: all are graded and shown, none counts until `options.choices`
 * says which one does (or that all do, being different people); the others are set aside, never dropped.
 * Never throws.
 */
export function gradeReceipts(inputs: readonly RosterInput[], course: CourseData, options: GradeOptions = {}): Roster {
  // Every receipt asks the same questions about the same fixtures: each is classified once for the whole class.
  const classify = rememberClassifications();
  const entries: RosterEntry[] = inputs.map((input, i) =>
    'error' in input
      ? { kind: 'flagged', source: input.source, reason: input.reason ?? 'unreadable', message: input.error }
      : gradeReceipt(input.content, course, input.source, i + 1, classify),
  );
  const byDigest = new Map<string, number>();
  const byName = new Map<string, number[]>();
  entries.forEach((entry, i) => {
    if (entry.kind !== 'counted') return;
    const first = byDigest.get(entry.digest);
    if (first !== undefined) {
      entries[i] = {
        kind: 'flagged',
        source: entry.source,
        reason: 'duplicate',
        learner: entry.learner,
        message: `The same receipt as ${entries[first]!.source}; counted once.`,
      };
      return;
    }
    byDigest.set(entry.digest, i);
    if (!entry.named) return;
    const key = nameKey(entry.learner);
    // Appended in place: copying the list per member is quadratic, and one name can have 50,000 receipts.
    const members = byName.get(key);
    if (members) members.push(i);
    else byName.set(key, [i]);
  });
  const conflicts: NameConflict[] = [];
  for (const [key, members] of byName) {
    if (members.length < 2) continue;
    const graded = members.map((i) => entries[i] as Extract<RosterEntry, { kind: 'counted' }>);
    const choice = options.choices?.[key];
    const chosen = choice?.count === 'one' ? graded.find((e) => e.digest === choice.digest) : undefined;
    if (choice?.count === 'all') {
      // At most three others by name: a list of every other receipt in every note is quadratic, and one name can
      // have 50,000 receipts.
      for (const e of graded) {
        const others = graded.slice(0, 4).filter((o) => o !== e);
        const more = graded.length - 1 - 3;
        const named =
          more > 0
            ? `${others
                .slice(0, 3)
                .map((o) => o.source)
                .join(', ')} and ${more.toLocaleString('en')} more`
            : others.map((o) => o.source).join(', ');
        e.notes.push(`Counted as a different learner from ${named} (same name; your choice).`);
      }
      continue;
    }
    if (chosen) {
      members.forEach((i, n) => {
        const e = graded[n]!;
        if (e === chosen) return;
        entries[i] = {
          kind: 'flagged',
          source: e.source,
          reason: 'set-aside',
          learner: e.learner,
          message: `You chose ${chosen.source} for this name; this receipt is set aside.`,
        };
      });
      continue;
    }
    members.forEach((i, n) => (entries[i] = { ...graded[n]!, kind: 'conflict', conflict: key }));
    conflicts.push({ key, sources: graded.map((e) => e.source), digests: graded.map((e) => e.digest) });
  }
  const counted = entries.filter((e): e is Extract<RosterEntry, { kind: 'counted' }> => e.kind === 'counted');
  return {
    entries,
    counted: counted.length,
    flagged: entries.filter((e) => e.kind === 'flagged').length,
    conflicts,
    version: course.version,
    chapters: course.chapters,
    distribution: distributionOf(counted),
    misconceptions: misconceptionsOf(counted),
  };
}

function distributionOf(counted: readonly Extract<RosterEntry, { kind: 'counted' }>[]): CellDistribution[] {
  const table = new Map<string, CellDistribution & { values: Map<string, number> }>();
  for (const entry of counted) {
    for (const cell of entry.cells) {
      const scenario = getScenario(cell.scenarioId);
      if (!scenario) continue;
      const key = `${cell.scenarioId}/${cell.column}`;
      let row = table.get(key);
      if (!row) {
        row = {
          scenarioId: cell.scenarioId,
          scenarioTitle: scenario.title,
          column: cell.column,
          columnLabel: COLUMN_LABELS[cell.column],
          correctValue: scenario.answer[cell.column],
          answers: [],
          unanswered: 0,
          correct: 0,
          learners: 0,
          values: new Map(),
        };
        table.set(key, row);
      }
      row.learners += 1;
      if (cell.given === undefined || cell.verdict === 'unanswered') {
        row.unanswered += 1;
        continue;
      }
      if (cell.verdict === 'correct') row.correct += 1;
      row.values.set(cell.given, (row.values.get(cell.given) ?? 0) + 1);
    }
  }
  // Rows appear in the bank's order (the course's four first), whatever order the receipts list them in.
  const order = (id: string) => DECISION_SCENARIOS.findIndex((s) => s.id === id);
  return [...table.values()]
    .map(({ values, ...row }) => {
      const scenario = getScenario(row.scenarioId)!;
      row.answers = [...values.entries()]
        .map(([value, count]) => {
          const misconception = misconceptionFor(scenario.id, row.column, value);
          return {
            value,
            label: DECISION_LABELS[value as keyof typeof DECISION_LABELS] ?? value,
            count,
            correct: value === row.correctValue,
            ...(misconception
              ? { misconceptionId: misconception.id as MisconceptionId, misconceptionName: misconception.name }
              : {}),
          };
        })
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
      return row;
    })
    .sort(
      (a, b) =>
        order(a.scenarioId) - order(b.scenarioId) ||
        DECISION_COLUMNS.indexOf(a.column) - DECISION_COLUMNS.indexOf(b.column),
    );
}

function misconceptionsOf(counted: readonly Extract<RosterEntry, { kind: 'counted' }>[]): Roster['misconceptions'] {
  const count = new Map<MisconceptionId, { count: number; learners: Set<number> }>();
  counted.forEach((entry, i) => {
    for (const cell of entry.cells) {
      if (!cell.misconceptionId || cell.verdict !== 'incorrect') continue;
      const c = count.get(cell.misconceptionId) ?? { count: 0, learners: new Set<number>() };
      c.count += 1;
      c.learners.add(i);
      count.set(cell.misconceptionId, c);
    }
  });
  return [...count.entries()]
    .flatMap(([id, c]) => {
      const m = MISCONCEPTIONS[id];
      return m
        ? [{ id, name: m.name, belief: m.belief, correction: m.correction, count: c.count, learners: c.learners.size }]
        : [];
    })
    .sort((a, b) => b.learners - a.learners || b.count - a.count || a.id.localeCompare(b.id));
}

/**
 * Which course version graded which receipts: version → sources, the current version first, then past versions in
 * the order their first receipt appears. Flagged receipts were not graded and are left out.
 */
export function gradedVersionsOf(roster: Roster): { version: string; current: boolean; sources: string[] }[] {
  const by = new Map<string, string[]>([[roster.version, []]]);
  for (const e of roster.entries) {
    if (e.kind === 'flagged') continue;
    const sources = by.get(e.gradedVersion);
    if (sources) sources.push(e.source);
    else by.set(e.gradedVersion, [e.source]);
  }
  return [...by.entries()]
    .filter(([, sources]) => sources.length > 0)
    .map(([version, sources]) => ({ version, current: version === roster.version, sources }));
}
