/**
 * Self-consistency: every message the course shows is classified under the version it is shown for. A message meant
 * to be broken says so in its markup and must classify as broken; every other must have no error finding.
 *
 * Sources: JSON blocks and inline message spans in the chapters, their notes and the exercise READMEs (markup:
 * test/support/course-messages.ts); the reply each fixture's expectation says is owed, built as the wire message a
 * receiver sends (buildReplyMessage); every message of every message timeline (markup: TimelineStep.broken); the
 * messages of the stream scenarios (markup: a message's `broken`).
 * Fixtures shown by components and completion checks are checked by fixtures.test.ts and content.test.ts; exercise
 * cases by course-messages-exercises.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTimeline, TIMELINE_FAULTS, TIMELINE_RETRIES, TIMELINE_SCENARIOS } from '#course';
import { buildReplyMessage, classifyMessage, type Protocol } from '#message-model';
import { loadFixtures } from '../../../src/course/fixtures-node.ts';
import { readFrontmatter } from '../../../src/lib/frontmatter.ts';
import { errorsOf, isBroken, shownMessages, type ShownMessage } from '../../support/course-messages.ts';

const root = resolve(import.meta.dirname, '../../..');
const chaptersDir = join(root, 'content/chapters');

/** The `protocol` a chapter's frontmatter names, if any. */
function protocolOf(source: string): string | undefined {
  const { protocol } = readFrontmatter(source).data;
  return typeof protocol === 'string' ? protocol : undefined;
}

function chapterMessages(): ShownMessage[] {
  return readdirSync(chaptersDir)
    .filter((n) => n.endsWith('.mdx'))
    .sort()
    .flatMap((name) => {
      const source = readFileSync(join(chaptersDir, name), 'utf8');
      // A notes file takes its chapter's protocol.
      const chapter = name.replace(/\.notes\.mdx$/, '.mdx');
      const own = protocolOf(source) ?? protocolOf(readFileSync(join(chaptersDir, chapter), 'utf8'));
      return shownMessages(`content/chapters/${name}`, source, own);
    });
}

function readmeMessages(): ShownMessage[] {
  const dir = join(root, 'exercises');
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      const path = join(dir, d.name, 'README.md');
      try {
        return shownMessages(`exercises/${d.name}/README.md`, readFileSync(path, 'utf8'), undefined);
      } catch {
        return [];
      }
    });
}

/** The verdict on one shown message, or the problem with it. */
function problemWith(m: ShownMessage): string | undefined {
  const where = `${m.file}:${m.line}`;
  if (m.markup.length > 0) return `${where}: ${m.markup.join('; ')}`;
  if (m.fragment) {
    let value: unknown;
    try {
      value = JSON.parse(m.text);
    } catch {
      return undefined;
    }
    const isMessage = typeof value === 'object' && value !== null && !Array.isArray(value) && 'jsonrpc' in value;
    return isMessage ? `${where}: marked fragment, but it is a whole JSON-RPC message; classify it instead` : undefined;
  }
  if (!m.protocol) return `${where}: no protocol (add protocol=<version> to the fence)`;
  const c = classifyMessage(m.text, { protocol: m.protocol });
  if (m.broken && !isBroken(c)) return `${where}: marked broken, but under ${m.protocol} it is a valid ${c.kind}`;
  if (!m.broken && isBroken(c))
    return `${where}: under ${m.protocol} it is ${c.kind} [${errorsOf(c).join(', ')}]; fix it or mark the fence broken`;
  return undefined;
}

describe('messages shown in the chapters and exercise READMEs', () => {
  const shown = [...chapterMessages(), ...readmeMessages()];

  it('are found (the scan reads the chapters)', () => {
    expect(shown.length).toBeGreaterThanOrEqual(2);
    expect(shown.some((m) => m.broken)).toBe(true);
  });

  it.each(shown.map((m) => [`${m.file}:${m.line}`, m] as const))('%s classifies as its markup says', (_n, m) => {
    expect(problemWith(m)).toBeUndefined();
  });

  it('markup mistakes are caught, so the check can fail', () => {
    const [unknownWord] = shownMessages('x.mdx', '```json brokn\n{}\n```', '2026-07-28');
    expect(problemWith(unknownWord!)).toMatch(/unknown meta word/);
    const [notBroken] = shownMessages(
      'x.mdx',
      '```json broken\n{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete"}}\n```',
      '2026-07-28',
    );
    expect(problemWith(notBroken!)).toMatch(/marked broken/);
    const [hidden] = shownMessages('x.mdx', '```json fragment\n{"jsonrpc":"2.0","method":"x"}\n```', '2026-07-28');
    expect(problemWith(hidden!)).toMatch(/whole JSON-RPC message/);
    const [inline] = shownMessages('x.mdx', 'See `{"jsonrpc":"2.0","id":null,"method":"x"}` here.', '2026-07-28');
    expect(problemWith(inline!)).toMatch(/fix it or mark/);
  });
});

describe('the reply each fixture expectation says is owed, as the wire message a receiver sends', () => {
  const cases = loadFixtures().flatMap((f) =>
    f.protocols.map((p) => ({ name: `${f.id} under ${p}`, protocol: p as Protocol, reply: f.expected[p]!.reply })),
  );

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s is a valid reply under that version',
    (_n, { protocol, reply }) => {
      const built = buildReplyMessage(reply as Parameters<typeof buildReplyMessage>[0], protocol);
      // Nothing is sent, or the spec does not pin what is sent (an unsupported batch, an implementation-defined code):
      // there is no message to show.
      if (reply.send === 'nothing' || reply.send === 'unspecified' || (reply.send === 'error' && reply.code === null))
        return expect(built).toBeUndefined();
      const messages = Array.isArray(built) ? built : [built];
      for (const message of messages) {
        const c = classifyMessage(JSON.stringify(message), { protocol });
        expect({ kind: c.kind, errors: errorsOf(c) }, JSON.stringify(message)).toEqual({
          kind:
            reply.send === 'response' || (reply.send === 'batch' && 'result' in (message as object))
              ? 'result'
              : 'error',
          errors: [],
        });
      }
    },
  );
});

describe('the messages of every message timeline', () => {
  const timelines = TIMELINE_SCENARIOS.flatMap((s) =>
    TIMELINE_FAULTS.flatMap((fault) => TIMELINE_RETRIES.map((retry) => ({ s, fault, retry }))),
  );

  it('mark some messages broken on purpose (TimelineStep.broken), so both directions are checked', () => {
    const marked = timelines.flatMap(({ s, fault, retry }) =>
      buildTimeline({ scenario: s.id, fault, retry }).steps.filter((st) => st.broken === true),
    );
    expect(marked.length).toBeGreaterThan(0);
  });

  it.each(timelines.map((t) => [`${t.s.id}, fault ${t.fault}, retry ${t.retry}`, t] as const))(
    '%s: every wire message classifies as the timeline means it',
    (_n, { s, fault, retry }) => {
      const timeline = buildTimeline({ scenario: s.id, fault, retry });
      const problems: string[] = [];
      for (const step of timeline.steps) {
        if (step.wire === undefined) continue;
        const protocol = step.classification?.protocol ?? '2026-07-28';
        const c = classifyMessage(step.wire, { protocol });
        const meantBroken = step.broken === true;
        if (meantBroken !== isBroken(c))
          problems.push(
            `${step.from}→${step.to} (attempt ${step.attempt}, "${step.label}"): ${meantBroken ? 'meant broken, but valid' : `${c.kind} [${errorsOf(c).join(', ')}]`}`,
          );
      }
      expect(problems).toEqual([]);
    },
  );
});

describe('the messages of the stream scenarios', () => {
  const file = JSON.parse(readFileSync(join(root, 'content/scenarios/streams.json'), 'utf8')) as {
    scenarios: { id: string; messages?: { text: string; protocol: Protocol; caption: string; broken?: boolean }[] }[];
  };
  const messages = file.scenarios.flatMap((s) =>
    (s.messages ?? []).map((m, i) => ({ name: `${s.id} #${i + 1}`, ...m })),
  );

  it('are found', () => expect(messages.length).toBeGreaterThan(3));

  it.each(messages.map((m) => [m.name, m] as const))('%s classifies as its markup says', (_n, m) => {
    const c = classifyMessage(m.text, { protocol: m.protocol });
    expect(isBroken(c), `${m.caption}: ${c.kind} [${errorsOf(c).join(', ')}]`).toBe(m.broken === true);
  });
});
