/**
 * Holding a timeline's outcome back on a page with a decision table. The outcome and the summary say who notices,
 * what the user sees and whether a retry is safe in the table's own option words, so until the learner has checked
 * the page's tables with every cell answered they are hidden behind a note that says why (data-held on the
 * element). This file has no imports: the page script holds the outcome at load, before the widget's code arrives;
 * message-timeline.ts decides when to let go. Browser only.
 */

/** Whether an element is stepping through the exchange (its summary then names the step, not the outcome). */
const stepping = (el: HTMLElement) => el.dataset.stepping === 'true';

/**
 * Shows or hides the outcome, the summary and the note as the element's data says: `held` (the answers are held
 * back), `stepping`, and `outcomeWaits` (a step-through has not reached its last step).
 */
export function syncHeld(el: HTMLElement): void {
  const held = el.dataset.held === 'true';
  const part = (role: string) => el.querySelector<HTMLElement>(`[data-role="${role}"]`);
  const note = part('held');
  const outcome = part('outcome');
  const summary = part('summary');
  if (note) note.hidden = !held;
  if (outcome) outcome.hidden = held || el.dataset.outcomeWaits === 'true';
  if (summary) summary.hidden = held && !stepping(el);
  // The diagram's accessible name repeats the summary: it holds the answers back too.
  const title = el.querySelector<SVGTitleElement>('svg title');
  if (title) {
    title.dataset.full ??= title.textContent ?? '';
    title.textContent = held
      ? 'Sequence diagram of the exchange. The numbered list after the diagram describes each step.'
      : title.dataset.full;
  }
}

/** Holds back the outcome of every timeline on a page that has a decision table (called by the page at load). */
export function holdTimelineOutcomes(): void {
  if (!document.querySelector('lab-decision-table')) return;
  for (const el of document.querySelectorAll<HTMLElement>('lab-message-timeline')) {
    el.dataset.held = 'true';
    syncHeld(el);
  }
}
