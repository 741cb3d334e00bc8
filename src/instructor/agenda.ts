/**
 * The workshop agenda: turns the chosen chapters' reading and practice minutes into a timed schedule with
 * breaks. Pure (no DOM, no Node APIs), so the instructor page renders the default agenda at build time and
 * re-computes it in the browser when the facilitator changes the form.
 */
import { chapterMinutes } from '../progress/chapters.ts';

/** The break policies a facilitator can pick, as one closed vocabulary. */
export const BREAK_POLICIES = ['none', 'every-60-for-10', 'every-75-for-10', 'every-90-for-15'] as const;
export type BreakPolicyId = (typeof BREAK_POLICIES)[number];

/** The policy the page starts with: a 10-minute break whenever the room has worked for 75 minutes. */
export const DEFAULT_BREAK_POLICY: BreakPolicyId = 'every-75-for-10';

/** The start time the page starts with. */
export const DEFAULT_START = '09:00';

/** Human labels for the break policies, for the select control and the printed agenda. */
export const BREAK_POLICY_LABELS: Readonly<Record<BreakPolicyId, string>> = {
  none: 'No breaks',
  'every-60-for-10': '10-minute break after about 60 minutes of work',
  'every-75-for-10': '10-minute break after about 75 minutes of work',
  'every-90-for-15': '15-minute break after about 90 minutes of work',
};

const POLICY_PARAMETERS: Readonly<Record<BreakPolicyId, { afterMinutes: number; breakMinutes: number } | undefined>> = {
  none: undefined,
  'every-60-for-10': { afterMinutes: 60, breakMinutes: 10 },
  'every-75-for-10': { afterMinutes: 75, breakMinutes: 10 },
  'every-90-for-15': { afterMinutes: 90, breakMinutes: 15 },
};

/** What the agenda needs to know about a chapter (a subset of its frontmatter). */
export interface AgendaChapter {
  id: string;
  title: string;
  readingMinutes: number;
  practiceMinutes: number;
}

/** The facilitator's choices. */
export interface AgendaOptions {
  /** Start of the session as HH:MM on a 24-hour clock. */
  start: string;
  breakPolicy: BreakPolicyId;
  /** Minutes of welcome and setup before the first chapter (default 10). */
  openingMinutes?: number;
  /** Minutes of wrap-up and questions after the last chapter (default 10). */
  closingMinutes?: number;
}

/** One row of the schedule; times are minutes since the start day's midnight (they may pass 24:00). */
export type AgendaItem =
  | { kind: 'opening'; start: number; end: number; label: string }
  | {
      kind: 'chapter';
      start: number;
      end: number;
      label: string;
      chapterId: string;
      readingMinutes: number;
      practiceMinutes: number;
    }
  | { kind: 'break'; start: number; end: number; label: string }
  | { kind: 'closing'; start: number; end: number; label: string };

/** A computed schedule, or a reason it could not be computed. */
export type Agenda =
  | {
      kind: 'agenda';
      items: AgendaItem[];
      start: number;
      end: number;
      totalMinutes: number;
      teachingMinutes: number;
      breakMinutes: number;
    }
  | { kind: 'invalid-input'; message: string };

/** Parses HH:MM (24-hour) into minutes since midnight; undefined when it is not a valid time. */
export function parseClock(text: string): number | undefined {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Formats minutes since midnight as HH:MM, wrapping past midnight (a "+1 day" marker is the caller's choice). */
export function formatClock(minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Formats a duration as "1 h 25 min", "45 min" or "2 h". */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** An agenda in one sentence: when it starts and ends, and how its minutes split (the page and its script both say it). */
export function agendaSummary(agenda: Extract<Agenda, { kind: 'agenda' }>): string {
  return `${formatClock(agenda.start)} to ${formatClock(agenda.end)}: ${formatDuration(agenda.totalMinutes)} in all, ${formatDuration(agenda.teachingMinutes)} of chapters and ${formatDuration(agenda.breakMinutes)} of breaks.`;
}

/** True when `value` is one of the break policies. */
export function isBreakPolicy(value: unknown): value is BreakPolicyId {
  return typeof value === 'string' && (BREAK_POLICIES as readonly string[]).includes(value);
}

/**
 * Builds the schedule: opening, the chapters in the order given, breaks between chapters, closing.
 *
 * Breaks fall only between chapters, never inside one: before a chapter starts, if the work since the last break
 * plus that chapter would run past the policy's limit, the break comes first, provided the room has already
 * worked at least half the limit (a break ten minutes after the welcome helps nobody; the long chapter runs first
 * and the break follows it). No break is placed just before the closing. Never throws.
 */
export function buildAgenda(chapters: readonly AgendaChapter[], options: AgendaOptions): Agenda {
  const start = parseClock(options.start);
  if (start === undefined)
    return {
      kind: 'invalid-input',
      message: `"${options.start}" is not a time; write it as HH:MM on a 24-hour clock, for example 09:30.`,
    };
  if (!isBreakPolicy(options.breakPolicy)) {
    return {
      kind: 'invalid-input',
      message: `Unknown break policy "${String(options.breakPolicy)}"; choose one of ${BREAK_POLICIES.join(', ')}.`,
    };
  }
  if (chapters.length === 0) return { kind: 'invalid-input', message: 'Choose at least one chapter.' };
  const openingMinutes = options.openingMinutes ?? 10;
  const closingMinutes = options.closingMinutes ?? 10;
  for (const [name, value] of [
    ['openingMinutes', openingMinutes],
    ['closingMinutes', closingMinutes],
  ] as const) {
    if (!Number.isInteger(value) || value < 0 || value > 120)
      return { kind: 'invalid-input', message: `${name} must be a whole number of minutes from 0 to 120.` };
  }
  for (const c of chapters) {
    for (const value of [c.readingMinutes, c.practiceMinutes]) {
      if (!Number.isInteger(value) || value < 0)
        return { kind: 'invalid-input', message: `Chapter ${c.id} has an invalid number of minutes.` };
    }
  }

  const policy = POLICY_PARAMETERS[options.breakPolicy];
  const items: AgendaItem[] = [];
  let clock = start;
  let sinceBreak = 0;
  let teachingMinutes = 0;
  let breakMinutes = 0;

  if (openingMinutes > 0) {
    items.push({ kind: 'opening', start: clock, end: clock + openingMinutes, label: 'Welcome, setup and goals' });
    clock += openingMinutes;
    sinceBreak += openingMinutes;
  }
  for (const chapter of chapters) {
    const minutes = chapterMinutes(chapter);
    if (policy && sinceBreak >= policy.afterMinutes / 2 && sinceBreak + minutes > policy.afterMinutes) {
      items.push({ kind: 'break', start: clock, end: clock + policy.breakMinutes, label: 'Break' });
      clock += policy.breakMinutes;
      breakMinutes += policy.breakMinutes;
      sinceBreak = 0;
    }
    items.push({
      kind: 'chapter',
      start: clock,
      end: clock + minutes,
      label: chapter.title,
      chapterId: chapter.id,
      readingMinutes: chapter.readingMinutes,
      practiceMinutes: chapter.practiceMinutes,
    });
    clock += minutes;
    sinceBreak += minutes;
    teachingMinutes += minutes;
  }
  if (closingMinutes > 0) {
    items.push({
      kind: 'closing',
      start: clock,
      end: clock + closingMinutes,
      label: 'Wrap-up, questions and receipts',
    });
    clock += closingMinutes;
  }
  return { kind: 'agenda', items, start, end: clock, totalMinutes: clock - start, teachingMinutes, breakMinutes };
}

/**
 * Why a facilitator's session plan disagrees with its chapter, or undefined when it agrees. The chapter's frontmatter
 * (readingMinutes + practiceMinutes) is the one source of its minutes: the agenda, the chapter badges and the handout
 * read it, and the notes' timings split exactly that budget into steps.
 */
export function planProblem(
  timings: readonly { minutes: number }[],
  chapter: { readingMinutes: number; practiceMinutes: number },
): string | undefined {
  const planned = timings.reduce((n, t) => n + t.minutes, 0);
  const budget = chapterMinutes(chapter);
  return planned === budget
    ? undefined
    : `the timings add up to ${planned} minutes, but the chapter budgets ${budget} (readingMinutes ${chapter.readingMinutes} + practiceMinutes ${chapter.practiceMinutes}); the chapter's frontmatter is the one source of its minutes, so change the timings until they add up to it`;
}
