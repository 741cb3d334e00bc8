/**
 * Small pure formatting helpers shared by the widget components (build time) and the custom elements (browser).
 * Nothing here decides a protocol rule.
 */

/** A fixture's provenance, as a label under the message. */
export function provenanceLabel(
  p:
    { kind: 'synthetic' } | { kind: 'recorded'; sdk: string; recordedBy: string } | { kind: 'adapted'; source: string },
): string {
  switch (p.kind) {
    case 'synthetic':
      return 'Written for the course';
    case 'recorded':
      return `Recorded from ${p.sdk} (${p.recordedBy})`;
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
