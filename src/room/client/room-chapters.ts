/**
 * In a workshop room the pages that list chapters list the room's, not the whole course. The room's chapter ids
 * are on <html> as ROOM_CHAPTERS_ATTRIBUTE (space-separated, in course order), put there before first paint by
 * src/components/room/RoomHead.astro and again here after joining; pages mark what depends on them:
 *
 * - `data-room-chapter="<id>"` on each entry of a chapter list (the home page's outline, the join page's list):
 *   hidden unless the room has it; `data-minutes` on it feeds the total;
 * - `data-room-total` on the sentence that counts the chapters and their minutes;
 * - `data-room-start` on the "Start with chapter 1" link, which then opens the room's first chapter;
 * - `data-room-kicker` on a chapter's "Chapter N of M" line, and `data-room-nav` (with `data-course`, the course's
 *   chapters as JSON `[{ id, title }]`) on its previous/next links, which then step through the room's chapters.
 *
 * The home page's "Continue" step reads the same attribute (src/progress/outline.ts). Browser only.
 */

/** The attribute on <html> that carries the room's chapter ids. */
export const ROOM_CHAPTERS_ATTRIBUTE = 'data-room-chapters';

/** A chapter as a page's `data-course` lists it. */
interface CourseChapter {
  id: string;
  title: string;
}

const minutesText = (total: number) => {
  const hours = Math.floor(total / 60);
  return hours > 0 ? `${hours} h ${total % 60} min` : `${total} min`;
};

/** Puts the room's `chapters` in force on this page: the attribute, then every marked list, link and line. */
export function showRoomChapters(chapters: readonly string[], doc: Document = document): void {
  if (chapters.length === 0) return;
  doc.documentElement.setAttribute(ROOM_CHAPTERS_ATTRIBUTE, chapters.join(' '));
  const inRoom = (id: string | undefined) => id !== undefined && chapters.includes(id);

  let minutes = 0;
  let shown = 0;
  for (const entry of doc.querySelectorAll<HTMLElement>('[data-room-chapter]')) {
    entry.hidden = !inRoom(entry.dataset.roomChapter);
    if (!entry.hidden) {
      shown += 1;
      minutes += Number(entry.dataset.minutes) || 0;
    }
  }
  for (const total of doc.querySelectorAll<HTMLElement>('[data-room-total]')) {
    total.textContent = `Your workshop room has ${shown === 1 ? '1 chapter' : `${shown} chapters`}, about ${minutesText(minutes)} in all.`;
  }
  for (const start of doc.querySelectorAll<HTMLAnchorElement>('a[data-room-start]')) {
    start.href = `/chapters/${chapters[0]}/`;
    start.textContent = "Start with the room's first chapter";
  }

  const nav = doc.querySelector<HTMLElement>('[data-room-nav]');
  const current = doc.querySelector<HTMLElement>('article[data-chapter]')?.dataset.chapter;
  if (!nav || !current) return;
  let course: CourseChapter[];
  try {
    course = JSON.parse(nav.dataset.course ?? '[]') as CourseChapter[];
  } catch {
    return;
  }
  const here = course.findIndex((c) => c.id === current);
  if (here < 0) return;
  const room = course.filter((c) => inRoom(c.id));
  const kicker = doc.querySelector<HTMLElement>('[data-room-kicker]');
  if (kicker) {
    const place = room.findIndex((c) => c.id === current);
    kicker.textContent =
      place >= 0
        ? `Chapter ${here + 1} of the course · ${place + 1} of ${room.length} in your workshop room`
        : `Chapter ${here + 1} of the course · not one of your workshop room's chapters`;
  }
  const prev = course
    .slice(0, here)
    .filter((c) => inRoom(c.id))
    .at(-1);
  const next = course.slice(here + 1).find((c) => inRoom(c.id));
  const link = (chapter: CourseChapter, rel: 'prev' | 'next') => {
    const a = doc.createElement('a');
    a.rel = rel;
    a.href = `/chapters/${chapter.id}/`;
    const dir = doc.createElement('span');
    dir.className = 'chapter-nav-dir';
    dir.textContent = rel === 'prev' ? 'Previous in your room' : 'Next in your room';
    a.append(dir, ` ${chapter.title}`);
    return a;
  };
  const end = doc.createElement('a');
  end.href = '/';
  const endDir = doc.createElement('span');
  endDir.className = 'chapter-nav-dir';
  endDir.textContent = 'Finished';
  end.append(endDir, " Back to your room's chapters");
  nav.replaceChildren(prev ? link(prev, 'prev') : doc.createElement('span'), next ? link(next, 'next') : end);
}
