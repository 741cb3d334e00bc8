/**
 * The one codec for compressed text in links and tokens (the Playground's `#z=` share links, receipts' `MLR1:`
 * form): deflate-raw, then base64url. Web-standard APIs only (CompressionStream, atob/btoa), so the same code runs
 * in pages, Web Workers and Node 24.
 *
 * Inflating is where a hostile link does harm: a few dozen kilobytes of deflate data can expand to hundreds of
 * megabytes, enough to freeze the Playground or crash the tab. So inflateText feeds the
 * compressed bytes to the decompressor in small slices and reads its output as it comes, counting bytes; past the
 * caller's cap it stops the decompressor and answers with a message. Nothing here holds more than the cap plus one
 * slice's worth of output.
 */
import { decodeBase64Url, encodeBase64Url } from './base64url.ts';

/** Compressed bytes fed to the decompressor at a time: at most about 1 MB of output per slice (deflate's best ratio is ~1032:1). */
const SLICE_BYTES = 1024;

/** Why a compressed text could not be read. */
export const INFLATE_PROBLEMS = ['encoding', 'damaged', 'too-large'] as const;
export type InflateProblem = (typeof INFLATE_PROBLEMS)[number];

/** The outcome of inflateText: the text, or the problem and a sentence saying it. */
export type InflateResult =
  | { kind: 'text'; text: string }
  | {
      kind: 'error';
      problem: InflateProblem;
      message: string;
      /** Bytes the decompressor produced before it was stopped: the work a refused input cost all the same. */
      inflated: number;
    };

/** Limits for inflateText. */
export interface InflateLimits {
  /** The most bytes of output (UTF-8) accepted. */
  maxBytes: number;
  /** The most characters of encoded input accepted (default: no limit beyond what maxBytes implies). */
  maxEncodedChars?: number;
}

/** Describes a byte count for a message: "4 MB", "256 KB", "900 bytes". */
export function describeBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / 1024 / 1024} MB`;
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

/** Deflates `text` (UTF-8) and encodes it as base64url: the form inflateText reads. */
export async function deflateText(text: string): Promise<string> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return encodeBase64Url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/**
 * Decodes and inflates `encoded` (base64url of deflate-raw), refusing output past `limits.maxBytes`. Never throws;
 * the messages are sentence fragments ("it expands to more than 4 MB") for the caller to place.
 */
export async function inflateText(encoded: string, limits: InflateLimits): Promise<InflateResult> {
  if (limits.maxEncodedChars !== undefined && encoded.length > limits.maxEncodedChars)
    return {
      kind: 'error',
      problem: 'too-large',
      message: `it is ${describeBytes(encoded.length)} long; at most ${describeBytes(limits.maxEncodedChars)} is read`,
      inflated: 0,
    };
  const bytes = decodeBase64Url(encoded);
  if (!bytes || bytes.length === 0)
    return {
      kind: 'error',
      problem: 'encoding',
      message: 'only letters, digits, - and _ may appear in it',
      inflated: 0,
    };
  const stream = new DecompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  let stopped = false;
  // Feed slices one at a time; each write waits until the previous slice's output has been read (backpressure).
  const feeding = (async () => {
    for (let i = 0; i < bytes.length && !stopped; i += SLICE_BYTES) {
      await writer.ready;
      if (stopped) return;
      await writer.write(bytes.subarray(i, i + SLICE_BYTES) as Uint8Array<ArrayBuffer>);
    }
    if (!stopped) await writer.close();
  })().catch(() => undefined);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > limits.maxBytes) {
        stopped = true;
        await reader.cancel().catch(() => undefined);
        await writer.abort().catch(() => undefined);
        return {
          kind: 'error',
          problem: 'too-large',
          message: `it expands to more than ${describeBytes(limits.maxBytes)}`,
          inflated: size,
        };
      }
      chunks.push(value);
    }
  } catch {
    stopped = true;
    await writer.abort().catch(() => undefined);
    return {
      kind: 'error',
      problem: 'damaged',
      message: 'it does not decompress (it may be cut short)',
      inflated: size,
    };
  }
  await feeding;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  try {
    return { kind: 'text', text: new TextDecoder('utf-8', { fatal: true }).decode(out) };
  } catch {
    return { kind: 'error', problem: 'damaged', message: 'it is not UTF-8 text', inflated: size };
  }
}
