/**
 * Ticks the chapter checklist (ChapterChecklist.astro) from the progress store, on load and after every change
 * (also from other tabs): each line says whether it is done, in words a screen reader reads too. Browser only.
 */
import { progressStore } from './browser.ts';
import { isItemDone, itemParts, itemState, type ProgressItem } from './items.ts';

function fill(): void {
  const lists = [...document.querySelectorAll<HTMLElement>('[data-checklist]')];
  if (lists.length === 0) return;
  const store = progressStore();
  const draw = () => {
    for (const list of lists) {
      const chapter = store.read().chapters[list.dataset.checklist ?? ''];
      let items: ProgressItem[] = [];
      try {
        items = JSON.parse(list.querySelector('script[data-role="items"]')?.textContent ?? '[]') as ProgressItem[];
      } catch {
        continue;
      }
      items.forEach((item, i) => {
        const li = list.querySelector<HTMLElement>(`li[data-index="${i}"]`);
        if (!li) return;
        const done = isItemDone(item, chapter);
        const parts = itemParts(item, chapter);
        li.dataset.done = String(done);
        li.dataset.started = String(parts.done > 0);
        const state = li.querySelector<HTMLElement>('[data-role="state"]');
        if (state) state.textContent = itemState(item, chapter);
      });
    }
  };
  draw();
  store.subscribe(draw);
}

fill();
