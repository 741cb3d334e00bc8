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

/** The json/jsonl fences and inline message spans of an MDX or Markdown source. */
export function shownMessages(file: string, source: string, defaultProtocol: string | undefined): ShownMessage[] {
  const out: ShownMessage[] = [];
  const lines = source.split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^\s*(`{3,}|~{3,})\s*(json|jsonl)\b(.*)$/.exec(lines[i]!);
    if (open) {
      const [, fence, lang, meta] = open;
      const words = meta!.trim().split(/\s+/).filter(Boolean);
      const markup: string[] = [];
      let protocol = defaultProtocol;
      for (const w of words) {
        const p = /^protocol=(.+)$/.exec(w)?.[1];
        if (p !== undefined) protocol = p;
        else if (!(META_WORDS as readonly string[]).includes(w)) markup.push(`unknown meta word "${w}"`);
      }
      if (protocol !== undefined && !isProtocol(protocol)) markup.push(`unknown protocol "${protocol}"`);
      const body: string[] = [];
      let j = i + 1;
      while (j < lines.length && !lines[j]!.trim().startsWith(fence!)) body.push(lines[j++]!);
      const common = {
        file,
        protocol: protocol as Protocol | undefined,
        broken: words.includes('broken'),
        fragment: words.includes('fragment'),
        markup,
      };
      if (lang === 'json') out.push({ ...common, line: i + 2, text: body.join('\n') });
      else body.forEach((text, k) => text.trim() && out.push({ ...common, line: i + 2 + k, text }));
      i = j;
      continue;
    }
    for (const m of lines[i]!.matchAll(/`(\{\s*"jsonrpc"[^`]*)`/g)) {
      out.push({
        file,
        line: i + 1,
        text: m[1]!,
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
