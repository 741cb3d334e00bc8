/**
 * The one rule for printable text typed by other people: learner names in receipts and in the workshop room, room
 * titles. Such text is shown in tables, CSV files and terminals. A control character can rewrite a terminal line, a
 * bidirectional control reorders the text around it, and an invisible character makes a name look empty or like
 * somebody else's. This module imports nothing, so any page (the join page too) can load it without zod.
 *
 * Refused: C0 and C1 controls and DEL; line and paragraph separators; bidirectional controls (ALM, LRM, RLM, the
 * embeddings, overrides and isolates); invisible characters that have no part in spelling a name (soft hyphen,
 * zero-width space, word joiner and invisible operators, the byte-order mark, interlinear annotation, the Mongolian
 * vowel separator, Hangul fillers); noncharacters; unpaired surrogates.
 * Kept: the zero-width joiner and non-joiner, which spell words in Persian and Indic scripts and build emoji
 * sequences; variation selectors and tag characters (emoji). Two names that differ only by such characters share a
 * nameKey, so they cannot pass for two people.
 */

/** Refused characters that break or reorder text: controls, separators, bidirectional controls, broken surrogates. */
const BREAKING =
  // eslint-disable-next-line no-control-regex -- finding control characters is what this expression is for
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u;
/** Refused characters that show nothing and spell nothing: soft hyphen, zero-width space, word joiners, fillers. */
const INVISIBLE = /[\u00ad\u115f\u1160\u180e\u200b\u2060-\u2064\u3164\ufeff\uffa0\ufff9-\ufffb]/u;
/** One character a name may not hold (see the module comment for the families). */
const NOT_PRINTABLE_CHAR = new RegExp(`${BREAKING.source}|${INVISIBLE.source}`, 'u');

/** Characters that show nothing on their own: blanks and default-ignorable code points (joiners, selectors, tags). */
const SHOWS_NOTHING = /[\s\p{Default_Ignorable_Code_Point}]/gu;

/** True when `text` holds a character the rule refuses. */
export function hasNotPrintable(text: string): boolean {
  return NOT_PRINTABLE_CHAR.test(text);
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
    .replace(new RegExp(INVISIBLE.source, 'gu'), '')
    .replace(new RegExp(BREAKING.source, 'gu'), ' ')
    .replace(/\s+/gu, ' ')
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
 * characters removed (format characters and every default-ignorable code point: joiners, selectors, tags), case
 * folded, runs of blanks made one space, ends trimmed. "Ada Lovelace", "ada  LOVELACE", "ＡＤＡ Lovelace" and
 * "A\u200dda Lovelace" share a key.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '')
    .toLocaleLowerCase('en')
    .replace(/\s+/gu, ' ')
    .trim();
}
