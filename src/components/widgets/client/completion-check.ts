/**
 * <lab-completion-check>: collects the learner's answers from the server-rendered check, grades them with the
 * model's gradeCompletionCheck (classify questions against classifyMessage, tables against gradeDecisionTable),
 * reveals the rubric of self-assessed questions after the first submit, and records the result in progress.
 */
import type { CheckAnswers, CompletionCheckGrade } from '#course';
import { currentChapter, progressStore } from '../../../progress/browser.ts';
import { h, must, readData } from './dom.ts';
import { clearGrid, paintVerdicts, readGrid, writeGrid } from './grid.ts';
import { loadCourse, warmModelOnIntent } from './model.ts';

interface CheckData {
  check: { chapter: string; questions: Array<{ id: string; type: string }> };
  fixtureTexts: Record<string, string>;
}

const WIDGET_ID = 'completion-check';

class LabCompletionCheck extends HTMLElement {
  private data!: CheckData;
  private chapter = '';

  connectedCallback(): void {
    if (this.dataset.upgraded) return;
    this.dataset.upgraded = 'true';
    this.data = readData<CheckData>(this);
    this.chapter = currentChapter() ?? this.dataset.chapter ?? '';
    const form = must<HTMLFormElement>(this, '[data-role="form"]');
    must(this, '[data-role="controls"]').hidden = false;
    warmModelOnIntent(this, loadCourse);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.grade();
    });
    form.addEventListener('change', () => this.saveDraft());
    form.addEventListener('input', () => this.saveDraft());
    must(this, '[data-action="reset"]').addEventListener('click', () => this.reset());
    this.restore();
  }

  private item(id: string): HTMLElement {
    return must(this, `[data-question="${CSS.escape(id)}"]`);
  }

  private field<T extends HTMLElement>(id: string, suffix: string): T | null {
    return this.querySelector<T>(`[name="${CSS.escape(`${id}.${suffix}`)}"]`);
  }

  /** The form's answers in the CheckAnswers shape of src/course/completion-check.ts. */
  private answers(): CheckAnswers {
    const answers: CheckAnswers = {};
    for (const q of this.data.check.questions) {
      const li = this.item(q.id);
      if (q.type === 'classify') {
        const kind = this.field<HTMLSelectElement>(q.id, 'kind')?.value ?? '';
        const send = this.field<HTMLSelectElement>(q.id, 'send')?.value ?? '';
        const code = (this.field<HTMLInputElement>(q.id, 'code')?.value ?? '').trim();
        const a: Record<string, unknown> = {};
        if (kind) a.kind = kind;
        if (send) a.reply = send === 'error' && /^-?\d+$/.test(code) ? { send, code: Number(code) } : { send };
        if (Object.keys(a).length) answers[q.id] = a as CheckAnswers[string];
      } else if (q.type === 'choice') {
        const chosen = li.querySelector<HTMLInputElement>('input[type="radio"]:checked');
        if (chosen) answers[q.id] = { choice: chosen.value };
      } else if (q.type === 'decision-table') {
        const table = readGrid(li) as Record<string, Record<string, string>>;
        if (Object.keys(table).length) answers[q.id] = { table };
      } else if (q.type === 'self-assessed') {
        const text = this.field<HTMLTextAreaElement>(q.id, 'text')?.value ?? '';
        const ticks = [...li.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].map((b) => b.checked);
        if (text.trim() || ticks.some(Boolean)) answers[q.id] = { text, rubricMet: ticks };
      }
    }
    return answers;
  }

  private fill(answers: unknown): void {
    if (typeof answers !== 'object' || answers === null) return;
    const all = answers as Record<string, Record<string, unknown> | undefined>;
    for (const q of this.data.check.questions) {
      const a = all[q.id];
      if (!a || typeof a !== 'object') continue;
      const li = this.item(q.id);
      if (q.type === 'classify') {
        const kind = this.field<HTMLSelectElement>(q.id, 'kind');
        if (kind && typeof a.kind === 'string') kind.value = a.kind;
        const reply = a.reply as { send?: unknown; code?: unknown } | undefined;
        const send = this.field<HTMLSelectElement>(q.id, 'send');
        if (send && reply && typeof reply.send === 'string') send.value = reply.send;
        const code = this.field<HTMLInputElement>(q.id, 'code');
        if (code && reply && typeof reply.code === 'number') code.value = String(reply.code);
      } else if (q.type === 'choice' && typeof a.choice === 'string') {
        const radio = li.querySelector<HTMLInputElement>(`input[type="radio"][value="${CSS.escape(a.choice)}"]`);
        if (radio) radio.checked = true;
      } else if (q.type === 'decision-table') {
        writeGrid(li, a.table);
      } else if (q.type === 'self-assessed') {
        const text = this.field<HTMLTextAreaElement>(q.id, 'text');
        if (text && typeof a.text === 'string') text.value = a.text;
        const ticks = Array.isArray(a.rubricMet) ? a.rubricMet : [];
        li.querySelectorAll<HTMLInputElement>('input[type="checkbox"]').forEach(
          (b, i) => (b.checked = ticks[i] === true),
        );
      }
    }
  }

  private restore(): void {
    if (!this.chapter) return;
    const store = progressStore();
    const draft = store.getWidget(this.chapter, WIDGET_ID)?.state as
      { answers?: unknown; submitted?: unknown } | undefined;
    const record = store.chapter(this.chapter).checks.completion;
    this.fill(draft?.answers ?? record?.answers);
    if (draft?.submitted === true) this.revealRubrics();
    if (record) {
      this.status(
        record.passed
          ? `You passed this check on ${new Date(record.at).toLocaleDateString()} (${record.correct} of ${record.total} graded questions right).`
          : `Last checked on ${new Date(record.at).toLocaleDateString()}: ${record.correct} of ${record.total} graded questions right.`,
      );
    }
  }

  private saveDraft(submitted?: boolean): void {
    if (!this.chapter) return;
    const store = progressStore();
    const previous = store.getWidget(this.chapter, WIDGET_ID)?.state as { submitted?: unknown } | undefined;
    const wasSubmitted = submitted ?? previous?.submitted === true;
    store.saveWidget(this.chapter, WIDGET_ID, {
      kind: 'completion-check',
      state: { answers: this.answers(), submitted: wasSubmitted },
      done: store.chapter(this.chapter).checks.completion?.passed === true,
    });
  }

  private status(text: string): void {
    must(this, '[data-role="status"]').textContent = text;
  }

  private revealRubrics(): void {
    this.querySelectorAll<HTMLElement>('[data-role="rubric"]').forEach((r) => (r.hidden = false));
  }

  private async grade(): Promise<void> {
    const model = await loadCourse();
    const answers = this.answers();
    const grade: CompletionCheckGrade = model.gradeCompletionCheck(this.data.check, answers, this.data.fixtureTexts);
    if (grade.kind === 'invalid-input') {
      this.status(grade.message);
      return;
    }
    const firstReveal = this.querySelector('[data-role="rubric"][hidden]') !== null;
    this.revealRubrics();
    for (const q of grade.questions) {
      const li = this.item(q.id);
      const box = must(li, '[data-role="q-feedback"]');
      if (q.cells) paintVerdicts(li, q.cells);
      const word =
        q.verdict === 'correct'
          ? 'Right.'
          : q.verdict === 'self-assessed'
            ? 'Recorded.'
            : q.verdict === 'unanswered'
              ? 'Not answered yet.'
              : q.verdict === 'invalid'
                ? 'Cannot be graded.'
                : 'Not right.';
      const extra =
        q.type === 'self-assessed' && firstReveal
          ? ' The rubric is now shown under your answer: tick each point your answer covers, then check again.'
          : '';
      box.replaceChildren(
        h(
          'p',
          { class: q.verdict === 'correct' ? 'lab-good' : q.verdict === 'incorrect' ? 'lab-bad' : '' },
          h('strong', {}, `${word} `),
          q.feedback + extra,
        ),
      );
    }
    const passed = grade.passed;
    this.status(
      passed
        ? `Passed: ${grade.correct} of ${grade.total} graded questions right${grade.selfAssessed ? `, ${grade.selfAssessed} self-assessed` : ''}.`
        : `${grade.correct} of ${grade.total} graded questions right. Read the feedback, change your answers and check again.`,
    );
    if (this.chapter) {
      const outcome = progressStore().recordCheck(this.chapter, 'completion', {
        passed,
        correct: grade.correct,
        total: grade.total,
        answers,
      });
      if (outcome.kind !== 'saved') this.status(outcome.reason);
      this.saveDraft(true);
    }
  }

  private reset(): void {
    must<HTMLFormElement>(this, '[data-role="form"]').reset();
    clearGrid(this);
    this.querySelectorAll('[data-role="q-feedback"]').forEach((f) => (f.textContent = ''));
    this.querySelectorAll<HTMLElement>('[data-role="rubric"]').forEach((r) => (r.hidden = true));
    if (this.chapter) progressStore().resetWidget(this.chapter, WIDGET_ID);
    this.status('Your answers are cleared. A check you passed stays recorded on the progress page.');
  }
}

if (!customElements.get('lab-completion-check')) customElements.define('lab-completion-check', LabCompletionCheck);
