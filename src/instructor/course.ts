/**
 * The course as the instructor pages and handouts see it, read at build time: chapters in order with their minutes,
 * the exercises each one uses, its completion check and its facilitator notes; and the course data the roster's
 * re-grader needs. Astro server context only (astro:content).
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { sortChapters } from '../progress/chapters.ts';
import { CompletionCheckSchema, type CompletionCheck } from '#course';
import pkg from '../../package.json';
import { buildCourseData } from '../receipts/course-data.ts';
import { chapterNumber } from '../receipts/roster-vocabulary.ts';
import type { CourseData } from '../receipts/grade.ts';
import { entryStructure } from '../components/anatomy/entry-structure.ts';
import { chapterExercises, type ChapterExercises } from '../course/chapter-exercises.ts';
import { planProblem } from './agenda.ts';

/** The course title receipts carry. */
export const COURSE_TITLE = 'MCP Message Lab';
/** The course version receipts carry (package.json). */
export const COURSE_VERSION: string = pkg.version;

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

const CHECK_FILES = import.meta.glob<unknown>('/content/checks/*.json', { eager: true, import: 'default' });

/** The chapter's completion check, validated; a broken check fails the build naming the file. */
export function checkFor(chapter: string): CompletionCheck | undefined {
  const raw = CHECK_FILES[`/content/checks/${chapter}.json`];
  if (raw === undefined) return undefined;
  const parsed = CompletionCheckSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `content/checks/${chapter}.json is not a valid completion check: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
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

/** Past course versions' question sets (content/course-versions/<version>.json), for grading receipts that name them. */
const PAST_VERSION_FILES = import.meta.glob<unknown>('/content/course-versions/*.json', {
  eager: true,
  import: 'default',
});

/** The re-grader's course data: chapters, their checks, the fixture texts those checks classify, past versions. */
export async function rosterCourseData(): Promise<CourseData> {
  const chapters = await workshopChapters();
  const fixtures = new Map((await getCollection('fixtures')).map((f) => [f.id, f.data.text]));
  return buildCourseData({
    title: COURSE_TITLE,
    version: COURSE_VERSION,
    chapters: chapters.map((c) => ({ id: c.id, title: c.title })),
    checks: chapters.flatMap((c) => (c.check ? [c.check] : [])),
    fixtureText: (id) => fixtures.get(id),
    pastVersions: Object.values(PAST_VERSION_FILES),
  });
}
