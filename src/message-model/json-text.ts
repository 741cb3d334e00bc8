/**
 * Reading JSON text safely: where parsing stopped, and the properties of a parsed value that JSON.parse hides
 * (duplicate names, depth, lone surrogates, integers past double precision). Pure and iterative: no recursion,
 * so 100,000 levels of nesting cannot overflow the stack.
 */
import { pointer } from './findings.ts';
import { firstTooDeep, readJsonToken, stringTokenValue } from './json-tokens.ts';

/** Where in the text something is: a 0-based offset and 1-based line and column. */
export interface TextPosition {
  offset: number;
  line: number;
  column: number;
}

/** The outcome of parsing text: the value, or where and why parsing stopped. */
export type ParseOutcome = { ok: true; value: unknown } | { ok: false; reason: string; position: TextPosition };

/** Converts an offset in `text` into a line and column (both 1-based; a column counts UTF-16 code units). */
export function positionAt(text: string, offset: number): TextPosition {
  const clamped = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < clamped; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { offset: clamped, line, column: clamped - lineStart + 1 };
}

/**
 * The deepest nesting of arrays and objects read from JSON text. RFC 8259 §9: "An implementation may set limits on
 * the maximum depth of nesting." Without one, megabytes of "[" keep JSON.parse busy for seconds and take hundreds of
 * MB before it fails; no MCP message comes near 512 levels.
 */
export const MAX_JSON_DEPTH = 512;

/** Parses JSON text; never throws. On failure, says where parsing stopped and why, in words a learner can act on. */
export function parseJsonText(text: string): ParseOutcome {
  // A text shorter than the limit cannot nest past it, so a typical message is not scanned twice.
  const deep = text.length > MAX_JSON_DEPTH ? firstTooDeep(text, MAX_JSON_DEPTH) : -1;
  if (deep !== -1) {
    return {
      ok: false,
      reason: `The JSON nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep; reading stops there (RFC 8259 §9 lets an implementation limit the depth of nesting).`,
      position: positionAt(text, deep),
    };
  }
  let value: unknown;
  let message: string | undefined;
  // A failed JSON.parse throws a SyntaxError, for which the engine records a stack trace; that costs more than
  // parsing a short text, and only the error's message is read here. Where the engine lets a script set the trace
  // length (V8, JavaScriptCore), none is recorded, and the old length is back before anything else runs.
  const limit = STACK_LIMIT_SETTABLE ? ErrorWithLimit.stackTraceLimit : undefined;
  if (limit !== undefined) ErrorWithLimit.stackTraceLimit = 0;
  try {
    value = JSON.parse(text);
  } catch (error) {
    message = error instanceof Error ? error.message : String(error);
  } finally {
    if (limit !== undefined) ErrorWithLimit.stackTraceLimit = limit;
  }
  if (message === undefined) return { ok: true, value };
  // Blank text never parses, so it is told apart here rather than trimmed on every call.
  if (text.trim() === '') {
    return {
      ok: false,
      reason: 'The text is empty: there is no JSON value in it.',
      position: positionAt(text, text.length),
    };
  }
  return { ok: false, reason: describeParseError(message), position: positionAt(text, errorOffset(message, text)) };
}

const ErrorWithLimit = Error as unknown as { stackTraceLimit?: number };
/** Whether Error.stackTraceLimit is a number this module may set (not in every engine; not under frozen intrinsics). */
const STACK_LIMIT_SETTABLE = ((): boolean => {
  const own = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
  return own !== undefined && own.writable === true && typeof own.value === 'number';
})();

/** Finds the offset an engine's JSON.parse error message names (V8: "at position N"; SpiderMonkey: "line L column C"). */
function errorOffset(message: string, text: string): number {
  const atPosition = /position (\d+)/.exec(message);
  if (atPosition?.[1]) return Number(atPosition[1]);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn?.[1] && lineColumn[2]) {
    let offset = 0;
    for (let line = 1; line < Number(lineColumn[1]); line += 1) {
      const next = text.indexOf('\n', offset);
      if (next === -1) break;
      offset = next + 1;
    }
    return offset + Number(lineColumn[2]) - 1;
  }
  return text.length;
}

/** Rewrites an engine's parse message into one sentence without the echoed source text. */
export function describeParseError(message: string): string {
  if (/end of (JSON )?(input|data)/i.test(message)) return 'The text ends before the JSON value is complete.';
  // Plain string searches for V8's and SpiderMonkey's forms; each expression runs only where its text is present.
  let cleaned = message;
  const echoed = cleaned.indexOf(', "');
  if (echoed !== -1 && cleaned.endsWith('" is not valid JSON')) cleaned = cleaned.slice(0, echoed);
  // The position is reported on its own (ParseOutcome.position), so V8's "in JSON at position 30 (line 1 column 31)"
  // and "after JSON at position 95 (line 1 column 96)" lose it.
  if (cleaned.includes(' at position '))
    cleaned = cleaned.replace(/ (in JSON )?at position \d+( \(line \d+ column \d+\))?/, '');
  if (cleaned.startsWith('JSON.parse: ')) cleaned = cleaned.slice('JSON.parse: '.length);
  if (cleaned.endsWith(' of the JSON data')) cleaned = cleaned.replace(/ at line \d+ column \d+ of the JSON data$/, '');
  const sentence = `${cleaned.charAt(0).toUpperCase()}${cleaned.slice(1)}.`;
  return sentence.endsWith('..') ? sentence.slice(0, -1) : sentence;
}

/** What a walk over a parsed value found. */
export interface ValueFacts {
  /** The deepest nesting of arrays and objects (a scalar is 0). */
  depth: number;
  /** True when the walk stopped at `maxDepth` and did not look further down. */
  truncated: boolean;
  /** JSON Pointers of strings (or names) containing a lone UTF-16 surrogate. */
  loneSurrogates: string[];
  /** JSON Pointers of integers too large to be represented exactly as a double. */
  unsafeIntegers: string[];
  /** How many object members the value has, counting every object at every depth. */
  memberCount: number;
  /**
   * True when the value reaches the same object twice (a cycle or a shared reference). JSON text cannot express
   * that, so only a value built in code can do it; the walk visits each object once.
   */
  repeated: boolean;
}

/** Walks a parsed value iteratively, collecting the facts JSON.parse hides. Stops descending at `maxDepth`. */
export function inspectValue(value: unknown, maxDepth = 256, maxReports = 20): ValueFacts {
  return inspect(value, maxDepth, maxReports, false);
}

/**
 * inspectValue for a value fresh from JSON.parse: a tree, which never reaches an object twice, so the quick walk
 * need not remember the objects it has seen. Same facts; for the classifier's hot path.
 */
export function inspectParsedJson(value: unknown, maxDepth = 256, maxReports = 20, text?: string): ValueFacts {
  // With the text the value was parsed from, one look at it can rule out lone surrogates: a parsed string holds one
  // only when the text does (it is then not well-formed) or when the text has a \u escape. Then the quick walk
  // skips the strings; numbers are always checked (that is cheap).
  const strings = text === undefined || text.includes('\\u') || !text.isWellFormed();
  return inspect(value, maxDepth, maxReports, true, strings);
}

function inspect(value: unknown, maxDepth: number, maxReports: number, tree: boolean, strings = true): ValueFacts {
  // Most messages have nothing to report: a quick walk that builds no paths settles depth, member count and
  // repetition, and only a value with something to report is walked again to name the places.
  const quick = scanValue(value, maxDepth, tree, strings);
  if (!quick.reportable || maxReports <= 0) {
    return {
      depth: quick.depth,
      truncated: quick.truncated,
      loneSurrogates: [],
      unsafeIntegers: [],
      memberCount: quick.memberCount,
      repeated: quick.repeated,
    };
  }
  return walkValue(value, maxDepth, maxReports);
}

/** True for what walkValue reports: a string with a lone surrogate, an integer past 2^53, a number past a double. */
const isReportable = (v: unknown): boolean =>
  typeof v === 'string'
    ? !v.isWellFormed()
    : typeof v === 'number' && (Number.isInteger(v) ? !Number.isSafeInteger(v) : !Number.isFinite(v));

/**
 * The quick walk: walkValue's traversal, container for container in the same order (so a shared object is met
 * first at the same place), with scalars checked in place and no paths built. `reportable` says whether walkValue
 * would report anything. With `tree`, the caller vouches that no object is reached twice.
 */
function scanValue(
  value: unknown,
  maxDepth: number,
  tree: boolean,
  strings: boolean,
): Omit<ValueFacts, 'loneSurrogates' | 'unsafeIntegers'> & { reportable: boolean } {
  let depth = 0;
  let truncated = false;
  let memberCount = 0;
  let repeated = false;
  let reportable = false;
  const check = strings ? isReportable : isReportableNumber;
  if (value === null || typeof value !== 'object')
    return { depth, truncated, memberCount, repeated, reportable: isReportable(value) };
  const containers: object[] = [value];
  const levels: number[] = [0];
  const seen = tree ? undefined : new Set<object>();
  while (containers.length > 0) {
    const v = containers.pop()!;
    const childDepth = levels.pop()! + 1;
    if (seen) {
      if (seen.has(v)) {
        repeated = true;
        continue;
      }
      seen.add(v);
    }
    if (childDepth > depth) depth = childDepth;
    if (childDepth > maxDepth) {
      truncated = true;
      continue;
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i -= 1) {
        const item: unknown = v[i];
        if (item !== null && typeof item === 'object') {
          containers.push(item);
          levels.push(childDepth);
        } else if (!reportable && check(item)) reportable = true;
      }
    } else if (tree) {
      // A tree from JSON.parse: plain objects whose prototype has no enumerable members, so for-in visits exactly
      // the own keys, without the array Object.keys allocates.
      const o = v as Record<string, unknown>;
      for (const key in o) {
        memberCount += 1;
        if (strings && !reportable && !key.isWellFormed()) reportable = true;
        const item = o[key];
        if (item !== null && typeof item === 'object') {
          containers.push(item);
          levels.push(childDepth);
        } else if (!reportable && check(item)) reportable = true;
      }
    } else {
      const keys = Object.keys(v);
      memberCount += keys.length;
      for (const key of keys) {
        if (strings && !reportable && !key.isWellFormed()) reportable = true;
        const item: unknown = (v as Record<string, unknown>)[key];
        if (item !== null && typeof item === 'object') {
          containers.push(item);
          levels.push(childDepth);
        } else if (!reportable && check(item)) reportable = true;
      }
    }
  }
  return { depth, truncated, memberCount, repeated, reportable };
}

/** isReportable for numbers only (the caller knows no string can hold a lone surrogate). */
const isReportableNumber = (v: unknown): boolean =>
  typeof v === 'number' && (Number.isInteger(v) ? !Number.isSafeInteger(v) : !Number.isFinite(v));

/** The full walk, with a JSON Pointer for each report. */
function walkValue(value: unknown, maxDepth: number, maxReports: number): ValueFacts {
  const facts: ValueFacts = {
    depth: 0,
    truncated: false,
    loneSurrogates: [],
    unsafeIntegers: [],
    memberCount: 0,
    repeated: false,
  };
  const stack: Array<{ v: unknown; path: string; depth: number }> = [{ v: value, path: '', depth: 0 }];
  const seen = new WeakSet<object>();
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (!v.isWellFormed() && facts.loneSurrogates.length < maxReports) facts.loneSurrogates.push(path);
      continue;
    }
    if (typeof v === 'number') {
      // Integers past 2^53, and number literals too large for a double at all (1e400 parses to Infinity).
      const unsafe = Number.isInteger(v) ? !Number.isSafeInteger(v) : !Number.isFinite(v);
      if (unsafe && facts.unsafeIntegers.length < maxReports) facts.unsafeIntegers.push(path);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (seen.has(v)) {
      facts.repeated = true;
      continue;
    }
    seen.add(v);
    const childDepth = depth + 1;
    if (childDepth > facts.depth) facts.depth = childDepth;
    if (childDepth > maxDepth) {
      facts.truncated = true;
      continue;
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i -= 1) stack.push({ v: v[i], path: `${path}/${i}`, depth: childDepth });
    } else {
      const keys = Object.keys(v);
      facts.memberCount += keys.length;
      for (const key of keys) {
        if (!key.isWellFormed() && facts.loneSurrogates.length < maxReports)
          facts.loneSurrogates.push(pointer(path, key));
        stack.push({ v: (v as Record<string, unknown>)[key], path: pointer(path, key), depth: childDepth });
      }
    }
  }
  return facts;
}

/** Counts the member names in JSON text: the scanner's name tokens (every string token followed by a colon). */
export function countMemberNames(text: string): number {
  let count = 0;
  for (let t = readJsonToken(text, 0); t; t = readJsonToken(text, t.end)) if (t.kind === 'name') count += 1;
  return count;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * An upper bound on the member names in JSON text, cheaper than countMemberNames: the colons whose previous
 * non-whitespace character is an unescaped quote. Every member name ends that way; a colon inside a string
 * only sometimes does. When the bound equals the parsed member count, no name can repeat.
 */
export function maxMemberNames(text: string): number {
  let count = 0;
  for (let i = text.indexOf(':'); i !== -1; i = text.indexOf(':', i + 1)) {
    let j = i - 1;
    let c = text.charCodeAt(j);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(--j);
    if (c !== QUOTE) continue;
    let slashes = 0;
    while (text.charCodeAt(j - 1 - slashes) === BACKSLASH) slashes += 1;
    if (slashes % 2 === 0) count += 1;
  }
  return count;
}

/**
 * Finds duplicate member names in JSON text that is known to parse, with the JSON Pointer of each object that
 * repeats a name. Walks the model's scanner (json-tokens.ts) with its own stack; run only when a duplicate is known
 * to exist, since it is slower than JSON.parse.
 */
export function findDuplicateNames(text: string, maxReports = 20): Array<{ path: string; name: string }> {
  type Frame =
    | { kind: 'object'; path: string; names: Set<string>; key: string | null }
    | { kind: 'array'; path: string; index: number };
  const found: Array<{ path: string; name: string }> = [];
  const stack: Frame[] = [];
  const childPath = (): string => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    if (top.kind === 'array') return `${top.path}/${top.index}`;
    return pointer(top.path, top.key ?? '');
  };
  for (let t = readJsonToken(text, 0); t && found.length < maxReports; t = readJsonToken(text, t.end)) {
    const top = stack[stack.length - 1];
    if (t.kind === 'name') {
      if (top?.kind === 'object') {
        const name = stringTokenValue(text, t);
        if (top.names.has(name)) found.push({ path: top.path, name });
        top.names.add(name);
        top.key = name;
      }
    } else if (t.kind === '{') {
      stack.push({ kind: 'object', path: childPath(), names: new Set(), key: null });
    } else if (t.kind === '[') {
      stack.push({ kind: 'array', path: childPath(), index: 0 });
    } else if (t.kind === '}' || t.kind === ']') {
      stack.pop();
    } else if (t.kind === ',' && top?.kind === 'array') {
      top.index += 1;
    }
  }
  return found;
}
