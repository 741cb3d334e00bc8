/**
 * `mcp-lab grade RECEIPT...`: re-grades learners' receipts (files, folders of them, or stdin) with the same pure
 * module as the roster page (src/receipts/grade.ts), prints the class as a table and optionally writes CSV. A file
 * that cannot be read, or a receipt that is malformed or tampered with, is listed; the rest are still graded.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EXIT_OK, UsageError, usageErrorFromParseArgs, write, type CliIo, type Command } from '../command.ts';
import { escapeControls } from '../../lib/text.ts';
import { COURSE_FILE_PATH, graderCourse, readCourseFile } from '../../course/course-file.ts';
import {
  gradeReceipts,
  nameKey,
  gradedVersionsOf,
  type ChapterStatus,
  type ConflictChoice,
  type GradedEntry,
  type Roster,
} from '../../receipts/grade.ts';
import { collectRosterInputs, MAX_ROSTER_CHARS, type LoadedText } from '../../receipts/inputs.ts';
import { chapterNumber } from '../../receipts/roster-vocabulary.ts';
import {
  CANVAS_KEYS,
  defaultColumns,
  lmsLearnersOf,
  LMS_KINDS,
  lmsGradebook,
  MOODLE_KEYS,
  parseColumns,
  type LmsKind,
} from '../../receipts/lms-export.ts';
import { marksCsv, marksFromRoster } from '../../receipts/roster-model.ts';

/** File names a folder argument contributes: receipts are saved as .json (downloads) or .txt (pasted). */
const RECEIPT_FILE = /\.(json|txt|receipt)$/i;
/** The largest file read: a class's worth of receipts is a few megabytes. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** The course file `npm run build` writes, in this project. */
const DEFAULT_COURSE = fileURLToPath(new URL(`../../../${COURSE_FILE_PATH}`, import.meta.url));

const HELP = `Usage: mcp-lab grade [--csv FILE] [--course FILE] [--lms canvas|moodle|blackboard [--lms-out FILE]
                     [--lms-columns FILE] [--lms-key KEY]] [--choose RECEIPT]
                     [--count-all NAME] RECEIPT...

Re-grade learners' receipts (from "Copy receipt" or "Download receipt" on the
progress page) with the course's message model, and print the class as a table:
one row per learner, one column per chapter.

What a receipt proves
  A receipt is self-reported: the learner made it in their browser. Its digest
  catches accidental damage (a damaged receipt is listed and not counted), but
  anyone can edit a receipt and recompute the digest. Every answer is graded
  again here, so a claimed score cannot be inflated; the answers, the name and
  the dates are the learner's word. Two receipts with the same name (ignoring
  case, spacing and look-alike forms) are a conflict you resolve: neither counts
  until you choose. For marks you can trust, run the live workshop room.

Input
  RECEIPT      a receipt file (.json), a file holding several receipts (one
               after another, a JSON array, or compressed MLR1: lines), or a
               folder: every .json, .txt and .receipt file in it
  -            read receipts from stdin

Options
  --csv FILE   also write the roster as CSV (one row per receipt, flagged ones
               with their reason; per chapter its status and check, per
               decision-table cell the answer, its result and the
               misconception by name: the columns of the workshop room's
               export); --csv - prints the CSV instead of the table
  --lms KIND   also write a gradebook file your LMS imports (canvas, moodle or
               blackboard): one row per learner keyed by the LMS identifier
               the learner put on the receipt (learners without one are named
               and left out), a score (the check's percent) and a completion
               column per chapter
  --lms-out FILE
               where to write it; without it, or with -, it is printed
               instead of the table
  --lms-columns FILE
               the columns, one a line: CHAPTER score HEADER or CHAPTER
               completion HEADER (CHAPTER: its id, or its place 1, 2, …;
               HEADER: the column's name pasted from your LMS, e.g. Canvas
               "Quiz 3 (4103)", Blackboard "Quiz 3 [Total Pts: 100 Score]
               |4103"); without it, a score and a completion column per
               chapter, named by the chapter's title
  --lms-key KEY
               Canvas: the column holding the identifier (SIS Login ID,
               the default; SIS User ID; ID). Moodle: what it is (username,
               the default; email; idnumber)
  --choose RECEIPT
               resolve a name conflict: count this receipt (its file name, or
               the source shown in the table) and set the others with its name
               aside; repeat for each conflict
  --count-all NAME
               resolve a name conflict: these are different people with the
               same name; count every receipt with it
  --course FILE
               the course to grade against: the course file npm run build
               writes (default: dist/course.json of this project, or the
               file MCP_LAB_COURSE names); npm run build:course writes it
               alone in a second
  -h, --help   show this help

Exit status
  0  receipts were read and graded (some may be flagged: see the table)
  2  nothing could be read: no such files, an empty folder, no receipt found;
     or no course file, or bad flags, or the CSV file could not be written

Examples
  mcp-lab grade class/
  mcp-lab grade ada.json bob.json --csv roster.csv
  mcp-lab grade class/ --lms moodle --lms-key email --lms-out grades.csv
  pbpaste | mcp-lab grade -
`;

const STATUS_CODES: Readonly<Record<ChapterStatus, string>> = {
  passed: 'pass',
  failing: 'FAIL',
  started: 'start',
  'not-started': '-',
};

async function readStdin(io: CliIo): Promise<string> {
  io.stdin.setEncoding('utf8');
  let text = '';
  for await (const chunk of io.stdin) {
    text += chunk as string;
    if (text.length > MAX_FILE_BYTES) throw new UsageError(`stdin is larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB`);
  }
  return text;
}

function why(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

/**
 * Reads one file unless its size (from stat, before reading) takes the bytes read so far past MAX_ROSTER_CHARS: such a
 * file is listed as not read, so many large files cannot each be read in full only to be dropped by the total cap.
 */
async function readOne(path: string, budget: { bytes: number }): Promise<LoadedText> {
  try {
    const info = await stat(path);
    if (info.size > MAX_FILE_BYTES)
      return { name: path, error: `${path}: larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB, not a set of receipts` };
    if (budget.bytes + info.size > MAX_ROSTER_CHARS)
      return {
        name: path,
        error: `${path}: not read: over ${MAX_ROSTER_CHARS / 1024 / 1024} MB in all with the files before it. Grade it on its own.`,
      };
    budget.bytes += info.size;
    return { name: path, text: await readFile(path, 'utf8') };
  } catch (error) {
    return { name: path, error: `${path}: ${why(error)}` };
  }
}

/** Reads every argument: a file, a folder's receipt files (sorted by name), or stdin for "-". */
async function loadArguments(paths: string[], io: CliIo): Promise<LoadedText[]> {
  const loaded: LoadedText[] = [];
  const budget = { bytes: 0 };
  for (const path of paths) {
    if (path === '-') {
      loaded.push({ name: '(stdin)', text: await readStdin(io) });
      continue;
    }
    let isFolder = false;
    try {
      isFolder = (await stat(path)).isDirectory();
    } catch (error) {
      loaded.push({ name: path, error: `${path}: ${why(error)}` });
      continue;
    }
    if (!isFolder) {
      loaded.push(await readOne(path, budget));
      continue;
    }
    const names = (await readdir(path, { withFileTypes: true }))
      .filter((d) => d.isFile() && !d.name.startsWith('.') && RECEIPT_FILE.test(d.name))
      .map((d) => d.name)
      .sort();
    if (names.length === 0)
      loaded.push({ name: path, error: `${path}: the folder has no .json, .txt or .receipt files` });
    for (const name of names) loaded.push(await readOne(join(path, name), budget));
  }
  return loaded;
}

function fit(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
}

/**
 * The class as a plain-text table with a key, the flagged receipts and the most common misconceptions. Names, file
 * names and messages come from other people: every line is passed through escapeControls, so none of them can move
 * the cursor or erase another row.
 */
export function formatRoster(
  roster: Roster,
  context: { files: number; courseTitle: string; courseVersion: string; ms?: number },
): string {
  // Receipts in a name conflict are graded and shown in the table (marked), so the instructor can compare them.
  // Their figures come from the roster model (one learner per receipt, in the same order).
  const marks = marksFromRoster(roster);
  const shown = roster.entries.flatMap((entry, i) =>
    entry.kind === 'flagged' ? [] : [{ entry, marked: marks.learners[i]! }],
  );
  const counted = shown.map((s) => s.entry);
  const lines: string[] = [];
  const found = roster.entries.filter((e) => e.kind !== 'flagged' || e.reason !== 'unreadable').length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  lines.push(
    `Read ${plural(context.files, 'source')}: ${plural(found, 'receipt')} found, ${roster.counted} counted, ${roster.flagged} flagged${roster.conflicts.length > 0 ? `, ${found - roster.counted - roster.flagged} waiting for your choice (same name)` : ''}. Graded against ${context.courseTitle} ${context.courseVersion}${context.ms !== undefined ? ` in ${Math.round(context.ms)} ms` : ''}.`,
  );
  for (const v of gradedVersionsOf(roster))
    if (!v.current)
      lines.push(
        `Graded against course version ${v.version}, the version ${v.sources.length === 1 ? 'it names' : 'they name'}: ${v.sources.join(', ')}.`,
      );
  lines.push('');
  if (counted.length > 0) {
    const names = counted.map((e) => `${e.kind === 'conflict' ? '! ' : ''}${escapeControls(e.learner)}`);
    const nameWidth = Math.min(24, Math.max(8, ...names.map((n) => n.length)));
    const cols = roster.chapters.map((_c, i) => chapterNumber(i));
    const figures = ['Passed', 'Check', 'Practice', 'Labs*', 'Hints', 'Sol.', 'Link'];
    lines.push(
      `${'Learner'.padEnd(nameWidth)}  ${cols.map((c) => c.padEnd(5)).join(' ')}  ${figures.map((f) => f.padEnd(8)).join('')}`.trimEnd(),
    );
    for (const [i, { entry, marked: m }] of shown.entries()) {
      const results = roster.chapters.map(({ id }) => entry.chapters[id]!);
      const codes = results.map((r) => (r.status === 'passed' && !r.check ? 'self' : STATUS_CODES[r.status]).padEnd(5));
      const passed = results.filter((r) => r.status === 'passed').length;
      const cells = [
        `${passed}/${results.length}`,
        `${m.checkCells.correct}/${m.checkCells.total}`,
        `${m.practice.correct}/${m.practice.total}`,
        `${m.codeLabs.passed}/${m.codeLabs.total}`,
        m.hints,
        m.solutions,
        m.fromLink,
      ];
      lines.push(
        `${fit(names[i]!, nameWidth)}  ${codes.join(' ')}  ${cells.map((c) => String(c).padEnd(8)).join('')}`.trimEnd(),
      );
    }
    lines.push(
      '',
      'Key: pass = check passed, FAIL = check not passed, start = started, - = not started,',
      "     self = passed on the learner's own mark (the chapter has no check).",
      '     Check = completion-check table cells right; Practice = practice table cells right (tables loaded from',
      '     a link left out); Labs* = code labs passed, self-reported; Hints, Sol. = hints and solutions opened;',
      "     Link = tables holding answers loaded from someone's link (not counted as the learner's work).",
    );
    if (roster.conflicts.length > 0)
      lines.push('     ! = same name as another receipt: not counted until you choose (see below).');
    lines.push('', 'Chapters: ' + roster.chapters.map((c, i) => `${chapterNumber(i)} ${c.title}`).join('; '));
  }
  if (roster.conflicts.length > 0) {
    lines.push('', 'Same name, not counted until you choose (--choose RECEIPT, or --count-all NAME):');
    for (const c of roster.conflicts) {
      const members = counted.filter((e) => e.kind === 'conflict' && e.conflict === c.key);
      lines.push(`  "${c.key}":`);
      for (const e of members) lines.push(`    ${describeMember(e, roster)}`);
    }
  }
  const flagged = roster.entries.filter((e) => e.kind === 'flagged');
  if (flagged.length > 0) {
    lines.push('', 'Flagged, not counted:');
    for (const e of flagged) lines.push(`  ${e.source}: ${e.reason}: ${e.message}`);
  }
  if (roster.misconceptions.length > 0) {
    lines.push('', 'Most common misconceptions (learners holding it):');
    for (const m of roster.misconceptions.slice(0, 5))
      lines.push(`  ${String(m.learners).padStart(3)}  ${m.name}: ${m.belief}`);
  }
  const notes = counted.flatMap((e) => e.notes.map((n) => `  ${e.source}: ${n}`));
  if (notes.length > 0) lines.push('', 'Notes:', ...notes);
  return `${lines.map(escapeControls).join('\n')}\n`;
}

/** One receipt of a name conflict, in a line: enough to tell two apart (the date is the learner's word). */
function describeMember(e: GradedEntry, roster: Roster): string {
  const passed = roster.chapters.filter(({ id }) => e.chapters[id]!.status === 'passed').length;
  return `${e.source}: "${e.learner}", ${passed}/${roster.chapters.length} chapters passed, says it was made ${e.createdAt}, digest ${e.digest.slice(7, 19)}`;
}

/** Turns --choose and --count-all into choices for the conflicts found; names what matched nothing. */
function choicesFor(
  roster: Roster,
  choose: readonly string[],
  countAll: readonly string[],
): { choices: Record<string, ConflictChoice>; unmatched: string[] } {
  const choices: Record<string, ConflictChoice> = {};
  const unmatched: string[] = [];
  for (const name of countAll) {
    const key = nameKey(name);
    if (roster.conflicts.some((c) => c.key === key)) choices[key] = { count: 'all' };
    else unmatched.push(`--count-all ${JSON.stringify(name)}: no two receipts share that name`);
  }
  for (const source of choose) {
    const conflict = roster.conflicts.find((c) => c.sources.includes(source));
    if (conflict) choices[conflict.key] = { count: 'one', digest: conflict.digests[conflict.sources.indexOf(source)]! };
    else unmatched.push(`--choose ${JSON.stringify(source)}: not a receipt in a name conflict`);
  }
  return { choices, unmatched };
}

/** The grader's course from a course file; a missing or unreadable one is a usage error saying what to run. */
async function loadCourse(path: string) {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `no course to grade against: ${path}: ${why(error)}. Run npm run build:course (or npm run build) first, or name one with --course FILE`,
    );
  }
  const read = readCourseFile(text, path);
  if (read.kind !== 'course') throw new UsageError(read.message);
  return graderCourse(read.course);
}

/** What --lms and its companions ask for, checked before any receipt is read. */
interface LmsRequest {
  lms: LmsKind;
  columnsText?: string;
  key?: string;
}

async function lmsOptions(values: {
  lms?: string;
  'lms-out'?: string;
  'lms-columns'?: string;
  'lms-key'?: string;
}): Promise<LmsRequest | undefined> {
  if (values.lms === undefined) {
    const stray = (['lms-out', 'lms-columns', 'lms-key'] as const).find((k) => values[k] !== undefined);
    if (stray) throw new UsageError(`--${stray} needs --lms canvas, moodle or blackboard`);
    return undefined;
  }
  const lms = values.lms.toLowerCase();
  if (!(LMS_KINDS as readonly string[]).includes(lms))
    throw new UsageError(`--lms takes canvas, moodle or blackboard, not ${JSON.stringify(values.lms)}`);
  const key = values['lms-key'];
  if (key !== undefined) {
    const allowed: readonly string[] =
      lms === 'canvas' ? CANVAS_KEYS : lms === 'moodle' ? Object.keys(MOODLE_KEYS) : [];
    if (!allowed.includes(key))
      throw new UsageError(
        lms === 'blackboard'
          ? '--lms-key is for Canvas and Moodle: Blackboard always keys by Username'
          : `--lms-key for ${lms} is one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}, not ${JSON.stringify(key)}`,
      );
  }
  let columnsText: string | undefined;
  if (values['lms-columns'] !== undefined) {
    try {
      columnsText = await readFile(values['lms-columns'], 'utf8');
    } catch (error) {
      throw new UsageError(`--lms-columns ${values['lms-columns']}: ${why(error)}`);
    }
  }
  return {
    lms: lms as LmsKind,
    ...(columnsText === undefined ? {} : { columnsText }),
    ...(key === undefined ? {} : { key }),
  };
}

/** The gradebook file for the roster (src/receipts/lms-export.ts). */
function lmsExport(roster: Roster, request: LmsRequest): { csv: string; rows: number; warnings: string[] } {
  let columns = defaultColumns(roster.chapters);
  if (request.columnsText !== undefined) {
    const parsed = parseColumns(request.columnsText, roster.chapters);
    if (parsed.kind === 'invalid') throw new UsageError(`--lms-columns: ${parsed.reason}`);
    columns = parsed.columns;
  }
  const { learners, skipped } = lmsLearnersOf(marksFromRoster(roster));
  const out = lmsGradebook(learners, {
    lms: request.lms,
    columns,
    ...(request.lms === 'canvas' && request.key ? { canvasKey: request.key as (typeof CANVAS_KEYS)[number] } : {}),
    ...(request.lms === 'moodle' && request.key ? { moodleKey: request.key as keyof typeof MOODLE_KEYS } : {}),
  });
  return { ...out, warnings: [...skipped.map((s) => `Left out: ${s}.`), ...out.warnings] };
}

/** Writes the LMS gradebook file to `path` and says so. */
async function writeGradebookFile(
  io: CliIo,
  gradebook: { csv: string; rows: number },
  lms: string,
  path: string,
): Promise<void> {
  try {
    await writeFile(path, gradebook.csv, 'utf8');
  } catch (error) {
    throw new UsageError(`graded, but could not write the ${lms} file to ${path}: ${why(error)}`);
  }
  await write(
    io.stdout,
    `${lms} gradebook file written to ${path} (${gradebook.rows} learner${gradebook.rows === 1 ? '' : 's'} and a header).\n`,
  );
}

/** Writes the roster's CSV to `path` and says so. */
async function writeCsvFile(io: CliIo, roster: Roster, path: string): Promise<void> {
  try {
    await writeFile(path, marksCsv(marksFromRoster(roster)), 'utf8');
  } catch (error) {
    throw new UsageError(`graded, but could not write the CSV to ${path}: ${why(error)}`);
  }
  await write(
    io.stdout,
    `CSV written to ${path} (${roster.entries.length} row${roster.entries.length === 1 ? '' : 's'} and a header).\n`,
  );
}

export const gradeCommand: Command = {
  name: 'grade',
  summary: "Re-grade learners' receipts (files or folders) and print or export the class roster",
  help: HELP,
  async run(args: string[], io: CliIo): Promise<number> {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        options: {
          csv: { type: 'string' },
          course: { type: 'string' },
          choose: { type: 'string', multiple: true },
          'count-all': { type: 'string', multiple: true },
          lms: { type: 'string' },
          'lms-out': { type: 'string' },
          'lms-columns': { type: 'string' },
          'lms-key': { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
      });
    } catch (error) {
      throw usageErrorFromParseArgs(error);
    }
    if (parsed.values.help) {
      await write(io.stdout, HELP);
      return EXIT_OK;
    }
    const lms = await lmsOptions(parsed.values);
    const paths = parsed.positionals;
    if (paths.length === 0) {
      if (io.stdin.isTTY)
        throw new UsageError(
          'no receipts given: name receipt files or folders, or pipe receipts into "mcp-lab grade -"',
        );
      paths.push('-');
    }
    const loaded = await loadArguments(paths, io);
    const course = await loadCourse(parsed.values.course ?? process.env.MCP_LAB_COURSE ?? DEFAULT_COURSE);
    const started = performance.now();
    const { inputs, ignored } = await collectRosterInputs(loaded);
    const found = inputs.filter((i) => !('error' in i) || i.reason === 'malformed');
    if (found.length === 0) {
      const reasons = loaded.map((l) => ('error' in l ? l.error : `${l.name}: no receipt found in it`));
      throw new UsageError(`nothing to grade: ${reasons.join('; ')}`);
    }
    let roster = gradeReceipts(inputs, course);
    const { choices, unmatched } = choicesFor(roster, parsed.values.choose ?? [], parsed.values['count-all'] ?? []);
    if (unmatched.length > 0) throw new UsageError(unmatched.join('; '));
    if (Object.keys(choices).length > 0) roster = gradeReceipts(inputs, course, { choices });
    const ms = performance.now() - started;
    const gradebook = lms ? lmsExport(roster, lms) : undefined;
    const csv = parsed.values.csv;
    const lmsOut = parsed.values['lms-out'] ?? '-';
    if (gradebook && lmsOut === '-') await write(io.stdout, gradebook.csv);
    else if (csv === '-') await write(io.stdout, marksCsv(marksFromRoster(roster)));
    else {
      const about = { files: loaded.length, courseTitle: course.title, courseVersion: course.version, ms };
      await write(io.stdout, formatRoster(roster, about));
    }
    for (const i of ignored)
      await write(
        io.stderr,
        `mcp-lab grade: ${escapeControls(`${i.source}, line ${i.line}: not a receipt, skipped: ${i.text}`)}\n`,
      );
    for (const w of gradebook?.warnings ?? []) await write(io.stderr, `mcp-lab grade: ${escapeControls(w)}\n`);
    if (gradebook && lmsOut !== '-') await writeGradebookFile(io, gradebook, lms!.lms, lmsOut);
    if (csv !== undefined && csv !== '-') await writeCsvFile(io, roster, csv);
    return EXIT_OK;
  },
};
