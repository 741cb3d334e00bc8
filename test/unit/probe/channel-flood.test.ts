/**
 * The probe's line channel against a stdio server that floods it with long lines (the capstone issue: a server that
 * floods stdout ends in a clear report line, never a hang or a crash). Each line is examined once by a waiting
 * probe, however many come before the one it waits for; and what the channel keeps is bounded in bytes as well as
 * in lines, so 2,000 lines just under the 1 MiB line cap (2 GB) are not all held.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CHANNEL_LIMITS, createLineChannel } from '../../../src/probe/channel.ts';

describe('the line channel under a flood', () => {
  it('examines each line once while waiting, however many arrive', async () => {
    const input = new PassThrough();
    const channel = createLineChannel(input, new PassThrough());
    let examined = 0;
    const waiting = channel.waitFor(
      0,
      (line) => {
        examined += 1;
        return line.text === '"last"';
      },
      5_000,
    );
    // 500 lines, each its own chunk (as a server writing line by line delivers them), then the one waited for.
    for (let i = 0; i < 500; i += 1) {
      input.write(`{"n":${i}}\n`);
      await new Promise((done) => setImmediate(done));
    }
    input.write('"last"\n');
    expect(await waiting).toBe(true);
    expect(examined).toBe(501);
  });

  it('stops keeping lines past its byte cap and says the server flooded it', async () => {
    const input = new PassThrough();
    const channel = createLineChannel(input, new PassThrough());
    const line = `"${'x'.repeat(CHANNEL_LIMITS.lineBytes - 3)}"\n`;
    // 64 lines just under the line cap: 64 MiB, far under the 2,000-line cap.
    for (let i = 0; i < 64 && !channel.ended(); i += 1) {
      input.write(line);
      await new Promise((done) => setImmediate(done));
    }
    expect(channel.ended()?.kind).toBe('flood');
    expect(channel.ended()?.detail).toMatch(/MiB/);
    const kept = channel.since(0).reduce((n, l) => n + l.text.length, 0);
    // Half of what was sent is already more than a probe run needs (a reference run is a few kilobytes).
    expect(kept).toBeLessThan(32 * 1024 * 1024);
  });
});
