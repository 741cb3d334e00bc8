import { describe, expect, it } from 'vitest';
import { MESSAGE_KINDS } from '#message-model';
import { REPLY_SENDS } from '#course';
import { KIND_WORDS, REPLY_WORDS, kindWords } from '../../../src/components/widgets/lib/predict-words.ts';

describe('the words a learner predicts with', () => {
  it('has plain words for every message kind the model knows, and for nothing else', () => {
    expect(KIND_WORDS.map(([k]) => k).sort()).toEqual([...MESSAGE_KINDS].sort());
  });

  it('has plain words for every reply a completion check accepts, and for nothing else', () => {
    expect(REPLY_WORDS.map(([s]) => s).sort()).toEqual([...REPLY_SENDS].sort());
  });

  it('never shows an enum name as the words (issue 10 §4: "a request", not "request")', () => {
    for (const [value, words] of [...KIND_WORDS, ...REPLY_WORDS]) {
      if (value === 'nothing') continue; // "nothing" is already the word a learner uses
      expect(words).not.toBe(value);
      expect(words).not.toMatch(/^[a-z]+-[a-z]+$/); // no kebab-case identifiers such as parse-error
    }
    expect(kindWords('invalid')).toBe('JSON, but not a valid message');
  });
});
