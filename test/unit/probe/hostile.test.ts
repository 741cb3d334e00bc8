/**
 * The probe against servers that are broken or hostile: each case ends in a report (every check with a clear line),
 * never a hang or a crash, and the probe keeps no more than its caps.
 */
import { PassThrough } from 'node:stream';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { serveDeskStdio } from '../../../exercises/11-capstone-incident-desk/stdio-lines.ts';
import {
  createDeskState,
  createIncidentDesk,
} from '../../../exercises/11-capstone-incident-desk/incident-desk.solution.ts';
import { CHANNEL_LIMITS, createLineChannel } from '../../../src/probe/channel.ts';
import { ProbeReportSchema, type ProbeReport } from '../../../src/probe/report.ts';
import { probeHttp, probeStdio } from './harness.ts';

const FAST = { timeoutMs: 200 };
const valid = (report: ProbeReport) => expect(ProbeReportSchema.safeParse(report).success).toBe(true);
const statuses = (report: ProbeReport) => new Set(report.checks.map((c) => c.status));

/** A raw stdio server: `onLine` sees each line the probe writes and may write to `output`. */
const raw =
  (onLine: (line: string, output: PassThrough) => void) => async (input: PassThrough, output: PassThrough) => {
    const lines = createInterface({ input });
    lines.on('line', (line) => onLine(line, output));
    return { close: async () => lines.close() };
  };

/** The worked desk with `transform` between the SDK's stdout and the probe. */
const desk =
  (transform: (line: string, write: (text: string) => void) => void) =>
  async (input: PassThrough, output: PassThrough) => {
    const fromSdk = new PassThrough();
    const state = createDeskState();
    const handle = serveDeskStdio(() => createIncidentDesk(state), input, fromSdk);
    const lines = createInterface({ input: fromSdk });
    lines.on('line', (line) => transform(line, (text) => output.write(`${text}\n`)));
    return { close: async () => (lines.close(), handle.close()) };
  };

describe('a stdio server that misbehaves', () => {
  it('never answers: every check fails with a timeout line, within the timeouts', async () => {
    const report = await probeStdio(
      raw(() => {}),
      FAST,
    );
    valid(report);
    expect(statuses(report)).toEqual(new Set(['fail']));
    expect(report.checks[0]!.explanation).toMatch(/^Not reached: the opening failed/);
    expect(report.score.must.passed).toBe(0);
  });

  it('exits at once: every check fails and says the server closed its stdout', async () => {
    const report = await probeStdio(
      raw((_line, output) => output.end()),
      FAST,
    );
    valid(report);
    expect(statuses(report)).toEqual(new Set(['fail']));
    expect(report.checks[0]!.explanation).toMatch(/closed its stdout/);
  });

  it('floods stdout: the probe stops reading at its line cap and reports the flood', async () => {
    const flood = raw((_line, output) => {
      for (let i = 0; i < CHANNEL_LIMITS.lines + 10; i += 1)
        output.write('{"jsonrpc":"2.0","method":"notifications/message"}\n');
    });
    const report = await probeStdio(flood, FAST);
    valid(report);
    expect(report.checks.some((c) => /more than 2000 lines/.test(c.explanation))).toBe(true);
    expect(report.score.must.passed).toBeLessThan(report.score.must.of);
  });

  it('answers with a line one byte past the cap: the check says so', async () => {
    const long = raw((_line, output) => output.write(`${'x'.repeat(CHANNEL_LIMITS.lineBytes + 1)}\n`));
    const report = await probeStdio(long, FAST);
    valid(report);
    expect(report.checks.every((c) => c.status === 'fail')).toBe(true);
    expect(report.checks[0]!.received.length).toBeLessThanOrEqual(4_000);
  });

  it('answers out of order: each answer is matched by its id, and the desk still passes', async () => {
    let held: string | undefined;
    const swapped = desk((line, write) => {
      // Hold the answer to id 61 until the answer to id 62 has gone out.
      if (line.includes('"id":61')) held = line;
      else {
        write(line);
        if (line.includes('"id":62') && held) write(held);
      }
    });
    const report = await probeStdio(swapped, FAST);
    valid(report);
    expect(report.checks.find((c) => c.id === 'ids-in-flight')?.status).toBe('pass');
    expect(report.checks.filter((c) => c.status === 'fail')).toEqual([]);
  });

  it('sends requests of its own before each answer: they are kept apart from the answers', async () => {
    let n = 0;
    const chatty = desk((line, write) => {
      write(JSON.stringify({ jsonrpc: '2.0', id: `server-${++n}`, method: 'ping' }));
      write(line);
    });
    const report = await probeStdio(chatty, FAST);
    valid(report);
    expect(report.checks.filter((c) => c.status === 'fail').map((c) => c.id)).toEqual([]);
  });
});

describe('the line channel', () => {
  it('reads a line of exactly the cap, and cuts a line one byte longer', async () => {
    const input = new PassThrough();
    const channel = createLineChannel(input, new PassThrough(), { lineBytes: 16 });
    input.write(`${'a'.repeat(16)}\n${'b'.repeat(17)}\n`);
    await channel.waitFor(0, (line) => line.index === 1, 500);
    const [first, second] = channel.since(0);
    expect(first).toEqual({ index: 0, text: 'a'.repeat(16) });
    expect(second?.overlong).toBe(true);
  });
});

describe('an HTTP server that misbehaves', () => {
  it('never answers: every check fails with a timeout line', async () => {
    const report = await probeHttp(() => new Promise<Response>(() => {}), FAST);
    valid(report);
    expect(statuses(report)).toEqual(new Set(['fail']));
    expect(report.checks[0]!.explanation).toMatch(/no answer within 200 ms/);
  });

  it('answers with an endless event stream: the probe stops at its timeout and reports it', async () => {
    const endless = async () =>
      new Response(
        new ReadableStream({
          pull: async (controller) => {
            await new Promise((r) => setTimeout(r, 20));
            controller.enqueue(new TextEncoder().encode(': keep-alive\n\n'));
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    const report = await probeHttp(endless, FAST);
    valid(report);
    expect(statuses(report)).toEqual(new Set(['fail']));
  });

  it('is unreachable: every check fails and says why', async () => {
    const report = await probeHttp(() => Promise.reject(new TypeError('fetch failed')), FAST);
    valid(report);
    expect(report.checks[0]!.explanation).toMatch(/fetch failed/);
  });
});
