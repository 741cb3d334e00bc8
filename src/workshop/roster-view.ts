/**
 * Renders the roster page's results: the learner × chapter grid (colour and a text label, never colour alone), the
 * flagged receipts, the answers given per decision-table cell, the most common misconceptions, and the CSV download.
 * Browser only; every verdict comes from the shared re-grader (src/receipts/grade.ts).
 */
import { rosterCsv, STATUS_COLOURS, type Roster, type RosterEntry } from '../receipts/grade.ts';
import type { RosterResult } from '../receipts/roster-run.ts';

type Counted = Extract<RosterEntry, { kind: 'counted' }>;

/** Symbols that repeat the status in text, for readers who cannot tell the colours apart and for print. */
const STATUS_SYMBOLS = { passed: '✓', failing: '✗', started: '…', 'not-started': '–' } as const;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

function grid(roster: Roster): HTMLElement {
  const counted = roster.entries.filter((e): e is Counted => e.kind === 'counted');
  const head = el(
    'tr',
    {},
    el('th', { scope: 'col' }, 'Learner'),
    ...roster.chapters.map((c) =>
      el('th', { scope: 'col', title: c.title }, c.id.slice(0, 2), el('span', { class: 'ws-sr' }, ` ${c.title}`)),
    ),
    el('th', { scope: 'col' }, 'Chapters passed'),
    el('th', { scope: 'col' }, 'Table cells right'),
  );
  const rows = counted.map((entry) => {
    const results = roster.chapters.map((c) => entry.chapters[c.id]!);
    const passed = results.filter((r) => r.status === 'passed').length;
    const correct = results.reduce((n, r) => n + r.cells.correct, 0);
    const total = results.reduce((n, r) => n + r.cells.total, 0);
    return el(
      'tr',
      { 'data-learner': entry.learner },
      el(
        'th',
        { scope: 'row' },
        entry.learner,
        ...(entry.notes.length > 0 ? [el('span', { class: 'ws-note-mark', title: entry.notes.join(' ') }, ' *')] : []),
      ),
      ...results.map((r, i) =>
        el(
          'td',
          {
            class: `ws-status ws-${STATUS_COLOURS[r.status]}`,
            'data-status': r.status,
            'data-chapter': roster.chapters[i]!.id,
          },
          `${STATUS_SYMBOLS[r.status]} ${r.label}`,
          ...(r.check ? [el('span', { class: 'ws-score' }, ` ${r.check.correct}/${r.check.total}`)] : []),
        ),
      ),
      el('td', {}, `${passed}/${results.length}`),
      el('td', {}, total > 0 ? `${correct}/${total}` : '–'),
    );
  });
  const table = el(
    'table',
    { class: 'ws-grid', 'data-role': 'grid' },
    el('caption', {}, 'The class by chapter'),
    el('thead', {}, head),
    el('tbody', {}, ...rows),
  );
  // The wrapper scrolls sideways on narrow screens; it takes focus so keyboard users can scroll it too.
  return el(
    'div',
    { class: 'ws-table-wrap', role: 'region', 'aria-label': 'The class by chapter', tabindex: '0' },
    table,
  );
}

function flaggedList(roster: Roster): HTMLElement | undefined {
  const flagged = roster.entries.filter((e) => e.kind === 'flagged');
  if (flagged.length === 0) return undefined;
  return el(
    'section',
    { 'aria-labelledby': 'flagged-h' },
    el('h2', { id: 'flagged-h' }, `Flagged, not counted (${flagged.length})`),
    el(
      'ul',
      { 'data-role': 'flagged' },
      ...flagged.map((e) =>
        el(
          'li',
          { 'data-reason': e.reason },
          el('strong', {}, `${e.source}${e.learner ? ` (${e.learner})` : ''}: ${e.reason}.`),
          ` ${e.message}`,
        ),
      ),
    ),
  );
}

function distribution(roster: Roster): HTMLElement | undefined {
  if (roster.distribution.length === 0) return undefined;
  const byScenario = new Map<string, Roster['distribution']>();
  for (const d of roster.distribution) byScenario.set(d.scenarioId, [...(byScenario.get(d.scenarioId) ?? []), d]);
  return el(
    'section',
    { 'aria-labelledby': 'dist-h' },
    el('h2', { id: 'dist-h' }, 'Answers per decision-table cell'),
    ...[...byScenario.values()].map((cells) =>
      el(
        'div',
        { class: 'ws-dist', 'data-scenario': cells[0]!.scenarioId },
        el('h3', {}, cells[0]!.scenarioTitle),
        ...cells.map((cell) =>
          el(
            'table',
            { class: 'ws-dist-table', 'data-column': cell.column },
            el(
              'caption',
              {},
              `${cell.columnLabel}: ${cell.correct} of ${cell.learners} right${cell.unanswered ? `, ${cell.unanswered} blank` : ''}`,
            ),
            el(
              'thead',
              {},
              el(
                'tr',
                {},
                el('th', { scope: 'col' }, 'Answer'),
                el('th', { scope: 'col' }, 'Learners'),
                el('th', { scope: 'col' }, 'What it shows'),
              ),
            ),
            el(
              'tbody',
              {},
              ...cell.answers.map((a) => {
                const share = cell.learners > 0 ? Math.round((a.count / cell.learners) * 100) : 0;
                const meaning = a.correct
                  ? '✓ The right answer'
                  : a.misconceptionId
                    ? `✗ Misconception: ${a.misconceptionId}`
                    : '✗ Wrong';
                return el(
                  'tr',
                  { 'data-value': a.value, class: a.correct ? 'ws-right' : 'ws-wrong' },
                  el('td', {}, a.label),
                  el('td', {}, el('span', { class: 'ws-bar', style: `--share: ${share}%` }), ` ${a.count}`),
                  el('td', {}, meaning),
                );
              }),
            ),
          ),
        ),
      ),
    ),
  );
}

function misconceptions(roster: Roster): HTMLElement | undefined {
  if (roster.misconceptions.length === 0) return undefined;
  return el(
    'section',
    { 'aria-labelledby': 'mis-h' },
    el('h2', { id: 'mis-h' }, 'Most common misconceptions'),
    el(
      'ol',
      { 'data-role': 'misconceptions' },
      ...roster.misconceptions.map((m) =>
        el(
          'li',
          { 'data-misconception': m.id, 'data-learners': String(m.learners) },
          el('strong', {}, `“${m.belief}”`),
          ` ${m.learners} learner${m.learners === 1 ? '' : 's'} (${m.count} answer${m.count === 1 ? '' : 's'}). `,
          el('span', { class: 'ws-muted' }, m.correction),
        ),
      ),
    ),
  );
}

/** Replaces `container`'s content with the results of a run; returns the CSV text for the download button. */
export function renderRoster(container: HTMLElement, result: RosterResult): string {
  const { roster } = result;
  container.dataset.counted = String(roster.counted);
  container.dataset.flagged = String(roster.flagged);
  container.dataset.gradeMs = result.ms.toFixed(1);
  const parts: (HTMLElement | undefined)[] = [
    el('h2', { id: 'grid-h' }, 'The class'),
    roster.counted > 0 ? grid(roster) : el('p', {}, 'No receipt could be counted: see the flagged list.'),
    flaggedList(roster),
    result.ignored.length > 0
      ? el(
          'p',
          { class: 'ws-muted' },
          `Skipped text that is not a receipt: ${result.ignored.map((i) => `${i.source}, line ${i.line} (“${i.text}”)`).join('; ')}.`,
        )
      : undefined,
    misconceptions(roster),
    distribution(roster),
  ];
  container.replaceChildren(...parts.filter((p): p is HTMLElement => p !== undefined));
  return rosterCsv(roster);
}
