/** src/course/fixtures-node.ts: reading the corpus for Node code, and clear errors for a bad fixture file. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FixtureError, getFixture, loadFixtures } from '../../../src/course/fixtures-node.ts';

const good = {
  id: 'tiny-request',
  title: 'A tiny request',
  text: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
  protocols: ['2025-11-25'],
  provenance: { kind: 'synthetic' },
  expected: {
    '2025-11-25': {
      kind: 'request',
      reply: { send: 'response', id: 1 },
      errors: [],
      because: 'MCP basic/index.mdx §Requests: "Requests MUST include a string or integer ID."',
    },
  },
  notes: 'A request that is owed a response.',
  tags: ['request'],
};

describe('loadFixtures on the real corpus', () => {
  it('loads every fixture sorted by id', () => {
    const all = loadFixtures();
    expect(all.length).toBeGreaterThanOrEqual(60);
    const ids = all.map((f) => f.id);
    expect(ids).toEqual([...ids].sort());
  });

  it('finds one fixture by id with getFixture', () => {
    const f = getFixture('request-tools-call-modern');
    expect(f.protocols).toContain('2026-07-28');
    expect(f.text).toContain('tools/call');
  });
});

describe('loadFixtures on bad files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fixtures-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const write = (name: string, content: unknown) =>
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));

  it('fills in defaults for a minimal valid file', () => {
    write('tiny-request.json', { ...good, tags: undefined });
    const [f] = loadFixtures(dir);
    expect(f?.tags).toEqual([]);
    expect(f?.expected['2025-11-25']).toMatchObject({ warnings: [], info: [] });
  });

  it('names the "because" field when an expectation does not quote the spec', () => {
    write('tiny-request.json', {
      ...good,
      expected: { '2025-11-25': { ...good.expected['2025-11-25'], because: 'because the model says so, surely' } },
    });
    expect(() => loadFixtures(dir)).toThrow(/field "expected\.2025-11-25\.because": quote the spec sentence/);
  });

  it('names the file and the field when a reply is malformed', () => {
    write('tiny-request.json', { ...good, expected: { '2025-11-25': { kind: 'request', reply: { send: 'maybe' } } } });
    expect(() => loadFixtures(dir)).toThrow(FixtureError);
    try {
      loadFixtures(dir);
    } catch (error) {
      const e = error as FixtureError;
      expect(e.file).toBe('content/fixtures/tiny-request.json');
      expect(e.field).toBe('expected.2025-11-25.reply');
      expect(e.message).toMatch(/^content\/fixtures\/tiny-request\.json: field "expected\.2025-11-25\.reply": /);
    }
  });

  it('names the "expected" field when a listed protocol has no expectation', () => {
    write('tiny-request.json', { ...good, protocols: ['2025-11-25', '2026-07-28'] });
    expect(() => loadFixtures(dir)).toThrow(/tiny-request\.json: field "expected": every protocol listed/);
  });

  it('rejects an unknown kind and names the field', () => {
    write('tiny-request.json', {
      ...good,
      expected: { '2025-11-25': { ...good.expected['2025-11-25'], kind: 'response' } },
    });
    expect(() => loadFixtures(dir)).toThrow(/field "expected\.2025-11-25\.kind"/);
  });

  it('says so when the file is not JSON', () => {
    write('tiny-request.json', '{ "id": "tiny-request", ');
    expect(() => loadFixtures(dir)).toThrow(/content\/fixtures\/tiny-request\.json: is not valid JSON/);
  });

  it('insists that the id matches the file name', () => {
    write('other-name.json', good);
    expect(() => loadFixtures(dir)).toThrow(
      /other-name\.json: field "id": the id "tiny-request" must match the file name "other-name"/,
    );
  });

  it('reports a missing fixture by its path', () => {
    expect(() => getFixture('no-such-fixture', dir)).toThrow(
      /content\/fixtures\/no-such-fixture\.json: cannot be read/,
    );
  });

  it('refuses an id that is not kebab-case before touching the file system', () => {
    expect(() => getFixture('../package', dir)).toThrow(/kebab-case/);
  });
});
