/**
 * CSV for spreadsheets, safe with text from other people: RFC 4180 quoting, CRLF line ends, and a guard against
 * cells a spreadsheet would run as formulas. Used by the roster's CSV and the workshop dashboard's export.
 */

/**
 * Characters a spreadsheet may skip, or show as nothing, before the character it looks at for a formula: spaces and
 * other blanks (NBSP, the ideographic space U+3000, tabs, line breaks) and every default-ignorable code point
 * (zero-width characters, the byte-order mark, variation selectors, the combining grapheme joiner, tag characters
 * U+E0000-E007F, Hangul fillers). A cell that is only these followed by "=" is still a formula to the reader.
 */
const CSV_BLANKS = /^[\s\p{Default_Ignorable_Code_Point}]*/u;
/** A cell whose first non-blank character is one of these may start a formula: = + - @ and their full-width forms. */
const CSV_FORMULA_START = /^[=+\-@\uff1d\uff0b\uff0d\uff20]/;

/**
 * One CSV field. A cell whose first non-blank character could start a formula, or that starts with a tab or a
 * carriage return, gets a leading apostrophe, so a spreadsheet shows a learner-typed name instead of running it.
 * A cell holding the separator, a semicolon (the separator in many locales), a quote or a line break is quoted.
 */
export function csvField(value: string): string {
  const rest = value.slice(CSV_BLANKS.exec(value)![0].length);
  const safe = CSV_FORMULA_START.test(rest) || /^[\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n\u2028\u2029]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows as CSV text: every cell through csvField, comma-separated, CRLF after every row. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
