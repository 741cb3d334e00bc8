/**
 * Fills every element marked data-progress-chapter="<id>" (the home page's course outline) with a progress bar
 * for that chapter, from the store and /progress/manifest.json. Browser only.
 */
import { progressStore } from './browser.ts';
import { chapterCompletion, type ChapterItems } from './items.ts';

async function fill(): Promise<void> {
  const slots = [...document.querySelectorAll<HTMLElement>('[data-progress-chapter]')];
  if (slots.length === 0) return;
  let manifest: ChapterItems[] = [];
  try {
    const response = await fetch('/progress/manifest.json');
    manifest = ((await response.json()) as { chapters: ChapterItems[] }).chapters;
  } catch {
    return; // Offline without a cached manifest: the outline simply shows no bars.
  }
  const store = progressStore();
  const draw = () => {
    const progress = store.read();
    for (const slot of slots) {
      const id = slot.dataset.progressChapter ?? '';
      const entry = manifest.find((m) => m.chapter === id);
      if (!entry || entry.items.length === 0) continue;
      const { done, total, percent } = chapterCompletion(entry.items, progress.chapters[id]);
      const bar = document.createElement('progress');
      bar.max = total;
      bar.value = done;
      bar.id = `progress-bar-${id}`;
      const label = document.createElement('label');
      label.htmlFor = bar.id;
      label.textContent =
        done === 0 ? 'Not started' : done === total ? `Done: all ${total}` : `${done} of ${total} done (${percent}%)`;
      const wrap = document.createElement('div');
      wrap.className = 'lab-bar';
      wrap.append(label, bar);
      slot.replaceChildren(wrap);
    }
  };
  draw();
  store.subscribe(draw);
}

void fill();
