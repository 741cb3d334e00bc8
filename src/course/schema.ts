/**
 * The format of the course data in content/scenarios/: the decision-table scenario bank, the named misconceptions,
 * the labels of every column and value, the default table and the message timeline's scenarios and labels. Each
 * schema documents its fields; `src/course/data.ts` validates the files with them and names the file and field of
 * any broken entry.
 */
import { z } from 'zod';
import { CHAPTER_ID_PATTERN } from './course-order.ts';
import { MCP_VERSIONS, PROTOCOLS } from '#message-model';
import {
  DECISION_COLUMNS,
  DETECTION_LAYERS,
  RETRY_POLICIES,
  TIMELINE_FAULTS,
  TIMELINE_RETRIES,
  USER_OUTCOMES,
} from './vocabulary.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A section of the MCP specification an answer rests on. */
export const SpecCitationSchema = z
  .object({
    /** The spec revision, e.g. "2026-07-28". */
    version: z.enum([...MCP_VERSIONS, '2025-03-26']),
    /** The page path under docs/specification/<version>/, without .mdx (e.g. "server/tools", "basic/index"). */
    page: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/),
    /** The heading on that page, exactly as the spec writes it; omit to cite the whole page. */
    heading: z.string().min(1).optional(),
    /** A short sentence of that section that the answer rests on: verbatim, markdown markup left out, checked by hand. */
    quote: z.string().min(10).max(300).optional(),
  })
  .strict();
export type SpecCitation = z.infer<typeof SpecCitationSchema>;

/** Feedback for one group of wrong answers in one column. */
const wrongAnswersOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .object({
      /** The wrong answers this feedback is about (values of the column). */
      answers: z.array(z.enum(values)).min(1),
      /** One sentence on why these answers are wrong in this scenario; never names the right answer. */
      why: z.string().min(10).max(240),
      /** The id of the misconception these answers reveal (misconceptions.json), if one fits. */
      misconception: z.string().regex(SLUG).optional(),
    })
    .strict();

/** Feedback for one column of a scenario: the right answer and every wrong one. */
const columnFeedbackOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .object({
      /** One sentence on why the canonical answer is right (the long explanation is `reasoning`). */
      right: z.string().min(10).max(240),
      /** Every other value of the column, in groups that share a reason; each value in exactly one group. */
      wrong: z.array(wrongAnswersOf(values)).min(1),
    })
    .strict();

/** A message shown with a scenario, classified by the tests under its protocol. */
export const ScenarioMessageSchema = z
  .object({
    /** What the message is, as a caption. */
    caption: z.string().min(3).max(120),
    /** The protocol it is sent under. */
    protocol: z.enum(PROTOCOLS),
    /** The message text, exactly as on the wire. */
    text: z.string().min(2),
    /** True when the message is meant to be broken: it must then classify as broken (an error finding). */
    broken: z.boolean().optional(),
  })
  .strict();

/** One failure scenario of the decision table, with its canonical answers. */
export const DecisionScenarioSchema = z
  .object({
    /** Stable kebab-case id; stored in receipts and share links, so never renamed once shipped. */
    id: z.string().regex(SLUG),
    /** The row heading. */
    title: z.string().min(3).max(80),
    /** The situation, as a learner reads it. */
    situation: z.string().min(20),
    /** The canonical answer of each column. */
    answer: z
      .object({
        /** Which layer detects the failure first. */
        layer: z.enum(DETECTION_LAYERS),
        /** What the person using the host should see. */
        userSees: z.enum(USER_OUTCOMES),
        /** Whether, and how, a retry is safe. */
        retry: z.enum(RETRY_POLICIES),
      })
      .strict(),
    /** Why each canonical answer is right, one short paragraph per column. */
    reasoning: z
      .object({
        /** Why the layer is right. */
        layer: z.string().min(10),
        /** Why the user outcome is right. */
        userSees: z.string().min(10),
        /** Why the retry policy is right. */
        retry: z.string().min(10),
      })
      .strict(),
    /** Short feedback per column: why the right answer is right, and why each wrong answer is wrong. */
    feedback: z
      .object({
        /** Feedback on the layer column. */
        layer: columnFeedbackOf(DETECTION_LAYERS),
        /** Feedback on the "what the user sees" column. */
        userSees: columnFeedbackOf(USER_OUTCOMES),
        /** Feedback on the retry column. */
        retry: columnFeedbackOf(RETRY_POLICIES),
      })
      .strict(),
    /** Three hints, from a nudge to nearly the answer. */
    hints: z.tuple([z.string().min(10), z.string().min(10), z.string().min(10)]),
    /** The spec sections the answer rests on (at least one). */
    spec: z.array(SpecCitationSchema).min(1),
    /** Present when part of the answer is the course's advice rather than a spec rule: says which part. */
    courseAdvice: z.string().min(10).optional(),
    /** Messages that show the situation on the wire (optional). */
    messages: z.array(ScenarioMessageSchema).optional(),
  })
  .strict();
export type DecisionScenarioData = z.infer<typeof DecisionScenarioSchema>;

/** A file of the scenario bank: content/scenarios/<topic>.json. */
export const ScenarioFileSchema = z
  .object({
    /** The scenarios, in the order the bank lists them. */
    scenarios: z.array(DecisionScenarioSchema).min(1),
  })
  .strict();

/** A belief that produces wrong answers; feedback names it so the learner can unlearn it. */
export const MisconceptionSchema = z
  .object({
    /** Stable kebab-case id, referenced by scenarios and by <Misconception id="…" /> in facilitator notes. */
    id: z.string().regex(SLUG),
    /** A short name for the belief, shown in feedback as the link text (e.g. "A timeout means nothing happened"). */
    name: z.string().min(5).max(70),
    /** The wrong belief, as a learner would say it. */
    belief: z.string().min(10),
    /** Why it is wrong: the long explanation, shown on request. */
    correction: z.string().min(10),
    /** The passage of the course that explains it: a chapter id and a heading anchor on that chapter's page. */
    explainedIn: z
      .object({
        /** The chapter id (NN-slug). */
        chapter: z.string().regex(CHAPTER_ID_PATTERN),
        /** The heading's id on the chapter page (as Astro derives it from the heading text). */
        anchor: z.string().regex(/^[a-z0-9_-]+$/),
      })
      .strict(),
  })
  .strict();

/** content/scenarios/misconceptions.json. */
export const MisconceptionFileSchema = z
  .object({
    /** Every misconception the course names, in the order the instructor pages list them. */
    misconceptions: z.array(MisconceptionSchema).min(1),
  })
  .strict();

const labelsOf = <T extends readonly [string, ...string[]]>(values: T) => z.record(z.enum(values), z.string().min(3));

/** content/scenarios/labels.json: what a learner reads for each column and each value. */
export const LabelFileSchema = z
  .object({
    /** The heading of each column. */
    columns: labelsOf(DECISION_COLUMNS),
    /** The label of every value of every column (layers, user outcomes, retry policies); all are required. */
    values: labelsOf([...DETECTION_LAYERS, ...USER_OUTCOMES, ...RETRY_POLICIES]),
  })
  .strict();

/** content/scenarios/tables.json: named sets of rows. */
export const TableFileSchema = z
  .object({
    /** The rows a <DecisionTable> shows when the chapter names none (chapter 5's practice table), in order. */
    default: z.array(z.string().regex(SLUG)).min(1),
  })
  .strict();

/** One fault the message timeline can inject. */
export const TimelineFaultSchema = z
  .object({
    /** The label, as the fault control shows it. */
    label: z.string().min(3),
    /**
     * Per tool, the id of the decision-table scenario this fault is an instance of: the timeline's "who notices",
     * "what the user sees" and "is a retry safe" are that scenario's answers. Required for every fault but "none".
     */
    scenarios: z
      .object({
        /** The scenario for the write (create_ticket). */
        create_ticket: z.string().regex(SLUG),
        /** The scenario for the read (get_incident). */
        get_incident: z.string().regex(SLUG),
      })
      .strict()
      .optional(),
  })
  .strict();

/** A tool call the message timeline can start from. */
export const TimelineScenarioSchema = z
  .object({
    /** Stable id; the same as the decision-table scenario it illustrates, where there is one. */
    id: z.string().regex(SLUG),
    /** The heading shown above the diagram. */
    title: z.string().min(3).max(80),
    /** The tool called: a write that creates a ticket, or a read that fetches an incident. */
    tool: z.enum(['create_ticket', 'get_incident']),
    /** The fault injected when the widget first shows the scenario. */
    fault: z.enum(TIMELINE_FAULTS),
    /** The retry shown first. */
    retry: z.enum(TIMELINE_RETRIES),
  })
  .strict();

/** content/scenarios/timeline.json: the timeline's control labels and scenarios. */
export const TimelineFileSchema = z
  .object({
    /** Each fault: its label, and (except for "none") the decision-table scenario whose answers it illustrates. */
    faults: z.record(z.enum(TIMELINE_FAULTS), TimelineFaultSchema),
    /** The label of each retry, as the retry control shows it. */
    retries: labelsOf(TIMELINE_RETRIES),
    /** The scenarios a <MessageTimeline scenario="…"> can start from; the first is the fallback. */
    scenarios: z.array(TimelineScenarioSchema).min(1),
  })
  .strict();
