import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64Url, encodeBase64Url } from '../../../src/lib/base64url.ts';

const bytes = (...b: number[]) => new Uint8Array(b);

describe('base64url', () => {
  // RFC 4648 §10 test vectors, in the URL-safe alphabet without padding (§5).
  it.each([
    ['', ''],
    ['f', 'Zg'],
    ['fo', 'Zm8'],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg'],
    ['fooba', 'Zm9vYmE'],
    ['foobar', 'Zm9vYmFy'],
  ])('encodes %j as %j (RFC 4648 §10 without padding)', (text, encoded) => {
    expect(encodeBase64Url(new TextEncoder().encode(text))).toBe(encoded);
    expect(new TextDecoder().decode(decodeBase64Url(encoded))).toBe(text);
  });

  it('uses - and _ where base64 has + and /', () => {
    expect(encodeBase64Url(bytes(0xfb, 0xff, 0xbf))).toBe('-_-_');
    expect(decodeBase64Url('-_-_')).toEqual(bytes(0xfb, 0xff, 0xbf));
  });

  it('refuses the plain base64 alphabet, padding, spaces and a length no encoding produces', () => {
    for (const text of ['+/+/', 'Zg==', 'Zm 9v', 'Z']) expect(decodeBase64Url(text), text).toBeUndefined();
  });

  it('round-trips any bytes, including inputs longer than one 32 KiB slice', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70_000 }), (b) => {
        expect(decodeBase64Url(encodeBase64Url(b))).toEqual(b);
      }),
      { numRuns: 40 },
    );
  });
});
