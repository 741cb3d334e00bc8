/**
 * The test cases for exercise 01, shared by vitest (request-or-notification.test.ts) and the in-page code lab.
 * The expected answer always comes from the message model, never from this file.
 */
import { classifyMessage } from '#message-model';
import type { MethodMessage } from './request-or-notification.solution.ts';

/** The exercise's API: what the learner's file exports. */
export interface Exercise {
  kindOf(message: MethodMessage): 'request' | 'notification';
}

/** The names the learner's file must export. */
export const EXPORTS = ['kindOf'] as const;

/** One test: a name that reads as a sentence, and a check that throws a helpful error when the answer is wrong. */
export interface LabCase {
  name: string;
  run(exercise: Exercise): void;
}

function expectKind(exercise: Exercise, message: MethodMessage): void {
  const text = JSON.stringify(message);
  const model = classifyMessage(text, { protocol: 'jsonrpc-2.0' });
  const got = exercise.kindOf(message);
  if (got !== model.kind) {
    throw new Error(
      `kindOf(${text}) returned ${JSON.stringify(got)}, but the model says "${model.kind}". ${model.explanation}`,
    );
  }
}

const call = (extra: Partial<MethodMessage>): MethodMessage => ({ jsonrpc: '2.0', method: 'tools/list', ...extra });

export const CASES: LabCase[] = [
  { name: 'calls a message with a numeric id a request', run: (ex) => expectKind(ex, call({ id: 7 })) },
  { name: 'calls a message with a string id a request', run: (ex) => expectKind(ex, call({ id: 'req-abc' })) },
  {
    name: 'calls a message without an id a notification',
    run: (ex) => expectKind(ex, { jsonrpc: '2.0', method: 'notifications/initialized' }),
  },
  {
    name: 'calls a message with params but no id a notification',
    run: (ex) =>
      expectKind(ex, {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'up-1', progress: 40, total: 100 },
      }),
  },
  {
    name: 'calls a message with id 0 a request (0 is falsy but still an id)',
    run: (ex) => expectKind(ex, call({ id: 0 })),
  },
  { name: 'calls a message with an empty-string id a request', run: (ex) => expectKind(ex, call({ id: '' })) },
  {
    name: 'calls a message with id null a request (legal in JSON-RPC 2.0, though discouraged)',
    run: (ex) => expectKind(ex, call({ id: null })),
  },
  { name: 'calls a message with a negative id a request', run: (ex) => expectKind(ex, call({ id: -1 })) },
];
