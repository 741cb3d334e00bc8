/** json-text.ts: parsing that never throws, positions, and the facts JSON.parse hides. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inspectValue, parseJsonText, positionAt } from '#message-model';
import { countMemberNames, describeParseError } from '../../../src/message-model/json-text.ts';

describe('positionAt', () => {
  it('counts lines and columns from 1', () => {
    expect(positionAt('ab\ncd', 0)).toEqual({ offset: 0, line: 1, column: 1 });
    expect(positionAt('ab\ncd', 4)).toEqual({ offset: 4, line: 2, column: 2 });
  });

  it('clamps offsets outside the text', () => {
    expect(positionAt('abc', 99)).toEqual({ offset: 3, line: 1, column: 4 });
    expect(positionAt('abc', -5)).toEqual({ offset: 0, line: 1, column: 1 });
  });
});

describe('parseJsonText', () => {
  it('returns the value of valid JSON', () => {
    expect(parseJsonText('{"a":[1,2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
  });

  it('explains an empty text', () => {
    const out = parseJsonText('   ');
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.reason).toMatch(/empty/);
  });

  it('says that text cut off after a colon ends too early', () => {
    const out = parseJsonText('{"jsonrpc":"2.0","id":');
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.reason).toBe('The text ends before the JSON value is complete.');
  });

  it('names an unterminated string as one plain sentence', () => {
    const out = parseJsonText('{"jsonrpc":"2.0","id":4,"method":"tools/li');
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.reason).toMatch(/^[A-Z][^\n]*\.$/);
      expect(out.reason).toMatch(/string/i);
      expect(out.reason).not.toMatch(/position \d/);
    }
  });

  it('points at the offending character, without echoing the source text', () => {
    const text = '{"a":1,\n"b":tru}';
    const out = parseJsonText(text);
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.position.line).toBe(2);
      expect(out.reason).not.toContain(text);
      expect(out.reason).toMatch(/\.$/);
    }
  });
});

describe('inspectValue', () => {
  it('measures depth and counts members at every level', () => {
    const facts = inspectValue({ a: { b: [1, { c: 2 }] } });
    expect(facts.depth).toBe(4);
    expect(facts.memberCount).toBe(3);
    expect(facts.truncated).toBe(false);
  });

  it('stops at maxDepth and says so', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10; i += 1) deep = [deep];
    const facts = inspectValue(deep, 5);
    expect(facts.truncated).toBe(true);
    expect(facts.depth).toBeGreaterThan(5);
  });

  it('reports lone surrogates in strings and in member names, as JSON Pointers', () => {
    const facts = inspectValue({ ok: 'fine', bad: 'x\ud800', ['k\udc00']: 1, list: ['a', '\ud83d'] });
    expect(facts.loneSurrogates.sort()).toEqual(['/bad', '/k\udc00', '/list/1'].sort());
  });

  it('reports integers past 2^53 and numbers past a double', () => {
    const facts = inspectValue({ safe: 9007199254740991, big: 2 ** 60, huge: Number.POSITIVE_INFINITY, frac: 0.5 });
    expect(facts.unsafeIntegers.sort()).toEqual(['/big', '/huge']);
  });

  it('escapes "~" and "/" in member names', () => {
    expect(inspectValue({ 'a/b~c': '\ud800' }).loneSurrogates).toEqual(['/a~1b~0c']);
  });

  it('caps the number of reports', () => {
    const many = Array.from({ length: 50 }, () => '\ud800');
    expect(inspectValue(many, 256, 3).loneSurrogates).toHaveLength(3);
  });

  it('walks a cyclic value once instead of forever', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    a.again = a;
    const facts = inspectValue(a);
    expect(facts.repeated).toBe(true);
  });

  it('walks 100,000 levels of nesting without recursion', () => {
    let deep: unknown = null;
    for (let i = 0; i < 100_000; i += 1) deep = i % 2 === 0 ? [deep] : { d: deep };
    const facts = inspectValue(deep, Number.POSITIVE_INFINITY);
    expect(facts.depth).toBe(100_000);
  });
});

describe('describeParseError', () => {
  it("rewrites V8's and SpiderMonkey's messages into one sentence without the echoed text", () => {
    const cases: Array<[string, string]> = [
      ['Unexpected end of JSON input', 'The text ends before the JSON value is complete.'],
      [
        'JSON.parse: unexpected end of data at line 1 column 9 of the JSON data',
        'The text ends before the JSON value is complete.',
      ],
      [`Unexpected token 'j', "{jsonrpc":"2.0"}" is not valid JSON`, "Unexpected token 'j'."],
      [`Unexpected token ',', "[1,,2]" is not valid JSON`, "Unexpected token ','."],
      ['Unterminated string in JSON at position 30 (line 1 column 31)', 'Unterminated string.'],
      ["Expected property name or '}' in JSON at position 1", "Expected property name or '}'."],
      // Node 24's V8 for text after a complete value: the position is shown apart, so it is not said twice.
      [
        'Unexpected non-whitespace character after JSON at position 95 (line 1 column 96)',
        'Unexpected non-whitespace character after JSON.',
      ],
      [
        'JSON.parse: expected double-quoted property name at line 1 column 2 of the JSON data',
        'Expected double-quoted property name.',
      ],
      ['Bad control character in string literal.', 'Bad control character in string literal.'],
    ];
    for (const [message, sentence] of cases) expect(describeParseError(message), message).toBe(sentence);
  });

  it('gives the same sentence as the expressions it replaced, on the messages of many broken texts', () => {
    const before = (message: string): string => {
      if (/end of (JSON )?(input|data)/i.test(message)) return 'The text ends before the JSON value is complete.';
      const cleaned = message
        .replace(/, ".*" is not valid JSON$/s, '')
        .replace(/ in JSON at position \d+( \(line \d+ column \d+\))?/, '')
        // Since then the position also goes after "after JSON" (it was said twice on screen; test above).
        .replace(/ after JSON at position \d+( \(line \d+ column \d+\))?/, ' after JSON')
        .replace(/^JSON\.parse: /, '')
        .replace(/ at line \d+ column \d+ of the JSON data$/, '');
      return `${cleaned.charAt(0).toUpperCase()}${cleaned.slice(1)}.`.replace(/\.\.$/, '.');
    };
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.string({ maxLength: 3 }), (json, at, junk) => {
        const cut = at % (json.length + 1);
        const text = `${json.slice(0, cut)}${junk}${json.slice(cut)}`;
        try {
          JSON.parse(text);
        } catch (error) {
          const message = (error as Error).message;
          expect(describeParseError(message)).toBe(before(message));
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseJsonText and the stack trace limit', () => {
  it('leaves Error.stackTraceLimit as it found it, after a failed parse and after a good one', () => {
    const limit = (Error as unknown as { stackTraceLimit?: number }).stackTraceLimit;
    expect(parseJsonText('{"a":').ok).toBe(false);
    expect((Error as unknown as { stackTraceLimit?: number }).stackTraceLimit).toBe(limit);
    expect(parseJsonText('{"a":1}').ok).toBe(true);
    expect((Error as unknown as { stackTraceLimit?: number }).stackTraceLimit).toBe(limit);
    // Errors thrown elsewhere still carry their stack.
    expect(new Error('x').stack).toMatch(/json-text\.test/);
  });
});

describe('countMemberNames', () => {
  it('counts the strings followed by a name-separator (RFC 8259 §4: member = string name-separator value)', () => {
    expect(countMemberNames('{"a":1,"b" :{"c":":"},"d":["e", "f\\":"]}')).toBe(4);
    expect(countMemberNames('{"a":1,"a":2}')).toBe(2);
    expect(countMemberNames('["a", "b"]')).toBe(0);
  });
});
