/**
 * The HTTP reader's figures for `npm run bench`: classifyHttpExchange over recorded HAR files (every exchange in
 * order, one session state per file, as `mcp-lab classify --http` reads them), in exchanges per CPU second, and the
 * event-stream parser over every text/event-stream body in them, in MiB per CPU second. The HARs are BENCH_HAR (a
 * comma-separated list of files), else every *.har under test/recordings/ (written by `npm run record:conformance`).
 * Figures only: nothing here asserts a time.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { classifyHttpExchange, createHttpSession, parseEventStream, readHar, type HarExchange } from '#message-model';

const RECORDINGS = new URL('../recordings/', import.meta.url);

function harFiles(): string[] {
  if (process.env.BENCH_HAR) return process.env.BENCH_HAR.split(',').filter(Boolean);
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.har')) out.push(path);
    }
  };
  walk(fileURLToPath(RECORDINGS));
  return out.sort();
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Prints the HTTP reader's figures, or why there are none. */
export function benchHttpReader(rounds: number): void {
  const files = harFiles();
  const recordings: HarExchange[][] = [];
  for (const f of files) {
    const har = readHar(readFileSync(f, 'utf8'));
    if (har.kind === 'har') recordings.push(har.exchanges);
    else console.log(`http: ${f} is not read: ${har.message}`);
  }
  const exchanges = recordings.reduce((n, r) => n + r.length, 0);
  if (exchanges === 0) {
    console.log(
      'http: no recorded HAR (set BENCH_HAR, or run `npm run record:conformance` to write test/recordings/): no HTTP figures',
    );
    return;
  }
  const streams = recordings
    .flat()
    .filter((e) =>
      JSON.stringify(e.exchange.response.headers ?? [])
        .toLowerCase()
        .includes('text/event-stream'),
    )
    .map((e) => e.exchange.response.body ?? '');
  const sseBytes = streams.reduce((n, s) => n + new TextEncoder().encode(s).length, 0);
  let checksum = 0;
  const readAll = () => {
    for (const r of recordings) {
      const session = createHttpSession();
      for (const e of r) {
        const c = classifyHttpExchange(e.exchange, { session });
        checksum += c.kind === 'exchange' ? c.findings.length : 0;
      }
    }
  };
  const parseAll = () => {
    for (const s of streams) checksum += parseEventStream(s).events.length;
  };
  readAll();
  parseAll();
  // Enough repetitions per round for the CPU clock to resolve it.
  const reps = Math.max(1, Math.ceil(20_000 / exchanges));
  const sseReps = Math.max(1, Math.ceil((64 * 1024 * 1024) / Math.max(1, sseBytes)));
  const perSecond: number[] = [];
  const ssePerSecond: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    let t = cpuMs();
    for (let i = 0; i < reps; i += 1) readAll();
    perSecond.push((exchanges * reps) / ((cpuMs() - t) / 1000));
    t = cpuMs();
    for (let i = 0; i < sseReps; i += 1) parseAll();
    ssePerSecond.push((sseBytes * sseReps) / 1024 / 1024 / ((cpuMs() - t) / 1000));
  }
  if (checksum === -1) console.log('unreachable');
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  console.log(
    `http: ${files.length} HAR file${files.length === 1 ? '' : 's'}, ${exchanges} exchanges, ${streams.length} SSE bodies (${(sseBytes / 1024).toFixed(1)} KiB); median of ${rounds} rounds, per CPU second`,
  );
  console.log(`http_exchanges_per_s=${Math.round(median(perSecond))}`);
  console.log(`sse_parser_mib_per_s=${median(ssePerSecond).toFixed(1)}`);
}
