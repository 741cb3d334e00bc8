/**
 * Everything a widget needs once it grades, loaded with the course on the first check (not before interaction):
 * painting the decision grid's per-cell verdicts, the feedback renderer, and predictions graded part by part.
 */
import type { CellVerdict } from '#course';
import { clearCell } from './grid.ts';
import { renderFeedback, verdictWord, withoutVerdictWord, type FeedbackView } from './feedback.ts';

export { renderComparison, renderFeedback, verdictWord, withoutVerdictWord } from './feedback.ts';
export { gradePrediction } from './prediction-feedback.ts';

/**
 * What a cell's feedback says: the verdict, the grader's one sentence about this cell and the answer given, the
 * misconception's name linked to the passage that explains it, and the long explanation behind "Why?".
 */
export function cellFeedback(cell: CellVerdict): FeedbackView {
  const { tone, verdict } = verdictWord(cell.verdict);
  if (cell.verdict === 'unanswered') return { tone, verdict, why: '' };
  const m = cell.misconception;
  return {
    tone,
    verdict,
    why: withoutVerdictWord(cell.feedback),
    ...(m ? { misconception: { name: m.name, href: m.href } } : {}),
    ...(cell.explanation ? { more: cell.explanation } : {}),
  };
}

/** Shows the grader's verdict on each cell: the verdict, why, the misconception (linked), more on request. */
export function paintVerdicts(root: ParentNode, cells: readonly CellVerdict[]): void {
  // One belief behind two answers in a row is explained once; the second cell points to the first.
  const named = new Map<string, string>();
  for (const cell of cells) {
    const select = root.querySelector<HTMLSelectElement>(
      `select[data-scenario="${CSS.escape(cell.scenarioId)}"][data-column="${CSS.escape(cell.column)}"]`,
    );
    const td = select?.closest('td');
    if (!select || !td) continue;
    clearCell(select);
    td.dataset.verdict = cell.verdict;
    if (cell.verdict !== 'correct') select.setAttribute('aria-invalid', 'true');
    const wrap = select.closest<HTMLElement>('.choice-select');
    if (wrap && cell.verdict === 'correct') wrap.dataset.state = 'correct';
    let view = cellFeedback(cell);
    const belief = cell.misconception ? `${cell.scenarioId}\u0000${cell.misconception.id}` : undefined;
    const column = td.querySelector('.lab-cell-label')?.textContent?.trim() ?? cell.column;
    if (belief && named.has(belief))
      view = {
        tone: view.tone,
        verdict: view.verdict,
        why: `The same belief as your answer to “${named.get(belief)}”.`,
      };
    else if (belief) named.set(belief, column);
    td.querySelector('[data-role="feedback"]')?.replaceChildren(renderFeedback(view));
  }
}
