/**
 * Turns loaded texts (files, a pasted blob) into the re-grader's inputs: every receipt found in each text, the
 * compressed ones expanded, with a source name per receipt ("class/ada.json", "pasted text, receipt 3 (line 12)").
 * Shared by the roster page and `mcp-lab grade`. Web-standard APIs only; never throws.
 */
import { decompressReceiptText, splitReceiptText } from './encode.ts';
import type { RosterInput } from './grade.ts';

/** One loaded text, or a reason it could not be loaded. */
export type LoadedText = { name: string; text: string } | { name: string; error: string };

/** Receipts found, plus the pieces of text that were not receipts at all. */
export interface CollectedInputs {
  inputs: RosterInput[];
  /** Text that is neither JSON nor a compressed receipt, by source and line. */
  ignored: { source: string; line: number; text: string }[];
}

/** Finds and expands every receipt in the loaded texts, in order. */
export async function collectRosterInputs(texts: readonly LoadedText[]): Promise<CollectedInputs> {
  const inputs: RosterInput[] = [];
  const ignored: CollectedInputs['ignored'] = [];
  for (const loaded of texts) {
    if ('error' in loaded) {
      inputs.push({ source: loaded.name, error: loaded.error });
      continue;
    }
    const pieces = splitReceiptText(loaded.text);
    const receipts = pieces.filter((p) => p.kind !== 'unrecognised');
    for (const piece of pieces)
      if (piece.kind === 'unrecognised') ignored.push({ source: loaded.name, line: piece.line, text: piece.text });
    let n = 0;
    for (const piece of receipts) {
      n += 1;
      const source = receipts.length === 1 ? loaded.name : `${loaded.name}, receipt ${n} (line ${piece.line})`;
      if (piece.kind === 'json') inputs.push({ source, content: piece.text });
      else if (piece.kind === 'compressed') {
        const expanded = await decompressReceiptText(piece.text);
        inputs.push(
          expanded.kind === 'text'
            ? { source, content: expanded.text }
            : { source, error: expanded.message, reason: 'malformed' },
        );
      }
    }
  }
  return { inputs, ignored };
}
