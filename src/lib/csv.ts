/**
 * CSV for spreadsheets, safe with text from other people: RFC 4180 quoting, CRLF line ends, and a guard against
 * cells a spreadsheet would run as formulas. Used by the roster's CSV and the workshop dashboard's export.
 */

/**
 * Characters a spreadsheet skips before it looks for a formula: spaces and other blanks (NBSP, the ideographic space
 * U+3000, tabs), zero-width characters and line breaks.
 */
const CSV_BLANKS = /^[\s\u00a0\u3000\u200b-\u200d\u2060\ufeff]*/;
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
