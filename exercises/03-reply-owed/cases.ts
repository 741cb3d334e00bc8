/**
 * The test cases for exercise 03, shared by vitest (reply-owed.test.ts) and the in-page code lab.
 * The expected reply always comes from the message model, never from this file.
 */
import { classifyMessage, describeReply, sameReply, type Reply } from '#message-model';

/** The exercise's API: what the learner's file exports. */
export interface Exercise {
  replyOwed(text: string): Reply;
}

/** The names the learner's file must export. */
export const EXPORTS = ['replyOwed'] as const;

/** One test: a name that reads as a sentence, and a check that throws a helpful error when the answer is wrong. */
export interface LabCase {
  name: string;
  run(exercise: Exercise): void;
}

function describeGot(reply: unknown): string {
  if (typeof reply === 'object' && reply !== null && 'send' in reply) {
    try {
      return `${describeReply(reply as Reply)} (${JSON.stringify(reply)})`;
    } catch {
      // Fall through: a reply with a malformed batch cannot be described, only shown.
    }
  }
  return JSON.stringify(reply) ?? String(reply);
}

/** The messages this exercise shows broken on purpose: the markup test/unit/content/course-messages.test.ts reads. */
export const MEANT_BROKEN = new Set<string>();
/** Marks a message (text or value) as broken on purpose and returns it unchanged. */
function broken<T>(message: T): T {
  MEANT_BROKEN.add(typeof message === 'string' ? message : JSON.stringify(message));
  return message;
}

function expectReply(exercise: Exercise, text: string): void {
  const model = classifyMessage(text, { protocol: 'jsonrpc-2.0' });
  const got = exercise.replyOwed(text);
  if (typeof got !== 'object' || got === null || !sameReply(got, model.reply)) {
    throw new Error(
      `For ${text} you reply ${describeGot(got)}; the receiver owes ${describeReply(model.reply)} (${JSON.stringify(model.reply)}). ${model.explanation}`,
    );
  }
}

const c = (name: string, text: string): LabCase => ({ name, run: (ex) => expectReply(ex, text) });
/** A case whose message is broken on purpose. */
const bad = (name: string, text: string): LabCase => c(name, broken(text));

export const CASES: LabCase[] = [
  c('owes a request a response with its id', '{"jsonrpc":"2.0","id":7,"method":"tools/list"}'),
  c('owes a notification nothing', '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}'),
  bad('answers text that is not JSON with -32700 and id null', '{"jsonrpc":"2.0","id":8,"method":"tools/li'),
  bad(
    'answers a method that is not a string, with no id, with -32600 and id null',
    '{"jsonrpc":"2.0","method":7,"params":"x"}',
  ),
  bad(
    'answers an invalid request whose id it could read with -32600 and that id',
    '{"jsonrpc":"2.0","id":3,"method":"subtract","params":"x"}',
  ),
  bad('answers an id it cannot use (an object) with id null', '{"jsonrpc":"2.0","id":{"n":1},"method":"tools/list"}'),
  bad('answers an object with no method, result or error with -32600', '{"jsonrpc":"2.0","id":11}'),
  bad('answers a JSON value that is not an object with -32600', '42'),
  c('never answers a response', '{"jsonrpc":"2.0","id":5,"result":{"tools":[]}}'),
  bad('never answers a response, even a broken one', '{"jsonrpc":"2.0","id":9,"error":"it broke"}'),
  bad('answers an empty array with one -32600, not an array', '[]'),
  c('answers [1] with an array holding one -32600', '[1]'),
  c(
    'answers a mixed batch with one reply per element that is owed one',
    '[{"jsonrpc":"2.0","id":"a","method":"sum","params":[1,2]},{"jsonrpc":"2.0","method":"log","params":["hi"]},{"nope":true},{"jsonrpc":"2.0","id":"b","method":"get_data"}]',
  ),
  c(
    'sends nothing at all for a batch of notifications',
    '[{"jsonrpc":"2.0","method":"log","params":["a"]},{"jsonrpc":"2.0","method":"log","params":["b"]}]',
  ),
  bad(
    'answers a batch that is not valid JSON with a single -32700',
    '[{"jsonrpc":"2.0","id":1,"method":"sum"},{"jsonrpc":"2.0","method"]',
  ),
];
