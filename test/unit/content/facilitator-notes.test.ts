/**
 * Every chapter has facilitator notes next to it (content/chapters/NN-slug.notes.mdx) that name their chapter, plan
 * the session's minutes (exactly the chapter's own readingMinutes + practiceMinutes, the one source the agenda and
 * the badges read), and only cite scenarios and misconceptions the message model has.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getScenario, MISCONCEPTIONS } from '#course';
import { componentUses, stringAttribute } from '../../../src/course/chapter-structure.ts';
import { readChapterStructure } from '../../../src/course/read-chapter-structure.ts';
import { readFrontmatter } from '../../../src/lib/frontmatter.ts';
import { planProblem } from '../../../src/instructor/agenda.ts';

const DIR = resolve(import.meta.dirname, '../../../content/chapters');
const chapters = readdirSync(DIR)
  .filter((f) => /^[a-z0-9][a-z0-9-]*\.mdx$/.test(f))
  .map((f) => f.replace(/\.mdx$/, ''));

describe.each(chapters)('facilitator notes for %s', (chapter) => {
  const source = readFileSync(join(DIR, `${chapter}.notes.mdx`), 'utf8');
  const { data } = readFrontmatter(source);
  const structure = readChapterStructure(source);

  it('names its chapter', () => {
    expect(data.chapter).toBe(chapter);
  });

  it('plans timings and has the sections a facilitator looks for', () => {
    expect(data.timings).toEqual(
      expect.arrayContaining([expect.objectContaining({ minutes: expect.any(Number), activity: expect.any(String) })]),
    );
    const headings = structure.items.flatMap((i) => (i.kind === 'heading' ? [`${'#'.repeat(i.depth)} ${i.text}`] : []));
    for (const heading of ['## What to say', '## Where learners go wrong', '## Discussion prompts'])
      expect(headings).toContain(heading);
  });

  it("splits exactly the chapter's minutes (readingMinutes + practiceMinutes) into its timings", () => {
    const chapterData = readFrontmatter(readFileSync(join(DIR, `${chapter}.mdx`), 'utf8')).data;
    const timings = (data.timings as { minutes: number }[]).map((t) => ({ minutes: t.minutes }));
    const budget = {
      readingMinutes: Number(chapterData.readingMinutes),
      practiceMinutes: Number(chapterData.practiceMinutes),
    };
    expect(Number.isInteger(budget.readingMinutes) && Number.isInteger(budget.practiceMinutes)).toBe(true);
    expect(planProblem(timings, budget)).toBeUndefined();
  });

  it('cites only scenarios and misconceptions the model has', () => {
    // Optional, as in the collection's schema (src/content.config.ts).
    const scenarios = (data.scenarios ?? []) as string[];
    expect(Array.isArray(scenarios), 'scenarios is a list').toBe(true);
    for (const id of scenarios) expect(getScenario(id), `scenario ${id}`).toBeDefined();
    for (const use of componentUses(structure, 'Misconception'))
      expect(Object.keys(MISCONCEPTIONS)).toContain(stringAttribute(use, 'id'));
  });
});
