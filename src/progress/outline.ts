/**
 * The home page's course path, from the store and /progress/manifest.json: "Continue: chapter 5, the decision
 * table" once anything is done (element marked data-progress-continue), and in each chapter card (elements marked
 * data-progress-chapter="<id>") a bar and what is left, in words. In a workshop room "Continue" stays within the
 * room's chapters. Browser only.
 */
import { progressStore } from './browser.ts';
import { chapterCompletion, type ChapterItems } from './items.ts';
import { describeLeft, nextStep } from './path.ts';

async function fill(): Promise<void> {
  const slots = [...document.querySelectorAll<HTMLElement>('[data-progress-chapter]')];
  const resume = document.querySelector<HTMLElement>('[data-progress-continue]');
  if (slots.length === 0 && !resume) return;
  let manifest: ChapterItems[] = [];
  try {
    const response = await fetch('/progress/manifest.json');
    manifest = ((await response.json()) as { chapters: ChapterItems[] }).chapters;
    // In a workshop room the path runs through the room's chapters only (the ids RoomHead.astro puts on <html>):
    // the others count as having nothing to do, so chapters keep their numbers in the course.
    const room = document.documentElement.dataset.roomChapters?.split(' ').filter(Boolean);
    if (room?.length) manifest = manifest.map((m) => (room.includes(m.chapter) ? m : { ...m, items: [] }));
  } catch {
    return; // Offline without a cached manifest: the outline simply shows no progress.
  }
  const store = progressStore();
  const draw = () => {
    const progress = store.read();
    for (const slot of slots) {
      const id = slot.dataset.progressChapter ?? '';
      const entry = manifest.find((m) => m.chapter === id);
      if (!entry || entry.items.length === 0) continue;
      const record = progress.chapters[id];
      const { done, total } = chapterCompletion(entry.items, record);
      const bar = document.createElement('progress');
      bar.max = total;
      bar.value = done;
      bar.id = `progress-bar-${id}`;
      const label = document.createElement('label');
      label.htmlFor = bar.id;
      label.textContent = done === total ? 'Done' : done === 0 ? 'Not started' : `${done} of ${total} done`;
      const wrap = document.createElement('div');
      wrap.className = 'lab-bar';
      wrap.append(label, bar);
      const left = document.createElement('p');
      left.className = 'outline-left';
      left.textContent = describeLeft(entry.items, record);
      slot.replaceChildren(wrap, ...(done === 0 ? [] : [left]));
    }
    if (resume) {
      const next = nextStep(manifest, progress.chapters);
      const link = resume.querySelector<HTMLAnchorElement>('a');
      resume.hidden = !next || !link;
      if (next && link) {
        link.textContent = next.text;
        link.href = next.item.href ?? `/chapters/${next.chapter.chapter}/`;
      }
      document.querySelector('[data-progress-start]')?.classList.toggle('button-primary', !next);
    }
  };
  draw();
  store.subscribe(draw);
}

void fill();
