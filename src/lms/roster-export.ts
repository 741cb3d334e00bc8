/**
 * The "Export for your LMS" controls (markup: LmsExport.astro), on the roster page and the workshop room's
 * dashboard: choose Canvas, Moodle or Blackboard Learn, what the learner's identifier is, and the columns
 * (prefilled, one a line, each headed by the chapter's title, to replace by the names pasted from the LMS), then
 * download the gradebook file (src/receipts/lms-export.ts). Where the file comes from is the caller's: the roster
 * page writes it from the roster model it holds, the room asks the workshop server (which alone knows the learners'
 * identifiers). What the file leaves out is said next to the button. Browser only.
 */
import {
  CANVAS_KEYS,
  columnLines,
  defaultColumns,
  identifierKeyFor,
  lmsGradebook,
  lmsLearnersOf,
  MOODLE_KEYS,
  parseColumns,
  type LmsExportOptions,
  type LmsKind,
} from '../receipts/lms-export.ts';
import type { Marks } from '../receipts/roster-model.ts';
import type { LmsIdKind } from '../receipts/lms-id-kinds.ts';
import { downloadFile } from '../lib/download.ts';

const KEY_CHOICES: Readonly<Record<LmsKind, readonly { value: string; label: string }[]>> = {
  canvas: CANVAS_KEYS.map((k) => ({ value: k, label: k })),
  moodle: Object.entries(MOODLE_KEYS).map(([value, label]) => ({ value, label })),
  blackboard: [{ value: 'username', label: 'Username' }],
};

/** What the controls ask for: the LMS, the identifier's column (Canvas) or kind (Moodle), the columns as typed. */
export interface LmsRequest {
  lms: LmsKind;
  key?: string;
  columnsText: string;
}

/** A gradebook file, or why there is none. */
export type LmsFile = { filename: string; csv: string; rows: number; warnings: string[] } | { error: string };

/** Chapters the controls offer: the course's, or the room's. */
type Chapters = readonly { id: string; title: string }[];

/** The gradebook file of a roster model, written on the page (the roster page's producer). */
export function lmsFileOf(marks: Marks, request: LmsRequest): LmsFile {
  const parsed = parseColumns(request.columnsText, marks.chapters);
  if (parsed.kind === 'invalid') return { error: `Check the columns: ${parsed.reason}.` };
  const { learners, skipped } = lmsLearnersOf(marks);
  const options: LmsExportOptions = {
    lms: request.lms,
    origin: marks.origin,
    columns: parsed.columns,
    ...(request.lms === 'canvas' && request.key ? { canvasKey: request.key as (typeof CANVAS_KEYS)[number] } : {}),
    ...(request.lms === 'moodle' && request.key ? { moodleKey: request.key as keyof typeof MOODLE_KEYS } : {}),
  };
  const out = lmsGradebook(learners, options);
  return {
    filename: `mcp-message-lab-${request.lms}-${new Date().toISOString().slice(0, 10)}.csv`,
    csv: out.csv,
    rows: out.rows,
    warnings: [...skipped.map((s) => `Left out: ${s}.`), ...out.warnings],
  };
}

/**
 * Wires the controls inside `root`. `produce` makes the file for a request. Returns the function to call with the
 * chapters once there is something to export (it fills the default columns the first time), or undefined when
 * there is nothing (the button is disabled), and with what the room asked learners for, if known (the identifier
 * choice then defaults to the column that kind belongs in).
 */
export function lmsExportControls(
  root: HTMLElement,
  produce: (request: LmsRequest) => LmsFile | Promise<LmsFile>,
): (chapters: Chapters | undefined, asked?: LmsIdKind) => void {
  const lms = root.querySelector<HTMLSelectElement>('[data-role="lms"]')!;
  const key = root.querySelector<HTMLSelectElement>('[data-role="lms-key"]')!;
  const columns = root.querySelector<HTMLTextAreaElement>('[data-role="lms-columns"]')!;
  const button = root.querySelector<HTMLButtonElement>('[data-action="lms-download"]')!;
  const status = root.querySelector<HTMLElement>('[data-role="lms-status"]')!;
  root.hidden = false;
  let asked: LmsIdKind | undefined;
  const fillKeys = () => {
    key.replaceChildren(
      ...KEY_CHOICES[lms.value as LmsKind].map((k) =>
        Object.assign(document.createElement('option'), { value: k.value, textContent: k.label }),
      ),
    );
    key.value = identifierKeyFor(lms.value as LmsKind, asked) ?? key.options[0]!.value;
    key.disabled = lms.value === 'blackboard';
  };
  lms.addEventListener('change', fillKeys);
  fillKeys();
  button.addEventListener('click', () => {
    void (async () => {
      const kind = lms.value as LmsKind;
      button.disabled = true;
      let out: LmsFile;
      try {
        out = await produce({
          lms: kind,
          ...(kind === 'blackboard' ? {} : { key: key.value }),
          columnsText: columns.value,
        });
      } catch (error) {
        out = { error: `The file could not be made: ${error instanceof Error ? error.message : String(error)}.` };
      } finally {
        button.disabled = false;
      }
      if ('error' in out) {
        status.textContent = out.error;
        if (out.error.startsWith('Check the columns')) columns.focus();
        return;
      }
      downloadFile(new Blob([out.csv], { type: 'text/csv;charset=utf-8' }), out.filename);
      status.textContent = [`Downloaded: ${out.rows} learner${out.rows === 1 ? '' : 's'}.`, ...out.warnings].join(' ');
    })();
  });
  return (chapters, kind) => {
    if (kind !== asked) {
      asked = kind;
      fillKeys();
    }
    button.disabled = !chapters;
    if (!chapters) {
      status.textContent = '';
      return;
    }
    if (columns.value.trim() === '') columns.value = columnLines(defaultColumns(chapters));
  };
}
