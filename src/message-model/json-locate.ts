/**
 * Finds where a JSON Pointer (RFC 6901) points in JSON text: the character range of the value, and of its member
 * name when it is an object member. Used to mark findings in the message the learner is looking at. Tolerant:
 * on text that is not JSON it returns what it found before the error. Where a name repeats, the last one wins,
 * as JSON.parse keeps the last. Iterative, so deep nesting cannot overflow the stack. Text layout only: no
 * protocol rule lives here.
 */
import { pointer } from './findings.ts';

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
    index: number;
    key?: string;
    nameStart?: number;
  };
  const stack: Frame[] = [];
  let i = 0;
  const n = text.length;
  const ws = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i += 1;
  };
  const readString = (): string | undefined => {
    // i is at the opening quote
    const begin = i;
    i += 1;
    while (i < n && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= n) return undefined;
    i += 1;
    try {
      return JSON.parse(text.slice(begin, i)) as string;
    } catch {
      return text.slice(begin + 1, i - 1);
    }
  };
  /** The pointer of the value about to start, from the enclosing frame. */
  const childPointer = (): { pointer: string; nameStart?: number } => {
    const top = stack[stack.length - 1];
    if (!top) return { pointer: '' };
    if (top.type === 'array') return { pointer: `${top.pointer}/${top.index}` };
    return {
      pointer: pointer(top.pointer, top.key ?? ''),
      ...(top.nameStart !== undefined ? { nameStart: top.nameStart } : {}),
    };
  };
  const record = (pointer: string, start: number, end: number, nameStart?: number) => {
    out.set(pointer, nameStart !== undefined ? { start, end, nameStart } : { start, end });
  };

  while (i < n && out.size < limit) {
    ws();
    if (i >= n) break;
    const top = stack[stack.length - 1];
    // Inside an object, expecting a member name or the end.
    if (top && top.type === 'object' && top.key === undefined) {
      if (text[i] === '}') {
        i += 1;
        stack.pop();
        record(top.pointer, top.start, i, childNameStartOf(top));
        afterValue();
        continue;
      }
      if (text[i] !== '"') break;
      const nameStart = i;
      const key = readString();
      if (key === undefined) break;
      ws();
      if (text[i] !== ':') break;
      i += 1;
      top.key = key;
      top.nameStart = nameStart;
      continue;
    }
    if (top && top.type === 'array' && text[i] === ']') {
      i += 1;
      stack.pop();
      record(top.pointer, top.start, i, childNameStartOf(top));
      afterValue();
      continue;
    }
    // A value starts here.
    const { pointer, nameStart } = childPointer();
    const ch = text[i];
    if (ch === '{' || ch === '[') {
      const frame: Frame = { type: ch === '{' ? 'object' : 'array', pointer, start: i, index: 0 };
      (frame as Frame & { ownNameStart?: number }).ownNameStart = nameStart;
      stack.push(frame);
      i += 1;
      continue;
    }
    const start = i;
    if (ch === '"') {
      if (readString() === undefined) break;
    } else {
      while (i < n && !/[\s,\]}]/.test(text[i]!)) i += 1;
      if (i === start) break;
    }
    record(pointer, start, i, nameStart);
    afterValue();
  }
  return out;

  function childNameStartOf(frame: Frame): number | undefined {
    return (frame as Frame & { ownNameStart?: number }).ownNameStart;
  }
  /** After a value: step past a comma, and move the enclosing frame to its next slot. */
  function afterValue(): void {
    const parent = stack[stack.length - 1];
    if (!parent) return;
    ws();
    if (parent.type === 'array') parent.index += 1;
    else {
      delete parent.key;
      delete parent.nameStart;
    }
    if (text[i] === ',') i += 1;
  }
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
