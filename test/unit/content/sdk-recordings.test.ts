/**
 * The SDK recordings stay true: every scenario in content/sdk/ is re-run against the installed official SDK, and its
 * traffic must equal the stored recording (content/sdk/recordings/<name>.json) message for message. Each recorded
 * fixture must be exactly the message it was taken from. When the SDK changes its behaviour this fails; if the
 * change is expected, run `npm run record:sdk`, review the diff, and update the fixtures' hand-written expectations.
 * Normalised before comparing: nothing (see NORMALISED in content/sdk/recording.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getFixture } from '../../../src/course/fixtures-node.ts';
import { SCENARIOS } from '../../../content/sdk/scenarios.ts';
import { toRecording, type Recording } from '../../../content/sdk/recording.ts';
import { sdkVersion } from '../../../content/sdk/session.ts';

const readRecording = (name: string): Recording =>
  JSON.parse(
    readFileSync(new URL(`../../../content/sdk/recordings/${name}.json`, import.meta.url), 'utf8'),
  ) as Recording;

const RERECORD = 'If the SDK changed on purpose, run `npm run record:sdk` and review the diff.';

describe.each(SCENARIOS)('the $name recording', (scenario) => {
  it('was made with the SDK that is installed now', () => {
    const stored = readRecording(scenario.name);
    expect(stored.sdk, RERECORD).toBe(`@modelcontextprotocol/server@${sdkVersion('server')}`);
    expect(stored.client, RERECORD).toBe(`@modelcontextprotocol/client@${sdkVersion('client')}`);
  });

  it('matches what the SDK sends today, message for message', async () => {
    const stored = readRecording(scenario.name);
    const fresh = toRecording(scenario, await scenario.run());
    expect(
      fresh.messages.map((m) => `${m.from}${m.dropped ? ' (lost)' : ''}: ${m.text}`),
      RERECORD,
    ).toEqual(stored.messages.map((m) => `${m.from}${m.dropped ? ' (lost)' : ''}: ${m.text}`));
    expect(fresh.observed, RERECORD).toEqual(stored.observed);
    expect(fresh.fixtures).toEqual(stored.fixtures);

    for (const { id, pick } of scenario.fixtures) {
      const fixture = getFixture(id);
      expect(fixture.text, `${id} is no longer what the SDK sends. ${RERECORD}`).toBe(pick(fresh.messages)?.text);
      expect(fixture.provenance).toEqual({
        kind: 'recorded',
        sdk: fresh.sdk,
        recordedBy: `content/sdk/${scenario.name}.ts`,
      });
    }
  });
});

// What the recordings show, checked as plain facts about the SDK (written from the scenarios, not from the files).
describe('what the official SDK does in the decision-table scenarios', () => {
  const observed = (name: string) => readRecording(name).observed;

  it('answers an unknown method with the JSON-RPC error -32601', () => {
    expect(observed('unknown-method')).toEqual({ outcome: 'rejected', error: 'ProtocolError', code: -32601 });
  });

  it('answers arguments that fail the input schema with an isError result, not -32602', () => {
    expect(observed('malformed-incident-id')).toEqual({ outcome: 'resolved', isError: true });
  });

  it('turns a throwing handler into an isError result', () => {
    expect(observed('backend-unavailable')).toEqual({ outcome: 'resolved', isError: true });
  });

  it('answers an unknown tool with the JSON-RPC error -32602', () => {
    expect(observed('unknown-tool')).toEqual({ outcome: 'rejected', error: 'ProtocolError', code: -32602 });
  });

  it('copies an Error message with credentials to the client verbatim', () => {
    expect(observed('error-message-leak')).toEqual({ outcome: 'resolved', isError: true, passwordVisible: true });
  });

  it('after a lost write response: times out, a keyed retry returns the same ticket, a blind retry duplicates it', () => {
    expect(observed('lost-response-after-write')).toEqual({
      firstTimedOut: true,
      keyedRetry: { ticketId: 'TCK-1001', created: false },
      ticketsAfterKeyedRetry: 1,
      blindTimedOut: true,
      blindRetry: { ticketId: 'TCK-1003', created: true },
      ticketsAfterBlindRetry: 3,
    });
  });
});
