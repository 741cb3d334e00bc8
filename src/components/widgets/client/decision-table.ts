/**
 * <lab-decision-table>: upgrades the server-rendered decision table. Check grades every cell with the model's
 * gradeDecisionTable and shows its feedback (naming the misconception); hints come from hintFor, three levels;
 * the solution (the model's answers and reasoning) opens only after a first attempt. The answers survive a
 * reload (progress store) and travel in a link (#dt-<id>=…). Vanilla custom element: the state is a few selects.
 */
import type { DecisionAnswers, DecisionTableGrade } from '#course';
import { currentChapter, progressStore } from '../../../progress/browser.ts';
import { copyText, decodeFragmentValue, encodeFragmentValue, fragmentParams, h, must } from './dom.ts';
import { clearCell, clearGrid, paintVerdicts, readGrid, writeGrid } from './grid.ts';
import { loadCourse, warmModelOnIntent } from './model.ts';

interface TableState {
  answers: DecisionAnswers;
  hintLevel: 0 | 1 | 2 | 3;
  attempted: boolean;
  checked: boolean;
  solution: boolean;
  passed: boolean;
}

const EMPTY: TableState = {
  answers: {},
  hintLevel: 0,
  attempted: false,
  checked: false,
  solution: false,
  passed: false,
};

/** Reads a saved or shared state, keeping only what has the right type. */
function parseState(raw: unknown): TableState {
  if (typeof raw !== 'object' || raw === null) return { ...EMPTY };
  const r = raw as Record<string, unknown>;
  const level = r.hintLevel;
  return {
    answers: typeof r.answers === 'object' && r.answers !== null ? (r.answers as DecisionAnswers) : {},
    hintLevel: level === 1 || level === 2 || level === 3 ? level : 0,
    attempted: r.attempted === true,
    checked: r.checked === true,
    solution: r.solution === true && r.attempted === true,
    passed: r.passed === true,
  };
}

class LabDecisionTable extends HTMLElement {
  private state: TableState = { ...EMPTY };
  private tableId = '';
  private scenarios: string[] = [];
  private chapter: string | undefined;
  private lastGrade: DecisionTableGrade | undefined;

  connectedCallback(): void {
    if (this.dataset.upgraded) return;
    this.dataset.upgraded = 'true';
    this.tableId = this.dataset.tableId ?? '';
    this.scenarios = (this.dataset.scenarios ?? '').split(',').filter(Boolean);
    this.chapter = currentChapter();
    const form = must<HTMLFormElement>(this, '[data-role="form"]');
    must(this, '[data-role="controls"]').hidden = false;
    warmModelOnIntent(this, loadCourse);

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.check();
    });
    form.addEventListener('change', (event) => {
      const select = event.target as HTMLSelectElement;
      if (!select.matches('select[data-scenario]')) return;
      clearCell(select);
      this.state.answers = readGrid(this);
      this.state.passed = false;
      this.save();
    });
    must(this, '[data-action="hint"]').addEventListener('click', () => void this.hint());
    must(this, '[data-action="solution"]').addEventListener('click', () => void this.toggleSolution());
    must(this, '[data-action="reset"]').addEventListener('click', () => this.reset());
    must(this, '[data-action="share"]').addEventListener('click', () => void this.share());

    void this.restore();
  }

  private fragmentKey(): string {
    return `dt-${this.tableId}`;
  }

  private async restore(): Promise<void> {
    const shared = fragmentParams().get(this.fragmentKey());
    let fromLink = false;
    if (shared) {
      const value = decodeFragmentValue(shared) as { a?: unknown; c?: unknown } | undefined;
      if (value && typeof value === 'object') {
        this.state = {
          ...EMPTY,
          answers: parseState({ answers: value.a }).answers,
          checked: value.c === true,
          attempted: value.c === true,
        };
        fromLink = true;
      } else {
        this.status("The link's answers could not be read, so the table starts empty.");
      }
    } else if (this.chapter) {
      this.state = parseState(progressStore().getWidget(this.chapter, this.tableId)?.state);
    }
    writeGrid(this, this.state.answers);
    this.state.answers = readGrid(this);
    if (fromLink) {
      // A link must not cost the learner their own answers: if they differ, keep them and offer them back.
      const own = this.chapter ? progressStore().getWidget(this.chapter, this.tableId) : undefined;
      const ownState = own ? parseState(own.state) : undefined;
      const differs =
        ownState !== undefined &&
        Object.keys(ownState.answers).length > 0 &&
        JSON.stringify(ownState.answers) !== JSON.stringify(this.state.answers);
      if (differs && this.chapter) {
        progressStore().saveWidget(this.chapter, `${this.tableId}--before-link`, {
          kind: 'decision-table-stash',
          state: ownState,
          done: false,
        });
        this.offerOwnAnswers();
      }
      this.save();
      if (differs || !own) {
        this.status(
          differs
            ? 'These answers came from a shared link. Your own earlier answers are kept: use “Bring back my answers” to return to them.'
            : 'These answers came from a shared link.',
        );
        this.scrollIntoView({ block: 'start' });
      }
    } else if (this.chapter && progressStore().getWidget(this.chapter, `${this.tableId}--before-link`)) {
      this.offerOwnAnswers();
    }
    this.syncButtons();
    if (this.state.checked || this.state.hintLevel > 0 || this.state.solution) {
      if (this.state.checked) await this.check(false);
      if (this.state.hintLevel > 0) await this.renderHints();
      if (this.state.solution) await this.renderSolution();
    }
  }

  /** Adds a button that swaps the link's answers for the learner's own, kept when the link was opened. */
  private offerOwnAnswers(): void {
    if (this.querySelector('[data-action="own"]')) return;
    const button = h('button', { type: 'button', 'data-action': 'own' }, 'Bring back my answers');
    button.addEventListener('click', () => {
      if (!this.chapter) return;
      const stashKey = `${this.tableId}--before-link`;
      const stash = progressStore().getWidget(this.chapter, stashKey);
      if (!stash) return;
      this.state = parseState(stash.state);
      progressStore().resetWidget(this.chapter, stashKey);
      this.removeLinkFragment();
      clearGrid(this);
      writeGrid(this, this.state.answers);
      this.save();
      button.remove();
      this.status('Your own answers are back.');
      if (this.state.checked) void this.check(false);
    });
    must(this, '[data-role="controls"]').append(button);
  }

  private removeLinkFragment(): void {
    const params = fragmentParams();
    if (!params.has(this.fragmentKey())) return;
    params.delete(this.fragmentKey());
    const rest = params.toString();
    history.replaceState(null, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
  }

  private save(): void {
    if (!this.chapter) return;
    const outcome = progressStore().saveWidget(this.chapter, this.tableId, {
      kind: 'decision-table',
      state: this.state,
      done: this.state.passed,
    });
    if (outcome.kind !== 'saved') this.status(outcome.reason);
  }

  private status(text: string): void {
    must(this, '[data-role="status"]').textContent = text;
  }

  private syncButtons(): void {
    const solution = must<HTMLButtonElement>(this, '[data-action="solution"]');
    solution.disabled = !this.state.attempted;
    solution.textContent = this.state.solution ? 'Hide solution' : 'Show solution';
    solution.setAttribute('aria-expanded', String(this.state.solution));
    solution.title = this.state.attempted ? '' : 'Check your answers once first';
    const hint = must<HTMLButtonElement>(this, '[data-action="hint"]');
    hint.disabled = this.state.hintLevel >= 3;
    hint.textContent = this.state.hintLevel >= 3 ? 'All hints shown' : `Hint ${this.state.hintLevel + 1} of 3`;
  }

  private async check(announce = true): Promise<void> {
    const model = await loadCourse();
    this.state.answers = readGrid(this);
    const grade = model.gradeDecisionTable(this.state.answers, this.scenarios);
    this.lastGrade = grade;
    if (grade.kind === 'invalid-input') {
      this.status(grade.message);
      return;
    }
    paintVerdicts(this, grade.cells);
    this.state.attempted = true;
    this.state.checked = true;
    this.state.passed = grade.passed;
    const wrong = grade.cells.filter((c) => c.verdict === 'incorrect' || c.verdict === 'not-an-option').length;
    const empty = grade.cells.filter((c) => c.verdict === 'unanswered').length;
    if (announce || grade.passed) {
      this.status(
        grade.passed
          ? `All ${grade.total} cells are right. Table solved.`
          : `${grade.correct} of ${grade.total} cells are right${wrong ? `, ${wrong} not right` : ''}${empty ? `, ${empty} not answered` : ''}. The feedback is under each answer.`,
      );
    }
    this.syncButtons();
    this.save();
    if (this.state.hintLevel > 0) await this.renderHints();
  }

  private async hint(): Promise<void> {
    if (this.state.hintLevel >= 3) return;
    this.state.hintLevel = (this.state.hintLevel + 1) as 1 | 2 | 3;
    this.syncButtons();
    await this.renderHints();
    this.save();
  }

  /** Hints for the rows that are not yet all right (every row before the first check). */
  private async renderHints(): Promise<void> {
    const model = await loadCourse();
    const level = this.state.hintLevel;
    const panel = must(this, '[data-role="hints"]');
    if (level === 0) {
      panel.replaceChildren();
      return;
    }
    const grade = this.lastGrade?.kind === 'graded' ? this.lastGrade : undefined;
    const open = this.scenarios.filter(
      (id) => !grade || grade.cells.some((c) => c.scenarioId === id && c.verdict !== 'correct'),
    );
    const list = h('ul');
    for (const id of open) {
      const scenario = model.getScenario(id);
      const hints = ([1, 2, 3] as const)
        .filter((l) => l <= level)
        .map((l) => model.hintFor(id, l))
        .filter((t): t is string => Boolean(t));
      list.append(h('li', {}, h('strong', {}, `${scenario?.title ?? id}: `), hints.join(' ')));
    }
    panel.replaceChildren(
      h('h4', {}, `Hints (level ${level} of 3)`),
      open.length ? list : h('p', {}, 'Every row is right: no hints needed.'),
    );
  }

  private async toggleSolution(): Promise<void> {
    if (!this.state.attempted) return;
    this.state.solution = !this.state.solution;
    this.syncButtons();
    await this.renderSolution();
    this.save();
  }

  private async renderSolution(): Promise<void> {
    const panel = must(this, '[data-role="solution"]');
    if (!this.state.solution) {
      panel.hidden = true;
      panel.replaceChildren();
      return;
    }
    const model = await loadCourse();
    const blocks: HTMLElement[] = [h('h4', {}, 'Solution, with the reasoning for each cell')];
    for (const id of this.scenarios) {
      const s = model.getScenario(id);
      if (!s) continue;
      const items = model.DECISION_COLUMNS.map((col) =>
        h(
          'li',
          {},
          h('strong', {}, `${model.COLUMN_LABELS[col]}: ${model.DECISION_LABELS[s.answer[col]]}. `),
          s.reasoning[col],
        ),
      );
      blocks.push(
        h(
          'div',
          {},
          h('p', {}, h('strong', {}, s.title)),
          h('ul', {}, ...items),
          s.courseAdvice ? h('p', { class: 'lab-small' }, s.courseAdvice) : null,
        ),
      );
    }
    panel.replaceChildren(...blocks);
    panel.hidden = false;
  }

  private reset(): void {
    this.state = { ...EMPTY };
    this.lastGrade = undefined;
    writeGrid(this, {});
    clearGrid(this);
    must(this, '[data-role="hints"]').replaceChildren();
    const solution = must(this, '[data-role="solution"]');
    solution.hidden = true;
    solution.replaceChildren();
    this.querySelector('[data-role="share-link"]')?.remove();
    if (this.chapter) progressStore().resetWidget(this.chapter, this.tableId);
    this.removeLinkFragment();
    this.syncButtons();
    this.status('The table is empty again.');
  }

  private async share(): Promise<void> {
    const params = fragmentParams();
    params.set(this.fragmentKey(), encodeFragmentValue({ a: readGrid(this), c: this.state.checked }));
    const url = `${location.origin}${location.pathname}${location.search}#${params.toString()}`;
    history.replaceState(null, '', url);
    const copied = await copyText(url);
    let box = this.querySelector<HTMLElement>('[data-role="share-link"]');
    if (!box) {
      const inputId = `${this.fragmentKey()}-link`;
      box = h(
        'p',
        { 'data-role': 'share-link' },
        h('label', { for: inputId }, 'Link to these answers'),
        ' ',
        h('input', { id: inputId, type: 'text', readonly: true, size: '40' }),
      );
      must(this, '[data-role="status"]').before(box);
    }
    const input = must<HTMLInputElement>(box, 'input');
    input.value = url;
    this.status(
      copied
        ? 'Link copied. Anyone who opens it sees these answers.'
        : 'Copy the link below: anyone who opens it sees these answers.',
    );
    if (!copied) input.select();
  }
}

if (!customElements.get('lab-decision-table')) customElements.define('lab-decision-table', LabDecisionTable);
