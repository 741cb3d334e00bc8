/**
 * collectRosterInputs (src/receipts/inputs.ts) caps what one run reads: the text in all, the number of
 * pieces, and what compressed receipts may expand to in all; each cap is a message naming the source, and the
 * receipts before it are still graded.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESSED_PREFIX, MAX_EXPANDED_BYTES_IN_ALL } from '../../../src/receipts/encode.ts';
import { gradeReceipts } from '../../../src/receipts/grade.ts';
import { collectRosterInputs, MAX_ROSTER_CHARS, MAX_ROSTER_PIECES } from '../../../src/receipts/inputs.ts';
import { serializeReceipt } from '../../../src/receipts/schema.ts';
import { COURSE, goodChapters, receiptFor } from './support.ts';

const ada = serializeReceipt(receiptFor('Ada', goodChapters()));

describe('collectRosterInputs', () => {
  it('reads 100,000 {} and a real receipt: one input each, nothing thrown, the receipt counted', async () => {
    const { inputs } = await collectRosterInputs([
      { name: 'flood.json', text: '{}'.repeat(100_000) },
      { name: 'ada.json', text: ada },
    ]);
    expect(inputs).toHaveLength(100_001);
    const roster = gradeReceipts(inputs, COURSE);
    expect(roster.counted).toBe(1);
    expect(roster.flagged).toBe(100_000);
  });

  it('stops at MAX_ROSTER_PIECES pieces and says the rest of the file was not read', async () => {
    const { inputs } = await collectRosterInputs([{ name: 'huge.json', text: '{}'.repeat(MAX_ROSTER_PIECES + 5) }]);
    expect(inputs).toHaveLength(MAX_ROSTER_PIECES + 1);
    expect(inputs.at(-1)).toMatchObject({
      source: 'huge.json (the rest)',
      error: expect.stringMatching(/only the first 200,000 pieces were read; the rest of it was not/),
    });
  });

  it('does not read a text that takes the input over MAX_ROSTER_CHARS in all, and says so', async () => {
    const half = ' '.repeat(MAX_ROSTER_CHARS / 2 + 1);
    const { inputs } = await collectRosterInputs([
      { name: 'ada.json', text: ada },
      { name: 'a.txt', text: half },
      { name: 'b.txt', text: half },
    ]);
    expect(inputs.map((i) => ('error' in i ? `${i.source}: ${i.error}` : i.source))).toEqual([
      'ada.json',
      'b.txt: b.txt: not read: with it the input is over 32 MB in all. Grade it on its own.',
    ]);
  });

  it('lets compressed receipts expand to MAX_EXPANDED_BYTES_IN_ALL in all, then stops expanding', async () => {
    // Each token expands to just under the 1 MB a receipt may: 80 of them would be 80 MB.
    const each = 1024 * 1024 - 16;
    const token = COMPRESSED_PREFIX + deflateRawSync(Buffer.alloc(each, 0x20), { level: 9 }).toString('base64url');
    const { inputs } = await collectRosterInputs([{ name: 'bombs.txt', text: Array(80).fill(token).join('\n') }]);
    const refused = inputs.filter((i) => 'error' in i && /already expand to 64 MB in all/.test(i.error));
    expect(refused.length).toBeGreaterThan(0);
    expect(inputs.length - refused.length).toBeLessThanOrEqual(Math.ceil(MAX_EXPANDED_BYTES_IN_ALL / each) + 1);
  });
});

describe('a receipt nested a million levels deep', () => {
  it('is flagged as malformed, never thrown', async () => {
    const deep = `{"format":"mcp-message-lab/receipt","version":1,"chapters":{"01-shapes":{"hints":0,"solutions":0,"check":{"answers":{"q":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}}}}}`;
    const roster = gradeReceipts([{ source: 'deep.json', content: deep }], COURSE);
    expect(roster.entries).toMatchObject([{ kind: 'flagged', reason: 'malformed' }]);
  });
});
