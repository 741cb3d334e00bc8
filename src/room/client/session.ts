/**
 * The learner's room membership in this browser (localStorage), and the room's solution lock. In a room the room's
 * lock replaces the link lock (src/workshop/lock.ts): the room client reflects the instructor's choice on <html>
 * with the same attribute the link lock uses, so every "Show solution" marked data-workshop-solution follows it,
 * and puts it back whenever a link instruction would change it. Leaving the room hands the page back to the link
 * lock. Browser only; small, because every page loads it.
 */
import { LOCK_ATTRIBUTE, LOCK_EVENT, currentLockState, type LockState } from '../../workshop/lock.ts';
import { RoomSessionSchema, type RoomSession } from '../protocol.ts';

/** localStorage keys. */
export const SESSION_KEY = 'mcp-lab-room:session';
export const ROOM_LOCK_KEY = 'mcp-lab-room:lock';
/** A note left when the room ended or the learner was removed, shown once on the join page. */
export const ROOM_NOTE_KEY = 'mcp-lab-room:note';

/** The stored session, if this browser is in a room. */
export function readSession(): RoomSession | undefined {
  try {
    const parsed = RoomSessionSchema.safeParse(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Stores the session after joining. */
export function writeSession(session: RoomSession): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
}

/** Forgets the room (and its lock), leaving `note` for the join page to show. */
export function endSession(note?: string): void {
  try {
    localStorage.removeItem(SESSION_KEY);
    localStorage.removeItem(ROOM_LOCK_KEY);
    if (note) localStorage.setItem(ROOM_NOTE_KEY, note);
  } catch {
    // Storage refused: the page state is what it is.
  }
  reflectLinkLock();
}

const ROOM_CODE = 'room';

/** Applies the room's lock to this page and remembers it for the next page. */
export function applyRoomLock(locked: boolean, since: string = new Date().toISOString()): void {
  try {
    localStorage.setItem(ROOM_LOCK_KEY, locked ? 'locked' : 'unlocked');
  } catch {
    // The lock still applies to this page view.
  }
  reflect(locked ? { state: 'locked', code: ROOM_CODE, since } : { state: 'unlocked', code: ROOM_CODE, since });
}

/** The room lock remembered in this browser, if it is in a room. */
export function storedRoomLock(): 'locked' | 'unlocked' | undefined {
  try {
    const value = localStorage.getItem(ROOM_LOCK_KEY);
    return value === 'locked' || value === 'unlocked' ? value : undefined;
  } catch {
    return undefined;
  }
}

function reflect(state: LockState): void {
  if (state.state === 'locked') document.documentElement.setAttribute(LOCK_ATTRIBUTE, 'locked');
  else document.documentElement.removeAttribute(LOCK_ATTRIBUTE);
  document.dispatchEvent(new CustomEvent<LockState>(LOCK_EVENT, { detail: state }));
}

function reflectLinkLock(): void {
  reflect(currentLockState());
}

/** Keeps the room's lock in force against link instructions while the browser is in a room. */
export function holdRoomLock(): void {
  document.addEventListener(LOCK_EVENT, (event) => {
    const detail = (event as CustomEvent<LockState>).detail;
    const room = storedRoomLock();
    if (!room || (detail.state !== 'none' && detail.code === ROOM_CODE)) return;
    queueMicrotask(() => applyRoomLock(room === 'locked'));
  });
  const room = storedRoomLock();
  if (room) applyRoomLock(room === 'locked');
}
