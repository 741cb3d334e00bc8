import { classifyMessage, type Classification, type ClassifyOptions } from './classify.ts';

/** One line of a JSONL log (a captured stdio session) and its classification. */
export interface LogEntry {
  /** The 1-based line number in the log. */
  line: number;
  classification: Classification;
}

/**
 * Classifies a newline-delimited log, one message per line, as MCP's stdio transport frames them (messages are
 * delimited by newlines and MUST NOT contain embedded newlines). Blank lines are skipped; a line that is not JSON
 * is a parse error, as a receiver would see it.
 */
export function classifyLog(text: string, options: ClassifyOptions = {}): LogEntry[] {
  const entries: LogEntry[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const raw = lines[i]!.replace(/\r$/, '');
    if (raw.trim() === '') continue;
    entries.push({ line: i + 1, classification: classifyMessage(raw, options) });
  }
  return entries;
}
