/**
 * Display names and join codes as people type them. Names and room titles follow the site's one printable-text rule
 * (src/lib/printable.ts): no controls, no bidirectional controls, no invisible characters that spell nothing, and
 * something visible, so a name can neither rewrite a terminal, reorder a dashboard row nor look empty. Names are
 * compared by that module's nameKey, so "Ada" and " ada " (or "A\u200dda") are the same learner in a room. Pure;
 * runs in the browser and on the server.
 */
import { hasNotPrintable, isPrintable, nameKey } from '../lib/printable.ts';
import { MAX_NAME_CHARS } from './protocol.ts';

/** A name, checked and tidied, or why it cannot be used. */
export type NameCheck = { kind: 'ok'; name: string; key: string } | { kind: 'invalid'; reason: string };

/** A line of printable text (a name, a room title), tidied: NFC, trimmed, inner spaces collapsed. */
export function checkText(
  raw: unknown,
  max: number,
  what: 'name' | 'title' | 'label',
): { kind: 'ok'; text: string } | { kind: 'invalid'; reason: string } {
  if (typeof raw !== 'string') return { kind: 'invalid', reason: `Type a ${what}.` };
  if (hasNotPrintable(raw))
    return { kind: 'invalid', reason: `A ${what} can contain only printable characters (no invisible ones).` };
  const text = raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
  if (!isPrintable(text)) return { kind: 'invalid', reason: `Type a ${what}.` };
  if ([...text].length > max) return { kind: 'invalid', reason: `A ${what} can be at most ${max} characters long.` };
  return { kind: 'ok', text };
}

/** Checks a display name: 1 to MAX_NAME_CHARS printable characters, with its folded key. */
export function checkName(raw: unknown): NameCheck {
  const check = checkText(raw, MAX_NAME_CHARS, 'name');
  return check.kind === 'ok' ? { kind: 'ok', name: check.text, key: nameKey(check.text) } : check;
}

/** The join code alphabet: upper-case letters and digits without look-alikes (0/O, 1/I/L, 5/S, 2/Z, 8/B). */
export const CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
/** Join codes are this long (shown as two groups of four). */
export const CODE_LENGTH = 8;

/** Normalises a typed join code (any case, spaces or dashes) to its stored form, or undefined if it cannot be one. */
export function normaliseCode(raw: string): string | undefined {
  const code = raw.toUpperCase().replace(/[\s-]+/g, '');
  if (code.length !== CODE_LENGTH) return undefined;
  for (const c of code) if (!CODE_ALPHABET.includes(c)) return undefined;
  return code;
}

/** A code as shown to people: ABCD-EFGH. */
export function formatCode(code: string): string {
  return code.length === CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}
