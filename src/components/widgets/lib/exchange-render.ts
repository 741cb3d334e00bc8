/**
 * Renders an HTTP exchange and the model's reading of it (classifyHttpExchange), as HTML strings shared by the
 * build-time <HttpExchange> component and the <lab-http-exchange> element. The reading goes layer by layer: the
 * status line, the headers, the body, then whether the layers agree and who broke a rule. Pure string building:
 * nothing here decides anything about the exchange.
 */
import type { HttpExchangeClassification, HttpFinding, HttpLocation } from '#message-model';
import { escapeHtml } from '../../../lib/html.ts';

type Headers = Record<string, string> | { name: string; value: string }[] | [string, string][] | undefined;

/** The headers as [name, value] pairs, in the order given. */
export function headerPairs(headers: Headers): [string, string][] {
  if (!headers) return [];
  if (Array.isArray(headers)) return headers.map((h) => (Array.isArray(h) ? [h[0], h[1]] : [h.name, h.value]));
  return Object.entries(headers);
}

/** One header line, marked with its lower-cased name so a finding can point at it. */
export function renderHeaderLines(part: 'request' | 'response', headers: Headers): string {
  return headerPairs(headers)
    .map(
      ([name, value]) =>
        `<span class="lab-http-line" data-part="${part}" data-header="${escapeHtml(name.toLowerCase())}"><span class="lab-http-name">${escapeHtml(name)}:</span> ${escapeHtml(value)}</span>`,
    )
    .join('');
}

const WHO: Record<HttpExchangeClassification['brokenBy'], string> = {
  nobody: 'Nobody broke a rule of the spec.',
  client: 'The client broke a rule: the request is what is wrong.',
  server: 'The server broke a rule: the response is what is wrong.',
  both: 'Both sides broke a rule: the request and the response.',
};

const SEVERITY: Record<HttpFinding['severity'], string> = { error: 'Rule broken', warning: 'Risky', info: 'Note' };

/** Where a finding points, in words ("request header Mcp-Name", "response body, event 2, at /id"). */
export function locationWords(l: HttpLocation): string {
  const where =
    l.field === 'header'
      ? `header ${l.header ?? ''}`
      : l.field === 'status'
        ? 'status line'
        : l.field === 'method'
          ? 'method'
          : `body${l.event !== undefined ? `, event ${l.event + 1}` : ''}${l.pointer ? ` at ${l.pointer}` : ''}`;
  return `${l.part} ${where}`;
}

function renderFinding(f: HttpFinding): string {
  return (
    `<li class="lab-finding lab-${f.severity}"><span class="lab-sev">${SEVERITY[f.severity]}</span> ` +
    `<span class="lab-small">${escapeHtml(locationWords(f.location))}</span><br>${escapeHtml(f.message)} ` +
    `<a href="${escapeHtml(f.spec.url)}">${escapeHtml(f.spec.section)}</a></li>`
  );
}

function layer(title: string, says: string, findings: HttpFinding[]): string {
  const list = findings.length
    ? `<ul class="lab-findings">${findings.map(renderFinding).join('')}</ul>`
    : '<p class="lab-small">Nothing to note here.</p>';
  return `<li class="lab-http-layer"><h4>${title}</h4>${says ? `<p>${escapeHtml(says)}</p>` : ''}${list}</li>`;
}

/** The model's reading of an exchange, layer by layer, then the verdicts and the explanation. */
export function renderExchangeReading(c: HttpExchangeClassification): string {
  const at = (fields: HttpLocation['field'][]) => c.findings.filter((f) => fields.includes(f.location.field));
  const expected = c.expected
    ? `The spec ${
        c.expected.strength === 'sdk'
          ? `pins no status here; the official SDK sends ${c.expected.status ?? 'an error status'}`
          : `${c.expected.strength === 'must' ? 'requires' : 'recommends'} ${
              c.expected.status === null ? 'an HTTP error status' : c.expected.status
            }`
      }: ${c.expected.why}`
    : '';
  return (
    `<ol class="lab-http-layers">` +
    layer('1. The status line', `${c.http.says}${expected ? ` ${expected}` : ''}`, at(['status', 'method'])) +
    layer('2. The headers', '', at(['header'])) +
    layer('3. The JSON-RPC body', c.jsonrpc.says, at(['body'])) +
    `</ol>` +
    `<dl class="lab-facts">` +
    `<div><dt>Do the layers agree?</dt><dd>${c.agree ? 'Yes: they point the same way.' : 'No: they point different ways.'}</dd></div>` +
    `<div><dt>Who broke a rule?</dt><dd>${WHO[c.brokenBy]}</dd></div>` +
    `<div><dt>Judged under</dt><dd>MCP ${escapeHtml(c.protocol)}</dd></div>` +
    `</dl>` +
    `<p class="lab-http-explanation">${escapeHtml(c.explanation)}</p>`
  );
}

/** An exchange as the text developer tools show (request line or status line, headers, blank line, body). */
export function exchangeAsText(exchange: {
  request: { method: string; url?: string; headers?: Headers; body?: string };
  response: { status: number; headers?: Headers; body?: string };
}): { request: string; response: string } {
  const { request, response } = exchange;
  let path = request.url ?? '/mcp';
  try {
    path = new URL(path, 'https://mcp.example.com').pathname;
  } catch {
    // Keep the URL as written: readHttpText takes any request target.
  }
  const lines = (pairs: [string, string][]) => pairs.map(([n, v]) => `${n}: ${v}`);
  return {
    request: [
      `${request.method} ${path} HTTP/1.1`,
      ...lines(headerPairs(request.headers)),
      '',
      request.body ?? '',
    ].join('\n'),
    response: [`HTTP/1.1 ${response.status}`, ...lines(headerPairs(response.headers)), '', response.body ?? ''].join(
      '\n',
    ),
  };
}
