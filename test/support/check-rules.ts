/**
 * The rules that keep completion checks honest, as plain functions over a chapter's structure and check data, so that the
 * content test can apply them to the course and test/unit/content/check-rules.test.ts can show that each one rejects what
 * it should:
 * - a check never repeats its chapter's practice: no decision-table row a table of the chapter shows, no message a
 *   widget, worked example or code block of the chapter shows;
 * - a title or prompt never gives the answer away: it does not name the kind the message classifies as, nor the
 *   reply it is owed, and a message that is not valid is never called by a valid kind's name.
 */
import { STANDARD_ERROR_CODES, standardMessage } from '#message-model';
import { componentUses, stringAttribute, type ChapterStructure } from '../../src/course/chapter-structure.ts';
import { tableScenarios } from '../../src/course/chapter-exercises.ts';
import type { FixtureExpectation } from '../../src/course/fixtures.ts';

/** The kinds a fixture's expectation names. */
export type ExpectedKind = FixtureExpectation['kind'];

/** The reply a fixture's expectation names. */
export type ExpectedReply =
  | { send: 'nothing' }
  | { send: 'response'; id?: unknown }
  | { send: 'error'; code: number | null; id?: unknown }
  | { send: 'batch'; items?: unknown }
  | { send: 'unspecified' };

/**
 * The words that name each kind, as a learner reads them in a title. A method name counts ("notifications/progress"
 * names a notification), and so do the markers that decide a kind at a glance (an error code, `isError`).
 */
const KIND_WORDS: Record<ExpectedKind, RegExp> = {
  request: /\brequests?\b/i,
  notification: /\bnotifications?\b/i,
  result: /\bresults?\b|\bsuccess(ful)?\b|\bisError\b/i,
  error: /\berrors?\b/i,
  'parse-error': /\bparse\b|\bunparsable\b|\b(invalid|not|broken) JSON\b|-32700\b/i,
  invalid: /\binvalid\b|\bmalformed\b|\bnot (a )?valid\b|\bbroken\b|-32600\b/i,
  batch: /\bbatch(es|ed)?\b/i,
};

/** Words that call a message a response, which is a result or an error. */
const RESPONSE_WORDS = /\bresponses?\b/i;

/** A JSON-RPC standard code's name (the model's standard message): it gives a reply away as surely as the number. */
function codeName(code: number): RegExp | undefined {
  const standard: readonly number[] = Object.values(STANDARD_ERROR_CODES);
  const message = standard.includes(code) ? standardMessage(code) : undefined;
  return message ? new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i') : undefined;
}

/** Phrases that tell the learner nothing is sent back. */
const NOTHING_WORDS =
  /\bno (reply|response|answer)\b|\bnothing back\b|\bnever (answered|answers?)\b|\bwithout (a |an )?(reply|response|answer)\b/i;

/**
 * What a title or prompt gives away about the expected classification: one sentence per word found, empty when it
 * gives nothing away. `situation` words are allowed when they name something other than the message itself (the
 * request a notification is about, for example); only the expected kind, the reply and, for a message that is not
 * valid, the name of a valid kind count.
 */
export function giveaways(text: string, kind: ExpectedKind, reply: ExpectedReply): string[] {
  const found: string[] = [];
  const hit = (re: RegExp) => re.exec(text)?.[0];
  const own = hit(KIND_WORDS[kind]);
  if (own) found.push(`names the expected kind (${kind}): "${own}"`);
  if ((kind === 'result' || kind === 'error') && hit(RESPONSE_WORDS))
    found.push(`calls it a response, which gives away a ${kind}: "${hit(RESPONSE_WORDS)}"`);
  if (kind === 'invalid' || kind === 'parse-error') {
    for (const other of ['request', 'notification', 'result', 'error', 'batch'] as const) {
      const word = hit(KIND_WORDS[other]);
      if (word) found.push(`calls a message that is not valid by a valid kind's name (${other}): "${word}"`);
    }
    if (hit(RESPONSE_WORDS)) found.push(`calls a message that is not valid a response: "${hit(RESPONSE_WORDS)}"`);
  }
  if (reply.send === 'nothing' && hit(NOTHING_WORDS)) found.push(`says nothing is sent back: "${hit(NOTHING_WORDS)}"`);
  if (reply.send === 'error' && reply.code !== null) {
    const number = hit(new RegExp(`${String(reply.code)}\\b`));
    if (number) found.push(`names the error code owed: "${number}"`);
    const name = codeName(reply.code);
    if (name && hit(name)) found.push(`names the error owed: "${hit(name)}"`);
  }
  if (reply.send === 'unspecified' && hit(/\bunspecified\b|\bnot specified\b/i))
    found.push('says the spec leaves the reply unspecified');
  return [...new Set(found)];
}

/** A decision table a chapter shows: its id and the scenario ids in its rows (the bank's default when none given). */
export interface ShownTable {
  id: string;
  scenarios: string[];
  line: number;
}

/** The decision tables a chapter's structure shows, with their rows (`defaults`, the bank's default table, when none given). */
export function decisionTables(structure: ChapterStructure, defaults: readonly string[]): ShownTable[] {
  return componentUses(structure, 'DecisionTable').map((use) => ({
    id: stringAttribute(use, 'id') ?? '',
    scenarios: tableScenarios(use.attributes.scenarios, defaults),
    line: use.line,
  }));
}

/** The messages of a chapter's JSON code blocks (```json, ```jsonl one message per line), each parsed. */
export function shownJsonMessages(structure: ChapterStructure): unknown[] {
  const messages: unknown[] = [];
  for (const block of structure.items) {
    if (block.kind !== 'code' || (block.lang !== 'json' && block.lang !== 'jsonl')) continue;
    const texts = block.lang === 'jsonl' ? block.value.split('\n') : [block.value];
    for (const text of texts) {
      try {
        if (text.trim()) messages.push(JSON.parse(text));
      } catch {
        // A block shown broken on purpose is not JSON; it cannot equal a fixture's parsed message.
      }
    }
  }
  return messages;
}

/** The same JSON value written with its members in one order, so that two spellings of a message compare equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** A check question as these rules read it. */
export type RuleQuestion =
  | { id: string; type: 'classify'; fixture: string; protocol: string; prompt: string }
  | { id: string; type: 'decision-table'; scenarios: string[] }
  | { id: string; type: 'choice' | 'self-assessed'; prompt: string };

/** What the repetition rule needs to know about a chapter. */
export interface ChapterPractice {
  /** Fixture ids the chapter's widgets and worked examples show. */
  fixtures: readonly string[];
  /** Decision tables the chapter shows. */
  tables: readonly ShownTable[];
  /** The messages of the chapter's fenced JSON blocks, canonical. */
  messages: ReadonlySet<string>;
}

/**
 * The ways a check repeats the practice of its own chapter: a classify question on a fixture the chapter shows (by
 * id, or the same message in a code block), a decision-table row one of the chapter's tables shows, and the same
 * fixture or row asked twice within the check. `fixtureMessage` gives a fixture's message as canonical JSON (or
 * undefined when it is not JSON).
 */
export function repeatedPractice(
  questions: readonly RuleQuestion[],
  practice: ChapterPractice,
  fixtureMessage: (id: string) => string | undefined,
): string[] {
  const problems: string[] = [];
  const asked = new Set<string>();
  for (const q of questions) {
    if (q.type === 'classify') {
      if (practice.fixtures.includes(q.fixture))
        problems.push(`${q.id}: the chapter already shows fixture ${q.fixture}; ask about a message it has not shown`);
      const message = fixtureMessage(q.fixture);
      if (message !== undefined && practice.messages.has(message))
        problems.push(`${q.id}: the chapter shows the message of ${q.fixture} in a code block`);
      if (asked.has(`fixture:${q.fixture}`)) problems.push(`${q.id}: fixture ${q.fixture} is asked twice`);
      asked.add(`fixture:${q.fixture}`);
    }
    if (q.type === 'decision-table') {
      for (const s of q.scenarios) {
        const table = practice.tables.find((t) => t.scenarios.includes(s));
        if (table)
          problems.push(
            `${q.id}: row ${s} is already in the chapter's practice table ${table.id} (line ${table.line})`,
          );
        if (asked.has(`row:${s}`)) problems.push(`${q.id}: row ${s} is asked twice`);
        asked.add(`row:${s}`);
      }
    }
  }
  return problems;
}
