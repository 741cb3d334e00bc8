/**
 * The workshop lock: classroom friction, not security. An instructor hands out a link whose fragment carries
 * `workshop-lock=CODE`; from then on this browser hides "Show solution" until it opens the matching unlock link
 * (`workshop-unlock=CODE`). Anyone can clear site data or read the page source to get around it, and the page
 * says so.
 *
 * How a widget honours it: mark the control with `data-workshop-solution`; a rule in WorkshopHead.astro hides it
 * while `<html data-workshop-lock="locked">` is set.
 *
 * The state lives in localStorage under one key, so it holds across pages and reloads; the fragment key is removed
 * from the address bar once applied, so a link a learner copies later does not carry it.
 *
 * Anyone can send a learner a lock link. So an unlock wins: a browser unlocked with a code it was locked with stays
 * unlocked against every lock link, whatever its code, for UNLOCK_HOURS (then next week's workshop can lock again);
 * and a locked browser remembers every code it was locked with, so someone else's lock link followed after the
 * instructor's cannot make the instructor's unlock fail. In a live workshop room, the room's lock replaces this one.
 */

/** The localStorage key holding the lock state. */
export const LOCK_STORAGE_KEY = 'mcp-lab-workshop-lock';
/** The attribute set on <html>: "locked" while solutions are hidden, absent otherwise. */
export const LOCK_ATTRIBUTE = 'data-workshop-lock';
/** The attribute a widget puts on its "Show solution" control so CSS hides it while locked. */
export const SOLUTION_ATTRIBUTE = 'data-workshop-solution';
/** The event dispatched on `document` when the lock state changes; `detail` is the new LockState. */
export const LOCK_EVENT = 'lab:workshop-lock';
/** Fragment parameter names. */
export const LOCK_PARAM = 'workshop-lock';
export const UNLOCK_PARAM = 'workshop-unlock';

/** How long an unlock lasts: long enough for a workshop day, short enough that next week's lock link works. */
export const UNLOCK_HOURS = 12;
/** The most lock codes a locked browser remembers (the most recent ones). */
const MAX_CODES = 8;

/**
 * What this browser remembers. A lock keeps every code it was locked with (an unlock link with any of them opens
 * it); an unlock keeps its code and when it ends.
 */
export type LockState =
  | { state: 'none' }
  | { state: 'locked'; codes: string[]; since: string }
  | { state: 'unlocked'; code: string; since: string; until: string };

/** A code is 4 to 32 letters, digits or dashes: short enough to read aloud, long enough to be unique per class. */
const CODE_PATTERN = /^[A-Za-z0-9-]{4,32}$/;

/** True when `code` is a well-formed lock code. */
export function isLockCode(code: unknown): code is string {
  return typeof code === 'string' && CODE_PATTERN.test(code);
}

/** Makes a fresh lock code (8 characters, no look-alikes such as 0/O or 1/l). */
export function createLockCode(random: (n: number) => Uint8Array = defaultRandom): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from(random(8), (b) => alphabet[b % alphabet.length]).join('');
}

function defaultRandom(n: number): Uint8Array {
  // getRandomValues works on plain http (a laptop serving a room over the LAN), unlike crypto.randomUUID.
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

/** Builds the pair of links for a workshop starting at `startUrl` (absolute URL of the page learners open first). */
export function workshopLinks(startUrl: string, code: string): { lock: string; unlock: string } {
  const url = new URL(startUrl);
  url.hash = `${LOCK_PARAM}=${code}`;
  const lock = url.toString();
  url.hash = `${UNLOCK_PARAM}=${code}`;
  return { lock, unlock: url.toString() };
}

const hoursAfter = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3600_000).toISOString();
const isTime = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));

/**
 * Reads the lock state from a stored string; anything unreadable counts as no lock (the lock is a convenience).
 * Given `now`, an unlock that has ended counts as no state. Reads the earlier form too (one `code` per lock, an
 * unlock without `until`, which then lasts UNLOCK_HOURS from `since`).
 */
export function parseLockState(raw: string | null, now?: string): LockState {
  if (!raw) return { state: 'none' };
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null) {
      const v = value as Record<string, unknown>;
      if (v.state === 'locked' && isTime(v.since)) {
        const codes = Array.isArray(v.codes) ? (v.codes as unknown[]) : [v.code];
        if (codes.length > 0 && codes.length <= MAX_CODES && codes.every(isLockCode))
          return { state: 'locked', codes: codes as string[], since: v.since };
      }
      if (v.state === 'unlocked' && isLockCode(v.code) && isTime(v.since)) {
        const until = isTime(v.until) ? v.until : hoursAfter(v.since, UNLOCK_HOURS);
        if (now !== undefined && Date.parse(now) >= Date.parse(until)) return { state: 'none' };
        return { state: 'unlocked', code: v.code, since: v.since, until };
      }
    }
  } catch {
    // Fall through: a corrupt value means no lock.
  }
  return { state: 'none' };
}

/** The fragment's instruction, if it carries one. */
export function readFragment(hash: string): { action: 'lock' | 'unlock'; code: string } | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const unlock = params.get(UNLOCK_PARAM);
  if (isLockCode(unlock)) return { action: 'unlock', code: unlock };
  const lock = params.get(LOCK_PARAM);
  if (isLockCode(lock)) return { action: 'lock', code: lock };
  return undefined;
}

/** The fragment with the lock parameters removed ('' when nothing else was in it). */
export function stripFragment(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  params.delete(LOCK_PARAM);
  params.delete(UNLOCK_PARAM);
  const rest = params.toString();
  return rest ? `#${rest}` : '';
}

/**
 * The next state after following a link at `now`. While an unlock lasts, every lock link is ignored (an old link
 * reopened, or anyone's); once it has ended, a lock link locks again. A lock link on a locked browser adds its code
 * to the ones remembered. An unlock link opens the lock only with a code it was locked with, for UNLOCK_HOURS.
 */
export function nextLockState(
  current: LockState,
  instruction: { action: 'lock' | 'unlock'; code: string },
  now: string,
): LockState {
  const live = current.state === 'unlocked' && Date.parse(now) >= Date.parse(current.until) ? undefined : current;
  if (instruction.action === 'lock') {
    if (live?.state === 'unlocked') return current;
    if (live?.state === 'locked') {
      if (live.codes.includes(instruction.code)) return current;
      return { ...live, codes: [...live.codes, instruction.code].slice(-MAX_CODES) };
    }
    return { state: 'locked', codes: [instruction.code], since: now };
  }
  if (live?.state === 'locked' && live.codes.includes(instruction.code))
    return { state: 'unlocked', code: instruction.code, since: now, until: hoursAfter(now, UNLOCK_HOURS) };
  return current;
}

/** The localStorage key of the live workshop room's lock, which wins over link codes while it is set. */
export const ROOM_LOCK_STORAGE_KEY = 'mcp-lab-room:lock';

/** The room's lock: set by the room client on every lock message from the server; null when not in a room. */
export type RoomLock = 'locked' | 'unlocked' | null;

/** Whether solutions are hidden, and what decided it: the room's lock, a link's, or nothing. */
export interface LockView {
  locked: boolean;
  by: 'room' | 'link' | 'none';
}

/** What decides: the room's lock while one is set (in a room it replaces the link lock), else the link's state. */
export function lockView(link: LockState, room: RoomLock): LockView {
  if (room !== null) return { locked: room === 'locked', by: 'room' };
  return { locked: link.state === 'locked', by: link.state === 'none' ? 'none' : 'link' };
}

/** Reads a stored room lock; anything else is "not in a room". */
export function parseRoomLock(raw: string | null): RoomLock {
  return raw === 'locked' || raw === 'unlocked' ? raw : null;
}

/** The link lock's state as stored in this browser (an unlock that has ended counts as no state). */
export function currentLockState(): LockState {
  try {
    return parseLockState(localStorage.getItem(LOCK_STORAGE_KEY), new Date().toISOString());
  } catch {
    return { state: 'none' };
  }
}

function currentRoomLock(): RoomLock {
  try {
    return parseRoomLock(localStorage.getItem(ROOM_LOCK_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** The room lock last set in this page, for when storage refuses it. */
let roomLockHere: RoomLock | undefined;

function reflect(): void {
  const view = lockView(currentLockState(), roomLockHere !== undefined ? roomLockHere : currentRoomLock());
  if (view.locked) document.documentElement.setAttribute(LOCK_ATTRIBUTE, 'locked');
  else document.documentElement.removeAttribute(LOCK_ATTRIBUTE);
  document.dispatchEvent(new CustomEvent<LockView>(LOCK_EVENT, { detail: view }));
}

/**
 * Sets the live workshop room's lock in this browser (null: not in a room, back to the link lock). While set it
 * wins over every link code; other tabs follow through the storage event.
 */
export function setRoomLock(state: RoomLock): void {
  roomLockHere = state;
  try {
    if (state === null) localStorage.removeItem(ROOM_LOCK_STORAGE_KEY);
    else localStorage.setItem(ROOM_LOCK_STORAGE_KEY, state);
    roomLockHere = undefined;
  } catch {
    // Storage refused (private mode): the room's lock still applies to this page view.
  }
  if (typeof document !== 'undefined') reflect();
}

function applyFragment(): void {
  const instruction = readFragment(location.hash);
  if (!instruction) return;
  const next = nextLockState(currentLockState(), instruction, new Date().toISOString());
  try {
    localStorage.setItem(LOCK_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage refused (private mode): the lock still applies to this page view.
  }
  history.replaceState(history.state, '', `${location.pathname}${location.search}${stripFragment(location.hash)}`);
  reflect();
}

/** Starts the lock in this page: applies a fragment, reflects the stored state, follows other tabs. Idempotent. */
export function startWorkshopLock(): void {
  const w = globalThis as typeof globalThis & { __labWorkshopLock?: boolean };
  if (typeof document === 'undefined' || w.__labWorkshopLock) return;
  w.__labWorkshopLock = true;
  reflect();
  applyFragment();
  addEventListener('hashchange', applyFragment);
  addEventListener('storage', (event) => {
    if (event.key === LOCK_STORAGE_KEY || event.key === ROOM_LOCK_STORAGE_KEY) reflect();
  });
}

startWorkshopLock();
