/**
 * <lab-http-exchange>: predict, inspect, explain for one HTTP exchange. The learner predicts what the status line
 * and the body tell the client and who broke a rule; classifyHttpExchange (from the lazily loaded model) reads the
 * exchange, gradeExchangePrediction (#course) grades each part, the reading is shown layer by layer, and every
 * finding is marked where it points (the status line, a header, the body). Last, a one-line explanation to compare
 * with the model's. Everything heavy loads on the first check; the eager part only wires the form.
 */
import type { HttpExchange, HttpExchangeClassification, Protocol } from '#message-model';
import { currentChapter, progressStore } from '../../../progress/browser.ts';
import { announceGraded } from '../../../progress/graded.ts';
import { h, must } from '../../../lib/dom.ts';
import { readData } from './dom.ts';
import { loadCourse, loadModel, loadVerdicts, reportCheckFailure, warmModelOnIntent } from './model.ts';

interface ExchangeData {
  id: string;
  protocol: Protocol;
  exchange: HttpExchange;
  notes: string;
}

const PARTS = ['status', 'body', 'broken'] as const;
type Part = (typeof PARTS)[number];

interface ExchangeState {
  prediction: Partial<Record<Part, string>>;
  revealed: boolean;
  explanation: string;
}

const MISSING: Record<Part, string> = {
  status: 'Choose what the status line tells the client.',
  body: 'Choose what the body tells the client.',
  broken: 'Choose who broke a rule (or nobody).',
};

class LabHttpExchange extends HTMLElement {
  private data!: ExchangeData;
  private widgetId = '';
  private chapter: string | undefined;
  private form!: HTMLFormElement;
  private last: HttpExchangeClassification | undefined;

  connectedCallback(): void {
    if (this.dataset.upgraded) return;
    this.dataset.upgraded = 'true';
    this.data = readData<ExchangeData>(this);
    this.widgetId = this.dataset.widgetId ?? `http-${this.data.id}`;
    this.chapter = currentChapter();
    must(this, '[data-role="static-answer"]').hidden = true;
    this.form = must<HTMLFormElement>(this, '[data-role="predict-form"]');
    this.form.hidden = false;
    warmModelOnIntent(this, loadCourse);
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.run(true).catch(reportCheckFailure(this));
    });
    this.form.addEventListener('change', () => this.save());
    this.explanation().addEventListener('input', () => this.save());
    must(this, '[data-action="compare"]').addEventListener('click', () => void this.compare());
    this.restore();
  }

  private explanation(): HTMLTextAreaElement {
    return must<HTMLTextAreaElement>(this, '[data-role="explain"] textarea');
  }

  private prediction(): Partial<Record<Part, string>> {
    const out: Partial<Record<Part, string>> = {};
    for (const part of PARTS) {
      const checked = this.form.querySelector<HTMLInputElement>(`fieldset[data-part="${part}"] input:checked`);
      if (checked) out[part] = checked.value;
    }
    return out;
  }

  private state(): ExchangeState {
    return {
      prediction: this.prediction(),
      revealed: this.dataset.revealed === 'true',
      explanation: this.explanation().value,
    };
  }

  private save(): void {
    if (!this.chapter) return;
    const state = this.state();
    progressStore().saveWidget(this.chapter, this.widgetId, { kind: 'http-exchange', state, done: state.revealed });
  }

  private restore(): void {
    if (!this.chapter) return;
    const saved = progressStore().getWidget(this.chapter, this.widgetId)?.state as Partial<ExchangeState> | undefined;
    if (!saved || typeof saved !== 'object') return;
    const prediction = saved.prediction && typeof saved.prediction === 'object' ? saved.prediction : {};
    for (const part of PARTS) {
      const value = (prediction as Record<string, unknown>)[part];
      if (typeof value !== 'string') continue;
      for (const input of this.form.querySelectorAll<HTMLInputElement>(`fieldset[data-part="${part}"] input`))
        input.checked = input.value === value;
    }
    if (typeof saved.explanation === 'string') this.explanation().value = saved.explanation.slice(0, 400);
    if (saved.revealed === true) this.run(false).catch(reportCheckFailure(this));
  }

  /** Shows which parts are missing (on a submit only) and returns whether the prediction is complete. */
  private checkComplete(prediction: Partial<Record<Part, string>>, fromSubmit: boolean): boolean {
    let first: HTMLInputElement | undefined;
    for (const part of PARTS) {
      const set = must<HTMLFieldSetElement>(this.form, `fieldset[data-part="${part}"]`);
      const missing = fromSubmit && prediction[part] === undefined;
      must(set, '[data-role="error"]').textContent = missing ? MISSING[part] : '';
      set.classList.toggle('field-error', missing);
      if (missing) first ??= set.querySelector('input') ?? undefined;
    }
    first?.focus();
    return PARTS.every((p) => prediction[p] !== undefined);
  }

  /** Grades a complete prediction, then shows the reading; a reload of a revealed widget shows it without grading. */
  private async run(fromSubmit: boolean): Promise<void> {
    const prediction = this.prediction();
    const status = must(this, '[data-role="status"]');
    const complete = this.checkComplete(prediction, fromSubmit);
    if (fromSubmit && !complete) {
      const n = PARTS.filter((p) => prediction[p] === undefined).length;
      status.textContent = `Your prediction is not finished: ${n} of 3 questions ${n === 1 ? 'has' : 'have'} no answer yet.`;
      return;
    }
    status.textContent = '';
    const [model, course, { renderFeedback, verdictWord }, render] = await Promise.all([
      loadModel(),
      loadCourse(),
      loadVerdicts(),
      import('../lib/exchange-render.ts'),
    ]);
    const c = model.classifyHttpExchange(this.data.exchange, { protocol: this.data.protocol });
    if (c.kind !== 'exchange') {
      status.textContent = c.message;
      return;
    }
    this.last = c;
    this.dataset.revealed = 'true';
    const grade = complete ? course.gradeExchangePrediction(c, prediction) : undefined;
    const feedback = grade
      ? grade.parts.map((p) =>
          renderFeedback(
            {
              ...verdictWord(p.verdict),
              why: `${course.EXCHANGE_PREDICT_QUESTIONS[p.part]} ${
                p.verdict === 'correct'
                  ? course.exchangeOptionLabel(p.part, p.answer)
                  : `${course.exchangeOptionLabel(p.part, p.answer)}, not ${course.exchangeOptionLabel(p.part, p.given ?? '').toLowerCase()}`
              }.`,
            },
            { 'data-part': p.part },
          ),
        )
      : [];
    const reading = h('div', { class: 'lab-http-reading' });
    reading.innerHTML = render.renderExchangeReading(c);
    const result = must(this, '[data-role="result"]');
    result.replaceChildren(
      h('h4', { tabindex: '-1' }, 'What the classifier reads'),
      ...feedback,
      reading,
      h('p', { class: 'lab-small' }, this.data.notes),
    );
    this.markFindings(c);
    must(this, '[data-role="explain"]').hidden = false;
    this.save();
    if (fromSubmit) result.querySelector<HTMLElement>('h4')?.focus();
    if (fromSubmit && grade && this.chapter) {
      const correct = grade.parts.filter((p) => p.verdict === 'correct').length;
      announceGraded({
        kind: 'http-exchange-prediction',
        chapter: this.chapter,
        item: this.widgetId,
        correct,
        total: grade.parts.length,
        passed: grade.correct,
        // The room and receipts re-grade this: which exchange, and the answer to each part.
        answers: { exchange: this.data.id, ...prediction },
      });
    }
  }

  /** Marks the status line, header lines and bodies that a finding points at, with its severity. */
  private markFindings(c: HttpExchangeClassification): void {
    for (const el of this.querySelectorAll<HTMLElement>('[data-flag]')) {
      delete el.dataset.flag;
      el.removeAttribute('title');
    }
    const rank = { error: 3, warning: 2, info: 1 } as const;
    for (const f of c.findings) {
      const l = f.location;
      const selector =
        l.field === 'header'
          ? `[data-part="${l.part}"][data-header="${CSS.escape((l.header ?? '').toLowerCase())}"]`
          : l.field === 'body'
            ? `[data-part="${l.part}"][data-field="body"]`
            : `[data-part="${l.part}"][data-field="${l.part === 'request' ? 'method' : 'status'}"]`;
      const el = this.querySelector<HTMLElement>(selector);
      if (!el) continue;
      const was = el.dataset.flag as keyof typeof rank | undefined;
      if (!was || rank[f.severity] > rank[was]) {
        el.dataset.flag = f.severity;
        el.title = f.message;
      }
    }
  }

  private async compare(): Promise<void> {
    if (!this.last) return;
    const { explanation } = this.last;
    const mine = this.explanation().value.trim();
    const { renderComparison } = await loadVerdicts();
    must(this, '[data-role="compare"]').replaceChildren(
      ...renderComparison(
        mine,
        explanation,
        'Does yours say which layer carries the answer, and which rule (or which SDK habit) links the status to it?',
      ),
    );
    this.save();
  }
}

if (!customElements.get('lab-http-exchange')) customElements.define('lab-http-exchange', LabHttpExchange);
