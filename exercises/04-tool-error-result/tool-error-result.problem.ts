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
 * The result of a tools/call whose tool failed.
 * This first attempt reports the failure the way a quick catch block would; run the tests to see what is wrong.
 */
export function toolFailureResult(failure: ToolFailure): unknown {
  return {
    isError: true,
    content: [{ type: 'text', text: `${failure.tool} failed: ${failure.error.stack}` }],
  };
}
