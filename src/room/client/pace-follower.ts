/**
 * The learner's page following the room's pace (src/room/pace.ts), as the learner's live stream tells it: when the
 * instructor sends the room to an item, the page goes to its chapter, scrolls to the item and focuses its heading,
 * with a notice saying the instructor moved the room there and a way back to where the learner was; each item the
 * instructor has closed says so on its widget, and the room client sends nothing for it. A pace is followed once per
 * sending (a learner who goes back is not pulled again until the instructor sends the room somewhere), and a learner
 * who joins late, or whose page reloads, follows the pace as it is now. Browser only.
 */
import { currentChapter } from '../../progress/browser.ts';
import { closedItemReason, isClosed, readPace, SELF_PACED, type PaceItem, type PaceState } from '../pace.ts';

/** Per room, the sending (its time) this browser has followed. */
const FOLLOWED_KEY = 'mcp-lab-room:pace-followed';
/** Where the learner was before the room moved (this tab only). */
const RETURN_KEY = 'mcp-lab-room:pace-return';
/** Where the pace is kept between pages (per room), so a page knows the closed items before its stream connects. */
const PACE_KEY = 'mcp-lab-room:pace';

const store = {
  get(storage: Storage, key: string): string | null {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  },
  set(storage: Storage, key: string, value: string): void {
    try {
      storage.setItem(key, value);
    } catch {
      // Storage refused: the page still follows; it may follow the same sending again after a reload.
    }
  },
};

/** The widget of an item on this page: one marked with data-pace-item, or a course widget by its own id. */
function itemElement(item: PaceItem): HTMLElement | null {
  const id = CSS.escape(item.itemId);
  return (
    document.querySelector<HTMLElement>(`[data-pace-item="${id}"]`) ??
    (item.itemId === 'completion'
      ? document.querySelector<HTMLElement>(`lab-completion-check[data-chapter="${CSS.escape(item.chapterId)}"]`)
      : null) ??
    document.querySelector<HTMLElement>(`lab-decision-table[data-table-id="${id}"]`) ??
    document.querySelector<HTMLElement>(`lab-classify-fixture[data-widget-id="${id}"]`) ??
    document.getElementById(`cl-${item.itemId}-h`)?.closest<HTMLElement>('lab-code-lab') ??
    null
  );
}

/** The item's heading as the learner reads it on the page. */
const headingOf = (widget: HTMLElement) => widget.querySelector<HTMLElement>('h2, h3, h4');

/** The widget's item, when it is one the room can pace or close. */
function itemOf(widget: HTMLElement, chapterId: string): PaceItem | undefined {
  const itemId =
    widget.dataset.paceItem ??
    widget.dataset.tableId ??
    widget.dataset.widgetId ??
    (widget.localName === 'lab-completion-check' ? 'completion' : undefined) ??
    /^cl-(.+)-h$/.exec(widget.querySelector('[id^="cl-"][id$="-h"]')?.id ?? '')?.[1];
  return itemId ? { chapterId, itemId } : undefined;
}

const WIDGETS = '[data-pace-item], lab-completion-check, lab-decision-table, lab-classify-fixture, lab-code-lab';

/** Follows the pace on this page; `apply` takes each pace the stream tells, `blocks` says whether to hold an event. */
export function createPaceFollower(roomId: string) {
  const paceKey = `${PACE_KEY}:${roomId}`;
  let pace: PaceState = SELF_PACED;
  try {
    pace = readPace(JSON.parse(store.get(localStorage, paceKey) ?? 'null'));
  } catch {
    // Unreadable: the stream tells the pace as soon as it connects.
  }
  const chapterId = currentChapter();

  /** Marks each closed item's widget with a note; reopened ones lose theirs. */
  const markClosed = () => {
    if (!chapterId) return;
    for (const widget of document.querySelectorAll<HTMLElement>(WIDGETS)) {
      const item = itemOf(widget, chapterId);
      const closed = item !== undefined && isClosed(pace, item);
      let note = widget.querySelector<HTMLElement>('.room-closed-note');
      if (!closed) {
        note?.remove();
        delete widget.dataset.roomClosed;
        continue;
      }
      widget.dataset.roomClosed = 'true';
      if (!note) {
        note = document.createElement('p');
        note.className = 'room-closed-note';
        note.setAttribute('role', 'status');
        // Under the item's heading, where the learner reads what the item asks.
        const heading = headingOf(widget);
        if (heading) heading.after(note);
        else widget.prepend(note);
      }
      note.textContent = closedItemReason(headingOf(widget)?.textContent?.trim());
    }
  };

  const followed = (): Record<string, number> => {
    try {
      return JSON.parse(store.get(localStorage, FOLLOWED_KEY) ?? '{}') as Record<string, number>;
    } catch {
      return {};
    }
  };

  /** Shows the notice above the item, focuses its heading, and offers the way back. */
  const arrive = (widget: HTMLElement) => {
    document.querySelector('.room-pace-note')?.remove();
    const heading = headingOf(widget);
    const title = heading?.textContent?.trim() ?? 'this item';
    const note = document.createElement('section');
    note.className = 'room-pace-note';
    note.setAttribute('aria-label', 'Your instructor moved the room');
    const text = document.createElement('p');
    const strong = document.createElement('strong');
    strong.textContent = 'Your instructor moved the room here';
    text.append(strong, `: ${title}.`);
    note.append(text);
    const back = JSON.parse(store.get(sessionStorage, RETURN_KEY) ?? 'null') as { href?: string; y?: number } | null;
    if (back?.href) {
      const controls = document.createElement('p');
      const samePage = new URL(back.href, location.href).pathname === location.pathname;
      if (samePage) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'button';
        button.textContent = 'Back to where you were';
        button.addEventListener('click', () => {
          scrollTo({ top: back.y ?? 0 });
          note.remove();
        });
        controls.append(button);
      } else {
        const link = document.createElement('a');
        link.href = back.href;
        link.textContent = 'Back to where you were';
        controls.append(link);
      }
      note.append(controls);
    }
    widget.before(note);
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }
    note.scrollIntoView({ block: 'start' });
  };

  /** Goes where the instructor sent the room, once per sending. */
  const follow = () => {
    const focus = pace.focus;
    if (!focus) return;
    const done = followed();
    if (done[roomId] === focus.at) return;
    if (chapterId !== focus.chapterId) {
      store.set(sessionStorage, RETURN_KEY, JSON.stringify({ href: location.pathname + location.hash, y: scrollY }));
      location.assign(`/chapters/${encodeURIComponent(focus.chapterId)}/`);
      return;
    }
    const widget = itemElement(focus);
    store.set(localStorage, FOLLOWED_KEY, JSON.stringify({ ...done, [roomId]: focus.at }));
    if (!widget) return;
    // Already on the chapter: the way back is this page's own scroll position, unless the learner just came.
    const back = JSON.parse(store.get(sessionStorage, RETURN_KEY) ?? 'null') as { href?: string } | null;
    if (!back || new URL(back.href ?? '/', location.href).pathname === location.pathname)
      store.set(sessionStorage, RETURN_KEY, JSON.stringify({ href: location.pathname, y: scrollY }));
    arrive(widget);
  };

  markClosed();
  return {
    /** Takes a pace from the stream (JSON). */
    apply(json: string): void {
      let value: unknown;
      try {
        value = JSON.parse(json);
      } catch {
        value = SELF_PACED;
      }
      pace = readPace(value);
      store.set(localStorage, paceKey, JSON.stringify(pace));
      markClosed();
      follow();
    },
    /** The reason to hold back an answer to a closed item (shown on its widget), or undefined to send it. */
    blocks(event: { chapterId: string; itemId?: string }): string | undefined {
      if (event.itemId === undefined || !isClosed(pace, { chapterId: event.chapterId, itemId: event.itemId }))
        return undefined;
      const widget = itemElement({ chapterId: event.chapterId, itemId: event.itemId });
      const reason = closedItemReason(widget ? headingOf(widget)?.textContent?.trim() : undefined);
      const note = widget?.querySelector<HTMLElement>('.room-closed-note');
      if (note) {
        note.textContent = `Not sent. ${reason}`;
        note.dataset.refused = 'true';
      }
      return reason;
    },
  };
}
