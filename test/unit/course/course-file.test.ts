import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCourse } from '../../../src/course/build-course.ts';
import { COURSE_FILE_FORMAT, graderCourse, readCourseFile } from '../../../src/course/course-file.ts';
import { runCli } from '../../support/run-cli.ts';

const order = (JSON.parse(readFileSync('content/course.json', 'utf8')) as { chapters: string[] }).chapters;
const course = buildCourse();

describe('the course file', () => {
  it('lists the chapters in the order content/course.json gives, not by file name', () => {
    expect(course.chapters.map((c) => c.id)).toEqual(order);
  });

  it("records each chapter's graded items: the HTTP exchanges of Errors on Streamable HTTP among them", () => {
    const http = course.chapters.find((c) => c.title === 'Errors on Streamable HTTP');
    // The chapter's page shows <HttpExchange exchange="http-tool-call-stream" /> first (content/chapters).
    expect(http?.exchanges[0]).toBe('http-tool-call-stream');
    expect(course.chapters.some((c) => c.hasCheck && course.checks[c.id] !== undefined)).toBe(true);
  });

  it('holds the text of every fixture a check or a classify exercise uses', () => {
    for (const chapter of course.chapters)
      for (const { fixture } of chapter.classify) expect(course.fixtureTexts[fixture], fixture).toBeTypeOf('string');
  });

  it('reads back what was written, and the grader sees the same chapters', () => {
    const read = readCourseFile(JSON.stringify(course));
    expect(read.kind).toBe('course');
    if (read.kind === 'course') expect(graderCourse(read.course).chapters.map((c) => c.id)).toEqual(order);
  });

  it('refuses text that is not a course file, a newer format, and broken JSON, saying which', () => {
    expect(readCourseFile('{}', 'x.json')).toEqual({ kind: 'invalid', message: 'x.json is not a course file.' });
    const newer = readCourseFile(JSON.stringify({ ...course, formatVersion: 2 }), 'x.json');
    expect(newer.kind === 'invalid' && newer.message).toMatch(/version 2.*npm run build/);
    expect(readCourseFile('{', 'x.json').kind).toBe('invalid');
    expect(readCourseFile(JSON.stringify({ format: COURSE_FILE_FORMAT, formatVersion: 1 })).kind).toBe('invalid');
  });

  it('mcp-lab grade without a course file says what to run and exits 2', async () => {
    const { code, stderr } = await runCli(['grade', '--course', 'no/such/course.json', '-'], '{}');
    expect(code).toBe(2);
    expect(stderr).toMatch(/npm run build:course/);
  });
});
