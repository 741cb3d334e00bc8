/**
 * The compressed-link codec (src/lib/compressed-link.ts) against Node's own zlib as the oracle: what zlib deflates,
 * inflateText reads; what deflateText writes, zlib inflates; a deflate bomb stops at the cap with a message.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deflateText, inflateText } from '../../../src/lib/compressed-link.ts';

const MB = 1024 * 1024;

describe('compressed links', () => {
  it('round-trips text, non-ASCII included, in the format zlib reads', async () => {
    const text = `{"jsonrpc":"2.0","method":"ping","params":{"note":"Łódź 東京 ✓"}}`.repeat(50);
    const encoded = await deflateText(text);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(inflateRawSync(Buffer.from(encoded, 'base64url')).toString('utf8')).toBe(text);
    expect(await inflateText(encoded, { maxBytes: MB })).toEqual({ kind: 'text', text });
  });

  it('stops a deflate bomb at the cap: 64 MB from about 64 KB, refused past 4 MB', async () => {
    const bomb = deflateRawSync(Buffer.alloc(64 * MB, 0x61), { level: 9 }).toString('base64url');
    expect(bomb.length).toBeLessThan(128 * 1024);
    const result = await inflateText(bomb, { maxBytes: 4 * MB });
    expect(result).toEqual({
      kind: 'error',
      problem: 'too-large',
      message: 'it expands to more than 4 MB',
      inflated: expect.any(Number),
    });
    // What it cost: past the cap, by at most one slice's output (1 KB of input, deflate's best ratio ~1032:1).
    const inflated = result.kind === 'error' ? result.inflated : 0;
    expect(inflated).toBeGreaterThan(4 * MB);
    expect(inflated).toBeLessThanOrEqual(5 * MB);
  });

  it('accepts output of exactly the cap', async () => {
    const text = 'a'.repeat(4096);
    expect(await inflateText(deflateRawSync(Buffer.from(text)).toString('base64url'), { maxBytes: 4096 })).toEqual({
      kind: 'text',
      text,
    });
  });

  it('refuses an encoded text past maxEncodedChars before decoding it', async () => {
    const result = await inflateText('A'.repeat(300 * 1024), { maxBytes: MB, maxEncodedChars: 256 * 1024 });
    expect(result).toMatchObject({ kind: 'error', problem: 'too-large', message: /at most 256 KB/ });
  });

  it('says what is wrong with text that is not base64url, not deflate, cut short, or not UTF-8', async () => {
    expect(await inflateText('a+b/', { maxBytes: MB })).toMatchObject({ problem: 'encoding' });
    expect(await inflateText('', { maxBytes: MB })).toMatchObject({ problem: 'encoding' });
    expect(await inflateText(Buffer.from('plain text').toString('base64url'), { maxBytes: MB })).toMatchObject({
      problem: 'damaged',
    });
    const whole = deflateRawSync(Buffer.from('x'.repeat(10_000) + 'y'.repeat(10_000)));
    expect(
      await inflateText(whole.subarray(0, whole.length - 6).toString('base64url'), { maxBytes: MB }),
    ).toMatchObject({ problem: 'damaged' });
    const latin1 = deflateRawSync(Buffer.from([0xff, 0xfe, 0x41])).toString('base64url');
    expect(await inflateText(latin1, { maxBytes: MB })).toMatchObject({ problem: 'damaged', message: /UTF-8/ });
  });
});
