/**
 * `mcp-lab classify`: classifies one message (a file or stdin), or a captured stdio log with one message per line
 * (`--jsonl`), and prints the model's verdict as JSON lines or as a readable report. Every verdict, finding and
 * reply comes from `#message-model`; this file only reads input and prints.
 */
import { parseArgs } from 'node:util';
import {
  DEFAULT_PROTOCOL,
  MESSAGE_KINDS,
  describeSession,
  PROTOCOLS,
  classifyMessage,
  classifyNotUtf8,
  createLogAnalyzer,
  formatClassification,
  isProtocol,
  readHostLogLine,
  type Classification,
  type LogAnalysis,
  type LogEntry,
  type MessageKind,
  type Protocol,
} from '#message-model';
import {
  EXIT_OK,
  MAX_LINE_CHARS,
  UsageError,
  describeSource,
  readLineBlocks,
  readWholeMessage,
  resolveSource,
  usageErrorFromParseArgs,
  write,
  type CliIo,
  type Command,
  type InputSource,
} from '../command.ts';
import { escapeControls, escapeControlsDeep, terminalSafeJson } from '../../lib/text.ts';
import { HTTP_HELP, classifyHttp } from './classify-http.ts';
import { countLineFeeds } from '../../lib/lines.ts';

/** The output formats: one JSON object per line, or a report for people. */
export const OUTPUT_FORMATS = ['json', 'text'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

const HELP = `Usage: mcp-lab classify [--protocol P] [--jsonl | --http] [--format json|text] [FILE|-]

Classify a JSON-RPC / MCP message: what kind it is, what a conforming receiver owes
back, and every rule it breaks, each with the spec section it rests on.

Input
  FILE                 one message (the whole file is the message text)
  -                    read from stdin (also the default when stdin is a pipe)
  --jsonl              the input is a captured stdio log: one message per line,
                       blank lines skipped; any size, read as a stream; a line
                       longer than 64 MiB is reported as skipped, not read.
                       A host's log works too: a line with a timestamp and
                       "Message from client:" / "Message from server:" is read
                       as the message after it (its side helps pair ids), and
                       the host's own timestamped lines are left out
${HTTP_HELP}

Options
  --protocol P         classify against P: ${PROTOCOLS.join(' | ')}
                       (default ${DEFAULT_PROTOCOL}; with --jsonl, detected from
                       the log's initialize, server/discover or _meta envelope,
                       and the summary says which line decided it)
  --format json|text   json: one JSON object per input on its own line
                       (with --jsonl: {"line": N, "classification": {...}}
                       per line, then {"summary": {...}});
                       text: a readable report with the findings, and with
                       --jsonl a summary at the end: the protocol, requests
                       paired with responses by id, and what spans lines
                       (unanswered requests, responses to no request, ids
                       reused in flight, replies to notifications, responses
                       that do not fit their request) (default text); control
                       characters from the input are shown as \\u001b etc.
  -h, --help           show this help

Exit status
  0  the input was read (whatever it classified as: a parse error is a result)
  2  bad flags, an unknown protocol, or input that could not be read

Examples
  mcp-lab classify message.json
  mcp-lab classify --protocol jsonrpc-2.0 batch.json
  echo '{"jsonrpc":"2.0","id":null,"method":"ping"}' | mcp-lab classify --protocol 2025-11-25 -
  mcp-lab classify --jsonl --format json session.log > verdicts.jsonl
  mcp-lab classify --jsonl session.log            # report with a summary
  mcp-lab classify --http session.har             # every MCP exchange in a HAR file
  npm run --silent lab -- classify message.json   # from a clone, without npx
`;

/** Counts for the --jsonl text summary. */
interface LogSummary {
  lines: number;
  messages: number;
  /** Lines over MAX_LINE_CHARS, reported and not classified. */
  tooLong: number;
  /** Host log lines whose prefix was stripped, and host lines that carried no message. */
  stripped: number;
  hostLines: number;
  byKind: Record<MessageKind, number>;
  errorFindings: Map<string, number>;
}

function newSummary(): LogSummary {
  return {
    lines: 0,
    messages: 0,
    tooLong: 0,
    stripped: 0,
    hostLines: 0,
    byKind: Object.fromEntries(MESSAGE_KINDS.map((k) => [k, 0])) as Record<MessageKind, number>,
    errorFindings: new Map(),
  };
}

/** Adds a classification's findings of severity `error` (a batch's items included) to the tally. */
function tallyErrorFindings(c: Classification, into: Map<string, number>): void {
  for (const f of c.findings) if (f.severity === 'error') into.set(f.id, (into.get(f.id) ?? 0) + 1);
  if (c.kind === 'batch') for (const item of c.items) tallyErrorFindings(item, into);
}

/** At most this many cross-line problems are listed in the text summary (all are counted). */
const SUMMARY_ISSUES = 50;

function formatSummary(s: LogSummary, source: string, analysis: Omit<LogAnalysis, 'entries'>): string {
  const kinds = MESSAGE_KINDS.filter((k) => s.byKind[k] > 0).map((k) => `${k} ${s.byKind[k]}`);
  const total = [...s.errorFindings.values()].reduce((a, b) => a + b, 0);
  const byId = [...s.errorFindings.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const { counts, detection, issues, issueCounts } = analysis;
  const issueTotal = Object.values(issueCounts).reduce((a, b) => a + (b ?? 0), 0);
  const lines = [
    `Summary of ${source} (${analysis.protocol}): ${s.messages} message${s.messages === 1 ? '' : 's'} on ${s.lines} line${s.lines === 1 ? '' : 's'}`,
    `  protocol: ${analysis.protocol} (${detection.source}) ${escapeControls(detection.evidence)}`,
    `  by kind: ${kinds.length > 0 ? kinds.join(', ') : 'none (no non-blank lines)'}`,
    `  error findings: ${total}${byId.length > 0 ? ` (${byId.map(([id, n]) => `${id} ${n}`).join(', ')})` : ''}`,
    `  requests: ${counts.requests} (${counts.answered} answered, ${counts.unanswered} unanswered)`,
    `  session: ${describeSession(analysis)}`,
    ...(s.stripped + s.hostLines > 0
      ? [
          `  host log: ${s.stripped} line${s.stripped === 1 ? '' : 's'} with "Message from client:" / "Message from server:" (prefix stripped, side kept), ${s.hostLines} host line${s.hostLines === 1 ? '' : 's'} without a message left out`,
        ]
      : []),
    `  across lines: ${issueTotal}${
      issueTotal > 0
        ? ` (${Object.entries(issueCounts)
            .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0) || a[0].localeCompare(b[0]))
            .map(([id, n]) => `${id} ${n}`)
            .join(', ')})`
        : ''
    }`,
  ];
  for (const issue of issues.slice(0, SUMMARY_ISSUES)) {
    lines.push(
      `    line ${issue.line}${issue.related !== undefined ? ` (see line ${issue.related})` : ''}: ${issue.severity} ${issue.id}: ${escapeControls(issue.message)}`,
      `      ${issue.spec.section} <${issue.spec.url}>`,
    );
  }
  if (issueTotal > Math.min(issues.length, SUMMARY_ISSUES))
    lines.push(`    … and ${issueTotal - Math.min(issues.length, SUMMARY_ISSUES)} more`);
  if (s.tooLong > 0) lines.push(`  ${s.tooLong} line${s.tooLong === 1 ? '' : 's'} skipped (${TOO_LONG})`);
  return `${lines.join('\n')}\n`;
}

/** Why a line was not classified (the cap is MAX_LINE_CHARS). */
const TOO_LONG = `longer than ${MAX_LINE_CHARS / 1024 / 1024} MiB`;

/**
 * The text report of one classification. Every string in it that can come from the input (a method, a JSON path, a
 * quoted value) is escaped first, so the report prints as text and never drives the terminal.
 */
function textReport(c: Classification, indent = ''): string {
  return formatClassification(escapeControlsDeep(c), indent);
}

async function classifyOne(source: InputSource, protocol: Protocol, format: OutputFormat, io: CliIo): Promise<void> {
  const { text, utf8 } = await readWholeMessage(source, io);
  const c = utf8 ? classifyMessage(text, { protocol }) : classifyNotUtf8({ protocol });
  if (format === 'json') {
    await write(io.stdout, `${terminalSafeJson(c)}\n`);
  } else {
    await write(io.stdout, `${escapeControls(describeSource(source))} (${protocol})\n${textReport(c)}\n`);
  }
}

async function classifyJsonl(
  source: InputSource,
  protocol: Protocol | undefined,
  format: OutputFormat,
  io: CliIo,
): Promise<void> {
  const summary = newSummary();
  // The analyzer detects the protocol when none was given (holding lines back until a line decides it), pairs
  // requests with responses by id and checks what spans lines; this file only prints what it says.
  const analyzer = createLogAnalyzer(protocol === undefined ? {} : { protocol });
  // A skipped line waits until the lines before it are printed (the analyzer may be holding them back).
  const skipped: Array<{ line: number; text: string }> = [];
  const print = async (entries: LogEntry[], final = false) => {
    const out: string[] = [];
    const flushSkipped = (before: number) => {
      while (skipped.length > 0 && skipped[0]!.line < before) out.push(skipped.shift()!.text);
    };
    for (const { line, classification: c } of entries) {
      flushSkipped(line);
      summary.messages += 1;
      summary.byKind[c.kind] += 1;
      tallyErrorFindings(c, summary.errorFindings);
      out.push(
        format === 'json'
          ? `${terminalSafeJson({ line, classification: c })}\n`
          : `line ${line}\n${textReport(c, '  ')}\n\n`,
      );
    }
    if (final || !analyzer.holding()) flushSkipped(Number.POSITIVE_INFINITY);
    if (out.length > 0) await write(io.stdout, out.join(''));
  };
  for await (const block of readLineBlocks(source, io)) {
    if (block.kind === 'too-long') {
      summary.tooLong += 1;
      summary.lines = block.line;
      const why = `${TOO_LONG} (${block.chars.toLocaleString('en')} characters); not classified`;
      skipped.push({
        line: block.line,
        text:
          format === 'json'
            ? `${JSON.stringify({ line: block.line, skipped: why })}\n`
            : `line ${block.line}\n  skipped: ${why}\n\n`,
      });
      await print([]);
      continue;
    }
    // The framing rules (blank lines skipped, a trailing \r dropped) are the model's; lines are shifted to the
    // block's place in the whole log.
    const ready: LogEntry[] = [];
    const rows = block.text.split('\n');
    const notUtf8 = new Set(block.notUtf8);
    for (let i = 0; i < rows.length; i += 1) {
      const raw = rows[i]!.replace(/\r$/, '');
      const line = block.firstLine + i;
      if (raw.trim() === '') continue;
      // A host's log line: the message after "Message from client:" / "Message from server:", with its side; the
      // host's own lines carry no message (the model's readHostLogLine, as the Playground reads them).
      const host = readHostLogLine(raw);
      if (host?.kind === 'host') summary.hostLines += 1;
      else if (host?.kind === 'message') {
        summary.stripped += 1;
        ready.push(...analyzer.push(line, host.text, notUtf8.has(line), { side: host.side }));
      } else ready.push(...analyzer.push(line, raw, notUtf8.has(line)));
    }
    await print(ready);
    // A final newline ends the last line; it does not start another.
    summary.lines = block.firstLine + countLineFeeds(block.text) - (block.text.endsWith('\n') ? 1 : 0);
  }
  const end = analyzer.finish();
  await print(end.entries, true);
  if (format === 'json') {
    await write(
      io.stdout,
      `${terminalSafeJson({
        summary: {
          ...end.analysis,
          lines: summary.lines,
          skipped: summary.tooLong,
          stripped: summary.stripped,
          hostLines: summary.hostLines,
        },
      })}\n`,
    );
  } else {
    await write(io.stdout, formatSummary(summary, escapeControls(describeSource(source)), end.analysis));
  }
}

/** The `classify` subcommand. */
export const classifyCommand: Command = {
  name: 'classify',
  summary: 'classify a message, or a stdio log with --jsonl, against a protocol version',
  help: HELP,
  async run(args: string[], io: CliIo): Promise<number> {
    let parsed;
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        strict: true,
        options: {
          protocol: { type: 'string' },
          jsonl: { type: 'boolean' },
          http: { type: 'boolean' },
          format: { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
      });
    } catch (error) {
      throw usageErrorFromParseArgs(error);
    }
    const { values, positionals } = parsed;
    if (values.help) {
      await write(io.stdout, HELP);
      return EXIT_OK;
    }
    const given = values.protocol;
    if (given !== undefined && !isProtocol(given)) {
      throw new UsageError(`unknown protocol ${JSON.stringify(given)}: use one of ${PROTOCOLS.join(', ')}`);
    }
    const format = values.format ?? 'text';
    if (!(OUTPUT_FORMATS as readonly string[]).includes(format)) {
      throw new UsageError(`unknown format ${JSON.stringify(format)}: use one of ${OUTPUT_FORMATS.join(', ')}`);
    }
    const source = resolveSource(positionals, io, 'classify');
    if (values.http && values.jsonl) throw new UsageError('--http and --jsonl read different inputs: choose one');
    if (values.http) await classifyHttp(source, given, format as OutputFormat, io);
    else if (values.jsonl) await classifyJsonl(source, given, format as OutputFormat, io);
    else await classifyOne(source, given ?? DEFAULT_PROTOCOL, format as OutputFormat, io);
    return EXIT_OK;
  },
};
