/**
 * Renders the model's verdict on one message (a Classification) as HTML: its facts, the explanation, the reply
 * owed as a wire message, every finding with its JSON path and spec section, and a batch's items. Pure string
 * building, shared by the build-time <ClassificationView> and the browser's renderClassification, so both show the
 * same rows; nothing here decides anything about the message.
 */
import type { Classification, Protocol, Reply } from '#message-model';
import { escapeHtml } from '../../../lib/html.ts';

/**
 * The two reply helpers the view needs: the model itself, or answers a worker computed with it. Both take the
 * protocol of the verdict, because the words and the wire message differ by protocol (an unreadable id is `null` in
 * JSON-RPC 2.0 and left out from MCP 2025-11-25 on), and the two must agree.
 */
export interface ReplyDescriber {
  describeReply(reply: Reply, protocol: Protocol): string;
  buildReplyMessage(reply: Reply, protocol: Protocol): unknown;
}

/** The key of a reply's words under a protocol, for describers that look them up: a reply reads differently under another protocol. */
export const replyKey = (reply: Reply, protocol: Protocol): string => `${protocol} ${JSON.stringify(reply)}`;

/** Facts about a classification as label/value pairs, in the order they are shown. */
export function classificationFacts(c: Classification, model: ReplyDescriber): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['Kind', c.kind],
    ['Reply owed', model.describeReply(c.reply, c.protocol)],
  ];
  if (c.kind === 'request') rows.push(['Method', c.method], ['Id', JSON.stringify(c.id)]);
  if (c.kind === 'notification') rows.push(['Method', c.method]);
  if (c.kind === 'result') {
    rows.push(['Id', JSON.stringify(c.id)]);
    // resultType exists only from 2026-07-28 on: a 2025 result has none, not a default one.
    if (c.protocol === '2026-07-28')
      rows.push([
        'resultType',
        `${c.resultType}${c.resultTypeSource === 'absent' ? ' (absent on the wire, so the default)' : ''}`,
      ]);
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

/**
 * The verdict as one `<div class="lab-verdict">`. Each finding's <li> carries `data-finding` (its index in
 * c.findings), so the browser can add a "Show in message" button to it.
 */
export function renderClassificationHtml(c: Classification, model: ReplyDescriber): string {
  const e = escapeHtml;
  const parts: string[] = ['<div class="lab-verdict"><dl class="lab-facts">'];
  for (const [k, v] of classificationFacts(c, model))
    parts.push(`<div><dt>${e(k)}</dt><dd>${k === 'Kind' ? `<strong>${e(v)}</strong>` : e(v)}</dd></div>`);
  parts.push(`</dl><p class="lab-explanation">${e(c.explanation)}</p>`);
  const reply = model.buildReplyMessage(c.reply, c.protocol);
  if (reply !== undefined)
    parts.push(
      `<p class="lab-small">What the receiver sends back (a result's contents are the server's business):</p>`,
      `<pre class="lab-pre"><code>${e(JSON.stringify(reply))}</code></pre>`,
    );
  if (c.findings.length === 0)
    parts.push(
      `<p class="lab-small">No findings: the message breaks no rule the model knows for ${e(c.protocol)}.</p>`,
    );
  else {
    parts.push('<ul class="lab-findings">');
    c.findings.forEach((f, i) =>
      parts.push(
        `<li class="lab-finding lab-${e(f.severity)}" data-finding="${i}"><span class="lab-sev">${e(f.severity)}</span> ` +
          `<code>${e(f.id)}</code> at <code>${e(f.path === '' ? '(the whole message)' : f.path)}</code>: ${e(f.message)} ` +
          `<a href="${e(f.spec.url)}">${e(f.spec.section)}</a></li>`,
      ),
    );
    parts.push('</ul>');
  }
  if (c.kind === 'batch') {
    parts.push('<ol class="lab-batch">');
    for (const item of c.items)
      parts.push(
        `<li><strong>${e(item.kind)}</strong>: owes ${e(model.describeReply(item.reply, item.protocol))}. ${e(item.explanation)}</li>`,
      );
    parts.push('</ol>');
  }
  parts.push('</div>');
  return parts.join('');
}
