/**
 * Browser rendering of a classification (the twin of ClassificationView.astro) and of the message with one finding
 * marked at its JSON path. Shared by the classify widget and the Playground. Everything shown comes from the model.
 */
import type { Classification, CrossVersionClassification, Finding, Protocol, Reply } from '#message-model';
import { indexPointers, locatePointer, type TextRange } from '#message-model';
import { protocolLabel } from '../../anatomy/fixture-display.ts';
import { h } from './dom.ts';

/** The two reply helpers the views need: the model itself, or answers the Playground's worker computed with it. */
export interface ReplyDescriber {
  describeReply(reply: Reply): string;
  buildReplyMessage(reply: Reply): unknown;
}

/** Facts about a classification as label/value pairs. */
function facts(c: Classification, model: ReplyDescriber): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['Kind', c.kind],
    ['Reply owed', model.describeReply(c.reply)],
  ];
  if (c.kind === 'request') rows.push(['Method', c.method], ['Id', JSON.stringify(c.id)]);
  if (c.kind === 'notification') rows.push(['Method', c.method]);
  if (c.kind === 'result') {
    rows.push(
      ['Id', JSON.stringify(c.id)],
      [
        'resultType',
        `${c.resultType}${c.resultTypeSource === 'absent' ? ' (absent on the wire, so the default)' : ''}`,
      ],
    );
    if (c.toolOutcome) rows.push(['Tool outcome', c.toolOutcome]);
  }
  if (c.kind === 'error')
    rows.push(
      ['Id', c.id === undefined ? '(absent)' : JSON.stringify(c.id)],
      ['Code', `${c.code} (${c.codeClass}${c.codeName ? `, ${c.codeName}` : ''})`],
    );
  if (c.kind === 'parse-error')
    rows.push(['Parsing stopped at', `line ${c.position.line}, column ${c.position.column}`], ['Why', c.reason]);
  if (c.kind === 'invalid') rows.push(['Looks like', c.shape]);
  return rows;
}

/** Renders a classification; `onShow` (when given) adds a "Show in message" button to each finding with a path. */
export function renderClassification(
  c: Classification,
  model: ReplyDescriber,
  onShow?: (f: Finding) => void,
): HTMLElement {
  const dl = h('dl', { class: 'lab-facts' });
  for (const [k, v] of facts(c, model))
    dl.append(h('div', {}, h('dt', {}, k), h('dd', {}, k === 'Kind' ? h('strong', {}, v) : v)));
  const out = h('div', { class: 'lab-verdict' }, dl, h('p', { class: 'lab-explanation' }, c.explanation));
  const reply = model.buildReplyMessage(c.reply);
  if (reply !== undefined) {
    out.append(
      h('p', { class: 'lab-small' }, "What the receiver sends back (a result's contents are the server's business):"),
      h('pre', { class: 'lab-pre' }, h('code', {}, JSON.stringify(reply))),
    );
  }
  if (c.findings.length === 0)
    out.append(
      h('p', { class: 'lab-small' }, `No findings: the message breaks no rule the model knows for ${c.protocol}.`),
    );
  else {
    const list = h('ul', { class: 'lab-findings' });
    for (const f of c.findings) {
      const item = h(
        'li',
        { class: `lab-finding lab-${f.severity}` },
        h('span', { class: 'lab-sev' }, f.severity),
        ' ',
        h('code', {}, f.id),
        ' at ',
        h('code', {}, f.path === '' ? '(the whole message)' : f.path),
        `: ${f.message} `,
        h('a', { href: f.spec.url }, f.spec.section),
      );
      if (onShow && f.path !== '') {
        const button = h('button', { type: 'button', class: 'button-small' }, 'Show in message');
        button.setAttribute('aria-label', `Show in message: ${f.id} at ${f.path}`);
        button.addEventListener('click', () => onShow(f));
        item.append(' ', button);
      }
      list.append(item);
    }
    out.append(list);
  }
  if (c.kind === 'batch') {
    const items = h('ol', { class: 'lab-batch' });
    for (const item of c.items)
      items.append(
        h('li', {}, h('strong', {}, item.kind), `: owes ${model.describeReply(item.reply)}. ${item.explanation}`),
      );
    out.append(items);
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
      h('td', {}, model.describeReply(c.reply)),
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
