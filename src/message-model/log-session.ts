/**
 * What the session-log analyser keeps while it reads a log, and the vocabulary of what it reports: the problems that
 * span lines (`LOG_ISSUE_IDS`), the requests and their answers (`LogExchange`) and how the protocol was chosen. The
 * parts of the analyser (log-version.ts, log-pairing.ts, log-streams.ts, log-summary.ts) share one `Session`.
 */
import type { MessageId } from './classify.ts';
import type { Severity } from './findings.ts';
import { DEFAULT_PROTOCOL, type Protocol, type SpecRef } from './protocols.ts';

/** The problems a session can have that no single message shows, by stable id. */
export const LOG_ISSUE_IDS = [
  'request-unanswered',
  'response-without-request',
  'duplicate-id-in-flight',
  'id-reused-in-session',
  'notification-answered',
  'response-does-not-fit-request',
  'response-pairing-ambiguous',
  'server-initiated-request',
  'retry-id-reused',
  'input-request-not-declared',
  'progress-token-unknown',
  'progress-after-response',
  'progress-not-increasing',
  'log-message-not-requested',
  'log-message-below-level',
  'subscription-notification-before-ack',
  'subscription-id-missing',
  'subscription-unknown',
  'subscription-notification-not-requested',
  'request-scoped-on-subscription',
] as const;
export type LogIssueId = (typeof LOG_ISSUE_IDS)[number];

/** Who wrote a line: the client (to the server's stdin, or an HTTP request) or the server. */
export type Side = 'client' | 'server';

/** One problem in a session. */
export interface LogIssue {
  id: LogIssueId;
  severity: Severity;
  /** The line the problem is on. */
  line: number;
  /** The other line involved (the request a response answers, the earlier use of an id, …), when there is one. */
  related?: number;
  /** The side that broke the rule, when the spec puts it on one side (absent for notes that blame nobody). */
  brokenBy?: Side;
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
  /**
   * When the client probed a modern server and fell back to `initialize` (the spec's dual-era fallback): the
   * protocol the lines before `line` were classified under.
   */
  before?: Protocol;
}

/** A request and what answered it. */
export interface LogExchange {
  id: MessageId;
  method: string;
  requestLine: number;
  /** Who sent the request. */
  side: Side;
  /** The line of the response; absent while (or when) unanswered. */
  responseLine?: number;
  /**
   * `cancelled`: a notifications/cancelled for it came before any response, so none is owed (a late one may still
   * have crossed it, see `responseLine`); `open`: a subscriptions/listen stream still open at the end of the log.
   */
  outcome: 'result' | 'error' | 'unanswered' | 'cancelled' | 'open';
}

/** At most this many issues and exchanges are kept in an analysis (all are counted). */
export const LOG_MAX_ISSUES = 1_000;
export const LOG_MAX_EXCHANGES = 10_000;

/** A request waiting for its response. */
export interface Pending {
  id: MessageId;
  method: string;
  line: number;
  side: Side;
  exchange?: LogExchange;
  progressToken?: unknown;
  logLevel?: string;
  /** The client capabilities the request declared (2026-07-28 `_meta`), for the input requests a result may carry. */
  capabilities?: Record<string, unknown>;
  /** The request's params without `_meta` and `inputResponses`, to recognise its MRTR retry. */
  retryKey?: string;
}

/** A subscriptions/listen request and what it asked for. */
export interface Subscription {
  line: number;
  acknowledged: boolean;
  /** The notification methods the filter asked for, and the resource URIs for notifications/resources/updated. */
  methods: ReadonlySet<string>;
  uris: ReadonlySet<string>;
  closed: boolean;
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** A map key for a JSON-RPC id that keeps 1 and "1" apart. */
export const idKey = (id: unknown) => `${typeof id}:${JSON.stringify(id)}`;
export const pendingKey = (side: Side, id: unknown) => `${side}|${idKey(id)}`;

/** The state of a session being read, shared by the parts of the analyser. */
export class Session {
  protocol: Protocol = DEFAULT_PROTOCOL;
  readonly inFlight = new Map<string, Pending[]>();
  /** Requests cancelled before their response: a late response pairs with them and is no problem. */
  readonly cancelled = new Map<string, Pending>();
  readonly usedIds = new Map<string, number>();
  /** Lines owed an error whose id could not be read (parse errors, invalid messages without a readable id). */
  readonly unreadable: number[] = [];
  lastNotification: { line: number; method: string } | undefined;
  readonly tokens = new Map<string, { request: number; done: boolean; last?: number }>();
  readonly subscriptions = new Map<string, Subscription>();
  /** InputRequiredResults by the request they answered, awaiting the retry. */
  readonly awaitingRetry = new Map<string, { line: number; id: MessageId; method: string }>();

  readonly exchanges: LogExchange[] = [];
  readonly issues: LogIssue[] = [];
  readonly issueCounts: Partial<Record<LogIssueId, number>> = {};
  readonly counts = { messages: 0, requests: 0, answered: 0, unanswered: 0, cancelled: 0, open: 0 };

  /** Records a problem (every one is counted; at most LOG_MAX_ISSUES are kept). */
  report(
    id: LogIssueId,
    severity: Severity,
    line: number,
    related: number | undefined,
    message: string,
    spec: SpecRef,
    brokenBy?: Side,
  ): void {
    this.issueCounts[id] = (this.issueCounts[id] ?? 0) + 1;
    if (this.issues.length >= LOG_MAX_ISSUES) return;
    const issue: LogIssue = { id, severity, line, message, spec };
    if (related !== undefined) issue.related = related;
    if (brokenBy !== undefined) issue.brokenBy = brokenBy;
    this.issues.push(issue);
  }

  /** Every request still waiting for a response. */
  pending(): Pending[] {
    return [...this.inFlight.values()].flat();
  }
}
