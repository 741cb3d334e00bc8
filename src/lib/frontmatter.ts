/**
 * A Markdown/MDX file's frontmatter, read with a YAML parser (never by regex): the `---` block at the very top,
 * then the body. Astro's content layer reads chapters for the site; this is for Node code that reads the files
 * itself (the receipt grader's course data, tests).
 */
import { parse } from 'yaml';

/** The frontmatter's fields (empty when there is none or it is not a YAML mapping) and the text after it. */
export interface Frontmatter {
  data: Record<string, unknown>;
  body: string;
}

const BLOCK = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits `source` into its frontmatter fields and body. Throws when the block is not valid YAML. */
export function readFrontmatter(source: string): Frontmatter {
  const match = BLOCK.exec(source);
  if (!match) return { data: {}, body: source };
  const data: unknown = parse(match[1] ?? '');
  return {
    data: data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {},
    body: source.slice(match[0].length),
  };
}
