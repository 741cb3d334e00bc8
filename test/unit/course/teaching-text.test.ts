/**
 * Statements in the course text that once taught something the spec does not say, each pinned by the spec sentence
 * that decides it (quoted with its version and page, checked by hand against the snapshot's commit b0f60ba). A test
 * reads the text a learner reads (chapter, facilitator notes, scenario, fixture notes) and fails on the old wording,
 * so that a learner who follows the chapter is never marked wrong by the course's own answer key.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyMessage } from '#message-model';
import { getScenario } from '#course';
import { getFixture, loadFixtures } from '../../../src/course/fixtures-node.ts';

const root = resolve(import.meta.dirname, '../../..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const chapter = (id: string): string => read(`content/chapters/${id}.mdx`);
const notes = (id: string): string => read(`content/chapters/${id}.notes.mdx`);

/** The text's paragraphs and list items, each on one line (MDX line breaks inside a paragraph joined). */
function passages(text: string): string[] {
  return text
    .split(/\n\s*\n|\n(?=\s*(?:[-*]|\d+\.) )/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter((p) => p.length > 0);
}

/** The passages that match `pattern`, so a failure shows the sentence a learner reads. */
const passagesMatching = (text: string, pattern: RegExp): string[] => passages(text).filter((p) => pattern.test(p));

describe('Batching, size and transports', () => {
  const text = chapter('batching-size-and-transports');

  // MCP 2025-06-18 changelog.mdx, Major changes: "Remove support for JSON-RPC batching"; no later revision says what
  // a receiver owes an array, so the model's reply is `unspecified` and the chapter's check grades it that way.
  it('does not say the course answers an MCP batch with one -32600', () => {
    expect(passagesMatching(text, /answers? (it|the whole array|an array)[^.]*(single|one) `-32600/i)).toEqual([]);
  });

  it('says the reply an MCP receiver owes an array is not specified, as the graded answer does', () => {
    const fixture = getFixture('batch-two-requests-2026');
    expect(classifyMessage(fixture.text, { protocol: '2026-07-28' }).reply).toEqual({ send: 'unspecified' });
    const mechanism = passagesMatching(text, /what does a 2026-07-28 receiver do with an array/i);
    expect(mechanism.join(' ')).toMatch(/does not (spell out|say)|not specified|unspecified/i);
    const worked = passagesMatching(text, /Read as MCP 2026-07-28/);
    expect(worked.join(' ')).toMatch(/does not (spell out|say)|not specified|unspecified|no reply is specified/i);
  });
});

describe('a 2025 version mismatch at initialize', () => {
  // MCP 2025-11-25 basic/lifecycle.mdx §Version Negotiation: "If the server supports the requested protocol version,
  // it MUST respond with the same version. Otherwise, the server MUST respond with another protocol version it
  // supports." The -32602 on that page is only §Error Handling's "Example initialization error".
  const oldClaim = /mismatch[^.]*(answered|surfaced|surfaces|is)[^.]*`?-32602/i;

  it('is not taught as a -32602 in the chapter "Results in 2026-07-28"', () => {
    expect(passagesMatching(chapter('results-in-2026-07-28'), oldClaim)).toEqual([]);
  });

  it('is not called a -32602 in the fixture notes of -32022', () => {
    const found = loadFixtures().filter((f) => oldClaim.test(f.notes));
    expect(found.map((f) => `${f.id}: ${f.notes}`)).toEqual([]);
  });

  it('is taught as the server answering with another version it supports', () => {
    const text = chapter('results-in-2026-07-28');
    expect(passagesMatching(text, /2025-11-25:\*\*/).join(' ')).toMatch(/another (protocol )?version it supports/);
    expect(getFixture('error-unsupported-version-32022').notes).toMatch(/another (protocol )?version it supports/);
  });
});

describe('The three message shapes: reusing an answered id', () => {
  // MCP 2026-07-28 basic/patterns/mrtr.mdx §Client Requirements (Basic Workflow): "The JSON-RPC `id` MUST be
  // different between the initial request and the retry, as they are independent requests."
  const text = chapter('message-shapes');

  it('names the multi round-trip retry wherever it says an answered id may be used again', () => {
    const permissive = passagesMatching(text, /does not forbid using 7 again|Under MCP 2026-07-28, yes/);
    expect(permissive.length).toBeGreaterThan(0);
    for (const p of permissive) expect(p).toMatch(/input_required/);
    for (const p of permissive) expect(p).toMatch(/retr(y|ies)/i);
  });
});

describe('Error semantics and retries: a lost response', () => {
  const text = chapter('error-semantics-and-retries');

  // MCP 2025-11-25 basic/transports.mdx §Sending Messages to the Server: "To avoid message loss due to
  // disconnection, the server MAY make the stream resumable."
  it('recovers a lost 2025-11-25 response by resuming only when the server made the stream resumable', () => {
    const resume = passagesMatching(text, /Last-Event-ID/);
    expect(resume.length).toBeGreaterThan(0);
    for (const p of resume) expect(p).toMatch(/if the server (made|makes) (it|the stream) resumable|resumable/);
    expect(text).not.toMatch(/Lost responses are recovered by resuming the SSE stream with `Last-Event-ID`, not by/);
  });

  // MCP 2026-07-28 basic/index.mdx §Requests: "The request ID MUST NOT match the ID of any other request the sender
  // has issued and not yet received a response for." That holds on every transport; the changelog's Major changes
  // item 9 ("clients MUST re-issue it as a new request with a new request ID") is about Streamable HTTP streams.
  const basicRule = 'The request ID MUST NOT match the ID of any other request the sender has issued and not yet';

  it('rests the new id of a re-issued request on basic §Requests, naming the changelog item as HTTP only', () => {
    const citesChangelog = passagesMatching(text, /changelog#major-changes|changelog (is explicit|requires)/);
    for (const p of citesChangelog) expect(p).toMatch(/HTTP/);
    const reissue = passagesMatching(text, /re-issue[^.]*new (request )?id|new (request )?id[^.]*re-issue/i);
    expect(reissue.some((p) => p.includes('2026-07-28/basic#requests'))).toBe(true);
  });

  it('cites basic §Requests first in the lost-response scenario', () => {
    const first = getScenario('lost-response-after-write')?.spec[0];
    expect(first?.url).toBe('https://modelcontextprotocol.io/specification/2026-07-28/basic#requests');
    expect(first?.quote).toContain(basicRule);
  });
});

describe('Errors on Streamable HTTP', () => {
  const text = chapter('errors-on-streamable-http');

  // MCP 2026-07-28 basic/transports/streamable-http.mdx §Value Encoding: "HTTP header field values must consist of
  // visible ASCII characters (0x21-0x7E), space (0x20), and horizontal tab (0x09). When a value cannot be safely
  // represented as a plain ASCII header value (e.g., it contains non-ASCII characters, control characters, or has
  // leading/trailing whitespace), clients MUST use Base64 encoding".
  it('states the Mcp-Name encoding rule with whitespace at either end and control characters other than tab', () => {
    const rule = passagesMatching(text, /either end/);
    expect(rule.length).toBeGreaterThan(0);
    for (const p of rule) {
      expect(p).not.toMatch(/a space at either end/);
      expect(p).toMatch(/whitespace[^.]*either end/);
      expect(p).toMatch(/control character/);
      expect(p).toMatch(/tab/);
    }
  });

  // MCP 2026-07-28 basic/versioning.mdx §Compatibility Matrix, Legacy client and Modern server: "Fails. ... HTTP: the
  // request is missing the required headers and is rejected per server validation with 400 Bad Request ... Legacy
  // clients have no fall-forward mechanism." MCP 2025-11-25 basic/lifecycle.mdx §Initialization: "The initialization
  // phase MUST be the first interaction between client and server."
  it('calls the refused legacy initialize an era mismatch, not the client breaking a rule', () => {
    const blame = passagesMatching(notes('errors-on-streamable-http'), /Blaming the server/);
    expect(blame.length).toBe(1);
    expect(blame[0]).not.toMatch(/legacy `initialize` refused, the client sent the request that breaks a rule/);
    expect(blame[0]).toMatch(/no rule of its own revision/);
    expect(passagesMatching(text, /no rule of its own revision/).length).toBeGreaterThan(0);
  });
});

describe('Streams, subscriptions and cancellation: an unknown log level', () => {
  // MCP 2026-07-28 server/utilities/logging.mdx §Error Handling: "If the `io.modelcontextprotocol/logLevel` value
  // carried in a request's `_meta` is not a recognized log level, the server SHOULD reject that request with a
  // standard JSON-RPC error". MCP 2025-11-25 server/utilities/logging.mdx §Error Handling: "Servers SHOULD return
  // standard JSON-RPC errors for common failure cases".
  it.each([
    ['the chapter', 'content/chapters/streams-subscriptions-and-cancellation.mdx'],
    ['its facilitator notes', 'content/chapters/streams-subscriptions-and-cancellation.notes.mdx'],
  ])('is a SHOULD wherever %s names -32602 for it', (_name, path) => {
    const found = passagesMatching(read(path), /level[^.]*-32602|-32602[^.]*level/);
    expect(found.length).toBeGreaterThan(0);
    for (const p of found) expect(p).toMatch(/should/i);
  });

  it('is stated as the server following the SHOULD in the situation of the scenario', () => {
    expect(getScenario('unknown-log-level')?.situation).toMatch(/SHOULD/);
  });
});

describe('the scenario of a subscription torn down on stdio', () => {
  // MCP 2026-07-28 basic/transports/stdio.mdx: "the client launches the MCP server as a subprocess"; §Unexpected
  // Termination: "If the server process exits unexpectedly, the client SHOULD restart it. Because the protocol is
  // stateless, any in-flight requests are simply lost and the client can retry them against the fresh process.
  // Active subscriptions/listen streams must also be re-established after restart."
  const s = getScenario('subscription-torn-down');

  it('has the client start the new server process itself', () => {
    expect(s?.situation).toMatch(/client (starts|restarts|launches)/);
    expect(s?.situation).not.toMatch(/a new server process starts/);
  });

  it('re-subscribes at once to the process the client started, as a new request with a new id', () => {
    expect(s?.answer.retry).toBe('freely-with-new-id');
  });
});

describe('"because" sentences quote the revision they name', () => {
  // MCP 2025-11-25 and 2026-07-28 basic/index.mdx §Result Responses: "The `result` MAY follow any JSON object
  // structure." MCP 2025-06-18 basic/index.mdx §Responses: "Results MAY follow any JSON object structure".
  const sentence: Record<string, string> = {
    '2025-06-18': 'Results MAY follow any JSON object structure',
    '2025-11-25': 'The `result` MAY follow any JSON object structure',
    '2026-07-28': 'The `result` MAY follow any JSON object structure',
  };

  it('quotes the result sentence of each revision as that revision writes it', () => {
    const wrong: string[] = [];
    for (const f of loadFixtures())
      for (const [protocol, e] of Object.entries(f.expected)) {
        const b = e?.because ?? '';
        if (!b.includes('follow any JSON object structure') || !sentence[protocol]) continue;
        if (!b.includes(`"${sentence[protocol]}`)) wrong.push(`${f.id} ${protocol}: ${b}`);
      }
    expect(wrong).toEqual([]);
  });

  // MCP 2025-06-18 schema.ts Request: "params?: { _meta?: { ... }; [key: string]: unknown; }"; the `any` of
  // "params?: { [key: string]: any }" is 2025-11-25's schema.ts.
  it('quotes the 2025-06-18 params type as 2025-06-18 writes it', () => {
    const wrong = loadFixtures()
      .map((f) => [f.id, f.expected['2025-06-18']?.because ?? ''] as const)
      .filter(([, b]) => b.includes('params?: { [key: string]: any }'));
    expect(wrong).toEqual([]);
  });
});

describe('the model README', () => {
  // MCP 2026-07-28 basic/index.mdx §Error Codes: "new implementations SHOULD NOT use codes from this sub-range at
  // all": a broken SHOULD by the sender is a warning.
  it('gives code-legacy-band the severity the model emits for it under 2026-07-28', () => {
    const line = read('src/message-model/README.md')
      .split('\n')
      .find((l) => l.startsWith('- `code-legacy-band`'));
    expect(line).toMatch(/\[warning, 2026-07-28\]/);
    const c = classifyMessage('{"jsonrpc":"2.0","id":1,"error":{"code":-32005,"message":"Busy"}}', {
      protocol: '2026-07-28',
    });
    expect(c.findings.find((f) => f.id === 'code-legacy-band')?.severity).toBe('warning');
  });
});

describe('The three message shapes: who writes a null id', () => {
  // JSON-RPC 2.0 §5 (id): "If there was an error in detecting the id in the Request object (e.g. Parse error/Invalid
  // Request), it MUST be Null." MCP 2026-07-28 basic/index.mdx §Error Responses: "id?: string | number", with the same
  // id as the request "except in error cases where the ID could not be read": the id is left out, never null.
  const check = JSON.parse(read('content/checks/message-shapes.json')) as {
    questions: { id: string; rubric?: string[]; options?: { id: string; why: string }[] }[];
  };
  const texts = check.questions.flatMap((q) => [...(q.rubric ?? []), ...(q.options ?? []).map((o) => o.why)]);

  it('says in the answer key that null marks an unreadable id in JSON-RPC, and MCP leaves the id out', () => {
    const aboutNull = texts.filter((t) => /\bnull\b/.test(t) && /could not be read/.test(t));
    expect(aboutNull.length).toBeGreaterThan(0);
    for (const t of aboutNull) expect(t).toMatch(/JSON-RPC/);
    for (const t of aboutNull) expect(t).toMatch(/leaves? (the id )?out|without an id|omit/);
  });
});
