/**
 * Browser rendering of a classification (the same HTML as ClassificationView.astro, from lib/classification-render.ts)
 * and of the message with one finding marked at its JSON path. Shared by the classify widget and the Playground. Everything shown comes from the model.
 */
import type { Classification, CrossVersionClassification, Finding, Protocol } from '#message-model';
import { indexPointers, locatePointer, type TextRange } from '#message-model';
import { protocolLabel } from '../../anatomy/fixture-display.ts';
import { h } from '../../../lib/dom.ts';
import { renderClassificationHtml, type ReplyDescriber } from '../lib/classification-render.ts';

export type { ReplyDescriber };

/** Renders a classification; `onShow` (when given) adds a "Show in message" button to each finding with a path. */
export function renderClassification(
  c: Classification,
  model: ReplyDescriber,
  onShow?: (f: Finding) => void,
): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = renderClassificationHtml(c, model);
  const out = holder.firstElementChild as HTMLElement;
  if (onShow)
    for (const item of out.querySelectorAll<HTMLElement>('li[data-finding]')) {
      const f = c.findings[Number(item.dataset.finding)];
      if (!f || f.path === '') continue;
      const button = h('button', { type: 'button', class: 'button-small' }, 'Show in message');
      button.setAttribute('aria-label', `Show in message: ${f.id} at ${f.path}`);
      button.addEventListener('click', () => onShow(f));
      item.append(' ', button);
    }
  return out;
}

/** The message text with one range marked (a finding's value, or where parsing stopped). */
export function renderMarkedText(
  text: string,
  mark?: { range: TextRange; className: string; label: string },
): HTMLElement {
  const pre = h('pre', { class: 'lab-marked', tabindex: '0' });
  pre.setAttribute('aria-label', mark ? `The message, with ${mark.label} marked` : 'The message');
  if (!mark) {
    pre.append(h('code', {}, text));
    return pre;
  }
  const start = mark.range.nameStart ?? mark.range.start;
  const end = Math.max(mark.range.end, start + 1);
  const marked = h('mark', { class: mark.className }, text.slice(start, end) || ' ');
  marked.setAttribute('title', mark.label);
  pre.append(h('code', {}, text.slice(0, start), marked, text.slice(end)));
  return pre;
}

/** The range to mark for a finding in a text, or undefined when it applies to the whole message. */
export function findingRange(
  text: string,
  f: Finding,
  index?: Map<string, TextRange>,
): { range: TextRange; exact: boolean } | undefined {
  if (f.path === '') return undefined;
  return locatePointer(index ?? indexPointers(text), f.path);
}

/** A table of the verdict under each protocol, and the differences between neighbours. */
export function renderVersions(cross: CrossVersionClassification, model: ReplyDescriber, caption: string): HTMLElement {
  const rows = (Object.entries(cross.byProtocol) as Array<[Protocol, Classification]>).map(([p, c]) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, protocolLabel(p)),
      h('td', {}, c.kind),
      h('td', {}, model.describeReply(c.reply, p)),
      h('td', {}, c.findings.map((f) => f.id).join(', ') || 'none'),
    ),
  );
  const table = h(
    'table',
    { class: 'lab-versions' },
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'Protocol'),
        h('th', { scope: 'col' }, 'Kind'),
        h('th', { scope: 'col' }, 'Reply owed'),
        h('th', { scope: 'col' }, 'Findings'),
      ),
    ),
    h('tbody', {}, ...rows),
  );
  const diffs = cross.differences.length
    ? h('ul', {}, ...cross.differences.map((d) => h('li', {}, d.summary)))
    : h('p', {}, 'The verdict is the same under every version.');
  return h(
    'div',
    {},
    h('div', { class: 'lab-table-wrap', tabindex: '0', role: 'region', 'aria-label': caption }, table),
    h('h4', {}, 'What changes between versions'),
    diffs,
  );
}
