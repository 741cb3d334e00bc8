/**
 * The workshop lock: classroom friction, not security. An instructor hands out a link whose fragment carries
 * `workshop-lock=CODE`; from then on this browser hides "Show solution" until it opens the matching unlock link
 * (`workshop-unlock=CODE`). Anyone can clear site data or read the page source to get around it, and the page
 * says so.
 *
 * How a widget checks it (pick one):
 * - CSS: mark the control with `data-workshop-solution`; a rule in WorkshopHead.astro hides it while
 *   `<html data-workshop-lock="locked">` is set.
 * - Script: `import { isSolutionLocked, onLockChange } from '../workshop/lock.ts'` (importing the module also
 *   applies a lock or unlock fragment in the current URL, so call it after the import has run).
 *
 * The state lives in localStorage under one key, so it holds across pages and reloads; the fragment key is removed
 * from the address bar once applied, so a link a learner copies later does not carry it.
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

/** What this browser remembers. `code` ties an unlock link to the lock it opens. */
export type LockState =
  | { state: 'none' }
  | { state: 'locked'; code: string; since: string }
  | { state: 'unlocked'; code: string; since: string };

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

/** Reads the lock state from a stored string; anything unreadable counts as no lock (the lock is a convenience). */
export function parseLockState(raw: string | null): LockState {
  if (!raw) return { state: 'none' };
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null) {
      const v = value as Record<string, unknown>;
      if ((v.state === 'locked' || v.state === 'unlocked') && isLockCode(v.code) && typeof v.since === 'string') {
        return { state: v.state, code: v.code, since: v.since };
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
 * The next state after following a link. A lock link whose workshop was already unlocked here stays unlocked (the
 * learner reopened an old link); an unlock link only opens the lock with the same code.
 */
export function nextLockState(
  current: LockState,
  instruction: { action: 'lock' | 'unlock'; code: string },
  now: string,
): LockState {
  if (instruction.action === 'lock') {
    if (current.state !== 'none' && current.code === instruction.code) return current;
    return { state: 'locked', code: instruction.code, since: now };
  }
  if (current.state === 'locked' && current.code === instruction.code)
    return { state: 'unlocked', code: instruction.code, since: now };
  return current;
}

/** Whether "Show solution" should be hidden in this browser right now. */
export function isSolutionLocked(): boolean {
  return typeof document !== 'undefined' && document.documentElement.getAttribute(LOCK_ATTRIBUTE) === 'locked';
}

/** Calls `listener` whenever the lock state changes in this tab or another; returns a function that stops it. */
export function onLockChange(listener: (state: LockState) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<LockState>).detail);
  document.addEventListener(LOCK_EVENT, handler);
  return () => document.removeEventListener(LOCK_EVENT, handler);
}

/** The current state as stored in this browser. */
export function currentLockState(): LockState {
  try {
    return parseLockState(localStorage.getItem(LOCK_STORAGE_KEY));
  } catch {
    return { state: 'none' };
  }
}

function reflect(state: LockState): void {
  if (state.state === 'locked') document.documentElement.setAttribute(LOCK_ATTRIBUTE, 'locked');
  else document.documentElement.removeAttribute(LOCK_ATTRIBUTE);
  document.dispatchEvent(new CustomEvent<LockState>(LOCK_EVENT, { detail: state }));
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
  reflect(next);
}

/** Starts the lock in this page: applies a fragment, reflects the stored state, follows other tabs. Idempotent. */
export function startWorkshopLock(): void {
  const w = globalThis as typeof globalThis & { __labWorkshopLock?: boolean };
  if (typeof document === 'undefined' || w.__labWorkshopLock) return;
  w.__labWorkshopLock = true;
  reflect(currentLockState());
  applyFragment();
  addEventListener('hashchange', applyFragment);
  addEventListener('storage', (event) => {
    if (event.key === LOCK_STORAGE_KEY) reflect(currentLockState());
  });
}

startWorkshopLock();
