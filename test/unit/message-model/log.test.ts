/** log.ts: a captured stdio session, one message per line. */
import { describe, expect, it } from 'vitest';
import { classifyLog } from '#message-model';

describe('classifyLog', () => {
  it('classifies each line and keeps its line number', () => {
    const log = [
      '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      '',
      '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}',
      '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1}}',
    ].join('\n');
    const entries = classifyLog(log, { protocol: '2025-11-25' });
    expect(entries.map((e) => [e.line, e.classification.kind])).toEqual([
      [1, 'request'],
      [3, 'result'],
      [4, 'notification'],
    ]);
  });

  it('treats a line that is not JSON as a parse error, as a receiver would', () => {
    const entries = classifyLog(
      '{"jsonrpc":"2.0","id":1,"method":"tools/li\n{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
      { protocol: '2025-11-25' },
    );
    expect(entries.map((e) => e.classification.kind)).toEqual(['parse-error', 'request']);
  });

  it('accepts CRLF line endings and skips whitespace-only lines', () => {
    const entries = classifyLog('{"jsonrpc":"2.0","method":"a"}\r\n   \r\n{"jsonrpc":"2.0","method":"b"}\r\n');
    expect(entries.map((e) => e.line)).toEqual([1, 3]);
    expect(entries.every((e) => e.classification.kind === 'notification')).toBe(true);
  });

  it('uses the protocol it is given', () => {
    const [entry] = classifyLog('{"jsonrpc":"2.0","id":1,"method":"tools/list"}', { protocol: '2026-07-28' });
    expect(entry?.classification.protocol).toBe('2026-07-28');
    expect(entry?.classification.kind).toBe('invalid');
  });

  it('returns nothing for an empty log', () => {
    expect(classifyLog('')).toEqual([]);
  });
});
