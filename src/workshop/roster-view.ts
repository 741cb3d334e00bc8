/**
 * Renders the roster page's results: the learner × chapter grid (colour and a text label, never colour alone), the
 * receipts that share a name (both shown, with buttons to choose), the flagged receipts, the answers given per
 * decision-table cell, the most common misconceptions, and the CSV download. Browser only; every verdict comes from
 * the shared re-grader (src/receipts/grade.ts).
 *
 * Input can be hostile and huge (100,000 junk pieces in one file): children are appended one by one (a spread of
 * 100,000 arguments overflows the stack), and long lists show their first items with a count of the rest.
 */
// Types only from the grader: the page draws results; the grading (and the model) stays in the worker.
import type { ConflictChoice, GradedEntry, Roster, RosterEntry } from '../receipts/grade.ts';
import { FLAG_REASONS, STATUS_COLOURS, type FlagReason } from '../receipts/roster-vocabulary.ts';
import type { RosterResult } from '../receipts/roster-run.ts';

type Shown = Extract<RosterEntry, { kind: 'counted' | 'conflict' }>;

/** Flagged receipts listed one by one; the rest are counted by reason (the CSV has every one). */
export const FLAGGED_SHOWN = 50;
/** Pieces of skipped text quoted; the rest are counted. */
const IGNORED_SHOWN = 10;

/** The event a conflict's buttons dispatch (bubbling) with the instructor's choice. */
export const CHOICE_EVENT = 'lab:roster-choice';
export interface ChoiceDetail {
  key: string;
  choice: ConflictChoice;
}

const REASON_LABELS: Readonly<Record<FlagReason, string>> = {
  malformed: 'malformed',
  'unsupported-version': 'from another course version',
  tampered: 'damaged (digest does not match)',
  duplicate: 'exact duplicates',
  'set-aside': 'set aside by your choice',
  unreadable: 'not read',
};

/** Symbols that repeat the status in text, for readers who cannot tell the colours apart and for print. */
const STATUS_SYMBOLS = { passed: '✓', failing: '✗', started: '…', 'not-started': '–' } as const;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string | readonly (Node | string)[])[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  // Appended one at a time: a list of any length passes as one array argument, never spread onto the stack.
  for (const child of children)
    if (typeof child === 'string' || child instanceof Node) node.append(child);
    else for (const c of child) node.append(c);
  return node;
}

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

function grid(roster: Roster): HTMLElement {
  const counted = roster.entries.filter((e): e is Shown => e.kind !== 'flagged');
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
      { 'data-learner': entry.learner, ...(entry.kind === 'conflict' ? { 'data-conflict': entry.conflict } : {}) },
      el(
        'th',
        { scope: 'row' },
        entry.learner,
        ...(entry.kind === 'conflict'
          ? [el('span', { class: 'ws-tag' }, ' same name: not counted, choose below')]
          : []),
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
    el('tbody', {}, rows),
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
  const byReason = new Map<FlagReason, number>();
  for (const e of flagged) byReason.set(e.reason, (byReason.get(e.reason) ?? 0) + 1);
  const counts = FLAG_REASONS.filter((r) => byReason.has(r)).map(
    (r) => `${byReason.get(r)!.toLocaleString('en')} ${REASON_LABELS[r]}`,
  );
  const shown = flagged.slice(0, FLAGGED_SHOWN);
  return el(
    'section',
    { 'aria-labelledby': 'flagged-h' },
    el('h2', { id: 'flagged-h' }, `Flagged, not counted (${flagged.length.toLocaleString('en')})`),
    el(
      'p',
      { 'data-role': 'flagged-summary' },
      `${counts.join(', ')}.`,
      flagged.length > shown.length ? ` The first ${shown.length} are listed here; the CSV lists every one.` : '',
    ),
    el(
      'ul',
      { 'data-role': 'flagged' },
      ...shown.map((e) =>
        el(
          'li',
          { 'data-reason': e.reason },
          el('strong', {}, `${e.source}${e.learner ? ` (${e.learner})` : ''}: ${REASON_LABELS[e.reason]}.`),
          ` ${e.message}`,
        ),
      ),
    ),
  );
}

/** One receipt of a name conflict: what tells it apart, and the button that counts it. */
function conflictMember(roster: Roster, entry: GradedEntry, key: string): HTMLElement {
  const results = roster.chapters.map((c) => entry.chapters[c.id]!);
  const passed = results.filter((r) => r.status === 'passed').length;
  const correct = results.reduce((n, r) => n + r.cells.correct, 0);
  const total = results.reduce((n, r) => n + r.cells.total, 0);
  return el(
    'li',
    { 'data-role': 'conflict-member', 'data-digest': entry.digest },
    el('strong', {}, `“${entry.learner}”`),
    ` from ${entry.source}. ${passed} of ${results.length} chapters passed; ${correct} of ${total} table cells right. `,
    el(
      'span',
      { class: 'ws-muted' },
      `Says it was made ${entry.createdAt} (the learner's word). Digest ${entry.digest.slice(7, 19)}.`,
    ),
    ' ',
    choiceButton(`Count this one (${entry.source})`, key, { count: 'one', digest: entry.digest }, 'secondary'),
  );
}

function choiceButton(label: string, key: string, choice: ConflictChoice, look: 'secondary' | 'primary'): HTMLElement {
  const button = el('button', { type: 'button', class: `lab-button lab-button--${look}` }, label);
  button.addEventListener('click', () =>
    button.dispatchEvent(new CustomEvent<ChoiceDetail>(CHOICE_EVENT, { bubbles: true, detail: { key, choice } })),
  );
  return button;
}

function conflicts(roster: Roster): HTMLElement | undefined {
  if (roster.conflicts.length === 0) return undefined;
  const byDigest = new Map(roster.entries.filter((e): e is Shown => e.kind !== 'flagged').map((e) => [e.digest, e]));
  return el(
    'section',
    { 'aria-labelledby': 'conflicts-h', 'data-role': 'conflicts' },
    el('h2', { id: 'conflicts-h' }, `Same name, choose which counts (${roster.conflicts.length})`),
    el(
      'p',
      {},
      'These receipts carry the same name (ignoring case, spacing and look-alike forms). A receipt does not prove who made it or when, so no date decides: compare them, and count one, or count all if they are different people. Until you choose, none of them counts.',
    ),
    ...roster.conflicts.map((c) =>
      el(
        'div',
        { class: 'ws-conflict', 'data-conflict': c.key },
        el('h3', {}, `${plural(c.sources.length, 'receipt')} named “${byDigest.get(c.digests[0]!)?.learner ?? c.key}”`),
        el('ul', {}, ...c.digests.map((d) => conflictMember(roster, byDigest.get(d)!, c.key))),
        choiceButton('Count all: they are different people', c.key, { count: 'all' }, 'secondary'),
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
  const shown = roster.entries.some((e) => e.kind !== 'flagged');
  const ignored = result.ignored.slice(0, IGNORED_SHOWN);
  const parts: (HTMLElement | undefined)[] = [
    el('h2', { id: 'grid-h' }, 'The class'),
    shown ? grid(roster) : el('p', {}, 'No receipt could be counted: see the flagged list.'),
    conflicts(roster),
    flaggedList(roster),
    result.ignored.length > 0
      ? el(
          'p',
          { class: 'ws-muted', 'data-role': 'ignored' },
          `Skipped ${plural(result.ignored.length, 'piece')} of text that ${result.ignored.length === 1 ? 'is' : 'are'} not a receipt: ${ignored.map((i) => `${i.source}, line ${i.line} (“${i.text}”)`).join('; ')}${result.ignored.length > ignored.length ? `; and ${(result.ignored.length - ignored.length).toLocaleString('en')} more` : ''}.`,
        )
      : undefined,
    misconceptions(roster),
    distribution(roster),
  ];
  container.replaceChildren();
  for (const part of parts) if (part) container.append(part);
  return result.csv;
}
