/**
 * <lab-playground>: classify a pasted message, or a log (JSONL, a host's log with "Message from client:" /
 * "Message from server:" prefixes, a HAR) read and analysed as one session by the model, as `mcp-lab classify
 * --jsonl` does. All classification runs in a module Web Worker that
 * holds the model (started once the page is idle), so the page itself never evaluates the model, a message is
 * classified within a frame, and a 5 MB log never freezes the page; the page only renders what the worker sends.
 * The paste can be shared as a link: the text, deflated and base64url-encoded, rides in the URL fragment, which
 * browsers never send to a server.
 */
import type { Classification, Finding, LogIssueId } from '#message-model';
import { indexPointers } from '#message-model';
import type { Analysis, LogRow, ProtocolChoice, ReadMode, ReplyTexts } from './analyse.ts';
import type { WorkerJob, WorkerReply } from './classify-worker.ts';
import {
  findingRange,
  renderClassification,
  renderMarkedText,
  renderVersions,
  type ReplyDescriber,
} from './classification-view.ts';
import { replyKey } from '../lib/classification-render.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { h, must } from '../../../lib/dom.ts';
import { fragmentParams, readData } from './dom.ts';
import { deflateText, describeBytes, inflateText } from '../../../lib/compressed-link.ts';
import { countLineFeeds } from '../../../lib/lines.ts';

/** A worker job without its number (ask() assigns it). */
type JobRequest = WorkerJob extends infer J ? (J extends WorkerJob ? Omit<J, 'job'> : never) : never;

/** Above this size a message is not shown with marks (the findings still give each JSON path). */
const MARK_LIMIT = 64 * 1024;
/** The longest `z` a share link may carry, and the most text it may expand to (a bomb link stops there). */
const MAX_LINK_CHARS = 256 * 1024;
const MAX_LINK_TEXT_BYTES = 4 * 1024 * 1024;
const PAGE_SIZE = 100;
/**
 * The most lines a share link opens with. A 5 KB link can hold two million short lines under the 4 MB cap; a text
 * area of that many lines takes Chromium minutes to lay out, so the rest are left out (and the page says how many).
 * The worker keeps the same cap for pasted logs (analyse.ts LOG_LINE_LIMIT).
 */
const LINK_LINE_LIMIT = 20_000;

/** The first `limit` lines of `text`, and how many lines after them were left out (a final empty line not counted). */
function firstLines(text: string, limit: number): { text: string; leftOut: number } {
  let at = -1;
  for (let n = 0; n < limit; n += 1) {
    at = text.indexOf('\n', at + 1);
    if (at === -1) return { text, leftOut: 0 };
  }
  const rest = text.slice(at + 1);
  if (rest === '') return { text, leftOut: 0 };
  const leftOut = countLineFeeds(rest) + (rest.endsWith('\n') ? 0 : 1);
  return { text: text.slice(0, at + 1), leftOut };
}

interface PlaygroundData {
  examples: Array<{ id: string; title: string; text: string }>;
  log: string;
}

/** renderClassification's reply helpers, answered from the words the worker computed with the model. */
function describerFrom(replies: ReplyTexts): ReplyDescriber {
  return {
    describeReply: (r, protocol) => replies.text[replyKey(r, protocol)] ?? JSON.stringify(r),
    buildReplyMessage: (r, protocol) => replies.wire[replyKey(r, protocol)],
  };
}

function describeSize(text: string): string {
  const lines = text === '' ? 0 : countLineFeeds(text) + 1;
  const size =
    text.length < 1024
      ? `${text.length} characters`
      : text.length < 1024 * 1024
        ? `${(text.length / 1024).toFixed(1)} KB`
        : `${(text.length / 1024 / 1024).toFixed(1)} MB`;
  return `${size}, ${lines.toLocaleString('en')} line${lines === 1 ? '' : 's'}`;
}

class LabPlayground extends HTMLElement {
  private data!: PlaygroundData;
  private worker: Worker | undefined;
  private job = 0;
  private els!: {
    text: HTMLTextAreaElement;
    mode: HTMLSelectElement;
    protocol: HTMLSelectElement;
    status: HTMLElement;
    result: HTMLElement;
    section: HTMLElement;
    size: HTMLElement;
  };
  /** Lines a share link held past LINK_LINE_LIMIT, left out of the editor (0 once the text is edited or replaced). */
  private leftOut = 0;

  connectedCallback(): void {
    if (this.dataset.upgraded) return;
    this.dataset.upgraded = 'true';
    this.data = readData<PlaygroundData>(this);
    const form = must<HTMLFormElement>(this, '[data-role="form"]');
    this.els = {
      text: must<HTMLTextAreaElement>(this, '#pg-text'),
      mode: must<HTMLSelectElement>(this, '#pg-mode'),
      protocol: must<HTMLSelectElement>(this, '#pg-protocol'),
      status: must(this, '[data-role="status"]'),
      result: must(this, '[data-role="result"]'),
      section: must(this, '[data-role="result-section"]'),
      size: must(this, '[data-role="size"]'),
    };
    must(this, '[data-role="controls"]').hidden = false;
    must(this, '[data-role="example-buttons"]').hidden = false;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.classify(true);
    });
    let sizeTimer: number | undefined;
    this.els.text.addEventListener('input', () => {
      this.leftOut = 0;
      clearTimeout(sizeTimer);
      sizeTimer = window.setTimeout(
        () => (this.els.size.textContent = this.els.text.value ? describeSize(this.els.text.value) : ''),
        150,
      );
    });
    must(this, '[data-action="share"]').addEventListener('click', () => void this.share());
    must(this, '[data-action="clear"]').addEventListener('click', () => {
      this.els.text.value = '';
      this.leftOut = 0;
      this.els.size.textContent = '';
      this.els.result.replaceChildren();
      this.els.section.hidden = true;
      this.els.status.textContent = '';
      history.replaceState(null, '', location.pathname);
      this.els.text.focus();
    });
    this.querySelectorAll<HTMLButtonElement>('[data-example]').forEach((button) =>
      button.addEventListener('click', () => {
        const id = button.dataset.example;
        const text = id === '__log' ? this.data.log : this.data.examples.find((e) => e.id === id)?.text;
        if (text === undefined) return;
        this.leftOut = 0;
        this.els.text.value = text;
        this.els.size.textContent = describeSize(text);
        this.els.mode.value = id === '__log' ? 'log' : 'message';
        void this.classify(true);
      }),
    );
    void this.restoreFromLink();
    // The Playground exists to classify: start the worker (and its model) once the page has settled.
    const idle = (window as Window & { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback;
    const warm = () => void this.ask({ type: 'warm' }).catch(() => undefined);
    if (idle) idle(warm);
    else setTimeout(warm, 500);
  }

  private async restoreFromLink(): Promise<void> {
    const params = fragmentParams();
    const z = params.get('z');
    if (!z) return;
    const result = await inflateText(z, { maxBytes: MAX_LINK_TEXT_BYTES, maxEncodedChars: MAX_LINK_CHARS });
    if (result.kind === 'error') {
      this.els.status.textContent =
        result.problem === 'too-large'
          ? `This link was not opened: ${result.message}, more than a share link may hold. Ask for the file instead.`
          : `The link's message could not be decoded: ${result.message}.`;
      return;
    }
    const { text, leftOut } = firstLines(result.text, LINK_LINE_LIMIT);
    this.leftOut = leftOut;
    this.els.text.value = text;
    this.els.size.textContent =
      leftOut > 0
        ? `${describeSize(text)} opened; the link held ${leftOut.toLocaleString('en')} more lines, left out.`
        : describeSize(text);
    const p = params.get('p');
    if (p && [...this.els.protocol.options].some((o) => o.value === p)) this.els.protocol.value = p;
    const m = params.get('m');
    if (m === 'auto' || m === 'message' || m === 'log') this.els.mode.value = m;
    await this.classify(false);
  }

  private async share(): Promise<void> {
    const text = this.els.text.value;
    if (!text.trim()) {
      this.els.status.textContent = 'There is nothing to share yet: paste a message first.';
      return;
    }
    // A link this page would refuse to open is not offered.
    if (new Blob([text]).size > MAX_LINK_TEXT_BYTES) {
      this.els.status.textContent = `This paste is too large for a link (more than ${describeBytes(MAX_LINK_TEXT_BYTES)}). Share the file instead.`;
      return;
    }
    const z = await deflateText(text);
    if (z.length > MAX_LINK_CHARS) {
      this.els.status.textContent = `This paste is too large to fit in a link (${(z.length / 1024).toFixed(0)} KB compressed). Share the file instead.`;
      return;
    }
    const params = new URLSearchParams({ z, p: this.els.protocol.value, m: this.els.mode.value });
    const url = `${location.origin}${location.pathname}#${params.toString()}`;
    history.replaceState(null, '', url);
    const copied = await copyText(url);
    this.els.status.textContent = copied
      ? 'Link copied. The message is in the link itself; it is never sent to a server.'
      : 'The link is now in the address bar: copy it from there.';
  }

  /** Sends a job to the worker and resolves with its final reply (progress replies update the status). */
  private ask(request: JobRequest, transfer: Transferable[] = []): Promise<WorkerReply> {
    this.worker ??= new Worker(new URL('./classify-worker.ts', import.meta.url), { type: 'module', name: 'classify' });
    const job = ++this.job;
    const worker = this.worker;
    return new Promise((resolve, reject) => {
      const onMessage = (event: MessageEvent<WorkerReply>) => {
        const reply = event.data;
        if (reply.job !== job) return;
        if (reply.type === 'progress') {
          this.els.status.textContent = `Classifying… ${reply.done.toLocaleString('en')} of ${reply.total.toLocaleString('en')} lines.`;
          return;
        }
        worker.removeEventListener('message', onMessage);
        worker.removeEventListener('error', onError);
        if (reply.type === 'failed') reject(new Error(reply.message));
        else resolve(reply);
      };
      const onError = (event: ErrorEvent) => {
        worker.removeEventListener('message', onMessage);
        worker.removeEventListener('error', onError);
        reject(new Error(event.message || 'the classifier worker stopped'));
      };
      worker.addEventListener('message', onMessage);
      worker.addEventListener('error', onError);
      worker.postMessage({ ...request, job } as WorkerJob, transfer);
    });
  }

  private async classify(moveFocus: boolean): Promise<void> {
    const text = this.els.text.value;
    const mode = this.els.mode.value as ReadMode;
    const protocol = this.els.protocol.value as ProtocolChoice;
    if (!text.trim()) {
      this.els.status.textContent = 'Paste a message (or a log) first, or pick an example.';
      return;
    }
    this.els.status.textContent = 'Classifying…';
    let analysis: Analysis;
    try {
      const bytes = new TextEncoder().encode(text);
      const reply = await this.ask({ type: 'analyse', bytes, mode, protocol }, [bytes.buffer]);
      if (reply.type !== 'done') throw new Error('unexpected reply from the classifier worker');
      analysis = reply.analysis;
    } catch (error) {
      this.els.status.textContent = `The browser could not finish classifying this paste (${error instanceof Error ? error.message : String(error)}). Try a smaller part of it, or the command line: npm run --silent lab -- classify --jsonl file.`;
      return;
    }
    this.els.section.hidden = false;
    if (analysis.kind === 'empty') {
      this.els.result.replaceChildren(h('p', {}, 'The text is empty.'));
    } else if (analysis.kind === 'bad-input') {
      this.els.result.replaceChildren(h('p', { 'data-role': 'bad-input' }, analysis.message));
      this.els.status.textContent = analysis.message;
    } else if (analysis.kind === 'message') {
      const c = analysis.classification;
      const model = describerFrom(analysis.replies);
      const marked = h('div', {});
      const mark = (f: Finding | undefined) => {
        marked.replaceChildren(this.markedView(text, c, f));
      };
      mark(c.findings.find((f) => f.path !== '' && f.severity === 'error'));
      this.els.result.replaceChildren(
        h('h3', {}, `One message: ${c.kind}`),
        h('p', { 'data-role': 'headline' }, messageHeadline(c, protocol)),
        renderClassification(c, model, (f) => {
          mark(f);
          marked.scrollIntoView({ block: 'nearest' });
        }),
        h('h3', {}, 'The message'),
        marked,
        h('h3', {}, 'Across protocol versions'),
        renderVersions(analysis.cross, model, 'The same message under each protocol'),
      );
      this.els.status.textContent = `Classified in ${analysis.ms.toFixed(1)} ms: ${c.kind}; the receiver owes ${model.describeReply(c.reply, c.protocol)}.`;
    } else {
      this.renderLog(analysis);
      this.els.status.textContent = `Classified ${analysis.rows.length.toLocaleString('en')} messages in ${Math.round(analysis.ms).toLocaleString('en')} ms${analysis.skipped + this.leftOut > 0 ? `; ${(analysis.skipped + this.leftOut).toLocaleString('en')} more lines were not classified` : ''}.`;
    }
    if (moveFocus) {
      const heading = must(this, '#pg-result-h');
      heading.scrollIntoView({ block: 'start' });
      heading.focus({ preventScroll: true });
    }
  }

  private markedView(text: string, c: Classification, f: Finding | undefined): HTMLElement {
    if (text.length > MARK_LIMIT)
      return h(
        'p',
        { class: 'lab-small' },
        'The message is too large to show here with marks; the findings above give each JSON path.',
      );
    if (c.kind === 'parse-error') {
      return h(
        'div',
        {},
        h(
          'p',
          { class: 'lab-small' },
          `Parsing stopped at line ${c.position.line}, column ${c.position.column}: ${c.reason}`,
        ),
        renderMarkedText(text, {
          range: { start: c.position.offset, end: c.position.offset + 1 },
          className: 'lab-stop',
          label: 'where parsing stopped',
        }),
      );
    }
    const found = f ? findingRange(text, f, indexPointers(text)) : undefined;
    return h(
      'div',
      {},
      h(
        'p',
        { class: 'lab-small' },
        f && found
          ? `Marked: ${f.id} at ${f.path}${found.exact ? '' : ' (missing member: its parent is marked)'}.`
          : 'No finding is marked.',
      ),
      renderMarkedText(
        text,
        f && found
          ? {
              range: found.range,
              className: f.severity === 'error' ? 'lab-error lab-active' : 'lab-active',
              label: `${f.id} at ${f.path}`,
            }
          : undefined,
      ),
    );
  }

  private renderLog(analysis: Extract<Analysis, { kind: 'log' }>): void {
    const skipped = analysis.skipped + this.leftOut;
    const summary = Object.entries(analysis.counts)
      .map(([kind, n]) => `${n.toLocaleString('en')} ${n === 1 || kind === 'invalid' ? kind : `${kind}s`}`)
      .join(', ');
    const anyIssues = analysis.issues.length > 0;
    const filter = h(
      'select',
      { id: 'pg-filter' },
      h('option', { value: 'all' }, 'Every line'),
      h('option', { value: 'errors' }, 'Only lines with error findings'),
      h('option', { value: 'warnings' }, 'Only lines with warnings'),
      ...(anyIssues ? [h('option', { value: 'issues' }, 'Only lines with cross-line issues')] : []),
      ...Object.keys(analysis.counts).map((k) => h('option', { value: `kind:${k}` }, `Only ${k}`)),
    );
    const sides = analysis.rows.some((r) => r.side !== undefined);
    const tableHolder = h('div', {});
    const detail = h('div', { 'aria-live': 'polite' });
    let page = 0;
    const rowsFor = (): LogRow[] => {
      const v = filter.value;
      if (v === 'errors') return analysis.rows.filter((r) => r.errors > 0);
      if (v === 'warnings') return analysis.rows.filter((r) => r.warnings > 0);
      if (v === 'issues') return analysis.rows.filter((r) => r.issues > 0);
      if (v.startsWith('kind:')) return analysis.rows.filter((r) => r.kind === v.slice(5));
      return analysis.rows;
    };
    const draw = () => {
      const rows = rowsFor();
      const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
      page = Math.min(page, pages - 1);
      const shown = rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
      const body = h('tbody', {});
      for (const r of shown) {
        const button = h('button', { type: 'button', class: 'button-small' }, `Line ${r.line}`);
        button.setAttribute('aria-label', `Line ${r.line}: show the full classification`);
        button.addEventListener('click', () => void this.showLine(r.line, detail));
        body.append(
          h(
            'tr',
            {},
            h('th', { scope: 'row' }, button),
            ...(sides ? [h('td', {}, r.side ?? '(not said)')] : []),
            h('td', {}, r.kind),
            h('td', {}, r.method ?? ''),
            h('td', {}, r.id ?? ''),
            h('td', {}, r.reply),
            h('td', {}, r.findings.join(', ') || 'none'),
          ),
        );
      }
      const prev = h('button', { type: 'button', disabled: page === 0 }, 'Previous page');
      const next = h('button', { type: 'button', disabled: page >= pages - 1 }, 'Next page');
      prev.addEventListener('click', () => {
        page -= 1;
        draw();
      });
      next.addEventListener('click', () => {
        page += 1;
        draw();
      });
      const columns = ['Line', ...(sides ? ['From'] : []), 'Kind', 'Method', 'Id', 'Reply owed', 'Findings'];
      tableHolder.replaceChildren(
        h(
          'div',
          { class: 'lab-table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Classified lines' },
          h(
            'table',
            {},
            h(
              'caption',
              {},
              `Lines ${rows.length ? page * PAGE_SIZE + 1 : 0} to ${page * PAGE_SIZE + shown.length} of ${rows.length.toLocaleString('en')}`,
            ),
            h('thead', {}, h('tr', {}, ...columns.map((t) => h('th', { scope: 'col' }, t)))),
            body,
          ),
        ),
        h('p', { class: 'lab-controls' }, prev, next),
      );
    };
    filter.addEventListener('change', () => {
      page = 0;
      draw();
    });
    draw();
    const d = analysis.detection;
    this.els.result.replaceChildren(
      h('h3', {}, `${FORMAT_TITLES[analysis.format]} of ${analysis.rows.length.toLocaleString('en')} messages`),
      h('p', { 'data-role': 'headline' }, logHeadline(analysis)),
      ...(analysis.format === 'host-log' || analysis.format === 'har' || analysis.notes.length > 0
        ? [h('p', { 'data-role': 'reading' }, readingNote(analysis))]
        : []),
      h('p', { 'data-role': 'session' }, `Session: ${analysis.session}`),
      h('p', { class: 'lab-small', 'data-role': 'detection' }, `Version: ${d.evidence}`),
      h('p', { 'data-role': 'kinds' }, `${summary}.`),
      ...(skipped > 0
        ? [
            h(
              'p',
              { 'data-role': 'log-limit' },
              `The Playground classified only the first ${analysis.rows.length.toLocaleString('en')} of ${(analysis.rows.length + skipped).toLocaleString('en')} lines in the browser; the other ${skipped.toLocaleString('en')} lines were not classified. For the whole log, use the command line: npm run --silent lab -- classify --jsonl file.`,
            ),
          ]
        : []),
      ...(anyIssues ? [h('h4', {}, 'Across lines'), renderIssues(analysis)] : []),
      h('p', {}, h('label', { for: 'pg-filter' }, 'Show '), filter),
      tableHolder,
      detail,
    );
  }

  private async showLine(line: number, into: HTMLElement): Promise<void> {
    const reply = await this.ask({ type: 'line', line });
    if (reply.type !== 'line' || !reply.described) return;
    const { classification: c, text: raw } = reply.described;
    const model = describerFrom(reply.described.replies);
    const marked = h(
      'div',
      {},
      this.markedView(
        raw,
        c,
        c.findings.find((f) => f.path !== '' && f.severity === 'error'),
      ),
    );
    into.replaceChildren(
      h('h3', { tabindex: '-1' }, `Line ${line}`),
      renderClassification(c, model, (f) => marked.replaceChildren(this.markedView(raw, c, f))),
      marked,
    );
    (into.firstElementChild as HTMLElement).focus();
  }
}

type LogAnalysisView = Extract<Analysis, { kind: 'log' }>;

const FORMAT_TITLES: Record<LogAnalysisView['format'], string> = {
  jsonl: 'A log',
  'host-log': 'A host log',
  har: 'A HAR file',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** What the verdict on a message comes to, in one sentence: its errors and warnings, and the version it was read under. */
function messageHeadline(c: Classification, choice: ProtocolChoice): string {
  const errors = c.findings.filter((f) => f.severity === 'error').length;
  const warnings = c.findings.filter((f) => f.severity === 'warning').length;
  const version =
    choice === 'auto' ? `${c.protocol} (the default: choose a version to read it under another)` : c.protocol;
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')}, under ${version}.`;
}

/** The headline of a log: per-line errors and warnings, and the issues that span lines, by severity. */
function logHeadline(a: LogAnalysisView): string {
  const total = Object.values(a.issueCounts).reduce((n, k) => n + (k ?? 0), 0);
  // Every issue is counted by id, and each id has one severity: the counts cover issues past the listed ones too.
  const severity = new Map(a.issues.map((i) => [i.id, i.severity]));
  const by = (sev: string) =>
    Object.entries(a.issueCounts).reduce(
      (n, [id, k]) => n + (severity.get(id as LogIssueId) === sev ? (k ?? 0) : 0),
      0,
    );
  const across =
    total === 0
      ? 'no issue across lines'
      : `${plural(total, 'issue')} across lines (${plural(by('error'), 'error')}, ${plural(by('warning'), 'warning')}, ${plural(by('info'), 'note')})`;
  return `${plural(a.withErrors, 'line')} with errors, ${plural(a.withWarnings, 'line')} with warnings, ${across}.`;
}

/** How the paste was read: the prefixes stripped, the sides kept, what was left out. */
function readingNote(a: LogAnalysisView): string {
  const parts: string[] = [];
  if (a.format === 'host-log')
    parts.push(
      `Read as a host log: the timestamp and "Message from client:" / "Message from server:" prefix was stripped from ${plural(a.stripped, 'line')}, and the "From" column says which side sent each one.`,
    );
  if (a.format === 'har')
    parts.push(
      'Read as a HAR file: each request (from the client) is followed by the messages its response carried (from the server); "Line" numbers the messages in that order.',
    );
  return [...parts, ...a.notes].join(' ');
}

/** The cross-line issues as a list: line, the line it relates to, severity, id, message and spec link. */
function renderIssues(a: LogAnalysisView): HTMLElement {
  const shown = a.issues.slice(0, ISSUES_SHOWN);
  const list = h(
    'ul',
    { class: 'lab-findings', 'data-role': 'issues' },
    ...shown.map((i) => {
      const link = h('a', { href: i.spec.url }, i.spec.section);
      return h(
        'li',
        { class: `lab-finding lab-${i.severity}` },
        h('span', { class: 'lab-sev' }, i.severity),
        ' ',
        h('code', {}, i.id),
        ` on line ${i.line}${i.related !== undefined ? ` (see line ${i.related})` : ''}${i.brokenBy ? `, by the ${i.brokenBy}` : ''}: ${i.message} `,
        link,
      );
    }),
  );
  const total = Object.values(a.issueCounts).reduce((n, k) => n + (k ?? 0), 0);
  return total > shown.length
    ? h('div', {}, list, h('p', { class: 'lab-small' }, `… and ${(total - shown.length).toLocaleString('en')} more.`))
    : list;
}

/** At most this many cross-line issues are listed (the CLI's summary lists as many). */
const ISSUES_SHOWN = 50;

if (!customElements.get('lab-playground')) customElements.define('lab-playground', LabPlayground);
