/**
 * Reading and painting the server-rendered decision grid (DecisionGrid.astro): the answers in its selects, and the
 * model's per-cell verdicts as feedback next to each control. The verdicts come from gradeDecisionTable.
 */
import type { CellVerdict, DecisionAnswers } from '#course';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The selects of a grid. */
export function gridSelects(root: ParentNode): HTMLSelectElement[] {
  return [...root.querySelectorAll<HTMLSelectElement>('select[data-scenario][data-column]')];
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
  }
}

/** Removes the feedback from one cell (its answer changed since the last check). */
export function clearCell(select: HTMLSelectElement): void {
  const cell = select.closest('td');
  if (!cell) return;
  cell.classList.remove('lab-correct', 'lab-incorrect', 'lab-unanswered');
  select.removeAttribute('aria-invalid');
  const feedback = cell.querySelector('[data-role="feedback"]');
  if (feedback) feedback.textContent = '';
}

/** Clears every cell. */
export function clearGrid(root: ParentNode): void {
  for (const select of gridSelects(root)) clearCell(select);
}

/** Shows the model's verdict on each cell: a word (Right / Not right / No answer) and its feedback. */
export function paintVerdicts(root: ParentNode, cells: readonly CellVerdict[]): void {
  for (const cell of cells) {
    const select = root.querySelector<HTMLSelectElement>(
      `select[data-scenario="${CSS.escape(cell.scenarioId)}"][data-column="${CSS.escape(cell.column)}"]`,
    );
    const td = select?.closest('td');
    if (!select || !td) continue;
    clearCell(select);
    const state =
      cell.verdict === 'correct' ? 'lab-correct' : cell.verdict === 'unanswered' ? 'lab-unanswered' : 'lab-incorrect';
    td.classList.add(state);
    if (cell.verdict !== 'correct') select.setAttribute('aria-invalid', 'true');
    const feedback = td.querySelector('[data-role="feedback"]');
    if (!feedback) continue;
    const word = document.createElement('span');
    word.className = 'lab-verdict-word';
    word.textContent =
      cell.verdict === 'correct' ? 'Right. ' : cell.verdict === 'unanswered' ? 'No answer yet. ' : 'Not right. ';
    feedback.replaceChildren(word, cell.feedback);
  }
}
