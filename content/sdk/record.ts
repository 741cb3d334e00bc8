/**
 * npm run record:sdk: re-runs every scenario against the installed SDK and rewrites, on purpose,
 *  - content/sdk/recordings/<scenario>.json (the whole traffic and what the client observed), and
 *  - the `text` and `provenance` of each recorded fixture (content/fixtures/recorded-*.json).
 * It never writes a fixture's `expected`, title or notes: those are written by a person from the spec. A fixture
 * file that does not exist yet is created without them, and the fixture test fails until someone adds them.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { SCENARIOS } from './scenarios.ts';
import { toRecording } from './recording.ts';

const root = new URL('../../', import.meta.url);
let incomplete = 0;
for (const scenario of SCENARIOS) {
  const recording = toRecording(scenario, await scenario.run());
  writeFileSync(
    new URL(`content/sdk/recordings/${scenario.name}.json`, root),
    `${JSON.stringify(recording, null, 2)}\n`,
  );
  console.log(`recorded ${scenario.name}: ${recording.messages.length} messages (${recording.sdk})`);
  for (const fixture of scenario.fixtures) {
    const message = fixture.pick(recording.messages);
    if (!message) throw new Error(`${scenario.name}: no message for fixture ${fixture.id} in the new traffic`);
    const url = new URL(`content/fixtures/${fixture.id}.json`, root);
    const provenance = { kind: 'recorded', sdk: recording.sdk, recordedBy: recording.recordedBy };
    const existing = existsSync(url) ? (JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>) : undefined;
    if (!existing) incomplete += 1;
    const updated = existing
      ? { ...existing, text: message.text, provenance }
      : { id: fixture.id, text: message.text, protocols: ['2026-07-28'], provenance };
    writeFileSync(url, `${JSON.stringify(updated, null, 2)}\n`);
    console.log(`  ${existing ? 'updated' : 'CREATED'} content/fixtures/${fixture.id}.json`);
  }
}
if (incomplete > 0)
  console.log(`\n${incomplete} new fixture(s): write their title, expected (by hand, from the spec), notes and tags.`);
