/**
 * The quote index of the spec snapshot: for each page, the hashes of every run of QUOTE_WINDOW consecutive words of
 * its text (markup dropped, lower-cased, punctuation ignored), so a test can check that a quoted sentence is in the
 * page without the snapshot holding the page's prose. `npm run spec:snapshot` writes it (test/data/spec/quotes.json);
 * test/support/oracles/spec-snapshot.ts reads it. A run of QUOTE_WINDOW words hashed to 24 bits: a quote of n words
 * is found when all its n - QUOTE_WINDOW + 1 runs are in the page's set.
 */

/** Words per hashed run. */
export const QUOTE_WINDOW = 4;

/** The words of a spec text or a quote: Markdown/MDX markup and punctuation dropped, lower-cased. */
export function quoteWords(text: string): string[] {
  const plain = text
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/^\[[^\]]+\]:\s*\S+.*$/gm, ' ')
    .toLowerCase();
  return plain.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** FNV-1a over a run of words, cut to 24 bits. */
function hashRun(words: readonly string[], at: number): number {
  let h = 0x811c9dc5;
  for (let w = at; w < at + QUOTE_WINDOW; w += 1) {
    const word = words[w]!;
    for (let i = 0; i < word.length; i += 1) {
      h ^= word.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    h ^= 32;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h & 0xffffff;
}

/** The sorted, distinct run hashes of a text, as base64 of 3 bytes each. */
export function indexText(text: string): string {
  const words = quoteWords(text);
  const hashes = new Set<number>();
  for (let i = 0; i + QUOTE_WINDOW <= words.length; i += 1) hashes.add(hashRun(words, i));
  const sorted = [...hashes].sort((a, b) => a - b);
  const bytes = new Uint8Array(sorted.length * 3);
  sorted.forEach((h, i) => bytes.set([h >> 16, (h >> 8) & 0xff, h & 0xff], i * 3));
  return Buffer.from(bytes).toString('base64');
}

/** Reads an index back into a set of hashes. */
export function readIndex(encoded: string): Set<number> {
  const bytes = Buffer.from(encoded, 'base64');
  const out = new Set<number>();
  for (let i = 0; i + 2 < bytes.length; i += 3) out.add((bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!);
  return out;
}

/**
 * Whether every part of a quote (parts split at "…" or "...") is in the indexed page; a part must have at least
 * QUOTE_WINDOW words to be checkable. Returns the first part that is not found, or undefined.
 */
export function missingQuotePart(quote: string, index: ReadonlySet<number>): string | undefined {
  for (const part of quote.split(/…|\.\.\./)) {
    const words = quoteWords(part);
    if (words.length === 0) continue;
    if (words.length < QUOTE_WINDOW)
      return `${JSON.stringify(part.trim())} (too short to check: quote ${QUOTE_WINDOW} words or more)`;
    for (let i = 0; i + QUOTE_WINDOW <= words.length; i += 1)
      if (!index.has(hashRun(words, i))) return JSON.stringify(part.trim());
  }
  return undefined;
}
