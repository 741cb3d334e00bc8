/**
 * The SDK examples for chapters: the source of each scenario in test/sdk/ (real TypeScript that the tests execute
 * against the pinned official SDK), the traffic it really produced (test/sdk/recordings/), and the label to show
 * with it. Read at build time through Vite's import.meta.glob, so it works in Astro pages and in vitest.
 *
 *   const example = getSdkExample('unknown-tool');
 *   example.label   // "executed with @modelcontextprotocol/server@2.4.0"
 *   example.source  // the file's text, to highlight with shiki
 */

/** One message of the recorded traffic. */
export interface SdkExampleMessage {
  from: 'client' | 'server';
  text: string;
  /** The transport lost it: the server sent it, the client never received it. */
  dropped?: true;
}

/** A scenario file with its recorded traffic. */
export interface SdkExample {
  /** The scenario name, e.g. `unknown-tool`. */
  name: string;
  /** The file, relative to the project root, e.g. `test/sdk/unknown-tool.ts`. */
  file: string;
  title: string;
  /** One sentence: what the traffic shows. */
  shows: string;
  /** The TypeScript source of the scenario file, exactly as executed. */
  source: string;
  /** The package that produced the server's messages, e.g. `@modelcontextprotocol/server@2.4.0`. */
  sdk: string;
  /** The client package, e.g. `@modelcontextprotocol/client@2.4.0`. */
  client: string;
  /** "executed with <sdk>": the label every display of the code carries. */
  label: string;
  /** The protocol revision the client pinned. */
  protocol: string;
  /** Every message that crossed the transport, in order. */
  messages: SdkExampleMessage[];
  /** What the client code observed (a rejection code, isError, tickets created). */
  observed: Record<string, unknown>;
  /** Fixture ids (content/fixtures) taken from this traffic. */
  fixtureIds: string[];
}

interface StoredRecording {
  scenario: string;
  title: string;
  shows: string;
  recordedBy: string;
  sdk: string;
  client: string;
  protocol: string;
  messages: SdkExampleMessage[];
  observed: Record<string, unknown>;
  fixtures: string[];
}

const sources = import.meta.glob<string>('/test/sdk/*.ts', { query: '?raw', import: 'default', eager: true });
const recordings = import.meta.glob<StoredRecording>('/test/sdk/recordings/*.json', { import: 'default', eager: true });

/** The label shown with SDK code that the tests executed. */
export function executedWithLabel(sdk: string): string {
  return `executed with ${sdk}`;
}

/** Every recorded SDK example, in file-name order. */
export const SDK_EXAMPLES: readonly SdkExample[] = Object.values(recordings)
  .map((r): SdkExample => {
    const source = sources[`/${r.recordedBy}`];
    if (source === undefined)
      throw new Error(`${r.recordedBy}: recorded, but the file is missing (run npm run record:sdk)`);
    return {
      name: r.scenario,
      file: r.recordedBy,
      title: r.title,
      shows: r.shows,
      source,
      sdk: r.sdk,
      client: r.client,
      label: executedWithLabel(r.sdk),
      protocol: r.protocol,
      messages: r.messages,
      observed: r.observed,
      fixtureIds: r.fixtures,
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name));

/** The example named `name`; an unknown name throws, listing the names that exist (so a chapter fails to build). */
export function getSdkExample(name: string): SdkExample {
  const example = SDK_EXAMPLES.find((e) => e.name === name);
  if (!example) throw new Error(`Unknown SDK example "${name}". Known: ${SDK_EXAMPLES.map((e) => e.name).join(', ')}.`);
  return example;
}
