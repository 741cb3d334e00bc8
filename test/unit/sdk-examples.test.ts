/** The chapter-facing view of the SDK scenarios: each example carries its executed source, its traffic and its label. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SDK_EXAMPLES, getSdkExample } from '../../src/sdk-examples/index.ts';

const installed = (
  JSON.parse(
    readFileSync(new URL('../../node_modules/@modelcontextprotocol/server/package.json', import.meta.url), 'utf8'),
  ) as { version: string }
).version;

describe('SDK_EXAMPLES', () => {
  it('lists the six recorded scenarios, the four decision-table ones included', () => {
    expect(SDK_EXAMPLES.map((e) => e.name)).toEqual([
      'backend-unavailable',
      'error-message-leak',
      'lost-response-after-write',
      'malformed-incident-id',
      'unknown-method',
      'unknown-tool',
    ]);
  });

  it.each(SDK_EXAMPLES.map((e) => [e.name, e] as const))(
    '%s carries its executed source, its traffic and the SDK label',
    (_name, example) => {
      expect(example.source).toBe(readFileSync(new URL(`../../${example.file}`, import.meta.url), 'utf8'));
      expect(example.source).toContain('export async function run()');
      expect(example.label).toBe(`executed with @modelcontextprotocol/server@${installed}`);
      expect(example.protocol).toBe('2026-07-28');
      expect(example.messages.length).toBeGreaterThanOrEqual(4);
      expect(example.messages[0]?.from).toBe('client');
    },
  );

  it('names the known examples when asked for one that does not exist', () => {
    expect(() => getSdkExample('unknown-toll')).toThrow(/Unknown SDK example "unknown-toll"\. Known: .*unknown-tool/);
  });
});
