/**
 * Receipt transport forms: the compressed text form (for QR codes and chat messages), made and read with the site's
 * one compressed-link codec (src/lib/compressed-link.ts, which caps what it inflates), and the splitter that finds
 * every receipt in a pasted blob or a file. Web-standard APIs only, which Node 24, browsers and Web Workers all have.
 */
import { readJsonToken } from '../message-model/json-tokens.ts';
import { deflateText, inflateText, type InflateProblem } from '../lib/compressed-link.ts';
import { countLineFeeds } from '../lib/lines.ts';

/** Prefix of the compressed form: "MLR1:" then base64url of the deflate-raw bytes of the receipt's JSON. */
export const COMPRESSED_PREFIX = 'MLR1:';

/** The largest number of bytes a QR code holds (version 40, error correction L, byte mode). */
export const QR_MAX_BYTES = 2953;

/** Compresses a receipt's JSON text into the "MLR1:..." form. */
export async function compressReceiptText(json: string): Promise<string> {
  return COMPRESSED_PREFIX + (await deflateText(json));
}

/**
 * Expands an "MLR1:..." token back to JSON text, refusing more than `maxBytes` of output (a receipt is a few
 * kilobytes; the default allows 1 MB). Never throws.
 */
export async function decompressReceiptText(
  token: string,
  maxBytes = 1024 * 1024,
): Promise<
  { kind: 'text'; text: string } | { kind: 'error'; problem: InflateProblem; message: string; inflated: number }
> {
  const trimmed = token.trim();
  if (!trimmed.startsWith(COMPRESSED_PREFIX))
    return {
      kind: 'error',
      problem: 'encoding',
      message: `This is not a compressed receipt: it does not start with "${COMPRESSED_PREFIX}".`,
      inflated: 0,
    };
  const result = await inflateText(trimmed.slice(COMPRESSED_PREFIX.length), { maxBytes });
  if (result.kind === 'text') return result;
  const why =
    result.problem === 'encoding'
      ? `after "${COMPRESSED_PREFIX}" ${result.message}`
      : result.problem === 'too-large'
        ? `${result.message} (a receipt is a few kilobytes)`
        : result.message;
  return {
    kind: 'error',
    problem: result.problem,
    message: `This compressed receipt is damaged: ${why}. Ask for the receipt again, or for its JSON form.`,
    inflated: result.inflated,
  };
}

/** How much a run may inflate from compressed receipts in all, so thousands of small bombs cannot add up. */
export const MAX_EXPANDED_BYTES_IN_ALL = 64 * 1024 * 1024;

/** One piece found in pasted or loaded text. `line` is 1-based, where the piece starts. */
export type ReceiptPiece =
  | { kind: 'json'; text: string; line: number }
  | { kind: 'compressed'; text: string; line: number }
  | { kind: 'unrecognised'; text: string; line: number };

/**
 * Finds the receipts in a blob of text: JSON objects (one per receipt, one after another or in a JSON array) and
 * compressed "MLR1:" tokens, in any mix, separated by anything that is only whitespace or commas. Text that is
 * neither comes back as "unrecognised" so the page can point at it. Stops after `limit` pieces. Never throws.
 */
export function splitReceiptText(text: string, limit = Infinity): ReceiptPiece[] {
  const pieces: ReceiptPiece[] = [];
  let i = 0;
  let line = 1;
  const n = text.length;
  let junkStart = -1;
  let junkLine = 1;
  const flushJunk = (end: number) => {
    if (junkStart >= 0) {
      const junk = text.slice(junkStart, end).trim();
      if (junk)
        pieces.push({
          kind: 'unrecognised',
          text: junk.length > 80 ? `${junk.slice(0, 77)}...` : junk,
          line: junkLine,
        });
      junkStart = -1;
    }
  };
  while (i < n && pieces.length < limit) {
    const ch = text[i]!;
    if (ch === '\n') {
      line += 1;
      i += 1;
      continue;
    }
    if (/\s/.test(ch) || ch === ',' || ((ch === '[' || ch === ']') && junkStart < 0)) {
      i += 1;
      continue;
    }
    if (ch === '{') {
      flushJunk(i);
      const end = objectEnd(text, i);
      pieces.push({ kind: 'json', text: text.slice(i, end), line });
      line += countLineFeeds(text, i, end);
      i = end;
      continue;
    }
    if (text.startsWith(COMPRESSED_PREFIX, i)) {
      flushJunk(i);
      let j = i + COMPRESSED_PREFIX.length;
      while (j < n && /[A-Za-z0-9_-]/.test(text[j]!)) j += 1;
      pieces.push({ kind: 'compressed', text: text.slice(i, j), line });
      i = j;
      continue;
    }
    if (junkStart < 0) {
      junkStart = i;
      junkLine = line;
    }
    i += 1;
  }
  if (pieces.length < limit) flushJunk(n);
  return pieces;
}

/**
 * Where the object that opens at `start` ends: just past the `}` that balances its `{` (braces inside strings do not
 * count, read by the model's JSON scanner), or the end of the text when none does. One pass, no recursion.
 */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  for (let t = readJsonToken(text, start); t; t = readJsonToken(text, t.end)) {
    if (t.kind === '{') depth += 1;
    else if (t.kind === '}') {
      depth -= 1;
      if (depth === 0) return t.end;
    }
  }
  return text.length;
}
