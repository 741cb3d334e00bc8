/**
 * Every chapter has facilitator notes next to it (content/chapters/NN-slug.notes.mdx) that name their chapter, plan
 * the session's minutes (exactly the chapter's own readingMinutes + practiceMinutes, the one source the agenda and
 * the badges read), and only cite scenarios and misconceptions the message model has.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getScenario, MISCONCEPTIONS } from '#course';
import { planProblem } from '../../src/workshop/agenda.ts';

const DIR = resolve(import.meta.dirname, '../../content/chapters');
const chapters = readdirSync(DIR)
  .filter((f) => /^\d\d-[a-z0-9-]+\.mdx$/.test(f))
  .map((f) => f.replace(/\.mdx$/, ''));

describe.each(chapters)('facilitator notes for %s', (chapter) => {
  const source = readFileSync(join(DIR, `${chapter}.notes.mdx`), 'utf8');
  const frontmatter = /^---\n([\s\S]*?)\n---/.exec(source)?.[1] ?? '';

  it('names its chapter', () => {
    expect(frontmatter).toMatch(new RegExp(`^chapter: ${chapter}$`, 'm'));
  });

  it('plans timings and has the sections a facilitator looks for', () => {
    expect(frontmatter).toMatch(/^timings:\n\s+- minutes: \d+/m);
    for (const heading of ['## What to say', '## Where learners go wrong', '## Discussion prompts'])
      expect(source).toContain(heading);
  });

  it("splits exactly the chapter's minutes (readingMinutes + practiceMinutes) into its timings", () => {
    const chapterFrontmatter =
      /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(DIR, `${chapter}.mdx`), 'utf8'))?.[1] ?? '';
    const minutes = (field: string) =>
      Number(new RegExp(`^${field}:\\s*(\\d+)\\s*$`, 'm').exec(chapterFrontmatter)?.[1]);
    const timings = [...frontmatter.matchAll(/^\s+- minutes: (\d+)$/gm)].map((m) => ({ minutes: Number(m[1]) }));
    const budget = { readingMinutes: minutes('readingMinutes'), practiceMinutes: minutes('practiceMinutes') };
    expect(Number.isInteger(budget.readingMinutes) && Number.isInteger(budget.practiceMinutes)).toBe(true);
    expect(planProblem(timings, budget)).toBeUndefined();
  });

  it('cites only scenarios and misconceptions the model has', () => {
    const scenarios = [...frontmatter.matchAll(/^\s+- ([a-z0-9-]+)$/gm)].map((m) => m[1]!);
    for (const id of scenarios) expect(getScenario(id), `scenario ${id}`).toBeDefined();
    for (const m of source.matchAll(/<Misconception id="([^"]+)"/g))
      expect(Object.keys(MISCONCEPTIONS)).toContain(m[1]);
  });
});
