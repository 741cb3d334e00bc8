/**
 * <lab-code-lab>: upgrades a server-rendered code lab. The editor (CodeMirror) loads when the lab scrolls into
 * view; Run sends the code to a worker (runner.ts) and shows each test as it passes or fails, with the line of the
 * learner's code where an error was thrown. The code is saved per exercise in the progress store and survives a
 * reload; a passing run counts in the chapter's progress. Vanilla custom element: the state is the code and a few
 * flags.
 */
import { currentChapter, progressStore } from '../../../progress/browser.ts';
import { announceGraded } from '../../../progress/graded.ts';
import { RUN_TIMEOUT_MS, type CodePosition, type RunnerMessage } from '../worker/protocol.ts';
import type { EditorDiagnostic, LabEditor } from './editor.ts';
import { runInWorker, warmRunner, type RunEnd } from './runner.ts';
import type { TypeCheckOutcome } from './types.ts';
import { must } from '../../../lib/dom.ts';

interface LabData {
  exercise: string;
  chapter: string;
  file: string;
  starter: string;
  solution: string;
}

/** What the lab saves in the progress store (a widget record of kind "code-lab"). */
interface SavedState {
  code: string;
  /** The code replaced by "Reset to starter", so it can be restored. */
  previousCode?: string;
  /** True once any run has finished, which unlocks "Show solution". */
  ran: boolean;
}

const WIDGET_KIND = 'code-lab';
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const IMPORTED_STATUS =
  'This code came from an imported progress file, not from you. Read it before you press Run: it runs only when you do.';
const SAVE_DELAY_MS = 400;

function parseSaved(raw: unknown): SavedState | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.code !== 'string') return undefined;
  return {
    code: r.code,
    previousCode: typeof r.previousCode === 'string' ? r.previousCode : undefined,
    ran: r.ran === true,
  };
}

class LabCodeLab extends HTMLElement {
  private data!: LabData;
  private chapter = '';
  private widgetId = '';
  private editor: LabEditor | undefined;
  private editorLoading: Promise<LabEditor> | undefined;
  private code = '';
  private state: SavedState = { code: '', ran: false };
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  /**
   * True while the lab holds code from an imported progress file, unchanged: it may be someone else's, so it is
   * labelled as imported and runs only when the learner presses Run with it on screen. Editing it makes it the
   * learner's; the progress record says which it was when it ran (assist.imported).
   */
  private imported = false;
  private results!: HTMLOListElement;
  private status!: HTMLElement;
  /** Counts type checks, so an older check's answer never replaces a newer one's. */
  private typeChecks = 0;
  /** The problems last marked in the editor (so they can be marked again once it loads). */
  private marks: EditorDiagnostic[] = [];

  connectedCallback(): void {
    if (this.dataset.upgraded) return;
    this.dataset.upgraded = 'true';
    this.data = JSON.parse(must(this, 'script[data-role="data"]').textContent ?? '{}') as LabData;
    this.chapter = currentChapter() ?? this.data.chapter;
    this.widgetId = `code-lab-${this.data.exercise}`;
    this.results = must<HTMLOListElement>(this, '[data-role="results"]');
    this.status = must(this, '[data-role="status"]');

    const record = progressStore().getWidget(this.chapter, this.widgetId);
    const saved = parseSaved(record?.state);
    this.state = saved ?? { code: this.data.starter, ran: false };
    this.code = this.state.code;
    this.imported = record?.assist?.imported === true && saved !== undefined && saved.code !== this.data.starter;

    must(this, '[data-role="controls"]').hidden = false;
    must(this, '[data-role="keys"]').hidden = false;
    must(this, '[data-role="restore"]').hidden = this.state.previousCode === undefined;
    must<HTMLButtonElement>(this, '[data-role="show-solution"]').disabled = !this.state.ran;
    if (this.imported) {
      this.dataset.imported = 'true';
      this.setStatus(IMPORTED_STATUS);
    } else if (saved && saved.code !== this.data.starter)
      this.setStatus('Your saved code is back; the editor loads when the lab is on screen.');
    this.wireHints();
    this.wireButtons();
    this.loadWhenVisible();
    const warm = () => {
      warmRunner();
      this.removeEventListener('pointerover', warm);
      this.removeEventListener('focusin', warm);
    };
    this.addEventListener('pointerover', warm, { passive: true });
    this.addEventListener('focusin', warm);
  }

  /** Hints open in order: each one appears once the one before it has been opened. */
  private wireHints(): void {
    const hints = [...this.querySelectorAll<HTMLDetailsElement>('[data-role="hint"]')];
    hints.forEach((hint, i) => {
      if (i > 0) hint.hidden = !hints[i - 1]!.open;
      hint.addEventListener('toggle', () => {
        const next = hints[i + 1];
        if (hint.open && next) next.hidden = false;
      });
    });
  }

  private wireButtons(): void {
    must(this, '[data-role="run"]').addEventListener('click', () => void this.run());
    must(this, '[data-role="check-types"]').addEventListener('click', () => void this.checkTypesNow());
    must(this, '[data-role="reset"]').addEventListener('click', () => void this.reset());
    must(this, '[data-role="restore"]').addEventListener('click', () => void this.restore());
    must(this, '[data-role="show-solution"]').addEventListener('click', () => this.toggleSolution());
  }

  private loadWhenVisible(): void {
    if (!('IntersectionObserver' in window)) {
      void this.loadEditor();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void this.loadEditor();
        }
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(this);
  }

  private loadEditor(): Promise<LabEditor> {
    this.editorLoading ??= import('./editor.ts').then(({ createEditor }) => {
      const host = must(this, '[data-role="editor"]');
      this.labelFile();
      const mount = document.createElement('div');
      mount.className = 'cl-cm';
      const editor = createEditor({
        parent: mount,
        code: this.code,
        label: `Code editor for ${this.data.file}`,
        describedBy: must(this, '[data-role="keys"]').id,
        onRun: () => void this.run(),
        onEscape: () => must(this, '[data-role="run"]').focus(),
        onChange: (code) => {
          this.code = code;
          if (this.imported) {
            this.imported = false;
            delete this.dataset.imported;
            this.labelFile();
          }
          this.scheduleSave();
        },
      });
      must(host, '[data-role="static"]').replaceWith(mount);
      this.editor = editor;
      this.dataset.editor = 'ready';
      if (this.marks.length > 0) editor.showDiagnostics(this.marks);
      if (this.status.textContent?.startsWith('Your saved code is back')) this.setStatus('Your saved code is back.');
      return editor;
    });
    return this.editorLoading;
  }

  /** The editor's caption: whose code it holds. */
  private labelFile(): void {
    must(this, '.cl-file').textContent = this.imported
      ? `Imported code (from a progress file): ${this.data.file}`
      : `Your code: ${this.data.file}`;
  }

  private setStatus(text: string, tone: 'good' | 'bad' | '' = ''): void {
    this.status.textContent = text;
    this.status.className = `lab-status cl-status${tone ? ` lab-${tone}` : ''}`;
  }

  private scheduleSave(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.save(), SAVE_DELAY_MS);
  }

  private save(done?: boolean): void {
    clearTimeout(this.saveTimer);
    this.state = { ...this.state, code: this.code };
    const previous = progressStore().getWidget(this.chapter, this.widgetId);
    const outcome = progressStore().saveWidget(this.chapter, this.widgetId, {
      kind: WIDGET_KIND,
      state: this.state,
      done: done ?? previous?.done ?? false,
      assist: { imported: this.imported },
    });
    if (outcome.kind !== 'saved')
      this.setStatus(`Your code is on this page but was not saved: ${outcome.reason}`, 'bad');
  }

  private async run(): Promise<void> {
    if (this.running) return;
    if (this.imported && !this.editor) {
      // Run was pressed while the lab still showed the starter: show the imported code first, run nothing.
      const editor = await this.loadEditor();
      this.setStatus(`${IMPORTED_STATUS} It is in the editor now.`);
      editor.focus();
      return;
    }
    this.running = true;
    const started = performance.now();
    const runButton = must<HTMLButtonElement>(this, '[data-role="run"]');
    runButton.setAttribute('aria-disabled', 'true');
    this.setAttribute('aria-busy', 'true');
    this.dataset.state = 'running';
    const editor = this.editor ?? (await this.loadEditor());
    this.code = editor.getCode();
    this.results.replaceChildren();
    this.results.hidden = true;
    const output = must(this, '[data-role="output"]');
    output.textContent = '';
    must(this, '[data-role="output-wrap"]').hidden = true;
    this.setStatus('Running the tests…');

    // The type check starts with the run and never delays the test results: they show as they arrive, the types
    // beside them when the compiler answers (the first time it has to load).
    const types = this.checkTypes(this.code);
    const code = this.code;
    const end = await runInWorker(this.data.exercise, code, (message) => this.show(message));
    this.dataset.lastRunMs = String(Math.round(performance.now() - started));
    this.report(end);
    this.state.ran = true;
    must<HTMLButtonElement>(this, '[data-role="show-solution"]').disabled = false;
    let allPassed = end.kind === 'done' && end.passed === end.total;
    if (allPassed && end.kind === 'done') {
      // Passing tests solve the exercise only if the types check too, as `npm run exercise` says locally.
      this.setStatus(`All ${end.total} tests pass. Checking types…`);
      const outcome = await types;
      const errors = outcome.kind === 'checked' ? outcome.diagnostics.filter((d) => d.severity === 'error') : [];
      if (errors.length > 0) {
        allPassed = false;
        this.setStatus(
          `All ${end.total} tests pass, but TypeScript finds ${plural(errors.length, 'type error')} in your code (listed above the tests, marked in the editor). Fix ${errors.length === 1 ? 'it' : 'them'} to solve the exercise.`,
          'bad',
        );
      } else if (outcome.kind === 'unavailable') {
        this.setStatus(
          `All ${end.total} tests pass. Exercise solved. (Types not checked: ${outcome.message}.)`,
          'good',
        );
      } else {
        this.setStatus(`All ${end.total} tests pass and the types check. Exercise solved.`, 'good');
      }
    }
    const store = progressStore();
    const before = store.chapter(this.chapter).codeLabs[this.data.exercise];
    store.recordCodeLab(this.chapter, this.data.exercise, {
      passed: allPassed || before?.passed === true,
      attempts: (before?.attempts ?? 0) + 1,
      assist: { imported: this.imported },
    });
    this.save(allPassed || before?.passed === true);
    // The hash library loads with the first finished run, not with every chapter page.
    const { sha256Hex } = end.kind === 'done' ? await import('../../../lib/sha256.ts') : { sha256Hex: undefined };
    if (end.kind === 'done' && sha256Hex)
      announceGraded({
        kind: 'code-lab',
        chapter: this.chapter,
        item: this.data.exercise,
        correct: end.passed,
        total: end.total,
        passed: allPassed,
        // What the room records: the report of the run and which code it was (the server never runs it).
        answers: { passed: allPassed, tests: { passed: end.passed, total: end.total }, codeHash: sha256Hex(code) },
        assist: store.chapter(this.chapter).codeLabs[this.data.exercise]?.assist,
      });

    runButton.removeAttribute('aria-disabled');
    this.removeAttribute('aria-busy');
    this.dataset.state = allPassed ? 'passed' : 'failed';
    this.running = false;
  }

  /** Shows one message from the runner as it arrives. */
  private show(message: RunnerMessage): void {
    switch (message.type) {
      case 'result': {
        this.results.hidden = false;
        const item = document.createElement('li');
        item.className = message.passed ? 'cl-pass' : 'cl-fail';
        const verdict = document.createElement('strong');
        verdict.textContent = message.passed ? 'Passed: ' : 'Failed: ';
        item.append(verdict, message.name);
        if (!message.passed && message.message) {
          const why = document.createElement('p');
          why.className = 'cl-why';
          why.textContent = message.message;
          item.append(why);
        }
        if (message.position) item.append(this.lineLink(message.position, 'Thrown at'));
        this.results.append(item);
        break;
      }
      case 'log': {
        const output = must(this, '[data-role="output"]');
        must(this, '[data-role="output-wrap"]').hidden = false;
        output.textContent += `${message.text}\n`;
        break;
      }
      case 'syntax-error':
      case 'load-error': {
        this.results.hidden = false;
        const item = document.createElement('li');
        item.className = 'cl-fail';
        const title = document.createElement('strong');
        title.textContent =
          message.type === 'syntax-error' ? 'Your code does not parse: ' : 'Your code could not be loaded: ';
        item.append(title, message.message);
        if (message.position) {
          item.append(this.lineLink(message.position, message.type === 'syntax-error' ? 'At' : 'Thrown at'));
          // Marked in the editor at once; the type check marks it again with the compiler's words.
          if (message.type === 'syntax-error')
            this.mark([
              {
                line: message.position.line,
                column: message.position.column + 1,
                endLine: message.position.line,
                endColumn: message.position.column + 1,
                message: message.message,
                severity: 'error',
                source: 'syntax',
              },
            ]);
        }
        this.results.append(item);
        break;
      }
      case 'done':
        break;
    }
  }

  /** Marks problems in the editor (now, or when it loads). */
  private mark(diagnostics: EditorDiagnostic[]): void {
    this.marks = diagnostics;
    this.editor?.showDiagnostics(diagnostics);
  }

  /** "Check types": checks the editor's code without running it. */
  private async checkTypesNow(): Promise<void> {
    const editor = this.editor ?? (await this.loadEditor());
    await this.checkTypes(editor.getCode());
  }

  /** Type-checks `code` and shows the outcome beside the tests; resolves with the outcome. */
  private async checkTypes(code: string): Promise<TypeCheckOutcome> {
    const check = ++this.typeChecks;
    const box = must(this, '[data-role="types"]');
    box.hidden = false;
    this.dataset.types = 'checking';
    must(box, '[data-role="types-status"]').textContent =
      check === 1 ? 'Checking types… loading the TypeScript compiler (step 1 of 2)' : 'Checking types…';
    // The checking and its display load with the first check, as the compiler does.
    const { checkAndShow } = await import('./types.ts');
    return checkAndShow({
      lab: this,
      box,
      exercise: this.data.exercise,
      code,
      current: () => check === this.typeChecks,
      lineLink: (position) => this.lineLink(position, 'At'),
      mark: (diagnostics) => this.mark(diagnostics),
    });
  }

  /** A button that puts the editor's cursor where something happened. */
  private lineLink(position: CodePosition, prefix: string): HTMLElement {
    const p = document.createElement('p');
    p.className = 'cl-where';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'cl-line';
    button.textContent = `${prefix} line ${position.line}, column ${position.column}`;
    button.addEventListener('click', () => this.editor?.goTo(position.line, position.column));
    p.append(button);
    return p;
  }

  private report(end: RunEnd): void {
    switch (end.kind) {
      case 'done':
        if (end.passed === end.total) this.setStatus(`All ${end.total} tests pass.`, 'good');
        else
          this.setStatus(
            `${end.total - end.passed} of ${end.total} tests fail. The first failure is the place to start.`,
            'bad',
          );
        break;
      case 'syntax-error':
        this.setStatus('The code has a syntax error, so no test ran.', 'bad');
        break;
      case 'load-error':
        this.setStatus('The code could not be loaded, so no test ran.', 'bad');
        break;
      case 'timeout':
        this.setStatus(
          `Stopped after ${RUN_TIMEOUT_MS / 1000} seconds: your code was still running, probably an endless loop. ${this.results.children.length > 0 ? 'The tests that finished are listed below.' : 'No test finished.'}`,
          'bad',
        );
        break;
      case 'crashed':
        this.setStatus(
          `The runner stopped: ${end.message}. Your code is safe in the editor; run again to retry.`,
          'bad',
        );
        break;
    }
  }

  private async reset(): Promise<void> {
    const editor = this.editor ?? (await this.loadEditor());
    const current = editor.getCode();
    if (current === this.data.starter) {
      this.setStatus('The editor already holds the starter code.');
      return;
    }
    this.state.previousCode = current;
    editor.setCode(this.data.starter);
    this.code = this.data.starter;
    this.save();
    must(this, '[data-role="restore"]').hidden = false;
    this.setStatus('Back to the starter code. "Restore my code" brings your version back.');
  }

  private async restore(): Promise<void> {
    const previous = this.state.previousCode;
    if (previous === undefined) return;
    const editor = this.editor ?? (await this.loadEditor());
    editor.setCode(previous);
    this.code = previous;
    this.state.previousCode = undefined;
    this.save();
    must(this, '[data-role="restore"]').hidden = true;
    this.setStatus('Your code is back.');
    editor.focus();
  }

  private toggleSolution(): void {
    const panel = must(this, '[data-role="solution"]');
    const button = must<HTMLButtonElement>(this, '[data-role="show-solution"]');
    if (!panel.querySelector('.lab-code')) {
      const template = must<HTMLTemplateElement>(panel, 'template[data-role="solution-html"]');
      const code = document.createElement('div');
      code.className = 'lab-code';
      code.append(template.content.cloneNode(true));
      panel.append(code);
    }
    panel.hidden = !panel.hidden;
    if (!panel.hidden) {
      const store = progressStore();
      const lab = store.chapter(this.chapter).codeLabs[this.data.exercise];
      store.recordCodeLab(this.chapter, this.data.exercise, {
        passed: lab?.passed ?? false,
        ...(lab?.attempts !== undefined ? { attempts: lab.attempts } : {}),
        assist: { solutionShown: true },
      });
    }
    button.setAttribute('aria-expanded', String(!panel.hidden));
    button.setAttribute('aria-controls', panel.id);
    button.textContent = panel.hidden ? 'Show solution' : 'Hide solution';
  }
}

if (!customElements.get('lab-code-lab')) customElements.define('lab-code-lab', LabCodeLab);
