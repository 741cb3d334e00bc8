import type { RetryPolicy } from '#course';

/** What the client saw when a call failed. */
export type FailureReport =
  | { seen: 'error-response'; method: string; code: number; data?: unknown }
  | { seen: 'tool-error'; tool: ToolInfo; cause: 'invalid-input' | 'backend-unavailable' | 'rate-limited' }
  | { seen: 'timeout'; tool: ToolInfo };

/** The tool as tools/list described it. */
export interface ToolInfo {
  name: string;
  /**
   * The server's hint that the tool changes nothing. Only a hint: clients "MUST consider tool annotations to be
   * untrusted unless they come from trusted servers" (2026-07-28 server/tools.mdx §Tool). Every tool in this
   * exercise comes from the team's own incident server, which the client trusts.
   */
  readOnlyHint: boolean;
}

/**
 * Whether, and how, a failed call may be retried: one of the model's RETRY_POLICIES.
 * This first attempt is the classic "just try again" client; run the tests to see where it goes wrong.
 */
export function retryPolicy(report: FailureReport): RetryPolicy {
  if (report.seen === 'error-response') return 'never-as-is';
  return 'freely-with-new-id';
}
