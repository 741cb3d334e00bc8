/**
 * escapeHtml (src/lib/html.ts): text placed in HTML element content or a double-quoted attribute value. The HTML
 * Living Standard, "Serializing HTML fragments", escaping a string: "Replace any occurrence of the "&" character by
 * the string "&amp;"", and in attribute mode "any occurrences of the """ character by the string "&quot;"", otherwise
 * "any occurrences of the "<" character by the string "&lt;"" and ""> " by "&gt;"". One function serves both places,
 * so it escapes all four.
 */
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../src/lib/html.ts';

describe('escapeHtml', () => {
  it('turns the four characters that can open a tag or end an attribute into character references', () => {
    expect(escapeHtml('<b title="x">A & B</b>')).toBe('&lt;b title=&quot;x&quot;&gt;A &amp; B&lt;/b&gt;');
  });

  it('escapes an ampersand first, so an existing reference is shown as written, not decoded', () => {
    expect(escapeHtml('&lt;')).toBe('&amp;lt;');
  });

  it('leaves other text, apostrophes and non-ASCII included, as it is', () => {
    expect(escapeHtml("it's “fine” — 100%")).toBe("it's “fine” — 100%");
  });
});
