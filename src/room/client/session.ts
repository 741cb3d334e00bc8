/**
 * The learner's room membership in this browser (localStorage), and the room's solution lock. In a room the room's
 * lock replaces the link lock (src/instructor/lock.ts): the room client reflects the instructor's choice on <html>
 * with the same attribute the link lock uses, so every "Show solution" marked data-workshop-solution follows it,
 * and puts it back whenever a link instruction would change it. Leaving the room hands the page back to the link
 * lock. Browser only; small, because every page loads it.
 */
import { ROOM_LOCK_STORAGE_KEY, setRoomLock } from '../../instructor/lock.ts';
import { RoomSessionSchema, type RoomSession } from '../protocol.ts';

/** localStorage keys. */
export const SESSION_KEY = 'mcp-lab-room:session';
/** The room's lock, kept by src/instructor/lock.ts (setRoomLock), which lets it win over link codes while set. */
export const ROOM_LOCK_KEY = ROOM_LOCK_STORAGE_KEY;
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

/**
 * Keeps the room's chapters with the session when the room's live state brings them (sessions stored before the
 * join answer's chapters were kept have none), so the next page lists the room's chapters.
 */
export function rememberRoomChapters(chapters: readonly string[]): void {
  const session = readSession();
  if (!session || session.chapters?.join(' ') === chapters.join(' ')) return;
  const next = RoomSessionSchema.safeParse({ ...session, chapters: [...chapters] });
  if (next.success) writeSession(next.data);
}

/** Forgets the room (and its lock), leaving `note` for the join page to show. */
export function endSession(note?: string): void {
  try {
    localStorage.removeItem(SESSION_KEY);
    if (note) localStorage.setItem(ROOM_NOTE_KEY, note);
  } catch {
    // Storage refused: the page state is what it is.
  }
  // Back to the link lock.
  setRoomLock(null);
}

/** Applies the room's lock to this page and remembers it for the next page (it wins over link codes). */
export function applyRoomLock(locked: boolean): void {
  setRoomLock(locked ? 'locked' : 'unlocked');
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

/**
 * Puts the room's remembered lock in force on this page. lock.ts gives a set room lock priority over every link
 * instruction, so nothing has to be re-applied when a link arrives.
 */
export function holdRoomLock(): void {
  const room = storedRoomLock();
  if (room) applyRoomLock(room === 'locked');
}
