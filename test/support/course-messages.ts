/**
 * What the self-consistency tests share: the markup convention for messages shown in chapters, and what "broken"
 * means for a classification.
 *
 * Convention: a fenced block with info string `json` (one message) or `jsonl`
 * (one message per line) is a wire message, classified under the chapter's frontmatter `protocol`. Meta words after
 * the language: `protocol=<version>` (shown under another version), `broken` (meant to be broken), `fragment` (not a
 * whole message; it must then not be a complete JSON-RPC message). An inline code span holding a whole message
 * (starting with `{"jsonrpc"`) must be a valid message.
 */
import { isProtocol, type Classification, type Protocol } from '#message-model';
import { readChapterStructure } from '../../src/course/read-chapter-structure.ts';

const META_WORDS = ['broken', 'fragment'] as const;

/** A message shown in a chapter or a README. */
export interface ShownMessage {
  file: string;
  line: number;
  text: string;
  protocol: Protocol | undefined;
  broken: boolean;
  fragment: boolean;
  /** Problems with the markup itself (an unknown meta word, an unknown protocol). */
  markup: string[];
}

/**
 * The json/jsonl code blocks and inline message spans of an MDX or Markdown source (a `.md` file is read as plain
 * Markdown), from its structure: a fence inside another fence or a span inside a code block is not a shown message.
 */
export function shownMessages(file: string, source: string, defaultProtocol: string | undefined): ShownMessage[] {
  const out: ShownMessage[] = [];
  const structure = readChapterStructure(source, { file, format: file.endsWith('.md') ? 'markdown' : 'mdx' });
  for (const item of structure.items) {
    if (item.kind === 'code' && (item.lang === 'json' || item.lang === 'jsonl')) {
      const words = (item.meta ?? '').trim().split(/\s+/).filter(Boolean);
      const markup: string[] = [];
      let protocol = defaultProtocol;
      for (const w of words) {
        const p = /^protocol=(.+)$/.exec(w)?.[1];
        if (p !== undefined) protocol = p;
        else if (!(META_WORDS as readonly string[]).includes(w)) markup.push(`unknown meta word "${w}"`);
      }
      if (protocol !== undefined && !isProtocol(protocol)) markup.push(`unknown protocol "${protocol}"`);
      const common = {
        file,
        protocol: protocol as Protocol | undefined,
        broken: words.includes('broken'),
        fragment: words.includes('fragment'),
        markup,
      };
      if (item.lang === 'json') out.push({ ...common, line: item.line, text: item.value });
      else
        item.value.split('\n').forEach((text, k) => text.trim() && out.push({ ...common, line: item.line + k, text }));
    } else if (item.kind === 'inlineCode' && /^\{\s*"jsonrpc"/.test(item.value)) {
      out.push({
        file,
        line: item.line,
        text: item.value,
        protocol: defaultProtocol as Protocol,
        broken: false,
        fragment: false,
        markup: [],
      });
    }
  }
  return out;
}

/** Whether a classification says the message is broken: not a valid message, or one with an error finding. */
export function isBroken(c: Classification): boolean {
  return c.kind === 'parse-error' || c.kind === 'invalid' || c.findings.some((f) => f.severity === 'error');
}

/** The error findings, for a failure message. */
export const errorsOf = (c: Classification) =>
  c.findings.filter((f) => f.severity === 'error').map((f) => `${f.id} at ${f.path || '/'}`);
