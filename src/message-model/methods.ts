import { mcpRef, type McpVersion, type SpecRef } from './protocols.ts';

/**
 * Method names the spec removed in 2026-07-28 (spec 2026-07-28 changelog.mdx; basic/index.mdx §Statelessness):
 * sessions, the initialize handshake, ping and the subscription methods that `subscriptions/listen` replaced.
 */
export const METHODS_REMOVED_IN_2026_07_28 = [
  'initialize',
  'notifications/initialized',
  'ping',
  'logging/setLevel',
  'notifications/roots/list_changed',
  'resources/subscribe',
  'resources/unsubscribe',
  'notifications/elicitation/complete',
] as const;

/** Method names that exist only from 2026-07-28 on (spec 2026-07-28 schema.ts `ClientRequest`, `ServerNotification`). */
export const METHODS_ADDED_IN_2026_07_28 = [
  'server/discover',
  'subscriptions/listen',
  'notifications/subscriptions/acknowledged',
] as const;

/**
 * Wrong method names seen in public MCP courses and blog posts, with the name the spec uses. A classifier cannot
 * know which methods a server implements, but it can say that these names are not MCP's. A null-prototype object,
 * so that looking up a method named "constructor" or "__proto__" finds nothing rather than Object.prototype's members.
 */
export const MISNAMED_METHODS: Readonly<Record<string, { correct: string | null; note: string }>> = Object.assign(
  Object.create(null) as Record<string, { correct: string | null; note: string }>,
  {
    'sampling/complete': {
      correct: 'sampling/createMessage',
      note: 'The spec names sampling requests sampling/createMessage.',
    },
    'elicitation/request': {
      correct: 'elicitation/create',
      note: 'The spec names elicitation requests elicitation/create.',
    },
    progress: { correct: 'notifications/progress', note: 'Progress is the notification notifications/progress.' },
    cancelled: {
      correct: 'notifications/cancelled',
      note: 'Cancellation is the notification notifications/cancelled.',
    },
    'notifications/cancel': {
      correct: 'notifications/cancelled',
      note: 'Cancellation is the notification notifications/cancelled.',
    },
    initialized: {
      correct: 'notifications/initialized',
      note: 'The handshake notification is notifications/initialized (before 2026-07-28).',
    },
    shutdown: {
      correct: null,
      note: 'MCP has no shutdown message (that is LSP): a stdio session ends when the client closes the stream.',
    },
    exit: {
      correct: null,
      note: 'MCP has no exit message (that is LSP): a stdio session ends when the client closes the stream.',
    },
    'tools/invoke': { correct: 'tools/call', note: 'Tools are called with tools/call.' },
    'tools/execute': { correct: 'tools/call', note: 'Tools are called with tools/call.' },
    'tool/call': { correct: 'tools/call', note: 'Tools are called with tools/call (plural "tools").' },
    'resources/get': { correct: 'resources/read', note: 'Resources are read with resources/read.' },
  },
);

const REMOVED: ReadonlySet<string> = new Set(METHODS_REMOVED_IN_2026_07_28);
const ADDED: ReadonlySet<string> = new Set(METHODS_ADDED_IN_2026_07_28);

/** Whether a method name is gone in, or not yet part of, an MCP revision. */
export function methodStatus(method: string, version: McpVersion): 'removed' | 'not-yet' | 'ok' {
  if (version === '2026-07-28') return REMOVED.has(method) ? 'removed' : 'ok';
  return ADDED.has(method) ? 'not-yet' : 'ok';
}

/** Where each typed method is defined, per revision: the page and the section that shows its params and result. */
export function methodRef(version: McpVersion, method: string): SpecRef {
  const modern = version === '2026-07-28';
  const utilities = modern ? 'basic/patterns' : 'basic/utilities';
  switch (method) {
    case 'tools/call':
      return mcpRef(version, 'server/tools', 'Calling Tools');
    case 'tools/list':
      return mcpRef(version, 'server/tools', 'Listing Tools');
    case 'resources/list':
      return mcpRef(version, 'server/resources', 'Listing Resources');
    case 'resources/templates/list':
      return mcpRef(version, 'server/resources', 'Resource Templates');
    case 'resources/read':
      return mcpRef(version, 'server/resources', 'Reading Resources');
    case 'resources/subscribe':
    case 'resources/unsubscribe':
    case 'notifications/resources/updated':
      return mcpRef(version, 'server/resources', 'Subscriptions');
    case 'prompts/list':
      return mcpRef(version, 'server/prompts', 'Listing Prompts');
    case 'prompts/get':
      return mcpRef(version, 'server/prompts', 'Getting a Prompt');
    case 'completion/complete':
      return mcpRef(version, 'server/utilities/completion', 'Requesting Completions');
    case 'initialize':
      return mcpRef(version, 'basic/lifecycle', 'Initialization');
    case 'logging/setLevel':
      return mcpRef(version, 'server/utilities/logging', 'Setting Log Level');
    case 'notifications/message':
      return mcpRef(version, 'server/utilities/logging', 'Log Message Notifications');
    case 'sampling/createMessage':
      return mcpRef(version, 'client/sampling', 'Creating Messages');
    case 'elicitation/create':
      return mcpRef(version, 'client/elicitation', 'Protocol Messages');
    case 'notifications/elicitation/complete':
      return mcpRef(version, 'client/elicitation', 'Completion Notifications for URL Mode Elicitation');
    case 'roots/list':
      return mcpRef(version, 'client/roots', 'Listing Roots');
    case 'server/discover':
      return mcpRef(version, 'server/discover');
    case 'subscriptions/listen':
      return mcpRef(version, 'basic/patterns/subscriptions', 'Opening a Stream');
    case 'notifications/subscriptions/acknowledged':
      return mcpRef(version, 'basic/patterns/subscriptions', 'Acknowledgment');
    case 'notifications/cancelled':
      return mcpRef(version, `${utilities}/cancellation`, 'Cancellation Flow');
    case 'notifications/progress':
      return mcpRef(version, `${utilities}/progress`, 'Progress Flow');
    default:
      return mcpRef(version, 'basic/index', 'Requests');
  }
}
