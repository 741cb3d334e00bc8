/**
 * The CSV formula guard must look past every character a spreadsheet may skip or render as nothing before it
 * decides whether a cell starts a formula (attack review): a variation selector, the combining grapheme joiner and
 * tag characters in front of "=" hid a formula from the guard. Every default-ignorable code point is skipped.
 */
import { describe, expect, it } from 'vitest';
import { csvField } from '../../../src/lib/csv.ts';

describe('a formula behind an invisible character still gets the apostrophe', () => {
  it.each([
    ['U+FE0F variation selector-16', '\ufe0f'],
    ['U+034F combining grapheme joiner', '\u034f'],
    ['U+E0001 language tag', '\u{e0001}'],
    ['U+E0041 tag latin capital A', '\u{e0041}'],
    ['U+E007F cancel tag', '\u{e007f}'],
    ['U+180B Mongolian free variation selector', '\u180b'],
    ['U+FE00 variation selector-1', '\ufe00'],
    ['U+E0100 variation selector-17', '\u{e0100}'],
    ['U+2064 invisible plus', '\u2064'],
    ['U+3164 Hangul filler', '\u3164'],
    ['several mixed', '\u{e0020}\ufe0f\u034f \u200b'],
  ])('%s', (_, hide) => {
    for (const start of ['=', '+', '-', '@']) {
      const cell = `${hide}${start}HYPERLINK("http://x")`;
      expect(csvField(cell)).toBe(`"'${cell.replace(/"/g, '""')}"`);
    }
  });
  it('text after such characters that is not a formula is left alone', () => {
    expect(csvField('\ufe0fAda')).toBe('\ufe0fAda');
  });
});
