/**
 * read-traffic.ts: the formats people paste (JSONL, host logs with "Message from client:" / "Message from server:",
 * HAR), read as what they are and analysed as one session. The traffic is the official SDK's, recorded in
 * content/sdk/recordings; what it must come to is read from the recording itself (which side sent each message,
 * which requests it answered), never from the analyser.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeTraffic, readHostLogLine, readTraffic } from '#message-model';
import type { Recording } from '../../../content/sdk/recording.ts';

const dir = new URL('../../../content/sdk/recordings/', import.meta.url);
const recordings = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Recording);

/** A recording as a host writes its log: a timestamp, the server's name, the level, then the side and the message. */
const asHostLog = (r: Recording) =>
  [
    '2026-08-01T09:00:00.000Z [incident-desk] [info] Initializing server...',
    ...r.messages.map(
      (m, i) =>
        `2026-08-01T09:00:0${Math.min(i, 9)}.${String(i).padStart(3, '0')}Z [incident-desk] [info] Message from ${m.from}: ${m.text} { metadata: undefined }`,
    ),
  ].join('\n');

/** Requests in a recording that a later message of the other side answers by id (read from the JSON alone). */
function recordedPairs(r: Recording): { requests: number; answered: number } {
  const values = r.messages.map((m) => ({ from: m.from, v: JSON.parse(m.text) as Record<string, unknown> }));
  const requests = values.filter((x) => typeof x.v.method === 'string' && 'id' in x.v);
  const answered = requests.filter((q) =>
    values.some((x) => x.from !== q.from && !('method' in x.v) && JSON.stringify(x.v.id) === JSON.stringify(q.v.id)),
  );
  return { requests: requests.length, answered: answered.length };
}

describe('readHostLogLine', () => {
  it('strips the timestamp, the host text and a trailing note, and keeps the side', () => {
    expect(
      readHostLogLine(
        '2025-06-18T10:00:00.123Z [files] [info] Message from server: {"jsonrpc":"2.0","id":1,"result":{"a":"}"}} { metadata: undefined }',
      ),
    ).toEqual({
      kind: 'message',
      text: '{"jsonrpc":"2.0","id":1,"result":{"a":"}"}}',
      side: 'server',
      stripped: '2025-06-18T10:00:00.123Z [files] [info] Message from server: … { metadata: undefined }',
    });
  });

  it("tells the host's own lines from messages, and leaves a plain JSON line alone", () => {
    expect(readHostLogLine('2025-06-18T10:00:00.123Z [files] [info] Server started and connected')).toEqual({
      kind: 'host',
    });
    expect(readHostLogLine('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toBeUndefined();
  });
});

describe('readTraffic and analyzeTraffic on recorded SDK sessions', () => {
  it.each(recordings.map((r) => [r.scenario, r] as const))(
    'reads %s as a host log: every message, its side, and the same session as the JSONL',
    (_name, r) => {
      const reading = readTraffic(asHostLog(r));
      if (reading.kind !== 'traffic') throw new Error(reading.message);
      expect(reading.format).toBe('host-log');
      expect(reading.stripped).toBe(r.messages.length);
      expect(reading.notes).toHaveLength(1);
      expect(reading.lines.map((l) => [l.text, l.from.side])).toEqual(r.messages.map((m) => [m.text, m.from]));
      // The SDK's sessions are the reference: every request it answered pairs, and nothing spans lines wrongly.
      const analysis = analyzeTraffic(asHostLog(r));
      if (analysis.kind === 'bad-input') throw new Error(analysis.message);
      expect(analysis.issues.filter((i) => i.severity !== 'info')).toEqual([]);
      expect(analysis.detection).toMatchObject({ protocol: r.protocol, source: 'detected', line: 2 });
      const pairs = recordedPairs(r);
      expect(analysis.counts).toMatchObject({ requests: pairs.requests, answered: pairs.answered, unanswered: 0 });
      const plain = analyzeTraffic(r.messages.map((m) => m.text).join('\n'));
      if (plain.kind === 'bad-input') throw new Error(plain.message);
      expect(plain.format).toBe('jsonl');
      expect(plain.counts).toEqual(analysis.counts);
      expect(plain.entries.map((e) => e.classification)).toEqual(analysis.entries.map((e) => e.classification));
    },
  );
});

describe('readTraffic on a HAR file', () => {
  // 2026-07-28 basic/patterns/subscriptions.mdx: the listen request, its acknowledgment and a notification, as the
  // page's own examples write them, delivered on the listen POST's SSE response.
  const listen = {
    jsonrpc: '2.0',
    id: 1,
    method: 'subscriptions/listen',
    params: {
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'ExampleClient', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': {},
      },
      notifications: { toolsListChanged: true, resourceSubscriptions: ['file:///project/config.json'] },
    },
  };
  const ack = {
    jsonrpc: '2.0',
    method: 'notifications/subscriptions/acknowledged',
    params: {
      _meta: { 'io.modelcontextprotocol/subscriptionId': 1 },
      notifications: { toolsListChanged: true, resourceSubscriptions: ['file:///project/config.json'] },
    },
  };
  const updated = {
    jsonrpc: '2.0',
    method: 'notifications/resources/updated',
    params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 1 }, uri: 'file:///project/config.json' },
  };
  const har = (events: unknown[]) =>
    JSON.stringify({
      log: {
        version: '1.2',
        entries: [
          {
            request: {
              method: 'POST',
              url: 'https://example.test/mcp',
              headers: [{ name: 'Content-Type', value: 'application/json' }],
              postData: { mimeType: 'application/json', text: JSON.stringify(listen) },
            },
            response: {
              status: 200,
              headers: [{ name: 'Content-Type', value: 'text/event-stream' }],
              content: {
                mimeType: 'text/event-stream',
                text: events.map((e) => `event: message\ndata: ${JSON.stringify(e)}\n\n`).join(''),
              },
            },
          },
        ],
      },
    });

  it('reads each request and the events of its response stream, with sides and the stream', () => {
    const reading = readTraffic(har([ack, updated]));
    if (reading.kind !== 'traffic') throw new Error(reading.message);
    expect(reading.format).toBe('har');
    expect(reading.lines.map((l) => [l.line, l.from.side, l.from.stream])).toEqual([
      [1, 'client', undefined],
      [2, 'server', 1],
      [3, 'server', 1],
    ]);
    const a = analyzeTraffic(har([ack, updated]));
    if (a.kind === 'bad-input') throw new Error(a.message);
    expect(a.issues).toEqual([]);
    expect(a.exchanges.map((e) => e.outcome)).toEqual(['open']);
  });

  // §Acknowledgment: the server "MUST send `notifications/subscriptions/acknowledged` as the first message".
  it('reports a notification on the stream before its acknowledgment', () => {
    const a = analyzeTraffic(har([updated, ack]));
    if (a.kind === 'bad-input') throw new Error(a.message);
    expect(a.issues.map((i) => [i.id, i.line, i.related])).toEqual([['subscription-notification-before-ack', 2, 1]]);
  });

  it('says what is wrong with a text that starts like a HAR and is not one', () => {
    expect(readTraffic('{"log": 3}')).toMatchObject({ kind: 'bad-input' });
  });
});
