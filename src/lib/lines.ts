/**
 * How many line feeds (U+000A) `text` holds from `start` up to (not including) `end`; a text of n lines ending without
 * one holds n − 1. Counted with indexOf, so a long text is never split into an array of lines.
 */
export function countLineFeeds(text: string, start = 0, end = text.length): number {
  let n = 0;
  for (let i = text.indexOf('\n', start); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n += 1;
  return n;
}
