/**
 * json-tokens.ts, the model's one scanner over JSON text. Expected tokens are written by hand from the grammar of
 * RFC 8259 (each test names the rule it reads), including text that is not JSON; then a property: for any JSON value
 * laid out with any whitespace, the tools built on the scanner give back the value's own facts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactJsonText } from '../../../src/components/anatomy/fixture-display.ts';
import { indexPointers } from '../../../src/message-model/json-locate.ts';
import { findDuplicateNames } from '../../../src/message-model/json-text.ts';
import { readJsonToken, stringTokenValue, type JsonToken } from '../../../src/message-model/json-tokens.ts';

/** Every token of a text, as [kind, start, end]. */
function tokens(text: string): Array<[JsonToken['kind'], number, number]> {
  const out: Array<[JsonToken['kind'], number, number]> = [];
  for (let t = readJsonToken(text, 0); t; t = readJsonToken(text, t.end)) out.push([t.kind, t.start, t.end]);
  return out;
}

describe('readJsonToken: RFC 8259 §2', () => {
  it('skips ws = *( %x20 / %x09 / %x0A / %x0D ) between tokens, and nothing else', () => {
    expect(tokens(' \t\n\r{ \t\n\r}')).toEqual([
      ['{', 4, 5],
      ['}', 9, 10],
    ]);
    // U+00A0 and U+FEFF are not JSON whitespace: they are read as (broken) literals.
    expect(tokens('\u00a0\ufeff1')).toEqual([['literal', 0, 3]]);
  });

  it('reads each of the six structural characters, begin-array %x5B begin-object %x7B end-array %x5D end-object %x7D name-separator %x3A value-separator %x2C, as one token', () => {
    expect(tokens('[{]}:,')).toEqual([
      ['[', 0, 1],
      ['{', 1, 2],
      [']', 2, 3],
      ['}', 3, 4],
      [':', 4, 5],
      [',', 5, 6],
    ]);
  });

  it('returns nothing for an empty or all-whitespace text, or past the end', () => {
    expect(readJsonToken('', 0)).toBeUndefined();
    expect(readJsonToken(' \n ', 0)).toBeUndefined();
    expect(readJsonToken('[]', 2)).toBeUndefined();
    expect(readJsonToken('[]', 99)).toBeUndefined();
  });

  it('starts at the offset given (a negative one reads from the start)', () => {
    expect(readJsonToken('[1, 2]', 3)).toEqual({ kind: 'literal', start: 4, end: 5 });
    expect(readJsonToken('[1]', -4)).toEqual({ kind: '[', start: 0, end: 1 });
  });
});

describe('readJsonToken: values (RFC 8259 §3, §6)', () => {
  it('reads value = false / null / true / number as literal runs ending at ws, a structural character or a quote', () => {
    expect(tokens('[true,false , null,-1.5e+3]')).toEqual([
      ['[', 0, 1],
      ['literal', 1, 5],
      [',', 5, 6],
      ['literal', 6, 11],
      [',', 12, 13],
      ['literal', 14, 18],
      [',', 18, 19],
      ['literal', 19, 26],
      [']', 26, 27],
    ]);
    expect(tokens('tru"e"')).toEqual([
      ['literal', 0, 3],
      ['string', 3, 6],
    ]);
    expect(tokens('a:b')).toEqual([
      ['literal', 0, 1],
      [':', 1, 2],
      ['literal', 2, 3],
    ]);
  });
});

describe('readJsonToken: strings (RFC 8259 §7)', () => {
  it('reads string = quotation-mark *char quotation-mark as one token, brackets inside included', () => {
    expect(tokens('"ab"')).toEqual([['string', 0, 4]]);
    expect(tokens('""')).toEqual([['string', 0, 2]]);
    expect(tokens('"[{}],:"')).toEqual([['string', 0, 8]]);
  });

  it('does not end a string at an escaped quotation mark: escape ( %x22 ) is "\\\\" followed by "\\""', () => {
    // The text "a\"b" (6 characters) is one string.
    expect(tokens('"a\\"b"')).toEqual([['string', 0, 6]]);
    // The text "a\\" ends at its last quote: the two backslashes are one escaped reverse solidus (%x5C).
    expect(tokens('"a\\\\"b"')).toEqual([
      ['string', 0, 5],
      ['literal', 5, 6],
      ['unterminated', 6, 7],
    ]);
    expect(tokens('"\\\\\\""')).toEqual([['string', 0, 6]]);
  });

  it('reads a string made of \\u escapes of lone surrogates (%x75 4HEXDIG, "\\uD800") like any other', () => {
    expect(tokens('"\\ud800"')).toEqual([['string', 0, 8]]);
    expect(tokens('["\\udc00x", "\\ud83d"]')).toEqual([
      ['[', 0, 1],
      ['string', 1, 10],
      [',', 10, 11],
      ['string', 12, 20],
      [']', 20, 21],
    ]);
    // A raw lone surrogate code unit inside the quotes too.
    expect(tokens('"\ud800"')).toEqual([['string', 0, 3]]);
  });

  it('reads a string whose next token is a name-separator as a name (§4: member = string name-separator value)', () => {
    expect(tokens('{"a" :1,"b":"c"}')).toEqual([
      ['{', 0, 1],
      ['name', 1, 4],
      [':', 5, 6],
      ['literal', 6, 7],
      [',', 7, 8],
      ['name', 8, 11],
      [':', 11, 12],
      ['string', 12, 15],
      ['}', 15, 16],
    ]);
    expect(tokens('{"\\ud800":\n1}')[1]).toEqual(['name', 1, 9]);
  });
});

describe('readJsonToken: text that is not JSON', () => {
  it('runs a string with no closing quotation mark to the end of the text', () => {
    expect(tokens('"abc')).toEqual([['unterminated', 0, 4]]);
    expect(tokens('{"a":"b')).toEqual([
      ['{', 0, 1],
      ['name', 1, 4],
      [':', 4, 5],
      ['unterminated', 5, 7],
    ]);
  });

  it('runs a string ending in a backslash, or in an escaped quotation mark, to the end', () => {
    expect(tokens('"abc\\')).toEqual([['unterminated', 0, 5]]);
    expect(tokens('"\\"')).toEqual([['unterminated', 0, 3]]);
    expect(tokens('["\\"]')).toEqual([
      ['[', 0, 1],
      ['unterminated', 1, 5],
    ]);
  });

  it('reads 100,000 nested brackets without a stack (200,000 tokens, in order)', () => {
    const text = '['.repeat(100_000) + '{'.repeat(100_000);
    let count = 0;
    let last: JsonToken | undefined;
    for (let t = readJsonToken(text, 0); t; t = readJsonToken(text, t.end)) {
      count += 1;
      last = t;
    }
    expect(count).toBe(200_000);
    expect(last).toEqual({ kind: '{', start: 199_999, end: 200_000 });
  });

  it('reads a long unterminated string, and a long run of escaped quotes, in one token', () => {
    expect(tokens(`"${'x'.repeat(1_000_000)}`)).toEqual([['unterminated', 0, 1_000_001]]);
    expect(tokens(`"${'\\"'.repeat(100_000)}`)).toEqual([['unterminated', 0, 200_001]]);
  });
});

describe('stringTokenValue', () => {
  const value = (text: string) => stringTokenValue(text, readJsonToken(text, 0)!);

  it('decodes the escapes of RFC 8259 §7', () => {
    expect(value('"a\\nb\\u0041\\/"')).toBe('a\nbA/');
    expect(value('"\\ud800"')).toBe('\ud800');
  });

  it('gives the characters between the quotes as they are when the string does not decode', () => {
    expect(value('"a\\qb"')).toBe('a\\qb');
    expect(value('"tab\there"')).toBe('tab\there');
    expect(value('"ab')).toBe('ab');
  });
});

describe('tools built on the scanner, at a depth no recursion survives', () => {
  it('findDuplicateNames names a duplicate 100,000 objects down', () => {
    const text = `${'{"a":'.repeat(100_000)}{"x":1,"x":2}${'}'.repeat(100_000)}`;
    expect(findDuplicateNames(text)).toEqual([{ path: '/a'.repeat(100_000), name: 'x' }]);
  });

  it('indexPointers indexes 100,000 nested arrays up to its limit, innermost first', () => {
    const index = indexPointers('['.repeat(100_000) + ']'.repeat(100_000), 3);
    expect([...index.keys()]).toEqual(['/0'.repeat(99_999), '/0'.repeat(99_998), '/0'.repeat(99_997)]);
  });
});

/** Lays out a JSON value with the whitespace gaps given (taken in turn) around every token. */
function layout(value: unknown, gaps: string[]): string {
  let next = 0;
  const gap = () => (gaps.length === 0 ? '' : gaps[next++ % gaps.length]!);
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${gap()}${v.map((item) => `${gap()}${write(item)}${gap()}`).join(',')}${gap()}]`;
    if (v !== null && typeof v === 'object')
      return `{${gap()}${Object.entries(v)
        .map(([k, item]) => `${gap()}${JSON.stringify(k)}${gap()}:${gap()}${write(item)}${gap()}`)
        .join(',')}${gap()}}`;
    return JSON.stringify(v);
  };
  return `${gap()}${write(value)}${gap()}`;
}

/** Every JSON Pointer (RFC 6901) of a value with the value there, written here from the RFC's escaping rules. */
function pointersOf(value: unknown, path = '', out = new Map<string, unknown>()): Map<string, unknown> {
  out.set(path, value);
  if (Array.isArray(value)) value.forEach((item, i) => pointersOf(item, `${path}/${i}`, out));
  else if (value !== null && typeof value === 'object')
    for (const [k, item] of Object.entries(value))
      pointersOf(item, `${path}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`, out);
  return out;
}

describe('tools built on the scanner, for any JSON value in any whitespace layout', () => {
  // Names and strings of any code points, weighted towards what a scanner must get right: quotes, backslashes,
  // brackets, separators, whitespace, and lone surrogates (which JSON.stringify writes as \u escapes).
  const unit = fc.oneof(
    fc.constantFrom('"', '\\', '{', '}', '[', ']', ':', ',', ' ', '\n', '\t', '\u2028', '\ud800', '\udfff'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  );
  const json = fc.jsonValue({ stringUnit: unit });
  const gaps = fc.array(fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r'), maxLength: 3 }), { maxLength: 8 });

  it('compactJsonText gives JSON.stringify of the value', () => {
    fc.assert(
      fc.property(json, gaps, (v, g) => {
        expect(compactJsonText(layout(v, g))).toBe(JSON.stringify(v));
      }),
    );
  });

  it('indexPointers finds every pointer of the value, each at the text of its value', () => {
    fc.assert(
      fc.property(json, gaps, (v, g) => {
        const text = layout(v, g);
        const index = indexPointers(text);
        const expected = pointersOf(v);
        expect([...index.keys()].sort()).toEqual([...expected.keys()].sort());
        for (const [p, item] of expected) {
          const range = index.get(p)!;
          expect(JSON.stringify(JSON.parse(text.slice(range.start, range.end)))).toBe(JSON.stringify(item));
        }
      }),
    );
  });

  it('findDuplicateNames finds none in a value (whose names are unique by construction)', () => {
    fc.assert(
      fc.property(json, gaps, (v, g) => {
        expect(findDuplicateNames(layout(v, g))).toEqual([]);
      }),
    );
  });
});
