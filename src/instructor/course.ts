/**
 * The course as the instructor pages and handouts see it, read at build time: chapters in order with their minutes,
 * the exercises each one uses, its completion check and its facilitator notes; and the course data the roster's
 * re-grader needs, from the course file (src/build/course-file.ts). Astro server context only (astro:content).
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import course from 'virtual:mcp-lab/course';
import { sortChapters } from '../course/course-order.ts';
import { graderCourse } from '../course/course-file.ts';
import type { CompletionCheck } from '#course';
import { chapterNumber } from '../receipts/roster-vocabulary.ts';
import type { CourseData } from '../receipts/grade.ts';
import { entryStructure } from '../components/anatomy/entry-structure.ts';
import { chapterExercises, type ChapterExercises } from '../course/chapter-exercises.ts';
import { planProblem } from './agenda.ts';

/** The course title receipts carry. */
export const COURSE_TITLE: string = course.title;
/** The course version receipts carry (package.json). */
export const COURSE_VERSION: string = course.version;

/** One chapter with everything the workshop pages show about it. */
export interface WorkshopChapter {
  entry: CollectionEntry<'chapters'>;
  id: string;
  title: string;
  /** The chapter's position in the course, from 01 (the id's digits are not an order: see sortChapters). */
  number: string;
  readingMinutes: number;
  practiceMinutes: number;
  exercises: ChapterExercises;
  check?: CompletionCheck;
  notes?: CollectionEntry<'facilitatorNotes'>;
}

/** The chapter's completion check, from the course file (validated when it was built). */
function checkFor(chapter: string): CompletionCheck | undefined {
  return course.checks[chapter] as CompletionCheck | undefined;
}

/** All chapters in course order, with notes matched to their chapter (a note for an unknown chapter fails the build). */
export async function workshopChapters(): Promise<WorkshopChapter[]> {
  const chapters = sortChapters(await getCollection('chapters'));
  const notes = await getCollection('facilitatorNotes');
  const ids = new Set(chapters.map((c) => c.id));
  for (const note of notes) {
    const file = note.filePath ?? note.id;
    if (!file.endsWith(`${note.data.chapter}.notes.mdx`)) {
      throw new Error(
        `${file}: "chapter" is "${note.data.chapter}" but the file must be named ${note.data.chapter}.notes.mdx.`,
      );
    }
    if (!ids.has(note.data.chapter)) {
      throw new Error(
        `${file}: there is no chapter ${note.data.chapter}; notes sit next to content/chapters/${note.data.chapter}.mdx.`,
      );
    }
  }
  return Promise.all(
    chapters.map(async (entry, index) => {
      const check = checkFor(entry.id);
      const note = notes.find((n) => n.data.chapter === entry.id);
      if (note) {
        const problem = planProblem(note.data.timings, entry.data);
        if (problem) throw new Error(`${note.filePath ?? note.id}: ${problem}`);
      }
      return {
        entry,
        id: entry.id,
        title: entry.data.title,
        number: chapterNumber(index),
        readingMinutes: entry.data.readingMinutes,
        practiceMinutes: entry.data.practiceMinutes,
        exercises: chapterExercises(await entryStructure(entry)),
        ...(check ? { check } : {}),
        ...(note ? { notes: note } : {}),
      };
    }),
  );
}

/** The re-grader's course data: chapters, their checks, the fixture texts they classify, past versions. */
export function rosterCourseData(): CourseData {
  return graderCourse(course);
}
