/**
 * SHA-256 of a UTF-8 string, as lowercase hex, from @noble/hashes (audited, synchronous, no dependencies). The
 * receipt digest and the room's code hashes must come out the same in Node, in a Web Worker and in a page served
 * over plain http on a classroom LAN, where crypto.subtle does not exist (it needs a secure context).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The SHA-256 digest of `text` (encoded as UTF-8), as 64 lowercase hex digits. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
