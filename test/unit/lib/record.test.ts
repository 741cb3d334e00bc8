/** isRecord (src/lib/record.ts): the first check on a value read from JSON or storage before its fields are read. */
import { describe, expect, it } from 'vitest';
import { isRecord } from '../../../src/lib/record.ts';

describe('isRecord', () => {
  it('accepts a JSON object, an empty one included', () => {
    expect(isRecord(JSON.parse('{"a":1}'))).toBe(true);
    expect(isRecord({})).toBe(true);
  });

  it('refuses every other JSON value: null, an array, a string, a number, a boolean', () => {
    for (const text of ['null', '[]', '[{"a":1}]', '"x"', '0', 'true'])
      expect(isRecord(JSON.parse(text)), text).toBe(false);
  });

  it('refuses undefined, which JSON never produces but a missing field does', () => {
    expect(isRecord(undefined)).toBe(false);
  });
});
