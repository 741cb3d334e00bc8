/**
 * The gallery of broken servers: each loses exactly the checks gallery/bugs.json says its bugs break (listed from
 * the bug, not from a run), on every transport and in every era it is meant for, and passes every other check the
 * probe attempts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buggyHttpHandler,
  serveBuggyStdio,
  type Bug,
} from '../../../exercises/11-capstone-incident-desk/gallery/seed.ts';
import { plainHttpHandler, servePlainStdio } from '../../../exercises/11-capstone-incident-desk/gallery/plain-sdk.ts';
import { ProbeReportSchema, type ProbeReport } from '../../../src/probe/report.ts';
import { probeHttp, probeStdio } from './harness.ts';

interface Entry {
  server: string;
  bugs: string[];
  transports: ('stdio' | 'http')[];
  eras: ('legacy' | 'modern')[];
  loses: string[];
  lossesOn?: Record<string, ('stdio' | 'http')[]>;
}
const GALLERY = new URL('../../../exercises/11-capstone-incident-desk/gallery/', import.meta.url);
const { servers } = JSON.parse(readFileSync(new URL('bugs.json', GALLERY), 'utf8')) as { servers: Entry[] };

const PROTOCOL = { legacy: '2025-11-25', modern: '2026-07-28' } as const;

async function probe(entry: Entry, transport: 'stdio' | 'http', era: 'legacy' | 'modern'): Promise<ProbeReport> {
  const options = { protocol: PROTOCOL[era] };
  if (entry.server === 'plain-sdk') {
    return transport === 'stdio'
      ? probeStdio(async (input, output) => servePlainStdio(input, output), options)
      : probeHttp(plainHttpHandler(), options);
  }
  const { bug } = (await import(new URL(`${entry.server}.ts`, GALLERY).href)) as { bug: Bug };
  return transport === 'stdio'
    ? probeStdio((input, output) => serveBuggyStdio(bug, input, output), options)
    : probeHttp(buggyHttpHandler(bug), options);
}

describe('the gallery of broken servers', () => {
  it('seeds at least ten bugs, the eight kinds among them, across both transports and both eras', () => {
    expect(servers.flatMap((s) => (s.server === 'plain-sdk' ? [] : s.bugs)).length).toBeGreaterThanOrEqual(10);
    expect(new Set(servers.flatMap((s) => s.transports))).toEqual(new Set(['stdio', 'http']));
    expect(new Set(servers.flatMap((s) => s.eras))).toEqual(new Set(['legacy', 'modern']));
    for (const s of servers) expect(s.bugs.length).toBeGreaterThanOrEqual(1);
    for (const s of servers) expect(s.bugs.length).toBeLessThanOrEqual(2);
  });

  for (const entry of servers) {
    for (const transport of entry.transports) {
      for (const era of entry.eras) {
        it(`${entry.server} over ${transport}, ${PROTOCOL[era]}: loses exactly ${entry.loses.join(', ')}`, async () => {
          const report = await probe(entry, transport, era);
          expect(ProbeReportSchema.safeParse(report).success).toBe(true);
          const made = new Set(report.checks.filter((c) => c.status !== 'not-attempted').map((c) => c.id));
          const expected = entry.loses
            .filter((id) => made.has(id))
            .filter((id) => !entry.lossesOn?.[id] || entry.lossesOn[id].includes(transport))
            .sort();
          const lost = report.checks
            .filter((c) => c.status === 'fail')
            .map((c) => c.id)
            .sort();
          expect(lost).toEqual(expected);
        });
      }
    }
  }
});
