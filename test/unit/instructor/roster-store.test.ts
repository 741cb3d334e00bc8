/**
 * The roster kept in the instructor's browser (src/instructor/roster-store.ts): it round-trips, refuses what would not
 * fit, reads back nothing it cannot trust, and clears.
 */
import { describe, expect, it } from 'vitest';
import {
  clearRoster,
  loadRoster,
  MAX_STORED_CHARS,
  ROSTER_STORAGE_KEY,
  saveRoster,
} from '../../../src/instructor/roster-store.ts';
import { memoryStorage } from '../../support/memory-storage.ts';

const roster = {
  savedAt: '2026-11-30T12:00:00.000Z',
  texts: [{ name: 'class.txt', text: '{"format":"mcp-message-lab/receipt"}' }],
  choices: { 'ada lovelace': { count: 'one', digest: `sha256:${'a'.repeat(64)}` } as const },
};

describe('the stored roster', () => {
  it('round-trips the texts and the choices', () => {
    const storage = memoryStorage();
    expect(saveRoster(storage, roster)).toEqual({ kind: 'saved' });
    expect(loadRoster(storage)).toEqual(roster);
  });

  it('keeps nothing when the texts are over the cap, and says how much they were', () => {
    const storage = memoryStorage();
    saveRoster(storage, roster);
    const big = { ...roster, texts: [{ name: 'big.txt', text: 'x'.repeat(MAX_STORED_CHARS) }] };
    expect(saveRoster(storage, big)).toMatchObject({ kind: 'too-large' });
    expect(storage.map.has(ROSTER_STORAGE_KEY)).toBe(false);
  });

  it('reports storage that refuses (quota, private mode) instead of throwing', () => {
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(saveRoster(storage, roster)).toEqual({ kind: 'refused', message: 'QuotaExceededError' });
  });

  it('reads back nothing from a value it did not write', () => {
    const storage = memoryStorage();
    for (const bad of [
      '{',
      '[]',
      '{"format":"x"}',
      JSON.stringify({ format: 'mcp-message-lab/roster', version: 1, savedAt: 'x', texts: [{ name: 1 }], choices: {} }),
      JSON.stringify({
        format: 'mcp-message-lab/roster',
        version: 1,
        savedAt: 'x',
        texts: [],
        choices: { a: { count: 'one' } },
      }),
    ]) {
      storage.map.set(ROSTER_STORAGE_KEY, bad);
      expect(loadRoster(storage), bad).toBeUndefined();
    }
  });

  it('clears', () => {
    const storage = memoryStorage();
    saveRoster(storage, roster);
    clearRoster(storage);
    expect(loadRoster(storage)).toBeUndefined();
  });
});
