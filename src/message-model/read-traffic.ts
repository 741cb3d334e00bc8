/**
 * Reading the traffic people paste, as what it is: a JSONL log (one message per line, as MCP's stdio transport frames
 * them), a host's log whose lines carry a timestamp and "Message from client:" / "Message from server:" before the
 * message (the side is evidence for pairing), or a HAR file (browser developer tools, the Inspector) whose MCP
 * exchanges become the session's messages in order: each request, then what its response carried. The Playground
 * and `mcp-lab classify --jsonl` read through these functions and analyse through `createLogAnalyzer`, so both
 * give the same verdicts. Never throws.
 */
import { readHar } from './http-har.ts';
import { readJsonToken } from './json-tokens.ts';
import { createLogAnalyzer, type LineSource, type LogAnalysis, type LogAnalysisOptions, type LogEntry } from './log.ts';
import { isObject } from './log-session.ts';
import { parseEventStream } from './sse.ts';

/** The formats readTraffic recognises. */
export const TRAFFIC_FORMATS = ['jsonl', 'host-log', 'har'] as const;
export type TrafficFormat = (typeof TRAFFIC_FORMATS)[number];

/** One message of the traffic, with what the paste said about it. */
export interface TrafficLine {
  /** The 1-based line of the paste (for a HAR: the message's place in the session, 1-based). */
  line: number;
  /** The message's JSON text. */
  text: string;
  /** The side that wrote it and the request whose response stream carried it, when the paste says. */
  from: LineSource;
  /** The host text stripped before (and after) the message, when there was any. */
  stripped?: string;
  /** Where a HAR message came from: "entry 3, request" or "entry 3, response event 2". */
  origin?: string;
}

/** What readTraffic found. */
export type TrafficReading =
  | {
      kind: 'traffic';
      format: TrafficFormat;
      lines: TrafficLine[];
      /** How many lines carried a host prefix that was stripped. */
      stripped: number;
      /** Non-blank lines past `maxLines`, counted and not read. */
      leftOut: number;
      /** Sentences about what was left out: host lines with no message, HAR entries skipped. */
      notes: string[];
    }
  | { kind: 'bad-input'; message: string };

/** A timestamp at the start of a host log line: ISO 8601 (`2025-06-18T10:00:00.000Z`) or `2025-06-18 10:00:00`. */
const TIMESTAMP = /^\s*\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?\]?\s/;
const MARKER = /Message from (client|server):\s?/;

/**
 * One line of a host log: the message after "Message from client:" / "Message from server:", the side, and the host
 * text stripped (the timestamp and server name before, and anything after the JSON value, such as Claude Desktop's
 * `{ metadata: undefined }`). `undefined` when the line has no such marker; `{ kind: 'host' }` for a line that starts
 * with a timestamp but carries no message (the host's own log lines).
 */
export function readHostLogLine(
  raw: string,
): { kind: 'message'; text: string; side: 'client' | 'server'; stripped: string } | { kind: 'host' } | undefined {
  const m = MARKER.exec(raw);
  if (!m) return TIMESTAMP.test(raw) ? { kind: 'host' } : undefined;
  const start = m.index + m[0].length;
  const end = jsonValueEnd(raw, start);
  const text = raw.slice(start, end).trim();
  const after = raw.slice(end).trim();
  const before = raw.slice(0, start).trim();
  return {
    kind: 'message',
    text,
    side: m[1] === 'client' ? 'client' : 'server',
    stripped: after === '' ? before : `${before} … ${after}`,
  };
}

/** Where the JSON value starting at `start` ends (the whole rest of the text when it does not close). */
function jsonValueEnd(text: string, start: number): number {
  let depth = 0;
  for (let t = readJsonToken(text, start); t; t = readJsonToken(text, t.end)) {
    if (t.kind === '{' || t.kind === '[') depth += 1;
    else if (t.kind === '}' || t.kind === ']') depth -= 1;
    if (depth <= 0) return t.end;
  }
  return text.length;
}

/**
 * Reads a paste: a HAR document, a host log, or JSONL. At most `maxLines` messages are read (default: all); the
 * non-blank lines after them are counted in `leftOut`.
 */
export function readTraffic(text: string, maxLines = Number.POSITIVE_INFINITY): TrafficReading {
  if (typeof text !== 'string') return { kind: 'bad-input', message: 'Traffic is text.' };
  if (looksLikeHar(text)) {
    const har = readHarTraffic(text);
    if (har.kind === 'bad-input' || har.lines.length <= maxLines) return har;
    return { ...har, lines: har.lines.slice(0, maxLines), leftOut: har.lines.length - maxLines };
  }
  const lines: TrafficLine[] = [];
  let stripped = 0;
  let host = 0;
  let leftOut = 0;
  let at = 0;
  for (let n = 1; at <= text.length; n += 1) {
    const nl = text.indexOf('\n', at);
    const stop = nl === -1 ? text.length : nl;
    if (lines.length >= maxLines) {
      if (text.slice(at, stop).trim() !== '') leftOut += 1;
      at = stop + 1;
      continue;
    }
    const raw = text.slice(at, stop).replace(/\r$/, '');
    at = stop + 1;
    if (raw.trim() === '') continue;
    const read = readHostLogLine(raw);
    if (read?.kind === 'host') host += 1;
    else if (read?.kind === 'message') {
      stripped += 1;
      lines.push({ line: n, text: read.text, from: { side: read.side }, stripped: read.stripped });
    } else lines.push({ line: n, text: raw, from: {} });
  }
  const notes: string[] = [];
  if (host > 0)
    notes.push(
      `${host} host line${host === 1 ? '' : 's'} with a timestamp and no "Message from client:" or "Message from server:" carried no message and ${host === 1 ? 'was' : 'were'} left out.`,
    );
  return { kind: 'traffic', format: stripped > 0 || host > 0 ? 'host-log' : 'jsonl', lines, stripped, leftOut, notes };
}

/** True when a text is a HAR document: one JSON object whose first member is `log` (a JSONL log starts with a message). */
export function looksLikeHar(text: string): boolean {
  const head = text.trimStart();
  if (!head.startsWith('{')) return false;
  const first = readJsonToken(head, 1);
  if (!first || first.kind !== 'name') return false;
  return head.slice(first.start, first.end) === '"log"';
}

/** The MCP messages of a HAR file, in order: each request, then the messages its response carried. */
function readHarTraffic(text: string): TrafficReading {
  const har = readHar(text);
  if (har.kind === 'bad-input') return har;
  const lines: TrafficLine[] = [];
  const push = (t: string, from: LineSource, origin: string) => {
    if (t.trim() !== '') lines.push({ line: lines.length + 1, text: t, from, origin });
  };
  for (const { index, exchange } of har.exchanges) {
    const body = exchange.request.body ?? '';
    push(body, { side: 'client' }, `entry ${index}, ${exchange.request.method} request`);
    const id = requestId(body);
    const from: LineSource = id === undefined ? { side: 'server' } : { side: 'server', stream: id };
    const response = exchange.response.body ?? '';
    if (contentType(exchange.response.headers) === 'text/event-stream') {
      parseEventStream(response).events.forEach((event, i) =>
        push(event.data, from, `entry ${index}, response event ${i + 1}`),
      );
    } else push(response, from, `entry ${index}, response`);
  }
  return {
    kind: 'traffic',
    format: 'har',
    lines,
    stripped: 0,
    leftOut: 0,
    notes: har.skipped.map((s) => `Skipped ${s}.`),
  };
}

function contentType(headers: unknown): string {
  const pairs: Array<[string, string]> = Array.isArray(headers)
    ? headers.flatMap((h: unknown) =>
        isObject(h) && typeof h.name === 'string' && typeof h.value === 'string'
          ? [[h.name, h.value] as [string, string]]
          : [],
      )
    : isObject(headers)
      ? Object.entries(headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : []))
      : [];
  const value = pairs.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  return value.split(';')[0]!.trim().toLowerCase();
}

/** The id of a request body (one JSON-RPC request), used to tie its response stream to it. */
function requestId(body: string): string | number | undefined {
  try {
    const v: unknown = JSON.parse(body);
    if (isObject(v) && typeof v.method === 'string' && (typeof v.id === 'string' || typeof v.id === 'number'))
      return v.id;
  } catch {
    // Not one request: its response stream belongs to no single id.
  }
  return undefined;
}

/** A paste analysed as a session: how it was read, and the analysis of its messages. */
export type TrafficAnalysis =
  | (LogAnalysis & {
      format: TrafficFormat;
      lines: TrafficLine[];
      stripped: number;
      notes: string[];
    })
  | { kind: 'bad-input'; message: string };

/** Reads a paste (readTraffic) and analyses its messages as one session (createLogAnalyzer). */
export function analyzeTraffic(text: string, options: LogAnalysisOptions = {}): TrafficAnalysis {
  const reading = readTraffic(text);
  if (reading.kind === 'bad-input') return reading;
  const analyzer = createLogAnalyzer(options);
  const entries: LogEntry[] = [];
  for (const l of reading.lines) entries.push(...analyzer.push(l.line, l.text, false, l.from));
  const end = analyzer.finish();
  return {
    ...end.analysis,
    entries: [...entries, ...end.entries],
    format: reading.format,
    lines: reading.lines,
    stripped: reading.stripped,
    notes: reading.notes,
  };
}
