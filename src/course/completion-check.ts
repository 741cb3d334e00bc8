/**
 * Completion checks: the format of content/checks/<chapter-id>.json, the shape of a learner's answers, and the
 * grader the browser widget, the roster page and `mcp-lab grade` share. Classify questions are graded against
 * classifyMessage, decision-table questions against gradeDecisionTable; nothing here re-decides a protocol rule.
 */
import { z } from 'zod';
import { CHAPTER_ID_PATTERN } from './course-order.ts';
import {
  MESSAGE_KINDS,
  PROTOCOLS,
  classifyMessage,
  describeReply,
  type Classification,
  type Protocol,
  type Reply,
} from '#message-model';
import { getScenario, gradeDecisionTable, type CellVerdict } from './decision-table.ts';
import { isRecord } from '../lib/record.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** What a classify question asks the learner to predict. */
export const CLASSIFY_ASPECTS = ['kind', 'reply'] as const;
export type ClassifyAspect = (typeof CLASSIFY_ASPECTS)[number];

/** The kinds of reply a learner can name (the model's `Reply['send']`). */
export const REPLY_SENDS = ['nothing', 'response', 'error', 'batch', 'unspecified'] as const;
export type ReplySend = (typeof REPLY_SENDS)[number];

/** The question types a check may contain. */
export const CHECK_QUESTION_TYPES = ['classify', 'choice', 'decision-table', 'self-assessed'] as const;
export type CheckQuestionType = (typeof CHECK_QUESTION_TYPES)[number];

/** "Classify this fixture": the learner predicts the kind and/or the reply owed; the model's classification is the key. */
export const ClassifyQuestionSchema = z
  .object({
    /** Stable id within the check. */
    id: z.string().regex(SLUG),
    type: z.literal('classify'),
    /** The fixture id (content/fixtures/<id>.json). */
    fixture: z.string().regex(SLUG),
    /** The protocol to classify under. */
    protocol: z.enum(PROTOCOLS),
    /** What the learner is asked for. */
    ask: z.array(z.enum(CLASSIFY_ASPECTS)).min(1),
    /** The question as the learner reads it. */
    prompt: z.string().min(5),
  })
  .strict();

/** One option of a multiple-choice question. */
export const ChoiceOptionSchema = z
  .object({
    /** Stable id within the question. */
    id: z.string().regex(SLUG),
    /** The option text. */
    text: z.string().min(1),
    /** Whether choosing it is right. */
    correct: z.boolean(),
    /** Why it is right or wrong, shown after grading. */
    why: z.string().min(5),
  })
  .strict();

/** A multiple-choice question with one answer chosen. */
export const ChoiceQuestionSchema = z
  .object({
    id: z.string().regex(SLUG),
    type: z.literal('choice'),
    prompt: z.string().min(5),
    options: z.array(ChoiceOptionSchema).min(2),
  })
  .strict()
  .refine((q) => q.options.some((o) => o.correct), {
    message: 'a choice question needs at least one correct option',
    path: ['options'],
  })
  .refine((q) => new Set(q.options.map((o) => o.id)).size === q.options.length, {
    message: 'option ids must be unique',
    path: ['options'],
  });

/** A decision table drawn from the model's scenario bank. */
export const DecisionTableQuestionSchema = z
  .object({
    id: z.string().regex(SLUG),
    type: z.literal('decision-table'),
    /** Scenario ids from DECISION_SCENARIOS, in row order. */
    scenarios: z
      .array(z.string())
      .min(1)
      .refine((ids) => ids.every((id) => getScenario(id) !== undefined), {
        message: 'every scenario must be an id from DECISION_SCENARIOS',
      }),
    /** An optional lead-in shown above the table. */
    prompt: z.string().min(5).optional(),
  })
  .strict();

/** A question the learner marks against a rubric shown after answering; recorded, never auto-graded. */
export const SelfAssessedQuestionSchema = z
  .object({
    id: z.string().regex(SLUG),
    type: z.literal('self-assessed'),
    prompt: z.string().min(5),
    /** What a good answer covers, one point per entry. */
    rubric: z.array(z.string().min(3)).min(1),
  })
  .strict();

/** Any check question, discriminated by `type`. */
export const CheckQuestionSchema = z.discriminatedUnion('type', [
  ClassifyQuestionSchema,
  ChoiceQuestionSchema,
  DecisionTableQuestionSchema,
  SelfAssessedQuestionSchema,
]);
export type CheckQuestion = z.infer<typeof CheckQuestionSchema>;

/** One completion check: content/checks/<chapter-id>.json. */
export const CompletionCheckSchema = z
  .object({
    /** The chapter id (NN-slug); the file is named after it. */
    chapter: z.string().regex(CHAPTER_ID_PATTERN),
    /** The questions, in order. */
    questions: z.array(CheckQuestionSchema).min(1),
  })
  .strict()
  .refine((c) => new Set(c.questions.map((q) => q.id)).size === c.questions.length, {
    message: 'question ids must be unique within a check',
    path: ['questions'],
  });
export type CompletionCheck = z.infer<typeof CompletionCheckSchema>;

/** A learner's reply prediction: what is sent back, and for an error, the code. */
export const ReplyAnswerSchema = z.object({ send: z.enum(REPLY_SENDS), code: z.number().int().optional() }).strict();
export type ReplyAnswer = z.infer<typeof ReplyAnswerSchema>;

/** A learner's answer to one question. The shape follows the question type; anything else is graded as invalid. */
export const CheckAnswerSchema = z.union([
  z.object({ kind: z.enum(MESSAGE_KINDS).optional(), reply: ReplyAnswerSchema.optional() }).strict(),
  z.object({ choice: z.string() }).strict(),
  z.object({ table: z.record(z.string(), z.record(z.string(), z.string())) }).strict(),
  z.object({ text: z.string().max(4000).optional(), rubricMet: z.array(z.boolean()).optional() }).strict(),
]);
export type CheckAnswer = z.infer<typeof CheckAnswerSchema>;

/** All of a learner's answers to one check: question id → answer. */
export const CheckAnswersSchema = z.record(z.string(), CheckAnswerSchema);
export type CheckAnswers = z.infer<typeof CheckAnswersSchema>;

/** The verdict on one question. */
export interface QuestionGrade {
  id: string;
  type: CheckQuestionType;
  verdict: 'correct' | 'incorrect' | 'unanswered' | 'self-assessed' | 'invalid';
  /** What to tell the learner, without a verdict word (the widget prints the verdict). */
  feedback: string;
  /** For classify questions left half answered: the parts still missing (verdict 'unanswered'). */
  missing?: ClassifyAspect[];
  /** The longer explanation, for a "Why?" disclosure (for a wrong classify prediction: the classifier's). */
  explanation?: string;
  /** For classify questions: the model's classification, so the widget can show it. */
  classification?: Classification;
  /** For decision-table questions: the per-cell verdicts. */
  cells?: CellVerdict[];
  /** For self-assessed questions: how many rubric points the learner ticked, of how many. */
  rubricMet?: { met: number; of: number };
}

/** The grade of a whole check. `passed` needs every auto-graded question correct; self-assessed ones are recorded. */
export type CompletionCheckGrade =
  | {
      kind: 'graded';
      chapter: string;
      questions: QuestionGrade[];
      /** Auto-graded questions answered correctly. */
      correct: number;
      /** Auto-graded questions in the check. */
      total: number;
      /** Self-assessed questions the learner answered. */
      selfAssessed: number;
      passed: boolean;
    }
  | { kind: 'invalid-input'; message: string };

/** A learner's value in words, safe for anything (objects without toString included). */
const shown = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : 'a value that is not one of the options';

const own = (o: Record<string, unknown>, k: string): unknown =>
  Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined;

/**
 * The model's reply reduced to what a learner predicts: the send, and the code for an error (none when the spec
 * leaves it to the implementation).
 */
function replyAnswerOf(reply: Reply): ReplyAnswer {
  if (reply.send !== 'error') return { send: reply.send };
  return reply.code === null ? { send: 'error' } : { send: 'error', code: reply.code };
}

/** `given` matches `expected`; when the expected error has no code (implementation-defined), any code does. */
function sameReplyAnswer(given: ReplyAnswer, expected: ReplyAnswer): boolean {
  if (given.send !== expected.send) return false;
  return given.send !== 'error' || expected.code === undefined || given.code === expected.code;
}

function describeReplyAnswer(a: ReplyAnswer): string {
  if (a.send === 'error') return a.code === undefined ? 'an error (no code given)' : `error ${a.code}`;
  if (a.send === 'response') return "a response with the request's id";
  if (a.send === 'batch') return 'a batch of replies';
  if (a.send === 'unspecified') return 'nothing the spec defines';
  return 'nothing';
}

/** How the grader gets the model's classification of a fixture's text under a protocol. */
export type FixtureClassifier = (text: string, protocol: Protocol) => Classification;

const classifyFixture: FixtureClassifier = (text, protocol) => classifyMessage(text, { protocol });

/**
 * A FixtureClassifier that classifies each fixture text once per protocol and answers from memory after that: the
 * expected classifications, for a grader that grades many learners' answers to the same questions (the roster page,
 * `mcp-lab grade`). classifyMessage is pure, so the answer is the one it gives; the classification objects are shared
 * between the grades, which do not change them.
 */
export function rememberClassifications(): FixtureClassifier {
  const known = new Map<Protocol, Map<string, Classification>>();
  return (text, protocol) => {
    let byText = known.get(protocol);
    if (!byText) known.set(protocol, (byText = new Map()));
    let classification = byText.get(text);
    if (!classification) byText.set(text, (classification = classifyMessage(text, { protocol })));
    return classification;
  };
}

function gradeClassify(
  q: z.infer<typeof ClassifyQuestionSchema>,
  answer: Record<string, unknown> | undefined,
  fixtureTexts: Readonly<Record<string, string>>,
  classify: FixtureClassifier,
): QuestionGrade {
  const base = { id: q.id, type: q.type } as const;
  const text = own(fixtureTexts, q.fixture);
  if (typeof text !== 'string') {
    return {
      ...base,
      verdict: 'invalid',
      feedback: `The fixture "${q.fixture}" was not provided, so this question cannot be graded.`,
    };
  }
  const classification = classify(text, q.protocol as Protocol);
  // A prediction is graded only when every part the question asks for is answered; otherwise say which is missing.
  const reply = answer === undefined ? undefined : ReplyAnswerSchema.safeParse(own(answer, 'reply'));
  const missing = q.ask.filter((aspect) =>
    aspect === 'kind' ? answer === undefined || own(answer, 'kind') === undefined : !reply?.success,
  );
  if (missing.length > 0) {
    const parts = missing.map((a) => (a === 'kind' ? 'what kind of message it is' : 'what the receiver sends back'));
    return {
      ...base,
      verdict: 'unanswered',
      missing,
      feedback: `Say ${parts.join(' and ')} first.`,
      classification,
    };
  }
  const wrong: string[] = [];
  if (q.ask.includes('kind')) {
    const kind = answer === undefined ? undefined : own(answer, 'kind');
    if (kind !== classification.kind)
      wrong.push(`You said ${shown(kind)}; the classifier says ${classification.kind}.`);
  }
  if (q.ask.includes('reply') && reply?.success) {
    const parsed = reply.data;
    if (!sameReplyAnswer(parsed, replyAnswerOf(classification.reply)))
      wrong.push(
        `You said the receiver sends ${describeReplyAnswer(parsed)}; it owes ${describeReply(classification.reply, classification.protocol)}.`,
      );
  }
  // No verdict word in the feedback: the widget prints the verdict itself.
  if (wrong.length > 0)
    return {
      ...base,
      verdict: 'incorrect',
      feedback: wrong.join(' '),
      explanation: classification.explanation,
      classification,
    };
  return { ...base, verdict: 'correct', feedback: classification.explanation, classification };
}

function gradeChoice(
  q: z.infer<typeof ChoiceQuestionSchema>,
  answer: Record<string, unknown> | undefined,
): QuestionGrade {
  const base = { id: q.id, type: q.type } as const;
  const choice = answer === undefined ? undefined : own(answer, 'choice');
  if (choice === undefined || choice === '') return { ...base, verdict: 'unanswered', feedback: 'Choose an option.' };
  const option = q.options.find((o) => o.id === choice);
  if (!option) return { ...base, verdict: 'invalid', feedback: `"${shown(choice)}" is not one of the options.` };
  return { ...base, verdict: option.correct ? 'correct' : 'incorrect', feedback: option.why };
}

function gradeTable(
  q: z.infer<typeof DecisionTableQuestionSchema>,
  answer: Record<string, unknown> | undefined,
): QuestionGrade {
  const base = { id: q.id, type: q.type } as const;
  const table = answer === undefined ? undefined : own(answer, 'table');
  const grade = gradeDecisionTable(table ?? {}, q.scenarios);
  if (grade.kind === 'invalid-input') return { ...base, verdict: 'invalid', feedback: grade.message };
  const answeredCells = grade.cells.filter((c) => c.verdict !== 'unanswered').length;
  if (answeredCells === 0)
    return { ...base, verdict: 'unanswered', feedback: 'Fill in the table first.', cells: grade.cells };
  return {
    ...base,
    verdict: grade.passed ? 'correct' : 'incorrect',
    feedback: grade.passed
      ? `All ${grade.total} cells are right.`
      : `${grade.correct} of ${grade.total} cells are right.`,
    cells: grade.cells,
  };
}

function gradeSelfAssessed(
  q: z.infer<typeof SelfAssessedQuestionSchema>,
  answer: Record<string, unknown> | undefined,
): QuestionGrade {
  const base = { id: q.id, type: q.type } as const;
  const text = answer === undefined ? undefined : own(answer, 'text');
  const ticks = answer === undefined ? undefined : own(answer, 'rubricMet');
  const hasText = typeof text === 'string' && text.trim() !== '';
  const met = Array.isArray(ticks) ? ticks.slice(0, q.rubric.length).filter((t) => t === true).length : 0;
  if (!hasText && met === 0)
    return { ...base, verdict: 'unanswered', feedback: 'Write your answer, then compare it with the rubric.' };
  return {
    ...base,
    verdict: 'self-assessed',
    feedback: `Self-assessed: you ticked ${met} of ${q.rubric.length} rubric points. Nobody checks this but you.`,
    rubricMet: { met, of: q.rubric.length },
  };
}

/**
 * Grades a learner's answers to a completion check. `check` and `answers` may be anything (a receipt, a form, a
 * file); they are validated, not trusted. `fixtureTexts` maps fixture ids to their raw text, so the grader stays
 * pure. `classify` classifies a fixture (rememberClassifications, for many answers to the same questions). Never
 * throws.
 */
export function gradeCompletionCheck(
  check: unknown,
  answers: unknown,
  fixtureTexts: Readonly<Record<string, string>> = {},
  classify: FixtureClassifier = classifyFixture,
): CompletionCheckGrade {
  const parsedCheck = CompletionCheckSchema.safeParse(check);
  if (!parsedCheck.success) {
    const issue = parsedCheck.error.issues[0];
    return {
      kind: 'invalid-input',
      message: `The check is not valid: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown problem'}.`,
    };
  }
  if (answers !== undefined && answers !== null && !isRecord(answers)) {
    return { kind: 'invalid-input', message: 'The answers must be an object mapping question ids to answers.' };
  }
  const given = (answers ?? {}) as Record<string, unknown>;
  const texts: Readonly<Record<string, string>> = isRecord(fixtureTexts) ? fixtureTexts : {};
  const questions: QuestionGrade[] = parsedCheck.data.questions.map((q) => {
    const raw = own(given, q.id);
    const answer = isRecord(raw) ? raw : undefined;
    switch (q.type) {
      case 'classify':
        return gradeClassify(q, answer, texts, classify);
      case 'choice':
        return gradeChoice(q, answer);
      case 'decision-table':
        return gradeTable(q, answer);
      case 'self-assessed':
        return gradeSelfAssessed(q, answer);
    }
  });
  const auto = questions.filter((q) => q.type !== 'self-assessed');
  const correct = auto.filter((q) => q.verdict === 'correct').length;
  const selfAssessed = questions.filter((q) => q.verdict === 'self-assessed').length;
  // A check with only self-assessed questions passes once each is answered; otherwise every graded one must be right.
  const passed = auto.length > 0 ? correct === auto.length : selfAssessed === questions.length;
  return {
    kind: 'graded',
    chapter: parsedCheck.data.chapter,
    questions,
    correct,
    total: auto.length,
    selfAssessed,
    passed,
  };
}
