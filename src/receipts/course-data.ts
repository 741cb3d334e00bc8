/**
 * The course data the re-grader needs (chapters in order, their completion checks, the fixture texts the checks
 * classify), assembled the same way for the roster page (at build time, from the content collections) and for
 * `mcp-lab grade` (from the files). Pure.
 */
import type { CourseData } from './grade.ts';

/** The raw material: whatever the caller could load. */
export interface CourseSources {
  title: string;
  version: string;
  chapters: readonly { id: string; title: string }[];
  /** Check files' contents, unvalidated (the model's grader validates them). */
  checks: readonly unknown[];
  /** Looks a fixture's raw text up by id; undefined when there is no such fixture. */
  fixtureText: (id: string) => string | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fixture ids a check's classify questions use. */
export function fixturesOfCheck(check: unknown): string[] {
  if (!isRecord(check) || !Array.isArray(check.questions)) return [];
  return check.questions.flatMap((q: unknown) =>
    isRecord(q) && q.type === 'classify' && typeof q.fixture === 'string' ? [q.fixture] : [],
  );
}

/**
 * Builds the grader's course data: only checks whose chapter is in the course, and only the fixture texts they
 * need (so the roster page ships kilobytes, not the whole fixture corpus).
 */
export function buildCourseData(sources: CourseSources): CourseData {
  const known = new Set(sources.chapters.map((c) => c.id));
  const checks: Record<string, unknown> = {};
  const fixtureTexts: Record<string, string> = {};
  for (const check of sources.checks) {
    if (!isRecord(check) || typeof check.chapter !== 'string' || !known.has(check.chapter)) continue;
    checks[check.chapter] = check;
    for (const id of fixturesOfCheck(check)) {
      const text = sources.fixtureText(id);
      if (text !== undefined) fixtureTexts[id] = text;
    }
  }
  return {
    title: sources.title,
    version: sources.version,
    chapters: sources.chapters.map(({ id, title }) => ({ id, title })),
    checks,
    fixtureTexts,
  };
}
