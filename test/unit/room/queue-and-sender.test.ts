import { describe, expect, it } from 'vitest';
import { createQueue, MAX_QUEUED, type UnsequencedEvent } from '../../../src/room/client/queue.ts';
import { createSender, type SenderStatus } from '../../../src/room/client/sender.ts';
import { memoryStorage } from '../../support/memory-storage.ts';

const visit = (key: string): UnsequencedEvent => ({ key, chapterId: 'message-shapes', kind: 'visit' });

/** A fake server: answers each batch with `respond`, recording what it was sent. */
function fakeFetch(respond: (events: { key: string }[], call: number) => Response | Error) {
  const calls: { key: string; seq: number }[][] = [];
  const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
    const events = (JSON.parse(init?.body as string) as { events: { key: string; seq: number }[] }).events;
    calls.push(events);
    const answer = respond(events, calls.length);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const stored = (events: { key: string }[]) =>
  Response.json({ results: events.map((e, i) => ({ key: e.key, status: 'stored', id: i + 1 })) });

/** Timers run by hand. */
function manualTimers() {
  const pending: (() => void)[] = [];
  return {
    setTimer: (run: () => void) => {
      pending.push(run);
      return pending.length;
    },
    clearTimer: () => {},
    fire: async () => {
      const run = pending.shift();
      run?.();
      await new Promise((r) => setTimeout(r, 0));
    },
    pending,
  };
}

const settle = () => new Promise((r) => setTimeout(r, 10));

describe('the outbox', () => {
  it('numbers events in the order they are added and keeps them across a reload', () => {
    const storage = memoryStorage();
    const queue = createQueue(storage);
    expect(queue.enqueue(visit('aaaaaaaa'))).toEqual({ kind: 'queued', seq: 1 });
    expect(queue.enqueue(visit('bbbbbbbb'))).toEqual({ kind: 'queued', seq: 2 });
    const again = createQueue(storage);
    expect(again.peek(10).map((e) => [e.key, e.seq])).toEqual([
      ['aaaaaaaa', 1],
      ['bbbbbbbb', 2],
    ]);
  });

  it('does not queue the same key twice (two tabs noticing one change)', () => {
    const queue = createQueue(memoryStorage());
    queue.enqueue(visit('aaaaaaaa'));
    expect(queue.enqueue(visit('aaaaaaaa'))).toEqual({ kind: 'duplicate' });
    expect(queue.size()).toBe(1);
  });

  it('says when it is full instead of dropping older work', () => {
    const storage = memoryStorage();
    storage.setItem(
      'mcp-lab-room:queue',
      JSON.stringify(Array.from({ length: MAX_QUEUED }, (_, i) => ({ ...visit(`k${i}xxxxxx`), seq: i }))),
    );
    const queue = createQueue(storage);
    expect(queue.enqueue(visit('overflow'))).toEqual({ kind: 'full' });
    expect(queue.size()).toBe(MAX_QUEUED);
  });

  it('reports storage that refuses to write', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(createQueue(storage).enqueue(visit('aaaaaaaa'))).toEqual({
      kind: 'not-saved',
      reason: 'QuotaExceededError',
    });
  });
});

describe('the sender', () => {
  it('sends everything in order, in batches, and empties the outbox as the server acknowledges', async () => {
    const queue = createQueue(memoryStorage());
    for (let i = 0; i < 30; i++) queue.enqueue(visit(`key-${String(i).padStart(4, '0')}`));
    const server = fakeFetch(stored);
    const sender = createSender({ queue, token: 't', fetch: server.fetch, batch: 25 });
    sender.kick();
    await settle();
    expect(server.calls.map((c) => c.length)).toEqual([25, 5]);
    expect(server.calls.flat().map((e) => e.seq)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(queue.size()).toBe(0);
  });

  it('keeps the events while the network is down and sends them, once each, when it is back', async () => {
    const queue = createQueue(memoryStorage());
    queue.enqueue(visit('aaaaaaaa'));
    queue.enqueue(visit('bbbbbbbb'));
    let online = false;
    const server = fakeFetch((events) => (online ? stored(events) : new TypeError('Failed to fetch')));
    const timers = manualTimers();
    const statuses: SenderStatus[] = [];
    const sender = createSender({
      queue,
      token: 't',
      fetch: server.fetch,
      ...timers,
      onStatus: (s) => statuses.push(s),
    });
    sender.kick();
    await settle();
    expect(queue.size()).toBe(2);
    expect(statuses.at(-1)).toMatchObject({ state: 'waiting', waiting: 2 });
    await timers.fire();
    await settle();
    expect(queue.size()).toBe(2);
    queue.enqueue(visit('cccccccc'));
    online = true;
    await timers.fire();
    await settle();
    expect(queue.size()).toBe(0);
    const delivered = server.calls.at(-1)!.map((e) => e.key);
    expect(delivered).toEqual(['aaaaaaaa', 'bbbbbbbb', 'cccccccc']);
  });

  it('drops events the server rejects, reporting why, and goes on with the rest', async () => {
    const queue = createQueue(memoryStorage());
    queue.enqueue(visit('aaaaaaaa'));
    queue.enqueue(visit('bbbbbbbb'));
    const rejected: { key: string; reason: string }[] = [];
    const server = fakeFetch((events) =>
      Response.json({
        results: events.map((e, i) =>
          i === 0
            ? { key: e.key, status: 'rejected', reason: 'no such table' }
            : { key: e.key, status: 'duplicate', id: 9 },
        ),
      }),
    );
    createSender({ queue, token: 't', fetch: server.fetch, onRejected: (r) => rejected.push(...r) }).kick();
    await settle();
    expect(queue.size()).toBe(0);
    expect(rejected).toEqual([{ key: 'aaaaaaaa', reason: 'no such table' }]);
  });

  it('waits as long as the server asks when it is rate limited', async () => {
    const queue = createQueue(memoryStorage());
    queue.enqueue(visit('aaaaaaaa'));
    const delays: number[] = [];
    const server = fakeFetch((events, call) =>
      call === 1 ? new Response('{}', { status: 429, headers: { 'Retry-After': '3' } }) : stored(events),
    );
    createSender({
      queue,
      token: 't',
      fetch: server.fetch,
      setTimer: (run, ms) => (delays.push(ms), setTimeout(run, 0)),
    }).kick();
    await settle();
    await settle();
    expect(delays[0]).toBe(3000);
    expect(queue.size()).toBe(0);
  });

  it('stops for good when the room has ended or the learner was removed', async () => {
    for (const [status, reason] of [
      [409, 'ended'],
      [410, 'removed'],
      [401, 'signed-out'],
    ] as const) {
      const queue = createQueue(memoryStorage());
      queue.enqueue(visit('aaaaaaaa'));
      const stops: string[] = [];
      const server = fakeFetch(() => Response.json({ error: 'no' }, { status }));
      const sender = createSender({ queue, token: 't', fetch: server.fetch, onStop: (r) => stops.push(r) });
      sender.kick();
      await settle();
      sender.kick();
      await settle();
      expect(stops).toEqual([reason]);
      expect(server.calls.length).toBe(1);
    }
  });

  it('lets only the tab holding the lease send', async () => {
    const queue = createQueue(memoryStorage());
    queue.enqueue(visit('aaaaaaaa'));
    const server = fakeFetch(stored);
    createSender({ queue, token: 't', fetch: server.fetch, mayRun: () => false, setTimer: () => 0 }).kick();
    await settle();
    expect(server.calls.length).toBe(0);
  });
});

describe('the sender and a server that refuses large bodies (413)', () => {
  /** A visit padded to about `chars` characters, standing for an answer with a long edited message. */
  const large = (key: string, chars: number) =>
    ({ ...visit(key), text: 'x'.repeat(chars) }) as unknown as UnsequencedEvent;
  /** A server that refuses a body over `limit` bytes as a whole, as the workshop server does over 256 KB. */
  const refusingOver = (limit: number) =>
    fakeFetch((events) =>
      new TextEncoder().encode(JSON.stringify({ events })).length > limit
        ? new Response(JSON.stringify({ error: 'The request is too large.' }), { status: 413 })
        : stored(events),
    );

  it('budgets each batch by bytes, so a spell offline never makes a body the server refuses', async () => {
    // The outbox sent up to 25 events a request with no byte budget; the server refused the body as a whole and
    // the sender retried the same batch for ever, so every later answer was lost.
    const queue = createQueue(memoryStorage());
    for (let i = 0; i < 20; i++) queue.enqueue(large(`key-${String(i).padStart(4, '0')}`, 3000));
    const server = refusingOver(8192);
    const timers = manualTimers();
    createSender({ queue, token: 't', fetch: server.fetch, maxBytes: 8192, ...timers }).kick();
    await settle();
    expect(queue.size()).toBe(0);
    for (const call of server.calls)
      expect(new TextEncoder().encode(JSON.stringify({ events: call })).length).toBeLessThanOrEqual(8192);
    expect(server.calls.flat().map((e) => e.key)).toEqual(
      Array.from({ length: 20 }, (_, i) => `key-${String(i).padStart(4, '0')}`),
    );
  });

  it('splits a batch the server refuses as too large and sends the halves', async () => {
    const queue = createQueue(memoryStorage());
    for (let i = 0; i < 8; i++) queue.enqueue(large(`key-${i}-aaaa`, 2000));
    const server = refusingOver(5000);
    const timers = manualTimers();
    createSender({ queue, token: 't', fetch: server.fetch, ...timers }).kick();
    await settle();
    expect(queue.size()).toBe(0);
    expect(
      new Set(
        server.calls
          .filter((c) => c.length <= 2)
          .flat()
          .map((e) => e.key),
      ).size,
    ).toBe(8);
  });

  it('tells the learner about an answer too large to send alone, and sends the rest', async () => {
    const queue = createQueue(memoryStorage());
    queue.enqueue(visit('small-1a'));
    queue.enqueue(large('huge-000', 20_000));
    queue.enqueue(visit('small-2a'));
    const server = refusingOver(5000);
    const rejected: { key: string; reason: string }[] = [];
    const timers = manualTimers();
    createSender({ queue, token: 't', fetch: server.fetch, onRejected: (r) => rejected.push(...r), ...timers }).kick();
    await settle();
    expect(queue.size()).toBe(0);
    expect(rejected.map((r) => r.key)).toEqual(['huge-000']);
    expect(rejected[0]!.reason).toMatch(/too large/i);
    expect(new Set(server.calls.flat().map((e) => e.key))).toEqual(new Set(['small-1a', 'huge-000', 'small-2a']));
  });
});
