import { describe, expect, it } from 'vitest';
import {
  createLockCode,
  isLockCode,
  nextLockState,
  parseLockState,
  readFragment,
  stripFragment,
  workshopLinks,
} from '../../src/workshop/lock.ts';

const T0 = '2026-11-30T09:00:00.000Z';
const T1 = '2026-11-30T10:00:00.000Z';

describe('workshop lock links', () => {
  it('makes a lock and an unlock link for the same code', () => {
    expect(workshopLinks('http://192.168.1.20:4321/chapters/05-error-semantics-and-retries/', 'k7x2p9ab')).toEqual({
      lock: 'http://192.168.1.20:4321/chapters/05-error-semantics-and-retries/#workshop-lock=k7x2p9ab',
      unlock: 'http://192.168.1.20:4321/chapters/05-error-semantics-and-retries/#workshop-unlock=k7x2p9ab',
    });
  });

  it('makes readable 8-character codes without look-alike characters', () => {
    const code = createLockCode((n) => Uint8Array.from({ length: n }, (_, i) => i * 37));
    expect(code).toMatch(/^[a-hjkmnp-z2-9]{8}$/);
    expect(isLockCode(code)).toBe(true);
  });

  it('reads the instruction from a fragment, beside other parameters, and ignores malformed codes', () => {
    expect(readFragment('#workshop-lock=class42')).toEqual({ action: 'lock', code: 'class42' });
    expect(readFragment('#dt-ch05-table=abc&workshop-unlock=class42')).toEqual({ action: 'unlock', code: 'class42' });
    expect(readFragment('#workshop-lock=a b')).toBeUndefined();
    expect(readFragment('#workshop-lock=x')).toBeUndefined();
    expect(readFragment('')).toBeUndefined();
  });

  it('removes only its own parameters from the fragment', () => {
    expect(stripFragment('#workshop-lock=class42')).toBe('');
    expect(stripFragment('#dt-ch05-table=abc&workshop-lock=class42')).toBe('#dt-ch05-table=abc');
  });
});

describe('nextLockState', () => {
  it('locks, and unlocks only with the same code', () => {
    const locked = nextLockState({ state: 'none' }, { action: 'lock', code: 'class42' }, T0);
    expect(locked).toEqual({ state: 'locked', code: 'class42', since: T0 });
    expect(nextLockState(locked, { action: 'unlock', code: 'other1' }, T1)).toBe(locked);
    expect(nextLockState(locked, { action: 'unlock', code: 'class42' }, T1)).toEqual({
      state: 'unlocked',
      code: 'class42',
      since: T1,
    });
  });

  it('keeps an unlocked workshop unlocked when its old lock link is opened again', () => {
    const unlocked = { state: 'unlocked', code: 'class42', since: T1 } as const;
    expect(nextLockState(unlocked, { action: 'lock', code: 'class42' }, T1)).toBe(unlocked);
  });

  it('locks again for a new workshop code', () => {
    const unlocked = { state: 'unlocked', code: 'class42', since: T1 } as const;
    expect(nextLockState(unlocked, { action: 'lock', code: 'class43' }, T1)).toEqual({
      state: 'locked',
      code: 'class43',
      since: T1,
    });
  });

  it('ignores an unlock link when nothing is locked', () => {
    expect(nextLockState({ state: 'none' }, { action: 'unlock', code: 'class42' }, T1)).toEqual({ state: 'none' });
  });
});

describe('parseLockState', () => {
  it('treats anything unreadable as no lock', () => {
    expect(parseLockState(null)).toEqual({ state: 'none' });
    expect(parseLockState('{')).toEqual({ state: 'none' });
    expect(parseLockState('{"state":"locked","code":"!","since":"x"}')).toEqual({ state: 'none' });
    expect(parseLockState(JSON.stringify({ state: 'locked', code: 'class42', since: T0 }))).toEqual({
      state: 'locked',
      code: 'class42',
      since: T0,
    });
  });
});
