/**
 * Decision-table share links (#dt-<id>=…), loaded only when a page has one or the learner shares or adopts. A
 * link is someone else's answers, so hostile input and never the learner's work: it is read with a size cap, only
 * values that are options of a cell are kept, its answers open beside the learner's own (each cell shows the
 * link's answer under the learner's), and they replace the learner's only on request, through the table's
 * loadFromLink, which keeps the learner's own answers for undo.
 */
import type { DecisionAnswers } from '#course';
import { copyText } from '../../../lib/clipboard.ts';
import { h, must } from '../../../lib/dom.ts';
import { decodeFragmentValue, encodeFragmentValue, fragmentParams } from './dom.ts';
import { gridSelects, readGrid } from './grid.ts';
import { isRecord } from '../../../lib/record.ts';

/** What the table element gives this module. */
export interface TableLinkHost {
  readonly root: HTMLElement;
  readonly fragmentKey: string;
  /** The answers of a link being viewed beside the learner's, until adopted or closed. */
  linkAnswers: DecisionAnswers | undefined;
  /** Puts answers from a link in the table (link-loaded, the learner's own kept for undo); false if it could not. */
  loadFromLink(answers: DecisionAnswers): boolean;
  status(text: string): void;
  focusCheck(): void;
}

/** The longest link value read: four rows of three answers fit in well under 2 KB; anything longer is refused. */
const MAX_LINK_VALUE = 4096;

/** How many cells a set of answers fills. */
export const countAnswers = (answers: DecisionAnswers): number =>
  Object.values(answers).reduce((n, row) => n + Object.values(row ?? {}).filter(Boolean).length, 0);

export function removeLinkFragment(key: string): void {
  const params = fragmentParams();
  if (!params.has(key)) return;
  params.delete(key);
  const rest = params.toString();
  history.replaceState(null, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
}

/** Reads a shared link's answers, if the address has one, and shows them beside the learner's. */
export function openLinkFromFragment(host: TableLinkHost): void {
  const shared = fragmentParams().get(host.fragmentKey);
  if (shared === null) return;
  const value = shared.length <= MAX_LINK_VALUE ? decodeFragmentValue(shared) : undefined;
  if (!isRecord(value) || !isRecord(value.a)) {
    removeLinkFragment(host.fragmentKey);
    host.status(
      "The shared link's answers could not be read, so nothing was changed. Your own answers are as they were.",
    );
    return;
  }
  // Keep only answers that are options of this table's cells: the link is someone else's text.
  const answers: DecisionAnswers = {};
  for (const select of gridSelects(host.root)) {
    const row = value.a[select.dataset.scenario!];
    const given = isRecord(row) ? row[select.dataset.column!] : undefined;
    if (typeof given === 'string' && given !== '' && [...select.options].some((o) => o.value === given)) {
      (answers[select.dataset.scenario!] ??= {})[select.dataset.column as 'layer'] = given;
    }
  }
  host.linkAnswers = answers;
  showLinkAnswers(host);
  host.root.scrollIntoView({ block: 'start' });
}

/** The link panel and, in each cell, the link's answer under the learner's own (or nothing once closed). */
export function showLinkAnswers(host: TableLinkHost): void {
  const panel = must(host.root, '[data-role="link-panel"]');
  const link = host.linkAnswers;
  for (const select of gridSelects(host.root)) {
    const td = select.closest('td');
    td?.querySelector('[data-role="link-answer"]')?.remove();
    if (!link || !td) continue;
    const value = link[select.dataset.scenario!]?.[select.dataset.column as 'layer'];
    const label = value ? ([...select.options].find((o) => o.value === value)?.textContent ?? value) : undefined;
    const same = value !== undefined && value === select.value;
    td.querySelector('.choice-select')!.after(
      h(
        'p',
        { class: 'lab-link-answer', 'data-role': 'link-answer' },
        h('span', { class: 'lab-link-answer-label' }, 'In the link: '),
        same ? 'the same as yours' : label ? h('span', {}, label) : h('em', {}, 'no answer'),
      ),
    );
  }
  panel.hidden = !link;
  if (link) {
    const count = countAnswers(link);
    must(panel, '[data-role="link-summary"]').textContent =
      `Someone shared ${count} answer${count === 1 ? '' : 's'} for this table. They are shown under yours in each cell, marked “In the link”. Your own answers are unchanged.`;
  }
}

/** The learner asked for the link's answers: the table takes them (and keeps the learner's own for undo). */
export function adoptLink(host: TableLinkHost): void {
  if (!host.linkAnswers || !host.loadFromLink(host.linkAnswers)) return;
  host.linkAnswers = undefined;
  removeLinkFragment(host.fragmentKey);
  showLinkAnswers(host);
  host.focusCheck();
}

export function closeLink(host: TableLinkHost): void {
  host.linkAnswers = undefined;
  removeLinkFragment(host.fragmentKey);
  showLinkAnswers(host);
  host.status('The shared answers are closed. Your own answers are as they were.');
  host.focusCheck();
}

/** Makes a link to the learner's answers, copies it, and shows it in a field to copy by hand if that failed. */
export async function share(host: TableLinkHost): Promise<void> {
  const params = fragmentParams();
  params.set(host.fragmentKey, encodeFragmentValue({ a: readGrid(host.root) }));
  const url = `${location.origin}${location.pathname}${location.search}#${params.toString()}`;
  const copied = await copyText(url);
  let box = host.root.querySelector<HTMLElement>('[data-role="share-link"]');
  if (!box) {
    const inputId = `${host.fragmentKey}-link`;
    box = h(
      'div',
      { class: 'field', 'data-role': 'share-link' },
      h('label', { for: inputId }, 'Link to these answers'),
      h(
        'span',
        { class: 'field-hint' },
        'Whoever opens it sees your answers beside their own; nothing of theirs is replaced unless they choose.',
      ),
      h('input', { id: inputId, type: 'text', readonly: true, class: 'lab-share-input' }),
    );
    must(host.root, '[data-role="status"]').before(box);
  }
  const input = must<HTMLInputElement>(box, 'input');
  input.value = url;
  host.status(copied ? 'Link copied.' : 'Copy the link below.');
  if (!copied) input.select();
}
