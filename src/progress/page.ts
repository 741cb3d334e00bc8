/**
 * <lab-progress-page>: draws the bars and the recorded widgets per chapter, and runs export, import, resets (each
 * confirmed) and the set-aside list. Browser only.
 */
import { progressStore, showProgressNotice } from './browser.ts';
import { chapterCompletion, isItemDone, type ChapterItems, type ProgressItem } from './items.ts';

function button(label: string, onClick: () => void, aria?: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'lab-button';
  b.textContent = label;
  if (aria) b.setAttribute('aria-label', aria);
  b.addEventListener('click', onClick);
  return b;
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

class LabProgressPage extends HTMLElement {
  connectedCallback(): void {
    if (this.dataset.upgraded) return;
    this.dataset.upgraded = 'true';
    const manifest =
      (JSON.parse(this.querySelector('script[data-role="data"]')?.textContent ?? '{}') as { chapters?: ChapterItems[] })
        .chapters ?? [];
    const store = progressStore();
    const status = this.querySelector<HTMLElement>('[data-role="status"]')!;
    const say = (text: string) => (status.textContent = text);
    this.querySelector<HTMLElement>('[data-role="file-section"]')!.hidden = false;
    this.querySelectorAll<HTMLElement>('[data-role="chapter-actions"]').forEach((p) => (p.hidden = false));

    const draw = () => {
      const progress = store.read();
      for (const entry of manifest) {
        const li = this.querySelector<HTMLElement>(`li[data-chapter="${CSS.escape(entry.chapter)}"]`);
        if (!li) continue;
        const record = progress.chapters[entry.chapter];
        const { done, total, percent } = chapterCompletion(entry.items, record);
        const bar = li.querySelector<HTMLElement>('[data-role="bar"]')!;
        const meter = document.createElement('progress');
        meter.max = Math.max(total, 1);
        meter.value = done;
        meter.id = `bar-${entry.chapter}`;
        const label = document.createElement('label');
        label.htmlFor = meter.id;
        label.textContent = total === 0 ? 'Nothing to track' : `${done} of ${total} done (${percent}%)`;
        bar.replaceChildren(label, meter);
        li.querySelectorAll<HTMLElement>('[data-item]').forEach((item) => {
          const parsed = JSON.parse(item.dataset.item ?? '{}') as ProgressItem;
          const finished = isItemDone(parsed, record);
          item.dataset.done = String(finished);
          const mark = item.querySelector('.lab-done') ?? document.createElement('span');
          mark.className = finished ? 'lab-done lab-good' : 'lab-done lab-small';
          mark.textContent = finished ? ' (done)' : ' (not yet)';
          item.append(mark);
        });
        const widgets = li.querySelector<HTMLElement>('[data-role="widgets"]')!;
        const saved = Object.entries(record?.widgets ?? {});
        if (saved.length === 0) widgets.replaceChildren();
        else {
          const heading = document.createElement('p');
          heading.textContent = 'Saved widget states:';
          const list = document.createElement('ul');
          for (const [id, w] of saved) {
            const item = document.createElement('li');
            item.append(`${w.kind} “${id}”${w.done ? ', done' : ''} `);
            item.append(
              button(
                'Reset',
                () => {
                  if (!confirm(`Reset the saved state of ${w.kind} “${id}”? Your answers in it will be cleared.`))
                    return;
                  store.resetWidget(entry.chapter, id);
                  say(`The ${w.kind} “${id}” is reset.`);
                },
                `Reset: ${w.kind} ${id}`,
              ),
            );
            list.append(item);
          }
          widgets.replaceChildren(heading, list);
        }
      }
      this.querySelector<HTMLElement>('[data-action="undo"]')!.hidden = !store.hasBackup();
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
        download(`mcp-message-lab-progress-${new Date().toISOString().slice(0, 10)}.json`, store.exportJson());
        say('Progress exported. The file holds everything shown on this page.');
      }
    });

    const input = this.querySelector<HTMLInputElement>('#progress-import')!;
    input.addEventListener('change', async () => {
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
    });

    store.subscribe(draw);
    draw();
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
        const when = entry.at ? new Date(entry.at).toLocaleString() : 'an unknown time';
        li.append(
          `Set aside at ${when} (${entry.raw.length.toLocaleString('en')} characters, key “${entry.key}”): ${entry.reason} `,
        );
        li.append(
          button(
            'Download it',
            () => download(`mcp-message-lab-set-aside-${(entry.at || 'unknown').slice(0, 10)}.txt`, entry.raw),
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
          ),
        );
        return li;
      }),
    );
  }
}

if (!customElements.get('lab-progress-page')) customElements.define('lab-progress-page', LabProgressPage);
