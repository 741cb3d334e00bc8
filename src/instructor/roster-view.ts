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
import { formatDateTime } from '../lib/dates.ts';
import type { ConflictChoice, GradedEntry, Roster, RosterEntry } from '../receipts/grade.ts';
import type { MarkedLearner, Marks } from '../receipts/roster-model.ts';
import { chapterNumber, FLAG_REASONS, STATUS_COLOURS, type FlagReason } from '../receipts/roster-vocabulary.ts';
import type { RosterResult } from '../receipts/roster-run.ts';
import { h } from '../lib/dom.ts';

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

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

/** The learner-by-learner figures after the chapter columns (from the roster model): header, meaning, value. */
const FIGURES: readonly { head: string; means: string; value: (m: MarkedLearner, passed: string) => string }[] = [
  { head: 'Passed', means: 'chapters passed', value: (_m, passed) => passed },
  {
    head: 'Check cells',
    means: 'completion-check table cells right',
    value: (m) => ratio(m.checkCells.correct, m.checkCells.total),
  },
  {
    head: 'Practice cells',
    means: "practice table cells right (tables loaded from someone's link left out)",
    value: (m) => ratio(m.practice.correct, m.practice.total),
  },
  {
    head: 'Code labs*',
    means: "code labs passed of those run: self-reported, the learner's browser ran the tests",
    value: (m) => ratio(m.codeLabs.passed, m.codeLabs.total),
  },
  { head: 'Hints', means: 'hint levels opened', value: (m) => String(m.hints) },
  { head: 'Solutions', means: 'worked solutions shown', value: (m) => String(m.solutions) },
  {
    head: 'From a link',
    means: "decision tables holding answers loaded from someone's shared link: not counted as the learner's work",
    value: (m) => String(m.fromLink),
  },
];
const ratio = (right: number, of: number) => (of > 0 ? `${right}/${of}` : '–');

/** The receipts graded (counted or in a conflict), each with its learner in the roster model (same order). */
const shownOf = (roster: Roster, marks: Marks): { entry: Shown; marked: MarkedLearner }[] =>
  roster.entries.flatMap((entry, i) => (entry.kind === 'flagged' ? [] : [{ entry, marked: marks.learners[i]! }]));

function grid(roster: Roster, marks: Marks): HTMLElement {
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col', class: 'ws-learner' }, 'Learner'),
    roster.chapters.map((c, i) =>
      h(
        'th',
        { scope: 'col', title: c.title },
        chapterNumber(i),
        h('span', { class: 'visually-hidden' }, ` ${c.title}`),
      ),
    ),
    FIGURES.map((f) => h('th', { scope: 'col', class: 'ws-figure', title: f.means }, f.head)),
  );
  const rows = shownOf(roster, marks).map(({ entry, marked }) => {
    const results = roster.chapters.map((c) => entry.chapters[c.id]!);
    const passed = `${results.filter((r) => r.status === 'passed').length}/${results.length}`;
    return h(
      'tr',
      {
        'data-learner': entry.learner,
        'data-graded-version': entry.gradedVersion,
        ...(entry.kind === 'conflict' ? { 'data-conflict': entry.conflict } : {}),
      },
      h(
        'th',
        { scope: 'row', class: 'ws-learner' },
        entry.learner,
        entry.kind === 'conflict'
          ? [h('span', { class: 'ws-tag' }, ' (same name as another receipt: not counted; choose below)')]
          : [],
        entry.gradedVersion !== roster.version
          ? [h('span', { class: 'ws-tag' }, ` (graded against course version ${entry.gradedVersion})`)]
          : [],
        entry.notes.length > 0 ? [h('span', { class: 'ws-note-mark', title: entry.notes.join(' ') }, ' *')] : [],
      ),
      results.map((r, i) =>
        h(
          'td',
          {
            class: `ws-status ws-${STATUS_COLOURS[r.status]}`,
            'data-status': r.status,
            'data-chapter': roster.chapters[i]!.id,
            title: r.label,
          },
          // The symbol and the score show; the label is there for screen readers, the tooltip and the CSV.
          `${STATUS_SYMBOLS[r.status]} `,
          h('span', { class: 'visually-hidden' }, r.label),
          r.status === 'passed' && !r.check ? [h('span', { 'aria-hidden': 'true' }, 'self')] : [],
          r.check ? [h('span', { class: 'ws-score' }, ` ${r.check.correct}/${r.check.total}`)] : [],
        ),
      ),
      FIGURES.map((f, i) =>
        h(
          'td',
          { class: 'ws-figure', 'data-figure': f.head, ...(i === 6 && marked.fromLink > 0 ? { 'data-warn': '' } : {}) },
          f.value(marked, passed),
        ),
      ),
    );
  });
  const table = h(
    'table',
    { class: 'ws-grid', 'data-role': 'grid' },
    h('caption', {}, 'The class by chapter'),
    h('thead', {}, head),
    h('tbody', {}, rows),
  );
  const key = h(
    'p',
    { class: 'ws-key ws-muted', 'data-role': 'grid-key' },
    `${STATUS_SYMBOLS.passed} passed (with the check's score, or “self”: the learner's own mark where a chapter has no check) · ${STATUS_SYMBOLS.failing} check not passed · ${STATUS_SYMBOLS.started} started · ${STATUS_SYMBOLS['not-started']} not started. `,
    FIGURES.slice(1)
      .map((f) => `${f.head}: ${f.means}`)
      .join('. ') + '.',
  );
  // The wrapper scrolls sideways when the table is wider than the screen; it takes focus so keyboard users can too.
  return h(
    'div',
    {},
    h('div', { class: 'ws-table-wrap', role: 'region', 'aria-label': 'The class by chapter', tabindex: '0' }, table),
    key,
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
  return h(
    'section',
    { 'aria-labelledby': 'flagged-h' },
    h('h2', { id: 'flagged-h' }, `Flagged, not counted (${flagged.length.toLocaleString('en')})`),
    h(
      'p',
      { 'data-role': 'flagged-summary' },
      `${counts.join(', ')}.`,
      flagged.length > shown.length ? ` The first ${shown.length} are listed here; the CSV lists every one.` : '',
    ),
    h(
      'ul',
      { 'data-role': 'flagged' },
      shown.map((e) =>
        h(
          'li',
          { 'data-reason': e.reason },
          h('strong', {}, `${e.source}${e.learner ? ` (${e.learner})` : ''}: ${REASON_LABELS[e.reason]}.`),
          ` ${e.message}`,
        ),
      ),
    ),
  );
}

/** One receipt of a name conflict: what tells it apart, and the button that counts it. */
function conflictMember(roster: Roster, entry: GradedEntry, marked: MarkedLearner, key: string): HTMLElement {
  const results = roster.chapters.map((c) => entry.chapters[c.id]!);
  const passed = results.filter((r) => r.status === 'passed').length;
  const m = marked;
  return h(
    'li',
    { 'data-role': 'conflict-member', 'data-digest': entry.digest },
    h('strong', {}, `“${entry.learner}”`),
    ` from ${entry.source}. ${passed} of ${results.length} chapters passed; check cells ${ratio(m.checkCells.correct, m.checkCells.total)}, practice cells ${ratio(m.practice.correct, m.practice.total)}, code labs ${ratio(m.codeLabs.passed, m.codeLabs.total)} (self-reported); ${m.hints} hints, ${m.solutions} solutions, ${m.fromLink} tables from a link. `,
    h(
      'span',
      { class: 'ws-muted' },
      `Says it was made ${formatDateTime(entry.createdAt) ?? entry.createdAt} (the learner's word). Digest ${entry.digest.slice(7, 19)}.`,
    ),
    ' ',
    choiceButton(`Count this one (${entry.source})`, key, { count: 'one', digest: entry.digest }, 'secondary'),
  );
}

function choiceButton(label: string, key: string, choice: ConflictChoice, look: 'secondary' | 'primary'): HTMLElement {
  const button = h('button', { type: 'button', class: `button button-${look} button-small` }, label);
  button.addEventListener('click', () =>
    button.dispatchEvent(new CustomEvent<ChoiceDetail>(CHOICE_EVENT, { bubbles: true, detail: { key, choice } })),
  );
  return button;
}

function conflicts(roster: Roster, marks: Marks): HTMLElement | undefined {
  if (roster.conflicts.length === 0) return undefined;
  const byDigest = new Map(shownOf(roster, marks).map((s) => [s.entry.digest, s]));
  return h(
    'section',
    { 'aria-labelledby': 'conflicts-h', 'data-role': 'conflicts' },
    h('h2', { id: 'conflicts-h' }, `Same name, choose which counts (${roster.conflicts.length})`),
    h(
      'p',
      {},
      'These receipts carry the same name (ignoring case, spacing and look-alike forms). A receipt does not prove who made it or when, so no date decides: compare them, and count one, or count all if they are different people. Until you choose, none of them counts.',
    ),
    roster.conflicts.map((c) =>
      h(
        'div',
        { class: 'ws-conflict', 'data-conflict': c.key },
        h(
          'h3',
          {},
          `${plural(c.sources.length, 'receipt')} named “${byDigest.get(c.digests[0]!)?.entry.learner ?? c.key}”`,
        ),
        h(
          'ul',
          {},
          c.digests.map((d) => conflictMember(roster, byDigest.get(d)!.entry, byDigest.get(d)!.marked, c.key)),
        ),
        choiceButton('Count all: they are different people', c.key, { count: 'all' }, 'secondary'),
      ),
    ),
  );
}

function distribution(roster: Roster): HTMLElement | undefined {
  if (roster.distribution.length === 0) return undefined;
  const byScenario = new Map<string, Roster['distribution']>();
  for (const d of roster.distribution) byScenario.set(d.scenarioId, [...(byScenario.get(d.scenarioId) ?? []), d]);
  return h(
    'section',
    { 'aria-labelledby': 'dist-h' },
    h('h2', { id: 'dist-h' }, 'Answers per decision-table cell'),
    ...[...byScenario.values()].map((cells) =>
      h(
        'div',
        { class: 'ws-dist', 'data-scenario': cells[0]!.scenarioId },
        h('h3', {}, cells[0]!.scenarioTitle),
        ...cells.map((cell) =>
          cell.answers.length === 0
            ? h(
                'p',
                { class: 'ws-dist-none', 'data-column': cell.column },
                `${cell.columnLabel}: no answers yet (${cell.unanswered} blank).`,
              )
            : h(
                'table',
                { class: 'ws-dist-table', 'data-column': cell.column },
                h(
                  'caption',
                  {},
                  `${cell.columnLabel}: ${cell.correct} of ${cell.learners} right${cell.unanswered ? `, ${cell.unanswered} blank` : ''}`,
                ),
                h(
                  'thead',
                  {},
                  h(
                    'tr',
                    {},
                    h('th', { scope: 'col' }, 'Answer'),
                    h('th', { scope: 'col' }, 'Learners'),
                    h('th', { scope: 'col' }, 'What it shows'),
                  ),
                ),
                h(
                  'tbody',
                  {},
                  ...cell.answers.map((a) => {
                    const share = cell.learners > 0 ? Math.round((a.count / cell.learners) * 100) : 0;
                    const meaning = a.correct
                      ? '✓ The right answer'
                      : a.misconceptionId
                        ? `✗ Misconception: ${a.misconceptionName ?? a.misconceptionId}`
                        : '✗ Wrong';
                    return h(
                      'tr',
                      { 'data-value': a.value, class: a.correct ? 'ws-right' : 'ws-wrong' },
                      h('td', {}, a.label),
                      h('td', {}, h('span', { class: 'ws-bar', style: `--share: ${share}%` }), ` ${a.count}`),
                      h('td', {}, meaning),
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
  return h(
    'section',
    { 'aria-labelledby': 'mis-h' },
    h('h2', { id: 'mis-h' }, 'Most common misconceptions'),
    h(
      'ol',
      { 'data-role': 'misconceptions' },
      ...roster.misconceptions.map((m) =>
        h(
          'li',
          { 'data-misconception': m.id, 'data-learners': String(m.learners) },
          h('strong', {}, m.name),
          `: “${m.belief}”`,
          ` ${m.learners} learner${m.learners === 1 ? '' : 's'} (${m.count} answer${m.count === 1 ? '' : 's'}). `,
          h('span', { class: 'ws-muted' }, m.correction),
        ),
      ),
    ),
  );
}

/** Which course version graded the receipts shown: the current one, and any past version a receipt names. */
function versions(roster: Roster): HTMLElement {
  const past = new Map<string, number>();
  let current = 0;
  for (const e of roster.entries) {
    if (e.kind === 'flagged') continue;
    if (e.gradedVersion === roster.version) current += 1;
    else past.set(e.gradedVersion, (past.get(e.gradedVersion) ?? 0) + 1);
  }
  const parts = [
    ...(current > 0 ? [`${plural(current, 'receipt')} against course version ${roster.version}, the current one`] : []),
    ...[...past].map(
      ([v, n]) =>
        `${plural(n, 'receipt')} against course version ${v}, the version ${n === 1 ? 'it names' : 'they name'}`,
    ),
  ];
  return h('p', { class: 'ws-muted', 'data-role': 'graded-versions' }, `Graded: ${parts.join('; ')}.`);
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
    h('h2', { id: 'grid-h' }, 'The class'),
    shown ? grid(roster, result.marks) : h('p', {}, 'No receipt could be counted: see the flagged list.'),
    shown ? versions(roster) : undefined,
    conflicts(roster, result.marks),
    flaggedList(roster),
    result.ignored.length > 0
      ? h(
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
