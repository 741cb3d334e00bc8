/**
 * Turns loaded texts (files, a pasted blob) into the re-grader's inputs: every receipt found in each text, the
 * compressed ones expanded, with a source name per receipt ("class/ada.json", "pasted text, receipt 3 (line 12)").
 * Shared by the roster page and `mcp-lab grade`. Web-standard APIs only; never throws.
 */
import { decompressReceiptText, MAX_EXPANDED_BYTES_IN_ALL, splitReceiptText } from './encode.ts';
import type { RosterInput } from './grade.ts';

/** The most text read in all, over every file and paste (UTF-16 units): a class's receipts are a few megabytes. */
export const MAX_ROSTER_CHARS = 32 * 1024 * 1024;
/**
 * The most pieces (receipts, or text that is not one) read in all: far more than any class has receipts, few enough
 * to grade and list in seconds. 32 MB of "{}" would otherwise be 16 million pieces.
 */
export const MAX_ROSTER_PIECES = 200_000;

/** The most one compressed receipt may expand to: a receipt is a few kilobytes. */
const PER_RECEIPT = 1024 * 1024;

/** One loaded text, or a reason it could not be loaded. */
export type LoadedText = { name: string; text: string } | { name: string; error: string };

/** Receipts found, plus the pieces of text that were not receipts at all. */
export interface CollectedInputs {
  inputs: RosterInput[];
  /** Text that is neither JSON nor a compressed receipt, by source and line. */
  ignored: { source: string; line: number; text: string }[];
}

/**
 * Finds and expands every receipt in the loaded texts, in order. Reads at most MAX_ROSTER_CHARS of text in all (a
 * text past that is listed as not read) and at most MAX_ROSTER_PIECES receipts (the rest of the text is listed as
 * not read, with how many receipts it held), so no input can keep the grader busy for long.
 */
export async function collectRosterInputs(texts: readonly LoadedText[]): Promise<CollectedInputs> {
  const inputs: RosterInput[] = [];
  const ignored: CollectedInputs['ignored'] = [];
  let chars = 0;
  let expandedBytes = 0;
  for (const loaded of texts) {
    if ('error' in loaded) {
      inputs.push({ source: loaded.name, error: loaded.error });
      continue;
    }
    chars += loaded.text.length;
    if (chars > MAX_ROSTER_CHARS) {
      inputs.push({
        source: loaded.name,
        error: `${loaded.name}: not read: with it the input is over ${MAX_ROSTER_CHARS / 1024 / 1024} MB in all. Grade it on its own.`,
      });
      continue;
    }
    const room = MAX_ROSTER_PIECES - inputs.length - ignored.length;
    if (room <= 0) {
      inputs.push({
        source: loaded.name,
        error: `${loaded.name}: not read: ${MAX_ROSTER_PIECES.toLocaleString('en')} pieces were already read, the most in one run. Grade it on its own.`,
      });
      continue;
    }
    // Unrecognised text counts towards the limit too, so a file of junk cannot produce an endless list.
    const all = splitReceiptText(loaded.text, room + 1);
    const pieces = all.length > room ? all.slice(0, room) : all;
    const receipts = pieces.filter((p) => p.kind !== 'unrecognised');
    for (const piece of pieces)
      if (piece.kind === 'unrecognised') ignored.push({ source: loaded.name, line: piece.line, text: piece.text });
    let n = 0;
    for (const piece of receipts) {
      n += 1;
      const source = receipts.length === 1 ? loaded.name : `${loaded.name}, receipt ${n} (line ${piece.line})`;
      if (piece.kind === 'json') inputs.push({ source, content: piece.text });
      else if (piece.kind === 'compressed') {
        // One receipt may expand to 1 MB; all of them together to MAX_EXPANDED_BYTES_IN_ALL.
        const budget = MAX_EXPANDED_BYTES_IN_ALL - expandedBytes;
        const expanded =
          budget > 0 ? await decompressReceiptText(piece.text, Math.min(PER_RECEIPT, budget)) : undefined;
        // A refused token counts what it inflated before it was stopped, or tokens built to be refused (over the
        // cap, or cut short after almost 1 MB) could be repeated 20,000 times in a paste, each inflated in turn.
        if (expanded)
          expandedBytes +=
            expanded.kind === 'text' ? new TextEncoder().encode(expanded.text).length : expanded.inflated;
        if (expanded?.kind === 'text') {
          inputs.push({ source, content: expanded.text });
        } else if (expanded === undefined || (expanded.problem === 'too-large' && budget < PER_RECEIPT))
          inputs.push({
            source,
            error: `Not expanded: the compressed receipts before it already expand to ${MAX_EXPANDED_BYTES_IN_ALL / 1024 / 1024} MB in all. Grade it on its own.`,
            reason: 'malformed',
          });
        else inputs.push({ source, error: expanded.message, reason: 'malformed' });
      }
    }
    if (pieces.length < all.length)
      inputs.push({
        source: `${loaded.name} (the rest)`,
        error: `${loaded.name}: only the first ${room.toLocaleString('en')} pieces were read; the rest of it was not (at most ${MAX_ROSTER_PIECES.toLocaleString('en')} pieces in one run). Grade the rest on its own.`,
      });
  }
  return { inputs, ignored };
}
