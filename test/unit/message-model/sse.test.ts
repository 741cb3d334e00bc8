/**
 * The event-stream parser (src/message-model/sse.ts) against the WHATWG HTML Standard, "Server-sent events":
 * §9.2.5 "Parsing an event stream" and §9.2.6 "Interpreting an event stream" (html.spec.whatwg.org/multipage/
 * server-sent-events.html). Every expected value is read from the sentence quoted beside it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEventStreamParser, parseEventStream } from '#message-model';
import type { SseEvent } from '../../../src/message-model/sse.ts';

const datas = (text: string) => parseEventStream(text).events.map((e) => e.data);

describe('parseEventStream, line endings and the BOM (§9.2.5)', () => {
  it('ends lines at CRLF, at a lone LF and at a lone CR', () => {
    // "a U+000D CARRIAGE RETURN U+000A LINE FEED (CRLF) character pair, a single U+000A LINE FEED (LF) character not
    // preceded by a U+000D CARRIAGE RETURN (CR) character, and a single U+000D CARRIAGE RETURN (CR) character not
    // followed by a U+000A LINE FEED (LF) character being the ways in which a line can end."
    expect(datas('data: a\r\n\r\ndata: b\n\ndata: c\r\rdata: d\r\n\n')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('ignores one leading byte order mark, and only one', () => {
    // "One leading U+FEFF BYTE ORDER MARK character must be ignored if any are present."
    expect(datas('\uFEFFdata: x\n\n')).toEqual(['x']);
    // A second BOM starts the first line, whose field name is then "\uFEFFdata": "Otherwise: The field is ignored."
    expect(datas('\uFEFF\uFEFFdata: x\n\n')).toEqual([]);
  });

  it('reads a CRLF split across two pieces as one line ending, not two', () => {
    const events: SseEvent[] = [];
    const p = createEventStreamParser((e) => events.push(e));
    p.push('data: a\r');
    p.push('\ndata: b\r');
    p.push('\n\r');
    p.push('\n');
    expect(events.map((e) => e.data)).toEqual(['a\nb']);
    expect(p.end().incomplete).toBe(false);
  });

  it('gives the same events whatever the stream is cut into', () => {
    const stream = '\uFEFF: hi\r\nevent: up\r\ndata: 1\r\ndata:2\r\rid: 7\nretry: 30\n\ndata: {"x":3}\r\n\r\n';
    const whole = parseEventStream(stream).events;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: stream.length }), { maxLength: 6 }), (cuts) => {
        const points = [...new Set(cuts)].sort((a, b) => a - b);
        const p = createEventStreamParser();
        let at = 0;
        for (const c of [...points, stream.length]) {
          p.push(stream.slice(at, c));
          at = c;
        }
        expect(p.end().events).toEqual(whole);
      }),
    );
  });
});

describe('parseEventStream, fields (§9.2.5, §9.2.6)', () => {
  it('reads a line that starts with a colon as a comment', () => {
    // "If the line starts with a U+003A COLON character (:) → Ignore the line."
    const r = parseEventStream(':\r\n: keep-alive\n\ndata: x\n\n');
    expect(r.events.map((e) => e.data)).toEqual(['x']);
    expect(r.comments).toBe(2);
  });

  it('removes one space after the colon, not more', () => {
    // "If value starts with a U+0020 SPACE character, remove it from value."
    expect(datas('data:  two\n\ndata:none\n\n')).toEqual([' two', 'none']);
  });

  it('joins multi-line data with LF and drops the last LF', () => {
    // "If the field name is "data": Append the field value to the data buffer, then append a single U+000A LINE FEED
    // (LF) character to the data buffer." and, at dispatch: "If the data buffer's last character is a U+000A LINE FEED
    // (LF) character, then remove the last character from the data buffer."
    expect(datas('data: {"a":\ndata: 1}\n\n')).toEqual(['{"a":\n1}']);
  });

  it('takes a line without a colon as a field name with an empty value', () => {
    // "Otherwise, the string is not empty but does not contain a U+003A COLON character (:): Process the field using
    // the whole line as the field name, and the empty string as the field value."
    expect(datas('data\n\n')).toEqual(['']);
    expect(datas('data\ndata\n\n')).toEqual(['\n']);
  });

  it('sets the type from the event field, else message', () => {
    // "If the event type buffer has a value other than the empty string, change the type of the newly created event
    // to equal the value of the event type buffer."
    const r = parseEventStream('event: ping\ndata: 1\n\ndata: 2\n\n');
    expect(r.events.map((e) => e.type)).toEqual(['ping', 'message']);
  });

  it('keeps the last event ID across events, and ignores an id holding NULL', () => {
    // "If the field value does not contain U+0000 NULL, then set the last event ID buffer to the field value.
    // Otherwise, ignore the field." and "The buffer does not get reset".
    const r = parseEventStream('id: 1\ndata: a\n\ndata: b\n\nid: x\0y\ndata: c\n\nid\ndata: d\n\n');
    expect(r.events.map((e) => e.lastEventId)).toEqual(['1', '1', '1', '']);
  });

  it('takes retry only when it is all ASCII digits', () => {
    // "If the field value consists of only ASCII digits, then interpret the field value as an integer in base ten,
    // and set the event stream's reconnection time to that integer. Otherwise, ignore the field."
    expect(parseEventStream('retry: 1500\n\n').retry).toBe(1500);
    expect(parseEventStream('retry: 1500\n\nretry: 2s\n\n').retry).toBe(1500);
    expect(parseEventStream('retry: -1\n\n').retry).toBeUndefined();
  });

  it('ignores fields it does not know', () => {
    // "Otherwise: The field is ignored."
    expect(datas('foo: bar\ndata: x\nDATA: y\n\n')).toEqual(['x']);
  });
});

describe('parseEventStream, dispatch (§9.2.6)', () => {
  it('dispatches nothing for a block with no data field, and an empty-data event for "data:" alone', () => {
    // "If the data buffer is an empty string, set the data buffer and the event type buffer to the empty string and
    // return." A block of only "id:" leaves the data buffer empty: nothing is dispatched, but "Set the last event ID
    // string of the event source to the value of the last event ID buffer" runs first. An empty "data:" line appends
    // one LF ("then append a single U+000A LINE FEED (LF) character to the data buffer"), so the buffer is not empty;
    // the LF is removed and an event with empty data is dispatched. MCP 2025-11-25's priming event, "an event ID and
    // an empty `data` field", is that event: it carries no JSON-RPC message, which the HTTP reader decides.
    const idOnly = parseEventStream('id: 0\n\nid: 1\ndata: {}\n\n');
    expect(idOnly.events.map((e) => [e.lastEventId, e.data])).toEqual([['1', '{}']]);
    expect(idOnly.undispatched).toBe(1);
    const primed = parseEventStream('id: 0\ndata:\n\nid: 1\ndata: {}\n\n');
    expect(primed.events.map((e) => [e.lastEventId, e.data])).toEqual([
      ['0', ''],
      ['1', '{}'],
    ]);
    expect(primed.undispatched).toBe(0);
    expect(primed.lastEventId).toBe('1');
  });

  it('does not dispatch an event the stream ends in the middle of', () => {
    // "Once the end of the file is reached, any pending data must be discarded. (If the file ends in the middle of an
    // event, before the final empty line, the incomplete event is not dispatched.)"
    const cut = parseEventStream('data: a\n\ndata: b\n');
    expect(cut.events.map((e) => e.data)).toEqual(['a']);
    expect(cut.incomplete).toBe(true);
    const partialLine = parseEventStream('data: a\n\ndata: b');
    expect(partialLine.events.map((e) => e.data)).toEqual(['a']);
    expect(partialLine.incomplete).toBe(true);
    expect(parseEventStream('data: a\n\n').incomplete).toBe(false);
  });

  it('reads an empty stream as no events, complete', () => {
    expect(parseEventStream('')).toEqual({
      events: [],
      lastEventId: '',
      undispatched: 0,
      comments: 0,
      incomplete: false,
    });
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const r = parseEventStream(text);
        for (const e of r.events) expect(typeof e.data).toBe('string');
      }),
    );
  });
});
