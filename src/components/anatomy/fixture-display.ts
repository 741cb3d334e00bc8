/**
 * How a fixture's text is shown: pretty-printed when that loses nothing, exactly as received otherwise, plus the
 * label for its protocol (the provenance label is widgets/lib/format.ts provenanceLabel). Pure functions, shared by WorkedExample and the tests.
 */
import { readJsonToken } from '#message-model';

/** Removes the whitespace between JSON tokens (not inside strings), giving the text's compact form. */
export function compactJsonText(text: string): string {
  let out = '';
  for (let t = readJsonToken(text, 0); t; t = readJsonToken(text, t.end)) out += text.slice(t.start, t.end);
  return out;
}

/** What to show for a fixture's text. */
export type FixtureDisplay =
  | { kind: 'pretty'; code: string; lang: 'json'; wireBytes: number; singleLine: boolean }
  | { kind: 'raw'; code: string; lang: 'json' | 'text'; reason: 'not-json' | 'lossy' };

/**
 * Pretty-prints the text when it parses and re-serialising it gives back the same tokens. Otherwise (invalid JSON,
 * duplicate keys, `1.0`, `1e3`, escapes, numbers beyond double precision) the text is shown exactly as received,
 * because those details are often the point of the example.
 */
export function displayFixtureText(text: string): FixtureDisplay {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'raw', code: text, lang: 'text', reason: 'not-json' };
  }
  const compact = JSON.stringify(value);
  if (compact !== compactJsonText(text)) return { kind: 'raw', code: text, lang: 'json', reason: 'lossy' };
  return {
    kind: 'pretty',
    code: JSON.stringify(value, null, 2),
    lang: 'json',
    wireBytes: new TextEncoder().encode(text).length,
    singleLine: !/[\r\n]/.test(text),
  };
}

/** The protocol badge's text. */
export function protocolLabel(protocol: string): string {
  return protocol === 'jsonrpc-2.0' ? 'JSON-RPC 2.0' : `MCP ${protocol}`;
}
