/**
 * A recording reverse proxy on 127.0.0.1: it forwards every request byte for byte (headers included, Host too, so
 * the server sees what the suite sent) to one upstream URL, streams the answer back as it arrives (SSE stays
 * live), and keeps each exchange as a HAR 1.2 entry. An entry is written when the response ends, or, for a stream
 * the client or the recorder closes first, with what had arrived by then (`_incomplete: true`).
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';

export interface HarHeader {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    headers: HarHeader[];
    queryString: HarHeader[];
    cookies: [];
    headersSize: -1;
    bodySize: number;
    postData?: { mimeType: string; text: string };
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    headers: HarHeader[];
    cookies: [];
    content: { size: number; mimeType: string; text: string };
    redirectURL: '';
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  /** The conformance scenario that was running when the request came in. */
  _scenario: string;
  /** True when the stream was cut (by the client or the recorder's shutdown) before the server ended it. */
  _incomplete?: true;
}

const toHar = (headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>): HarHeader[] =>
  Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v) => ({ name, value: String(v) })),
  );

/** Headers that describe one hop, not the exchange: dropped from the recording so it does not depend on ports. */
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

export interface RecordingProxy {
  url: string;
  /** The scenario name stamped on entries from now on. */
  scenario: string;
  /** Entries recorded so far (finished exchanges, in the order their requests arrived). */
  take(): HarEntry[];
  close(): Promise<void>;
}

export async function startRecordingProxy(upstream: string): Promise<RecordingProxy> {
  const target = new URL(upstream);
  const entries: { order: number; entry?: HarEntry; finish?: () => void }[] = [];
  let order = 0;
  const proxy: RecordingProxy = {
    url: '',
    scenario: '',
    take() {
      for (const slot of entries) slot.finish?.();
      const done = entries.filter((slot) => slot.entry).map((slot) => slot.entry as HarEntry);
      entries.length = 0;
      return done;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  const server: Server = createServer((req, res) => {
    const started = Date.now();
    const slot: (typeof entries)[number] = { order: order++ };
    entries.push(slot);
    const scenario = proxy.scenario;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const sent = Date.now();
      const upstreamReq = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (upRes) => {
          const firstByte = Date.now();
          res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, upRes.rawHeaders);
          const out: Buffer[] = [];
          let written = false;
          const finish = (incomplete: boolean) => {
            if (written) return;
            written = true;
            const text = Buffer.concat(out).toString('utf8');
            const requestUrl = `http://${req.headers.host ?? target.host}${req.url ?? '/'}`;
            const contentType = String(upRes.headers['content-type'] ?? '');
            slot.entry = {
              startedDateTime: new Date(started).toISOString(),
              time: Date.now() - started,
              request: {
                method: req.method ?? 'GET',
                url: requestUrl,
                httpVersion: `HTTP/${req.httpVersion}`,
                headers: toHar(req.headers).filter((h) => !HOP.has(h.name)),
                queryString: [...new URL(requestUrl).searchParams].map(([name, value]) => ({ name, value })),
                cookies: [],
                headersSize: -1,
                bodySize: body.length,
                ...(body.length > 0
                  ? {
                      postData: {
                        mimeType: String(req.headers['content-type'] ?? ''),
                        text: body.toString('utf8'),
                      },
                    }
                  : {}),
              },
              response: {
                status: upRes.statusCode ?? 0,
                statusText: upRes.statusMessage ?? '',
                httpVersion: `HTTP/${upRes.httpVersion}`,
                headers: toHar(upRes.headers).filter((h) => !HOP.has(h.name)),
                cookies: [],
                content: { size: Buffer.byteLength(text), mimeType: contentType, text },
                redirectURL: '',
                headersSize: -1,
                bodySize: Buffer.byteLength(text),
              },
              cache: {},
              timings: { send: sent - started, wait: firstByte - sent, receive: Date.now() - firstByte },
              _scenario: scenario,
              ...(incomplete ? { _incomplete: true as const } : {}),
            };
          };
          slot.finish = () => {
            finish(true);
            upRes.destroy();
          };
          upRes.on('data', (c: Buffer) => {
            out.push(c);
            res.write(c);
          });
          upRes.on('end', () => {
            finish(false);
            res.end();
          });
          upRes.on('error', () => finish(true));
          res.on('close', () => {
            if (!upRes.complete) {
              finish(true);
              upRes.destroy();
            }
          });
        },
      );
      upstreamReq.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`recording proxy: upstream failed: ${error.message}`);
      });
      upstreamReq.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no TCP address');
  proxy.url = `http://127.0.0.1:${address.port}${target.pathname}`;
  return proxy;
}
