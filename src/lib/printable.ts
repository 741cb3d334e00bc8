/**
 * The one rule for printable text typed by other people: learner names in receipts and in the workshop room, room
 * titles. Such text is shown in tables, CSV files and terminals. A control character can rewrite a terminal line, a
 * bidirectional control reorders the text around it, and an invisible character makes a name look empty or like
 * somebody else's. This module imports only the `confusables` table (no zod), so any page (the join page too) can load it.
 *
 * Refused: C0 and C1 controls and DEL; line and paragraph separators; bidirectional controls (ALM, LRM, RLM, the
 * embeddings, overrides and isolates); invisible characters that have no part in spelling a name (soft hyphen,
 * zero-width space, word joiner and invisible operators, the byte-order mark, interlinear annotation, the Mongolian
 * vowel separator, Hangul fillers); noncharacters; unpaired surrogates.
 * Also refused: more than MAX_MARKS combining marks in a row (a letter under dozens of marks spills over the lines
 * around it), and the wide word ligatures U+FDFA, U+FDFB and U+FDFD (one character as wide as a sentence).
 * Kept: the zero-width joiner and non-joiner, which spell words in Persian and Indic scripts and build emoji
 * sequences; variation selectors and tag characters (emoji). Two names that differ only by such characters share a
 * nameKey, so they cannot pass for two people. Blank-looking characters (the braille blank U+2800) count as blanks:
 * a name of only those is empty.
 */
import { remove as removeConfusables } from 'confusables';

/** Refused characters that break or reorder text: controls, separators, bidirectional controls, broken surrogates. */
const BREAKING =
  // eslint-disable-next-line no-control-regex -- finding control characters is what this expression is for
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;
/** Refused characters that show nothing and spell nothing: soft hyphen, zero-width space, word joiners, fillers. */
const INVISIBLE = /[\u00ad\u115f\u1160\u180e\u200b\u2060-\u2064\u3164\ufeff\uffa0\ufff9-\ufffb]/u;
/** Refused characters one of which is as wide as a phrase: Arabic word ligatures (U+FDFA, U+FDFB, U+FDFD). */
const TOO_WIDE = /[\ufdfa\ufdfb\ufdfd]/u;
/** One character a name may not hold (see the module comment for the families). */
const NOT_PRINTABLE_CHAR = new RegExp(`${BREAKING.source}|${INVISIBLE.source}|${TOO_WIDE.source}`, 'u');

/** The most combining marks in a row (Vietnamese, Yoruba and phonetic spellings need two or three on one letter). */
const MAX_MARKS = 3;
const TOO_MANY_MARKS = new RegExp(`\\p{M}{${MAX_MARKS + 1},}`, 'u');

/** Characters that look blank: the braille pattern blank U+2800 (not a space to \s, yet it draws nothing). */
const BLANK_LOOKING = '\u2800';
/** Characters that show nothing on their own: blanks, blank-looking characters and default-ignorable code points. */
const SHOWS_NOTHING = new RegExp(`[\\s${BLANK_LOOKING}\\p{Default_Ignorable_Code_Point}]`, 'gu');

/** True when `text` holds a character the rule refuses, or more than MAX_MARKS combining marks in a row. */
export function hasNotPrintable(text: string): boolean {
  return NOT_PRINTABLE_CHAR.test(text) || TOO_MANY_MARKS.test(text);
}

/** True when `text` is printable: no refused character, and something visible besides blanks and joiners. */
export function isPrintable(text: string): boolean {
  return !hasNotPrintable(text) && text.replace(SHOWS_NOTHING, '') !== '';
}

/**
 * Typed text made printable: invisible characters are removed, the other refused characters become spaces, runs of
 * blanks become one space, the ends are trimmed, and the length is capped at `maxLength` UTF-16 code units (as zod's
 * max counts) without splitting a surrogate pair. Empty when nothing visible is left.
 */
export function toPrintable(typed: string, maxLength: number): string {
  const cleaned = typed
    .replace(new RegExp(`${INVISIBLE.source}|${TOO_WIDE.source}`, 'gu'), '')
    .replace(new RegExp(`(\\p{M}{${MAX_MARKS}})\\p{M}+`, 'gu'), '$1')
    .replace(new RegExp(BREAKING.source, 'gu'), ' ')
    .replace(new RegExp(`[\\s${BLANK_LOOKING}]+`, 'gu'), ' ')
    .trim();
  let capped = '';
  for (const ch of cleaned) {
    if (capped.length + ch.length > maxLength) break;
    capped += ch;
  }
  capped = capped.trim();
  return isPrintable(capped) ? capped : '';
}

/**
 * The key two names are compared by: compatibility forms folded (NFKC, so full-width letters match), invisible
 * characters removed (format characters and every default-ignorable code point: joiners, selectors, tags), letters
 * drawn like a Latin letter folded to it by the `confusables` package's table of Unicode's confusables (UTS #39),
 * which also drops accents, so "Zoë" meets "Zoe" as a conflict the instructor settles with an initial; case folded, runs of blanks (and blank-looking
 * characters) made one space, ends trimmed. "Ada Lovelace", "ada  LOVELACE", "ＡＤＡ Lovelace", "A\u200dda Lovelace"
 * and "Аda Lovelace" (Cyrillic А) share a key.
 */
export function nameKey(name: string): string {
  return removeConfusables(name.normalize('NFKC').replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, ''))
    .toLocaleLowerCase('en')
    .replace(new RegExp(`[\\s${BLANK_LOOKING}]+`, 'gu'), ' ')
    .trim();
}
