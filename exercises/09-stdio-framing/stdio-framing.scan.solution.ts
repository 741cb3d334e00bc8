/**
 * A second solution: the reader scans for newlines one at a time, the way a streaming reader over a Buffer would.
 * Framing is the same JSON.stringify without an indent, refusing batches and values with no JSON form.
 */
export function frameMessage(message: unknown): string {
  const json: string | undefined = Array.isArray(message) ? undefined : JSON.stringify(message);
  if (json === undefined) {
    throw new Error(
      Array.isArray(message)
        ? 'A batch cannot be framed: MCP sends one message per line.'
        : 'This value has no JSON form.',
    );
  }
  return json + '\n';
}

/** Scans the buffered text for newlines, cutting a line at each one; what follows the last newline waits. */
export function readLines(rest: string, chunk: string): { lines: string[]; rest: string } {
  let buffer = rest + chunk;
  const lines: string[] = [];
  let newline = buffer.indexOf('\n');
  while (newline !== -1) {
    lines.push(buffer.slice(0, newline));
    buffer = buffer.slice(newline + 1);
    newline = buffer.indexOf('\n');
  }
  return { lines, rest: buffer };
}
