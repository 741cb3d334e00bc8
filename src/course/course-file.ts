/**
 * The course artefact: the whole course as one data file (`dist/course.json`), written once by `npm run build`
 * (src/course/build-course.ts, from the one reader of chapter structure) and read by the roster page, `mcp-lab grade`
 * and the workshop server. Chapters in course order with the graded items each one has, the decision-table rows,
 * the completion checks, the fixture texts the graders classify, past versions' question sets and the course
 * version. Pure: the format, its reader (never throws) and the views the consumers take of it.
 */
import * as z from 'zod/mini';
import type { CourseData, QuestionSet } from '../receipts/grade.ts';
import { GRADED_KINDS } from './graded-kinds.ts';

/** The format tag of a course file. */
export const COURSE_FILE_FORMAT = 'mcp-message-lab/course';
/** The version of the format written now; a reader refuses other versions with a message saying so. */
export const COURSE_FILE_VERSION = 1;
/** Where `npm run build` (and `npm run build:course`) writes the course file, relative to the project root. */
export const COURSE_FILE_PATH = 'dist/course.json';

const IdSchema = z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,99}$/));

/** One thing a chapter's progress counts (src/progress/items.ts `ProgressItem`, without links). */
const CourseItemSchema = z.union([
  z.object({ type: z.literal('widget'), id: z.string(), label: z.string() }),
  z.object({ type: z.literal('code-lab'), id: z.string() }),
  z.object({ type: z.literal('check'), id: z.string() }),
  // An item of a later graded kind (src/course/graded-kinds.ts): its kind names the grader.
  z.object({
    type: z.literal('graded'),
    kind: z.enum(GRADED_KINDS),
    id: z.string(),
    label: z.string(),
    selfReported: z.boolean(),
  }),
  z.object({ type: z.literal('self-mark') }),
]);

/** One chapter as the course file records it. */
const CourseChapterSchema = z.object({
  /** The chapter id (its file name without .mdx), which keys progress, receipts and room events. */
  id: IdSchema,
  /** The title from its frontmatter. */
  title: z.string(),
  /** Each <DecisionTable id>: the scenario ids it grades, in order. */
  tables: z.array(z.object({ id: z.string(), scenarios: z.array(z.string()) })),
  /** Each <ClassifyFixture>: the fixture it asks the learner to classify, and the protocol when the chapter names one. */
  classify: z.array(z.object({ fixture: IdSchema, protocol: z.optional(z.string()) })),
  /** Each <HttpExchange exchange>: the exchange id the learner predicts. */
  exchanges: z.array(z.string()),
  /** Each <CodeLab exercise>: the exercise id. */
  codeLabs: z.array(z.string()),
  /** Whether the chapter has a <CompletionCheck> (its questions are in `checks`). */
  hasCheck: z.boolean(),
  /** Whether the chapter has a <MakeItYours> self-mark. */
  hasSelfMark: z.boolean(),
  /** What the chapter's progress counts, in checklist order (src/progress/items.ts `chapterItems`). */
  items: z.array(CourseItemSchema),
});
export type CourseChapter = z.infer<typeof CourseChapterSchema>;

const QuestionSetSchema = z.object({
  checks: z.record(z.string(), z.unknown()),
  fixtureTexts: z.record(z.string(), z.string()),
});

/** The course file. */
export const CourseFileSchema = z.object({
  format: z.literal(COURSE_FILE_FORMAT),
  formatVersion: z.literal(COURSE_FILE_VERSION),
  /** The course title receipts carry. */
  title: z.string(),
  /** The course version (package.json) receipts carry. */
  version: z.string(),
  /** The chapters, in course order. */
  chapters: z.array(CourseChapterSchema),
  /** Old chapter id → the id it has now, so saved progress, receipts and rooms naming an old id still resolve. */
  renamed: z.record(z.string(), z.string()),
  /** Chapter id → its completion check (content/checks/<id>.json), validated at build time. */
  checks: z.record(z.string(), z.unknown()),
  /** Fixture id → raw text: every fixture a check or a <ClassifyFixture> classifies. */
  fixtureTexts: z.record(z.string(), z.string()),
  /** Past course versions → their question sets (content/course-versions/<version>.json). */
  pastVersions: z.record(z.string(), QuestionSetSchema),
  /** Exchange id → every exchange an <HttpExchange> shows, with its protocol (content/exchanges), for its grader. */
  exchangeFixtures: z.optional(z.record(z.string(), z.object({ protocol: z.string(), exchange: z.unknown() }))),
});
export type CourseFile = z.infer<typeof CourseFileSchema>;

/** A course file read from text, or why it cannot be used. */
export type CourseFileRead = { kind: 'course'; course: CourseFile } | { kind: 'invalid'; message: string };

/** Reads a course file's text; never throws. `name` is how messages refer to the file. */
export function readCourseFile(text: string, name: string = COURSE_FILE_PATH): CourseFileRead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      kind: 'invalid',
      message: `${name} is not JSON (${error instanceof Error ? error.message : String(error)}).`,
    };
  }
  const format = (value as { format?: unknown } | null)?.format;
  const version = (value as { formatVersion?: unknown } | null)?.formatVersion;
  if (format !== COURSE_FILE_FORMAT) return { kind: 'invalid', message: `${name} is not a course file.` };
  if (version !== COURSE_FILE_VERSION)
    return {
      kind: 'invalid',
      message: `${name} is course file version ${String(version)}; this program reads version ${COURSE_FILE_VERSION}. Run npm run build to write it again.`,
    };
  const parsed = CourseFileSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { kind: 'invalid', message: `${name}: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}.` };
  }
  return { kind: 'course', course: parsed.data };
}

/** The re-grader's view of the course (receipts, the roster page, `mcp-lab grade`). */
export function graderCourse(course: CourseFile): CourseData {
  const pastVersions: Record<string, QuestionSet> = course.pastVersions;
  return {
    title: course.title,
    version: course.version,
    ...(Object.keys(pastVersions).length > 0 ? { pastVersions } : {}),
    chapters: course.chapters.map(({ id, title }) => ({ id, title })),
    checks: course.checks,
    fixtureTexts: course.fixtureTexts,
    grading: {
      chapters: course.chapters,
      checks: course.checks,
      fixtureTexts: course.fixtureTexts,
      ...(course.exchangeFixtures ? { exchangeFixtures: course.exchangeFixtures } : {}),
    },
  };
}
