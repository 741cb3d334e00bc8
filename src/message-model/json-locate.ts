/**
 * Finds where a JSON Pointer (RFC 6901) points in JSON text: the character range of the value, and of its member
 * name when it is an object member. Used to mark findings in the message the learner is looking at. Tolerant:
 * on text that is not JSON it returns what it found before the error. Where a name repeats, the last one wins,
 * as JSON.parse keeps the last. Built on the model's one scanner (json-tokens.ts) with its own stack in an array, so
 * deep nesting cannot overflow the stack. Text layout only: no protocol rule lives here.
 */
import { pointer as childPointer } from './findings.ts';
import { readJsonToken, stringTokenValue } from './json-tokens.ts';

/** Where a pointer's value is in the text. */
export interface TextRange {
  start: number;
  end: number;
  /** For an object member: where its name (with quotes) starts. */
  nameStart?: number;
}

/** Indexes every value in `text` by its JSON Pointer (stops after `limit` values). */
export function indexPointers(text: string, limit = 20_000): Map<string, TextRange> {
  const out = new Map<string, TextRange>();
  type Frame = {
    type: 'object' | 'array';
    pointer: string;
    start: number;
    /** Where the container's own member name starts, when it is an object member. */
    nameStart: number | undefined;
    index: number;
    /** In an object: the name of the member whose value comes next, and where that name starts. */
    key?: string;
    keyStart?: number;
  };
  const stack: Frame[] = [];
  const record = (pointer: string, start: number, end: number, nameStart: number | undefined) => {
    out.set(pointer, nameStart !== undefined ? { start, end, nameStart } : { start, end });
  };
  /** After a value inside a container: the container moves to its next slot, and one comma may follow. */
  let commaMayFollow = false;
  const afterValue = (): void => {
    const parent = stack[stack.length - 1];
    if (!parent) return;
    if (parent.type === 'array') parent.index += 1;
    else {
      delete parent.key;
      delete parent.keyStart;
    }
    commaMayFollow = true;
  };

  for (let t = readJsonToken(text, 0); t && out.size < limit; t = readJsonToken(text, t.end)) {
    if (commaMayFollow) {
      commaMayFollow = false;
      if (t.kind === ',') continue;
    }
    const top = stack[stack.length - 1];
    // Inside an object, expecting a member name or the end.
    if (top?.type === 'object' && top.key === undefined) {
      if (t.kind === '}') {
        stack.pop();
        record(top.pointer, top.start, t.end, top.nameStart);
        afterValue();
        continue;
      }
      if (t.kind !== 'name') break;
      top.key = stringTokenValue(text, t);
      top.keyStart = t.start;
      // A name token is followed by its name-separator: step over it.
      t = readJsonToken(text, t.end)!;
      continue;
    }
    if (top?.type === 'array' && t.kind === ']') {
      stack.pop();
      record(top.pointer, top.start, t.end, top.nameStart);
      afterValue();
      continue;
    }
    // A value starts here; its pointer comes from the enclosing container.
    const pointer = !top
      ? ''
      : top.type === 'array'
        ? `${top.pointer}/${top.index}`
        : childPointer(top.pointer, top.key ?? '');
    const nameStart = top?.keyStart;
    if (t.kind === '{' || t.kind === '[') {
      stack.push({ type: t.kind === '{' ? 'object' : 'array', pointer, start: t.start, nameStart, index: 0 });
      continue;
    }
    if (t.kind !== 'string' && t.kind !== 'name' && t.kind !== 'literal') break;
    record(pointer, t.start, t.end, nameStart);
    afterValue();
  }
  return out;
}

/** The range a pointer points at, or the nearest enclosing value that exists (a missing member marks its parent). */
export function locatePointer(
  index: Map<string, TextRange>,
  pointer: string,
): { range: TextRange; exact: boolean } | undefined {
  let p = pointer;
  for (;;) {
    const range = index.get(p);
    if (range) return { range, exact: p === pointer };
    if (p === '') return undefined;
    p = p.slice(0, p.lastIndexOf('/'));
  }
}
