/**
 * The dashboard's class table: one row per learner, sortable by any column (a button in its header, or the select
 * above it for a keyboard or a narrow screen), with a Remove button per learner while the room runs.
 */
import { h, must } from '../../lib/dom.ts';
import { contractOf, type GradedKind } from '../../course/graded-kinds.ts';
import { gradedColumnKinds } from '../../receipts/roster-model.ts';
import type { LearnerRow } from '../dashboard-model.ts';

type SortKey =
  | 'name'
  | 'where'
  | 'progress'
  | 'wrong'
  | 'hints'
  | 'solutions'
  | 'predictions'
  | 'labs'
  | 'last'
  | 'stuck'
  | `graded:${GradedKind}`;

/** A graded kind's column heading: its contract's column, as a heading. */
function columnLabel(kind: GradedKind): string {
  const words = contractOf(kind).column;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'name', label: 'Learner' },
  { key: 'stuck', label: 'Stuck' },
  { key: 'where', label: 'Chapter now' },
  { key: 'progress', label: 'Items done', numeric: true },
  { key: 'wrong', label: 'Wrong in a row', numeric: true },
  { key: 'hints', label: 'Hints', numeric: true },
  { key: 'solutions', label: 'Solutions', numeric: true },
  { key: 'predictions', label: 'Predictions right', numeric: true },
  { key: 'labs', label: 'Labs passed (self-reported)', numeric: true },
  // The later graded kinds give a column each, named by their contract (the roster and the room's CSV name it so too).
  ...gradedColumnKinds().map((kind) => ({ key: `graded:${kind}` as const, label: columnLabel(kind), numeric: true })),
  { key: 'last', label: 'Last activity' },
];

/** A chapter's place in the room's list; a learner on no chapter (or one outside it) sorts first. */
const place = (order: readonly string[], id: string | null | undefined) => (id ? order.indexOf(id) : -1);

/** Compares two learners by one column; chapters compare by their place in the course (`order`), not by id. */
function compare(a: LearnerRow, b: LearnerRow, key: SortKey, order: readonly string[]): number {
  switch (key) {
    case 'name':
      return a.name.localeCompare(b.name);
    case 'where':
      return place(order, a.chapterId) - place(order, b.chapterId);
    case 'progress':
      return a.done - b.done;
    case 'wrong':
      return a.wrongAttempts - b.wrongAttempts;
    case 'hints':
      return a.hints - b.hints;
    case 'solutions':
      return a.solutions - b.solutions;
    case 'predictions':
      return a.predictions.correct - b.predictions.correct;
    case 'labs':
      return a.codeLabsPassed - b.codeLabsPassed;
    case 'last':
      return a.lastEventAt - b.lastEventAt;
    case 'stuck':
      return Number(!!a.stuck) - Number(!!b.stuck);
    default: {
      const kind = key.slice('graded:'.length) as GradedKind;
      return (a.gradedKinds[kind]?.passed ?? 0) - (b.gradedKinds[kind]?.passed ?? 0);
    }
  }
}

function ago(ms: number, now: number): string {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 60) return `${s} s ago`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ago` : `${Math.floor(m / 60)} h ${m % 60} min ago`;
}

/** How a sort option describes its direction. */
function directionName(key: SortKey, descending: boolean): string {
  if (key === 'name' || key === 'where') return descending ? 'Z to A' : 'A to Z';
  if (key === 'last') return descending ? 'most recent first' : 'oldest first';
  if (key === 'stuck') return descending ? 'stuck first' : 'stuck last';
  return descending ? 'most first' : 'fewest first';
}

/** What a redraw of the table needs to know beyond the rows. */
interface TableContext {
  /** The room's chapter ids in course order, for the "Chapter now" column. */
  order: readonly string[];
  /** The room has ended: nobody is left to remove. */
  ended: boolean;
  now: number;
  onRemove: (row: LearnerRow) => void;
}

/**
 * Fills the header and the sort select inside `root` (`[data-role="learners"]`, `[data-role="sort"]`) and returns
 * the table's redraw; `onSort` runs when the instructor picks another order.
 */
export function createLearnerTable(root: ParentNode, onSort: () => void) {
  let sort: { key: SortKey; descending: boolean } = { key: 'stuck', descending: true };
  const thead = must(root, '[data-role="learners"] thead tr');
  const body = must(root, '[data-role="learners"] tbody');
  const sortSelect = must<HTMLSelectElement>(root, '[data-role="sort"]');
  const setSort = (key: SortKey, descending: boolean) => {
    sort = { key, descending };
    sortSelect.value = `${key}:${descending ? 'desc' : 'asc'}`;
    onSort();
  };
  for (const column of COLUMNS) {
    const button = h('button', { type: 'button', class: 'room-sort' }, column.label);
    button.addEventListener('click', () =>
      setSort(
        column.key,
        sort.key === column.key ? !sort.descending : column.numeric === true || column.key === 'stuck',
      ),
    );
    thead.append(h('th', { scope: 'col', 'data-key': column.key }, button));
    for (const descending of [true, false])
      sortSelect.append(
        h(
          'option',
          { value: `${column.key}:${descending ? 'desc' : 'asc'}` },
          `${column.label} (${directionName(column.key, descending)})`,
        ),
      );
  }
  sortSelect.value = 'stuck:desc';
  sortSelect.addEventListener('change', () => {
    const [key, direction] = sortSelect.value.split(':') as [SortKey, string];
    setSort(key, direction === 'desc');
  });
  const removeHead = h('th', { scope: 'col', class: 'room-actions' }, 'Remove');
  thead.append(removeHead);

  /** Draws `learners` in the chosen order; returns how many rows it drew. */
  return (learners: readonly LearnerRow[], context: TableContext): number => {
    removeHead.hidden = context.ended;
    const rows = [...learners].sort((a, b) => {
      const c = compare(a, b, sort.key, context.order);
      return (sort.descending ? -c : c) || a.name.localeCompare(b.name);
    });
    for (const th of thead.querySelectorAll<HTMLElement>('th[data-key]')) {
      if (th.dataset.key === sort.key) th.setAttribute('aria-sort', sort.descending ? 'descending' : 'ascending');
      else th.removeAttribute('aria-sort');
    }
    body.replaceChildren(...rows.map((row) => learnerRow(row, context)));
    return rows.length;
  };
}

/** One learner's row. */
function learnerRow(row: LearnerRow, { ended, now, onRemove }: TableContext): HTMLTableRowElement {
  const remove = h('button', { type: 'button', class: 'button button-danger room-small' }, 'Remove');
  remove.setAttribute('aria-label', `Remove ${row.name}`);
  remove.addEventListener('click', () => onRemove(row));
  const cell = (label: string, text: string, numeric = false) =>
    h('td', { 'data-label': label, class: numeric ? 'room-num' : undefined }, text);
  return h(
    'tr',
    { class: row.removed ? 'room-removed' : row.stuck ? 'room-stuck' : '' },
    h(
      'th',
      { scope: 'row' },
      row.name,
      row.removed ? ' (removed)' : '',
      row.stuck ? h('span', { class: 'room-stuck-why' }, `Stuck: ${row.stuck}`) : null,
    ),
    cell('Stuck', row.stuck ? 'Yes' : 'No'),
    cell('Chapter now', row.chapterTitle || '—'),
    cell('Items done', `${row.done} of ${row.total}`, true),
    cell('Wrong in a row', String(row.wrongAttempts), true),
    cell('Hints', String(row.hints), true),
    cell('Solutions', String(row.solutions), true),
    cell('Predictions right', `${row.predictions.correct} of ${row.predictions.total}`, true),
    cell('Labs passed (self-reported)', String(row.codeLabsPassed), true),
    ...gradedColumnKinds().map((kind) => {
      const figure = row.gradedKinds[kind];
      return cell(columnLabel(kind), figure ? `${figure.passed} of ${figure.total}` : '—', true);
    }),
    cell('Last activity', ago(row.lastEventAt, now)),
    ended ? '' : h('td', { class: 'room-actions' }, row.removed ? '' : remove),
  );
}
