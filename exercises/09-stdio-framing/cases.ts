/**
 * The test cases for exercise 09, shared by vitest (stdio-framing.test.ts) and the in-page code lab.
 * Whether a line is the message that was sent is decided by comparing the message model's classifications.
 */
import { classifyMessage, describeReply, sameReply } from '#message-model';

/** The exercise's API: what the learner's file exports. */
export interface Exercise {
  frameMessage(message: unknown): string;
  readLines(rest: string, chunk: string): { lines: string[]; rest: string };
}

/** The names the learner's file must export. */
export const EXPORTS = ['frameMessage', 'readLines'] as const;

/** One test: a name that reads as a sentence, and a check that throws a helpful error when the answer is wrong. */
export interface LabCase {
  name: string;
  run(exercise: Exercise): void;
}

const show = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
};

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } };
const CALL = {
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'add_note', arguments: { text: 'line one\nline two' }, _meta: META },
};
const NOTE = {
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId: 1, reason: 'user pressed stop' },
};

/** Two texts are the same message when the model classifies them alike: same kind, same reply owed. */
function sameMessage(line: string, expectedText: string): string | undefined {
  const got = classifyMessage(line);
  const want = classifyMessage(expectedText);
  if (got.kind === want.kind && sameReply(got.reply, want.reply)) return undefined;
  return `the line ${show(line)} reads as ${got.kind} (reply: ${describeReply(got.reply)}), but the message sent was ${want.kind} (reply: ${describeReply(want.reply)})`;
}

/** Feeds the chunks through readLines, carrying the leftover, and returns every line and the final leftover. */
function readAll(ex: Exercise, chunks: string[]) {
  let rest = '';
  const lines: string[] = [];
  for (const chunk of chunks) {
    const out = ex.readLines(rest, chunk);
    if (!out || !Array.isArray(out.lines) || typeof out.rest !== 'string')
      throw new Error(`readLines must return { lines: string[], rest: string }; it returned ${show(out)}.`);
    lines.push(...out.lines);
    rest = out.rest;
  }
  return { lines, rest };
}

function expectLines(ex: Exercise, chunks: string[], expected: string[], expectedRest = ''): void {
  const { lines, rest } = readAll(ex, chunks);
  if (lines.length !== expected.length) {
    throw new Error(
      `Reading the chunks ${show(chunks)} gave ${lines.length} line(s) ${show(lines)}; expected ${expected.length}.`,
    );
  }
  expected.forEach((text, i) => {
    const problem = sameMessage(lines[i]!, text);
    if (problem) throw new Error(`Line ${i + 1}: ${problem}.`);
  });
  if (rest !== expectedRest)
    throw new Error(`After the last chunk the leftover should be ${show(expectedRest)}; it is ${show(rest)}.`);
}

function frameOf(ex: Exercise, message: unknown): string {
  const framed = ex.frameMessage(message);
  if (typeof framed !== 'string') throw new Error(`frameMessage must return a string; it returned ${show(framed)}.`);
  return framed;
}

function expectThrows(ex: Exercise, message: unknown, why: string): void {
  let framed: unknown;
  try {
    framed = ex.frameMessage(message);
  } catch {
    return;
  }
  throw new Error(`frameMessage(${show(message)}) returned ${show(framed)}; it should throw, because ${why}`);
}

/** The messages this exercise shows broken on purpose: the markup test/unit/content/course-messages.test.ts reads. */
export const MEANT_BROKEN = new Set<string>();
/** Marks a message (text or value) as broken on purpose and returns it unchanged. */
function broken<T>(message: T): T {
  MEANT_BROKEN.add(typeof message === 'string' ? message : JSON.stringify(message));
  return message;
}

export const CASES: LabCase[] = [
  {
    name: 'frames a message as one line ending in a newline',
    run(ex) {
      for (const message of [LIST, CALL, NOTE]) {
        const framed = frameOf(ex, message);
        const newlines = framed.split('\n').length - 1;
        if (!framed.endsWith('\n') || newlines !== 1) {
          throw new Error(
            `The framed text ${show(framed)} has ${newlines} newline(s); stdio needs exactly one, at the end. Messages MUST NOT contain embedded newlines.`,
          );
        }
      }
    },
  },
  {
    name: 'frames a line that is still the same message',
    run(ex) {
      for (const message of [LIST, CALL, NOTE]) {
        const problem = sameMessage(frameOf(ex, message).replace(/\n$/, ''), JSON.stringify(message));
        if (problem) throw new Error(`${problem}.`);
      }
    },
  },
  {
    name: 'refuses to frame a batch, which MCP does not allow',
    run(ex) {
      const model = classifyMessage(broken([LIST, NOTE]));
      const why = model.findings.find((f) => f.id === 'batch-unsupported')?.message ?? model.explanation;
      expectThrows(ex, [LIST, NOTE], why);
    },
  },
  {
    name: 'refuses to frame a value JSON cannot represent',
    run(ex) {
      expectThrows(
        ex,
        undefined,
        'JSON.stringify(undefined) is undefined, not a JSON text: writing "undefined" would put a line on the wire that is not JSON.',
      );
    },
  },
  {
    name: 'reads one whole message from one chunk',
    run: (ex) => expectLines(ex, [`${JSON.stringify(LIST)}\n`], [JSON.stringify(LIST)]),
  },
  {
    name: 'reads two messages that arrive in one chunk',
    run: (ex) =>
      expectLines(
        ex,
        [`${JSON.stringify(LIST)}\n${JSON.stringify(NOTE)}\n`],
        [JSON.stringify(LIST), JSON.stringify(NOTE)],
      ),
  },
  {
    name: 'keeps a message split across reads until its newline arrives',
    run(ex) {
      const text = JSON.stringify(CALL);
      expectLines(ex, [text.slice(0, 25), text.slice(25, 60), `${text.slice(60)}\n`], [text]);
    },
  },
  {
    name: 'returns the start of the next message as the leftover',
    run(ex) {
      const list = JSON.stringify(LIST);
      const note = JSON.stringify(NOTE);
      expectLines(ex, [`${list}\n${note.slice(0, 10)}`], [list], note.slice(0, 10));
    },
  },
  {
    name: 'does not split on an escaped \\n inside a string',
    run: (ex) => expectLines(ex, [`${JSON.stringify(CALL)}\n`], [JSON.stringify(CALL)]),
  },
  {
    name: 'reads a pretty-printed message as the broken lines it is',
    run(ex) {
      // A sender that pretty-prints breaks the framing: each line is a fragment, and each fragment is not JSON.
      const pretty = JSON.stringify(NOTE, null, 2);
      const fragments = pretty.split('\n').map(broken);
      const model = classifyMessage(fragments[0]!);
      if (model.kind !== 'parse-error') throw new Error('The fragment should not be JSON on its own.');
      expectLines(ex, [`${pretty}\n`], fragments);
    },
  },
];
