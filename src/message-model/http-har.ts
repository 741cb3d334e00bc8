/**
 * Reads HTTP traffic into exchanges: HAR files (HTTP Archive 1.2, as browsers' developer tools and proxies export
 * them; at most HAR_MAX_BYTES) and an exchange pasted as text the way developer tools and `curl -v` show it. Input
 * layout only: what the exchanges mean is http.ts's. Never throws.
 */
import { z } from 'zod';
import type { HttpExchange } from './http.ts';

/** The largest HAR text readHar accepts (32 MiB): a browser export of a long session, not a disk image. */
export const HAR_MAX_BYTES = 32 * 1024 * 1024;

const HarHeaderSchema = z.object({ name: z.string(), value: z.string() });
const HarEntrySchema = z.object({
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.array(HarHeaderSchema),
    postData: z.object({ mimeType: z.string().optional(), text: z.string().optional() }).optional(),
  }),
  response: z.object({
    status: z.number(),
    headers: z.array(HarHeaderSchema),
    content: z
      .object({ mimeType: z.string().optional(), text: z.string().optional(), encoding: z.string().optional() })
      .optional(),
  }),
});
const HarSchema = z.object({ log: z.object({ entries: z.array(z.unknown()) }) });

/** One HAR entry read as an exchange, with its position in the file. */
export interface HarExchange {
  /** The entry's index in log.entries (0-based). */
  index: number;
  url: string;
  exchange: HttpExchange;
}

/** What readHar found: the MCP exchanges, and a sentence for each entry it skipped. */
export type HarReading =
  { kind: 'har'; exchanges: HarExchange[]; skipped: string[] } | { kind: 'bad-input'; message: string };

/** True when a HAR entry looks like MCP traffic: an MCP header, or a JSON-RPC body. */
function looksLikeMcp(entry: z.infer<typeof HarEntrySchema>): boolean {
  const names = entry.request.headers.map((h) => h.name.toLowerCase());
  if (names.some((n) => n === 'mcp-protocol-version' || n === 'mcp-method' || n === 'mcp-session-id')) return true;
  return /"jsonrpc"\s*:/.test(entry.request.postData?.text ?? '');
}

/**
 * Reads a HAR file (HTTP Archive 1.2, as browsers' developer tools export it) into exchanges. Entries that are not
 * MCP traffic are skipped and counted; a broken entry is skipped with its index named. A text over `maxBytes`
 * (default HAR_MAX_BYTES) or that is not a HAR document comes back as `bad-input`. Never throws.
 */
export function readHar(text: string, maxBytes = HAR_MAX_BYTES): HarReading {
  if (typeof text !== 'string') return { kind: 'bad-input', message: 'A HAR file is text.' };
  if (text.length > maxBytes)
    return {
      kind: 'bad-input',
      message: `The HAR text is ${text.length} characters; the limit is ${maxBytes}. Export only the MCP requests, or split the file.`,
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      kind: 'bad-input',
      message: `Not a HAR file: the text is not JSON (${error instanceof Error ? error.message : String(error)}).`,
    };
  }
  const har = HarSchema.safeParse(value);
  if (!har.success)
    return {
      kind: 'bad-input',
      message: 'Not a HAR file: there is no log.entries list (HAR 1.2 keeps every request in log.entries).',
    };
  const exchanges: HarExchange[] = [];
  const skipped: string[] = [];
  let other = 0;
  har.data.log.entries.forEach((raw, index) => {
    const entry = HarEntrySchema.safeParse(raw);
    if (!entry.success) {
      const issue = entry.error.issues[0];
      skipped.push(
        `entry ${index}: not a HAR entry (${issue?.path.join('.') || 'entry'}: ${issue?.message ?? 'invalid'})`,
      );
      return;
    }
    const e = entry.data;
    if (!looksLikeMcp(e)) {
      other += 1;
      return;
    }
    const content = e.response.content;
    let body = content?.text;
    if (body !== undefined && content?.encoding === 'base64') {
      try {
        body = new TextDecoder().decode(Uint8Array.from(atob(body), (c) => c.charCodeAt(0)));
      } catch {
        skipped.push(`entry ${index}: the response body is marked base64 but does not decode`);
        return;
      }
    }
    if (e.response.status < 100 || e.response.status > 599) {
      skipped.push(
        `entry ${index}: status ${e.response.status} is not an HTTP response (an aborted or blocked request)`,
      );
      return;
    }
    exchanges.push({
      index,
      url: e.request.url,
      exchange: {
        request: {
          method: e.request.method,
          url: e.request.url,
          headers: e.request.headers,
          ...(e.request.postData?.text !== undefined ? { body: e.request.postData.text } : {}),
        },
        response: { status: e.response.status, headers: e.response.headers, ...(body !== undefined ? { body } : {}) },
      },
    });
  });
  if (other > 0)
    skipped.push(
      `${other} entr${other === 1 ? 'y' : 'ies'} with no MCP header and no JSON-RPC body (pages, scripts, images)`,
    );
  return { kind: 'har', exchanges, skipped };
}

/** What readHttpText found: an exchange ready for classifyHttpExchange, or a sentence saying what is wrong. */
export type HttpTextReading = { kind: 'exchange'; exchange: HttpExchange } | { kind: 'bad-input'; message: string };

/** Splits a message's text into its start line, header fields and body (the body after the first blank line). */
function splitHttpText(
  text: string,
  what: 'request' | 'response',
): { start: string; headers: [string, string][]; body: string } | string {
  const normal = text.replace(/\r\n?/g, '\n').replace(/^\n+/, '');
  const blank = normal.indexOf('\n\n');
  const head = blank === -1 ? normal : normal.slice(0, blank);
  const body = blank === -1 ? '' : normal.slice(blank + 2);
  const [start = '', ...fields] = head.split('\n');
  const headers: [string, string][] = [];
  for (const [i, line] of fields.entries()) {
    const colon = line.indexOf(':');
    if (colon <= 0 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(line.slice(0, colon)))
      return `The ${what}'s line ${i + 2} is not a header field ("Name: value"): ${JSON.stringify(line.slice(0, 80))}. Leave one blank line between the headers and the body.`;
    headers.push([line.slice(0, colon), line.slice(colon + 1).trim()]);
  }
  return { start: start.trim(), headers, body };
}

/**
 * Reads an exchange pasted as text, the way developer tools and curl -v show it: the request ("POST /mcp HTTP/1.1",
 * header lines, a blank line, the body) and the response ("HTTP/1.1 200 OK" or just "200", header lines, a blank
 * line, the body). Each text may be at most `maxChars` (default HAR_MAX_BYTES). Never throws.
 */
export function readHttpText(requestText: string, responseText: string, maxChars = HAR_MAX_BYTES): HttpTextReading {
  if (typeof requestText !== 'string' || typeof responseText !== 'string')
    return { kind: 'bad-input', message: 'The request and the response are text.' };
  for (const [what, text] of [
    ['request', requestText],
    ['response', responseText],
  ] as const) {
    if (text.length > maxChars)
      return { kind: 'bad-input', message: `The ${what} is ${text.length} characters; the limit is ${maxChars}.` };
    if (text.trim() === '') return { kind: 'bad-input', message: `The ${what} is empty.` };
  }
  const req = splitHttpText(requestText, 'request');
  if (typeof req === 'string') return { kind: 'bad-input', message: req };
  const res = splitHttpText(responseText, 'response');
  if (typeof res === 'string') return { kind: 'bad-input', message: res };
  const requestLine = /^([A-Za-z]+)\s+(\S+)(?:\s+HTTP\/\d(?:\.\d)?)?$/.exec(req.start);
  if (!requestLine)
    return {
      kind: 'bad-input',
      message: `The request must start with a request line such as "POST /mcp HTTP/1.1"; it starts with ${JSON.stringify(req.start.slice(0, 80))}.`,
    };
  const statusMatch = /^(?:HTTP\/\d(?:\.\d)?\s+)?(\d{3})(?:\s.*)?$/.exec(res.start);
  const status = statusMatch ? Number(statusMatch[1]) : NaN;
  if (!(status >= 100 && status <= 599))
    return {
      kind: 'bad-input',
      message: `The response must start with a status line such as "HTTP/1.1 200 OK" (or just "200"); it starts with ${JSON.stringify(res.start.slice(0, 80))}.`,
    };
  return {
    kind: 'exchange',
    exchange: {
      request: {
        method: requestLine[1]!.toUpperCase(),
        url: requestLine[2]!,
        headers: req.headers,
        ...(req.body !== '' ? { body: req.body } : {}),
      },
      response: { status, headers: res.headers, ...(res.body !== '' ? { body: res.body } : {}) },
    },
  };
}
