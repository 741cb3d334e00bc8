/**
 * The room's pace as a value: what each instructor action does to it, the idle rule while presenting, and how a
 * stored pace is read back without trusting it.
 */
import { describe, expect, it } from 'vitest';
import { changePace, idleSince, isClosed, readPace, SELF_PACED, type PaceState } from '../../../src/room/pace.ts';

const T0 = Date.UTC(2026, 11, 1, 9, 0, 0);
const TABLE = { chapterId: 'error-semantics-and-retries', itemId: 'ch05-table' };
const CHECK = { chapterId: 'error-semantics-and-retries', itemId: 'completion' };

const changed = (pace: PaceState, ...args: Parameters<typeof changePace> extends [unknown, ...infer R] ? R : never) => {
  const result = changePace(pace, ...args);
  if (result.kind !== 'changed') throw new Error(result.reason);
  return result.pace;
};

describe('the room pace', () => {
  it('sends the room to an item with the time, opening it if it was closed and hiding the answers', () => {
    const closed = changed(SELF_PACED, { action: 'close', ...TABLE }, T0);
    expect(isClosed(closed, TABLE)).toBe(true);
    const focused = changed({ ...closed, revealed: true }, { action: 'focus', ...TABLE }, T0 + 5);
    expect(focused).toEqual({ focus: { ...TABLE, at: T0 + 5 }, closed: [], revealed: false, presentedUntil: null });
  });

  it('keeps the answers revealed when the room is sent again to the item already in focus', () => {
    const shown = changed(
      changed(SELF_PACED, { action: 'focus', ...TABLE }, T0),
      { action: 'reveal', revealed: true },
      T0,
    );
    expect(changed(shown, { action: 'focus', ...TABLE }, T0 + 1).revealed).toBe(true);
    expect(changed(shown, { action: 'focus', ...CHECK }, T0 + 1).revealed).toBe(false);
  });

  it('closes an item once however often it is closed, and opens it again', () => {
    let pace = changed(SELF_PACED, { action: 'close', ...CHECK }, T0);
    pace = changed(pace, { action: 'close', ...CHECK }, T0);
    expect(pace.closed).toEqual([CHECK]);
    expect(isClosed(pace, TABLE)).toBe(false);
    expect(changed(pace, { action: 'open', ...CHECK }, T0).closed).toEqual([]);
  });

  it('refuses to reveal answers with no item in focus, saying what to do', () => {
    expect(changePace(SELF_PACED, { action: 'reveal', revealed: true }, T0)).toEqual({
      kind: 'refused',
      reason: 'Send the room to an item first: the answers shown are those to the item in focus.',
    });
  });

  it('notes when presenting stopped on release, and nothing when nobody was presenting', () => {
    const presenting = changed(SELF_PACED, { action: 'focus', ...TABLE }, T0);
    expect(changed(presenting, { action: 'release' }, T0 + 60_000)).toMatchObject({
      focus: null,
      presentedUntil: T0 + 60_000,
    });
    expect(changed(SELF_PACED, { action: 'release' }, T0).presentedUntil).toBeNull();
  });

  it('counts no idle time while presenting, and idle time from the end of presenting afterwards', () => {
    const presenting = changed(SELF_PACED, { action: 'focus', ...TABLE }, T0);
    expect(idleSince(T0 - 600_000, presenting)).toBeNull();
    const released = changed(presenting, { action: 'release' }, T0 + 900_000);
    // Last event long before the presentation ended: idle from the end, not from the event.
    expect(idleSince(T0 - 600_000, released)).toBe(T0 + 900_000);
    // An event after the presentation: idle from the event.
    expect(idleSince(T0 + 1_000_000, released)).toBe(T0 + 1_000_000);
    expect(idleSince(T0, undefined)).toBe(T0);
  });

  it('reads an unreadable stored pace as self-paced, and drops unknown fields of a good one', () => {
    expect(readPace(null)).toEqual(SELF_PACED);
    expect(readPace({ focus: 'everywhere' })).toEqual(SELF_PACED);
    expect(
      readPace({ focus: { ...TABLE, at: T0, extra: 1 }, closed: [CHECK], revealed: true, presentedUntil: null, x: 2 }),
    ).toEqual({ focus: { ...TABLE, at: T0 }, closed: [CHECK], revealed: true, presentedUntil: null });
  });
});
