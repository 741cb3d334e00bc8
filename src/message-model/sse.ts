/**
 * The event-stream format of Server-Sent Events, parsed as the WHATWG HTML Standard's "Server-sent events" section
 * says (§9.2.5 Parsing an event stream, §9.2.6 Interpreting an event stream): lines end with CRLF, LF or CR; a
 * leading BOM is dropped; a line starting with a colon is a comment; `data`, `event`, `id` and `retry` are the only
 * fields; a blank line dispatches the event, and an event whose data buffer is empty is not dispatched; a stream that
 * ends before the blank line that would end an event does not dispatch it. The one parser of the model: the HTTP
 * exchange reader and the workshop room's live streams both use it. Never throws.
 */

/** One dispatched event. */
export interface SseEvent {
  /** The event type: the last `event` field of the block, or `message`. */
  type: string;
  /** The data lines joined with LF (the final LF removed). */
  data: string;
  /** The last event ID at dispatch time (set by `id` fields, kept across events), `""` when none. */
  lastEventId: string;
}

/** What a stream held, once it has ended. */
export interface SseReading {
  events: SseEvent[];
  /** The last event ID buffer when the stream ended. */
  lastEventId: string;
  /** The last valid `retry` field, in milliseconds, when there was one. */
  retry?: number;
  /** Blocks that ended with a blank line but had no data, so dispatched nothing (e.g. an id-only priming event). */
  undispatched: number;
  /** Comment lines (lines starting with a colon): keep-alives carry no event. */
  comments: number;
  /** True when the stream ended in the middle of an event: fields (or a partial line) after the last blank line. */
  incomplete: boolean;
}

/** An incremental parser: feed it text as it arrives, then end it. */
export interface EventStreamParser {
  /** Parses the next piece of the stream (already decoded text). Dispatched events go to `onEvent`. */
  push(text: string): void;
  /** Ends the stream: a pending line and a pending event are discarded, as the standard says. */
  end(): SseReading;
}

const LF = 10;
const CR = 13;

/** Makes an incremental event-stream parser; `onEvent` is called for each dispatched event, in order. */
export function createEventStreamParser(onEvent: (event: SseEvent) => void = () => {}): EventStreamParser {
  const events: SseEvent[] = [];
  let started = false;
  let pending = '';
  let skipLf = false;
  let data = '';
  let hasData = false;
  let type = '';
  let idBuffer = '';
  let lastEventId = '';
  let retry: number | undefined;
  let undispatched = 0;
  let comments = 0;
  let inEvent = false;

  const dispatch = () => {
    // §9.2.6 "dispatch the event": the last event ID is set even when no event follows.
    lastEventId = idBuffer;
    if (!inEvent) return;
    inEvent = false;
    if (!hasData) {
      type = '';
      undispatched += 1;
      return;
    }
    const event: SseEvent = { type: type === '' ? 'message' : type, data: data.slice(0, -1), lastEventId };
    data = '';
    hasData = false;
    type = '';
    events.push(event);
    onEvent(event);
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.charCodeAt(0) === 58 /* : */) {
      comments += 1;
      return;
    }
    inEvent = true;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    switch (field) {
      case 'data':
        data += `${value}\n`;
        hasData = true;
        return;
      case 'event':
        type = value;
        return;
      case 'id':
        if (!value.includes('\0')) idBuffer = value;
        return;
      case 'retry':
        if (/^[0-9]+$/.test(value)) retry = Number(value);
        return;
      default:
        return;
    }
  };

  return {
    push(chunk) {
      let text = chunk;
      if (!started && text.length > 0) {
        started = true;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      let start = 0;
      if (skipLf && text.charCodeAt(0) === LF) start = 1;
      if (text.length > 0) skipLf = false;
      for (let i = start; i < text.length; i += 1) {
        const c = text.charCodeAt(i);
        if (c !== LF && c !== CR) continue;
        line(pending + text.slice(start, i));
        pending = '';
        if (c === CR) {
          if (i + 1 < text.length) {
            if (text.charCodeAt(i + 1) === LF) i += 1;
          } else skipLf = true;
        }
        start = i + 1;
      }
      pending += text.slice(start);
    },
    end() {
      const incomplete = inEvent || (pending !== '' && pending.charCodeAt(0) !== 58);
      return {
        events,
        lastEventId: idBuffer,
        ...(retry !== undefined ? { retry } : {}),
        undispatched,
        comments,
        incomplete,
      };
    },
  };
}

/** Parses a whole event stream (a recorded SSE response body). */
export function parseEventStream(text: string): SseReading {
  const parser = createEventStreamParser();
  parser.push(text);
  return parser.end();
}
