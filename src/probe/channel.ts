/**
 * The probe's two wires to a server under test, each bounded, each with a timeout, neither trusting what comes
 * back: a line channel over a stdio server's stdout/stdin, and one HTTP exchange at a time over Streamable HTTP.
 * A server that floods, writes an endless line, exits or never answers ends in an event the runner reports.
 */
import type { Readable, Writable } from 'node:stream';

/** Caps on what the probe keeps from a server. */
export const CHANNEL_LIMITS = {
  /** Longest line (bytes) the probe reads as a message; a longer one is cut and reported. */
  lineBytes: 1024 * 1024,
  /** Lines kept over one run; past that the probe stops listening and reports a flood. */
  lines: 2_000,
  /** Bytes of lines kept over one run (a reference run writes a few kilobytes); past that, a flood too. */
  bytes: 16 * 1024 * 1024,
  /** Bytes of stderr kept for the report (the rest is counted). */
  stderrBytes: 8 * 1024,
  /** Bytes of an HTTP response body read. */
  httpBodyBytes: 1024 * 1024,
} as const;

/** One line the server wrote, as read (the text, cut when the line was longer than the cap). */
export interface ReceivedLine {
  /** Position in the run, from 0. */
  index: number;
  text: string;
  /** True when the line passed the line cap: `text` holds its start only. */
  overlong?: true;
}

/** What ended the channel, when it ended. */
export type ChannelEnd =
  { kind: 'exited'; detail: string } | { kind: 'flood'; detail: string } | { kind: 'write-failed'; detail: string };

/** A newline-delimited JSON channel to a stdio server. */
export interface LineChannel {
  /** Writes one message line (a newline is added). */
  send(line: string): void;
  /** Lines received from `from` (an index) on. */
  since(from: number): ReceivedLine[];
  /** The index the next received line will have. */
  mark(): number;
  /**
   * Resolves true as soon as a line from `from` on satisfies `test`, false when `timeoutMs` passes or the channel
   * ends first.
   */
  waitFor(from: number, test: (line: ReceivedLine) => boolean, timeoutMs: number): Promise<boolean>;
  /** Why the channel ended, once it has. */
  ended(): ChannelEnd | undefined;
}

/**
 * Reads the server's stdout (`input`) line by line and writes to its stdin (`output`). `onEnd` is for the owner's
 * own reasons (the process exited): call `end` to record them.
 */
export function createLineChannel(
  input: Readable,
  output: Writable,
  limits: { lineBytes?: number; lines?: number; bytes?: number } = {},
): LineChannel & { end(reason: ChannelEnd): void } {
  const lineCap = limits.lineBytes ?? CHANNEL_LIMITS.lineBytes;
  const lineMax = limits.lines ?? CHANNEL_LIMITS.lines;
  const bytesMax = limits.bytes ?? CHANNEL_LIMITS.bytes;
  const lines: ReceivedLine[] = [];
  let keptBytes = 0;
  const waiters = new Set<() => void>();
  let parts: Buffer[] = [];
  let partBytes = 0;
  let skipping = false;
  let finished: ChannelEnd | undefined;

  const wake = () => {
    for (const w of [...waiters]) w();
  };
  const end = (reason: ChannelEnd) => {
    if (finished) return;
    finished = reason;
    input.off('data', onData);
    wake();
  };
  const push = (line: Omit<ReceivedLine, 'index'>) => {
    if (lines.length >= lineMax) {
      end({ kind: 'flood', detail: `the server wrote more than ${lineMax} lines; the probe stopped reading` });
      return;
    }
    keptBytes += Buffer.byteLength(line.text);
    if (keptBytes > bytesMax) {
      end({
        kind: 'flood',
        detail: `the server wrote more than ${bytesMax / (1024 * 1024)} MiB of lines; the probe stopped reading`,
      });
      return;
    }
    lines.push({ index: lines.length, ...line });
    wake();
  };
  const onData = (chunk: Buffer) => {
    let start = 0;
    while (!finished && start < chunk.length) {
      const nl = chunk.indexOf(0x0a, start);
      const stop = nl === -1 ? chunk.length : nl;
      const piece = chunk.subarray(start, stop);
      if (!skipping) {
        if (partBytes + piece.length > lineCap) {
          const head = Buffer.concat([...parts, piece]).subarray(0, 200);
          push({ text: head.toString('utf8'), overlong: true });
          parts = [];
          partBytes = 0;
          skipping = true;
        } else {
          parts.push(piece);
          partBytes += piece.length;
        }
      }
      if (nl === -1) break;
      if (!skipping) {
        const text = Buffer.concat(parts).toString('utf8').replace(/\r$/, '');
        if (text.trim() !== '') push({ text });
      }
      parts = [];
      partBytes = 0;
      skipping = false;
      start = nl + 1;
    }
  };
  input.on('data', onData);
  input.once('end', () => end({ kind: 'exited', detail: 'the server closed its stdout' }));
  output.on('error', (error: Error) => end({ kind: 'write-failed', detail: error.message }));

  return {
    send(line) {
      if (finished || output.destroyed || output.writableEnded) return;
      output.write(`${line}\n`);
    },
    since: (from) => lines.slice(from),
    mark: () => lines.length,
    ended: () => finished,
    end,
    waitFor(from, test, timeoutMs) {
      return new Promise((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        // Each line is tested once: a flood of long lines must not be parsed again at every new line.
        let next = from;
        const check = () => {
          const fresh = lines.slice(next);
          next = Math.max(next, lines.length);
          if (fresh.some(test)) done(true);
          else if (finished) done(false);
        };
        const done = (value: boolean) => {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(value);
        };
        waiters.add(check);
        timer = setTimeout(() => done(false), timeoutMs);
        check();
      });
    },
  };
}

/** One HTTP request the probe makes. */
export interface HttpRequest {
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
}

/** What came back: status, headers (lower-case names) and body text, or why nothing did. */
export type HttpOutcome =
  | { kind: 'response'; status: number; headers: Record<string, string>; body: string; cut: boolean }
  | { kind: 'failed'; detail: string };

/** A fetch-shaped function: the global fetch for a URL, or a handler's own fetch in tests. */
export type FetchLike = (request: Request) => Promise<Response>;

/** Sends one request to `url` and reads at most `CHANNEL_LIMITS.httpBodyBytes` of the answer; never throws. */
export async function exchangeHttp(
  fetcher: FetchLike,
  url: string,
  request: HttpRequest,
  timeoutMs: number,
): Promise<HttpOutcome> {
  const controller = new AbortController();
  // A server (or an in-process handler) may ignore the abort signal: every await also races the deadline.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error('timeout'));
    }, timeoutMs);
  });
  deadline.catch(() => {});
  const fetcherWithDeadline = (r: Request) => Promise.race([fetcher(r), deadline]);
  try {
    // A redirect is the server's answer, judged as such: following it would contact a host the user did not give.
    const init: RequestInit = {
      method: request.method,
      headers: request.headers,
      redirect: 'manual',
      signal: controller.signal,
    };
    if (request.body !== undefined) init.body = request.body;
    const response = await fetcherWithDeadline(new Request(url, init));
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    const { text, cut } = await readCapped(response, CHANNEL_LIMITS.httpBodyBytes, deadline);
    return { kind: 'response', status: response.status, headers, body: text, cut };
  } catch (error) {
    const detail = controller.signal.aborted
      ? `no answer within ${timeoutMs} ms`
      : error instanceof Error
        ? error.message
        : String(error);
    return { kind: 'failed', detail };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads a response body up to `cap` bytes, then stops reading (an endless SSE stream ends here too). A body whose
 * reading fails (the deadline, or the request's abort signal) ends as cut too.
 */
export async function readCapped(
  response: Response,
  cap: number,
  deadline: Promise<never> = new Promise<never>(() => {}),
): Promise<{ text: string; cut: boolean }> {
  if (!response.body) return { text: '', cut: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let cut = false;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await Promise.race([reader.read(), deadline]);
    } catch {
      void reader.cancel().catch(() => {});
      // The timeout aborted a body still being written (an SSE stream left open): keep what came.
      cut = true;
      break;
    }
    const { done, value } = step;
    if (done) break;
    chunks.push(value);
    bytes += value.length;
    if (bytes > cap) {
      cut = true;
      await reader.cancel();
      break;
    }
  }
  const all = Buffer.concat(chunks).subarray(0, cap);
  return { text: new TextDecoder().decode(all), cut };
}
