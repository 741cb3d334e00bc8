import { describe, expect, it } from 'vitest';
import {
  buildAgenda,
  formatClock,
  formatDuration,
  parseClock,
  planProblem,
  type AgendaChapter,
} from '../../../src/instructor/agenda.ts';

const chapters: AgendaChapter[] = [
  { id: '01-a', title: 'A', readingMinutes: 12, practiceMinutes: 8 },
  { id: '02-b', title: 'B', readingMinutes: 15, practiceMinutes: 10 },
  { id: '03-c', title: 'C', readingMinutes: 20, practiceMinutes: 20 },
  { id: '04-d', title: 'D', readingMinutes: 10, practiceMinutes: 5 },
];

const rows = (agenda: ReturnType<typeof buildAgenda>) =>
  agenda.kind === 'agenda'
    ? agenda.items.map((i) => `${formatClock(i.start)}-${formatClock(i.end)} ${i.kind} ${i.label}`)
    : [agenda.message];

describe('buildAgenda', () => {
  it('places a break between chapters once the next one would run past the limit', () => {
    const agenda = buildAgenda(chapters, { start: '09:00', breakPolicy: 'every-60-for-10' });
    expect(rows(agenda)).toEqual([
      '09:00-09:10 opening Welcome, setup and goals',
      '09:10-09:30 chapter A',
      '09:30-09:55 chapter B',
      '09:55-10:05 break Break',
      '10:05-10:45 chapter C',
      '10:45-11:00 chapter D',
      '11:00-11:10 closing Wrap-up, questions and receipts',
    ]);
    expect(agenda).toMatchObject({ totalMinutes: 130, teachingMinutes: 100, breakMinutes: 10 });
  });

  it('schedules no breaks under the no-break policy', () => {
    const agenda = buildAgenda(chapters, { start: '13:30', breakPolicy: 'none', openingMinutes: 0, closingMinutes: 0 });
    expect(rows(agenda)).toEqual([
      '13:30-13:50 chapter A',
      '13:50-14:15 chapter B',
      '14:15-14:55 chapter C',
      '14:55-15:10 chapter D',
    ]);
  });

  it('lets a chapter longer than the limit run before the break rather than breaking right after the welcome', () => {
    const long: AgendaChapter[] = [
      { id: '01-long', title: 'Long', readingMinutes: 40, practiceMinutes: 30 },
      { id: '02-short', title: 'Short', readingMinutes: 5, practiceMinutes: 5 },
    ];
    expect(rows(buildAgenda(long, { start: '09:00', breakPolicy: 'every-60-for-10', closingMinutes: 0 }))).toEqual([
      '09:00-09:10 opening Welcome, setup and goals',
      '09:10-10:20 chapter Long',
      '10:20-10:30 break Break',
      '10:30-10:40 chapter Short',
    ]);
  });

  it('keeps the chosen order of chapters', () => {
    const agenda = buildAgenda([chapters[3]!, chapters[0]!], {
      start: '10:00',
      breakPolicy: 'none',
      openingMinutes: 5,
      closingMinutes: 5,
    });
    expect(rows(agenda)).toEqual([
      '10:00-10:05 opening Welcome, setup and goals',
      '10:05-10:20 chapter D',
      '10:20-10:40 chapter A',
      '10:40-10:45 closing Wrap-up, questions and receipts',
    ]);
  });

  it('wraps the clock past midnight', () => {
    const agenda = buildAgenda([chapters[2]!], {
      start: '23:40',
      breakPolicy: 'none',
      openingMinutes: 0,
      closingMinutes: 0,
    });
    expect(rows(agenda)).toEqual(['23:40-00:20 chapter C']);
  });

  it('explains bad input instead of throwing', () => {
    expect(buildAgenda(chapters, { start: '9h', breakPolicy: 'none' })).toMatchObject({
      kind: 'invalid-input',
      message: expect.stringContaining('HH:MM'),
    });
    expect(buildAgenda([], { start: '09:00', breakPolicy: 'none' })).toEqual({
      kind: 'invalid-input',
      message: 'Choose at least one chapter.',
    });
    expect(buildAgenda(chapters, { start: '09:00', breakPolicy: 'sometimes' as never })).toMatchObject({
      kind: 'invalid-input',
    });
  });
});

describe('clock helpers', () => {
  it('parses 24-hour times and rejects others', () => {
    expect(parseClock('09:05')).toBe(545);
    expect(parseClock('9:05')).toBe(545);
    expect(parseClock('23:59')).toBe(1439);
    expect(parseClock('24:00')).toBeUndefined();
    expect(parseClock('12:60')).toBeUndefined();
  });
  it('formats durations for people', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(85)).toBe('1 h 25 min');
  });
});

describe('planProblem', () => {
  it('accepts timings that add up to the chapter minutes and names both sums when they do not', () => {
    expect(
      planProblem([{ minutes: 16 }, { minutes: 12 }], { readingMinutes: 16, practiceMinutes: 12 }),
    ).toBeUndefined();
    expect(
      planProblem(
        [3, 8, 5, 8, 4, 6].map((minutes) => ({ minutes })),
        { readingMinutes: 16, practiceMinutes: 12 },
      ),
    ).toMatch(/add up to 34 minutes, but the chapter budgets 28 \(readingMinutes 16 \+ practiceMinutes 12\)/);
  });
});
