/**
 * The roster page's "Export for your LMS" controls: choose Canvas, Moodle or Blackboard Learn, what the learner's
 * identifier is, and the columns (prefilled, one a line, with headers to replace by the ones pasted from the LMS),
 * then download the gradebook file (src/receipts/lms-export.ts) of the roster graded last. What the file leaves out
 * is said next to the button. Browser only.
 */
import type { Roster } from '../receipts/grade.ts';
import {
  CANVAS_KEYS,
  defaultColumns,
  learnersFromRoster,
  lmsGradebook,
  MOODLE_KEYS,
  parseColumns,
  type LmsKind,
} from '../receipts/lms-export.ts';

const KEY_CHOICES: Readonly<Record<LmsKind, readonly { value: string; label: string }[]>> = {
  canvas: CANVAS_KEYS.map((k) => ({ value: k, label: k })),
  moodle: Object.entries(MOODLE_KEYS).map(([value, label]) => ({ value, label })),
  blackboard: [{ value: 'username', label: 'Username' }],
};

/** Wires the controls inside `root`; returns the function to call with each newly graded roster (undefined: cleared). */
export function lmsExportControls(
  root: HTMLElement,
  chapters: readonly { id: string; title: string }[],
): (r: Roster | undefined) => void {
  const lms = root.querySelector<HTMLSelectElement>('[data-role="lms"]')!;
  const key = root.querySelector<HTMLSelectElement>('[data-role="lms-key"]')!;
  const columns = root.querySelector<HTMLTextAreaElement>('[data-role="lms-columns"]')!;
  const button = root.querySelector<HTMLButtonElement>('[data-action="lms-download"]')!;
  const status = root.querySelector<HTMLElement>('[data-role="lms-status"]')!;
  let roster: Roster | undefined;
  root.hidden = false;
  if (columns.value.trim() === '')
    columns.value = defaultColumns(chapters)
      .map((c) => `${chapters.findIndex((ch) => ch.id === c.chapter) + 1} ${c.measure} ${c.header}`)
      .join('\n');
  const fillKeys = () => {
    key.replaceChildren(
      ...KEY_CHOICES[lms.value as LmsKind].map((k) =>
        Object.assign(document.createElement('option'), { value: k.value, textContent: k.label }),
      ),
    );
    key.disabled = lms.value === 'blackboard';
  };
  lms.addEventListener('change', fillKeys);
  fillKeys();
  button.addEventListener('click', () => {
    if (!roster) return;
    const parsed = parseColumns(columns.value, chapters);
    if (parsed.kind === 'invalid') {
      status.textContent = `Check the columns: ${parsed.reason}.`;
      columns.focus();
      return;
    }
    const kind = lms.value as LmsKind;
    const { learners, skipped } = learnersFromRoster(roster);
    const out = lmsGradebook(learners, {
      lms: kind,
      columns: parsed.columns,
      ...(kind === 'canvas' ? { canvasKey: key.value as (typeof CANVAS_KEYS)[number] } : {}),
      ...(kind === 'moodle' ? { moodleKey: key.value as keyof typeof MOODLE_KEYS } : {}),
    });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([out.csv], { type: 'text/csv;charset=utf-8' }));
    a.download = `mcp-message-lab-${kind}-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    status.textContent = [
      `Downloaded: ${out.rows} learner${out.rows === 1 ? '' : 's'}.`,
      ...skipped.map((s) => `Left out: ${s}.`),
      ...out.warnings,
    ].join(' ');
  });
  return (next) => {
    roster = next;
    button.disabled = !next || next.entries.length === 0;
    if (!next) status.textContent = '';
  };
}
