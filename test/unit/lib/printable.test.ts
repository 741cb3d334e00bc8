/**
 * One rule for printable text typed by other people (learner names in receipts and in the workshop room, room
 * titles): what it refuses, what it keeps, and the key two names are compared by. Names reach terminals, CSV files
 * and tables; a control character rewrites a terminal line, a direction override reorders the text around it, and an
 * invisible character makes a name look empty or like someone else's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPrintable, nameKey, toPrintable } from '../../../src/lib/printable.ts';

const hex = (s: string) => [...s].map((c) => c.codePointAt(0)!.toString(16).padStart(4, '0')).join(' ');

/** Characters a name may not hold, by family. */
const REFUSED: Record<string, string[]> = {
  'C0 controls': Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  'DEL and C1 controls': Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
  'line and paragraph separators': ['\u2028', '\u2029'],
  'bidirectional controls': ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e'].concat([
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
  ]),
  'invisible characters with no part in writing a name': [
    '\u00ad', // soft hyphen
    '\u180e', // Mongolian vowel separator
    '\u200b', // zero-width space
    '\u2060',
    '\u2061',
    '\u2062',
    '\u2063',
    '\u2064', // word joiner, invisible operators
    '\ufeff', // zero-width no-break space (BOM)
    '\ufff9',
    '\ufffa',
    '\ufffb', // interlinear annotation
    '\u115f',
    '\u1160',
    '\u3164',
    '\uffa0', // Hangul fillers, a favourite for blank-looking names
  ],
  'noncharacters and unpaired surrogates': ['\ufffe', '\uffff', '\ud800', '\udfff'],
};

describe('isPrintable', () => {
  for (const [family, chars] of Object.entries(REFUSED))
    it(`refuses ${family}, alone or inside a name`, () => {
      for (const c of chars) {
        expect(isPrintable(`Ada${c}Lovelace`), hex(c)).toBe(false);
        expect(isPrintable(c), hex(c)).toBe(false);
      }
    });

  it('refuses text with nothing visible: empty, blanks, joiners only', () => {
    for (const text of ['', ' ', '\u00a0', '\u3000', '\t', '\u200d', '\u200c\u200d', ' \u200d '])
      expect(isPrintable(text), hex(text)).toBe(false);
  });

  it('keeps letters of every script, full-width forms and emoji sequences', () => {
    for (const name of [
      'Ada Lovelace',
      'Ada 李 Łukasz ＡＢＣ',
      '👩‍💻 Grace', // zero-width joiner inside an emoji sequence
      '❤️ Ada', // variation selector 16
      '🏴󠁧󠁢󠁳󠁣󠁴󠁿 Mairi', // tag sequence (Scotland)
      'می‌خواهم', // Persian: zero-width non-joiner is part of the spelling
      'क्‍ष', // Devanagari: zero-width joiner selects a form
      "O'Brien-Smith Jr.",
    ])
      expect(isPrintable(name), name).toBe(true);
  });
});

describe('toPrintable', () => {
  it('removes what isPrintable refuses, makes runs of blanks one space, trims', () => {
    expect(toPrintable(' \u001b[2A\u001b[2KMal\u202elory\u2028 \u009b1A\u200b ', 80)).toBe('[2A [2KMal lory 1A');
  });

  it('is empty when nothing visible is left', () => {
    expect(toPrintable('\u001b\u0007 \u200d\u3164', 80)).toBe('');
  });

  it('caps the length in UTF-16 code units without splitting a surrogate pair', () => {
    expect(toPrintable('a'.repeat(100), 80)).toBe('a'.repeat(80));
    const capped = toPrintable('😀'.repeat(50), 81);
    expect(capped).toBe('😀'.repeat(40));
    expect(isPrintable(capped)).toBe(true);
  });

  it('returns printable text for any input', () => {
    const samples = Object.values(REFUSED).flat();
    for (let i = 0; i < 500; i++) {
      const typed = Array.from({ length: 12 }, (_, j) => samples[(i * 7 + j * 13) % samples.length]).join('x');
      const out = toPrintable(typed, 80);
      expect(out === '' || isPrintable(out), hex(out)).toBe(true);
    }
  });
});

describe('nameKey', () => {
  it('gives names that look the same one key: case, compatibility forms, blanks, invisible joiners', () => {
    const key = nameKey('Ada Lovelace');
    for (const same of [
      'ada  LOVELACE',
      ' Ada Lovelace ',
      'ＡＤＡ Lovelace',
      'Ada\u00a0Lovelace',
      'A\u200dda Lovelace',
    ])
      expect(nameKey(same), same).toBe(key);
  });

  it('keeps different names apart', () => {
    expect(nameKey('Ada Lovelace')).not.toBe(nameKey('Ada Byron'));
    expect(nameKey('李')).not.toBe(nameKey('季'));
  });
});

it('imports only the confusables table, so the join page can load it without zod', () => {
  const source = readFileSync(join(import.meta.dirname, '../../../src/lib/printable.ts'), 'utf8');
  expect(source.match(/^\s*import\s.*$/gm)).toEqual(["import { remove as removeConfusables } from 'confusables';"]);
});
