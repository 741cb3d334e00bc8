/**
 * The one reader of a chapter's structure (./chapter-structure.ts), from the MDX syntax tree. A tag shown in a code
 * block, in inline code or in a `{/* comment *\/}` is not a use: the parser makes those code and expression nodes,
 * never JSX.
 *
 * Two entry points, one reader: Astro's Markdown processor runs `chapterStructurePlugin` on the tree it builds for
 * each chapter and stores the result in the entry's `remarkPluginFrontmatter` (astro.config.mjs); Node code that
 * reads the files itself (the workshop server, tests) calls `readChapterStructure` on the file text. Both parse
 * with Sätteri, the MDX parser Astro's MDX integration uses, and attribute expressions with acorn. Build time and
 * Node only: no browser module imports this file.
 */
import { parseExpressionAt, type Expression } from 'acorn';
import { defineMdastPlugin, markdownToMdast, mdxToMdast, type Features, type MdastNode } from 'satteri';
import {
  STRUCTURE_KEY,
  type AttributeValue,
  type ChapterQuestion,
  type ChapterStructure,
} from './chapter-structure.ts';

/**
 * The Markdown features the site's processor runs with (astro.config.mjs passes these to satteri()) and the Node
 * reader parses with, so both read the same tree: GFM and smart punctuation, Astro's defaults, made explicit.
 */
export const MARKDOWN_FEATURES = { gfm: true, smartPunctuation: true } as const satisfies Features;

type Node = MdastNode & {
  children?: Node[];
  value?: unknown;
  name?: string | null;
  attributes?: { type: string; name?: string; value?: unknown }[];
  depth?: number;
  lang?: string | null;
  meta?: string | null;
  alt?: string | null;
};

/** The literal an expression's source holds, or `undefined` when it is anything else. */
function literalOf(source: string): AttributeValue | undefined {
  let expression: Expression;
  try {
    expression = parseExpressionAt(source, 0, { ecmaVersion: 'latest' });
  } catch {
    return undefined;
  }
  if (source.slice(expression.end).trim() !== '') return undefined;
  return literalValue(expression);
}

function literalValue(node: Expression): AttributeValue | undefined {
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' ||
        typeof node.value === 'number' ||
        typeof node.value === 'boolean' ||
        node.value === null
        ? node.value
        : undefined;
    case 'TemplateLiteral':
      return node.expressions.length === 0 ? (node.quasis[0]?.value.cooked ?? undefined) : undefined;
    case 'UnaryExpression': {
      const value = node.operator === '-' ? literalValue(node.argument) : undefined;
      return typeof value === 'number' ? -value : undefined;
    }
    case 'ArrayExpression': {
      const values: AttributeValue[] = [];
      for (const element of node.elements) {
        if (!element || element.type === 'SpreadElement') return undefined;
        const value = literalValue(element);
        if (value === undefined) return undefined;
        values.push(value);
      }
      return values;
    }
    default:
      return undefined;
  }
}

function attributesOf(node: Node): Record<string, AttributeValue> {
  const attributes: Record<string, AttributeValue> = {};
  for (const attribute of node.attributes ?? []) {
    if (attribute.type !== 'mdxJsxAttribute' || !attribute.name) continue; // {...spread} names nothing
    const { value } = attribute;
    if (value === null || value === undefined) attributes[attribute.name] = true;
    else if (typeof value === 'string') attributes[attribute.name] = value;
    else if (typeof value === 'object' && 'value' in value && typeof value.value === 'string') {
      const literal = literalOf(value.value);
      if (literal !== undefined) attributes[attribute.name] = literal;
    }
  }
  return attributes;
}

/** Nodes whose text a reader sees as a block of its own (their text is kept apart from the next block's). */
const BLOCKS = new Set([
  'paragraph',
  'heading',
  'blockquote',
  'list',
  'listItem',
  'table',
  'tableRow',
  'tableCell',
  'mdxJsxFlowElement',
]);

/** The plain text a reader sees in a node: code blocks, comments, raw HTML and ESM dropped. */
function textOf(node: Node): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return typeof node.value === 'string' ? node.value : '';
    case 'image':
      return node.alt ?? '';
    case 'break':
      return ' ';
    case 'code':
    case 'html':
    case 'yaml':
    case 'toml':
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return '';
    default: {
      const inner = (node.children ?? []).map(textOf).join('');
      return BLOCKS.has(node.type) ? ` ${inner} ` : inner;
    }
  }
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Reads a chapter's structure from its MDX syntax tree (the root Sätteri or Astro's processor built). */
export function structureOfTree(root: MdastNode): ChapterStructure {
  const items: ChapterStructure['items'] = [];
  const questions: ChapterQuestion[] = [];
  const interview: ChapterQuestion[] = [];
  let open: { question: ChapterQuestion | undefined; text: string[] } = { question: undefined, text: [] };
  const closeQuestion = () => {
    if (open.question) {
      const answer = squash(open.text.join(''));
      if (answer) questions.push({ ...open.question, answer });
    }
  };

  const visit = (node: Node): void => {
    const line = node.position?.start.line ?? 0;
    if (node.type === 'heading') {
      const text = squash(textOf(node));
      items.push({ kind: 'heading', depth: node.depth ?? 1, text, line });
      const spans = (n: Node): void => {
        if (n.type === 'inlineCode' && typeof n.value === 'string')
          items.push({ kind: 'inlineCode', value: n.value, line: n.position?.start.line ?? line });
        n.children?.forEach(spans);
      };
      node.children?.forEach(spans);
      closeQuestion();
      const asks = (node.depth === 2 || node.depth === 3) && text.endsWith('?');
      open = { question: asks ? { from: 'heading', question: text, answer: '', line } : undefined, text: [] };
      return;
    }
    if (node.type === 'code') {
      items.push({
        kind: 'code',
        lang: node.lang ?? null,
        meta: node.meta ?? null,
        value: typeof node.value === 'string' ? node.value : '',
        line: line + 1,
      });
      open.text.push(' ');
      return;
    }
    const isJsx = node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
    if (isJsx && node.name && /^[A-Z]/.test(node.name)) {
      const attributes = attributesOf(node);
      items.push({ kind: 'component', name: node.name, attributes, line, endLine: node.position?.end.line ?? line });
      if (node.name === 'InterviewQuestion' && typeof attributes.question === 'string') {
        const question = squash(attributes.question);
        const answer = squash(textOf(node));
        if (question && answer) interview.push({ from: 'InterviewQuestion', question, answer, line });
      }
    }
    if (node.type === 'inlineCode' && typeof node.value === 'string')
      items.push({ kind: 'inlineCode', value: node.value, line });
    if (node.children) {
      if (BLOCKS.has(node.type)) open.text.push(' ');
      for (const child of node.children) visit(child);
      if (BLOCKS.has(node.type)) open.text.push(' ');
    } else {
      open.text.push(textOf(node));
    }
  };
  for (const child of (root as Node).children ?? []) visit(child);
  closeQuestion();
  return { items, questions: [...questions, ...interview].sort((a, b) => a.line - b.line) };
}

/**
 * Reads the structure of a chapter's MDX file text (frontmatter included or not; lines count from its first). Text
 * that is not valid MDX throws, as it fails Astro's build, naming `file` when given. `format: 'markdown'` reads plain
 * Markdown (an exercise README), where `<` and `{` are text.
 */
export function readChapterStructure(
  source: string,
  { file, format = 'mdx' }: { file?: string; format?: 'mdx' | 'markdown' } = {},
): ChapterStructure {
  let root: MdastNode;
  try {
    root = (format === 'mdx' ? mdxToMdast : markdownToMdast)(source, { features: MARKDOWN_FEATURES });
  } catch (error) {
    if (file === undefined) throw error;
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return structureOfTree(root);
}

/**
 * The Sätteri mdast plugin Astro's Markdown processor runs on every Markdown and MDX file (astro.config.mjs): it
 * reads the tree with `structureOfTree` and stores the result in the file's frontmatter under `STRUCTURE_KEY`,
 * which `render(entry)` returns as `remarkPluginFrontmatter`.
 */
export const chapterStructurePlugin = defineMdastPlugin({
  name: 'chapter-structure',
  options: { position: true },
  after(root, ctx) {
    const astro = ctx.data.astro as { frontmatter?: Record<string, unknown> } | undefined;
    if (astro?.frontmatter) astro.frontmatter[STRUCTURE_KEY] = structureOfTree(root as MdastNode);
  },
});
