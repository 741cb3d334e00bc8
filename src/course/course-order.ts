/**
 * The course's order and its chapter ids, from content/course.json: the one source of both. Pages, handouts, the
 * agenda, receipts, the grader and the workshop room sort chapters with `sortChapters`. A chapter id is its file name
 * (content/chapters/<id>.mdx); when a chapter is renamed, `renamed` maps the old id to the new one, so progress,
 * receipts and rooms saved under the old id still resolve (`currentChapterId`). Pure; runs in Node and the browser.
 */
import course from '../../content/course.json' with { type: 'json' };

/** The chapter ids in course order. */
export const CHAPTER_ORDER: readonly string[] = course.chapters;

/** Old chapter id → the id it has now (content/course.json `renamed`). */
export const RENAMED_CHAPTERS: Readonly<Record<string, string>> = course.renamed;

/** The course's title, as receipts and rosters record it. */
export const COURSE_TITLE: string = course.title;

/** The id a chapter has now: `id` itself, or what a renamed chapter's old id became; undefined for no chapter. */
export function currentChapterId(id: string): string | undefined {
  if (CHAPTER_ORDER.includes(id)) return id;
  return Object.hasOwn(RENAMED_CHAPTERS, id) ? RENAMED_CHAPTERS[id] : undefined;
}

/** A chapter's position in the course (0 for the first); throws for a chapter the course file does not list. */
function chapterPosition(id: string): number {
  const position = CHAPTER_ORDER.indexOf(id);
  if (position === -1)
    throw new Error(
      `Chapter ${id} is not in the course order: add "${id}" to "chapters" in content/course.json where it belongs ` +
        `(the list decides the order chapters are shown in). Listed: ${CHAPTER_ORDER.join(', ')}.`,
    );
  return position;
}

/** The chapters in course order (a new array); a chapter the course file does not list fails loudly, naming it. */
export function sortChapters<T extends { id: string }>(chapters: readonly T[]): T[] {
  return [...chapters].sort((a, b) => chapterPosition(a.id) - chapterPosition(b.id));
}

/**
 * What a chapter id looks like: lowercase words joined by dashes. Old ids (`05-error-semantics-and-retries`) match
 * too, so progress, receipts and room events saved under them are read and then resolved with `currentChapterId`.
 */
export const CHAPTER_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
