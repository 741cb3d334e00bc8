/**
 * Nesting depth is capped while reading JSON text (attack review: an 8 MB message of "[" kept `mcp-lab classify`
 * busy for seconds and took hundreds of MB). RFC 8259 §9: "An implementation may set limits on the maximum depth
 * of nesting." Past MAX_JSON_DEPTH levels the text is answered as a parse error (JSON-RPC 2.0: -32700, "Invalid
 * JSON was received by the server"), with a sentence naming the limit and where it was passed.
 */
import { describe, expect, it } from 'vitest';
import { classifyMessage, firstTooDeep, parseJsonText } from '#message-model';

const MAX = 512;

describe('RFC 8259 §9: "An implementation may set limits on the maximum depth of nesting."', () => {
  it('8 MB of "[" is a parse error that names the depth limit and where it was passed', () => {
    const c = classifyMessage('['.repeat(8 * 1024 * 1024), { protocol: 'jsonrpc-2.0' });
    expect(c.kind).toBe('parse-error');
    if (c.kind !== 'parse-error') return;
    expect(c.reply).toEqual({ send: 'error', code: -32700, id: null });
    expect(c.reason).toMatch(/more than 512 levels/);
    expect(c.position).toEqual({ offset: MAX, line: 1, column: MAX + 1 });
  });

  it('balanced nesting one level past the limit is refused the same way; objects count like arrays', () => {
    const arrays = `${'['.repeat(MAX + 1)}1${']'.repeat(MAX + 1)}`;
    const objects = `${'{"a":'.repeat(MAX + 1)}1${'}'.repeat(MAX + 1)}`;
    for (const text of [arrays, objects]) {
      const parsed = parseJsonText(text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.reason).toMatch(/more than 512 levels/);
    }
  });

  it('nesting exactly at the limit still parses; brackets inside strings do not count', () => {
    expect(parseJsonText(`${'['.repeat(MAX)}1${']'.repeat(MAX)}`).ok).toBe(true);
    const inString = JSON.stringify({ jsonrpc: '2.0', method: 'x', params: { s: '['.repeat(5000) + '\\"{' } });
    expect(parseJsonText(inString).ok).toBe(true);
  });
});

describe("firstTooDeep: the same count for a limit of the caller's choosing (the workshop server allows 32 levels)", () => {
  it('gives the offset of the bracket that opens the first level past the limit, or -1', () => {
    expect(firstTooDeep('[[1]]', 2)).toBe(-1);
    expect(firstTooDeep('[[1]]', 1)).toBe(1);
    expect(firstTooDeep('{"a": {"b": [0]}}', 2)).toBe(12);
    expect(firstTooDeep('[], [], []', 1)).toBe(-1);
  });

  it('counts no bracket inside a string, escaped quotes included', () => {
    expect(firstTooDeep('["[[[\\"{{{"]', 1)).toBe(-1);
    // The text is [" \\", [0]]: offsets 0 '[', 1 '"', 2 ' ', 3-4 an escaped backslash, 5 '"', 6 ',', 7 ' ', 8 '['.
    expect(firstTooDeep('[" \\\\", [0]]', 1)).toBe(8);
  });
});
