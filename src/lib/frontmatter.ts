/**
 * A Markdown/MDX file's frontmatter, read with parsers (never by regex): Sätteri, the Markdown parser Astro uses,
 * finds the `---` block at the very top (its `yaml` node), and the `yaml` package reads it. Astro's content layer
 * reads chapters for the site; this is for Node code that reads the files itself (the receipt grader's course data,
 * tests). The file is parsed as plain Markdown, so text that is not valid MDX still yields its frontmatter.
 */
import { markdownToMdast } from 'satteri';
import { parse } from 'yaml';

/** The frontmatter's fields (empty when there is none or it is not a YAML mapping) and the text after it. */
export interface Frontmatter {
  data: Record<string, unknown>;
  body: string;
}

/** Splits `source` into its frontmatter fields and body. Throws when the block is not valid YAML. */
export function readFrontmatter(source: string): Frontmatter {
  const root = markdownToMdast(source);
  const first = 'children' in root ? root.children[0] : undefined;
  const end = first?.type === 'yaml' ? first.position?.end.offset : undefined;
  if (first?.type !== 'yaml' || end === undefined) return { data: {}, body: source };
  const data: unknown = parse(first.value);
  // The body starts on the line after the closing `---`.
  const lineEnd = source.indexOf('\n', end);
  return {
    data: data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {},
    body: lineEnd === -1 ? '' : source.slice(lineEnd + 1),
  };
}
