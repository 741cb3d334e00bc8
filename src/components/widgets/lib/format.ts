/**
 * Small pure formatting helpers shared by the widget components (build time) and the custom elements (browser).
 * Nothing here decides a protocol rule.
 */
import type { Fixture } from '../../../course/fixtures.ts';

/**
 * A fixture's provenance, as the label under the message wherever a fixture is shown (worked examples, classify
 * widgets): where the message came from, in a few words, with the same "executed with" wording as SDK recordings.
 */
export function provenanceLabel(p: Fixture['provenance']): string {
  switch (p.kind) {
    case 'synthetic':
      return 'Synthetic: written for this course';
    case 'recorded':
      return `Recorded: executed with ${p.sdk} by ${p.recordedBy}`;
    case 'adapted':
      return `Adapted from ${p.source}`;
  }
}

/** JSON for an inline <script type="application/json">: `<` is escaped so the text can never close the tag. */
export function safeJsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
