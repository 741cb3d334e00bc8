/**
 * A captured session is more than lines: the protocol it speaks, which response answers which request, and the
 * rules that span messages (an id reused while in flight, a reply to a notification, progress for a finished request,
 * a log message nobody asked for). `analyzeLog` and the streaming `createLogAnalyzer` say all of that, each finding
 * with the line it is about, the line it relates to, and the spec sentence it rests on. Never throws.
 */
import { classifyMessage, type Classification, type ClassifyOptions, type MessageId } from './classify.ts';
import { classifyNotUtf8 } from './encoding.ts';
import { type Severity } from './findings.ts';
import { methodRef } from './methods.ts';
import {
  DEFAULT_PROTOCOL,
  isMcpVersion,
  isProtocol,
  jsonRpcRef,
  mcpRef,
  MCP_VERSIONS,
  type Protocol,
  type SpecRef,
} from './protocols.ts';
import { LOGGING_LEVELS } from './schemas.ts';

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

/** The problems a session can have that no single message shows, by stable id. */
export const LOG_ISSUE_IDS = [
  'request-unanswered',
  'response-without-request',
  'duplicate-id-in-flight',
  'id-reused-in-session',
  'notification-answered',
  'response-does-not-fit-request',
  'progress-token-unknown',
  'progress-after-response',
  'progress-not-increasing',
  'log-message-not-requested',
  'log-message-below-level',
  'subscription-notification-before-ack',
] as const;
export type LogIssueId = (typeof LOG_ISSUE_IDS)[number];

/** One problem in a session. */
export interface LogIssue {
  id: LogIssueId;
  severity: Severity;
  /** The line the problem is on. */
  line: number;
  /** The other line involved (the request a response answers, the earlier use of an id, …), when there is one. */
  related?: number;
  /** What is wrong, in a sentence. */
  message: string;
  spec: SpecRef;
}

/** How the protocol was chosen: given by the caller, read from a line of the log, or the default. */
export interface ProtocolDetection {
  protocol: Protocol;
  source: 'given' | 'detected' | 'default';
  /** The line that decided it (source `detected`, and `default` when a line named a version the model lacks). */
  line?: number;
  /** One sentence saying why. */
  evidence: string;
}

/** A request and what answered it. */
export interface LogExchange {
  id: MessageId;
  method: string;
  requestLine: number;
  /** The line of the response; absent while (or when) unanswered. */
  responseLine?: number;
  outcome: 'result' | 'error' | 'unanswered';
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
  /** Totals: messages, requests answered and unanswered. */
  counts: { messages: number; requests: number; answered: number; unanswered: number };
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
   */
  push(line: number, text: string, notUtf8?: boolean): LogEntry[];
  /** True while lines are held back because no line has decided the version yet. */
  holding(): boolean;
  /** Ends the log: the entries still held back, and the analysis without its entries. */
  finish(): { entries: LogEntry[]; analysis: Omit<LogAnalysis, 'entries'> };
}

/** At most this many issues and exchanges are kept in an analysis (all are counted). */
export const LOG_MAX_ISSUES = 1_000;
export const LOG_MAX_EXCHANGES = 10_000;

/** Creates a streaming analyzer. */
export function createLogAnalyzer(options: LogAnalysisOptions = {}): LogAnalyzer {
  return new Analyzer(options);
}

// ---------------------------------------------------------------------------------------------------------------

/** Methods a server sends to a client before 2026-07-28: their ids are the server's, apart from the client's. */
const SERVER_REQUESTS: ReadonlySet<string> = new Set(['sampling/createMessage', 'elicitation/create', 'roots/list']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const idKey = (id: unknown) => `${typeof id}:${JSON.stringify(id)}`;

interface Pending {
  id: MessageId;
  method: string;
  line: number;
  exchange?: LogExchange;
  progressToken?: unknown;
  logLevel?: string;
}

class Analyzer implements LogAnalyzer {
  private readonly options: LogAnalysisOptions;
  private detection: ProtocolDetection | undefined;
  private protocol: Protocol = DEFAULT_PROTOCOL;
  private readonly held: Array<{ line: number; text: string; value: unknown; notUtf8: boolean }> = [];
  /** An initialize request whose answer may still name the negotiated version. */
  private initialize: { line: number; id: unknown; asked: string } | undefined;

  private readonly inFlight = new Map<string, Pending[]>();
  private readonly usedIds = new Map<string, number>();
  /** Lines owed an error whose id could not be read (parse errors, invalid messages without a readable id). */
  private readonly unreadable: number[] = [];
  private lastNotification: { line: number; method: string } | undefined;
  private readonly tokens = new Map<string, { request: number; done: boolean; last?: number }>();
  private readonly subscriptions = new Map<string, { line: number; acknowledged: boolean }>();

  private readonly exchanges: LogExchange[] = [];
  private readonly issues: LogIssue[] = [];
  private readonly issueCounts: Partial<Record<LogIssueId, number>> = {};
  private readonly counts = { messages: 0, requests: 0, answered: 0, unanswered: 0 };

  constructor(options: LogAnalysisOptions) {
    this.options = options;
    if (isProtocol(options.protocol)) {
      this.protocol = options.protocol;
      this.detection = {
        protocol: options.protocol,
        source: 'given',
        evidence: `The protocol ${options.protocol} was given.`,
      };
    }
  }

  push(line: number, text: string, notUtf8 = false): LogEntry[] {
    // Text that was not UTF-8 is unreadable: it neither decides the version nor pairs with anything.
    const value = notUtf8 === true ? undefined : parseQuietly(text);
    if (this.detection) return [this.take(line, text, value, notUtf8 === true)];
    this.held.push({ line, text, value, notUtf8: notUtf8 === true });
    this.look(line, value);
    const limit =
      typeof this.options.holdLines === 'number' && this.options.holdLines > 0 ? this.options.holdLines : 1000;
    if (!this.detection && this.held.length >= limit) this.fallBack();
    return this.detection ? this.release() : [];
  }

  holding(): boolean {
    return this.held.length > 0;
  }

  finish(): { entries: LogEntry[]; analysis: Omit<LogAnalysis, 'entries'> } {
    if (!this.detection) {
      if (this.initialize)
        this.decide(
          this.initialize.asked,
          this.initialize.line,
          'the initialize request asks for it and no answer names another',
        );
      else this.fallBack();
    }
    const entries = this.release();
    for (const queue of this.inFlight.values()) {
      for (const p of queue) {
        this.counts.unanswered += 1;
        this.report(
          'request-unanswered',
          'warning',
          p.line,
          undefined,
          `The ${p.method} request with id ${JSON.stringify(p.id)} got no response in the log: a request is owed exactly one (unless the log ends early).`,
          jsonRpcRef('5'),
        );
      }
    }
    for (const line of this.unreadable) {
      this.report(
        'request-unanswered',
        'warning',
        line,
        undefined,
        'This line is owed an error whose id could not be read (a parse error or an invalid request), and no such error follows in the log.',
        jsonRpcRef('5'),
      );
    }
    this.issues.sort((a, b) => a.line - b.line || (a.related ?? 0) - (b.related ?? 0));
    return {
      entries,
      analysis: {
        kind: 'log-analysis',
        protocol: this.protocol,
        detection: this.detection!,
        exchanges: this.exchanges,
        issues: this.issues,
        issueCounts: this.issueCounts,
        counts: this.counts,
      },
    };
  }

  // --- detection ------------------------------------------------------------------------------------------------

  /** Looks at a held line for a version; decides when the line settles it. */
  private look(line: number, v: unknown): void {
    if (!isObject(v)) return;
    const params = isObject(v.params) ? v.params : undefined;
    const meta = params && isObject(params._meta) ? params._meta : undefined;
    const envelope = meta?.['io.modelcontextprotocol/protocolVersion'];
    if (typeof v.method === 'string' && 'id' in v) {
      if (typeof envelope === 'string')
        return this.decide(
          envelope,
          line,
          "the request's _meta envelope names io.modelcontextprotocol/protocolVersion",
        );
      if (v.method === 'server/discover')
        return this.decide('2026-07-28', line, 'server/discover exists only from 2026-07-28 on');
      if (v.method === 'initialize' && typeof params?.protocolVersion === 'string' && !this.initialize)
        this.initialize = { line, id: v.id, asked: params.protocolVersion };
      return;
    }
    // The answer to initialize names the version the server chose, which wins over the one the client asked for.
    if (this.initialize && ('result' in v || 'error' in v) && idKey(v.id) === idKey(this.initialize.id)) {
      const chosen = isObject(v.result) ? v.result.protocolVersion : undefined;
      if (typeof chosen === 'string') return this.decide(chosen, line, 'the server answered initialize with it');
      return this.decide(this.initialize.asked, this.initialize.line, 'the initialize request asks for it');
    }
  }

  private decide(version: string, line: number, why: string): void {
    if (isProtocol(version) && isMcpVersion(version)) {
      this.protocol = version;
      this.detection = { protocol: version, source: 'detected', line, evidence: `Line ${line}: ${why} (${version}).` };
    } else {
      this.protocol = DEFAULT_PROTOCOL;
      this.detection = {
        protocol: DEFAULT_PROTOCOL,
        source: 'default',
        line,
        evidence: `Line ${line} names ${JSON.stringify(version)} (${why}), a version the model does not cover (${MCP_VERSIONS.join(', ')}); classified under ${DEFAULT_PROTOCOL}.`,
      };
    }
  }

  private fallBack(): void {
    this.protocol = DEFAULT_PROTOCOL;
    this.detection = {
      protocol: DEFAULT_PROTOCOL,
      source: 'default',
      evidence: `No line names a version (no initialize, server/discover or _meta envelope); classified under ${DEFAULT_PROTOCOL}.`,
    };
  }

  private release(): LogEntry[] {
    const out = this.held.map((h) => this.take(h.line, h.text, h.value, h.notUtf8));
    this.held.length = 0;
    return out;
  }

  // --- one line, under the decided protocol -----------------------------------------------------------------------

  private take(line: number, text: string, value: unknown, notUtf8: boolean): LogEntry {
    this.counts.messages += 1;
    if (notUtf8) {
      const c = classifyNotUtf8({ protocol: this.protocol });
      this.owe(line, undefined, c);
      return { line, classification: c };
    }
    const response = isObject(value) && !('method' in value) && ('result' in value || 'error' in value);
    const pending = response ? this.find(value.id) : undefined;
    const options: ClassifyOptions = { protocol: this.protocol };
    if (typeof this.options.maxDepth === 'number') options.maxDepth = this.options.maxDepth;
    if (pending && isObject(value) && 'result' in value) options.method = pending.method;
    const c = classifyMessage(text, options);
    if (response && isObject(value)) this.answer(line, value, c, pending);
    else this.owe(line, value, c);
    return { line, classification: c };
  }

  /** The request a response with this id answers: the client's first, then the server's. */
  private find(id: unknown): Pending | undefined {
    if (id === null || id === undefined) return undefined;
    return this.inFlight.get(`client|${idKey(id)}`)?.[0] ?? this.inFlight.get(`server|${idKey(id)}`)?.[0];
  }

  /** A message that may be owed a reply, or a notification with cross-line rules. */
  private owe(line: number, value: unknown, c: Classification): void {
    if (c.kind === 'notification') {
      this.lastNotification = { line, method: c.method };
      this.notification(line, value, c.method);
      return;
    }
    const reply = c.reply;
    if (reply.send === 'error' && reply.id === null) {
      this.unreadable.push(line);
      return;
    }
    if (!(reply.send === 'response' || reply.send === 'error')) return;
    const method =
      c.kind === 'request'
        ? c.method
        : isObject(value) && typeof value.method === 'string'
          ? value.method
          : '(invalid)';
    const side = SERVER_REQUESTS.has(method) ? 'server' : 'client';
    const key = `${side}|${idKey(reply.id)}`;
    this.counts.requests += 1;
    const ref = isMcpVersion(this.protocol) ? mcpRef(this.protocol, 'basic/index', 'Requests') : jsonRpcRef('4');
    const queue = this.inFlight.get(key);
    if (queue && queue.length > 0) {
      this.report(
        'duplicate-id-in-flight',
        'error',
        line,
        queue[0]!.line,
        `Id ${JSON.stringify(reply.id)} is still awaiting a response to line ${queue[0]!.line}: a response cannot say which of the two requests it answers.`,
        ref,
      );
    } else if (this.protocol === '2025-06-18' || this.protocol === '2025-11-25') {
      const earlier = this.usedIds.get(key);
      if (earlier !== undefined) {
        this.report(
          'id-reused-in-session',
          'error',
          line,
          earlier,
          `Id ${JSON.stringify(reply.id)} was already used on line ${earlier}: in ${this.protocol} a request id MUST NOT have been used before by the requestor within the same session.`,
          ref,
        );
      }
    }
    this.usedIds.set(key, line);
    const exchange: LogExchange = { id: reply.id, method, requestLine: line, outcome: 'unanswered' };
    if (this.exchanges.length < LOG_MAX_EXCHANGES) this.exchanges.push(exchange);
    const p: Pending = { id: reply.id, method, line, exchange };
    const meta =
      isObject(value) && isObject(value.params) && isObject(value.params._meta) ? value.params._meta : undefined;
    if (meta && meta.progressToken !== undefined) {
      p.progressToken = meta.progressToken;
      this.tokens.set(idKey(meta.progressToken), { request: line, done: false });
    }
    const level = meta?.['io.modelcontextprotocol/logLevel'];
    if (typeof level === 'string') p.logLevel = level;
    if (c.kind === 'request' && c.method === 'subscriptions/listen')
      this.subscriptions.set(idKey(reply.id), { line, acknowledged: false });
    if (queue) queue.push(p);
    else this.inFlight.set(key, [p]);
  }

  /** A response: which request it answers, and whether its shape fits that request's method. */
  private answer(line: number, value: Record<string, unknown>, c: Classification, pending: Pending | undefined): void {
    const id = value.id;
    if (pending) {
      const side = SERVER_REQUESTS.has(pending.method) ? 'server' : 'client';
      const key = `${side}|${idKey(id)}`;
      const queue = this.inFlight.get(key)!;
      queue.shift();
      if (queue.length === 0) this.inFlight.delete(key);
      this.counts.answered += 1;
      if (pending.exchange) {
        pending.exchange.responseLine = line;
        pending.exchange.outcome = 'result' in value ? 'result' : 'error';
      }
      if (pending.progressToken !== undefined) {
        const t = this.tokens.get(idKey(pending.progressToken));
        if (t) t.done = true;
      }
      const misfit = c.findings.find((f) => f.severity === 'error' && RESULT_TYPE_FINDINGS.has(f.id));
      if ('result' in value && misfit) {
        this.report(
          'response-does-not-fit-request',
          'error',
          line,
          pending.line,
          `This result answers the ${pending.method} request on line ${pending.line}, and does not fit ${pending.method}'s result type: ${misfit.message}`,
          isMcpVersion(this.protocol) ? methodRef(this.protocol, pending.method) : jsonRpcRef('5'),
        );
      }
      return;
    }
    if (id === null || id === undefined) {
      if (this.unreadable.length > 0) {
        this.unreadable.shift();
        return;
      }
      if (this.lastNotification) {
        this.report(
          'notification-answered',
          'error',
          line,
          this.lastNotification.line,
          `A response without a readable id follows the ${this.lastNotification.method} notification on line ${this.lastNotification.line}, and nothing else is owed one: the receiver of a notification MUST NOT send a response, not even an error.`,
          isMcpVersion(this.protocol) ? mcpRef(this.protocol, 'basic/index', 'Notifications') : jsonRpcRef('4.1'),
        );
        return;
      }
    }
    this.report(
      'response-without-request',
      'warning',
      line,
      undefined,
      `No request with id ${JSON.stringify(id)} is awaiting a response earlier in the log: a response carries the id of the request it answers (or the log starts mid-session).`,
      jsonRpcRef('5'),
    );
  }

  /** Progress, logging and subscription notifications, checked against the requests in flight. */
  private notification(line: number, value: unknown, method: string): void {
    const params = isObject(value) && isObject(value.params) ? value.params : undefined;
    if (!params || !isMcpVersion(this.protocol)) return;
    const version = this.protocol;
    const meta = isObject(params._meta) ? params._meta : undefined;
    const subscription = meta?.['io.modelcontextprotocol/subscriptionId'];
    if (version === '2026-07-28' && subscription !== undefined) {
      const s = this.subscriptions.get(idKey(subscription));
      if (s && method === 'notifications/subscriptions/acknowledged') s.acknowledged = true;
      else if (s && !s.acknowledged) {
        this.report(
          'subscription-notification-before-ack',
          'error',
          line,
          s.line,
          `This ${method} is delivered on the subscription opened on line ${s.line} before notifications/subscriptions/acknowledged: the server MUST NOT send any notification on a subscription before its acknowledgment.`,
          mcpRef('2026-07-28', 'basic/patterns/subscriptions', 'Acknowledgment'),
        );
      }
    }
    if (method === 'notifications/progress' && params.progressToken !== undefined) {
      const ref = mcpRef(
        version,
        version === '2026-07-28' ? 'basic/patterns/progress' : 'basic/utilities/progress',
        'Behavior Requirements',
      );
      const t = this.tokens.get(idKey(params.progressToken));
      if (!t) {
        this.report(
          'progress-token-unknown',
          'error',
          line,
          undefined,
          `Progress for token ${JSON.stringify(params.progressToken)}, which no request in the log provided: progress notifications MUST only reference tokens provided in an active request.`,
          ref,
        );
      } else if (t.done) {
        this.report(
          'progress-after-response',
          'error',
          line,
          t.request,
          `Progress for the request on line ${t.request} after its response: progress notifications MUST stop after completion.`,
          ref,
        );
      } else if (typeof params.progress === 'number') {
        if (t.last !== undefined && !(params.progress > t.last)) {
          this.report(
            'progress-not-increasing',
            'error',
            line,
            t.request,
            `Progress ${params.progress} after ${t.last} for the request on line ${t.request}: the progress value MUST increase with each notification.`,
            mcpRef(
              version,
              version === '2026-07-28' ? 'basic/patterns/progress' : 'basic/utilities/progress',
              'Progress Flow',
            ),
          );
        }
        t.last = params.progress;
      }
    }
    if (method === 'notifications/message' && version === '2026-07-28') {
      const ref = mcpRef('2026-07-28', 'server/utilities/logging', 'Per-request log level');
      const open = [...this.inFlight.values()].flat().filter((p) => p.logLevel !== undefined);
      if (open.length === 0) {
        this.report(
          'log-message-not-requested',
          'error',
          line,
          undefined,
          'A log message while no request in flight asked for one: the server MUST NOT emit notifications/message for a request that does not include io.modelcontextprotocol/logLevel in its _meta.',
          ref,
        );
      } else if (typeof params.level === 'string') {
        const rank = (l: string) => (LOGGING_LEVELS as readonly string[]).indexOf(l);
        const level = rank(params.level);
        if (level >= 0 && open.every((p) => rank(p.logLevel!) > level)) {
          this.report(
            'log-message-below-level',
            'warning',
            line,
            open[0]!.line,
            `A "${params.level}" message, below the level the requests in flight asked for ("${open.map((p) => p.logLevel).join('", "')}"): the server may send messages at or above the requested level.`,
            ref,
          );
        }
      }
    }
  }

  private report(
    id: LogIssueId,
    severity: Severity,
    line: number,
    related: number | undefined,
    message: string,
    spec: SpecRef,
  ): void {
    this.issueCounts[id] = (this.issueCounts[id] ?? 0) + 1;
    if (this.issues.length >= LOG_MAX_ISSUES) return;
    const issue: LogIssue = { id, severity, line, message, spec };
    if (related !== undefined) issue.related = related;
    this.issues.push(issue);
  }
}

/** Findings that say a result does not fit the type of the method it answers. */
const RESULT_TYPE_FINDINGS: ReadonlySet<string> = new Set([
  'result-invalid',
  'tool-result-invalid',
  'structured-content-not-object',
  'capabilities-invalid',
  'implementation-invalid',
  'input-required-empty',
  'input-required-request-invalid',
]);

function parseQuietly(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
