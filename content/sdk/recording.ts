/**
 * The recording file format (content/sdk/recordings/<name>.json) and the one normalisation applied to traffic
 * before it is stored or compared.
 */
import type { RecordedMessage } from './session.ts';
import type { Scenario, ScenarioRun } from './scenarios.ts';
import { sdkVersion } from './session.ts';

/** A stored recording: the traffic of one scenario and what the client observed, with the SDK versions. */
export interface Recording {
  scenario: string;
  title: string;
  shows: string;
  recordedBy: string;
  /** The server package that produced the server's messages, as `@modelcontextprotocol/server@<version>`. */
  sdk: string;
  /** The client package that produced the client's messages. */
  client: string;
  /** The protocol revision the client pinned. */
  protocol: '2026-07-28';
  /** What was normalised in `messages` before storing and comparing (empty: nothing). */
  normalised: string[];
  messages: RecordedMessage[];
  observed: Record<string, unknown>;
  /** The fixture ids taken from this traffic. */
  fixtures: string[];
}

/**
 * What is normalised, and why. Nothing at present: the SDK numbers request ids from 0 per connection, its
 * discovery probe id is a fixed string, the scenarios use fixed idempotency keys and ticket numbers, and no
 * message carries a time, a random value or a path. If an SDK version adds one, normalise it here and say so.
 */
export const NORMALISED: string[] = [];

/** Applies NORMALISED to a run's traffic (identity while the list is empty). */
export function normalise(messages: RecordedMessage[]): RecordedMessage[] {
  return messages.map((m) => ({ ...m }));
}

/** Builds the recording of one run of a scenario. */
export function toRecording(scenario: Scenario, result: ScenarioRun): Recording {
  return {
    scenario: scenario.name,
    title: scenario.title,
    shows: scenario.shows,
    recordedBy: `content/sdk/${scenario.name}.ts`,
    sdk: `@modelcontextprotocol/server@${sdkVersion('server')}`,
    client: `@modelcontextprotocol/client@${sdkVersion('client')}`,
    protocol: '2026-07-28',
    normalised: NORMALISED,
    messages: normalise(result.messages),
    observed: result.observed,
    fixtures: scenario.fixtures.map((f) => f.id),
  };
}
