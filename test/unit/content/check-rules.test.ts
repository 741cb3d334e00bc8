/**
 * The completion-check rules reject what they are meant to reject: a rule that passes everything would let the
 * content test pass over checks that repeat their practice or titles that answer themselves.
 */
import { describe, expect, it } from 'vitest';
import { readChapterStructure } from '../../../src/course/read-chapter-structure.ts';
import {
  canonicalJson,
  decisionTables,
  giveaways,
  repeatedPractice,
  shownJsonMessages,
} from '../../support/check-rules.ts';

describe('giveaways', () => {
  it('rejects a title that names the kind and the reply of a notification', () => {
    const found = giveaways('notifications/progress: no id, so no reply', 'notification', { send: 'nothing' });
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/expected kind \(notification\)/);
    expect(found[1]).toMatch(/nothing is sent back: "no reply"/);
  });

  it('rejects calling a message that is not valid by a valid kind', () => {
    expect(giveaways('A response carrying both result and error', 'invalid', { send: 'nothing' }).join(' ')).toMatch(
      /\(result\).*\(error\).*a response/,
    );
    expect(giveaways('A request with "id": null', 'invalid', { send: 'error', code: -32600 })).toHaveLength(1);
  });

  it('rejects the code and the name of the error owed', () => {
    expect(giveaways('Answer it with -32602 Invalid params', 'request', { send: 'error', code: -32602 })).toEqual([
      'names the error code owed: "-32602"',
      'names the error owed: "Invalid params"',
    ]);
  });

  it('rejects isError on a result, and "response" on a result or an error', () => {
    expect(giveaways('A tool call answered with isError: true', 'result', { send: 'nothing' })).toHaveLength(1);
    expect(giveaways('The response to a lookup', 'error', { send: 'nothing' })).toHaveLength(1);
  });

  it('rejects the word batch for a batch, and "unspecified" for an unspecified reply', () => {
    expect(giveaways('A batched call, its reply unspecified', 'batch', { send: 'unspecified' })).toHaveLength(2);
  });

  it('lets a title or prompt name the situation: another kind, the method, the request a message is about', () => {
    expect(
      giveaways('While request 3 is still running, the server sends this.', 'notification', { send: 'nothing' }),
    ).toEqual([]);
    expect(
      giveaways('A progress update halfway through indexing log files', 'notification', { send: 'nothing' }),
    ).toEqual([]);
    expect(giveaways('A quota refusal sent with code -32050', 'error', { send: 'nothing' })).toEqual([]);
    expect(giveaways('An array of a number and a string', 'batch', { send: 'batch' })).toEqual([]);
  });
});

describe('decisionTables', () => {
  it('reads rows from a scenarios prop over several lines, and the default rows when there is none', () => {
    const body = [
      '<DecisionTable id="a" />',
      'text',
      '<DecisionTable',
      '  id="b"',
      '  scenarios={["x-one",',
      '    "x-two"]}',
      '/>',
    ].join('\n');
    expect(decisionTables(readChapterStructure(body), ['d1', 'd2'])).toEqual([
      { id: 'a', scenarios: ['d1', 'd2'], line: 1 },
      { id: 'b', scenarios: ['x-one', 'x-two'], line: 3 },
    ]);
  });
});

describe('shownJsonMessages and canonicalJson', () => {
  it('find the messages of json and jsonl blocks, whatever the order of their members', () => {
    const body = [
      '```json protocol=2025-11-25',
      '{"method": "ping", "jsonrpc": "2.0", "id": 1}',
      '```',
      '```jsonl',
      '{"jsonrpc":"2.0","method":"a"}',
      '{"jsonrpc":"2.0","method":"b"}',
      '```',
      '```json broken',
      '{"jsonrpc": "2.0",',
      '```',
    ].join('\n');
    const shown = shownJsonMessages(readChapterStructure(body)).map(canonicalJson);
    expect(shown).toHaveLength(3);
    expect(shown).toContain(canonicalJson({ jsonrpc: '2.0', id: 1, method: 'ping' }));
  });
});

describe('repeatedPractice', () => {
  const practice = {
    fixtures: ['shown-fixture'],
    tables: [{ id: 'ch-table', scenarios: ['row-a', 'row-b'], line: 12 }],
    messages: new Set([canonicalJson({ jsonrpc: '2.0', method: 'ping', id: 1 })]),
  };
  const message = (id: string) =>
    id === 'same-as-block' ? canonicalJson({ id: 1, method: 'ping', jsonrpc: '2.0' }) : canonicalJson({ id });

  it('rejects a classify question on a fixture the chapter shows, by id or by its message', () => {
    expect(
      repeatedPractice(
        [
          { id: 'q1', type: 'classify', fixture: 'shown-fixture', protocol: '2026-07-28', prompt: 'p' },
          { id: 'q2', type: 'classify', fixture: 'same-as-block', protocol: '2026-07-28', prompt: 'p' },
        ],
        practice,
        message,
      ),
    ).toEqual([
      'q1: the chapter already shows fixture shown-fixture; ask about a message it has not shown',
      'q2: the chapter shows the message of same-as-block in a code block',
    ]);
  });

  it("rejects a decision-table row the chapter's practice table shows, and a row or fixture asked twice", () => {
    expect(
      repeatedPractice(
        [
          { id: 't', type: 'decision-table', scenarios: ['row-b', 'row-c'] },
          { id: 'u', type: 'decision-table', scenarios: ['row-c'] },
          { id: 'c1', type: 'classify', fixture: 'new', protocol: '2026-07-28', prompt: 'p' },
          { id: 'c2', type: 'classify', fixture: 'new', protocol: '2025-11-25', prompt: 'p' },
        ],
        practice,
        message,
      ),
    ).toEqual([
      "t: row row-b is already in the chapter's practice table ch-table (line 12)",
      'u: row row-c is asked twice',
      'c2: fixture new is asked twice',
    ]);
  });

  it('accepts a check on rows and messages the chapter has not shown', () => {
    expect(
      repeatedPractice(
        [
          { id: 't', type: 'decision-table', scenarios: ['row-c'] },
          { id: 'c', type: 'classify', fixture: 'fresh', protocol: '2026-07-28', prompt: 'p' },
          { id: 's', type: 'self-assessed', prompt: 'Explain.' },
        ],
        practice,
        message,
      ),
    ).toEqual([]);
  });
});
