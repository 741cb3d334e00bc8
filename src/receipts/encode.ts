/**
 * Receipt transport forms: the compressed text form (for QR codes and chat messages) and the splitter that finds
 * every receipt in a pasted blob or a file. Uses only web-standard APIs (CompressionStream, TextEncoder, atob),
 * which Node 24, browsers and Web Workers all have.
 */

/** Prefix of the compressed form: "MLR1:" then base64url of the deflate-raw bytes of the receipt's JSON. */
export const COMPRESSED_PREFIX = 'MLR1:';

/** The largest number of bytes a QR code holds (version 40, error correction L, byte mode). */
export const QR_MAX_BYTES = 2953;

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

async function pipe(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
  limit: number,
): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  void writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => undefined);
  void writer.close().catch(() => undefined);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    // A small token that inflates to something huge is hostile or broken; stop early.
    if (size > limit) {
      await reader.cancel();
      throw new Error(`it expands to more than ${limit} bytes`);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

/** Compresses a receipt's JSON text into the "MLR1:..." form. */
export async function compressReceiptText(json: string): Promise<string> {
  const bytes = await pipe(
    new TextEncoder().encode(json),
    new CompressionStream('deflate-raw'),
    Number.MAX_SAFE_INTEGER,
  );
  return COMPRESSED_PREFIX + toBase64Url(bytes);
}

/** Expands an "MLR1:..." token back to JSON text; never throws. */
export async function decompressReceiptText(
  token: string,
  maxChars = 256 * 1024,
): Promise<{ kind: 'text'; text: string } | { kind: 'error'; message: string }> {
  const body = token.trim().startsWith(COMPRESSED_PREFIX) ? token.trim().slice(COMPRESSED_PREFIX.length) : undefined;
  const bytes = body === undefined ? undefined : fromBase64Url(body);
  if (!bytes || bytes.length === 0)
    return {
      kind: 'error',
      message: `This compressed receipt is damaged: after "${COMPRESSED_PREFIX}" only letters, digits, - and _ may follow.`,
    };
  try {
    const out = await pipe(bytes, new DecompressionStream('deflate-raw'), maxChars * 4);
    return { kind: 'text', text: new TextDecoder('utf-8', { fatal: true }).decode(out) };
  } catch (error) {
    const why =
      error instanceof Error && error.message.startsWith('it expands') ? error.message : 'it does not decompress';
    return {
      kind: 'error',
      message: `This compressed receipt is damaged: ${why}. Ask for the receipt again, or for its JSON form.`,
    };
  }
}

/** One piece found in pasted or loaded text. `line` is 1-based, where the piece starts. */
export type ReceiptPiece =
  | { kind: 'json'; text: string; line: number }
  | { kind: 'compressed'; text: string; line: number }
  | { kind: 'unrecognised'; text: string; line: number };

/**
 * Finds the receipts in a blob of text: JSON objects (one per receipt, one after another or in a JSON array) and
 * compressed "MLR1:" tokens, in any mix, separated by anything that is only whitespace or commas. Text that is
 * neither comes back as "unrecognised" so the page can point at it. Never throws.
 */
export function splitReceiptText(text: string): ReceiptPiece[] {
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
  while (i < n) {
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
      const startLine = line;
      let depth = 0;
      let inString = false;
      let j = i;
      for (; j < n; j++) {
        const c = text[j]!;
        if (c === '\n') line += 1;
        if (inString) {
          if (c === '\\') j += 1;
          else if (c === '"') inString = false;
        } else if (c === '"') inString = true;
        else if (c === '{') depth += 1;
        else if (c === '}') {
          depth -= 1;
          if (depth === 0) break;
        }
      }
      pieces.push({ kind: 'json', text: text.slice(i, j + 1), line: startLine });
      i = j + 1;
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
  flushJunk(n);
  return pieces;
}
