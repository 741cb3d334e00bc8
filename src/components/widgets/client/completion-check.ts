/**
 * <lab-completion-check>: collects the learner's answers from the server-rendered check, grades them with the
 * model's gradeCompletionCheck (classify questions against classifyMessage, tables against gradeDecisionTable),
 * reveals the rubric of self-assessed questions after the first submit, and records the result in progress.
 */
import { formatDate } from '../../../lib/dates.ts';
import type { CheckAnswers, CompletionCheckGrade } from '#course';
import { currentChapter, progressStore } from '../../../progress/browser.ts';
import { announceGraded } from '../../../progress/graded.ts';
import { must } from '../../../lib/dom.ts';
import { readData } from './dom.ts';
import { clearGrid, enhanceGrid, readGrid, writeGrid } from './grid.ts';
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
    enhanceGrid(this);
    this.querySelectorAll<HTMLElement>('[data-role="predict"]').forEach((fields) => wirePrediction(fields));
    warmModelOnIntent(this, () => Promise.all([loadCourse(), loadVerdicts()]));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.grade().catch(reportCheckFailure(this));
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
        const a = toCheckAnswer(readPrediction(must(li, '[data-role="predict"]')));
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
        const reply = (typeof a.reply === 'object' && a.reply !== null ? a.reply : {}) as Record<string, unknown>;
        writePrediction(must(li, '[data-role="predict"]'), {
          kind: a.kind,
          send: reply.send,
          code: typeof reply.code === 'number' ? String(reply.code) : undefined,
        });
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
          ? `You passed this check on ${formatDate(record.at) ?? 'an unknown day'} (${record.correct} of ${record.total} graded questions right).`
          : `Last checked on ${formatDate(record.at) ?? 'an unknown day'}: ${record.correct} of ${record.total} graded questions right.`,
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
    const [course, model, verdicts] = await Promise.all([loadCourse(), loadModel(), loadVerdicts()]);
    const { gradePrediction, paintVerdicts, renderFeedback, verdictWord, withoutVerdictWord } = verdicts;
    const answers = this.answers();
    const grade: CompletionCheckGrade = course.gradeCompletionCheck(this.data.check, answers, this.data.fixtureTexts);
    if (grade.kind === 'invalid-input') {
      this.status(grade.message);
      return;
    }
    const firstReveal = this.querySelector('[data-role="rubric"][hidden]') !== null;
    this.revealRubrics();
    let firstProblem = true;
    for (const q of grade.questions) {
      const li = this.item(q.id);
      const box = must(li, '[data-role="q-feedback"]');
      if (q.cells) paintVerdicts(li, q.cells);
      // A classify question with a part missing is not graded half: the feedback says which part is missing.
      const fields = li.querySelector<HTMLElement>('[data-role="predict"]');
      const problems = fields ? findProblems(readPrediction(fields), askedParts(fields)) : [];
      if (fields) showProblems(fields, problems, problems.length > 0 && firstProblem);
      if (problems.length > 0) firstProblem = false;
      const question = this.data.check.questions.find((x) => x.id === q.id) as
        { fixture?: string; protocol?: string; ask?: Array<'kind' | 'reply'> } | undefined;
      const view =
        problems.length > 0 && q.verdict !== 'unanswered'
          ? { tone: 'missing' as const, verdict: 'Not finished.', why: problems.map((p) => p.message).join(' ') }
          : fields && q.verdict !== 'unanswered' && question?.fixture && question.protocol
            ? gradePrediction(course, model, {
                chapter: this.chapter,
                fixture: question.fixture,
                text: this.data.fixtureTexts[question.fixture] ?? '',
                protocol: question.protocol,
                ask: askedParts(fields),
                prediction: readPrediction(fields),
              }).view
            : { ...verdictWord(q.verdict), why: withoutVerdictWord(q.feedback) };
      const extra =
        q.type === 'self-assessed' && firstReveal
          ? ' The rubric is now shown under your answer: tick each point your answer covers, then check again.'
          : '';
      box.replaceChildren(renderFeedback({ ...view, why: view.why + extra }));
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
      announceGraded({
        kind: 'completion-check',
        chapter: this.chapter,
        item: 'completion',
        correct: grade.correct,
        total: grade.total,
        passed,
        answers,
      });
    }
  }

  private reset(): void {
    if (
      Object.keys(this.answers()).length > 0 &&
      !window.confirm('Clear your answers to this check? A check you passed stays recorded.')
    )
      return;
    must<HTMLFormElement>(this, '[data-role="form"]').reset();
    clearGrid(this);
    writeGrid(this, {});
    this.querySelectorAll<HTMLElement>('[data-role="predict"]').forEach((fields) => {
      writePrediction(fields, {});
      showProblems(fields, [], false);
    });
    this.querySelectorAll('[data-role="q-feedback"]').forEach((f) => (f.textContent = ''));
    this.querySelectorAll<HTMLElement>('[data-role="rubric"]').forEach((r) => (r.hidden = true));
    if (this.chapter) progressStore().resetWidget(this.chapter, WIDGET_ID);
    this.status('Your answers are cleared. A check you passed stays recorded on the progress page.');
  }
}

if (!customElements.get('lab-completion-check')) customElements.define('lab-completion-check', LabCompletionCheck);
