/**
 * How the gallery's broken servers are made: each is the worked solution (the same desk on the same SDK) with one or
 * two bugs seeded between the wire and the SDK. A bug may answer a client message itself, change a client message
 * before the SDK reads it, or change a server message before it is written; on HTTP it may also answer a raw
 * request. Every bug is one a real server has shipped; bugs.json lists, per server, the checks it must lose.
 */
import { createInterface } from 'node:readline';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import {
  createDeskState,
  createIncidentDesk,
  createIncidentDeskHandler,
  runFromCommandLine,
} from '../incident-desk.solution.ts';
import { serveDeskStdio } from '../stdio-lines.ts';

/** A JSON value as read from the wire. */
export type Json = unknown;

/** One seeded bug. Every hook is optional; a hook that returns undefined leaves the message alone. */
export interface Bug {
  /** Answers a client message itself: the reply to write (an object or array), or undefined to pass it on. */
  answer?(message: Json): Json;
  /** Changes a client message before the SDK reads it; over HTTP `version` is its MCP-Protocol-Version header. */
  rewriteIn?(message: Json, version?: string): Json;
  /** Changes a server message before it is written. */
  rewriteOut?(message: Json): Json;
  /** HTTP only: answers the raw request itself, or undefined to pass it on. */
  http?(request: Request, body: string): Response | undefined;
}

export const isRecord = (v: Json): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const parse = (text: string): { ok: true; value: Json } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) as Json };
  } catch {
    return { ok: false };
  }
};

/** The buggy desk over stdio, reading `input` and writing `output`. */
export async function serveBuggyStdio(
  bug: Bug,
  input: Readable,
  output: Writable,
): Promise<{ close(): Promise<void> }> {
  const toSdk = new PassThrough();
  const fromSdk = new PassThrough();
  const state = createDeskState();
  const handle = serveDeskStdio(() => createIncidentDesk(state), toSdk, fromSdk);
  const write = (value: Json) => output.write(`${JSON.stringify(value)}\n`);
  const inbound = createInterface({ input, crlfDelay: Infinity });
  inbound.on('line', (line) => {
    const read = parse(line);
    if (!read.ok) {
      toSdk.write(`${line}\n`);
      return;
    }
    const reply = bug.answer?.(read.value);
    if (reply !== undefined) {
      write(reply);
      return;
    }
    const changed = bug.rewriteIn?.(read.value);
    toSdk.write(changed === undefined ? `${line}\n` : `${JSON.stringify(changed)}\n`);
  });
  const outbound = createInterface({ input: fromSdk, crlfDelay: Infinity });
  outbound.on('line', (line) => {
    const read = parse(line);
    const changed = read.ok ? bug.rewriteOut?.(read.value) : undefined;
    output.write(changed === undefined ? `${line}\n` : `${JSON.stringify(changed)}\n`);
  });
  return {
    close: async () => {
      inbound.close();
      outbound.close();
      await handle.close();
    },
  };
}

/** Rewrites each JSON-RPC message of a response body (a JSON body, or the data lines of an SSE stream). */
async function rewriteResponse(response: Response, rewrite: (m: Json) => Json): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  const one = (t: string) => {
    const read = parse(t);
    const changed = read.ok ? rewrite(read.value) : undefined;
    return changed === undefined ? t : JSON.stringify(changed);
  };
  const body = type.includes('text/event-stream')
    ? text.replace(/^data: ?(.*)$/gm, (_all, data: string) => `data: ${one(data)}`)
    : type.includes('application/json')
      ? one(text)
      : text;
  return new Response(response.status === 204 || response.status === 202 ? null : body, {
    status: response.status,
    headers: response.headers,
  });
}

/** The buggy desk over Streamable HTTP, as a web-standard fetch handler. */
export function buggyHttpHandler(bug: Bug): (request: Request) => Promise<Response> {
  const desk = createIncidentDeskHandler(createDeskState());
  return async (request) => {
    const body = request.method === 'POST' ? await request.clone().text() : '';
    const direct = bug.http?.(request, body);
    if (direct) return direct;
    let forward = request;
    if (request.method === 'POST') {
      const read = parse(body);
      if (read.ok) {
        const reply = bug.answer?.(read.value);
        if (reply !== undefined) return Response.json(reply);
        const changed = bug.rewriteIn?.(read.value, request.headers.get('mcp-protocol-version') ?? undefined);
        if (changed !== undefined)
          forward = new Request(request.url, {
            method: 'POST',
            headers: request.headers,
            body: JSON.stringify(changed),
          });
      }
    }
    const response = await desk.fetch(forward);
    return bug.rewriteOut ? rewriteResponse(response, (m) => bug.rewriteOut!(m)) : response;
  };
}

/** Runs a gallery server from the command line: stdio by default, `--http PORT` for Streamable HTTP. */
export async function runGalleryServer(name: string, bug: Bug): Promise<void> {
  await runFromCommandLine(name, {
    stdio: () => serveBuggyStdio(bug, process.stdin, process.stdout),
    http: () => buggyHttpHandler(bug),
  });
}
