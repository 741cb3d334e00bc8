/**
 * <lab-probe-report>: the capstone hand-in. Reads a probe report from a file or pasted text, refuses one over the
 * report's size cap before reading it, validates it with the report's own schema (src/probe/report.ts), paints it
 * with text nodes only (lib/probe-report-view.ts builds every link from checked parts), and records it. The report
 * is its own graded kind (src/course/graded-kinds.ts `probe-report`), self-reported: one graded announcement of a
 * bounded summary (protocol, transport, score, each check's id, level and status, the report's SHA-256), passed when
 * every MUST check passed, which progress keeps for the checklist and the receipt and a workshop room sends on. The
 * summary is also kept as the exercise's widget so the page can show what was handed in after a reload.
 */
import { announceGraded } from '../../../progress/graded.ts';
import { sha256Hex } from '../../../lib/sha256.ts';
import { progressStore } from '../../../progress/browser.ts';
import { everyMustPassed, handInOf, readProbeReport, REPORT_LIMITS } from '../../../probe/report.ts';
import {
  summariseProbeReport,
  viewProbeReport,
  type ReportSummary,
  type ReportView,
} from '../lib/probe-report-view.ts';
import { h, must } from '../../../lib/dom.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { formatCode, normaliseCode } from '../../../room/names.ts';
import { readSession } from '../../../room/client/session.ts';

const KIND = 'probe-report';
/** Where earlier versions kept the summary (the hand-in was then a code lab's result). */
const OLD_WIDGET_ID = 'probe-report';

/** A saved summary read back from progress; anything else is ignored, never trusted. */
function isSummary(value: unknown): value is ReportSummary {
  const v = value as Partial<ReportSummary> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.server?.name === 'string' &&
    typeof v.score?.must?.passed === 'number' &&
    Array.isArray(v.checks)
  );
}

function renderReport(view: ReportView, handedIn: boolean): HTMLElement {
  const verdict = !handedIn
    ? 'Some MUST checks failed or none was attempted: fix them and probe again.'
    : view.passed
      ? 'Every check the probe attempted passed.'
      : 'Every MUST check passed, so the hand-in counts; some other checks failed: the exercise asks for those too.';
  return h(
    'div',
    { class: 'lab-panel', 'data-role': 'rendered' },
    h('h4', {}, `Report: ${view.heading}`),
    h('p', { class: 'lab-badge', 'data-role': 'self-reported' }, 'Self-reported'),
    h(
      'dl',
      { class: 'lab-facts' },
      ...view.facts.map((f) => h('div', {}, h('dt', {}, f.term), h('dd', {}, f.detail))),
      h('div', {}, h('dt', {}, 'Score'), h('dd', { 'data-role': 'score' }, view.score)),
    ),
    h('p', { class: handedIn ? 'lab-good' : 'lab-bad', 'data-role': 'verdict' }, verdict),
    h(
      'ol',
      { class: 'lab-findings', 'data-role': 'checks' },
      ...view.checks.map((c) =>
        h(
          'li',
          {
            class: `lab-finding ${c.status === 'fail' ? 'lab-error' : c.status === 'pass' ? 'lab-info' : 'lab-warning'}`,
            'data-check': c.id,
            'data-status': c.status,
          },
          h('p', {}, h('span', { class: 'lab-sev' }, `${c.level} ${c.statusText}`), ' ', h('code', {}, c.id)),
          c.explanation ? h('p', {}, c.explanation) : null,
          (c.sent || c.received) &&
            h(
              'details',
              {},
              h('summary', {}, 'What was sent and what came back'),
              h('p', { class: 'lab-small' }, 'Sent'),
              h('pre', { class: 'lab-pre' }, c.sent),
              h('p', { class: 'lab-small' }, 'Received'),
              h('pre', { class: 'lab-pre' }, c.received),
            ),
          c.quote ? h('blockquote', {}, h('p', {}, c.quote)) : null,
          h(
            'p',
            { class: 'lab-small' },
            c.specHref ? h('a', { href: c.specHref, rel: 'noreferrer' }, 'The spec') : `The spec: ${c.specText}`,
            ' · ',
            c.chapterHref ? h('a', { href: c.chapterHref }, `Course: ${c.chapterTitle}`) : `Course: ${c.chapterTitle}`,
          ),
        ),
      ),
    ),
  );
}

function renderSummary(summary: ReportSummary, at: string): HTMLElement {
  const { must: m, should: s } = summary.score;
  return h(
    'div',
    { class: 'lab-panel', 'data-role': 'rendered' },
    h('h4', {}, `Handed in: ${summary.server.name} ${summary.server.version}`),
    h('p', { class: 'lab-badge', 'data-role': 'self-reported' }, 'Self-reported'),
    h(
      'p',
      { 'data-role': 'score' },
      `MUST ${m.passed} of ${m.of}, SHOULD ${s.passed} of ${s.of}, over ${summary.transport} under MCP ${summary.protocol}, recorded ${new Date(at).toLocaleString()}.`,
    ),
    h(
      'p',
      { class: 'lab-small' },
      'Load the report file again to see each check with what was sent and what came back.',
    ),
  );
}

class LabProbeReport extends HTMLElement {
  /** In a workshop room: the `mcp-lab probe --room` command that hands the report in from a terminal. */
  #offerTerminal(): void {
    const session = readSession();
    if (!session) return;
    const box = must<HTMLDetailsElement>(this, '[data-role="terminal"]');
    const command = [
      `MCP_LAB_ROOM_TOKEN=${session.token} npx mcp-lab probe`,
      `--room ${formatCode(normaliseCode(session.code) ?? session.code)} --room-server ${location.origin}`,
      '--format json -- node my-server.js > report.json',
    ].join(' \\\n  ');
    must(box, '[data-role="terminal-command"]').textContent = command;
    const said = must(box, '[data-role="copy-status"]');
    must<HTMLButtonElement>(box, '[data-action="copy-command"]').addEventListener('click', () => {
      void copyText(command).then((ok) => {
        said.textContent = ok ? 'Copied.' : 'Could not copy: select the command and copy it yourself.';
      });
    });
    box.hidden = false;
  }

  connectedCallback(): void {
    if (this.dataset.upgraded) return;
    const chapter = this.dataset.chapter ?? '';
    const exercise = this.dataset.exercise ?? '';
    const form = must<HTMLFormElement>(this, '[data-role="form"]');
    const file = must<HTMLInputElement>(this, '[data-role="file"]');
    const text = must<HTMLTextAreaElement>(this, '[data-role="text"]');
    const status = must(this, '[data-role="status"]');
    const out = must(this, '[data-role="report"]');
    const clear = must<HTMLButtonElement>(this, '[data-action="clear"]');
    const store = progressStore();
    form.hidden = false;
    this.#offerTerminal();

    const showSaved = () => {
      const saved = store.getWidget(chapter, exercise) ?? store.getWidget(chapter, OLD_WIDGET_ID);
      clear.hidden = !saved;
      if (out.querySelector('[data-role="rendered"][data-fresh]')) return;
      out.replaceChildren(saved && isSummary(saved.state) ? renderSummary(saved.state, saved.at) : '');
    };

    const readInput = async (): Promise<string | { problem: string }> => {
      const chosen = file.files?.[0];
      if (chosen) {
        if (chosen.size > REPORT_LIMITS.bytes)
          return {
            problem: `${chosen.name} is ${(chosen.size / 1_000_000).toFixed(1)} MB; a report is at most ${REPORT_LIMITS.bytes / 1_000_000} MB. Choose the file mcp-lab probe --format json wrote.`,
          };
        return chosen.text();
      }
      if (text.value.trim() === '') return { problem: 'Choose a report file or paste its text first.' };
      return text.value;
    };

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void (async () => {
        const input = await readInput();
        if (typeof input !== 'string') {
          status.textContent = input.problem;
          return;
        }
        const read = readProbeReport(input);
        if (!read.ok) {
          status.textContent = `This is not a probe report this page can take: ${read.problem}. Nothing was recorded.`;
          return;
        }
        const view = viewProbeReport(read.report);
        // The course's mark (the probe-report grader's rule): every MUST check passed.
        const passed = everyMustPassed(read.report.score);
        const rendered = renderReport(view, passed);
        rendered.dataset.fresh = 'true';
        out.replaceChildren(rendered);
        const outcome = store.saveWidget(chapter, exercise, {
          kind: KIND,
          state: summariseProbeReport(read.report),
          done: passed,
        });
        announceGraded({
          kind: KIND,
          chapter,
          item: exercise,
          correct: read.report.score.must.passed,
          total: read.report.score.must.of,
          passed,
          // What the grader re-checks: the summary and which report file it was (the probe is never re-run).
          answers: handInOf(read.report, sha256Hex(input)),
        });
        status.textContent =
          outcome.kind === 'saved'
            ? `Recorded as this chapter's hand-in (self-reported)${passed ? '' : '; it counts as done once every MUST check the probe attempts passes'}.`
            : `Shown, but not recorded: ${outcome.reason}`;
      })();
    });

    clear.addEventListener('click', () => {
      // What is removed is kept until the page goes, so one click can bring it back.
      const widget = store.getWidget(chapter, exercise);
      const graded = store.chapter(chapter).graded?.[exercise];
      store.resetWidget(chapter, OLD_WIDGET_ID);
      const outcome = store.resetWidget(chapter, exercise);
      out.replaceChildren();
      if (outcome.kind !== 'saved') return void (status.textContent = outcome.reason);
      const undo = h('button', { type: 'button' }, 'Undo');
      undo.addEventListener('click', () => {
        if (widget) store.saveWidget(chapter, exercise, { kind: KIND, state: widget.state, done: widget.done });
        if (graded?.kind === KIND) {
          const { correct, total, passed, answers } = graded;
          announceGraded({ kind: KIND, chapter, item: exercise, correct, total, passed, answers });
        }
        status.textContent = 'The hand-in is back.';
      });
      status.replaceChildren('The hand-in was removed. ', undo);
    });

    showSaved();
    store.subscribe(showSaved);
    this.dataset.upgraded = 'true';
  }
}

if (!customElements.get('lab-probe-report')) customElements.define('lab-probe-report', LabProbeReport);
