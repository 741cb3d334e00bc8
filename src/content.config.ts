import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { FixtureSchema } from './course/fixtures.ts';
import { CHAPTER_ID_PATTERN } from './course/course-order.ts';
import { DECISION_SCENARIOS, getScenario } from './course/index.ts';

/** The protocol versions a chapter may target; MCP 2026-07-28 is the course's default. */
const TARGET_PROTOCOLS = ['jsonrpc-2.0', '2025-06-18', '2025-11-25', '2026-07-28'] as const;

const chapters = defineCollection({
  // Files are named slug.mdx; content/course.json orders the course. A leading underscore hides a draft.
  loader: glob({ pattern: ['[a-z0-9]*.mdx', '!*.notes.mdx'], base: './content/chapters' }),
  schema: z
    .object({
      /** The chapter's title, as shown in the outline and the page heading. */
      title: z.string().min(3).max(90),
      /** One or two sentences for the outline, search results and the meta description. */
      summary: z.string().min(20).max(300),
      /** The protocol version whose rules the chapter teaches. */
      protocol: z.enum(TARGET_PROTOCOLS),
      /** The day the chapter's protocol claims were last checked against the spec text (YYYY-MM-DD). */
      checkedAgainstSpec: z.coerce.date(),
      /** Minutes of reading, for the outline and the workshop agenda. */
      readingMinutes: z.number().int().min(1).max(60),
      /** Minutes of practice (widgets, code labs, completion check). */
      practiceMinutes: z.number().int().min(0).max(60),
      /** What a learner can do after the chapter, each a sentence starting with a verb. */
      objectives: z.array(z.string().min(10)).min(1).max(8),
      /** Whether the chapter follows the full anatomy (the FAQ does not). */
      anatomy: z.enum(['lesson', 'faq']).default('lesson'),
    })
    .strict(),
});

/** Message fixtures: content/fixtures/<id>.json, each with its hand-written expected classification. */
const fixtures = defineCollection({
  loader: glob({ pattern: '*.json', base: './content/fixtures' }),
  schema: FixtureSchema,
});

/**
 * Facilitator notes: content/chapters/NN-slug.notes.mdx, next to the chapter they accompany, shown on the
 * instructor pages only (the chapters glob above excludes them).
 */
const facilitatorNotes = defineCollection({
  loader: glob({ pattern: '[a-z0-9]*.notes.mdx', base: './content/chapters' }),
  schema: z
    .object({
      /** The id of the chapter these notes accompany (NN-slug); the file name must match it. */
      chapter: z.string().regex(CHAPTER_ID_PATTERN),
      /** The session plan for the chapter: each step, in order, with its minutes. */
      timings: z
        .array(z.object({ minutes: z.number().int().min(1).max(60), activity: z.string().min(5) }).strict())
        .min(1),
      /** Decision-table scenarios worth discussing with this chapter (ids from the model's scenario bank). */
      scenarios: z
        .array(
          z.string().refine((id) => getScenario(id) !== undefined, {
            message: `not a decision-table scenario; known ids: ${DECISION_SCENARIOS.map((s) => s.id).join(', ')}`,
          }),
        )
        .default([]),
    })
    .strict(),
});

export const collections = { chapters, fixtures, facilitatorNotes };
