/** format.ts: the readable report the CLI prints. */
import { describe, expect, it } from 'vitest';
import { classifyMessage, formatClassification } from '#message-model';

describe('formatClassification', () => {
  it('shows the kind, method, id, reply and explanation of a request', () => {
    const text = formatClassification(
      classifyMessage('{"jsonrpc":"2.0","id":7,"method":"tools/list"}', { protocol: '2025-11-25' }),
    );
    const lines = text.split('\n');
    expect(lines[0]).toBe('kind: request  method: tools/list  id: 7');
    expect(lines[1]).toBe('reply: a response with id 7');
    expect(lines[2]).toMatch(/^A request for "tools\/list" with id 7/);
  });

  it('lists each finding with its severity, path and spec reference', () => {
    const text = formatClassification(
      classifyMessage('{"jsonrpc":"2.0","id":null,"method":"tools/list"}', { protocol: '2025-11-25' }),
    );
    expect(text).toMatch(/ {2}error {3}id-null at \/id: MCP ids/);
    expect(text).toMatch(
      /MCP 2025-11-25 basic\/index\.mdx §Requests <https:\/\/modelcontextprotocol\.io\/specification\/2025-11-25\/basic#requests>/,
    );
  });

  it('names the code class of an error and the position of a parse error', () => {
    expect(
      formatClassification(classifyMessage('{"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"x"}}')),
    ).toContain('code: -32022 (mcp-defined, UnsupportedProtocolVersion)');
    expect(formatClassification(classifyMessage('{"a":'))).toMatch(/kind: parse-error {2}at line 1, column \d+/);
  });

  it('shows resultType, whether it was absent, and the tool outcome', () => {
    const text = formatClassification(
      classifyMessage('{"jsonrpc":"2.0","id":1,"result":{"content":[],"isError":true}}', { protocol: '2026-07-28' }),
    );
    expect(text.split('\n')[0]).toBe('kind: result  id: 1  resultType: complete (absent)  toolOutcome: tool-error');
  });

  it('indents the items of a batch under it', () => {
    const text = formatClassification(
      classifyMessage('[{"jsonrpc":"2.0","method":"a"},1]', { protocol: 'jsonrpc-2.0' }),
    );
    expect(text).toContain('\n  [0]\n    kind: notification  method: a');
    expect(text).toContain('\n  [1]\n    kind: invalid');
  });
});
