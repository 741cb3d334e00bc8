/**
 * Generates a class's worth of receipts against the real course, as learners' browsers would make them: answers
 * drawn from the hand-written keys (a choice option's `correct`, a fixture's `expected` classification, the decision
 * table's canonical answers), right with a given probability and otherwise wrong, and each claimed grade computed by
 * the model exactly as the completion-check widget computes it. Deterministic for a seed.
 * Used by the `mcp-lab grade` tests, the workshops browser test and the roster bench.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { MESSAGE_KINDS } from '#message-model';
import { columnOptions, DECISION_COLUMNS, getScenario, gradeCompletionCheck } from '#course';
import { createReceipt } from '../../src/receipts/create.ts';
import type { CourseData } from '../../src/receipts/grade.ts';
import type { ChapterReceipt, Receipt } from '../../src/receipts/schema.ts';
import { seededRandom } from './seeded-random.ts';
export { seededRandom };

const ROOT = resolve(import.meta.dirname, '../..');

type Json = Record<string, any>;

/** The hand-written expected classification of a fixture under a protocol (content/fixtures/<id>.json). */
function expectedOf(
  fixture: string,
  protocol: string,
): { kind: string; reply: { send: string; code?: number | null } } {
  const value = JSON.parse(readFileSync(join(ROOT, 'content/fixtures', `${fixture}.json`), 'utf8')) as Json;
  return value.expected[protocol];
}

/** How a generated learner behaves. */
export interface LearnerProfile {
  name?: string;
  /** Probability that any one answer is right. */
  accuracy: number;
  /** Probability that the learner submitted a given chapter's check. */
  diligence: number;
  /** Decision-table answers to use instead of random ones, scenario → column → value. */
  table?: Record<string, Record<string, string>>;
}

/** Answers one check the way the profile says; returns the answers. */
function answerCheck(check: Json, profile: LearnerProfile, random: () => number): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const q of check.questions as Json[]) {
    const right = () => random() < profile.accuracy;
    if (q.type === 'choice') {
      const options = q.options as Json[];
      const good = options.filter((o) => o.correct);
      const bad = options.filter((o) => !o.correct);
      const pick =
        right() || bad.length === 0 ? good[Math.floor(random() * good.length)] : bad[Math.floor(random() * bad.length)];
      answers[q.id] = { choice: pick!.id };
    } else if (q.type === 'classify') {
      const expected = expectedOf(q.fixture, q.protocol);
      const answer: Json = {};
      if (q.ask.includes('kind'))
        answer.kind = right() ? expected.kind : MESSAGE_KINDS.find((k) => k !== expected.kind);
      if (q.ask.includes('reply')) {
        const reply =
          expected.reply.send === 'error' && typeof expected.reply.code === 'number'
            ? { send: 'error', code: expected.reply.code }
            : { send: expected.reply.send };
        answer.reply = right() ? reply : reply.send === 'nothing' ? { send: 'response' } : { send: 'nothing' };
      }
      answers[q.id] = answer;
    } else if (q.type === 'decision-table') {
      answers[q.id] = {
        table: profile.table
          ? pickRows(profile.table, q.scenarios)
          : randomTable(q.scenarios, profile.accuracy, random),
      };
    } else if (q.type === 'self-assessed') {
      answers[q.id] = {
        text: 'My own two sentences on why.',
        rubricMet: (q.rubric as string[]).map(() => random() < profile.accuracy),
      };
    }
  }
  return answers;
}

function pickRows(
  table: Record<string, Record<string, string>>,
  scenarios: string[],
): Record<string, Record<string, string>> {
  return Object.fromEntries(scenarios.filter((s) => table[s]).map((s) => [s, table[s]!]));
}

/** A decision table answered right with probability `accuracy` per cell, otherwise with another option. */
export function randomTable(
  scenarios: readonly string[],
  accuracy: number,
  random: () => number,
): Record<string, Record<string, string>> {
  const table: Record<string, Record<string, string>> = {};
  for (const id of scenarios) {
    const scenario = getScenario(id)!;
    table[id] = {};
    for (const column of DECISION_COLUMNS) {
      const correct = scenario.answer[column];
      // Wrong answers favour the ones the scenario names a misconception for, as real learners do.
      const tempting: string[] = scenario.feedback[column].wrong.flatMap((g) => (g.misconception ? g.answers : []));
      const others = columnOptions(column).filter((v) => v !== correct);
      const wrongPool = tempting.length > 0 && random() < 0.7 ? tempting : others;
      table[id]![column] = random() < accuracy ? correct : wrongPool[Math.floor(random() * wrongPool.length)]!;
    }
  }
  return table;
}

/** One learner's receipt against `course`, with claimed grades computed as the learner's browser does. */
export function learnerReceipt(
  course: CourseData,
  profile: LearnerProfile,
  random: () => number,
  createdAt = '2026-11-30T10:00:00.000Z',
): Receipt {
  const chapters: Record<string, ChapterReceipt> = {};
  for (const { id } of course.chapters) {
    const check = course.checks[id] as Json | undefined;
    if (!check) {
      if (random() < profile.diligence)
        chapters[id] = {
          selfMark: 'can-explain',
          selfMarkedAt: createdAt,
          hints: 0,
          solutions: 0,
          updatedAt: createdAt,
        };
      continue;
    }
    if (random() >= profile.diligence) continue;
    const answers = answerCheck(check, profile, random);
    const grade = gradeCompletionCheck(check, answers, { ...course.fixtureTexts });
    if (grade.kind !== 'graded') throw new Error(`the generator made ungradable answers for ${id}: ${grade.message}`);
    const chapter: ChapterReceipt = {
      check: {
        answers: answers as never,
        grade: { correct: grade.correct, total: grade.total, passed: grade.passed },
        submittedAt: createdAt,
      },
      hints: Math.floor(random() * 4),
      solutions: random() < 0.2 ? 1 : 0,
      updatedAt: createdAt,
    };
    if (grade.passed && random() < 0.8) {
      chapter.selfMark = 'can-explain';
      chapter.selfMarkedAt = createdAt;
    }
    chapters[id] = chapter;
  }
  return createReceipt({
    course: { title: course.title, version: course.version },
    ...(profile.name ? { learner: profile.name } : {}),
    createdAt,
    chapters,
  });
}

/** A class of `count` learners with mixed accuracy, named "Learner 001"..., deterministic for `seed`. */
export function classReceipts(course: CourseData, count: number, seed = 42): Receipt[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) =>
    learnerReceipt(
      course,
      {
        name: `Learner ${String(i + 1).padStart(3, '0')}`,
        accuracy: 0.55 + random() * 0.45,
        diligence: 0.5 + random() * 0.5,
      },
      random,
    ),
  );
}
