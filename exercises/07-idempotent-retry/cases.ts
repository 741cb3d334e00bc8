/**
 * The test cases for exercise 07, shared by vitest (idempotent-retry.test.ts) and the in-page code lab.
 * A simulated ticket server stands behind a transport that loses responses; the message model checks every request.
 */
import { classifyMessage } from '#message-model';
import { MISCONCEPTIONS, getScenario } from '#course';
import type { IdSource, ToolResponse, Transport } from './idempotent-retry.solution.ts';

/** The exercise's API: what the learner's file exports. */
export interface Exercise {
  createTicket(
    transport: Transport,
    ids: IdSource,
    title: string,
    key: string,
    maxAttempts: number,
  ): ToolResponse | undefined;
}

/** The names the learner's file must export. */
export const EXPORTS = ['createTicket'] as const;

/** One test: a name that reads as a sentence, and a check that throws a helpful error when the answer is wrong. */
export interface LabCase {
  name: string;
  run(exercise: Exercise): void;
}

const show = (v: unknown) => {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 400 ? `${s.slice(0, 400)}…` : s;
};

/** A ticket server that does every write it receives, except one whose idempotency key it has seen before. */
function ticketServer() {
  const tickets: Array<{ id: string; title: string; key: unknown }> = [];
  const byKey = new Map<unknown, string>();
  const sent: unknown[] = [];
  function handle(request: unknown): ToolResponse {
    sent.push(structuredClone(request));
    const text = JSON.stringify(request);
    const model = classifyMessage(text, { protocol: '2026-07-28' });
    if (model.kind !== 'request' || model.reply.send !== 'response' || model.method !== 'tools/call') {
      const why = model.findings.find((f) => f.severity === 'error')?.message ?? model.explanation;
      throw new Error(`The server cannot use the request ${show(request)}: ${why}`);
    }
    const params = (request as { params: { name: string; arguments?: { title?: unknown; idempotencyKey?: unknown } } })
      .params;
    const args = params.arguments ?? {};
    const key = args.idempotencyKey;
    let ticketId = key === undefined ? undefined : byKey.get(key);
    if (ticketId === undefined) {
      ticketId = `T-${100 + tickets.length}`;
      tickets.push({ id: ticketId, title: String(args.title), key });
      if (key !== undefined) byKey.set(key, ticketId);
    }
    const structuredContent = { ticketId };
    return {
      jsonrpc: '2.0',
      id: model.id as string | number,
      result: {
        resultType: 'complete',
        content: [{ type: 'text', text: JSON.stringify(structuredContent) }],
        structuredContent,
      },
    };
  }
  return { tickets, sent, handle };
}

/** A transport whose responses to the listed attempts (1-based) are lost on the way back. */
function lossyTransport(server: ReturnType<typeof ticketServer>, lost: number[]): Transport & { attempts: number } {
  const transport = {
    attempts: 0,
    send(request: unknown) {
      transport.attempts += 1;
      if (transport.attempts > 20)
        throw new Error('More than 20 attempts: the loop does not stop. Stop after maxAttempts.');
      const response = server.handle(request);
      return lost.includes(transport.attempts) ? undefined : response;
    },
  };
  return transport;
}

function counter(): IdSource {
  let n = 0;
  return { next: () => ++n };
}

const KEY = 'ticket-9f2c1e';

function run(ex: Exercise, lost: number[], maxAttempts = 3) {
  const server = ticketServer();
  const transport = lossyTransport(server, lost);
  const response = ex.createTicket(transport, counter(), 'Printer on fire', KEY, maxAttempts);
  return { server, transport, response };
}

const argsOf = (request: unknown) =>
  (request as { params?: { arguments?: Record<string, unknown> } }).params?.arguments;
const idOf = (request: unknown) => (request as { id?: unknown }).id;

export const CASES: LabCase[] = [
  {
    name: 'sends one valid tools/call and returns its response when nothing is lost',
    run(ex) {
      const { server, response } = run(ex, []);
      if (server.sent.length !== 1) throw new Error(`Nothing was lost, yet ${server.sent.length} requests were sent.`);
      const args = argsOf(server.sent[0]);
      if (args?.title !== 'Printer on fire')
        throw new Error(`arguments.title should be "Printer on fire"; the request was ${show(server.sent[0])}.`);
      if (response?.result?.structuredContent?.ticketId !== 'T-100')
        throw new Error(`Return the response you received; you returned ${show(response)}.`);
    },
  },
  {
    name: 'puts the idempotency key in arguments.idempotencyKey',
    run(ex) {
      const { server } = run(ex, []);
      const key = argsOf(server.sent[0])?.idempotencyKey;
      if (key !== KEY)
        throw new Error(`arguments.idempotencyKey should be the key you were given ("${KEY}"); it is ${show(key)}.`);
    },
  },
  {
    name: 'retries after a lost response and returns the response that arrives',
    run(ex) {
      const { server, response } = run(ex, [1]);
      if (server.sent.length !== 2)
        throw new Error(`The first response was lost; expected 2 attempts, you made ${server.sent.length}.`);
      if (response === undefined) throw new Error('The second response arrived, but you returned undefined.');
    },
  },
  {
    name: 'gives every attempt a new JSON-RPC id',
    run(ex) {
      const { server } = run(ex, [1, 2]);
      const ids = server.sent.map(idOf);
      if (new Set(ids).size !== ids.length) {
        throw new Error(
          `Your attempts used the ids ${show(ids)}. A re-issued request is a new request, so it needs a new id (spec 2026-07-28: a lost request is re-issued with a new id). Take each from ids.next().`,
        );
      }
    },
  },
  {
    name: 'sends the same idempotency key on every attempt',
    run(ex) {
      const { server } = run(ex, [1, 2]);
      const keys = server.sent.map((r) => argsOf(r)?.idempotencyKey);
      if (keys.some((k) => k !== KEY)) {
        const m = MISCONCEPTIONS['fresh-id-makes-write-safe'];
        throw new Error(`Your attempts carried the keys ${show(keys)}. ${m?.correction ?? ''}`);
      }
    },
  },
  {
    name: 'creates exactly one ticket when the first response is lost',
    run(ex) {
      const { server, response } = run(ex, [1]);
      if (server.tickets.length !== 1) {
        const scenario = getScenario('lost-response-after-write');
        throw new Error(
          `The server created ${server.tickets.length} tickets (${server.tickets.map((t) => t.id).join(', ')}). ${scenario?.reasoning.retry ?? ''}`,
        );
      }
      if (response?.result?.structuredContent?.ticketId !== 'T-100')
        throw new Error(`The retry should come back with the first ticket, T-100; it returned ${show(response)}.`);
    },
  },
  {
    name: 'gives up after maxAttempts lost responses and returns undefined',
    run(ex) {
      const { server, response } = run(ex, [1, 2, 3, 4, 5, 6], 4);
      if (server.sent.length !== 4)
        throw new Error(
          `With maxAttempts 4 and every response lost, expected 4 attempts; you made ${server.sent.length}.`,
        );
      if (response !== undefined)
        throw new Error(`No response ever arrived, so return undefined; you returned ${show(response)}.`);
      if (server.tickets.length !== 1)
        throw new Error(`Four attempts made ${server.tickets.length} tickets; the same key on each should make one.`);
    },
  },
];
