/**
 * The text to write on stdio for one message.
 * This first attempt makes the JSON easy to read in a log; run the tests to see what the receiver makes of it.
 */
export function frameMessage(message: unknown): string {
  return `${JSON.stringify(message, null, 2)}\n`;
}

/**
 * Splits what has arrived so far into complete lines.
 * This first attempt assumes every read ends where a message ends; run the tests to see when it does not.
 */
export function readLines(rest: string, chunk: string): { lines: string[]; rest: string } {
  return { lines: chunk.split('\n').filter((line) => line !== ''), rest: '' };
}
