/**
 * Reading a whole room without holding up the server: its events come in pages of `pageSize` (never one read of
 * every row, and never a cap that silently leaves the rest out), and whoever folds them yields to the event loop
 * between pages, so other rooms' requests are answered meanwhile. Nothing acknowledged is left out: pages follow
 * the event id until a read returns nothing.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { StoredEvent, WorkshopData } from './db/workshop-data.ts';

/** A room's events in id order, page by page; `more` says whether another page follows. */
export async function* roomEventPages(
  data: WorkshopData,
  roomId: string,
  pageSize: number,
): AsyncGenerator<{ events: StoredEvent[]; more: boolean }> {
  let page = await data.eventsOfRoom(roomId, 0, pageSize, { payload: false });
  while (page.length > 0) {
    const next = await data.eventsOfRoom(roomId, page.at(-1)!.id, pageSize, { payload: false });
    yield { events: page, more: next.length > 0 };
    page = next;
    await nextTurn();
  }
}
