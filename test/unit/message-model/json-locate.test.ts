import { describe, expect, it } from 'vitest';
import { indexPointers, locatePointer } from '../../../src/message-model/json-locate.ts';

const slice = (text: string, pointer: string) => {
  const found = locatePointer(indexPointers(text), pointer);
  return found ? text.slice(found.range.start, found.range.end) : undefined;
};

describe('indexPointers / locatePointer', () => {
  it('finds a nested value by its JSON Pointer', () => {
    expect(slice('{"params":{"arguments":{"id":"INC-12x"}}}', '/params/arguments/id')).toBe('"INC-12x"');
  });

  it('finds array elements by index', () => {
    expect(slice('[{"a":1},{"a":2}]', '/1/a')).toBe('2');
  });

  it('decodes ~1 and ~0 in pointer tokens', () => {
    expect(slice('{"a/b":{"c~d":true}}', '/a~1b/c~0d')).toBe('true');
  });

  it('points at the last of duplicate names, the one JSON.parse keeps', () => {
    const text = '{"id":1,"id":2}';
    const found = locatePointer(indexPointers(text), '/id')!;
    expect(text.slice(found.range.start, found.range.end)).toBe('2');
  });

  it('falls back to the parent when the member is missing', () => {
    const found = locatePointer(indexPointers('{"params":{}}'), '/params/name')!;
    expect(found.exact).toBe(false);
  });

  it('keeps what it found before broken JSON', () => {
    expect([...indexPointers('{"jsonrpc":"2.0","id":4,"method":"tools/li').keys()]).toEqual(['/jsonrpc', '/id']);
  });

  it('copes with very deep nesting without recursion', () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    expect(indexPointers(deep).size).toBeGreaterThan(0);
  });
});
