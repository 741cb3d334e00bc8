/**
 * What the workshop server knows about the course, read once at start from the project's files: the chapters
 * and their titles, each chapter's completion check and the fixture texts its questions classify (the receipts'
 * course data), each decision table's scenarios (from the chapter's <DecisionTable> uses, so a learner cannot
 * choose which rows their table is graded on), the items a chapter's progress counts, and any fixture's text for
 * classify predictions. Node only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readChapterStructure } from '../course/read-chapter-structure.ts';
import { chapterItems, type ProgressItem } from '../progress/items.ts';
import { loadCourseData } from '../receipts/course-data-node.ts';
import type { CourseData } from '../receipts/grade.ts';
import { chapterExercises } from '../course/chapter-exercises.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

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
  /** Chapter id → the fixtures its <ClassifyFixture> exercises ask the learner to classify. */
  classifyFixtures: ReadonlyMap<string, ReadonlySet<string>>;
  /** Chapter id → decision table id → the scenario ids it grades. */
  tables: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
  /** A fixture's text by id, or undefined when there is no such fixture. */
  fixtureText(id: string): string | undefined;
  /** Problems met while loading (a check or fixture that could not be read). */
  problems: string[];
}

/** Loads the course from a project root (default: this project). */
export function loadRoomCourse(root: string = ROOT): RoomCourse {
  const { course, problems } = loadCourseData(root);
  const chaptersDir = join(root, 'content/chapters');
  const files = new Map(
    readdirSync(chaptersDir)
      .filter((f) => /^\d\d-[a-z0-9-]+\.mdx$/.test(f))
      .map((f) => [f.replace(/\.mdx$/, ''), join(chaptersDir, f)]),
  );
  const tables = new Map<string, ReadonlyMap<string, readonly string[]>>();
  const classifyFixtures = new Map<string, ReadonlySet<string>>();
  const chapters: RoomChapter[] = course.chapters.map(({ id, title }) => {
    const file = files.get(id)!;
    const structure = readChapterStructure(readFileSync(file, 'utf8'), { file });
    const exercises = chapterExercises(structure);
    tables.set(id, new Map(exercises.tables.map((t) => [t.id, t.scenarios])));
    classifyFixtures.set(id, new Set(exercises.classify.map((c) => c.fixture)));
    return { id, title, items: chapterItems(structure) };
  });
  const fixtures = new Map<string, string | undefined>();
  const fixtureText = (id: string): string | undefined => {
    if (!/^[a-z0-9-]{1,100}$/.test(id)) return undefined;
    if (!fixtures.has(id)) {
      let text: string | undefined;
      try {
        const value = JSON.parse(readFileSync(join(root, 'content/fixtures', `${id}.json`), 'utf8')) as {
          text?: unknown;
        };
        text = typeof value.text === 'string' ? value.text : undefined;
      } catch {
        text = undefined;
      }
      fixtures.set(id, text);
    }
    return fixtures.get(id);
  };
  return { data: course, chapters, classifyFixtures, tables, fixtureText, problems };
}
