/**
 * The course as tests grade against it: built from content/ with the same builder `npm run build` runs
 * (src/course/build-course.ts), so tests need no build first. `useCourseFileForCli` writes it to a temporary file
 * and points `mcp-lab grade` at it (MCP_LAB_COURSE), for tests that run the CLI as a process.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCourse, writeCourse } from '../../src/course/build-course.ts';
import { graderCourse, type CourseFile } from '../../src/course/course-file.ts';
import type { CourseData } from '../../src/receipts/grade.ts';

let built: CourseFile | undefined;
/** The course file, built once per test file. */
export function testCourseFile(): CourseFile {
  built ??= buildCourse();
  return built;
}

/** The grader's view of the course. */
export function testGraderCourse(): CourseData {
  return graderCourse(testCourseFile());
}

/** Writes the course file to a temporary folder and sets MCP_LAB_COURSE to it; returns its path. */
export function useCourseFileForCli(): string {
  const path = writeCourse(join(mkdtempSync(join(tmpdir(), 'mcp-lab-course-')), 'course.json'));
  process.env.MCP_LAB_COURSE = path;
  return path;
}
