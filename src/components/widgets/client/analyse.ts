/**
 * What the Playground computes for a paste, in one function that runs unchanged on the main thread (small texts)
 * and in the Web Worker (large ones): one message gets its full classification and the cross-version comparison;
 * a log gets one compact row per line. All verdicts come from the model.
 */
import {
  buildReplyMessage,
  classifyAcrossProtocols,
  classifyMessage,
  describeReply,
  parseJsonText,
  type Classification,
  type CrossVersionClassification,
  type Protocol,
} from '#message-model';
import { replyKey } from '../lib/classification-render.ts';

/**
 * The model's words for every reply in a result, keyed by protocol and reply (replyKey), so the page can render the
 * result without loading the model itself (the Playground keeps the model in its worker).
 */
export interface ReplyTexts {
  text: Record<string, string>;
  wire: Record<string, unknown>;
}

function collectReplies(c: Classification, acc: ReplyTexts): void {
  const key = replyKey(c.reply, c.protocol);
  if (!(key in acc.text)) {
    acc.text[key] = describeReply(c.reply, c.protocol);
    acc.wire[key] = buildReplyMessage(c.reply, c.protocol);
  }
  if (c.kind === 'batch') for (const item of c.items) collectReplies(item, acc);
}

/** One message, fully: its classification, the cross-version comparison and the words for every reply. */
export function describeMessage(
  text: string,
  protocol: Protocol,
): { classification: Classification; cross: CrossVersionClassification; replies: ReplyTexts } {
  const classification = classifyMessage(text, { protocol });
  const cross = classifyAcrossProtocols(text);
  const replies: ReplyTexts = { text: {}, wire: {} };
  collectReplies(classification, replies);
  for (const c of Object.values(cross.byProtocol)) if (c) collectReplies(c, replies);
  return { classification, cross, replies };
}

/**
 * The most lines a log is classified by in the browser. A short share link can inflate to millions of tiny lines
 * under the 4 MB text cap; classifying, posting and filtering one row each froze the tab for minutes. Past this many
 * non-blank lines the rest are counted, not classified (the command line classifies a whole log).
 */
const LOG_LINE_LIMIT = 20_000;

/** How to read the text. */
export type ReadMode = 'auto' | 'message' | 'log';

/** One line of a log, compactly. */
export interface LogRow {
  line: number;
  kind: Classification['kind'];
  method?: string;
  id?: string;
  reply: string;
  errors: number;
  findings: string[];
}

/** The outcome of analysing a paste. */
export type Analysis =
  | {
      kind: 'message';
      classification: Classification;
      cross: CrossVersionClassification;
      replies: ReplyTexts;
      ms: number;
    }
  | {
      kind: 'log';
      rows: LogRow[];
      counts: Record<string, number>;
      withErrors: number;
      ms: number;
      /** Non-blank lines left out after LOG_LINE_LIMIT were classified (0 when every line was). */
      skipped: number;
    }
  | { kind: 'empty' };

/** True when the text is to be read as a log. Only layout decides: one JSON value is a message, several lines a log. */
function readsAsLog(text: string, mode: ReadMode): boolean {
  if (mode !== 'auto') return mode === 'log';
  const firstBreak = text.trim().indexOf('\n');
  if (firstBreak === -1) return false;
  return !parseJsonText(text).ok;
}

/** Analyses a paste; `onProgress` is told how many lines are done (logs only). Never throws. */
export function analyse(
  text: string,
  mode: ReadMode,
  protocol: Protocol,
  onProgress?: (done: number, total: number) => void,
): Analysis {
  if (text.trim() === '') return { kind: 'empty' };
  const started = performance.now();
  if (!readsAsLog(text, mode)) {
    const described = describeMessage(text, protocol);
    return { kind: 'message', ...described, ms: performance.now() - started };
  }
  const rows: LogRow[] = [];
  const counts: Record<string, number> = {};
  let withErrors = 0;
  let skipped = 0;
  // Lines are walked with indexOf rather than split: split would make one string per line of a huge log up front.
  let lines = 0;
  let total = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) total += 1;
  for (let start = 0; start <= text.length; lines += 1) {
    const end = text.indexOf('\n', start);
    const stop = end === -1 ? text.length : end;
    const next = stop + 1;
    if (rows.length >= LOG_LINE_LIMIT) {
      if (text.slice(start, stop).trim() !== '') skipped += 1;
      start = next;
      continue;
    }
    const raw = text.slice(start, stop).replace(/\r$/, '');
    start = next;
    if (raw.trim() !== '') {
      const c = classifyMessage(raw, { protocol });
      const errors = c.findings.filter((f) => f.severity === 'error').length;
      if (errors > 0) withErrors += 1;
      counts[c.kind] = (counts[c.kind] ?? 0) + 1;
      const row: LogRow = {
        line: lines + 1,
        kind: c.kind,
        reply: describeReply(c.reply, c.protocol),
        errors,
        findings: c.findings.map((f) => f.id),
      };
      if (c.kind === 'request' || c.kind === 'notification') row.method = c.method;
      if (
        (c.kind === 'request' || c.kind === 'result' || c.kind === 'error' || c.kind === 'invalid') &&
        c.id !== undefined
      )
        row.id = JSON.stringify(c.id);
      rows.push(row);
    }
    if (onProgress && (lines + 1) % 2000 === 0) onProgress(lines + 1, total);
  }
  return { kind: 'log', rows, counts, withErrors, ms: performance.now() - started, skipped };
}
