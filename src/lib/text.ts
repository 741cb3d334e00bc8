/**
 * Escaping text from other people before a terminal sees it. A name, a method or a file name may hold characters a
 * terminal acts on instead of printing (ESC [2A moves the cursor up, ESC [2K erases a line, so one learner's receipt
 * could erase other learners' rows from `mcp-lab grade`). Every such character is written out as a visible escape:
 * the C0 controls (U+0000-U+001F, line breaks and tabs included), DEL, the C1 controls (U+0080-U+009F, where
 * U+009B is a one-character CSI), the Unicode line and paragraph separators, and the bidirectional controls that
 * reorder what is shown around them.
 */

/** The characters a terminal may act on, or that change how the text around them reads. */
// eslint-disable-next-line no-control-regex -- finding control characters is what this expression is for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same set without the C0 range, which JSON.stringify already escapes inside strings. */
const JSON_UNESCAPED = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const SHORT: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const hex = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` with every control character written as \n, \r, \t or \uXXXX, so it prints as what it is, on one line. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => SHORT[c] ?? hex(c));
}

/**
 * A copy of a JSON-like value with escapeControls applied to every string in it (keys included), for reports that
 * lay out a structure's strings as text. Depth is bounded by the value's own structure, which callers produce.
 */
export function escapeControlsDeep<T>(value: T): T {
  if (typeof value === 'string') return escapeControls(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => escapeControlsDeep(v)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [escapeControls(k), escapeControlsDeep(v as unknown)]),
    ) as T;
  return value;
}

/**
 * JSON text of `value` with no raw control character in it: JSON.stringify escapes C0 inside strings but leaves DEL,
 * C1 and the separators raw; they can only occur inside strings, where \uXXXX means the same character.
 */
export function terminalSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(JSON_UNESCAPED, hex);
}
