/**
 * The model's one scanner over JSON text: it reads the tokens of RFC 8259 §2 one at a time, and everything that walks
 * JSON text (locating pointers, finding duplicate names, compacting a fixture, splitting pasted receipts) is built
 * on it. Tolerant of text that is not JSON: every character outside whitespace belongs to exactly one token, a
 * string without its closing quote runs to the end of the text, and anything that is neither whitespace, a
 * structural character nor a string is read as a literal. It keeps no nesting itself (the caller keeps its own
 * stack, in an array), so any depth of brackets is read in constant stack. Never throws.
 */

/**
 * What a token is. The six structural characters stand for themselves (RFC 8259 §2: begin-array `[`, begin-object
 * `{`, end-array `]`, end-object `}`, name-separator `:`, value-separator `,`). A `string` is a quoted string; a
 * `name` is a string whose next non-whitespace character is a name-separator (an object member's name, RFC 8259 §4);
 * `unterminated` is a quotation mark with no closing one, running to the end of the text. A `literal` is a run of
 * other characters: `true`, `false`, `null`, a number, or anything else that is not JSON.
 */
export type JsonTokenKind = '[' | '{' | ']' | '}' | ':' | ',' | 'string' | 'name' | 'unterminated' | 'literal';

/** One token: its kind and its range in the text, `start` inclusive and `end` exclusive (UTF-16 offsets). */
export interface JsonToken {
  kind: JsonTokenKind;
  start: number;
  end: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

/** RFC 8259 §2: ws = *( %x20 / %x09 / %x0A / %x0D ). */
const isWhitespace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The kind of a structural character ([ { ] } : ,), or undefined for any other character code. */
function structuralKind(c: number): JsonTokenKind | undefined {
  switch (c) {
    case 0x5b:
      return '[';
    case 0x7b:
      return '{';
    case 0x5d:
      return ']';
    case 0x7d:
      return '}';
    case 0x3a:
      return ':';
    case 0x2c:
      return ',';
    default:
      return undefined;
  }
}

/**
 * Reads the first token at or after `offset`, skipping whitespace; undefined when only whitespace is left. Walk a
 * text with `for (let t = readJsonToken(text, 0); t; t = readJsonToken(text, t.end))`.
 */
export function readJsonToken(text: string, offset: number): JsonToken | undefined {
  const n = text.length;
  let i = Math.max(0, offset);
  while (i < n && isWhitespace(text.charCodeAt(i))) i += 1;
  if (i >= n) return undefined;
  const c = text.charCodeAt(i);
  const structural = structuralKind(c);
  if (structural !== undefined) return { kind: structural, start: i, end: i + 1 };
  if (c === QUOTE) {
    // The closing quote is the first one after an even number of backslashes (each pair is one escaped backslash;
    // an odd one escapes the quote). Counting backwards stops at the opening quote at the latest.
    let q = text.indexOf('"', i + 1);
    for (;;) {
      if (q === -1) return { kind: 'unterminated', start: i, end: n };
      let slashes = 0;
      while (text.charCodeAt(q - 1 - slashes) === BACKSLASH) slashes += 1;
      if (slashes % 2 === 0) break;
      q = text.indexOf('"', q + 1);
    }
    const end = q + 1;
    let k = end;
    while (k < n && isWhitespace(text.charCodeAt(k))) k += 1;
    return { kind: text.charCodeAt(k) === COLON ? 'name' : 'string', start: i, end };
  }
  let j = i + 1;
  for (; j < n; j += 1) {
    const d = text.charCodeAt(j);
    if (isWhitespace(d) || d === QUOTE || structuralKind(d) !== undefined) break;
  }
  return { kind: 'literal', start: i, end: j };
}

/**
 * The value of a string or name token: JSON.parse of its text, or, where that fails (a bad escape, a raw control
 * character), the characters between its quotes as they are. Never throws.
 */
export function stringTokenValue(text: string, token: JsonToken): string {
  const inner = text.slice(token.start + 1, token.kind === 'unterminated' ? token.end : token.end - 1);
  // Without a backslash there is nothing to decode: JSON.parse would give the same characters, or fail.
  if (!inner.includes('\\')) return inner;
  try {
    return JSON.parse(text.slice(token.start, token.end)) as string;
  } catch {
    return inner;
  }
}

/**
 * Where the arrays and objects of a JSON text first nest deeper than `limit`: the offset of the bracket that goes
 * past it, or -1 when none does. Brackets inside strings do not count. One pass over the tokens, no recursion.
 */
export function firstTooDeep(text: string, limit: number): number {
  let depth = 0;
  for (let t = readJsonToken(text, 0); t; t = readJsonToken(text, t.end)) {
    if (t.kind === '[' || t.kind === '{') {
      depth += 1;
      if (depth > limit) return t.start;
    } else if (t.kind === ']' || t.kind === '}') {
      depth -= 1;
    }
  }
  return -1;
}
