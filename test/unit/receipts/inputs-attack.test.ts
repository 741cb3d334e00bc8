/**
 * Attack tests for the roster's budget on expanding compressed receipts: tokens built to be refused after the work
 * of inflating them is done.
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESSED_PREFIX, MAX_EXPANDED_BYTES_IN_ALL } from '../../../src/receipts/encode.ts';
import { collectRosterInputs } from '../../../src/receipts/inputs.ts';

/** How many inputs were refused because the run's expansion budget was spent. */
const budgetRefusals = (inputs: Awaited<ReturnType<typeof collectRosterInputs>>['inputs']) =>
  inputs.filter((i) => 'error' in i && /already expand to 64 MB in all/.test(i.error)).length;

// A receipt may expand to 1 MB, the run to 64 MB: at most about 64 tokens' worth of inflating in all.
const mostInflated = Math.ceil(MAX_EXPANDED_BYTES_IN_ALL / (1024 * 1024)) + 1;

describe('compressed tokens that are refused after inflating', () => {
  it('spend the run’s budget too: 200 tokens each over the 1 MB cap stop being inflated after about 64', async () => {
    // 1,468 characters each, so 32 MB of paste holds about 22,800 of them: each was inflated to the 1 MB cap and
    // refused without counting, so the 64 MB budget never ran out and the run inflated 22 GB (about a minute).
    const token =
      COMPRESSED_PREFIX +
      deflateRawSync(Buffer.alloc(1024 * 1024 + 64 * 1024, 0x20), { level: 9 }).toString('base64url');
    const { inputs } = await collectRosterInputs([{ name: 'bombs.txt', text: Array(200).fill(token).join('\n') }]);
    expect(inputs).toHaveLength(200);
    expect(budgetRefusals(inputs)).toBeGreaterThanOrEqual(200 - mostInflated);
  });

  it('spend it when cut short as well: 200 truncated tokens of almost 1 MB each stop being inflated after about 64', async () => {
    const full = deflateRawSync(Buffer.alloc(1024 * 1024 - 16, 0x20), { level: 9 });
    const token = COMPRESSED_PREFIX + full.subarray(0, full.length - 4).toString('base64url');
    const { inputs } = await collectRosterInputs([{ name: 'cut.txt', text: Array(200).fill(token).join('\n') }]);
    expect(inputs).toHaveLength(200);
    expect(budgetRefusals(inputs)).toBeGreaterThanOrEqual(200 - mostInflated);
  });
});
