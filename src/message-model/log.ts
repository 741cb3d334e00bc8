/**
 * A captured session is more than lines: the protocol it speaks, which response answers which request, and the
 * rules that span messages (an id reused while in flight, a reply to a notification, progress for a finished request,
 * a log message nobody asked for). `analyzeLog` and the streaming `createLogAnalyzer` say all of that, each finding
 * with the line it is about, the line it relates to, and the spec sentence it rests on. Never throws.
 */
import { classifyMessage, type Classification, type ClassifyOptions, type MessageId } from './classify.ts';
import { classifyNotUtf8 } from './encoding.ts';
import { cancel, candidates, choose, receiveResponse, sendRequest } from './log-pairing.ts';
import {
  idKey,
  isObject,
  Session,
  type LogExchange,
  type LogIssue,
  type LogIssueId,
  type ProtocolDetection,
  type Side,
} from './log-session.ts';
import { checkNotification, openSubscription } from './log-streams.ts';
import { summarize } from './log-summary.ts';
import { VersionDetector } from './log-version.ts';
import type { Protocol } from './protocols.ts';

export { describeSession } from './log-summary.ts';
export type { LogExchange, LogIssue, LogIssueId, ProtocolDetection, Side } from './log-session.ts';

/** One line of a JSONL log (a captured stdio session) and its classification. */
export interface LogEntry {
  /** The 1-based line number in the log. */
  line: number;
  classification: Classification;
}

/**
 * Classifies a newline-delimited log, one message per line, as MCP's stdio transport frames them (messages are
 * delimited by newlines and MUST NOT contain embedded newlines). Blank lines are skipped; a line that is not JSON
 * is a parse error, as a receiver would see it. Each line on its own: `analyzeLog` also pairs them.
 */
export function classifyLog(text: string, options: ClassifyOptions = {}): LogEntry[] {
  const entries: LogEntry[] = [];
  forEachLine(text, (line, raw) => entries.push({ line, classification: classifyMessage(raw, options) }));
  return entries;
}

function forEachLine(text: string, fn: (line: number, raw: string) => void): void {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const raw = lines[i]!.replace(/\r$/, '');
    if (raw.trim() !== '') fn(i + 1, raw);
  }
}

/** What a whole session comes to. */
export interface LogAnalysis {
  kind: 'log-analysis';
  protocol: Protocol;
  detection: ProtocolDetection;
  /** Each non-blank line, classified under `protocol` (a response with the method of the request it answers). */
  entries: LogEntry[];
  /** Requests in the order they were sent, with their answers (at most LOG_MAX_EXCHANGES are kept). */
  exchanges: LogExchange[];
  /** Problems across lines, in line order (at most LOG_MAX_ISSUES are kept; `issueCounts` counts them all). */
  issues: LogIssue[];
  issueCounts: Partial<Record<LogIssueId, number>>;
  /**
   * Totals: messages; requests, answered, unanswered, cancelled before an answer, and subscriptions/listen streams
   * still open at the end (neither of the last two is owed a response).
   */
  counts: { messages: number; requests: number; answered: number; unanswered: number; cancelled: number; open: number };
}

/** Options for analyzeLog and createLogAnalyzer. */
export interface LogAnalysisOptions {
  /** The protocol to classify against; when absent it is detected from the log (DEFAULT_PROTOCOL failing that). */
  protocol?: Protocol;
  /** How deep the classifier looks into a value (see ClassifyOptions). */
  maxDepth?: number;
  /** How many lines the streaming analyzer holds back while it looks for the version (default 1,000). */
  holdLines?: number;
}

/** Analyses a whole log at once: detection, classification, pairing and the cross-line checks. */
export function analyzeLog(text: string, options: LogAnalysisOptions = {}): LogAnalysis {
  const analyzer = createLogAnalyzer(options);
  const entries: LogEntry[] = [];
  try {
    forEachLine(String(text), (line, raw) => entries.push(...analyzer.push(line, raw)));
  } catch {
    // A line the analyzer cannot take (it does not throw on any input; this is the last line of defence) ends
    // the walk; what was read so far is still reported.
  }
  const end = analyzer.finish();
  return { ...end.analysis, entries: [...entries, ...end.entries] };
}

/** A log read line by line (the CLI streams logs of any size through one). */
export interface LogAnalyzer {
  /**
   * Takes one non-blank line (its 1-based number and text without the newline); returns the entries ready to report:
   * none while the version is still being looked for, then the held lines at once. `notUtf8` marks a line whose
   * bytes were not UTF-8 (its text is what a lenient decoder made of them): it is classified by classifyNotUtf8.
   * `from` is what the log says about where the line came from (see LineSource).
   */
  push(line: number, text: string, notUtf8?: boolean, from?: LineSource): LogEntry[];
  /** True while lines are held back because no line has decided the version yet. */
  holding(): boolean;
  /** Ends the log: the entries still held back, and the analysis without its entries. */
  finish(): { entries: LogEntry[]; analysis: Omit<LogAnalysis, 'entries'> };
}

/**
 * Where a line came from, when the log says: the side that wrote it (a host log's "Message from client:", a HAR's
 * request or response), and the request whose HTTP response stream carried it.
 */
export interface LineSource {
  side?: Side;
  stream?: MessageId;
}

/** Creates a streaming analyzer. */
export function createLogAnalyzer(options: LogAnalysisOptions = {}): LogAnalyzer {
  return new Analyzer(options);
}

// ---------------------------------------------------------------------------------------------------------------

interface Held {
  line: number;
  text: string;
  value: unknown;
  notUtf8: boolean;
  from: LineSource;
}

/**
 * Reads lines in order: holds them back until the version is decided (log-version.ts), then classifies each under
 * the session's protocol and hands it to pairing (log-pairing.ts) or the notification rules (log-streams.ts).
 */
class Analyzer implements LogAnalyzer {
  private readonly options: LogAnalysisOptions;
  private readonly version: VersionDetector;
  private readonly session = new Session();
  private readonly held: Held[] = [];

  constructor(options: LogAnalysisOptions) {
    this.options = options;
    this.version = new VersionDetector(options.protocol);
  }

  push(line: number, text: string, notUtf8 = false, from: LineSource = {}): LogEntry[] {
    // Text that was not UTF-8 is unreadable: it neither decides the version nor pairs with anything.
    const held: Held = { line, text, value: notUtf8 === true ? undefined : parseQuietly(text), notUtf8, from };
    if (this.version.detection) return [this.take(held)];
    this.held.push(held);
    this.version.look(line, held.value);
    const limit =
      typeof this.options.holdLines === 'number' && this.options.holdLines > 0 ? this.options.holdLines : 1000;
    if (!this.version.detection && this.held.length >= limit) this.version.fallBack();
    return this.version.detection ? this.release() : [];
  }

  holding(): boolean {
    return this.held.length > 0;
  }

  finish(): { entries: LogEntry[]; analysis: Omit<LogAnalysis, 'entries'> } {
    this.version.settle();
    const entries = this.release();
    return { entries, analysis: summarize(this.session, this.version.detection!) };
  }

  private release(): LogEntry[] {
    const out = this.held.map((h) => this.take(h));
    this.held.length = 0;
    return out;
  }

  /** One line, under the session's protocol (which a fallback to initialize may switch on this very line). */
  private take({ line, text, value, notUtf8, from }: Held): LogEntry {
    const s = this.session;
    if (this.version.follow(line, value)) {
      // A legacy session starts afresh at its initialize: ids used by the modern probe are not reused in it.
      s.usedIds.clear();
    }
    s.protocol = this.version.protocol;
    s.counts.messages += 1;
    if (notUtf8) {
      const c = classifyNotUtf8({ protocol: s.protocol });
      sendRequest(s, line, undefined, c, from.side);
      return { line, classification: c };
    }
    const options: ClassifyOptions = { protocol: s.protocol };
    if (typeof this.options.maxDepth === 'number') options.maxDepth = this.options.maxDepth;
    const response = isObject(value) && !('method' in value) && ('result' in value || 'error' in value);
    if (response) {
      const found = candidates(s, value.id, from.side);
      const isResult = 'result' in value;
      const options_ = found.map((pending) => ({
        pending,
        c: classifyMessage(text, isResult ? { ...options, method: pending.method } : options),
      }));
      const chosen = options_.length > 0 ? choose(s, line, options_) : undefined;
      const c = chosen?.c ?? classifyMessage(text, options);
      receiveResponse(s, line, value, c, chosen?.pending, from.side);
      return { line, classification: c };
    }
    const c = classifyMessage(text, options);
    if (c.kind === 'notification') {
      s.lastNotification = { line, method: c.method };
      this.notification(line, value, c.method, from);
    } else {
      sendRequest(s, line, value, c, from.side);
      if (c.kind === 'request' && c.method === 'subscriptions/listen' && s.protocol === '2026-07-28')
        openSubscription(s, line, c.id, isObject(value) ? value.params : undefined);
    }
    return { line, classification: c };
  }

  private notification(line: number, value: unknown, method: string, from: LineSource): void {
    const s = this.session;
    const params = isObject(value) && isObject(value.params) ? value.params : undefined;
    if (method === 'notifications/cancelled' && params && 'requestId' in params) {
      const p = cancel(s, params.requestId, from.side);
      if (p?.method === 'subscriptions/listen') {
        const sub = s.subscriptions.get(idKey(p.id));
        if (sub) sub.closed = true;
      }
    }
    checkNotification(s, line, value, method, from.stream === undefined ? {} : { stream: from.stream });
  }
}

function parseQuietly(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
