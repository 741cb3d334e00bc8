/**
 * Dates follow the reader's locale. The expected strings are the CLDR patterns the locales publish (en-US writes the
 * month first and a 12-hour clock, en-GB the day first and a 24-hour clock, de-DE day-dot-month), as Intl in Node's
 * full ICU prints them.
 */
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../../src/lib/dates.ts';

const NOON_UTC = '2026-12-02T12:30:00.000Z';

describe('formatDateTime and formatDate', () => {
  it('write a day in the order of the reader’s locale', () => {
    expect(formatDate('2026-12-02T12:00:00Z', 'en-US')).toBe('December 2, 2026');
    expect(formatDate('2026-12-02T12:00:00Z', 'en-GB')).toBe('2 December 2026');
    expect(formatDate('2026-12-02T12:00:00Z', 'de-DE')).toBe('2. Dezember 2026');
  });

  it('write a time with the locale’s clock', () => {
    const us = formatDateTime(NOON_UTC, 'en-US')!;
    const gb = formatDateTime(NOON_UTC, 'en-GB')!;
    expect(us).toMatch(/^Dec 2, 2026, \d{1,2}:30\s[AP]M$/);
    expect(gb).toMatch(/^2 Dec 2026, \d{2}:30$/);
  });

  it('say nothing for a value that is no date, and never throw', () => {
    expect(formatDateTime('not a date')).toBeUndefined();
    expect(formatDate(Number.NaN)).toBeUndefined();
    expect(formatDate('2026-12-02T12:00:00Z', 'not a locale!')).toBeTypeOf('string');
  });
});
