/**
 * <lab-progress-page>: draws the course summary and the next step, the bars and the recorded widgets per chapter,
 * and runs export, import, resets (each confirmed; a chapter's reset only where it has progress) and the set-aside
 * list. Browser only.
 */
import { formatDateTime } from '../lib/dates.ts';
import { progressStore, showProgressNotice } from './browser.ts';
import { chapterCompletion, chapterMark, isItemDone, itemParts, itemState, type ChapterItems } from './items.ts';
import { describeCourse, describeLeft, hasProgress, nextStep } from './path.ts';
import { must } from '../lib/dom.ts';
import { downloadFile } from '../lib/download.ts';

function button(label: string, onClick: () => void, aria?: string, className = ''): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.textContent = label;
  if (aria) b.setAttribute('aria-label', aria);
  b.addEventListener('click', onClick);
  return b;
}

class LabProgressPage extends HTMLElement {
  connectedCallback(): void {
    if (this.dataset.upgraded) return;
    this.dataset.upgraded = 'true';
    const course =
      (JSON.parse(this.querySelector('script[data-role="data"]')?.textContent ?? '{}') as { chapters?: ChapterItems[] })
        .chapters ?? [];
    // In a workshop room the page counts and lists the room's chapters only (the ids RoomHead.astro puts on <html>).
    const room = document.documentElement.dataset.roomChapters?.split(' ').filter(Boolean) ?? [];
    const manifest = room.length > 0 ? course.filter((entry) => room.includes(entry.chapter)) : course;
    for (const entry of course) {
      const li = this.querySelector<HTMLElement>(`li[data-chapter="${CSS.escape(entry.chapter)}"]`);
      if (li) li.hidden = !manifest.includes(entry);
    }
    const store = progressStore();
    const status = this.querySelector<HTMLElement>('[data-role="status"]')!;
    const say = (text: string) => (status.textContent = text);
    this.querySelector<HTMLElement>('[data-role="file-section"]')!.hidden = false;
    must(this, '[data-role="summary-section"]').hidden = false;

    const draw = () => {
      const progress = store.read();
      this.drawSummary(manifest, progress.chapters);
      for (const entry of manifest) {
        const li = this.querySelector<HTMLElement>(`li[data-chapter="${CSS.escape(entry.chapter)}"]`);
        if (!li) continue;
        const record = progress.chapters[entry.chapter];
        // Resetting a chapter with nothing in it would do nothing: the button is there only when it would.
        const actions = li.querySelector<HTMLElement>('[data-role="chapter-actions"]');
        if (actions) actions.hidden = !hasProgress(record);
        // The chapter's status by the course's one rule (src/course/marking.ts), the word receipts and the room use.
        const mark = li.querySelector<HTMLElement>('[data-role="mark"]');
        if (mark) {
          const { status, label } = chapterMark(entry.items, record);
          mark.dataset.status = status;
          mark.textContent = label;
          mark.hidden = entry.items.length === 0; // a chapter for reading has no status
        }
        const { done, total, percent } = chapterCompletion(entry.items, record);
        const bar = li.querySelector<HTMLElement>('[data-role="bar"]')!;
        if (total === 0) continue; // a chapter for reading: the page already says so
        const meter = document.createElement('progress');
        meter.max = Math.max(total, 1);
        meter.value = done;
        meter.id = `bar-${entry.chapter}`;
        const label = document.createElement('label');
        label.htmlFor = meter.id;
        label.textContent = `${done} of ${total} done (${percent}%)`;
        bar.replaceChildren(label, meter);
        must(li, '[data-role="left"]').textContent = describeLeft(entry.items, record);
        entry.items.forEach((item, i) => {
          const line = li.querySelector<HTMLElement>(`li[data-index="${i}"]`);
          if (!line) return;
          line.dataset.done = String(isItemDone(item, record));
          line.dataset.started = String(itemParts(item, record).done > 0);
          must(line, '[data-role="state"]').textContent = itemState(item, record);
        });
      }
      this.querySelector<HTMLElement>('[data-action="undo"]')!.hidden = !store.hasBackup();
      must(this, '[data-role="reset-all-group"]').hidden = !Object.values(progress.chapters).some(hasProgress);
      this.drawAside();
    };

    this.addEventListener('click', (event) => {
      const target = (event.target as HTMLElement).closest<HTMLElement>('[data-action]');
      if (!target) return;
      const action = target.dataset.action;
      if (action === 'reset-chapter') {
        const chapter = target.dataset.chapter ?? '';
        const title = manifest.find((m) => m.chapter === chapter)?.title ?? chapter;
        if (!confirm(`Reset all progress in “${title}”? You can undo this until your next reset or import.`)) return;
        const outcome = store.resetChapter(chapter);
        say(
          outcome.kind === 'rejected'
            ? outcome.reason
            : `“${title}” is reset. Use “Undo the last reset or import” to bring it back.`,
        );
      } else if (action === 'reset-all') {
        if (!confirm('Reset your progress in the whole course? You can undo this until your next reset or import.'))
          return;
        store.resetAll();
        say('All progress is reset. Use “Undo the last reset or import” to bring it back.');
      } else if (action === 'undo') {
        const outcome = store.undoLast();
        say(
          outcome.kind === 'rejected' ? outcome.reason : 'Your progress from before the last reset or import is back.',
        );
      } else if (action === 'export') {
        downloadFile(
          new Blob([store.exportJson()], { type: 'application/json' }),
          `mcp-message-lab-progress-${new Date().toISOString().slice(0, 10)}.json`,
        );
        say('Progress exported. The file holds everything shown on this page.');
      }
    });

    const input = this.querySelector<HTMLInputElement>('#progress-import')!;
    const importFile = async (): Promise<void> => {
      const file = input.files?.[0];
      if (!file) return;
      if (file.size > 5 * 1024 * 1024) {
        say('That file is larger than 5 MB: it is not a progress export.');
        input.value = '';
        return;
      }
      const text = await file.text();
      input.value = '';
      const current = store.read();
      if (
        Object.keys(current.chapters).length > 0 &&
        !confirm('Importing replaces the progress in this browser. You can undo it afterwards. Import?')
      )
        return;
      const outcome = store.importJson(text);
      say(
        outcome.kind === 'invalid'
          ? outcome.reason
          : `Imported progress for ${outcome.chapters} chapter${outcome.chapters === 1 ? '' : 's'}${outcome.migratedFrom !== undefined ? ` (converted from format version ${outcome.migratedFrom})` : ''}.`,
      );
    };
    input.addEventListener('change', () => void importFile());

    store.subscribe(draw);
    draw();
  }

  /** The course in one line, its bar, and the one link to where to go next. */
  private drawSummary(manifest: readonly ChapterItems[], chapters: Parameters<typeof nextStep>[1]): void {
    const course = describeCourse(manifest, chapters);
    must(this, '[data-role="course-text"]').textContent = course.text;
    const bar = must<HTMLProgressElement>(this, '[data-role="course-bar"]');
    bar.max = Math.max(course.total, 1);
    bar.value = course.done;
    const link = must<HTMLAnchorElement>(this, '[data-role="next-link"]');
    const next = nextStep(manifest, chapters);
    const finished = course.total > 0 && course.done === course.total;
    if (next) {
      link.textContent = next.text;
      link.href = next.item.href ?? `/chapters/${next.chapter.chapter}/`;
    } else if (finished) {
      link.textContent = 'Everything is done: make your receipt';
      link.href = '#receipt-h';
    } else {
      const first = manifest[0];
      link.textContent = 'Start with chapter 1';
      if (first) link.href = `/chapters/${first.chapter}/`;
    }
  }

  private drawAside(): void {
    const store = progressStore();
    const entries = store.setAside();
    const section = this.querySelector<HTMLElement>('[data-role="aside-section"]')!;
    section.hidden = entries.length === 0;
    const list = this.querySelector<HTMLElement>('[data-role="aside"]')!;
    list.replaceChildren(
      ...entries.map((entry) => {
        const li = document.createElement('li');
        const when = (entry.at && formatDateTime(entry.at)) || 'an unknown time';
        li.append(
          `Set aside at ${when} (${entry.raw.length.toLocaleString('en')} characters, key “${entry.key}”): ${entry.reason} `,
        );
        li.append(
          button(
            'Download it',
            () =>
              downloadFile(
                new Blob([entry.raw], { type: 'text/plain;charset=utf-8' }),
                `mcp-message-lab-set-aside-${(entry.at || 'unknown').slice(0, 10)}.txt`,
              ),
            `Download it: the data set aside at ${when}`,
          ),
          ' ',
          button(
            'Discard it',
            () => {
              if (!confirm('Discard this data for good? It cannot be brought back.')) return;
              store.discardSetAside(entry.key);
              this.drawAside();
              showProgressNotice();
            },
            `Discard it: the data set aside at ${when}`,
            'button-destructive',
          ),
        );
        return li;
      }),
    );
  }
}

if (!customElements.get('lab-progress-page')) customElements.define('lab-progress-page', LabProgressPage);
