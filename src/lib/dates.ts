/**
 * Dates and times as the reader's own browser writes them: `Intl.DateTimeFormat` with the browser's locales
 * (`navigator.languages`), for every date or time a page shows. Stored and exported data (progress, receipts,
 * CSV) keeps ISO 8601; only what a person reads goes through here. Never throws: a value that is no date gives
 * undefined.
 */

type DateInput = string | number | Date;

/** The reader's locales, most preferred first (the runtime's default where there is no navigator). */
function readerLocales(): readonly string[] | undefined {
  return typeof navigator !== 'undefined' && navigator.languages?.length ? navigator.languages : undefined;
}

function format(value: DateInput, options: Intl.DateTimeFormatOptions, locales?: string | readonly string[]) {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  try {
    return new Intl.DateTimeFormat(locales ?? readerLocales(), options).format(date);
  } catch {
    // A locale tag the runtime rejects: fall back to its default locale.
    return new Intl.DateTimeFormat(undefined, options).format(date);
  }
}

/** A day and a time of day ("2 Dec 2026, 09:30" in en-GB, "Dec 2, 2026, 9:30 AM" in en-US). */
export function formatDateTime(value: DateInput, locales?: string | readonly string[]): string | undefined {
  return format(value, { dateStyle: 'medium', timeStyle: 'short' }, locales);
}

/** A day ("2 December 2026" in en-GB, "December 2, 2026" in en-US). */
export function formatDate(value: DateInput, locales?: string | readonly string[]): string | undefined {
  return format(value, { dateStyle: 'long' }, locales);
}

/**
 * Rewrites every `<time datetime="…" data-local-date>` under `root` in the reader's locale. Pages built ahead of
 * time write such dates in ISO form (`2026-12-02`); a date-only value is a calendar day, read in UTC so it is the
 * same day everywhere.
 */
export function localizeTimes(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLTimeElement>('time[datetime][data-local-date]')) {
    const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(el.dateTime);
    const text = dayOnly ? format(el.dateTime, { dateStyle: 'long', timeZone: 'UTC' }) : formatDateTime(el.dateTime);
    if (text) el.textContent = text;
  }
}
