/**
 * Loads the grader's course data from the project's files, for `mcp-lab grade` and the tests: chapter ids and titles
 * from content/chapters/NN-slug.mdx, checks from content/checks/*.json, fixture texts from content/fixtures, past
 * versions' question sets from content/course-versions/*.json.
 * Node only. A check or fixture file that cannot be read is skipped and reported, so one broken file does not stop
 * a class from being graded.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFrontmatter } from '../lib/frontmatter.ts';
import { sortChapters } from '../progress/chapters.ts';
import { buildCourseData } from './course-data.ts';
import type { CourseData } from './grade.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The course's title, as receipts record it. */
export const COURSE_TITLE = 'MCP Message Lab';

/** Course data plus the problems met while loading it. */
export interface LoadedCourse {
  course: CourseData;
  problems: string[];
}

function frontmatterTitle(source: string): string | undefined {
  try {
    const { title } = readFrontmatter(source).data;
    return typeof title === 'string' ? title : undefined;
  } catch {
    return undefined; // Not valid YAML: the chapter's id stands in for its title.
  }
}

/**
 * The parsed contents of every .json file in `dir` (under `root`), in file-name order; none when the folder is
 * missing. A file that cannot be read or parsed is left out and `problem(file, reason)` is added to `problems`.
 */
function readJsonFiles(
  root: string,
  dir: string,
  problem: (file: string, reason: string) => string,
  problems: string[],
): unknown[] {
  const path = join(root, dir);
  if (!existsSync(path)) return [];
  const values: unknown[] = [];
  for (const file of readdirSync(path)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    try {
      values.push(JSON.parse(readFileSync(join(path, file), 'utf8')));
    } catch (error) {
      problems.push(problem(file, error instanceof Error ? error.message : String(error)));
    }
  }
  return values;
}

/** Reads the course from a project root (default: this project). */
export function loadCourseData(root: string = ROOT): LoadedCourse {
  const problems: string[] = [];
  const chaptersDir = join(root, 'content/chapters');
  const chapters = sortChapters(
    readdirSync(chaptersDir)
      .filter((f) => /^\d\d-[a-z0-9-]+\.mdx$/.test(f))
      .map((file) => ({ id: file.replace(/\.mdx$/, ''), file })),
  ).map(({ file }) => {
    const id = file.replace(/\.mdx$/, '');
    return { id, title: frontmatterTitle(readFileSync(join(chaptersDir, file), 'utf8')) ?? id };
  });
  const checks = readJsonFiles(
    root,
    'content/checks',
    (file, error) => `content/checks/${file} could not be read (${error}); its chapter's check answers are not graded.`,
    problems,
  );
  const fixtureText = (id: string): string | undefined => {
    if (!/^[a-z0-9-]+$/.test(id)) return undefined;
    try {
      const value = JSON.parse(readFileSync(join(root, 'content/fixtures', `${id}.json`), 'utf8')) as {
        text?: unknown;
      };
      return typeof value.text === 'string' ? value.text : undefined;
    } catch {
      problems.push(`content/fixtures/${id}.json could not be read; questions that classify it are not graded.`);
      return undefined;
    }
  };
  const pastVersions = readJsonFiles(
    root,
    'content/course-versions',
    (file, error) =>
      `content/course-versions/${file} could not be read (${error}); receipts naming that version are graded against the current one.`,
    problems,
  );
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string };
  return {
    course: buildCourseData({
      title: COURSE_TITLE,
      version: pkg.version ?? '0.0.0',
      chapters,
      checks,
      fixtureText,
      pastVersions,
    }),
    problems,
  };
}
