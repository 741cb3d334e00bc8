/**
 * base64url (RFC 4648 §5: `-` and `_` for `+` and `/`, no `=` padding), the one codec for bytes in URLs and tokens:
 * share-link fragments, compressed links, receipts. Web-standard atob/btoa only, so it runs in pages, workers and
 * Node alike.
 */

/** `bytes` as base64url text. */
export function encodeBase64Url(bytes: Uint8Array): string {
  let binary = '';
  // String.fromCharCode takes its arguments on the stack: feed it 32 KiB at a time.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of base64url `text`; undefined when it holds anything but the alphabet or is not a valid length. */
export function decodeBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}
