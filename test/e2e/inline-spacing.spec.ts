/**
 * Words keep their spaces around inline code, links and emphasis in every built page. Astro 7's default whitespace
 * handling (`compressHTML: 'jsx'`) drops a line break that stands between a word and an element, so source written as
 *
 *   …offline in browsers that allow it (https, or the laptop itself at
 *   <code>localhost</code>); …
 *
 * was built as "at<code>localhost</code>" and read "atlocalhost". The check reads the built HTML, not the sources:
 * whatever step loses the space (the compiler, an MDX or rehype plugin, a component), the page shows the result.
 */
import { expect, listBuiltPages, readBuiltPage, test } from './fixtures.ts';

/** Inline elements that sit inside running text. */
const INLINE = 'code|a|strong|em|kbd';

/** Blocks whose text is not running prose: code blocks, scripts (JSON data), styles, text areas. */
const NOT_PROSE = /<(pre|script|style|textarea)\b[\s\S]*?<\/\1>/g;

/**
 * A word or a sentence's punctuation run into the start of an inline element ("at<code>"), or an inline element's
 * end run into a word or an opening bracket ("</em>(same code)"). Punctuation that belongs against the element
 * ("(<code>", "</code>,", "</code>’s") is not a run-in, nor is a plural written onto an identifier ("`$ref`s").
 */
const RUN_IN = new RegExp(
  `[\\p{L}\\p{N},;:.!?)](?=<(?:${INLINE})[\\s>])|</(?:${INLINE})>(?=[\\p{L}\\p{N}(])(?!s\\b)`,
  'gu',
);

/** Each run-in on a page, with the text around it (tags removed) so a reader can find the sentence. */
function runIns(html: string): string[] {
  const prose = html.replace(NOT_PROSE, '');
  return [...prose.matchAll(RUN_IN)].map((m) => {
    const around = prose.slice(Math.max(0, m.index - 120), m.index + 120);
    const cut = around.indexOf(m[0], Math.min(120, m.index));
    const mark = `${around.slice(0, cut + m[0].length)}⟦here⟧${around.slice(cut + m[0].length)}`;
    return mark
      .replace(/<[^>]*>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  });
}

test('the build has pages to read', () => {
  expect(listBuiltPages().length).toBeGreaterThan(20);
});

test('no word runs into inline code, a link or emphasis on any built page', () => {
  const found = listBuiltPages().flatMap((path) => runIns(readBuiltPage(path)).map((where) => `${path}: ${where}`));
  expect(found, 'text run into an inline element where the source had a space or a line break').toEqual([]);
});

test('the check finds a run-in and passes a spaced sentence', () => {
  // The sentence as Astro's JSX whitespace rules built it, and as it was written.
  expect(runIns('<p>the laptop itself at<code>localhost</code>); over plain http</p>')).toHaveLength(1);
  expect(runIns('<p><em>unlock link</em>(same code)</p>')).toHaveLength(1);
  expect(
    runIns('<p>the laptop itself at <code>localhost</code>); over (<code>x</code>), <a href="/">y</a>.</p>'),
  ).toEqual([]);
  expect(runIns('<pre><code>a<code>b</code></code></pre>')).toEqual([]);
  expect(runIns('<p>remote JSON Schema <code>$ref</code>s should have size limits</p>')).toEqual([]);
});
