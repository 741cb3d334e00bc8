/**
 * The course data the re-grader needs (chapters in order, their completion checks, the fixture texts the checks
 * classify), assembled the same way for the roster page (at build time, from the content collections) and for
 * `mcp-lab grade` (from the files). Pure.
 */
import type { CourseData, QuestionSet } from './grade.ts';

/** The raw material: whatever the caller could load. */
export interface CourseSources {
  title: string;
  version: string;
  chapters: readonly { id: string; title: string }[];
  /** Check files' contents, unvalidated (the model's grader validates them). */
  checks: readonly unknown[];
  /** Looks a fixture's raw text up by id; undefined when there is no such fixture. */
  fixtureText: (id: string) => string | undefined;
  /**
   * Past course versions' question sets, as stored in content/course-versions/<version>.json (unvalidated):
   * `{ version, checks: [...], fixtureTexts: { id: text } }`. Anything else is skipped.
   */
  pastVersions?: readonly unknown[];
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
  const pastVersions: Record<string, QuestionSet> = {};
  for (const past of sources.pastVersions ?? []) {
    if (!isRecord(past) || typeof past.version !== 'string' || past.version === sources.version) continue;
    if (!Array.isArray(past.checks) || !isRecord(past.fixtureTexts)) continue;
    const pastChecks: Record<string, unknown> = {};
    for (const check of past.checks)
      if (isRecord(check) && typeof check.chapter === 'string' && known.has(check.chapter))
        pastChecks[check.chapter] = check;
    const texts: Record<string, string> = {};
    for (const [id, text] of Object.entries(past.fixtureTexts)) if (typeof text === 'string') texts[id] = text;
    pastVersions[past.version] = { checks: pastChecks, fixtureTexts: texts };
  }
  return {
    title: sources.title,
    version: sources.version,
    ...(Object.keys(pastVersions).length > 0 ? { pastVersions } : {}),
    chapters: sources.chapters.map(({ id, title }) => ({ id, title })),
    checks,
    fixtureTexts,
  };
}
