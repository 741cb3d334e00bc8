/** json-text.ts: parsing that never throws, positions, and the facts JSON.parse hides. */
import { describe, expect, it } from 'vitest';
import { inspectValue, parseJsonText, positionAt } from '#message-model';

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
