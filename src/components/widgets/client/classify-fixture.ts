/**
 * <lab-classify-fixture>: predict, inspect, explain. The learner predicts the kind and the reply owed, then runs
 * the model's classifier on an editable copy of the fixture; the prediction is graded by gradeCompletionCheck (the
 * same comparison a completion check makes), findings are marked in the message at their JSON paths, a parse
 * error shows where parsing stopped, and classifyAcrossProtocols shows how the verdict moves across versions.
 * Last, the learner writes a one-line explanation and compares it with the model's.
 */
import type { Classification, Finding, Protocol } from '#message-model';
import { currentChapter, progressStore } from '../../../progress/browser.ts';
import { announceGraded } from '../../../progress/graded.ts';
import { h, must } from '../../../lib/dom.ts';
import { readData } from './dom.ts';
import {
  askedParts,
  findProblems,
  readPrediction,
  showProblems,
  toCheckAnswer,
  wirePrediction,
  writePrediction,
} from './predict.ts';
import { loadCourse, loadModel, loadVerdicts, reportCheckFailure, warmModelOnIntent } from './model.ts';

/** The result views load with the model, on the first run: nothing to show before it. */
type Views = typeof import('./classification-view.ts') & typeof import('#message-model');
let views: Promise<Views> | undefined;
function loadViews(): Promise<Views> {
  views ??= Promise.all([import('./classification-view.ts'), import('#message-model')]).then(([a, b]) => ({
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

const MAX_SAVED_TEXT = 20_000;

class LabClassifyFixture extends HTMLElement {
  private data!: FixtureData;
  private widgetId = '';
  private chapter: string | undefined;
  private els!: {
    fields: HTMLElement;
    protocol: HTMLSelectElement;
    textarea: HTMLTextAreaElement;
    editor: HTMLElement;
    editButton: HTMLButtonElement;
    status: HTMLElement;
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
    must(this, '[data-role="static-answer"]').hidden = true;
    const form = must<HTMLFormElement>(this, '[data-role="predict-form"]');
    form.hidden = false;
    warmModelOnIntent(this);

    this.els = {
      fields: must(this, '[data-role="predict"]'),
      protocol: must<HTMLSelectElement>(this, '[data-role="protocol"]'),
      textarea: must<HTMLTextAreaElement>(this, '[data-role="text"]'),
      editor: must(this, '[data-role="message-editor"]'),
      editButton: must<HTMLButtonElement>(this, '[data-action="edit"]'),
      status: must(this, '[data-role="status"]'),
      result: must(this, '[data-role="result"]'),
      explain: must(this, '[data-role="explain"]'),
      explanation: must<HTMLTextAreaElement>(this, '[data-role="explain"] textarea'),
      compare: must(this, '[data-role="compare"]'),
      message: must(this, '[data-role="code"]'),
    };
    const { fields, protocol, textarea, editor, editButton, explanation } = this.els;
    wirePrediction(fields);

    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.run(true).catch(reportCheckFailure(this));
    });
    form.addEventListener('change', () => this.save());
    form.addEventListener('input', () => this.save());
    protocol.addEventListener('change', () => {
      if (this.state().revealed) this.run(false).catch(reportCheckFailure(this));
    });
    editButton.addEventListener('click', () => {
      const open = editor.hidden;
      editor.hidden = !open;
      editButton.setAttribute('aria-expanded', String(open));
      editButton.textContent = open ? 'Hide the editor' : 'Edit the message';
      if (open) textarea.focus();
    });
    textarea.addEventListener('input', () => this.save());
    must(this, '[data-action="restore"]').addEventListener('click', () => {
      textarea.value = this.data.text;
      this.save();
      if (this.state().revealed) this.run(false).catch(reportCheckFailure(this));
    });
    explanation.addEventListener('input', () => this.save());
    must(this, '[data-action="compare"]').addEventListener('click', () => void this.compare());
    this.restore();
  }

  private state(): ClassifyState {
    const text = this.els.textarea.value;
    const p = readPrediction(this.els.fields);
    const code = this.els.fields.querySelector<HTMLInputElement>('[data-part="code"] input')?.value ?? '';
    return {
      kind: p.kind ?? '',
      send: p.send ?? '',
      code,
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

  private restore(): void {
    if (!this.chapter) return;
    const saved = progressStore().getWidget(this.chapter, this.widgetId)?.state as Partial<ClassifyState> | undefined;
    if (!saved || typeof saved !== 'object') return;
    writePrediction(this.els.fields, saved);
    if (typeof saved.protocol === 'string' && this.data.protocols.includes(saved.protocol as Protocol))
      this.els.protocol.value = saved.protocol;
    if (typeof saved.text === 'string') this.els.textarea.value = saved.text.slice(0, MAX_SAVED_TEXT);
    if (typeof saved.explanation === 'string') this.els.explanation.value = saved.explanation.slice(0, 400);
    if (saved.text !== undefined)
      this.els.status.textContent =
        'Your edited message was restored. “Restore the original message” brings back the fixture.';
    if (saved.revealed === true) this.run(false).catch(reportCheckFailure(this));
  }

  /**
   * Grades the prediction (only a complete one: otherwise it says which part is missing and stops), then shows
   * what the classifier says. On a reload of a revealed widget (`fromSubmit` false) an incomplete prediction is
   * not flagged: the learner has not pressed anything yet.
   */
  private async run(fromSubmit: boolean): Promise<void> {
    const prediction = readPrediction(this.els.fields);
    const problems = findProblems(prediction, askedParts(this.els.fields));
    showProblems(this.els.fields, fromSubmit ? problems : [], fromSubmit);
    if (fromSubmit && problems.length > 0) {
      this.els.status.textContent = `Your prediction is not finished: ${problems.map((p) => p.message.toLowerCase().replace(/\.$/, '')).join('; ')}.`;
      return;
    }
    this.els.status.textContent = '';
    const [model, course, v, { gradePrediction, renderFeedback }] = await Promise.all([
      loadModel(),
      loadCourse(),
      loadViews(),
      loadVerdicts(),
    ]);
    const { renderClassification, renderVersions } = v;
    const text = this.els.textarea.value;
    const protocol = this.els.protocol.value as Protocol;
    const c = model.classifyMessage(text, { protocol });
    this.last = c;
    // The classifier's explanation follows the verdict on screen, so the verdict keeps only its own sentence.
    const verdict =
      problems.length === 0
        ? gradePrediction(course, model, {
            chapter: this.chapter ?? '00-practice',
            fixture: this.data.id,
            text,
            protocol,
            ask: askedParts(this.els.fields),
            prediction,
          })
        : undefined;
    const versions = model.classifyAcrossProtocols(text);
    this.dataset.revealed = 'true';

    const showFinding = (f: Finding) => this.mark(v, text, c, f);
    this.els.result.replaceChildren(
      h('h4', { tabindex: '-1' }, 'What the classifier says'),
      verdict ? renderFeedback({ ...verdict.view, more: undefined }, { 'data-role': 'verdict' }) : '',
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
    if (fromSubmit) this.els.result.querySelector<HTMLElement>('h4')?.focus();
    if (fromSubmit && verdict && this.chapter) {
      announceGraded({
        kind: 'classify-prediction',
        chapter: this.chapter,
        item: this.widgetId,
        correct: verdict.correct,
        total: verdict.total,
        passed: verdict.correct === verdict.total,
        // The room re-grades this: which fixture, under which protocol, and the learner's edit when there is one.
        answers: {
          fixture: this.data.id,
          protocol,
          ...toCheckAnswer(prediction),
          ...(text !== this.data.text ? { text } : {}),
        },
      });
    }
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

  private async compare(): Promise<void> {
    if (!this.last) return;
    const { explanation } = this.last;
    const mine = this.els.explanation.value.trim();
    const { renderComparison } = await loadVerdicts();
    this.els.compare.replaceChildren(
      ...renderComparison(
        mine,
        explanation,
        'Does yours name the same reason: the member that decides the kind, and the rule that decides the reply?',
      ),
    );
    this.save();
  }
}

if (!customElements.get('lab-classify-fixture')) customElements.define('lab-classify-fixture', LabClassifyFixture);
