/**
 * Keeps the roster in the instructor's browser, so a reload does not lose a class: the texts that were graded
 * (pasted text and files' contents, by name) and the choices made about name conflicts. Grading is redone from them
 * on load, with the course as it is then. Only this browser holds it; "Clear roster" removes it.
 */
import type { ConflictChoice } from '../receipts/grade.ts';
import { isRecord } from '../lib/record.ts';

/** The localStorage key. */
export const ROSTER_STORAGE_KEY = 'mcp-lab-roster';
/** The most text kept (UTF-16 units): localStorage holds about 5 MB per site, shared with learners' progress. */
export const MAX_STORED_CHARS = 4 * 1024 * 1024;

/** What is kept. */
export interface StoredRoster {
  /** When it was saved (ISO 8601). */
  savedAt: string;
  texts: { name: string; text: string }[];
  choices: Record<string, ConflictChoice>;
}

/** The part of localStorage this module uses (tests pass a Map-backed one). */
export interface RosterStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The outcome of saving. */
export type SaveRosterOutcome =
  { kind: 'saved' } | { kind: 'too-large'; chars: number } | { kind: 'refused'; message: string };

/** Saves the roster; too much text, or storage that refuses, is an outcome to show, never an exception. */
export function saveRoster(storage: RosterStorage, roster: StoredRoster): SaveRosterOutcome {
  const json = JSON.stringify({ format: 'mcp-message-lab/roster', version: 1, ...roster });
  if (json.length > MAX_STORED_CHARS) {
    clearRoster(storage);
    return { kind: 'too-large', chars: json.length };
  }
  try {
    storage.setItem(ROSTER_STORAGE_KEY, json);
    return { kind: 'saved' };
  } catch (error) {
    return { kind: 'refused', message: error instanceof Error ? error.message : String(error) };
  }
}

function isChoice(v: unknown): v is ConflictChoice {
  return (
    isRecord(v) &&
    ((v.count === 'all' && Object.keys(v).length === 1) ||
      (v.count === 'one' && typeof v.digest === 'string' && Object.keys(v).length === 2))
  );
}

/** The saved roster, or undefined when there is none or it cannot be read (then it is left as it is). */
export function loadRoster(storage: RosterStorage): StoredRoster | undefined {
  let value: unknown;
  try {
    const raw = storage.getItem(ROSTER_STORAGE_KEY);
    if (raw === null || raw.length > MAX_STORED_CHARS) return undefined;
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || value.format !== 'mcp-message-lab/roster' || value.version !== 1) return undefined;
  const { savedAt, texts, choices } = value;
  if (typeof savedAt !== 'string' || !Array.isArray(texts) || !isRecord(choices)) return undefined;
  if (!texts.every((t) => isRecord(t) && typeof t.name === 'string' && typeof t.text === 'string')) return undefined;
  if (!Object.values(choices).every(isChoice)) return undefined;
  return {
    savedAt,
    texts: (texts as { name: string; text: string }[]).map(({ name, text }) => ({ name, text })),
    choices: choices as Record<string, ConflictChoice>,
  };
}

/** Removes the saved roster. */
export function clearRoster(storage: RosterStorage): void {
  try {
    storage.removeItem(ROSTER_STORAGE_KEY);
  } catch {
    // Nothing stored, or storage unavailable: nothing to remove.
  }
}
