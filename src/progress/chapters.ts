/**
 * The course's chapter ids in the order the course shows them: the one source of chapter order. Pages, handouts, the
 * agenda, receipts and the workshop room all sort chapters with `sortChapters`, never by file name. A chapter id is
 * its file name (content/chapters/<id>.mdx) and keys saved progress and receipts, so an id never changes once
 * published; a new chapter is placed by its position in this list, not by its number (09 and 10 come before the FAQ,
 * which keeps the id 08-faq that existing progress and receipts name).
 */
export const CHAPTER_IDS = [
  '01-message-shapes',
  '02-what-a-receiver-owes',
  '03-tool-failures-vs-protocol-failures',
  '04-results-in-2026-07-28',
  '05-error-semantics-and-retries',
  '06-designing-your-own-errors',
  '07-batching-size-and-transports',
  '09-streams-subscriptions-and-cancellation',
  '10-errors-on-streamable-http',
  '08-faq',
] as const;
export type ChapterId = (typeof CHAPTER_IDS)[number];

/** True when `value` is one of the course's chapter ids. */
export function isChapterId(value: unknown): value is ChapterId {
  return typeof value === 'string' && (CHAPTER_IDS as readonly string[]).includes(value);
}

/** A chapter's position in the course (0 for the first); throws for a chapter the order does not list. */
export function chapterPosition(id: string): number {
  const position = (CHAPTER_IDS as readonly string[]).indexOf(id);
  if (position === -1)
    throw new Error(
      `Chapter ${id} is not in the course order: add "${id}" to CHAPTER_IDS in src/progress/chapters.ts where it belongs ` +
        `(the list decides the order chapters are shown in). Listed: ${CHAPTER_IDS.join(', ')}.`,
    );
  return position;
}

/** The chapters in course order (a new array); a chapter the order does not list fails loudly, naming it. */
export function sortChapters<T extends { id: string }>(chapters: readonly T[]): T[] {
  return [...chapters].sort((a, b) => chapterPosition(a.id) - chapterPosition(b.id));
}

/**
 * A chapter's minutes: its frontmatter's reading plus practice minutes, the one source of its length for the course
 * outline, the handouts, the agenda and the facilitator notes' session plan.
 */
export function chapterMinutes(chapter: { readingMinutes: number; practiceMinutes: number }): number {
  return chapter.readingMinutes + chapter.practiceMinutes;
}
