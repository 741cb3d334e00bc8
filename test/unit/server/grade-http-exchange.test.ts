/**
 * The server grades an HTTP-exchange prediction like every other answer. The right answers are the exchange's
 * answer key, content/exchanges/http-unknown-method-404.json `expected`: http "error", jsonrpc "error", brokenBy
 * "nobody" (MCP 2026-07-28 streamable-http.mdx §Protocol Version Header: "If the server does not implement the
 * requested RPC method, it MUST respond with 404 Not Found and a JSON-RPC error with code -32601").
 */
import { describe, expect, it } from 'vitest';
import { buildCourse } from '../../../src/course/build-course.ts';
import { RoomEventSchema } from '../../../src/room/protocol.ts';
import { roomCourse } from '../../../src/server/course.ts';
import { gradeEvent } from '../../../src/server/grade-event.ts';

const CH = 'errors-on-streamable-http';
const course = roomCourse(buildCourse());

const prediction = (answers: Record<string, string>, itemId = 'http-http-unknown-method-404') =>
  RoomEventSchema.parse({
    key: 'key-12345678',
    seq: 1,
    chapterId: CH,
    kind: 'http-exchange',
    itemId,
    action: 'predict',
    answers: { exchange: 'http-unknown-method-404', ...answers },
  });

describe('HTTP-exchange predictions on the server', () => {
  it('grades a right prediction right and a wrong one wrong, part by part', () => {
    expect(gradeEvent(prediction({ status: 'error', body: 'error', broken: 'nobody' }), course, [CH])).toMatchObject({
      kind: 'graded',
      verdict: { kind: 'http-exchange', outcome: 'correct', correct: 3, total: 3, passed: true },
    });
    expect(gradeEvent(prediction({ status: 'success', body: 'error', broken: 'nobody' }), course, [CH])).toMatchObject({
      kind: 'graded',
      verdict: {
        outcome: 'incorrect',
        correct: 2,
        passed: false,
        parts: [
          { part: 'status', result: 'incorrect', chosen: 'success' },
          { part: 'body', result: 'correct', chosen: 'error' },
          { part: 'broken', result: 'correct', chosen: 'nobody' },
        ],
      },
    });
  });

  it('refuses a prediction filed under another exchange’s item', () => {
    expect(gradeEvent(prediction({ status: 'error' }, 'http-http-tool-call-stream'), course, [CH])).toMatchObject({
      kind: 'rejected',
    });
  });
});
