/**
 * What the Playground computes for a paste, in the Web Worker that holds the model: one message gets its full
 * classification and the cross-version comparison; a log (JSONL, a host's log, a HAR) is read by the model's
 * readTraffic and analysed as one session by createLogAnalyzer, exactly as `mcp-lab classify --jsonl` does, and
 * gets one compact row per line plus the session's summary and cross-line issues. All verdicts come from the model.
 */
import {
  DEFAULT_PROTOCOL,
  buildReplyMessage,
  classifyAcrossProtocols,
  classifyMessage,
  createLogAnalyzer,
  describeReply,
  describeSession,
  looksLikeHar,
  parseJsonText,
  readTraffic,
  type Classification,
  type CrossVersionClassification,
  type LogIssue,
  type LogIssueId,
  type Protocol,
  type ProtocolDetection,
  type Side,
  type TrafficFormat,
} from '#message-model';
import { replyKey } from '../lib/classification-render.ts';

/**
 * The model's words for every reply in a result, keyed by protocol and reply (replyKey), so the page can render the
 * result without loading the model itself (the Playground keeps the model in its worker).
 */
export interface ReplyTexts {
  text: Record<string, string>;
  wire: Record<string, unknown>;
}

function collectReplies(c: Classification, acc: ReplyTexts, noWire: Set<string>): void {
  const key = replyKey(c.reply, c.protocol);
  if (!(key in acc.text)) {
    acc.text[key] = describeReply(c.reply, c.protocol);
    acc.wire[key] = buildReplyMessage(c.reply, c.protocol);
  }
  // A notification method sent with an id owes a response, but no result the page could show would be right:
  // nothing in MCP answers notifications/… as a request, so the page shows no reply to copy.
  if (c.findings.some((f) => f.id === 'notification-method-with-id')) noWire.add(key);
  if (c.kind === 'batch') for (const item of c.items) collectReplies(item, acc, noWire);
}

/** The words for every reply of a classification and its cross-version comparison. */
function repliesFor(classification: Classification, cross: CrossVersionClassification): ReplyTexts {
  const replies: ReplyTexts = { text: {}, wire: {} };
  const noWire = new Set<string>();
  collectReplies(classification, replies, noWire);
  for (const c of Object.values(cross.byProtocol)) if (c) collectReplies(c, replies, noWire);
  for (const key of noWire) delete replies.wire[key];
  return replies;
}

/** One message, fully: its classification, the cross-version comparison and the words for every reply. */
export function describeMessage(
  text: string,
  protocol: Protocol,
): { classification: Classification; cross: CrossVersionClassification; replies: ReplyTexts } {
  const classification = classifyMessage(text, { protocol });
  const cross = classifyAcrossProtocols(text);
  return { classification, cross, replies: repliesFor(classification, cross) };
}

/**
 * The most lines a log is classified by in the browser. A short share link can inflate to millions of tiny lines
 * under the 4 MB text cap; classifying, posting and filtering one row each froze the tab for minutes. Past this many
 * non-blank lines the rest are counted, not classified (the command line classifies a whole log).
 */
const LOG_LINE_LIMIT = 20_000;

/** How to read the text. */
export type ReadMode = 'auto' | 'message' | 'log';
/** The protocol to read under: one the user chose, or `auto` (a log's handshake decides; a message gets the default). */
export type ProtocolChoice = Protocol | 'auto';

/** One line of a log, compactly. */
export interface LogRow {
  line: number;
  kind: Classification['kind'];
  method?: string;
  id?: string;
  /** The side that wrote the line, when the paste says (a host log's prefix, a HAR's request or response). */
  side?: Side;
  /** Where a HAR message came from ("entry 3, response event 1"). */
  origin?: string;
  reply: string;
  errors: number;
  warnings: number;
  findings: string[];
  /** Cross-line issues on this line. */
  issues: number;
}

/** The outcome of analysing a paste. */
export type Analysis =
  | {
      kind: 'message';
      classification: Classification;
      cross: CrossVersionClassification;
      replies: ReplyTexts;
      ms: number;
    }
  | {
      kind: 'log';
      format: TrafficFormat;
      rows: LogRow[];
      counts: Record<string, number>;
      withErrors: number;
      withWarnings: number;
      detection: ProtocolDetection;
      /** The session in one sentence (the model's describeSession, as the CLI prints it). */
      session: string;
      issues: LogIssue[];
      issueCounts: Partial<Record<LogIssueId, number>>;
      /** Lines whose host prefix was stripped, and sentences about what was left out. */
      stripped: number;
      notes: string[];
      ms: number;
      /** Non-blank lines left out after LOG_LINE_LIMIT were classified (0 when every line was). */
      skipped: number;
    }
  | { kind: 'bad-input'; message: string }
  | { kind: 'empty' };

/** True when the text is to be read as a log: a HAR, or several lines that are not one JSON value. */
function readsAsLog(text: string, mode: ReadMode): boolean {
  if (mode !== 'auto') return mode === 'log';
  if (looksLikeHar(text)) return true;
  const firstBreak = text.trim().indexOf('\n');
  if (firstBreak === -1) return false;
  return !parseJsonText(text).ok;
}

/** The last log analysed (the worker keeps it, so the page can ask for one line's full classification). */
let lastLog = new Map<number, { text: string; classification: Classification }>();

/** One line of the last log, fully: the classification the session gave it (with the method of the request a result answers). */
export function describeLine(
  line: number,
):
  { classification: Classification; cross: CrossVersionClassification; replies: ReplyTexts; text: string } | undefined {
  const entry = lastLog.get(line);
  if (!entry) return undefined;
  const cross = classifyAcrossProtocols(entry.text);
  return { ...entry, cross, replies: repliesFor(entry.classification, cross) };
}

/** Analyses a paste; `onProgress` is told how many lines are done (logs only). Never throws. */
export function analyse(
  text: string,
  mode: ReadMode,
  choice: ProtocolChoice,
  onProgress?: (done: number, total: number) => void,
): Analysis {
  if (text.trim() === '') return { kind: 'empty' };
  const started = performance.now();
  if (!readsAsLog(text, mode)) {
    const described = describeMessage(text, choice === 'auto' ? DEFAULT_PROTOCOL : choice);
    return { kind: 'message', ...described, ms: performance.now() - started };
  }
  const reading = readTraffic(text, LOG_LINE_LIMIT);
  if (reading.kind === 'bad-input') return reading;
  const analyzer = createLogAnalyzer(choice === 'auto' ? {} : { protocol: choice });
  const taken = reading.lines;
  const skipped = reading.leftOut;
  const byLine = new Map(taken.map((l) => [l.line, l]));
  const entries = [];
  for (const [i, l] of taken.entries()) {
    entries.push(...analyzer.push(l.line, l.text, false, l.from));
    if (onProgress && (i + 1) % 2000 === 0) onProgress(i + 1, taken.length);
  }
  const end = analyzer.finish();
  entries.push(...end.entries);
  const { analysis } = end;
  const issuesByLine = new Map<number, number>();
  for (const issue of analysis.issues) issuesByLine.set(issue.line, (issuesByLine.get(issue.line) ?? 0) + 1);
  const rows: LogRow[] = [];
  const counts: Record<string, number> = {};
  let withErrors = 0;
  let withWarnings = 0;
  lastLog = new Map();
  for (const { line, classification: c } of entries) {
    const source = byLine.get(line);
    lastLog.set(line, { text: source?.text ?? '', classification: c });
    const errors = c.findings.filter((f) => f.severity === 'error').length;
    const warnings = c.findings.filter((f) => f.severity === 'warning').length;
    if (errors > 0) withErrors += 1;
    if (warnings > 0) withWarnings += 1;
    counts[c.kind] = (counts[c.kind] ?? 0) + 1;
    const row: LogRow = {
      line,
      kind: c.kind,
      reply: describeReply(c.reply, c.protocol),
      errors,
      warnings,
      findings: c.findings.map((f) => f.id),
      issues: issuesByLine.get(line) ?? 0,
    };
    if (source?.from.side) row.side = source.from.side;
    if (source?.origin) row.origin = source.origin;
    if (c.kind === 'request' || c.kind === 'notification') row.method = c.method;
    if (
      (c.kind === 'request' || c.kind === 'result' || c.kind === 'error' || c.kind === 'invalid') &&
      c.id !== undefined
    )
      row.id = JSON.stringify(c.id);
    rows.push(row);
  }
  return {
    kind: 'log',
    format: reading.format,
    rows,
    counts,
    withErrors,
    withWarnings,
    detection: analysis.detection,
    session: describeSession(analysis),
    issues: analysis.issues,
    issueCounts: analysis.issueCounts,
    stripped: reading.stripped,
    notes: reading.notes,
    ms: performance.now() - started,
    skipped,
  };
}
