/**
 * Gradebook exports in the import shapes of Canvas, Moodle and Blackboard Learn: one row per learner, keyed by the
 * LMS identifier the learner gave, one column per chapter score and/or completion, named as the instructor types
 * or pastes them from their LMS. A thin layer over per-learner, per-chapter results (`LmsLearner`), made from the
 * one roster model (src/receipts/roster-model.ts: graded receipts or a room's verdicts) by `lmsLearnersOf`; the
 * cells go through the one CSV writer (src/lib/csv.ts, formula guards kept). Pure.
 *
 * The import rules, as each LMS documents them (tests quote them):
 * - Canvas: the file keys a student by Student Name, ID, SIS User ID or SIS Login ID, with Section, then one column
 *   per assignment; a new column creates an assignment; an uploaded score overwrites the one there.
 * - Moodle (grade/import/csv): the teacher maps one column to "Identify user by" (username, email address or ID
 *   number) and each other column to a grade item.
 * - Blackboard Learn (Grade Center, Work Offline, Upload): the student key is the Username; an existing column is
 *   matched by its Column ID ("|123456" at the end of its header); a column without one creates a new text column
 *   worth 0 points.
 */
import { csvText } from '../lib/csv.ts';
import type { LmsIdKind } from './lms-id-kinds.ts';
import type { Marks } from './roster-model.ts';

/** The LMSs whose import shapes are written. */
export const LMS_KINDS = ['canvas', 'moodle', 'blackboard'] as const;
export type LmsKind = (typeof LMS_KINDS)[number];

/** Which Canvas column holds the identifier (Canvas matches a row by any of them). */
export const CANVAS_KEYS = ['SIS Login ID', 'SIS User ID', 'ID'] as const;
/** What Moodle identifies users by, as its import page names the choices, and the header written for each. */
export const MOODLE_KEYS = { username: 'Username', email: 'Email address', idnumber: 'ID number' } as const;

/**
 * The identifier choice (Canvas's column, Moodle's "Identify user by") that fits what a room asked learners for: a
 * student ID is Canvas's SIS User ID and Moodle's ID number, a login their SIS Login ID and username, an e-mail
 * address Moodle's email. Undefined where the LMS has no one column for that kind (Canvas's e-mail, Blackboard's
 * Username for all) or nothing was asked: the instructor's choice stands.
 */
export function identifierKeyFor(lms: LmsKind, asked: LmsIdKind | undefined): string | undefined {
  if (lms === 'canvas') return asked === 'student-id' ? 'SIS User ID' : asked === 'login' ? 'SIS Login ID' : undefined;
  if (lms === 'moodle')
    return asked === 'student-id'
      ? 'idnumber'
      : asked === 'login'
        ? 'username'
        : asked === 'email'
          ? 'email'
          : undefined;
  return undefined;
}

/** One learner's results, per chapter id: the check's score in percent (absent: not taken) and completion. */
export interface LmsLearner {
  /** The identifier the LMS knows (login, e-mail address, student ID); a learner without one cannot be imported. */
  lmsId?: string;
  /** The display name (Canvas's Student column; the others key by identifier alone). */
  name: string;
  chapters: Readonly<Record<string, { score?: number; completed: boolean }>>;
}

/** A column of the export: a chapter's score or completion, under the header the instructor gave. */
export interface LmsColumn {
  chapter: string;
  measure: 'score' | 'completion';
  header: string;
}

/** What to write. */
export interface LmsExportOptions {
  lms: LmsKind;
  columns: readonly LmsColumn[];
  /** Canvas: the column the identifier goes in (default SIS Login ID). */
  canvasKey?: (typeof CANVAS_KEYS)[number];
  /** Moodle: what the identifier is (default username). */
  moodleKey?: keyof typeof MOODLE_KEYS;
  /** Canvas: the section written in every row (blank: Canvas keeps each student's own). */
  section?: string;
  /** Where the marks came from, for the advice about learners without an identifier (default receipts). */
  origin?: Marks['origin'];
}

/** The export: CSV text, and what the instructor should know (learners left out, columns that will be created). */
export interface LmsExport {
  csv: string;
  rows: number;
  warnings: string[];
}

/** A score as the LMSs read it: a number with at most two decimals, no unit. */
const scoreText = (score: number | undefined) => (score === undefined ? '' : String(Math.round(score * 100) / 100));

/** A completion as each LMS's column type reads it: Canvas's complete/incomplete grading type, else 1 or 0 points. */
const completionText = (lms: LmsKind, completed: boolean) =>
  lms === 'canvas' ? (completed ? 'complete' : 'incomplete') : completed ? '1' : '0';

/**
 * The default columns: one score and one completion column per chapter, headed by the chapter's title as learners
 * see it ("The three message shapes (score)"), for the instructor to replace by the LMS's own column names.
 */
export function defaultColumns(chapters: readonly { id: string; title: string }[]): LmsColumn[] {
  return chapters.flatMap((c) => [
    { chapter: c.id, measure: 'score' as const, header: `${c.title} (score)` },
    { chapter: c.id, measure: 'completion' as const, header: `${c.title} (completion)` },
  ]);
}

/** Columns as the instructor edits them: one a line, "CHAPTER-ID score HEADER" (what parseColumns reads). */
export function columnLines(columns: readonly LmsColumn[]): string {
  return columns.map((c) => `${c.chapter} ${c.measure} ${c.header}`).join('\n');
}

/** Writes the gradebook file for one LMS. */
export function lmsGradebook(learners: readonly LmsLearner[], options: LmsExportOptions): LmsExport {
  const { lms, columns } = options;
  const warnings: string[] = [];
  if (columns.length === 0) warnings.push('No chapter columns were chosen: the file holds identifiers only.');
  const keyHeaders =
    lms === 'canvas'
      ? ['Student', 'ID', 'SIS User ID', 'SIS Login ID', 'Section']
      : lms === 'moodle'
        ? [MOODLE_KEYS[options.moodleKey ?? 'username']]
        : ['Username'];
  const headers = columns.map((c) => c.header.trim());
  // A pasted header equal to a key column's is two columns of one name too.
  const seen = new Set<string>(keyHeaders);
  for (const h of headers) {
    if (h === '') warnings.push('A column has no name; the LMS cannot match it.');
    else if (seen.has(h)) warnings.push(`Two columns are named “${h}”; the LMS would read one over the other.`);
    seen.add(h);
  }
  if (lms === 'blackboard') {
    const newOnes = headers.filter((h) => h !== '' && !/\|\s*\d+\s*$/.test(h));
    if (newOnes.length > 0)
      warnings.push(
        `Blackboard creates a new text column worth 0 points for each column without a Column ID (“|123456” at the end, as its downloaded file has it): ${newOnes.join(', ')}.`,
      );
  }
  const canvasKey = options.canvasKey ?? 'SIS Login ID';
  const rows: string[][] = [[...keyHeaders, ...headers]];
  const missing: string[] = [];
  const ids = new Map<string, string>();
  for (const learner of learners) {
    const id = learner.lmsId?.trim();
    if (!id) {
      missing.push(learner.name);
      continue;
    }
    const other = ids.get(id);
    if (other !== undefined) {
      warnings.push(
        `${learner.name} and ${other} gave the same LMS identifier (${id}); only the first is in the file.`,
      );
      continue;
    }
    ids.set(id, learner.name);
    const keyCells =
      lms === 'canvas'
        ? [
            learner.name,
            ...['ID', 'SIS User ID', 'SIS Login ID'].map((k) => (k === canvasKey ? id : '')),
            options.section ?? '',
          ]
        : [id];
    const cells = columns.map((c) => {
      const result = learner.chapters[c.chapter];
      if (c.measure === 'score') return scoreText(result?.score);
      return completionText(lms, result?.completed === true);
    });
    rows.push([...keyCells, ...cells]);
  }
  if (missing.length > 0)
    warnings.push(
      `Left out, no LMS identifier: ${missing.join(', ')}. ${options.origin === 'room' ? 'They gave none when they joined the room.' : 'Ask them for a new receipt with their LMS identifier.'}`,
    );
  return { csv: csvText(rows), rows: rows.length - 1, warnings };
}

/**
 * The counted learners of a roster model as LmsLearners: per chapter, the graded completion check in percent and
 * whether the chapter is passed (markChapter's rule). Learners not counted (receipts flagged or in a name conflict,
 * learners removed from a room) are left out and named in `skipped`; flagged receipts are not named (the roster
 * lists them).
 */
export function lmsLearnersOf(marks: Marks): { learners: LmsLearner[]; skipped: string[] } {
  const learners: LmsLearner[] = [];
  const skipped: string[] = [];
  for (const l of marks.learners) {
    if (!l.counted) {
      if (l.leftOut && !l.standing.startsWith('flagged')) skipped.push(l.leftOut);
      continue;
    }
    const chapters: Record<string, { score?: number; completed: boolean }> = {};
    for (const { id } of marks.chapters) {
      const result = l.chapters[id];
      if (!result) continue;
      chapters[id] = {
        ...(result.check && result.check.total > 0 ? { score: (result.check.correct / result.check.total) * 100 } : {}),
        completed: result.status === 'passed',
      };
    }
    learners.push({ ...(l.lmsId ? { lmsId: l.lmsId } : {}), name: l.name, chapters });
  }
  return { learners, skipped };
}

/**
 * Reads the instructor's column list: one line per column, "CHAPTER score HEADER" or "CHAPTER completion HEADER",
 * where CHAPTER is the chapter's id or its place in the list of chapters ("1", "01"), and HEADER is the column's name as the
 * LMS shows it (pasted). Blank lines and lines starting with # are skipped.
 */
export function parseColumns(
  text: string,
  chapters: readonly { id: string; title: string }[],
): { kind: 'ok'; columns: LmsColumn[] } | { kind: 'invalid'; reason: string } {
  const columns: LmsColumn[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = /^(\S+)\s+(score|completion)\s+(.+)$/i.exec(line);
    if (!m)
      return {
        kind: 'invalid',
        reason: `line ${i + 1}: write CHAPTER score HEADER or CHAPTER completion HEADER (for example “3 score Chapter 3 quiz (1234)”), not “${line}”`,
      };
    const ref = m[1]!;
    const byNumber = /^\d+$/.test(ref) ? chapters[Number(ref) - 1] : undefined;
    const chapter = byNumber ?? chapters.find((c) => c.id === ref);
    if (!chapter)
      return {
        kind: 'invalid',
        reason: `line ${i + 1}: there is no chapter “${ref}”; use its id (${chapters[0]?.id ?? 'none'}, …) or its place (1 to ${chapters.length})`,
      };
    columns.push({ chapter: chapter.id, measure: m[2]!.toLowerCase() as LmsColumn['measure'], header: m[3]!.trim() });
  }
  return { kind: 'ok', columns };
}
