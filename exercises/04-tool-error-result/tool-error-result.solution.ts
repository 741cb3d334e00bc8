/** A failure inside a tool, as the tool's code caught it. */
export interface ToolFailure {
  /** The tool that failed. */
  tool: string;
  /** One sentence the model can read and act on. */
  reason: string;
  /** Whether calling again later could succeed. */
  retryable: boolean;
  /** The caught error: for the server's log only, since its message and stack hold internals. */
  error: Error;
}

/**
 * The result of a tools/call whose tool failed (spec 2026-07-28 server/tools.mdx §Error Handling): a normal result
 * with isError: true, structured content, and the same JSON as text for clients that read only content.
 */
export function toolFailureResult(failure: ToolFailure) {
  const structuredContent = { reason: failure.reason, retryable: failure.retryable };
  return {
    resultType: 'complete' as const,
    isError: true,
    content: [{ type: 'text' as const, text: JSON.stringify(structuredContent) }],
    structuredContent,
  };
}
