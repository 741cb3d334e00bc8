/**
 * The decision table's closed vocabularies: the three columns and the values a learner can choose in each. The
 * labels a learner reads are content (content/scenarios/labels.json); the values are stable ids, stored in receipts
 * and share links, so they are never renamed once shipped.
 */

/** Where a failure is first noticed. */
export const DETECTION_LAYERS = [
  'transport',
  'json-parser',
  'jsonrpc-envelope',
  'mcp-envelope',
  'method-dispatch',
  'tool-input-validation',
  'tool-backend',
  'client-timeout',
  'client-message-handling',
] as const;
export type DetectionLayer = (typeof DETECTION_LAYERS)[number];

/** What the person using the MCP host should see. */
export const USER_OUTCOMES = [
  'integration-error',
  'model-corrects-input',
  'try-again-later',
  'outcome-unknown-checking',
  'nothing-handled-automatically',
  'request-never-answered',
  'result-as-normal',
] as const;
export type UserOutcome = (typeof USER_OUTCOMES)[number];

/** Whether, and how, a retry is safe. */
export const RETRY_POLICIES = [
  'never-as-is',
  'after-correcting-input',
  'with-backoff',
  'same-idempotency-key',
  'freely-with-new-id',
  'after-negotiating-version',
  'nothing-to-retry',
] as const;
export type RetryPolicy = (typeof RETRY_POLICIES)[number];

/** The three columns of the table, in order. */
export const DECISION_COLUMNS = ['layer', 'userSees', 'retry'] as const;
export type DecisionColumn = (typeof DECISION_COLUMNS)[number];

/** Any value of any column. */
export type DecisionValue = DetectionLayer | UserOutcome | RetryPolicy;

const VOCABULARY: Readonly<Record<DecisionColumn, readonly string[]>> = {
  layer: DETECTION_LAYERS,
  userSees: USER_OUTCOMES,
  retry: RETRY_POLICIES,
};

/** The allowed values of one column. */
export function columnOptions(column: DecisionColumn): readonly string[] {
  return VOCABULARY[column];
}

/** The sides of the message timeline, drawn as lanes left to right. */
export const TIMELINE_PARTIES = ['client', 'server', 'backend'] as const;
export type TimelineParty = (typeof TIMELINE_PARTIES)[number];

/** Where the timeline can inject a fault, from the wire inwards. */
export const TIMELINE_FAULTS = [
  'none',
  'transport',
  'json-parse',
  'envelope',
  'method',
  'params',
  'tool',
  'backend',
] as const;
export type TimelineFault = (typeof TIMELINE_FAULTS)[number];

/** How the timeline's client retries after the first attempt. */
export const TIMELINE_RETRIES = ['none', 'blind', 'same-idempotency-key'] as const;
export type TimelineRetry = (typeof TIMELINE_RETRIES)[number];
