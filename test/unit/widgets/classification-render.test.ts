import { describe, expect, it } from 'vitest';
import { buildReplyMessage, classifyMessage, describeReply } from '#message-model';
import { renderClassificationHtml } from '../../../src/components/widgets/lib/classification-render.ts';

const render = (text: string) => {
  const c = classifyMessage(text, { protocol: 'jsonrpc-2.0' });
  return renderClassificationHtml(c, {
    describeReply: (r) => describeReply(r, c.protocol),
    buildReplyMessage: (r) => buildReplyMessage(r, c.protocol),
  });
};
/** The <dd> shown after a <dt> label. */
const fact = (html: string, label: string) => new RegExp(`<dt>${label}</dt><dd>([^<]*)</dd>`).exec(html)?.[1];

describe('one renderer for the classification view, at build time and in the browser', () => {
  // 2026-07-28 basic/index.mdx §Result Responses: "The `result` MUST include a `resultType` field"; 2025-11-25 results
  // have no such field ("The `result` MAY follow any JSON object structure"), so a 2025 result shows no resultType.
  it('shows resultType for a 2026-07-28 result and not for a 2025 one', () => {
    const text = '{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}';
    const facts = (protocol: '2025-11-25' | '2026-07-28') => {
      const c = classifyMessage(text, { protocol });
      return renderClassificationHtml(c, {
        describeReply: (r) => describeReply(r, protocol),
        buildReplyMessage: (r) => buildReplyMessage(r, protocol),
      });
    };
    expect(fact(facts('2025-11-25'), 'resultType')).toBeUndefined();
    expect(fact(facts('2026-07-28'), 'resultType')).toBe('complete (absent on the wire, so the default)');
  });

  it('shows an error response’s id and code (JSON-RPC 2.0 §5: the error response carries the request’s id)', () => {
    const html = render('{"jsonrpc":"2.0","id":4,"error":{"code":-32601,"message":"Method not found"}}');
    expect(fact(html, 'Id')).toBe('4');
    expect(fact(html, 'Code')).toMatch(/^-32601 /);
  });

  it('says where parsing stopped once, as a line and column, for text that is not JSON', () => {
    // `{"a":` ends after the colon: the value is missing, so parsing stops at the end of the text (column 6).
    const html = render('{"a":');
    expect(html).toContain('<dt>Kind</dt><dd><strong>parse-error</strong></dd>');
    expect(fact(html, 'Parsing stopped at')).toBe('line 1, column 6');
  });

  it('escapes what comes from the message: a method named with markup is text', () => {
    const html = render('{"jsonrpc":"2.0","method":"<img src=x onerror=alert(1)>"}');
    expect(html).not.toContain('<img');
    expect(fact(html, 'Method')).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('leaves no markup, attribute break-out or script from hostile ids, params, batch items and error replies', () => {
    const evil = '"><img src=x onerror=alert(1)></code><script>alert(2)</script><a href="javascript:alert(3)">';
    const texts = [
      JSON.stringify({ jsonrpc: '2.0', id: evil, method: evil, params: { protocolVersion: evil } }),
      JSON.stringify({ jsonrpc: '2.0', id: evil, error: { code: -32000, message: evil, data: evil } }),
      JSON.stringify({ jsonrpc: '2.0', id: evil, result: { resultType: evil } }),
      JSON.stringify([
        { jsonrpc: '2.0', id: evil, method: evil },
        { jsonrpc: evil, [evil]: evil },
      ]),
      `{"jsonrpc":"2.0","method":${JSON.stringify(evil)}`,
      evil + 'x'.repeat(100_000),
    ];
    // The hostile text is shown, as text.
    expect(render(texts[0]!)).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    for (const text of texts) {
      const html = render(text);
      // The only tags are the renderer's own; no quote from the message closes an attribute.
      for (const tag of html.match(/<[a-z]+\b/g) ?? [])
        expect([
          '<div',
          '<dl',
          '<dt',
          '<dd',
          '<strong',
          '<p',
          '<pre',
          '<code',
          '<ul',
          '<li',
          '<span',
          '<a',
          '<ol',
        ]).toContain(tag);
      expect(html).not.toContain('<script');
      expect(html).not.toContain('<img');
      expect(html).not.toMatch(/href="(?!https:\/\/)/);
      expect(html).not.toMatch(/="[^"]*onerror/);
    }
  });

  it('numbers each finding so the browser can add its “Show in message” button', () => {
    const html = render('{"jsonrpc":"1.0","id":1,"method":"x"}');
    expect(html).toMatch(/<li class="lab-finding lab-error" data-finding="0">/);
  });
});

describe('the reply owed, in words and as the wire message, under the protocol of the verdict', () => {
  // MCP 2025-11-25 and 2026-07-28 basic/index.mdx §Error Responses: the shape is "id?: string | number", and "Error
  // responses MUST include the same ID as the request they correspond to (except in error cases where the ID could not
  // be read due a malformed request)". JSON-RPC 2.0 §5 (id): "If there was an error in detecting the id in the Request
  // object (e.g. Parse error/Invalid Request), it MUST be Null." The widgets hand the renderer the model's own
  // functions, so the renderer must pass them the protocol of the verdict.
  const model = { describeReply, buildReplyMessage };
  const wire = (html: string) =>
    /<pre class="lab-pre"><code>([^<]*)<\/code><\/pre>/.exec(html)?.[1]?.replace(/&quot;/g, '"');

  it.each(['2025-11-25', '2026-07-28'] as const)('leaves the id out of both under MCP %s', (protocol) => {
    const html = renderClassificationHtml(classifyMessage('{"jsonrpc":"2.0","id":1,', { protocol }), model);
    expect(JSON.parse(wire(html)!)).not.toHaveProperty('id');
    expect(fact(html, 'Reply owed')).not.toMatch(/id null/);
    expect(fact(html, 'Reply owed')).toMatch(/without an id/);
  });

  it('writes id null in both under JSON-RPC 2.0', () => {
    const html = renderClassificationHtml(
      classifyMessage('{"jsonrpc":"2.0","id":1,', { protocol: 'jsonrpc-2.0' }),
      model,
    );
    expect(JSON.parse(wire(html)!)).toMatchObject({ id: null });
    expect(fact(html, 'Reply owed')).toMatch(/with id null/);
  });
});
