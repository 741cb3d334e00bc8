/**
 * readEventStream (src/room/sse.ts): the room client's live streams, read with the model's WHATWG event-stream
 * parser from a fetch() body that arrives in pieces.
 */
import { describe, expect, it } from 'vitest';
import { readEventStream, type StreamEvent } from '../../../src/room/sse.ts';

function response(pieces: string[]): Response {
  const bytes = new TextEncoder();
  return new Response(
    new ReadableStream({
      start(c) {
        for (const p of pieces) c.enqueue(bytes.encode(p));
        c.close();
      },
    }),
  );
}

describe('readEventStream', () => {
  it('delivers each event once, whatever the pieces, with its type', async () => {
    // WHATWG HTML §9.2.5: a CRLF pair is one line ending; "If the line starts with a U+003A COLON character (:)
    // Ignore the line."; a block without data dispatches nothing.
    const events: StreamEvent[] = [];
    await readEventStream(
      response([': hello\r', '\nevent: snapshot\r\ndata: {"a":', '1}\r\n\r', '\nid: 3\n\ndata: x\n\ndata: cut']),
      (e) => events.push(e),
    );
    expect(events).toEqual([
      { event: 'snapshot', data: '{"a":1}' },
      { event: 'message', data: 'x' },
    ]);
  });

  it('stops quietly when the signal aborts', async () => {
    const controller = new AbortController();
    const stream = new ReadableStream<Uint8Array>({ start() {} });
    const done = readEventStream(new Response(stream), () => {}, controller.signal);
    controller.abort();
    await expect(done).resolves.toBeUndefined();
  });
});
