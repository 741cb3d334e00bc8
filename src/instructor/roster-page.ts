/**
 * `<lab-roster>`, the roster page in the browser (src/pages/instructor/roster.astro): reads pasted and dropped
 * receipts, re-grades them in a Web Worker (on the page when the worker cannot start), draws the roster
 * (`roster-view.ts`), keeps it in this browser (`roster-store.ts`) and offers the CSV and LMS files.
 */
import { formatDateTime } from '../lib/dates.ts';
import type { ConflictChoice, CourseData } from '../receipts/grade.ts';
import { MAX_ROSTER_CHARS, type LoadedText } from '../receipts/inputs.ts';
import type { RosterRequest, RosterResult } from '../receipts/roster-run.ts';
import { CHOICE_EVENT, renderRoster, type ChoiceDetail } from './roster-view.ts';
import { clearRoster, loadRoster, saveRoster, type RosterStorage } from './roster-store.ts';
import { lmsExportControls, lmsFileOf } from '../lms/roster-export.ts';
import type { Marks } from '../receipts/roster-model.ts';
import { downloadFile } from '../lib/download.ts';

/** The most the page reads in all (files and paste): a class's receipts are a few megabytes. */
const MAX_TOTAL = MAX_ROSTER_CHARS;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;

class Roster extends HTMLElement {
  private worker: Worker | undefined;
  private runId = 0;
  private files: File[] = [];
  private csv = '';
  /** What was graded last, so a choice about a name conflict can grade it again. */
  private texts: LoadedText[] = [];
  private choices: Record<string, ConflictChoice> = {};

  connectedCallback() {
    const course = JSON.parse(document.getElementById('roster-course')!.textContent ?? '{}') as CourseData;
    const form = this.querySelector<HTMLFormElement>('[data-role="form"]')!;
    const paste = this.querySelector<HTMLTextAreaElement>('[data-role="paste"]')!;
    const input = this.querySelector<HTMLInputElement>('[data-role="files"]')!;
    const list = this.querySelector<HTMLElement>('[data-role="file-list"]')!;
    const status = this.querySelector<HTMLElement>('[data-role="status"]')!;
    const results = this.querySelector<HTMLElement>('[data-role="results"]')!;
    const csvButton = this.querySelector<HTMLButtonElement>('[data-action="csv"]')!;
    form.hidden = false;
    let marks: Marks | undefined;
    const lmsRoster = lmsExportControls(this.querySelector<HTMLElement>('[data-role="lms-export"]')!, (request) =>
      marks ? lmsFileOf(marks, request) : { error: 'Grade some receipts first.' },
    );
    // localStorage itself may throw on access (storage disabled); then the roster is simply not kept.
    let storage: RosterStorage | undefined;
    try {
      storage = window.localStorage;
    } catch {
      storage = undefined;
    }
    // Start the worker now and let it warm up while the instructor gathers receipts.
    try {
      this.worker = new Worker(new URL('../receipts/roster.worker.ts', import.meta.url), { type: 'module' });
      this.worker.postMessage({ warm: course });
    } catch {
      this.worker = undefined;
    }

    const showFiles = () => {
      list.replaceChildren();
      for (const f of this.files)
        list.append(
          Object.assign(document.createElement('li'), { textContent: `${f.name} (${Math.ceil(f.size / 1024)} KB)` }),
        );
    };
    const addFiles = (files: FileList | null) => {
      for (const f of files ?? [])
        if (!this.files.some((g) => g.name === f.name && g.size === f.size && g.lastModified === f.lastModified))
          this.files.push(f);
      showFiles();
    };
    input.addEventListener('change', () => addFiles(input.files));
    form.addEventListener('dragover', (e) => {
      e.preventDefault();
      form.classList.add('ws-dragging');
    });
    form.addEventListener('dragleave', () => form.classList.remove('ws-dragging'));
    form.addEventListener('drop', (e) => {
      e.preventDefault();
      form.classList.remove('ws-dragging');
      addFiles(e.dataTransfer?.files ?? null);
      if (this.files.length > 0) form.requestSubmit();
    });
    this.querySelector('[data-action="clear"]')!.addEventListener('click', () => {
      paste.value = '';
      input.value = '';
      this.files = [];
      showFiles();
      results.replaceChildren();
      this.texts = [];
      this.choices = {};
      this.runId++;
      if (storage) clearRoster(storage);
      status.textContent = 'Cleared: the roster is no longer kept in this browser.';
      csvButton.disabled = true;
      marks = undefined;
      lmsRoster(undefined);
    });
    csvButton.addEventListener('click', () =>
      downloadFile(
        new Blob([this.csv], { type: 'text/csv;charset=utf-8' }),
        `mcp-message-lab-roster-${new Date().toISOString().slice(0, 10)}.csv`,
      ),
    );

    /** Grades `texts` with the current choices and shows the result; the status always ends on an outcome. */
    const run = async (texts: LoadedText[], restoredFrom?: string) => {
      status.textContent = 'Grading…';
      try {
        const { result, where } = await this.grade({ id: ++this.runId, course, texts, choices: this.choices });
        if (result.id !== this.runId) return;
        this.csv = renderRoster(results, result);
        marks = result.marks;
        lmsRoster(result.roster.entries.length > 0 ? result.marks.chapters : undefined);
        csvButton.disabled = result.roster.entries.length === 0;
        const found = result.roster.entries.length;
        const waiting = found - result.roster.counted - result.roster.flagged;
        const summary =
          found === 0
            ? 'No receipt was found in that text.'
            : `${found.toLocaleString('en')} receipt${found === 1 ? '' : 's'}: ${result.roster.counted.toLocaleString('en')} counted, ${result.roster.flagged.toLocaleString('en')} flagged${waiting > 0 ? `, ${waiting} with the same name as another (choose below)` : ''}. Re-graded in ${result.ms.toFixed(0)} ms ${where === 'worker' ? 'in a background worker' : 'on this page'}.`;
        status.textContent = `${restoredFrom ? `Restored the roster kept in this browser (${restoredFrom}). ` : ''}${summary}${keep(texts)}`;
      } catch (error) {
        status.textContent = `The receipts could not be graded: ${error instanceof Error ? error.message : String(error)}. Nothing was counted; try fewer files at a time.`;
      }
    };

    /** Keeps what was graded in this browser; returns what to add to the status when it could not. */
    const keep = (texts: LoadedText[]): string => {
      if (!storage) return ' (This browser does not let the page keep it: it will be gone on reload.)';
      const kept = texts.filter((t): t is { name: string; text: string } => 'text' in t);
      const outcome = saveRoster(storage, { savedAt: new Date().toISOString(), texts: kept, choices: this.choices });
      if (outcome.kind === 'too-large')
        return ` Too large to keep in this browser (${mb(outcome.chars)}, over 4 MB): it will be gone on reload.`;
      if (outcome.kind === 'refused')
        return ` This browser refused to keep it (${outcome.message}): it will be gone on reload.`;
      return '';
    };

    const stored = storage ? loadRoster(storage) : undefined;
    if (stored && stored.texts.length > 0) {
      this.texts = stored.texts;
      this.choices = stored.choices;
      void run(stored.texts, `graded ${formatDateTime(stored.savedAt) ?? 'earlier'}`);
    }

    this.addEventListener(CHOICE_EVENT, (event) => {
      const { key, choice } = (event as CustomEvent<ChoiceDetail>).detail;
      this.choices = { ...this.choices, [key]: choice };
      void run(this.texts);
    });

    const gradeForm = async (e: SubmitEvent) => {
      e.preventDefault();
      // The whole input is capped before anything is read: a class's receipts are a few megabytes.
      const total = paste.value.length + this.files.reduce((n, f) => n + f.size, 0);
      if (total > MAX_TOTAL) {
        status.textContent = `That is ${mb(total)}, more than ${mb(MAX_TOTAL)} in all: nothing was graded. Receipts are a few kilobytes each; grade the files in smaller groups.`;
        return;
      }
      const texts: LoadedText[] = [];
      if (paste.value.trim()) texts.push({ name: 'pasted text', text: paste.value });
      for (const f of this.files) {
        try {
          texts.push({ name: f.name, text: await f.text() });
        } catch (error) {
          texts.push({
            name: f.name,
            error: `${f.name}: could not be read (${error instanceof Error ? error.message : String(error)})`,
          });
        }
      }
      if (texts.length === 0) {
        status.textContent = 'Paste some receipts or choose receipt files first.';
        return;
      }
      this.texts = texts;
      this.choices = {};
      await run(texts);
    };
    form.addEventListener('submit', (e) => void gradeForm(e));
  }

  /** Grades in the Web Worker; falls back to this page if the worker cannot start. */
  private async grade(request: RosterRequest): Promise<{ result: RosterResult; where: 'worker' | 'page' }> {
    try {
      if (!this.worker) throw new Error('no worker');
      const worker = this.worker;
      const result = await new Promise<RosterResult>((resolve, reject) => {
        const onMessage = (
          event: MessageEvent<{ kind: 'result' | 'error'; id: number; message?: string } & RosterResult>,
        ) => {
          if (event.data.id !== request.id) return;
          worker.removeEventListener('message', onMessage);
          if (event.data.kind === 'result') resolve(event.data);
          else reject(new Error(event.data.message));
        };
        worker.addEventListener('message', onMessage);
        worker.addEventListener('error', (e) => reject(new Error(e.message)), { once: true });
        worker.postMessage(request);
      });
      return { result, where: 'worker' };
    } catch {
      this.worker = undefined;
      const { runRoster } = await import('../receipts/roster-run.ts');
      return { result: await runRoster(request), where: 'page' };
    }
  }
}

if (!customElements.get('lab-roster')) customElements.define('lab-roster', Roster);
