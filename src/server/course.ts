/**
 * What the workshop server knows about the course: the course file `npm run build` writes (dist/course.json, see
 * src/course/course-file.ts), read once at start, with the lookups grading needs: each chapter's completion check and
 * the fixture texts its questions classify, each decision table's scenarios (so a learner cannot choose which rows
 * their table is graded on), the fixtures a chapter's <ClassifyFixture> exercises classify, and the items a
 * chapter's progress counts. Node only.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COURSE_FILE_PATH, graderCourse, readCourseFile, type CourseFile } from '../course/course-file.ts';
import { currentChapterId } from '../course/course-order.ts';
import { rememberClassifications, type FixtureClassifier } from '../course/completion-check.ts';
import { gradingCourse, type GradingCourse } from '../course/graded-graders.ts';
import type { ProgressItem } from '../progress/items.ts';
import type { CourseData } from '../receipts/grade.ts';

/** One chapter as the room sees it. */
export interface RoomChapter {
  id: string;
  title: string;
  /** What the chapter's progress counts (decision tables, code labs, the completion check, the self-mark). */
  items: ProgressItem[];
}

/** The course, for grading and for the dashboard. */
export interface RoomCourse {
  /** The grader's course data (chapters, checks, fixture texts of the checks). */
  data: CourseData;
  chapters: RoomChapter[];
  /** What the graders of src/course/graded-graders.ts read. */
  grading: GradingCourse;
  /** Classifies each fixture once per protocol for the server's life (every learner answers the same ones). */
  classify: FixtureClassifier;
}

/** The room's view of a course file. */
export function roomCourse(course: CourseFile): RoomCourse {
  const data = graderCourse(course);
  return {
    data,
    chapters: course.chapters.map(({ id, title, items }) => ({ id, title, items })),
    grading: gradingCourse(course),
    classify: rememberClassifications(),
  };
}

/** The course file of a built site, or why it cannot be read (a message saying what to run). */
export function readRoomCourse(
  distDir: string,
): { kind: 'course'; course: RoomCourse } | { kind: 'missing'; message: string } {
  const path = join(distDir, 'course.json');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {
      kind: 'missing',
      message: `${path} is missing: run npm run build (or npm run build:course for the course file alone; default ${COURSE_FILE_PATH}).`,
    };
  }
  const read = readCourseFile(text, path);
  return read.kind === 'course'
    ? { kind: 'course', course: roomCourse(read.course) }
    : { kind: 'missing', message: read.message };
}

/**
 * The id a chapter has now, for ids stored or sent before it was renamed (content/course.json `renamed`); an id the
 * course does not know is returned as it is, to be refused where it is checked.
 */
export function resolvedChapterId(id: string): string {
  return currentChapterId(id) ?? id;
}
