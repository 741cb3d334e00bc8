/**
 * Notifications checked against what is in flight: progress (spec basic/patterns/progress.mdx, 2025:
 * basic/utilities/progress.mdx), per-request logging (2026-07-28 server/utilities/logging.mdx §Per-request log level)
 * and `subscriptions/listen` streams (2026-07-28 basic/patterns/subscriptions.mdx): the acknowledgment first, every
 * notification carrying `io.modelcontextprotocol/subscriptionId` equal to the listen request's id, only the types
 * the filter asked for, and no request-scoped messages (progress, log messages) on the stream.
 */
import type { MessageId } from './classify.ts';
import { idKey, isObject, type Session, type Subscription } from './log-session.ts';
import { isMcpVersion, mcpRef } from './protocols.ts';
import { LOGGING_LEVELS } from './schemas.ts';

/** The notification each subscription filter field asks for (2026-07-28 subscriptions.mdx §Notification Filter). */
const FILTER_METHODS: Readonly<Record<string, string>> = {
  toolsListChanged: 'notifications/tools/list_changed',
  promptsListChanged: 'notifications/prompts/list_changed',
  resourcesListChanged: 'notifications/resources/list_changed',
  resourceSubscriptions: 'notifications/resources/updated',
};
const STREAM_METHODS: ReadonlySet<string> = new Set(Object.values(FILTER_METHODS));
/** Messages scoped to one request's response stream, never a subscription's. */
const REQUEST_SCOPED: ReadonlySet<string> = new Set(['notifications/progress', 'notifications/message']);

/** Opens a subscription for a subscriptions/listen request, with what its filter asked for. */
export function openSubscription(s: Session, line: number, id: MessageId, params: unknown): void {
  const filter = isObject(params) && isObject(params.notifications) ? params.notifications : {};
  const methods = new Set<string>();
  for (const [field, method] of Object.entries(FILTER_METHODS)) {
    const v = filter[field];
    if (v === true || (Array.isArray(v) && v.length > 0)) methods.add(method);
  }
  const uris = new Set(
    Array.isArray(filter.resourceSubscriptions)
      ? filter.resourceSubscriptions.filter((u): u is string => typeof u === 'string')
      : [],
  );
  s.subscriptions.set(idKey(id), { line, acknowledged: false, methods, uris, closed: false });
}

/** Where a notification came from, when the log says: the request whose response stream carried it (HTTP). */
export interface NotificationSource {
  stream?: MessageId;
}

/** Progress, logging and subscription notifications, checked against the requests in flight. */
export function checkNotification(
  s: Session,
  line: number,
  value: unknown,
  method: string,
  from: NotificationSource = {},
): void {
  const params = isObject(value) && isObject(value.params) ? value.params : undefined;
  if (!isMcpVersion(s.protocol)) return;
  if (s.protocol === '2026-07-28') checkSubscription(s, line, method, params, from);
  if (!params) return;
  const version = s.protocol;
  if (method === 'notifications/progress' && params.progressToken !== undefined) {
    const ref = mcpRef(
      version,
      version === '2026-07-28' ? 'basic/patterns/progress' : 'basic/utilities/progress',
      'Behavior Requirements',
    );
    const t = s.tokens.get(idKey(params.progressToken));
    if (!t) {
      s.report(
        'progress-token-unknown',
        'error',
        line,
        undefined,
        `Progress for token ${JSON.stringify(params.progressToken)}, which no request in the log provided: progress notifications MUST only reference tokens provided in an active request.`,
        ref,
      );
    } else if (t.done) {
      s.report(
        'progress-after-response',
        'error',
        line,
        t.request,
        `Progress for the request on line ${t.request} after its response (or its cancellation): progress notifications MUST stop after completion.`,
        ref,
      );
    } else if (typeof params.progress === 'number') {
      if (t.last !== undefined && !(params.progress > t.last)) {
        s.report(
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
    const open = s.pending().filter((p) => p.logLevel !== undefined);
    if (open.length === 0) {
      s.report(
        'log-message-not-requested',
        'error',
        line,
        undefined,
        'A log message while no request in flight asked for one: the server MUST NOT emit notifications/message for a request that does not include io.modelcontextprotocol/logLevel in its _meta.',
        ref,
        'server',
      );
    } else if (typeof params.level === 'string') {
      const rank = (l: string) => (LOGGING_LEVELS as readonly string[]).indexOf(l);
      const level = rank(params.level);
      if (level >= 0 && open.every((p) => rank(p.logLevel!) > level)) {
        s.report(
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

/** The subscription rules of 2026-07-28 for one notification. */
function checkSubscription(
  s: Session,
  line: number,
  method: string,
  params: Record<string, unknown> | undefined,
  from: NotificationSource,
): void {
  if (method === 'notifications/cancelled') return;
  const meta = params && isObject(params._meta) ? params._meta : undefined;
  const tagged = meta !== undefined && 'io.modelcontextprotocol/subscriptionId' in meta;
  const subscriptionId = meta?.['io.modelcontextprotocol/subscriptionId'];
  const onStream = from.stream !== undefined ? s.subscriptions.get(idKey(from.stream)) : undefined;
  const ref = (heading: string) => mcpRef('2026-07-28', 'basic/patterns/subscriptions', heading);
  if (!tagged) {
    if (!onStream && !STREAM_METHODS.has(method)) return;
    const open = onStream ?? [...s.subscriptions.values()].find((x) => !x.closed);
    if (!open) {
      s.report(
        'subscription-notification-not-requested',
        'error',
        line,
        undefined,
        `A ${method} while no subscriptions/listen stream is open: in 2026-07-28 it is delivered only on a subscription that asked for it, and the server MUST NOT send notification types the client has not explicitly requested.`,
        ref('Opening a Stream'),
        'server',
      );
      return;
    }
    s.report(
      'subscription-id-missing',
      'error',
      line,
      open.line,
      `This ${method} ${onStream ? 'is delivered on' : 'can only belong to'} the subscription opened on line ${open.line}, without io.modelcontextprotocol/subscriptionId in _meta: all notifications delivered on the stream carry it, and on stdio clients MUST use it to correlate notifications with their subscription.`,
      ref('Receiving Notifications'),
      'server',
    );
    checkOnStream(s, line, method, params, open, ref);
    return;
  }
  const sub = s.subscriptions.get(idKey(subscriptionId));
  if (!sub || sub.closed) {
    s.report(
      'subscription-unknown',
      'error',
      line,
      sub?.line,
      `This ${method} carries subscriptionId ${JSON.stringify(subscriptionId)}, which names no ${sub ? 'open ' : ''}subscriptions/listen request in the log: the value is the JSON-RPC ID of the subscriptions/listen request that opened the stream.`,
      ref('Receiving Notifications'),
      'server',
    );
    return;
  }
  if (onStream && onStream !== sub)
    s.report(
      'subscription-unknown',
      'error',
      line,
      onStream.line,
      `This ${method} is delivered on the stream of the subscription opened on line ${onStream.line} but carries the id of the one opened on line ${sub.line}: the value is the JSON-RPC ID of the subscriptions/listen request that opened the stream.`,
      ref('Receiving Notifications'),
      'server',
    );
  if (method === 'notifications/subscriptions/acknowledged') {
    sub.acknowledged = true;
    return;
  }
  if (!sub.acknowledged) {
    s.report(
      'subscription-notification-before-ack',
      'error',
      line,
      sub.line,
      `This ${method} is delivered on the subscription opened on line ${sub.line} before notifications/subscriptions/acknowledged: the server MUST NOT send any notification on a subscription before its acknowledgment.`,
      ref('Acknowledgment'),
      'server',
    );
  }
  checkOnStream(s, line, method, params, sub, ref);
}

/** What may travel on a subscription: the types its filter asked for, and nothing request-scoped. */
function checkOnStream(
  s: Session,
  line: number,
  method: string,
  params: Record<string, unknown> | undefined,
  sub: Subscription,
  ref: (heading: string) => ReturnType<typeof mcpRef>,
): void {
  if (REQUEST_SCOPED.has(method)) {
    s.report(
      'request-scoped-on-subscription',
      'error',
      line,
      sub.line,
      method === 'notifications/message'
        ? 'A log message on the subscription opened on line ' +
            `${sub.line}: notifications/message is request-scoped, and the server MUST NOT deliver it on a subscriptions/listen stream.`
        : `Progress on the subscription opened on line ${sub.line}: progress belongs to the request that asked for it, and the server MUST NOT send notification types the client has not explicitly requested.`,
      method === 'notifications/message'
        ? mcpRef('2026-07-28', 'server/utilities/logging', 'Per-request log level')
        : ref('Opening a Stream'),
      'server',
    );
    return;
  }
  const uri = params?.uri;
  const asked =
    method === 'notifications/resources/updated'
      ? typeof uri === 'string' && sub.uris.has(uri)
      : sub.methods.has(method);
  if (!asked)
    s.report(
      'subscription-notification-not-requested',
      'error',
      line,
      sub.line,
      method === 'notifications/resources/updated'
        ? `An update for ${JSON.stringify(uri)}, a resource the subscription opened on line ${sub.line} did not list in resourceSubscriptions: the server MUST NOT send notification types the client has not explicitly requested.`
        : `A ${method} on the subscription opened on line ${sub.line}, whose filter did not ask for it: the server MUST NOT send notification types the client has not explicitly requested.`,
      ref('Opening a Stream'),
      'server',
    );
}
