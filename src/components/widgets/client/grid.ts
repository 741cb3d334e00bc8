/**
 * Reading and writing the server-rendered decision grid (DecisionGrid.astro): the answers in its selects and the
 * chosen answer's full text beside each select (.choice-select). Painting the grader's verdicts is in verdicts.ts,
 * which loads with the course on the first check.
 */
import type { DecisionAnswers } from '#course';
import { isRecord } from '../../../lib/record.ts';

/** The selects of a grid. */
export function gridSelects(root: ParentNode): HTMLSelectElement[] {
  return [...root.querySelectorAll<HTMLSelectElement>('select[data-scenario][data-column]')];
}

/** Shows a select's chosen option in full in its .choice-select text (the select itself cuts it off). */
export function syncChoice(select: HTMLSelectElement): void {
  const wrap = select.closest<HTMLElement>('.choice-select');
  const text = wrap?.querySelector('.choice-select-text');
  if (!wrap || !text) return;
  const option = select.selectedOptions[0];
  text.textContent = option?.textContent ?? '';
  wrap.toggleAttribute('data-empty', !select.value);
  wrap.dataset.enhanced = 'true';
}

/** Upgrades every choice select of a grid and keeps its text in step with the select. */
export function enhanceGrid(root: HTMLElement): void {
  for (const select of gridSelects(root)) syncChoice(select);
  root.addEventListener('change', (event) => {
    const target = event.target as HTMLElement;
    if (target instanceof HTMLSelectElement) syncChoice(target);
  });
}

/** The answers currently chosen (empty cells left out). */
export function readGrid(root: ParentNode): DecisionAnswers {
  const answers: DecisionAnswers = {};
  for (const select of gridSelects(root)) {
    if (!select.value) continue;
    const row = (answers[select.dataset.scenario!] ??= {});
    row[select.dataset.column as 'layer'] = select.value;
  }
  return answers;
}

/** Puts answers (untrusted: a saved state or a link) into the selects; values that are not options are ignored. */
export function writeGrid(root: ParentNode, answers: unknown): void {
  const given = isRecord(answers) ? answers : {};
  for (const select of gridSelects(root)) {
    const row = given[select.dataset.scenario!];
    const value = isRecord(row) ? row[select.dataset.column!] : undefined;
    const allowed = typeof value === 'string' && [...select.options].some((o) => o.value === value);
    select.value = allowed ? (value as string) : '';
    syncChoice(select);
  }
}

/** Removes the feedback from one cell (its answer changed since the last check). */
export function clearCell(select: HTMLSelectElement): void {
  const cell = select.closest('td');
  if (!cell) return;
  delete cell.dataset.verdict;
  select.removeAttribute('aria-invalid');
  const wrap = select.closest<HTMLElement>('.choice-select');
  if (wrap) delete wrap.dataset.state;
  cell.querySelector('[data-role="feedback"]')?.replaceChildren();
}

/** Clears every cell. */
export function clearGrid(root: ParentNode): void {
  for (const select of gridSelects(root)) clearCell(select);
}
