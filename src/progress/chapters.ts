/**
 * A chapter's minutes: its frontmatter's reading plus practice minutes, the one source of its length for the course
 * outline, the handouts, the agenda and the facilitator notes' session plan. (Course order and chapter ids are
 * content: content/course.json, read by src/course/course-order.ts.)
 */
export function chapterMinutes(chapter: { readingMinutes: number; practiceMinutes: number }): number {
  return chapter.readingMinutes + chapter.practiceMinutes;
}
