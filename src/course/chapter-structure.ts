/**
 * What a chapter is made of: the components it uses (with their literal attribute values and lines), its Markdown
 * headings, its code blocks and inline code spans and its questions with their answers, in document order. Read once from the MDX syntax
 * tree by ./read-chapter-structure.ts; every consumer (the anatomy check and table of contents, progress items,
 * chapter exercises, JSON-LD, the workshop server, tests) reads this result. Types and two small lookups, no
 * parser: importing it costs a browser bundle nothing.
 */

/** A literal attribute value: `name="text"`, `name` alone (true), or `name={…}` holding a literal. */
export type AttributeValue = string | number | boolean | null | AttributeValue[];

/** One use of a component (a capitalised JSX element) in the chapter. */
export interface ComponentUse {
  kind: 'component';
  name: string;
  /** The attributes whose values are literals; an attribute holding any other expression is left out. */
  attributes: Record<string, AttributeValue>;
  /** 1-based line in the file where the tag opens. */
  line: number;
  /** 1-based line where the element ends (its closing tag, or the opening tag's own end when it closes itself). */
  endLine: number;
}

/** A Markdown heading: its depth, its text without markup, and its line. */
export interface HeadingUse {
  kind: 'heading';
  depth: number;
  text: string;
  line: number;
}

/** A fenced or indented code block: its language, the rest of its info string, and its text. */
export interface CodeBlock {
  kind: 'code';
  lang: string | null;
  meta: string | null;
  value: string;
  /** 1-based line of the block's first line of code (the line after the fence). */
  line: number;
}

/** An inline code span (`…`): its text and line. */
export interface InlineCode {
  kind: 'inlineCode';
  value: string;
  line: number;
}

/**
 * A question the chapter answers: a `##`/`###` heading ending in "?" with the text up to the next heading, or an
 * `<InterviewQuestion question="…">` with the text inside it. Text is plain: markup, tags and code blocks dropped.
 */
export interface ChapterQuestion {
  from: 'heading' | 'InterviewQuestion';
  question: string;
  answer: string;
  line: number;
}

/** What a chapter is made of, in document order. Plain JSON, so Astro can store it with the entry. */
export interface ChapterStructure {
  items: (ComponentUse | HeadingUse | CodeBlock | InlineCode)[];
  questions: ChapterQuestion[];
}

/** The key under which the plugin stores the structure in an entry's `remarkPluginFrontmatter`. */
export const STRUCTURE_KEY = 'chapterStructure';

/** The component uses of a chapter, in document order; only those named `name` when one is given. */
export function componentUses(structure: ChapterStructure, name?: string): ComponentUse[] {
  return structure.items.filter(
    (item): item is ComponentUse => item.kind === 'component' && (name === undefined || item.name === name),
  );
}

/** A use's attribute when its value is a string (`name="…"` or `name={"…"}`), else undefined. */
export function stringAttribute(use: ComponentUse, name: string): string | undefined {
  const value = use.attributes[name];
  return typeof value === 'string' ? value : undefined;
}
