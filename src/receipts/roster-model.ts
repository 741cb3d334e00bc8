/**
 * The one roster model: learners × chapters × decision-table cells, made from graded receipts (`marksFromRoster`)
 * or from a workshop room's verdicts (`marksFromRoom`), and the one CSV builder over it (`marksCsv`), used by the
 * roster page, `mcp-lab grade --csv` and the room's export. The chapter status comes from the course's one rule
 * (`markChapter`, src/course/marking.ts), already applied by the receipt grader and the dashboard model; items only
 * the learner's word vouches for (code-lab runs, self-marks) are counted apart from graded ones. Misconceptions are
 * named by their name (content/scenarios/misconceptions.json), chapters by their title as learners saw it. The LMS
 * gradebook files are written from the same model (src/receipts/lms-export.ts). Pure; never throws.
 */
import {
  COLUMN_LABELS,
  DECISION_COLUMNS,
  DECISION_LABELS,
  DECISION_SCENARIOS,
  MISCONCEPTIONS,
  type DecisionColumn,
} from '#course';
import { contractOf, gradedKinds, type GradedKind } from '../course/graded-kinds.ts';
import type { ChapterStatus } from '../course/marking.ts';
import { csvText } from '../lib/csv.ts';
import type { DashboardView } from '../room/dashboard-model.ts';
import type { RoomState } from '../room/live.ts';
import type { Roster } from './grade.ts';

/** One chapter of one learner. */
export interface MarkedChapter {
  status: ChapterStatus;
  /** markChapter's label: the status in words, "(self-marked)" when it rests on the learner's word. */
  label: string;
  /** The completion check as graded: questions right of auto-graded questions. */
  check?: { correct: number; total: number; passed: boolean };
  /** The room's count of the chapter's progress items: server-graded ones, and self-reported ones apart. */
  items?: { done: number; total: number; selfReportedDone: number; selfReportedTotal: number };
}

/** One decision-table cell as a learner last answered it. */
export interface MarkedCell {
  scenarioId: string;
  column: DecisionColumn;
  given?: string;
  result: 'correct' | 'incorrect' | 'unanswered' | 'not-an-option';
  misconceptionId?: string;
}

/** One learner (or, from receipts, one receipt). */
export interface MarkedLearner {
  name: string;
  /** The identifier the learner's LMS knows (receipt extension, or given at join): keys LMS files, never shown. */
  lmsId?: string;
  /** Whether the learner's marks go into totals and LMS files. */
  counted: boolean;
  /** Where the learner stands, in words: "counted", "flagged: tampered", "in the room", "removed", … */
  standing: string;
  /** Why a learner is not counted, for the LMS export's list of who is left out. */
  leftOut?: string;
  /** Receipts: the file or paste it came from, when the learner's browser says it was made, the versions. */
  receipt?: { source: string; createdAt: string; courseVersion: string; gradedVersion: string };
  /** Room: when the learner joined and was last seen (ms), the chapter they are in, and the dashboard's figures. */
  room?: {
    joinedAt: number;
    lastActivityAt: number;
    chapterId: string | null;
    graded: { done: number; total: number };
    selfReported: { done: number; total: number };
    predictions: { correct: number; total: number };
    wrongAttempts: number;
    stuck?: string;
  };
  /** Chapter id → its marks; empty for a receipt that was not graded. */
  chapters: Readonly<Record<string, MarkedChapter>>;
  practice: { correct: number; total: number };
  checkCells: { correct: number; total: number };
  /** Code labs passed of those run, by the learner's own report. */
  codeLabs: { passed: number; total: number };
  /** Items of each later graded kind, passed of those handed in (its column: `gradedColumnKinds`). */
  graded: Partial<Record<GradedKind, { passed: number; total: number }>>;
  hints: number;
  solutions: number;
  fromLink: number;
  cells: readonly MarkedCell[];
  notes: readonly string[];
}

/** A class's marks, whichever way they were made. */
export interface Marks {
  origin: 'receipts' | 'room';
  /** The room's title and join code (room exports). */
  room?: { title: string; code: string };
  /** The chapters in course order, with their titles as learners saw them. */
  chapters: readonly { id: string; title: string }[];
  learners: readonly MarkedLearner[];
}

const NONE = { correct: 0, total: 0 };
const NAMED: Readonly<Record<string, { name: string } | undefined>> = MISCONCEPTIONS;
const isColumn = (c: string): c is DecisionColumn => (DECISION_COLUMNS as readonly string[]).includes(c);

/** The receipts roster as marks: one learner per receipt, in roster order (flagged receipts with their reason). */
export function marksFromRoster(roster: Roster): Marks {
  const learners = roster.entries.map((entry): MarkedLearner => {
    if (entry.kind === 'flagged')
      return {
        name: entry.learner ?? '',
        counted: false,
        standing: `flagged: ${entry.reason}`,
        leftOut: `${entry.learner ?? entry.source} (${entry.source}): ${entry.message}`,
        receipt: { source: entry.source, createdAt: '', courseVersion: '', gradedVersion: '' },
        chapters: {},
        practice: NONE,
        checkCells: NONE,
        codeLabs: { passed: 0, total: 0 },
        graded: {},
        hints: 0,
        solutions: 0,
        fromLink: 0,
        cells: [],
        notes: [entry.message],
      };
    const results = roster.chapters.map(({ id }) => entry.chapters[id]!);
    const sum = (f: (r: (typeof results)[number]) => number) => results.reduce((n, r) => n + f(r), 0);
    return {
      name: entry.learner,
      ...(entry.lmsId ? { lmsId: entry.lmsId } : {}),
      counted: entry.kind === 'counted',
      standing:
        entry.kind === 'conflict' ? 'conflict: same name as another receipt, not counted until you choose' : 'counted',
      ...(entry.kind === 'conflict'
        ? { leftOut: `${entry.learner} (${entry.source}): same name as another receipt, not counted until you choose` }
        : {}),
      receipt: {
        source: entry.source,
        createdAt: entry.createdAt,
        courseVersion: entry.courseVersion,
        gradedVersion: entry.gradedVersion,
      },
      chapters: Object.fromEntries(
        roster.chapters.map(({ id }) => {
          const r = entry.chapters[id]!;
          return [id, { status: r.status, label: r.label, ...(r.check ? { check: r.check } : {}) }];
        }),
      ),
      practice: { correct: sum((r) => r.practice.correct), total: sum((r) => r.practice.total) },
      checkCells: { correct: sum((r) => r.checkCells.correct), total: sum((r) => r.checkCells.total) },
      codeLabs: { passed: sum((r) => r.codeLabs.passed), total: sum((r) => r.codeLabs.total) },
      graded: Object.fromEntries(
        gradedColumnKinds().map((kind) => [
          kind,
          { passed: sum((r) => r.graded[kind]?.passed ?? 0), total: sum((r) => r.graded[kind]?.total ?? 0) },
        ]),
      ),
      hints: sum((r) => r.hints),
      solutions: sum((r) => r.solutions),
      fromLink: sum((r) => r.fromLink),
      cells: entry.cells.map((c) => ({
        scenarioId: c.scenarioId,
        column: c.column,
        ...(c.given !== undefined ? { given: c.given } : {}),
        result: c.verdict,
        ...(c.misconceptionId ? { misconceptionId: c.misconceptionId } : {}),
      })),
      notes: entry.notes,
    };
  });
  return { origin: 'receipts', chapters: roster.chapters, learners };
}

/**
 * A room's class view (src/room/dashboard-model.ts, built from the server's verdicts) as marks, one learner per
 * row in the order they joined (then by name, for learners who joined in the same millisecond). `lmsIds` maps a learner id to the LMS identifier they gave at join, when they gave one.
 * A removed learner stays in the CSV and is left out of LMS files.
 */
export function marksFromRoom(
  view: DashboardView,
  room: Pick<RoomState, 'title' | 'code'>,
  chapters: readonly { id: string; title: string }[],
  lmsIds: ReadonlyMap<string, string> = new Map(),
): Marks {
  const joined = [...view.learners].sort(
    (a, b) => a.joinedAt - b.joinedAt || a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id),
  );
  const learners = joined.map((r): MarkedLearner => {
    const lmsId = lmsIds.get(r.id);
    return {
      name: r.name,
      ...(lmsId ? { lmsId } : {}),
      counted: !r.removed,
      standing: r.removed ? 'removed' : 'in the room',
      ...(r.removed ? { leftOut: `${r.name}: removed from the room` } : {}),
      room: {
        joinedAt: r.joinedAt,
        lastActivityAt: r.lastEventAt,
        chapterId: r.chapterId,
        graded: r.graded,
        selfReported: r.selfReported,
        predictions: r.predictions,
        wrongAttempts: r.wrongAttempts,
        ...(r.stuck ? { stuck: r.stuck } : {}),
      },
      chapters: Object.fromEntries(
        r.chapters.map((c) => {
          const check = r.checks.find((x) => x.id === c.id);
          return [
            c.id,
            {
              status: c.status,
              label: c.label,
              ...(check?.total !== undefined
                ? { check: { correct: check.correct ?? 0, total: check.total, passed: check.passed } }
                : {}),
              items: {
                done: c.done,
                total: c.total,
                selfReportedDone: c.selfReportedDone,
                selfReportedTotal: c.selfReportedTotal,
              },
            },
          ];
        }),
      ),
      practice: r.practice,
      checkCells: r.checkCells,
      codeLabs: { passed: r.codeLabsPassed, total: r.codeLabsRun },
      graded: r.gradedKinds,
      hints: r.hints,
      solutions: r.solutions,
      fromLink: r.fromLink,
      cells: r.cells.flatMap((c) =>
        isColumn(c.column)
          ? [
              {
                scenarioId: c.scenarioId,
                column: c.column,
                ...(c.given !== undefined ? { given: c.given } : {}),
                result: c.result,
                ...(c.misconceptionId ? { misconceptionId: c.misconceptionId } : {}),
              },
            ]
          : [],
      ),
      notes: [],
    };
  });
  return { origin: 'room', room: { title: room.title, code: room.code }, chapters, learners };
}

/** The columns that say where a row came from; the marks follow them (the same for receipts and rooms). */
export const ORIGIN_COLUMNS = [
  'learner',
  'standing',
  'source',
  'receipt made at (learner’s word)',
  'course version',
  'graded against version',
  'room',
  'room code',
  'joined at (UTC)',
  'current chapter',
  'last activity (UTC)',
] as const;

const iso = (ms: number | undefined) => (ms === undefined ? '' : new Date(ms).toISOString());
const ratio = (r: { correct: number; total: number } | undefined) => (r ? `${r.correct}/${r.total}` : '');
const valueLabel = (value: string) => DECISION_LABELS[value as keyof typeof DECISION_LABELS] ?? value;

/** The cells anyone answered, in the scenario bank's order, then column order. */
/**
 * The later graded kinds that give the roster columns of their own (their receipt slot is the generic one and they
 * are items, not predictions): each gives "<its contract's column>" and "… handed in".
 */
export function gradedColumnKinds(): GradedKind[] {
  return gradedKinds().filter((k) => contractOf(k).receiptSlot === 'graded' && contractOf(k).tally === 'item');
}

function cellColumns(marks: Marks): { scenarioId: string; column: DecisionColumn; title: string }[] {
  const answered = new Set(marks.learners.flatMap((l) => l.cells.map((c) => `${c.scenarioId}/${c.column}`)));
  return DECISION_SCENARIOS.flatMap((s) =>
    DECISION_COLUMNS.filter((c) => answered.has(`${s.id}/${c}`)).map((column) => ({
      scenarioId: s.id,
      column,
      title: `${s.title} / ${COLUMN_LABELS[column]}`,
    })),
  );
}

/**
 * The marks as CSV rows, header first, one row per learner in the model's order: the origin columns (blank where
 * the origin has none), then per chapter its status, check, and (rooms) items done, then the totals, then per
 * decision-table cell the answer chosen, its result and the misconception behind it, by name.
 */
export function marksCsvRows(marks: Marks): string[][] {
  const cells = cellColumns(marks);
  const header: string[] = [...ORIGIN_COLUMNS];
  for (const c of marks.chapters)
    header.push(
      `${c.title}: status`,
      `${c.title}: check (right/asked)`,
      `${c.title}: graded items done`,
      `${c.title}: self-reported items done`,
    );
  header.push(
    'chapters passed',
    'practice cells right',
    'practice cells',
    'check cells right',
    'check cells',
    'code labs passed (self-reported)',
    'code labs run',
    'hints shown',
    'solutions shown',
    'tables from links',
    ...gradedColumnKinds().flatMap((k) => [contractOf(k).column, `${contractOf(k).column}: handed in`]),
    'graded items done',
    'graded items',
    'self-reported items done',
    'self-reported items',
    'predictions right',
    'predictions made',
    'wrong attempts in a row',
    'stuck',
    'notes',
  );
  for (const c of cells) header.push(`${c.title}: answer`, `${c.title}: result`, `${c.title}: misconception`);
  const title = new Map(marks.chapters.map((c) => [c.id, c.title]));
  const rows = [header];
  for (const l of marks.learners) {
    const graded = Object.keys(l.chapters).length > 0;
    const room = l.room;
    const row = [
      l.name,
      l.standing,
      l.receipt?.source ?? '',
      l.receipt?.createdAt ?? '',
      l.receipt?.courseVersion ?? '',
      l.receipt?.gradedVersion ?? '',
      marks.room?.title ?? '',
      marks.room?.code ?? '',
      iso(room?.joinedAt),
      room?.chapterId ? (title.get(room.chapterId) ?? room.chapterId) : '',
      iso(room?.lastActivityAt),
    ];
    for (const { id } of marks.chapters) {
      const c = l.chapters[id];
      row.push(
        c?.label ?? '',
        ratio(c?.check),
        c?.items ? `${c.items.done}/${c.items.total}` : '',
        c?.items ? `${c.items.selfReportedDone}/${c.items.selfReportedTotal}` : '',
      );
    }
    const n = (v: number | undefined) => (graded && v !== undefined ? String(v) : '');
    row.push(
      n(Object.values(l.chapters).filter((c) => c.status === 'passed').length),
      n(l.practice.correct),
      n(l.practice.total),
      n(l.checkCells.correct),
      n(l.checkCells.total),
      n(l.codeLabs.passed),
      n(l.codeLabs.total),
      n(l.hints),
      n(l.solutions),
      n(l.fromLink),
      ...gradedColumnKinds().flatMap((k) => [n(l.graded[k]?.passed ?? 0), n(l.graded[k]?.total ?? 0)]),
      n(room?.graded.done),
      n(room?.graded.total),
      n(room?.selfReported.done),
      n(room?.selfReported.total),
      n(room?.predictions.correct),
      n(room?.predictions.total),
      n(room?.wrongAttempts),
      room?.stuck ?? '',
      l.notes.join(' '),
    );
    const mine = new Map(l.cells.map((c) => [`${c.scenarioId}/${c.column}`, c]));
    for (const c of cells) {
      const cell = mine.get(`${c.scenarioId}/${c.column}`);
      const misconception = cell?.misconceptionId ? NAMED[cell.misconceptionId] : undefined;
      row.push(
        cell?.given !== undefined ? valueLabel(cell.given) : '',
        cell?.result ?? '',
        cell?.misconceptionId && cell.result !== 'correct' ? (misconception?.name ?? cell.misconceptionId) : '',
      );
    }
    rows.push(row);
  }
  return rows;
}

/** The marks as CSV text (RFC 4180, CRLF line ends, formula guards: src/lib/csv.ts). */
export function marksCsv(marks: Marks): string {
  return csvText(marksCsvRows(marks));
}
