/**
 * <lab-classify-fixture>: predict, inspect, explain. The learner predicts the kind and the reply owed, then runs
 * the model's classifier on an editable copy of the fixture; the prediction is graded by gradeCompletionCheck (the
 * same comparison a completion check makes), findings are marked in the message at their JSON paths, a parse
 * error shows where parsing stopped, and classifyAcrossProtocols shows how the verdict moves across versions.
 * Last, the learner writes a one-line explanation and compares it with the model's.
 */
import type { Classification, Finding, Protocol } from '#message-model';
import { currentChapter, progressStore } from '../../../progress/browser.ts';
import { h, must, readData } from './dom.ts';
import { loadCourse, loadModel, warmModelOnIntent, type Course } from './model.ts';

/** The result views load with the model, on the first run: nothing to show before it. */
type Views = typeof import('./classification-view.ts') & typeof import('../lib/json-locate.ts');
let views: Promise<Views> | undefined;
function loadViews(): Promise<Views> {
  views ??= Promise.all([import('./classification-view.ts'), import('../lib/json-locate.ts')]).then(([a, b]) => ({
    ...a,
    ...b,
  }));
  return views;
}

interface FixtureData {
  id: string;
  text: string;
  protocol: Protocol;
  protocols: Protocol[];
  kinds: string[];
}

interface ClassifyState {
  kind: string;
  send: string;
  code: string;
  protocol: string;
  /** The edited text, when it differs from the fixture. */
  text?: string;
  revealed: boolean;
  explanation: string;
}

const REPLY_CHOICES: Array<[string, string]> = [
  ['', 'Choose…'],
  ['nothing', 'Nothing at all'],
  ['response', 'A response (result or error) with the same id'],
  ['error', 'An error response right away, with code…'],
  ['batch', 'An array of replies'],
];

const MAX_SAVED_TEXT = 20_000;

class LabClassifyFixture extends HTMLElement {
  private data!: FixtureData;
  private widgetId = '';
  private chapter: string | undefined;
  private els!: {
    kind: HTMLSelectElement;
    send: HTMLSelectElement;
    code: HTMLInputElement;
    protocol: HTMLSelectElement;
    textarea: HTMLTextAreaElement;
    editor: HTMLElement;
    editButton: HTMLButtonElement;
    result: HTMLElement;
    explain: HTMLElement;
    explanation: HTMLTextAreaElement;
    compare: HTMLElement;
    message: HTMLElement;
  };
  private last: Classification | undefined;

  connectedCallback(): void {
    if (this.dataset.upgraded) return;
    this.dataset.upgraded = 'true';
    this.data = readData<FixtureData>(this);
    this.widgetId = this.dataset.widgetId ?? `classify-${this.data.id}`;
    this.chapter = currentChapter();
    const base = this.widgetId;
    must(this, '[data-role="static-answer"]').hidden = true;
    warmModelOnIntent(this);

    const option = (value: string, label: string) => h('option', { value }, label);
    const kind = h(
      'select',
      { id: `${base}-kind` },
      option('', 'Choose…'),
      ...this.data.kinds.map((k) => option(k, k)),
    );
    const send = h('select', { id: `${base}-send` }, ...REPLY_CHOICES.map(([v, t]) => option(v, t)));
    const code = h('input', { id: `${base}-code`, type: 'text', inputmode: 'numeric', size: '8', autocomplete: 'off' });
    const protocol = h(
      'select',
      { id: `${base}-protocol` },
      ...this.data.protocols.map((p) => option(p, p === 'jsonrpc-2.0' ? 'Plain JSON-RPC 2.0' : `MCP ${p}`)),
    );
    protocol.value = this.data.protocol;
    const editButton = h(
      'button',
      { type: 'button', 'aria-expanded': 'false', 'aria-controls': `${base}-editor` },
      'Edit the message',
    );
    const form = h(
      'form',
      { class: 'lab-predict', novalidate: true },
      h('p', {}, h('label', { for: `${base}-kind` }, '1. Predict: what kind of message is it?'), kind),
      h(
        'p',
        {},
        h('label', { for: `${base}-send` }, 'What does the receiver send back?'),
        send,
        h('label', { for: `${base}-code` }, 'Error code, if an error'),
        code,
      ),
      h('p', {}, h('label', { for: `${base}-protocol` }, 'Protocol version'), protocol),
      h('p', {}, h('button', { type: 'submit' }, '2. Run the classifier'), editButton),
    );
    const textarea = h('textarea', { id: `${base}-text`, rows: '12', spellcheck: 'false' });
    textarea.value = this.data.text;
    const restoreButton = h('button', { type: 'button' }, 'Restore the original message');
    const editor = h(
      'div',
      { id: `${base}-editor`, hidden: true },
      h('label', { for: `${base}-text` }, 'Message text (change a field, then run the classifier again)'),
      textarea,
      h('p', {}, restoreButton),
    );
    const result = h('div', { class: 'lab-result' });
    const explanation = h('textarea', { id: `${base}-explain`, rows: '2', maxlength: '400' });
    const compareButton = h('button', { type: 'button' }, 'Compare with the model');
    const compare = h('div', { 'aria-live': 'polite' });
    const explain = h(
      'div',
      { hidden: true },
      h('p', {}, h('label', { for: `${base}-explain` }, '3. Explain: in one line, why is that the verdict?')),
      explanation,
      h('p', {}, compareButton),
      compare,
    );
    const status = h('p', { class: 'lab-status', role: 'status' });
    must(this, '.lab-question').after(form, editor, status, result, explain);
    this.els = {
      kind,
      send,
      code,
      protocol,
      textarea,
      editor,
      editButton,
      result,
      explain,
      explanation,
      compare,
      message: must(this, '[data-role="code"]'),
    };

    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.run(true);
    });
    form.addEventListener('change', () => this.save());
    protocol.addEventListener('change', () => {
      if (this.state().revealed) void this.run(false);
    });
    editButton.addEventListener('click', () => {
      const open = editor.hidden;
      editor.hidden = !open;
      editButton.setAttribute('aria-expanded', String(open));
      editButton.textContent = open ? 'Hide the editor' : 'Edit the message';
      if (open) textarea.focus();
    });
    textarea.addEventListener('input', () => this.save());
    restoreButton.addEventListener('click', () => {
      textarea.value = this.data.text;
      this.save();
      if (this.state().revealed) void this.run(false);
    });
    explanation.addEventListener('input', () => this.save());
    compareButton.addEventListener('click', () => this.compare());
    this.restore(status);
  }

  private state(): ClassifyState {
    const text = this.els.textarea.value;
    return {
      kind: this.els.kind.value,
      send: this.els.send.value,
      code: this.els.code.value,
      protocol: this.els.protocol.value,
      ...(text !== this.data.text ? { text: text.slice(0, MAX_SAVED_TEXT) } : {}),
      revealed: this.dataset.revealed === 'true',
      explanation: this.els.explanation.value,
    };
  }

  private save(): void {
    if (!this.chapter) return;
    const state = this.state();
    progressStore().saveWidget(this.chapter, this.widgetId, { kind: 'classify-fixture', state, done: state.revealed });
  }

  private restore(status: HTMLElement): void {
    if (!this.chapter) return;
    const saved = progressStore().getWidget(this.chapter, this.widgetId)?.state as Partial<ClassifyState> | undefined;
    if (!saved || typeof saved !== 'object') return;
    const set = (el: HTMLSelectElement | HTMLInputElement | HTMLTextAreaElement, v: unknown) => {
      if (typeof v === 'string') el.value = v;
    };
    set(this.els.kind, saved.kind);
    set(this.els.send, saved.send);
    set(this.els.code, saved.code);
    if (typeof saved.protocol === 'string' && this.data.protocols.includes(saved.protocol as Protocol))
      this.els.protocol.value = saved.protocol;
    set(this.els.textarea, saved.text);
    set(this.els.explanation, saved.explanation);
    if (saved.text !== undefined)
      status.textContent = 'Your edited message was restored. “Restore the original message” brings back the fixture.';
    if (saved.revealed === true) void this.run(false);
  }

  private async run(fromSubmit: boolean): Promise<void> {
    const [model, course, v] = await Promise.all([loadModel(), loadCourse(), loadViews()]);
    const { renderClassification, renderVersions } = v;
    const text = this.els.textarea.value;
    const protocol = this.els.protocol.value as Protocol;
    const c = model.classifyMessage(text, { protocol });
    this.last = c;
    const prediction = this.gradePrediction(course, text, protocol);
    const versions = model.classifyAcrossProtocols(text);
    this.dataset.revealed = 'true';

    const showFinding = (f: Finding) => this.mark(v, text, c, f);
    this.els.result.replaceChildren(
      h('h4', {}, 'What the classifier says'),
      prediction,
      renderClassification(c, model, showFinding),
      h(
        'details',
        {},
        h('summary', {}, 'How the verdict differs across protocol versions'),
        renderVersions(versions, model, `${must(this, 'h3').textContent ?? 'This message'}, under each protocol`),
      ),
    );
    this.mark(
      v,
      text,
      c,
      c.findings.find((f) => f.path !== '' && f.severity === 'error'),
    );
    this.els.explain.hidden = false;
    this.save();
    if (fromSubmit) this.els.result.querySelector('h4')?.setAttribute('tabindex', '-1');
    if (fromSubmit) (this.els.result.querySelector('h4') as HTMLElement | null)?.focus();
  }

  /** The learner's prediction against the model, through the completion-check grader. */
  private gradePrediction(course: Course, text: string, protocol: Protocol): HTMLElement {
    const { kind, send, code } = this.state();
    if (!kind && !send)
      return h(
        'p',
        {},
        'You ran it without a prediction. Next time, commit to an answer first: the surprise is where the learning is.',
      );
    const reply = send
      ? { send, ...(send === 'error' && /^-?\d+$/.test(code.trim()) ? { code: Number(code.trim()) } : {}) }
      : undefined;
    const ask = [...(kind ? ['kind'] : []), ...(send ? ['reply'] : [])];
    const grade = course.gradeCompletionCheck(
      {
        chapter: this.chapter ?? '00-practice',
        questions: [
          {
            id: 'predict',
            type: 'classify',
            fixture: this.data.id,
            protocol,
            ask,
            prompt: 'Predict the classification.',
          },
        ],
      },
      { predict: { ...(kind ? { kind } : {}), ...(reply ? { reply } : {}) } },
      { [this.data.id]: text },
    );
    if (grade.kind !== 'graded') return h('p', {}, grade.message);
    const q = grade.questions[0]!;
    return h(
      'p',
      { class: q.verdict === 'correct' ? 'lab-good' : 'lab-bad' },
      h('strong', {}, q.verdict === 'correct' ? 'Your prediction matches. ' : 'Your prediction differs. '),
      q.feedback,
    );
  }

  /** Shows the message with a finding (or the parse-error position) marked. */
  private mark(v: Views, text: string, c: Classification, f: Finding | undefined): void {
    const { findingRange, indexPointers, renderMarkedText } = v;
    let view: HTMLElement;
    if (c.kind === 'parse-error') {
      view = renderMarkedText(text, {
        range: { start: c.position.offset, end: c.position.offset + 1 },
        className: 'lab-stop',
        label: `where parsing stopped (line ${c.position.line}, column ${c.position.column})`,
      });
    } else if (f) {
      const found = findingRange(text, f, indexPointers(text));
      view = found
        ? renderMarkedText(text, {
            range: found.range,
            className: f.severity === 'error' ? 'lab-error lab-active' : 'lab-active',
            label: `${f.id} at ${f.path}${found.exact ? '' : ' (the member is missing; its parent is marked)'}`,
          })
        : renderMarkedText(text);
    } else view = renderMarkedText(text);
    const caption = h(
      'p',
      { class: 'lab-small' },
      c.kind === 'parse-error'
        ? `Parsing stopped at line ${c.position.line}, column ${c.position.column}: ${c.reason}`
        : f
          ? `Marked: ${f.id} at ${f.path}.`
          : 'The message as classified.',
    );
    this.els.message.replaceChildren(caption, view);
    view.scrollIntoView({ block: 'nearest' });
  }

  private compare(): void {
    const mine = this.els.explanation.value.trim();
    if (!this.last) return;
    this.els.compare.replaceChildren(
      h(
        'div',
        { class: 'lab-compare' },
        h('div', {}, h('p', {}, h('strong', {}, 'Yours')), h('p', {}, mine || '(empty: write one line first)')),
        h('div', {}, h('p', {}, h('strong', {}, "The model's")), h('p', {}, this.last.explanation)),
      ),
      h(
        'p',
        { class: 'lab-small' },
        'Does yours name the same reason: the member that decides the kind, and the rule that decides the reply?',
      ),
    );
    this.save();
  }
}

if (!customElements.get('lab-classify-fixture')) customElements.define('lab-classify-fixture', LabClassifyFixture);
