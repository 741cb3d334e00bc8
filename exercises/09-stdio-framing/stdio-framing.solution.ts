/**
 * The text to write on stdio for one message: its JSON and one newline (spec 2026-07-28
 * basic/transports/stdio.mdx: messages are newline-delimited and MUST NOT contain embedded newlines).
 */
export function frameMessage(message: unknown): string {
  if (Array.isArray(message)) throw new Error('MCP has no batches: write each message on its own line.');
  // Without an indent JSON.stringify never writes a raw newline; a newline inside a string becomes "\n".
  const json = JSON.stringify(message);
  if (json === undefined) throw new Error('This value has no JSON form, so it cannot be sent.');
  return `${json}\n`;
}

/** Splits what has arrived so far into complete lines, keeping an unfinished last line for the next read. */
export function readLines(rest: string, chunk: string): { lines: string[]; rest: string } {
  const parts = (rest + chunk).split('\n');
  const unfinished = parts.pop() ?? '';
  return { lines: parts, rest: unfinished };
}
