/**
 * Names that passed the printable rule yet looked empty, distorted a layout, or passed for somebody else's name
 * (attack review): a braille blank alone, a letter buried under dozens of combining marks, a row of the widest
 * ligature, and a Cyrillic capital A standing in for a Latin one.
 */
import { describe, expect, it } from 'vitest';
import { isPrintable, nameKey, toPrintable } from '../../../src/lib/printable.ts';

describe('a name that shows nothing is refused', () => {
  it.each([
    ['U+2800 braille pattern blank', '\u2800'],
    ['U+3164 Hangul filler', '\u3164'],
    ['U+FFA0 half-width Hangul filler', '\uffa0'],
    ['U+115F Hangul choseong filler', '\u115f'],
    ['braille blanks around a space', '\u2800 \u2800'],
  ])('%s', (_, name) => {
    expect(isPrintable(name)).toBe(false);
    expect(toPrintable(name, 60)).toBe('');
  });
  it('a braille pattern with dots is still a character', () => {
    expect(isPrintable('\u2801')).toBe(true);
  });
});

describe('a name cannot pile marks or ligatures into something that distorts a layout', () => {
  it('one letter with 60 combining marks is refused', () => {
    expect(isPrintable(`a${'\u0301'.repeat(60)}`)).toBe(false);
    expect(isPrintable(`Zoe${'\u0308\u0301\u0323\u0330'.repeat(20)}`)).toBe(false);
  });
  it('up to three combining marks on one letter are kept (Vietnamese, Yoruba and IPA use two or three)', () => {
    expect(isPrintable('Nguye\u0302\u0303n')).toBe(true);
    expect(isPrintable('o\u0323\u0301\u0302')).toBe(true);
  });
  it('toPrintable keeps the first three marks on a letter and drops the rest', () => {
    expect(toPrintable(`a${'\u0301'.repeat(60)}b`, 60)).toBe('a\u0301\u0301\u0301b');
  });
  it('a run of U+FDFD (the widest ligature) is refused', () => {
    expect(isPrintable('\ufdfd'.repeat(60))).toBe(false);
    expect(isPrintable('\ufdfd')).toBe(false);
  });
});

describe('names that look alike share a key, so receipts and the room show a conflict', () => {
  it.each([
    ['Cyrillic А in "Аlice"', '\u0410lice', 'Alice'],
    ['Cyrillic о and е', 'J\u043ehn L\u0435e', 'John Lee'],
    ['Greek Ο and Α', '\u039fTT\u0391', 'OTTA'],
    ['Cyrillic р, с, х, у', '\u0440\u0441\u0445\u0443', 'pcxy'],
  ])('%s', (_, lookalike, latin) => {
    expect(nameKey(lookalike)).toBe(nameKey(latin));
  });
  it('names that only share letters in other places stay apart', () => {
    expect(nameKey('Alice')).not.toBe(nameKey('Alicia'));
    expect(nameKey('\u0411\u043e\u0440\u0438\u0441')).not.toBe(nameKey('Boris'));
  });
});
