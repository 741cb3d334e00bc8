/**
 * HTTP exchange fixtures (content/exchanges/<id>.json): one Streamable HTTP request and its response, the protocol it
 * is judged under, and what a person expects classifyHttpExchange to say, written from the spec and justified by
 * `because`. Chapter 10's widget shows them; test/unit/course/exchanges.test.ts checks every one against the model.
 * Also the prediction a learner makes about an exchange, in a learner's words, and its grading.
 */
import { z } from 'zod';
import {
  BROKEN_BY,
  HttpExchangeSchema,
  isHttpFindingId,
  type HttpExchangeClassification,
  type LayerVerdict,
} from '#message-model';

const FindingId = z
  .string()
  .refine(isHttpFindingId, { message: 'not one of HTTP_FINDING_IDS (src/message-model/http.ts)' });

/** What the person who wrote the exchange expects the classifier to say. */
export const ExchangeExpectationSchema = z
  .object({
    /** What the HTTP status says. */
    http: z.enum(['success', 'accepted', 'error']),
    /** What the JSON-RPC body says (`accepted`: a notification's empty 202, `none`: nothing readable). */
    jsonrpc: z.enum(['success', 'accepted', 'error', 'none']),
    /** Whether the two layers point the same way. */
    agree: z.boolean(),
    /** Which side broke a MUST. */
    brokenBy: z.enum(BROKEN_BY),
    /** The status the spec (or, with strength `sdk`, the official SDK) wants, when one is named. */
    status: z.int().min(100).max(599).nullable().optional(),
    /** How firmly: the spec's MUST or SHOULD, or `sdk` where MCP pins nothing. Required with `status`. */
    strength: z.enum(['must', 'should', 'sdk']).optional(),
    /** Every error finding: the exact set. */
    errors: z.array(FindingId),
    /** Every warning finding: the exact set. */
    warnings: z.array(FindingId),
    /** Info findings that must be present (others may be). */
    info: z.array(FindingId).default([]),
    /** The spec sentence(s) the expectation rests on, quoted short, each with its section (or RFC 9110 / the SDK). */
    because: z
      .string()
      .min(30)
      .refine((b) => /"[^"]{8,}"/.test(b) && /§/.test(b), {
        message: 'quote the spec sentence ("…") and name its section (§…)',
      }),
  })
  .strict()
  .refine((e) => (e.status === undefined) === (e.strength === undefined), {
    message: 'status and strength go together',
  });

/** One exchange fixture. */
export const ExchangeFixtureSchema = z
  .object({
    /** The file name without .json. */
    id: z.string().regex(/^http-[a-z0-9]+(-[a-z0-9]+)*$/),
    /** The situation, in a sentence that does not give the answer away (never a status's meaning or a verdict). */
    title: z.string().min(10).max(110),
    /** The MCP revision the exchange is judged under. */
    protocol: z.enum(['2026-07-28', '2025-11-25', '2025-06-18']),
    /** The request and the response, as classifyHttpExchange takes them. */
    exchange: HttpExchangeSchema,
    /** The hand-written expectation. */
    expected: ExchangeExpectationSchema,
    /** One or two sentences for the instructor and the answer panel. */
    notes: z.string().min(10),
  })
  .strict();
export type ExchangeFixture = z.infer<typeof ExchangeFixtureSchema>;

/** The parts of an exchange a learner predicts. */
export const EXCHANGE_PREDICT_PARTS = ['status', 'body', 'broken'] as const;
export type ExchangePredictPart = (typeof EXCHANGE_PREDICT_PARTS)[number];

/** The options of each part, with the words a learner uses for them. */
export const EXCHANGE_PREDICT_OPTIONS = {
  status: [
    { value: 'success', label: 'It worked' },
    { value: 'accepted', label: 'Taken, nothing to send back' },
    { value: 'error', label: 'Refused or failed' },
  ],
  body: [
    { value: 'result', label: 'A result' },
    { value: 'error', label: 'An error' },
    { value: 'nothing', label: 'Nothing to read' },
  ],
  broken: [
    { value: 'nobody', label: 'Nobody' },
    { value: 'client', label: 'The client' },
    { value: 'server', label: 'The server' },
    { value: 'both', label: 'Both' },
  ],
} as const;

/** The question each part asks. */
export const EXCHANGE_PREDICT_QUESTIONS: Record<ExchangePredictPart, string> = {
  status: 'What does the status line tell the client?',
  body: 'What does the JSON-RPC body tell the client?',
  broken: 'Who broke a rule of the spec?',
};

export type ExchangePrediction = Partial<Record<ExchangePredictPart, string>>;

/** The right answer to each part, read from the classification. */
export function exchangeAnswers(c: HttpExchangeClassification): Record<ExchangePredictPart, string> {
  const body = (v: LayerVerdict) => (v.outcome === 'success' ? 'result' : v.outcome === 'error' ? 'error' : 'nothing');
  return { status: c.http.outcome === 'none' ? 'error' : c.http.outcome, body: body(c.jsonrpc), broken: c.brokenBy };
}

/** The grade of a prediction: per part right, wrong or unanswered, and whether every part is answered. */
export interface ExchangeGrade {
  complete: boolean;
  correct: boolean;
  parts: {
    part: ExchangePredictPart;
    verdict: 'correct' | 'incorrect' | 'unanswered';
    given?: string;
    answer: string;
  }[];
}

/** Grades a prediction against a classification. Never throws; unknown values count as wrong. */
export function gradeExchangePrediction(c: HttpExchangeClassification, prediction: ExchangePrediction): ExchangeGrade {
  const answers = exchangeAnswers(c);
  const parts = EXCHANGE_PREDICT_PARTS.map((part) => {
    const given = prediction[part];
    const answer = answers[part];
    if (given === undefined || given === '') return { part, verdict: 'unanswered' as const, answer };
    return { part, verdict: given === answer ? ('correct' as const) : ('incorrect' as const), given, answer };
  });
  return {
    complete: parts.every((p) => p.verdict !== 'unanswered'),
    correct: parts.every((p) => p.verdict === 'correct'),
    parts,
  };
}

/** A learner's words for a part's value. */
export function exchangeOptionLabel(part: ExchangePredictPart, value: string): string {
  return (
    (EXCHANGE_PREDICT_OPTIONS[part] as readonly { value: string; label: string }[]).find((o) => o.value === value)
      ?.label ?? value
  );
}
