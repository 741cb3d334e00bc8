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
 * Whether, and how, a failed call may be retried. The retry rules for tools are the course's advice. The spec's own
 * rule is the new JSON-RPC id: a request lost with its stream must be re-issued "as a new request with a new request
 * ID" (2026-07-28 changelog.mdx, Major changes item 9), and an MRTR retry's id "MUST be different" from the first
 * request's (2026-07-28 basic/patterns/mrtr.mdx §Client Requirements (Basic Workflow)).
 */
export function retryPolicy(report: FailureReport): RetryPolicy {
  switch (report.seen) {
    case 'error-response':
      // The server read the request and refused it: the same request fails the same way. An unknown tool (-32602)
      // is a protocol error too, one "models are less likely to be able to fix" (2026-07-28 tools §Error Handling).
      if (report.code === -32022) return 'after-negotiating-version';
      return 'never-as-is';
    case 'tool-error':
      // The backend refused before acting (down, or 429): nothing happened, so later is safe.
      return report.cause === 'invalid-input' ? 'after-correcting-input' : 'with-backoff';
    case 'timeout':
      // No response says nothing about what happened: a read is harmless twice, a write is not.
      return report.tool.readOnlyHint ? 'freely-with-new-id' : 'same-idempotency-key';
  }
}
