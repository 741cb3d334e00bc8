/**
 * <lab-decision-table>: upgrades the server-rendered decision table. Check grades every cell with the model's
 * gradeDecisionTable and shows its feedback under each answer; hints come from hintFor, three levels; the solution
 * opens only after an attempt that answered every cell. The learner's answers survive a reload (progress store).
 *
 * Shared links (#dt-<id>=…) are someone else's answers, so they are hostile input and never the learner's work:
 * they open beside the learner's own answers (each cell shows the link's answer under the learner's), replace them
 * only when the learner asks, and then keep the learner's own answers for undo in `<id>--before-link`, which a
 * further link cannot overwrite (it is written only while the table holds the learner's own answers). Answers
 * adopted from a link are recorded as link-loaded: they never mark the table solved and never count as an attempt.
 */
import type { DecisionAnswers, DecisionTableGrade } from '#course';
import { LINK_STASH_SUFFIX } from '../../../progress/migrate.ts';
import { currentChapter, progressStore } from '../../../progress/browser.ts';
import { announceGraded } from '../../../progress/graded.ts';
import type { Assist } from '../../../progress/schema.ts';
import { h, must } from '../../../lib/dom.ts';
import { fragmentParams } from './dom.ts';
import { clearCell, clearGrid, enhanceGrid, readGrid, writeGrid } from './grid.ts';
import type { TableLinkHost } from './table-links.ts';
import { loadCourse, loadVerdicts, reportCheckFailure, warmModelOnIntent } from './model.ts';
import { isRecord } from '../../../lib/record.ts';

interface TableState {
  answers: DecisionAnswers;
  hintLevel: 0 | 1 | 2 | 3;
  /** True once the learner checked a table with every cell answered: that opens "Show solution". */
  attempted: boolean;
  /** True when the answers were checked and not changed since (the feedback is shown again after a reload). */
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

/** The share-link code, loaded when a page has a link or the learner shares one. */
const loadLinks = () => import('./table-links.ts');

/** Reads a saved state, keeping only what has the right type. */
function parseState(raw: unknown): TableState {
  if (!isRecord(raw)) return { ...EMPTY };
  const level = raw.hintLevel;
  return {
    answers: isRecord(raw.answers) ? (raw.answers as DecisionAnswers) : {},
    hintLevel: level === 1 || level === 2 || level === 3 ? level : 0,
    attempted: raw.attempted === true,
    checked: raw.checked === true,
    solution: raw.solution === true && raw.attempted === true,
    passed: raw.passed === true,
  };
}

const countAnswers = (answers: DecisionAnswers) =>
  Object.values(answers).reduce((n, row) => n + Object.values(row ?? {}).filter(Boolean).length, 0);

class LabDecisionTable extends HTMLElement {
  private state: TableState = { ...EMPTY };
  private tableId = '';
  private scenarios: string[] = [];
  private chapter: string | undefined;
  private lastGrade: DecisionTableGrade | undefined;
  /** The answers of a shared link being viewed beside the learner's own (only the cells that are options). */
  private linkAnswers: DecisionAnswers | undefined;
  /** Whether the answers in the table came from a link (recorded in progress as assist.linkLoaded). */
  private linkLoaded = false;

  connectedCallback(): void {
    if (this.dataset.upgraded) return;
    this.dataset.upgraded = 'true';
    this.tableId = this.dataset.tableId ?? '';
    this.scenarios = (this.dataset.scenarios ?? '').split(',').filter(Boolean);
    this.chapter = currentChapter();
    const form = must<HTMLFormElement>(this, '[data-role="form"]');
    must(this, '[data-role="controls"]').hidden = false;
    enhanceGrid(this);
    warmModelOnIntent(this, () => Promise.all([loadCourse(), loadVerdicts()]));

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.check().catch(reportCheckFailure(this));
    });
    form.addEventListener('change', (event) => {
      const select = event.target as HTMLSelectElement;
      if (!select.matches('select[data-scenario]')) return;
      clearCell(select);
      // The last check's verdict ("Table solved.") was about other answers: it goes with them.
      if (this.state.checked) this.status('Your answers changed since the last check.');
      this.state.answers = readGrid(this);
      this.state.passed = false;
      this.state.checked = false;
      this.save();
    });
    must(this, '[data-action="hint"]').addEventListener('click', () => void this.hint());
    must(this, '[data-action="solution"]').addEventListener('click', () => void this.toggleSolution());
    must(this, '[data-action="reset"]').addEventListener('click', () => this.reset());
    const links = (run: (m: typeof import('./table-links.ts'), host: TableLinkHost) => unknown) => () =>
      void loadLinks().then((m) => run(m, this.linkHost()));
    must(this, '[data-action="share"]').addEventListener(
      'click',
      links((m, host) => m.share(host)),
    );
    must(this, '[data-action="adopt"]').addEventListener(
      'click',
      links((m, host) => m.adoptLink(host)),
    );
    must(this, '[data-action="close-link"]').addEventListener(
      'click',
      links((m, host) => m.closeLink(host)),
    );
    must(this, '[data-action="own"]').addEventListener('click', () => this.bringBackOwn());

    void this.restore();
    // A link opened while the page is open (same page, new fragment) is shown beside the answers too.
    window.addEventListener('hashchange', () => this.openLinkIfAny());
  }

  private fragmentKey(): string {
    return `dt-${this.tableId}`;
  }

  private stashKey(): string {
    return `${this.tableId}${LINK_STASH_SUFFIX}`;
  }

  private async restore(): Promise<void> {
    // Choices made before this code arrived: the table is usable before its script loads (it loads when about to be
    // used), so a quick learner can choose first. Those choices are the newest and win over the saved ones.
    const early = readGrid(this);
    if (this.chapter) {
      const saved = progressStore().getWidget(this.chapter, this.tableId);
      this.state = parseState(saved?.state);
      this.linkLoaded = saved?.assist?.linkLoaded === true;
    }
    const merged: DecisionAnswers = { ...this.state.answers };
    for (const [scenario, row] of Object.entries(early)) merged[scenario] = { ...merged[scenario], ...row };
    writeGrid(this, merged);
    this.state.answers = readGrid(this);
    if (countAnswers(early) > 0) {
      this.state.passed = false;
      this.state.checked = false;
      this.save();
    }
    this.syncOwnButton();
    this.syncButtons();
    if (this.state.checked) await this.check(false);
    if (this.state.hintLevel > 0) await this.renderHints();
    if (this.state.solution) await this.renderSolution();
    this.openLinkIfAny();
  }

  /** Shows a shared link's answers beside the learner's, when the address has a link for this table. */
  private openLinkIfAny(): void {
    if (fragmentParams().has(this.fragmentKey())) void loadLinks().then((m) => m.openLinkFromFragment(this.linkHost()));
  }

  /** This table as the share-link module sees it. */
  private linkHost(): TableLinkHost {
    const read = () => this.linkAnswers;
    const write = (answers: DecisionAnswers | undefined) => (this.linkAnswers = answers);
    return {
      root: this,
      fragmentKey: this.fragmentKey(),
      get linkAnswers() {
        return read();
      },
      set linkAnswers(answers) {
        write(answers);
      },
      loadFromLink: (answers) => this.loadFromLink(answers),
      status: (text) => this.status(text),
      focusCheck: () => must<HTMLButtonElement>(this, '[data-action="check"]').focus(),
    };
  }

  /** Puts a link's answers in the table, keeping the learner's own for "Bring back my answers". */
  private loadFromLink(answers: DecisionAnswers): boolean {
    // Only the learner's own answers are stashed: answers that came from an earlier link never replace them.
    if (this.chapter && !this.linkLoaded && countAnswers(this.state.answers) > 0) {
      const outcome = progressStore().saveWidget(this.chapter, this.stashKey(), {
        kind: 'decision-table-stash',
        state: this.state,
        done: false,
      });
      if (outcome.kind === 'rejected') {
        this.status(
          `Your answers could not be kept for undo (${outcome.reason}), so the link's answers were not used.`,
        );
        return false;
      }
    }
    this.state = { ...EMPTY, hintLevel: this.state.hintLevel, answers };
    this.linkLoaded = true;
    this.lastGrade = undefined;
    clearGrid(this);
    writeGrid(this, answers);
    this.renderSolution().catch(reportCheckFailure(this));
    this.save();
    this.syncOwnButton();
    this.syncButtons();
    this.status(
      `The table now holds the answers from the link. They do not count as your work.${this.hasStash() ? ' “Bring back my answers” returns to yours.' : ''}`,
    );
    return true;
  }

  private hasStash(): boolean {
    return Boolean(this.chapter && progressStore().getWidget(this.chapter, this.stashKey()));
  }

  private syncOwnButton(): void {
    must(this, '[data-action="own"]').hidden = !this.hasStash();
  }

  /** Swaps the table back to the learner's own answers, kept when they adopted a link. */
  private bringBackOwn(): void {
    if (!this.chapter) return;
    const stash = progressStore().getWidget(this.chapter, this.stashKey());
    if (!stash) return;
    this.state = parseState(stash.state);
    this.linkLoaded = false;
    this.lastGrade = undefined;
    clearGrid(this);
    writeGrid(this, this.state.answers);
    this.save();
    progressStore().resetWidget(this.chapter, this.stashKey());
    this.syncOwnButton();
    this.syncButtons();
    if (this.linkAnswers) void loadLinks().then((m) => m.showLinkAnswers(this.linkHost()));
    this.status('Your own answers are back.');
    must<HTMLButtonElement>(this, '[data-action="check"]').focus();
    if (this.state.checked) this.check(false).catch(reportCheckFailure(this));
  }

  private assist(): Partial<Assist> {
    return { hints: this.state.hintLevel, solutionShown: this.state.solution, linkLoaded: this.linkLoaded };
  }

  private save(): void {
    if (!this.chapter) return;
    const outcome = progressStore().saveWidget(this.chapter, this.tableId, {
      kind: 'decision-table',
      state: this.state,
      done: this.state.passed && !this.linkLoaded,
      assist: this.assist(),
    });
    if (outcome.kind !== 'saved') this.status(outcome.reason);
  }

  private status(text: string): void {
    must(this, '[data-role="status"]').textContent = text;
  }

  private syncButtons(): void {
    const solution = must<HTMLButtonElement>(this, '[data-action="solution"]');
    solution.hidden = !this.state.attempted;
    solution.textContent = this.state.solution ? 'Hide solution' : 'Show solution';
    solution.setAttribute('aria-expanded', String(this.state.solution));
    must(this, '[data-role="solution-hint"]').hidden = this.state.attempted;
    const hint = must<HTMLButtonElement>(this, '[data-action="hint"]');
    hint.hidden = this.state.hintLevel >= 3;
    hint.textContent = `Hint ${this.state.hintLevel + 1} of 3`;
  }

  private async check(announce = true): Promise<void> {
    const [model, { paintVerdicts }] = await Promise.all([loadCourse(), loadVerdicts()]);
    this.state.answers = readGrid(this);
    const grade = model.gradeDecisionTable(this.state.answers, this.scenarios);
    this.lastGrade = grade;
    if (grade.kind === 'invalid-input') {
      this.status(grade.message);
      return;
    }
    paintVerdicts(this, grade.cells);
    const wrong = grade.cells.filter((c) => c.verdict === 'incorrect' || c.verdict === 'not-an-option').length;
    const empty = grade.cells.filter((c) => c.verdict === 'unanswered').length;
    // An attempt is a check of a complete table by the learner: an empty or half-filled Check, or a link's answers,
    // is not one, so it opens no solution.
    if (empty === 0 && !this.linkLoaded) this.state.attempted = true;
    this.state.checked = true;
    this.state.passed = grade.passed && !this.linkLoaded;
    if (announce || grade.passed) {
      const summary = grade.passed
        ? `All ${grade.total} cells are right.`
        : `${grade.correct} of ${grade.total} cells are right${wrong ? `, ${wrong} not right` : ''}${empty ? `, ${empty} not answered` : ''}.`;
      const next = this.linkLoaded
        ? ' These answers came from a link, so the table is not marked solved.'
        : grade.passed
          ? ' Table solved.'
          : empty > 0
            ? ' Answer every cell: the solution opens after a complete check.'
            : ' The feedback is under each answer.';
      this.status(summary + next);
    }
    this.syncButtons();
    this.save();
    if (this.state.hintLevel > 0) await this.renderHints();
    if (announce && this.chapter) {
      announceGraded({
        kind: 'decision-table',
        chapter: this.chapter,
        item: this.tableId,
        correct: grade.correct,
        total: grade.total,
        passed: this.state.passed,
        answers: this.state.answers,
        assist: progressStore().getWidget(this.chapter, this.tableId)?.assist,
      });
    }
  }

  private async hint(): Promise<void> {
    if (this.state.hintLevel >= 3) return;
    this.state.hintLevel = (this.state.hintLevel + 1) as 1 | 2 | 3;
    this.syncButtons();
    await this.renderHints();
    this.save();
    // The hint button disappears after the third hint: focus moves to the hints it opened.
    if (this.state.hintLevel >= 3) must(this, '[data-role="hints"] h4').focus();
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
      h('h4', { tabindex: '-1' }, level >= 3 ? 'Hints (all three)' : `Hints (${level} of 3)`),
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
    if (
      countAnswers(readGrid(this)) > 0 &&
      !window.confirm('Clear every answer in this table, with its hints and feedback?')
    )
      return;
    this.state = { ...EMPTY };
    this.linkLoaded = false;
    this.lastGrade = undefined;
    writeGrid(this, {});
    clearGrid(this);
    must(this, '[data-role="hints"]').replaceChildren();
    this.renderSolution().catch(reportCheckFailure(this));
    this.querySelector('[data-role="share-link"]')?.remove();
    if (this.chapter) progressStore().resetWidget(this.chapter, this.tableId);
    if (this.linkAnswers) void loadLinks().then((m) => m.showLinkAnswers(this.linkHost()));
    this.syncButtons();
    this.status('The table is empty again.');
    must<HTMLButtonElement>(this, '[data-action="check"]').focus();
  }
}

if (!customElements.get('lab-decision-table')) customElements.define('lab-decision-table', LabDecisionTable);
