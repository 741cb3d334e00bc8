import { describe, expect, it } from 'vitest';
import {
  createLockCode,
  isLockCode,
  lockView,
  parseRoomLock,
  nextLockState,
  parseLockState,
  readFragment,
  stripFragment,
  workshopLinks,
  type LockState,
} from '../../../src/instructor/lock.ts';

const T0 = '2026-11-30T09:00:00.000Z';
const T1 = '2026-11-30T10:00:00.000Z';

describe('workshop lock links', () => {
  it('makes a lock and an unlock link for the same code', () => {
    expect(workshopLinks('http://192.168.1.20:4321/chapters/error-semantics-and-retries/', 'k7x2p9ab')).toEqual({
      lock: 'http://192.168.1.20:4321/chapters/error-semantics-and-retries/#workshop-lock=k7x2p9ab',
      unlock: 'http://192.168.1.20:4321/chapters/error-semantics-and-retries/#workshop-unlock=k7x2p9ab',
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

/** T1 plus `hours`, as an ISO string. */
const after = (hours: number) => new Date(Date.parse(T1) + hours * 3600_000).toISOString();

describe('nextLockState', () => {
  it('locks, and unlocks only with a code it was locked with; the unlock lasts 12 hours', () => {
    const locked = nextLockState({ state: 'none' }, { action: 'lock', code: 'class42' }, T0);
    expect(locked).toEqual({ state: 'locked', codes: ['class42'], since: T0 });
    expect(nextLockState(locked, { action: 'unlock', code: 'other1' }, T1)).toBe(locked);
    expect(nextLockState(locked, { action: 'unlock', code: 'class42' }, T1)).toEqual({
      state: 'unlocked',
      code: 'class42',
      since: T1,
      until: after(12),
    });
  });

  it('keeps an unlocked workshop unlocked when its old lock link is opened again', () => {
    const unlocked = { state: 'unlocked', code: 'class42', since: T1, until: after(12) } as const;
    expect(nextLockState(unlocked, { action: 'lock', code: 'class42' }, after(1))).toBe(unlocked);
  });

  // The attack: a lock link from anyone re-locked a learner after the instructor's unlock, and the instructor's
  // unlock then failed (the lock now carried the other code).
  it("ignores anyone's lock link while the instructor's unlock lasts", () => {
    const unlocked = { state: 'unlocked', code: 'class42', since: T1, until: after(12) } as const;
    expect(nextLockState(unlocked, { action: 'lock', code: 'mallory1' }, after(11.9))).toBe(unlocked);
  });

  it('locks again for a new workshop once the unlock has expired (next week)', () => {
    const unlocked = { state: 'unlocked', code: 'class42', since: T1, until: after(12) } as const;
    expect(nextLockState(unlocked, { action: 'lock', code: 'class43' }, after(12))).toEqual({
      state: 'locked',
      codes: ['class43'],
      since: after(12),
    });
  });

  it("still opens with the instructor's code after someone else's lock link was followed", () => {
    const instructor = nextLockState({ state: 'none' }, { action: 'lock', code: 'class42' }, T0);
    const both = nextLockState(instructor, { action: 'lock', code: 'mallory1' }, T1);
    expect(both).toEqual({ state: 'locked', codes: ['class42', 'mallory1'], since: T0 });
    expect(nextLockState(both, { action: 'unlock', code: 'class42' }, after(1))).toMatchObject({
      state: 'unlocked',
      code: 'class42',
    });
  });

  it('remembers at most 8 lock codes, the most recent ones', () => {
    let state = nextLockState({ state: 'none' }, { action: 'lock', code: 'code-00' }, T0);
    for (let i = 1; i <= 10; i++)
      state = nextLockState(state, { action: 'lock', code: `code-${String(i).padStart(2, '0')}` }, T1);
    expect(state.state === 'locked' && state.codes).toEqual([
      'code-03',
      'code-04',
      'code-05',
      'code-06',
      'code-07',
      'code-08',
      'code-09',
      'code-10',
    ]);
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
    expect(parseLockState('{"state":"locked","codes":["ok-code","!"],"since":"x"}')).toEqual({ state: 'none' });
  });

  it('reads the current form, and the form before it (one code, an unlock without an end)', () => {
    const locked = { state: 'locked', codes: ['class42'], since: T0 };
    expect(parseLockState(JSON.stringify(locked))).toEqual(locked);
    expect(parseLockState(JSON.stringify({ state: 'locked', code: 'class42', since: T0 }))).toEqual(locked);
    expect(parseLockState(JSON.stringify({ state: 'unlocked', code: 'class42', since: T1 }))).toEqual({
      state: 'unlocked',
      code: 'class42',
      since: T1,
      until: after(12),
    });
  });

  it('counts an expired unlock as no state at all, given the time', () => {
    const raw = JSON.stringify({ state: 'unlocked', code: 'class42', since: T1, until: after(12) });
    expect(parseLockState(raw, after(11))).toMatchObject({ state: 'unlocked' });
    expect(parseLockState(raw, after(12))).toEqual({ state: 'none' });
  });
});

describe('the live room lock', () => {
  const locked: LockState = { state: 'locked', codes: ['class42'], since: T0 };
  const unlocked: LockState = { state: 'unlocked', code: 'class42', since: T1, until: after(12) };

  it('replaces the link lock while it is set, either way', () => {
    expect(lockView(unlocked, 'locked')).toEqual({ locked: true, by: 'room' });
    expect(lockView(locked, 'unlocked')).toEqual({ locked: false, by: 'room' });
  });

  it('leaves the link lock in charge when not in a room', () => {
    expect(lockView(locked, null)).toEqual({ locked: true, by: 'link' });
    expect(lockView({ state: 'none' }, null)).toEqual({ locked: false, by: 'none' });
  });

  it('reads only its two values from storage', () => {
    expect(parseRoomLock('locked')).toBe('locked');
    expect(parseRoomLock('unlocked')).toBe('unlocked');
    expect(parseRoomLock('LOCKED')).toBeNull();
    expect(parseRoomLock(null)).toBeNull();
  });
});
