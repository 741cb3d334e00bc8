/** countLineFeeds (src/lib/lines.ts): line feeds in a text or a range of it, the count behind "n lines". */
import { describe, expect, it } from 'vitest';
import { countLineFeeds } from '../../../src/lib/lines.ts';

describe('countLineFeeds', () => {
  it('counts each U+000A once, a final one included', () => {
    expect(countLineFeeds('')).toBe(0);
    expect(countLineFeeds('one line')).toBe(0);
    expect(countLineFeeds('a\nb\nc')).toBe(2);
    expect(countLineFeeds('a\nb\n')).toBe(2);
    expect(countLineFeeds('\n\n\n')).toBe(3);
  });

  it('counts a CRLF line end once and a lone CR not at all (only the line feed is counted)', () => {
    expect(countLineFeeds('a\r\nb\rc')).toBe(1);
  });

  it('counts only from start up to, not including, end', () => {
    const text = 'a\nb\nc\nd';
    expect(countLineFeeds(text, 2)).toBe(2);
    expect(countLineFeeds(text, 0, 3)).toBe(1);
    expect(countLineFeeds(text, 1, 1)).toBe(0);
    expect(countLineFeeds(text, 1, 2)).toBe(1);
  });
});
