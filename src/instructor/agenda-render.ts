/**
 * Renders an agenda's rows as the <tbody> content of the planner's table. Pure string building, shared by the
 * build-time component (set:html) and the <lab-agenda-planner> element (innerHTML), as timeline-render.ts is for the
 * message timeline; every text that comes from data (chapter titles and ids, labels) is escaped.
 */
import { escapeHtml } from '../lib/html.ts';
import { formatClock, type Agenda, type AgendaItem } from './agenda.ts';

/** Where a chapter's facilitator notes live. */
function notesHref(chapterId: string): string {
  return `/instructor/notes/${chapterId}/`;
}

function renderWhat(item: AgendaItem): string {
  if (item.kind !== 'chapter') return escapeHtml(item.label);
  return `<a href="${escapeHtml(notesHref(item.chapterId))}">${escapeHtml(item.label)}</a><span class="ws-muted"> (${item.readingMinutes} reading, ${item.practiceMinutes} practice)</span>`;
}

/** One <tr> per agenda item: the time range, what happens (a chapter links to its notes), the minutes. */
export function renderAgendaRows(agenda: Extract<Agenda, { kind: 'agenda' }>): string {
  return agenda.items
    .map(
      (item) =>
        `<tr class="ws-${item.kind}"><td>${formatClock(item.start)}–${formatClock(item.end)}</td><td>${renderWhat(item)}</td><td>${item.end - item.start}</td></tr>`,
    )
    .join('');
}
