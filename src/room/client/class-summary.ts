/**
 * The dashboard's class-wide figures under the table: completion per chapter, the answers given to each
 * decision-table cell, and the most common misconceptions, as bars and lists drawn from the dashboard view.
 */
import { h, must } from '../../lib/dom.ts';
import type { DashboardView } from '../dashboard-model.ts';

/** A labelled bar; the label says the figure, so the bar itself is hidden from assistive technology. */
const bar = (label: string, percent: number) => [
  h('span', { class: 'room-bar-label' }, label),
  h('span', { class: 'room-bar', 'aria-hidden': 'true' }, h('span', { style: `width:${percent}%` })),
];

/** The most cells shown, fewest right answers first: the ones worth talking about. */
const MAX_CELLS = 24;

function cellSection(cell: DashboardView['cells'][number]): HTMLElement {
  return h(
    'section',
    { class: 'room-cell' },
    h('h4', {}, `${cell.scenarioTitle}: ${cell.columnLabel}`),
    h('p', { class: 'room-hint' }, `${cell.correct} of ${cell.learners} right · right answer: ${cell.correctLabel}`),
    h(
      'ul',
      {},
      cell.answers.map((a) =>
        h(
          'li',
          { class: a.correct ? 'room-answer-right' : 'room-answer-wrong' },
          bar(`${a.correct ? 'Right' : 'Wrong'}: ${a.label} (${a.count})`, Math.round((a.count / cell.learners) * 100)),
        ),
      ),
    ),
  );
}

/** Draws the three summaries into their places inside `root`. */
export function renderClassSummary(root: ParentNode, view: DashboardView): void {
  must(root, '[data-role="chapters"]').replaceChildren(
    ...view.chapters.map((c) =>
      h('li', {}, bar(`${c.title}: ${c.percent}% of items done on average, ${c.finished} finished`, c.percent)),
    ),
  );
  must(root, '[data-role="cells"]').replaceChildren(
    ...(view.cells.length
      ? view.cells.slice(0, MAX_CELLS).map(cellSection)
      : [h('p', { class: 'room-hint' }, 'No decision-table answers checked yet.')]),
  );
  const misconceptions = must(root, '[data-role="misconceptions"]');
  misconceptions.replaceChildren(
    ...(view.misconceptions.length
      ? view.misconceptions.map((m) =>
          h(
            'li',
            {},
            h('strong', {}, `“${m.belief}”`),
            ` (${m.learners} ${m.learners === 1 ? 'learner' : 'learners'}). `,
            m.correction,
          ),
        )
      : [h('li', { class: 'room-hint' }, 'None yet.')]),
  );
  // "None yet." is a note, not the first of a numbered list.
  misconceptions.classList.toggle('room-empty', view.misconceptions.length === 0);
}
