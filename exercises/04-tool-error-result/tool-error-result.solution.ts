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

/** The vendor-prefixed `_meta` key that tells programs whether calling again later could succeed. */
export const RETRYABLE_META_KEY = 'com.example.incidents/retryable';

/**
 * The result of a tools/call whose tool failed (spec 2026-07-28 server/tools.mdx §Error Handling): a normal result
 * with isError: true and the reason in a text block the model reads. No structuredContent: the tool's outputSchema
 * describes an incident, and structuredContent "conforms to the tool's outputSchema if one is defined"
 * (§Structured Content); the machine-readable part goes under a vendor-prefixed `_meta` key (basic/index.mdx §_meta).
 */
export function toolFailureResult(failure: ToolFailure) {
  return {
    resultType: 'complete' as const,
    isError: true,
    content: [{ type: 'text' as const, text: failure.reason }],
    _meta: { [RETRYABLE_META_KEY]: failure.retryable },
  };
}
