/**
 * Renders a Timeline (from #message-model's buildTimeline) as an SVG sequence diagram and as an ordered list,
 * the list being the diagram's text alternative. Pure string building, shared by the build-time component and the
 * <lab-message-timeline> element; nothing here decides what happens in the exchange.
 */
import type { Timeline, TimelineParty } from '../../../course/timeline.ts';
import { escapeHtml } from '../../../lib/html.ts';

const LANES: Record<TimelineParty, number> = { client: 90, server: 320, backend: 550 };
const NAMES: Record<TimelineParty, string> = { client: 'Client', server: 'MCP server', backend: 'Backend' };
const ROW = 46;
const TOP = 56;

/** The sequence diagram as an SVG string; `idBase` keeps marker and title ids unique on the page. */
export function renderTimelineSvg(t: Timeline, idBase: string): string {
  const height = TOP + t.steps.length * ROW + 24;
  const parts: string[] = [];
  parts.push(
    `<svg class="lab-tl-svg" viewBox="0 0 640 ${height}" role="img" aria-labelledby="${idBase}-svg-t" focusable="false" xmlns="http://www.w3.org/2000/svg">`,
    `<title id="${idBase}-svg-t">Sequence diagram: ${escapeHtml(t.summary)} The numbered list after the diagram describes each step.</title>`,
    `<defs><marker id="${idBase}-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="currentColor"/></marker></defs>`,
  );
  for (const [party, x] of Object.entries(LANES)) {
    parts.push(
      `<rect class="lab-tl-head" x="${x - 70}" y="8" width="140" height="30" rx="6"/>`,
      `<text class="lab-tl-name" x="${x}" y="28" text-anchor="middle">${NAMES[party as TimelineParty]}</text>`,
      `<line class="lab-tl-lane" x1="${x}" y1="38" x2="${x}" y2="${height - 8}"/>`,
    );
  }
  t.steps.forEach((s, i) => {
    const y = TOP + i * ROW + 26;
    if (i > 0 && s.attempt === 2 && t.steps[i - 1]!.attempt === 1) {
      parts.push(
        `<line class="lab-tl-sep" x1="10" y1="${y - 30}" x2="630" y2="${y - 30}"/><text class="lab-tl-small" x="14" y="${y - 34}">retry</text>`,
      );
    }
    const cls = `lab-tl-step${s.delivered ? '' : ' lab-tl-lost'}${s.classification && (s.classification.kind === 'error' || s.classification.kind === 'parse-error' || s.classification.kind === 'invalid') ? ' lab-tl-bad' : ''}`;
    if (s.from === s.to) {
      const x = LANES[s.from];
      parts.push(
        `<g class="${cls}" data-step="${i + 1}"><rect class="lab-tl-event" x="${x - 60}" y="${y - 16}" width="120" height="24" rx="12"/><text x="${x}" y="${y}" text-anchor="middle">${i + 1}. ${escapeHtml(s.label)}</text></g>`,
      );
      return;
    }
    const x1 = LANES[s.from];
    const x2full = LANES[s.to];
    const x2 = s.delivered ? x2full : (x1 + x2full) / 2;
    const mid = (x1 + x2full) / 2;
    parts.push(
      `<g class="${cls}" data-step="${i + 1}"><text x="${mid}" y="${y - 8}" text-anchor="middle">${i + 1}. ${escapeHtml(s.label)}</text>`,
      `<line x1="${x1}" y1="${y}" x2="${x2 + (x2 > x1 ? -2 : 2)}" y2="${y}" ${s.delivered ? `marker-end="url(#${idBase}-arrow)"` : 'stroke-dasharray="6 4"'}/>`,
      s.delivered ? '' : `<path class="lab-tl-x" d="M${x2 - 6} ${y - 6}l12 12m0 -12l-12 12"/>`,
      '</g>',
    );
  });
  parts.push('</svg>');
  return parts.join('');
}

/** The steps as an ordered list (the diagram's text alternative), with each wire message in a disclosure. */
export function renderTimelineSteps(t: Timeline): string {
  const items = t.steps.map((s, i) => {
    const route =
      s.from === s.to ? NAMES[s.from] : `${NAMES[s.from]} → ${NAMES[s.to]}${s.delivered ? '' : ' (lost on the way)'}`;
    const body = s.wire ?? s.backend;
    const verdict = s.classification
      ? `<p class="lab-small">classifyMessage (as the ${s.to === 'client' ? 'client' : 'server'} reads it): <strong>${escapeHtml(s.classification.kind)}</strong>${s.classification.findings.length ? `; findings: ${s.classification.findings.map((f) => `<code>${escapeHtml(f.id)}</code>`).join(', ')}` : ''}.</p>`
      : '';
    return `<li data-step="${i + 1}" data-text="${escapeHtml(`${route}: ${s.label}. ${s.note}`)}"><strong>${escapeHtml(route)}: ${escapeHtml(s.label)}.</strong> ${escapeHtml(s.note)}${
      body
        ? `<details><summary>What is sent</summary><pre class="lab-pre"><code>${escapeHtml(body)}</code></pre>${verdict}</details>`
        : ''
    }</li>`;
  });
  return `<ol class="lab-tl-steps">${items.join('')}</ol>`;
}

/** The outcome panel: detection, what the user sees, retry advice, and the backend's tickets. */
export function renderTimelineOutcome(t: Timeline): string {
  const rows: string[] = [];
  if (t.detectedBy) rows.push(`<div><dt>Detected by</dt><dd>${escapeHtml(t.detectedBy.label)}</dd></div>`);
  rows.push(
    `<div><dt>The user sees</dt><dd>${escapeHtml(t.userSees.label)}. ${escapeHtml(t.userSees.detail)}</dd></div>`,
  );
  if (t.retryAdvice) rows.push(`<div><dt>Is a retry safe</dt><dd>${escapeHtml(t.retryAdvice.label)}</dd></div>`);
  if (t.scenario.tool === 'create_ticket') {
    rows.push(
      `<div><dt>Tickets in the backend</dt><dd${t.duplicate ? ' class="lab-bad"' : ''}>${t.tickets.length ? escapeHtml(t.tickets.join(', ')) : 'none'}${t.duplicate ? ' (a duplicate)' : ''}</dd></div>`,
    );
  }
  return `<dl class="lab-facts">${rows.join('')}</dl>`;
}
