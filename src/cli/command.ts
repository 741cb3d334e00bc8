/**
 * What every `mcp-lab` subcommand looks like, and the small I/O toolkit they share: reading a file or stdin
 * (whole, or line by line as a stream), writing with back-pressure, and the one-line usage failure (exit 2).
 * Subcommands decide nothing about messages themselves: every verdict comes from `#message-model`.
 */
import { isUtf8 } from 'node:buffer';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import type { Readable, Writable } from 'node:stream';
import { countLineFeeds } from '../lib/lines.ts';

/** The streams a command reads and writes; the real process streams in the binary, others in tests. */
export interface CliIo {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable;
  stderr: Writable;
}

/** One subcommand: `mcp-lab <name> ...`. Add a new one by appending it to the table in commands/index.ts. */
export interface Command {
  /** The word after `mcp-lab`. */
  name: string;
  /** One line for `mcp-lab --help`. */
  summary: string;
  /** The full text of `mcp-lab <name> --help`, usage line first, with examples. */
  help: string;
  /** Runs the command with the arguments after its name; resolves to the exit code. Throws UsageError for exit 2. */
  run(args: string[], io: CliIo): Promise<number>;
}

/** Exit code when the input was read (whatever it classified as). */
export const EXIT_OK = 0;
/** Exit code for bad flags, an unknown protocol, or input that could not be read. */
export const EXIT_USAGE = 2;

/** A failure the user can fix: printed as one line on stderr, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Rewrites an error thrown by node:util parseArgs as a UsageError with one short sentence (Node's own messages
 * run to several sentences of advice about `--`).
 */
export function usageErrorFromParseArgs(error: unknown): UsageError {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split(/\.\s/)[0]!.replace(/\.$/, '');
  return new UsageError(first);
}

/** Largest input read as one message (UTF-16 units): V8 strings stop near 512 Mi, and no real message is this big. */
export const MAX_SINGLE_MESSAGE_CHARS = 256 * 1024 * 1024;

/** Where input comes from: a path, or stdin for `-` (or no argument when stdin is a pipe). */
export type InputSource = { kind: 'file'; path: string } | { kind: 'stdin' };

/** Picks the input source from the positional arguments; throws UsageError when it cannot. */
export function resolveSource(positionals: string[], io: CliIo, command: string): InputSource {
  if (positionals.length > 1) {
    throw new UsageError(
      `expected one FILE (or - for stdin), got ${positionals.length}: ${positionals.map((p) => JSON.stringify(p)).join(' ')}`,
    );
  }
  const arg = positionals[0];
  if (arg === undefined || arg === '-') {
    // Without a file and with a terminal on stdin, waiting for input would look like a hang.
    if (arg === undefined && io.stdin.isTTY)
      throw new UsageError(`no input: give a FILE, or pipe a message into "mcp-lab ${command} -"`);
    return { kind: 'stdin' };
  }
  return { kind: 'file', path: arg };
}

/** The name of a source for reports. */
export function describeSource(source: InputSource): string {
  return source.kind === 'stdin' ? '(stdin)' : source.path;
}

/** Turns a file-system error into one sentence naming the file. */
function unreadable(path: string, error: unknown): UsageError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const why =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EISDIR'
        ? 'it is a directory'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : error instanceof Error
            ? error.message
            : String(error);
  return new UsageError(`cannot read ${path}: ${why}`);
}

/** Opens the source as a byte stream, failing early (as a UsageError) when a file cannot be read. */
async function openBytes(source: InputSource, io: CliIo): Promise<Readable> {
  if (source.kind === 'stdin') return io.stdin;
  try {
    const info = await stat(source.path);
    if (info.isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
  } catch (error) {
    throw unreadable(source.path, error);
  }
  const stream = createReadStream(source.path);
  // Surface open errors (permissions) before the caller starts consuming.
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  }).catch((error: unknown) => {
    throw unreadable(source.path, error);
  });
  return stream;
}

/**
 * Turns byte chunks into text the way setEncoding('utf8') does (bytes that are not UTF-8 become U+FFFD, a character
 * split between chunks is joined), and checks each line's bytes with a streaming fatal decoder, so the lines that
 * were not UTF-8 are known (`bad`, 1-based, in order) by the time their newline is in the text. A chunk that is
 * already a string (a stream someone decoded) is passed on unchecked.
 */
class Utf8Reader {
  private readonly text = new StringDecoder('utf8');
  private check = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private line = 1;
  private lineBad = false;
  /** The checking decoder holds no start of a character (the last chunk checked ended with an ASCII byte). */
  private atBoundary = true;
  /** The lines whose bytes were not UTF-8, not yet taken. */
  readonly bad: number[] = [];

  /** With `firstOnly`, checking stops at the first bad line (a whole message needs only whether it was UTF-8). */
  private readonly firstOnly: boolean;
  constructor(firstOnly = false) {
    this.firstOnly = firstOnly;
  }

  decode(chunk: Buffer | string): string {
    if (typeof chunk === 'string') return chunk;
    if (this.firstOnly && this.bad.length > 0) return this.text.write(chunk);
    // Fast path: a chunk that is UTF-8 on its own, read while no line is bad and no character is cut open, has no bad
    // line; only its newlines are counted (a decode call per line made a log of short lines several times slower).
    if (this.atBoundary && !this.lineBad && isUtf8(chunk)) {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.line += 1;
      return this.text.write(chunk);
    }
    // An ASCII last byte ends any character, so the checking decoder holds nothing; otherwise assume it might.
    this.atBoundary = chunk.length === 0 ? this.atBoundary : chunk[chunk.length - 1]! < 0x80;
    // 0x0A is never part of a multi-byte sequence, so the byte lines are the text lines.
    for (let start = 0; ;) {
      const newline = chunk.indexOf(10, start);
      if (!this.lineBad) this.feed(chunk.subarray(start, newline === -1 ? chunk.length : newline), true);
      if (newline === -1) break;
      this.endLine();
      start = newline + 1;
    }
    return this.text.write(chunk);
  }

  /** Ends the input: the last line is checked (a sequence cut off at the end is not UTF-8); returns the text left. */
  end(): string {
    if (!(this.firstOnly && this.bad.length > 0)) this.endLine();
    return this.text.end();
  }

  private feed(bytes: Uint8Array, stream: boolean): void {
    try {
      this.check.decode(bytes, { stream });
    } catch {
      this.lineBad = true;
      this.check = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    }
  }

  private endLine(): void {
    if (!this.lineBad) this.feed(new Uint8Array(0), false);
    if (this.lineBad) this.bad.push(this.line);
    this.lineBad = false;
    this.line += 1;
  }
}

/** Reads the whole source as one string (one message), and whether its bytes were UTF-8. Refuses inputs past MAX_SINGLE_MESSAGE_CHARS. */
export async function readWholeMessage(source: InputSource, io: CliIo): Promise<{ text: string; utf8: boolean }> {
  const stream = await openBytes(source, io);
  const reader = new Utf8Reader(true);
  const parts: string[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const text = reader.decode(chunk as Buffer | string);
      length += text.length;
      if (length > MAX_SINGLE_MESSAGE_CHARS) {
        stream.destroy();
        throw new UsageError(
          `${describeSource(source)} is larger than ${MAX_SINGLE_MESSAGE_CHARS / 1024 / 1024} MiB: too large to classify as one message (for a log with one message per line, use --jsonl)`,
        );
      }
      parts.push(text);
    }
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw source.kind === 'file'
      ? unreadable(source.path, error)
      : new UsageError(`cannot read stdin: ${error instanceof Error ? error.message : String(error)}`);
  }
  parts.push(reader.end());
  return { text: parts.join(''), utf8: reader.bad.length === 0 };
}

/** Reads the whole source as one string, bytes that are not UTF-8 as U+FFFD (see readWholeMessage). */
export async function readWholeText(source: InputSource, io: CliIo): Promise<string> {
  return (await readWholeMessage(source, io)).text;
}

/** The longest line `readLineBlocks` hands on (UTF-16 units): a line past it is reported, not buffered. */
export const MAX_LINE_CHARS = 64 * 1024 * 1024;

/** What readLineBlocks yields: consecutive whole lines, or the number of a line too long to hold. */
export type LineBlock =
  | {
      kind: 'lines';
      text: string;
      firstLine: number;
      /** The numbers of the lines in this block whose bytes were not UTF-8 (their text has U+FFFD), when any. */
      notUtf8?: number[];
    }
  | { kind: 'too-long'; line: number; chars: number };

/**
 * Reads the source as newline-delimited text in blocks of whole lines, without holding the whole input in memory.
 * Each `lines` block is the exact text of consecutive lines (joined by "\n", no trailing newline) with the 1-based
 * number of its first line, so a caller can hand it to a line-oriented parser and shift the line numbers.
 *
 * A line longer than `maxLine` is never held: once it passes the cap its text is dropped as it arrives, and a
 * `too-long` block (its number, and how many characters it had, counted to its end) takes its place in order, so a
 * log with one endless line still reports every other line. Memory stays under about maxLine + blockChars.
 */
export async function* readLineBlocks(
  source: InputSource,
  io: CliIo,
  blockChars = 1 << 20,
  maxLine = MAX_LINE_CHARS,
): AsyncGenerator<LineBlock> {
  const stream = await openBytes(source, io);
  const reader = new Utf8Reader();
  // Text since the last block: whole lines, then the current line's start (`partial` characters of it). Only a
  // piece that contains a newline can end a block, so a single long line is collected as parts and joined once.
  let parts: string[] = [];
  let size = 0;
  let partial = 0;
  let skipping = false;
  let nextLine = 1;
  /** A `lines` block, with the lines of it that were not UTF-8 (those of lines before it were too long: dropped). */
  const lines = (text: string, firstLine: number): LineBlock => {
    const end = firstLine + countLineFeeds(text) + 1;
    while (reader.bad.length > 0 && reader.bad[0]! < firstLine) reader.bad.shift();
    const notUtf8: number[] = [];
    while (reader.bad.length > 0 && reader.bad[0]! < end) notUtf8.push(reader.bad.shift()!);
    return notUtf8.length > 0 ? { kind: 'lines', text, firstLine, notUtf8 } : { kind: 'lines', text, firstLine };
  };
  /** Ends the whole lines held so far as one block (the current line's start is dropped: it is over the cap). */
  function* closeBeforeLongLine(): Generator<LineBlock> {
    const held = parts.join('');
    const whole = held.slice(0, held.length - partial);
    if (whole !== '') {
      yield lines(whole.slice(0, -1), nextLine);
      nextLine += countLineFeeds(whole);
    }
    parts = [];
    size = 0;
    skipping = true;
  }
  /** Takes the next piece of decoded text. */
  function* take(text: string): Generator<LineBlock> {
    // Pieces no longer than the cap, so a line wholly inside one piece is never over it.
    for (let start = 0; start < text.length; start += maxLine) {
      let piece = text.slice(start, start + maxLine);
      const first = piece.indexOf('\n');
      if (skipping) {
        if (first === -1) {
          partial += piece.length;
          continue;
        }
        yield { kind: 'too-long', line: nextLine, chars: partial + first };
        nextLine += 1;
        skipping = false;
        partial = 0;
        piece = piece.slice(first + 1);
      } else if (first === -1 ? partial + piece.length > maxLine : partial + first > maxLine) {
        yield* closeBeforeLongLine();
        partial += first === -1 ? piece.length : first;
        if (first === -1) continue;
        yield { kind: 'too-long', line: nextLine, chars: partial };
        nextLine += 1;
        skipping = false;
        partial = 0;
        piece = piece.slice(first + 1);
      }
      const last = piece.lastIndexOf('\n');
      partial = last === -1 ? partial + piece.length : piece.length - last - 1;
      const cut = size + piece.length >= blockChars ? last : -1;
      if (cut === -1) {
        parts.push(piece);
        size += piece.length;
        continue;
      }
      parts.push(piece.slice(0, cut));
      const block = parts.join('');
      parts = [piece.slice(cut + 1)];
      size = parts[0]!.length;
      yield lines(block, nextLine);
      nextLine += countLineFeeds(block) + 1;
    }
  }
  try {
    // The reader checks a chunk's bytes before its text is taken, so every line a block ends is already checked.
    for await (const chunk of stream) yield* take(reader.decode(chunk as Buffer | string));
  } catch (error) {
    throw source.kind === 'file'
      ? unreadable(source.path, error)
      : new UsageError(`cannot read stdin: ${error instanceof Error ? error.message : String(error)}`);
  }
  yield* take(reader.end());
  if (skipping) {
    yield { kind: 'too-long', line: nextLine, chars: partial };
    return;
  }
  const rest = parts.join('');
  if (rest !== '') yield lines(rest, nextLine);
}

/** Writes text, waiting when the stream's buffer is full, so a huge report never piles up in memory. */
export async function write(stream: Writable, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}
