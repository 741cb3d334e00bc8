/**
 * `mcp-lab classify --http FILE`: reads a HAR file (HTTP Archive 1.2, as browsers' network panels export it), or one
 * exchange as JSON ({ request, response }), and prints classifyHttpExchange's reading of every MCP exchange in it:
 * what the status and the JSON-RPC body each say, whether they agree, who broke a rule, and each finding with where it
 * points and its spec section. Every verdict comes from `#message-model` (readHar, classifyHttpExchange); this file
 * reads input and prints. Text from the input is escaped before it reaches a terminal.
 */
import { stat } from 'node:fs/promises';
import {
  HAR_MAX_BYTES,
  classifyHttpExchange,
  createHttpSession,
  describeReply,
  readHar,
  statusLine,
  type HttpClassifyResult,
  type HttpExchange,
  type HttpExchangeClassification,
  type HttpLocation,
  type Protocol,
} from '#message-model';
import { UsageError, describeSource, readWholeText, write, type CliIo, type InputSource } from '../command.ts';
import { escapeControls, terminalSafeJson } from '../../lib/text.ts';
import { isRecord } from '../../lib/record.ts';

/** The help lines `classify` shows for --http. */
export const HTTP_HELP = `  --http               the input is a HAR file (browser "Save all as HAR"), or
                       one exchange as JSON: {"request": {"method", "headers",
                       "body"}, "response": {"status", "headers", "body"}};
                       each MCP exchange is read layer by layer (status,
                       headers, JSON-RPC body); at most ${HAR_MAX_BYTES / 1024 / 1024} MiB; judged under
                       --protocol, else the era the body shows (the
                       2026-07-28 _meta envelope, an initialize and its
                       answer, an earlier initialize of the same session in
                       the HAR), else the MCP-Protocol-Version header, else
                       2026-07-28`;

interface Item {
  /** The HAR entry's index, or null for a single exchange. */
  entry: number | null;
  url: string;
  result: HttpClassifyResult;
}

/** Reads the input and turns it into classified exchanges, or throws UsageError with a sentence saying why not. */
async function readExchanges(
  source: InputSource,
  protocol: Protocol | undefined,
  io: CliIo,
): Promise<{ items: Item[]; skipped: string[] }> {
  if (source.kind === 'file') {
    const size = await stat(source.path).then(
      (s) => s.size,
      () => undefined,
    );
    if (size !== undefined && size > HAR_MAX_BYTES)
      throw new UsageError(
        `${describeSource(source)} is ${(size / 1024 / 1024).toFixed(1)} MiB; --http reads at most ${HAR_MAX_BYTES / 1024 / 1024} MiB. Export only the MCP requests (filter the network panel by the endpoint), or split the file.`,
      );
  }
  const text = await readWholeText(source, io);
  const options = protocol === undefined ? {} : { protocol };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (isRecord(value) && isRecord(value.request) && isRecord(value.response) && !('log' in value)) {
    const exchange = value as HttpExchange;
    const url = typeof value.request.url === 'string' ? value.request.url : '';
    return { items: [{ entry: null, url, result: classifyHttpExchange(exchange, options) }], skipped: [] };
  }
  const har = readHar(text);
  if (har.kind === 'bad-input')
    throw new UsageError(
      `${describeSource(source)}: ${har.message} (--http takes a HAR file or one {"request", "response"} exchange)`,
    );
  // One session state for the whole file, read in order: an initialize decides the era of the exchanges after it.
  const session = createHttpSession();
  return {
    items: har.exchanges.map((e) => ({
      entry: e.index,
      url: e.url,
      result: classifyHttpExchange(e.exchange, { ...options, session }),
    })),
    skipped: har.skipped,
  };
}

function where(l: HttpLocation): string {
  const field =
    l.field === 'header'
      ? `header ${l.header ?? ''}`
      : l.field === 'body'
        ? `body${l.event !== undefined ? ` event ${l.event + 1}` : ''}${l.pointer ? ` ${l.pointer}` : ''}`
        : l.field === 'status'
          ? 'status'
          : 'method';
  return `${l.part} ${field}`;
}

const WHO: Record<HttpExchangeClassification['brokenBy'], string> = {
  nobody: 'nobody',
  client: 'the client (the request)',
  server: 'the server (the response)',
  both: 'both the client and the server',
};

/** The text report of one exchange; every string that can come from the input is escaped. */
function textReport(item: Item, c: HttpExchangeClassification): string {
  const e = escapeControls;
  const head = `${item.entry === null ? 'exchange' : `entry ${item.entry}`}: ${c.request.method} ${e(item.url)} -> ${statusLine(c.response.status)} (${c.protocol})`;
  const expected = c.expected
    ? `  expected: ${c.expected.status ?? 'an HTTP error status'} (${c.expected.strength === 'sdk' ? 'not pinned by MCP; the official SDK' : `spec ${c.expected.strength.toUpperCase()}`}) ${e(c.expected.why)}`
    : undefined;
  const lines = [
    head,
    `  http: ${e(c.http.says)}`,
    `  json-rpc: ${e(c.jsonrpc.says)}`,
    `  era: ${c.protocol} (${c.era.source}): ${e(c.era.evidence)}`,
    `  layers: ${c.agree ? 'agree' : 'disagree'}; rule broken by: ${WHO[c.brokenBy]}`,
    ...(expected ? [expected] : []),
    ...(c.owed ? [`  owed: ${e(describeReply(c.owed, c.protocol))}`] : []),
  ];
  for (const f of c.findings)
    lines.push(
      `  ${f.severity} ${f.id} at ${e(where(f.location))}: ${e(f.message)}`,
      `    ${f.spec.section} <${f.spec.url}>`,
    );
  return `${lines.join('\n')}\n\n`;
}

/** Runs `classify --http`: prints each exchange (text report or one JSON object per line), then a summary. */
export async function classifyHttp(
  source: InputSource,
  protocol: Protocol | undefined,
  format: 'json' | 'text',
  io: CliIo,
): Promise<void> {
  const { items, skipped } = await readExchanges(source, protocol, io);
  let withErrors = 0;
  let disagree = 0;
  const out: string[] = [];
  for (const item of items) {
    const c = item.result;
    if (c.kind === 'bad-input') {
      out.push(
        format === 'json'
          ? `${terminalSafeJson({ entry: item.entry, url: item.url, badInput: c.message })}\n`
          : `${item.entry === null ? 'exchange' : `entry ${item.entry}`}: not read: ${escapeControls(c.message)}\n\n`,
      );
      continue;
    }
    if (c.findings.some((f) => f.severity === 'error')) withErrors += 1;
    if (!c.agree) disagree += 1;
    out.push(
      format === 'json'
        ? `${terminalSafeJson({ entry: item.entry, url: item.url, classification: c })}\n`
        : textReport(item, c),
    );
  }
  const read = items.filter((i) => i.result.kind === 'exchange').length;
  if (format === 'json') {
    out.push(`${terminalSafeJson({ summary: { exchanges: read, withErrors, disagree, skipped } })}\n`);
  } else {
    out.push(
      `Summary of ${escapeControls(describeSource(source))}: ${read} MCP exchange${read === 1 ? '' : 's'}, ${withErrors} breaking a rule, ${disagree} whose layers disagree\n`,
      ...skipped.map((s) => `  skipped ${escapeControls(s)}\n`),
    );
    if (items.length === 0) out.push('  no MCP exchange found: no request carried an MCP header or a JSON-RPC body\n');
  }
  await write(io.stdout, out.join(''));
}
