/**
 * The room's pace: the item the instructor has sent the whole room to (a chapter id and an item id from the course
 * data: a decision table, a completion check, a classify exercise, a code lab, any item a later chapter adds), the
 * items the instructor has closed, and whether the class's answers to the item in focus are revealed. The server
 * stores it (one row per room), streams it to learners and dashboards, and refuses events for a closed item; the
 * learner's page follows it (src/room/client/pace-follower.ts). Pure, and small enough for the learner's room client:
 * zod/mini only, no course data.
 */
import * as z from 'zod/mini';
import { ChapterIdSchema, CLASSIFY_ITEM_ID, ItemIdSchema } from './protocol.ts';

/** One item of the course: its chapter and its id within the chapter (what room events carry). */
export const PaceItemSchema = z.strictObject({ chapterId: ChapterIdSchema, itemId: ItemIdSchema });
export type PaceItem = z.infer<typeof PaceItemSchema>;

/** The most items a room may have closed at once (every item of twenty chapters fits). */
export const MAX_CLOSED_ITEMS = 200;

/** The room's pace as stored and streamed. */
export interface PaceState {
  /** The item the instructor sent the room to, and when (ms); null while learners work at their own pace. */
  focus: (PaceItem & { at: number }) | null;
  /** Items the instructor closed: their widgets say so, and the server records nothing for them. */
  closed: PaceItem[];
  /** Whether the class's answers to the item in focus are shown on the dashboard (and the projector). */
  revealed: boolean;
  /** When the instructor last stopped presenting (ms), so idle time while presenting never counts as stuck. */
  presentedUntil: number | null;
}

/** A room nobody has paced yet. */
export const SELF_PACED: PaceState = { focus: null, closed: [], revealed: false, presentedUntil: null };

/** The stored form, read back without trusting it (an unreadable row reads as SELF_PACED). */
const PaceStateSchema = z.object({
  focus: z.nullable(z.object({ chapterId: z.string(), itemId: z.string(), at: z.number() })),
  closed: z.array(z.object({ chapterId: z.string(), itemId: z.string() })),
  revealed: z.boolean(),
  presentedUntil: z.nullable(z.number()),
});

/** Reads a stored or streamed pace; never throws. */
export function readPace(value: unknown): PaceState {
  const parsed = PaceStateSchema.safeParse(value);
  if (!parsed.success) return SELF_PACED;
  const { focus, closed, revealed, presentedUntil } = parsed.data;
  return {
    focus: focus ? { chapterId: focus.chapterId, itemId: focus.itemId, at: focus.at } : null,
    closed: closed.map(({ chapterId, itemId }) => ({ chapterId, itemId })),
    revealed,
    presentedUntil,
  };
}

/** POST /api/rooms/:roomId/pace: one change to the room's pace. */
export const PaceBodySchema = z.discriminatedUnion('action', [
  /** Send every learner to the item (it opens if it was closed). */
  z.strictObject({ action: z.literal('focus'), ...PaceItemSchema.shape }),
  /** Stop presenting: learners work at their own pace again. */
  z.strictObject({ action: z.literal('release') }),
  z.strictObject({ action: z.literal('open'), ...PaceItemSchema.shape }),
  z.strictObject({ action: z.literal('close'), ...PaceItemSchema.shape }),
  /** Show or hide the class's answers to the item in focus. */
  z.strictObject({ action: z.literal('reveal'), revealed: z.boolean() }),
]);
export type PaceChange = z.infer<typeof PaceBodySchema>;

/**
 * An item's identity: its id, except that a classify exercise is its fixture (classify-<fixture>-<protocol>: the
 * grader files a prediction under any protocol's id for the fixture, so closing one closes them all).
 */
const itemKey = (itemId: string): string => {
  const fixture = CLASSIFY_ITEM_ID.exec(itemId)?.[1];
  return fixture === undefined ? itemId : `classify-${fixture}`;
};

/** Whether two references name the same item. */
export const sameItem = (a: PaceItem, b: PaceItem): boolean =>
  a.chapterId === b.chapterId && itemKey(a.itemId) === itemKey(b.itemId);

/** Whether the instructor has closed the item. */
export const isClosed = (pace: PaceState, item: PaceItem): boolean => pace.closed.some((c) => sameItem(c, item));

/** The pace after one change at time `now` (ms), or why the change cannot be made. */
export function changePace(
  pace: PaceState,
  change: PaceChange,
  now: number,
): { kind: 'changed'; pace: PaceState } | { kind: 'refused'; reason: string } {
  switch (change.action) {
    case 'focus': {
      const item = { chapterId: change.chapterId, itemId: change.itemId };
      // A new item starts hidden: the class answers before it sees the class's answers.
      const moved = !pace.focus || !sameItem(pace.focus, item);
      return {
        kind: 'changed',
        pace: {
          ...pace,
          focus: { ...item, at: now },
          closed: pace.closed.filter((c) => !sameItem(c, item)),
          revealed: moved ? false : pace.revealed,
        },
      };
    }
    case 'release':
      return {
        kind: 'changed',
        pace: { ...pace, focus: null, revealed: false, presentedUntil: pace.focus ? now : pace.presentedUntil },
      };
    case 'open':
      return { kind: 'changed', pace: { ...pace, closed: pace.closed.filter((c) => !sameItem(c, change)) } };
    case 'close': {
      if (isClosed(pace, change)) return { kind: 'changed', pace };
      if (pace.closed.length >= MAX_CLOSED_ITEMS)
        return { kind: 'refused', reason: `At most ${MAX_CLOSED_ITEMS} items can be closed at once: open some first.` };
      const item = { chapterId: change.chapterId, itemId: change.itemId };
      return { kind: 'changed', pace: { ...pace, closed: [...pace.closed, item] } };
    }
    case 'reveal':
      if (!pace.focus && change.revealed)
        return {
          kind: 'refused',
          reason: 'Send the room to an item first: the answers shown are those to the item in focus.',
        };
      return { kind: 'changed', pace: { ...pace, revealed: change.revealed } };
  }
}

/**
 * The time idleness counts from: the learner's last event, or the moment the instructor stopped presenting when that
 * is later; while the instructor presents (an item in focus), nobody is idle. Null while presenting.
 */
export function idleSince(lastEventAt: number, pace: PaceState | undefined): number | null {
  if (pace?.focus) return null;
  return Math.max(lastEventAt, pace?.presentedUntil ?? 0);
}

/** What a learner is told, and the server answers, when they check an item the instructor has closed. */
export function closedItemReason(title?: string): string {
  return `The instructor has closed ${title ? `“${title}”` : 'this item'} for now: your answer stays in this browser and is not sent to the room.`;
}
