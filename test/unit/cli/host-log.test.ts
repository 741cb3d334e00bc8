/**
 * mcp-lab classify --jsonl on a host's log (test/data/host-logs/both-sides-id-1.txt, written by hand from MCP
 * 2025-11-25 in the layout Claude Desktop writes: a timestamp, the server name, the level, "Message from client:" or
 * "Message from server:", the message, then "{ metadata: undefined }"). What the CLI must say comes from the spec.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.ts';

const LOG = fileURLToPath(new URL('../../data/host-logs/both-sides-id-1.txt', import.meta.url));

describe('mcp-lab classify --jsonl on a host log', () => {
  // 2025-11-25 basic/lifecycle.mdx §Version Negotiation: "If the server supports the requested protocol version, it
  // MUST respond with the same version." basic/index.mdx §Requests: "The request ID MUST NOT have been previously
  // used by the requestor within the same session": the client's id 1 (tools/list) and the server's id 1
  // (roots/list) are different requestors' ids, and the prefixes say which side answered which.
  it('strips the prefixes, keeps the sides and pairs both id 1 requests with their answers', async () => {
    const r = await runCli(['classify', '--jsonl', '--format', 'json', LOG]);
    expect(r.code).toBe(0);
    const out = r.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Record<string, any>);
    const summary = out.at(-1)!.summary;
    expect(summary.detection).toMatchObject({ protocol: '2025-11-25', source: 'detected', line: 3 });
    expect(summary.counts).toMatchObject({ messages: 8, requests: 3, answered: 3, unanswered: 0 });
    expect(summary.issues).toEqual([]);
    expect(summary.exchanges.map((e: any) => [e.method, e.side, e.requestLine, e.responseLine])).toEqual([
      ['initialize', 'client', 2, 3],
      ['tools/list', 'client', 5, 8],
      ['roots/list', 'server', 6, 7],
    ]);
    expect(summary).toMatchObject({ stripped: 8, hostLines: 2 });
    // JSON-RPC 2.0 §4.1: "A Notification is a Request object without an "id" member": the tools/call on line 9
    // is a notification nobody will answer.
    const line9 = out.find((o) => o.line === 9)!.classification;
    expect(line9.kind).toBe('notification');
    expect(line9.findings.map((f: any) => [f.id, f.severity])).toEqual([['request-method-without-id', 'warning']]);
  });

  it('says in the text summary what it stripped and left out', async () => {
    const r = await runCli(['classify', '--jsonl', LOG]);
    expect(r.stdout).toContain('host log: 8 lines with "Message from client:" / "Message from server:"');
    expect(r.stdout).toContain('2 host lines without a message left out');
    expect(r.stdout).toContain('session: 2025-11-25, decided by line 3: 3 requests answered, 0 unanswered');
  });
});
