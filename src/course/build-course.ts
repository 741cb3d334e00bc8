/**
 * Builds the course file (src/course/course-file.ts) from content/: the order and renamed ids from
 * content/course.json, each chapter's title from its frontmatter and its graded items from its structure (the one
 * reader, read-chapter-structure.ts), the completion checks (content/checks, validated), the fixture texts the
 * graders classify, and past versions' question sets (content/course-versions). A broken file throws naming it, so
 * `npm run build` fails rather than ship a course that grades wrongly. Node only; build time.
 *
 * `node src/course/build-course.ts [OUT]` writes the file (default dist/course.json): `npm run build:course`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompletionCheckSchema } from './completion-check.ts';
import { chapterExercises } from './chapter-exercises.ts';
import { ExchangeFixtureSchema } from './exchanges.ts';
import { componentUses, stringAttribute } from './chapter-structure.ts';
import { readChapterStructure } from './read-chapter-structure.ts';
import { CHAPTER_ORDER, COURSE_TITLE, RENAMED_CHAPTERS } from './course-order.ts';
import {
  COURSE_FILE_FORMAT,
  COURSE_FILE_PATH,
  COURSE_FILE_VERSION,
  CourseFileSchema,
  type CourseChapter,
  type CourseFile,
} from './course-file.ts';
import { readFrontmatter } from '../lib/frontmatter.ts';
import { chapterItems } from '../progress/items.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const readJson = (path: string, name: string): unknown => {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${name} cannot be read: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
};

function fixtureText(root: string, id: string, usedBy: string): string {
  const name = `content/fixtures/${id}.json`;
  const value = readJson(join(root, name), `${name} (used by ${usedBy})`) as { text?: unknown };
  if (typeof value.text !== 'string') throw new Error(`${name} has no "text" (used by ${usedBy}).`);
  return value.text;
}

const fixturesOf = (check: { questions: readonly { type: string; fixture?: string }[] }): string[] =>
  check.questions.flatMap((q) => (q.type === 'classify' && typeof q.fixture === 'string' ? [q.fixture] : []));

/** Builds the course from a project root (default: this project). Throws naming the file that is wrong. */
export function buildCourse(root: string = ROOT): CourseFile {
  const version = (readJson(join(root, 'package.json'), 'package.json') as { version?: string }).version ?? '0.0.0';
  const present = readdirSync(join(root, 'content/chapters'))
    .filter((f) => f.endsWith('.mdx') && !f.endsWith('.notes.mdx') && !f.startsWith('_'))
    .map((f) => f.replace(/\.mdx$/, ''));
  const unlisted = present.filter((id) => !CHAPTER_ORDER.includes(id));
  if (unlisted.length > 0)
    throw new Error(
      `content/chapters/${unlisted[0]}.mdx is not in the course order: add "${unlisted[0]}" to "chapters" in content/course.json.`,
    );
  const checks: Record<string, unknown> = {};
  const fixtureTexts: Record<string, string> = {};
  const exchangeFixtures: NonNullable<CourseFile['exchangeFixtures']> = {};
  const chapters = CHAPTER_ORDER.map((id): CourseChapter => {
    const name = `content/chapters/${id}.mdx`;
    if (!existsSync(join(root, name))) throw new Error(`content/course.json lists ${id}, but there is no ${name}.`);
    const text = readFileSync(join(root, name), 'utf8');
    const { title } = readFrontmatter(text).data;
    const structure = readChapterStructure(text, { file: name });
    const exercises = chapterExercises(structure);
    for (const { fixture } of exercises.classify) fixtureTexts[fixture] = fixtureText(root, fixture, name);
    if (exercises.hasCheck) {
      const checkName = `content/checks/${id}.json`;
      const parsed = CompletionCheckSchema.safeParse(readJson(join(root, checkName), checkName));
      if (!parsed.success)
        throw new Error(
          `${checkName} is not a valid completion check: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      checks[id] = parsed.data;
      for (const fixture of fixturesOf(parsed.data)) fixtureTexts[fixture] = fixtureText(root, fixture, checkName);
    }
    const exchanges = componentUses(structure, 'HttpExchange').flatMap((use) => {
      const exchange = stringAttribute(use, 'exchange');
      return exchange ? [exchange] : [];
    });
    for (const exchange of exchanges) {
      const exchangeName = `content/exchanges/${exchange}.json`;
      const parsed = ExchangeFixtureSchema.safeParse(
        readJson(join(root, exchangeName), `${exchangeName} (used by ${name})`),
      );
      if (!parsed.success)
        throw new Error(
          `${exchangeName} is not a valid exchange: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      exchangeFixtures[exchange] = { protocol: parsed.data.protocol, exchange: parsed.data.exchange };
    }
    return {
      id,
      title: typeof title === 'string' ? title : id,
      tables: exercises.tables,
      classify: exercises.classify,
      exchanges,
      codeLabs: exercises.codeLabs,
      hasCheck: exercises.hasCheck,
      hasSelfMark: componentUses(structure, 'MakeItYours').length > 0,
      items: chapterItems(structure).flatMap((item) => (item.type === 'practice' ? [] : [item])),
    };
  });
  const pastVersions: CourseFile['pastVersions'] = {};
  const pastDir = join(root, 'content/course-versions');
  for (const file of existsSync(pastDir)
    ? readdirSync(pastDir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : []) {
    const name = `content/course-versions/${file}`;
    const past = readJson(join(pastDir, file), name) as {
      version?: unknown;
      checks?: unknown;
      fixtureTexts?: unknown;
    };
    if (typeof past.version !== 'string' || !Array.isArray(past.checks) || typeof past.fixtureTexts !== 'object')
      throw new Error(`${name} needs "version", "checks" (a list) and "fixtureTexts".`);
    if (past.version === version) continue;
    const pastChecks: Record<string, unknown> = {};
    for (const check of past.checks as { chapter?: unknown }[]) {
      if (typeof check.chapter !== 'string') throw new Error(`${name}: a check has no "chapter".`);
      const current = CHAPTER_ORDER.includes(check.chapter) ? check.chapter : RENAMED_CHAPTERS[check.chapter];
      if (current !== undefined) pastChecks[current] = check;
    }
    pastVersions[past.version] = {
      checks: pastChecks,
      fixtureTexts: past.fixtureTexts as Record<string, string>,
    };
  }
  // Validating what was built catches a wrong shape here, at build time, not in a consumer.
  return CourseFileSchema.parse({
    format: COURSE_FILE_FORMAT,
    formatVersion: COURSE_FILE_VERSION,
    title: COURSE_TITLE,
    version,
    chapters,
    renamed: { ...RENAMED_CHAPTERS },
    checks,
    fixtureTexts,
    pastVersions,
    exchangeFixtures,
  });
}

/** Writes the course file to `out` (default dist/course.json under the project root); returns the path. */
export function writeCourse(out: string = join(ROOT, COURSE_FILE_PATH), root: string = ROOT): string {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(buildCourse(root))}\n`);
  return out;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const path = writeCourse(process.argv[2] !== undefined ? resolve(process.argv[2]) : undefined);
  process.stdout.write(`Wrote ${path}\n`);
}
