/**
 * The probe's catalogue: every check the model's rules define (`PROBE_RULES`: level, eras, transports, the spec
 * sentence), joined with the course section that teaches it. What each check sends is in run.ts; the rules and the
 * judgements are the message model's.
 */
import {
  PROBE_RULES,
  mcpRef,
  slugifyHeading,
  type McpVersion,
  type ProbeEra,
  type ProbeRule,
  type ProbeTransport,
} from '#message-model';

export type Transport = ProbeTransport;
export type Era = ProbeEra;

/** A check of the catalogue: the model's rule and the chapter heading that teaches it. */
export interface CheckDefinition extends ProbeRule {
  chapter: { id: string; title: string; heading: string };
}

const CHAPTERS = {
  shapes: { id: 'message-shapes', title: 'The three message shapes' },
  owes: { id: 'what-a-receiver-owes', title: 'What a receiver owes' },
  tools: { id: 'tool-failures-vs-protocol-failures', title: 'Tool failures versus protocol failures' },
  modern: { id: 'results-in-2026-07-28', title: 'Results in MCP 2026-07-28' },
  batching: { id: 'batching-size-and-transports', title: 'Batching, size and transports' },
  streams: { id: 'streams-subscriptions-and-cancellation', title: 'Streams, subscriptions and cancellation' },
  http: { id: 'errors-on-streamable-http', title: 'Errors on Streamable HTTP' },
} as const;
const section = (chapter: keyof typeof CHAPTERS, heading: string) => ({ ...CHAPTERS[chapter], heading });

/** Per check id, the chapter section that teaches its rule. */
const TAUGHT_IN: Record<string, CheckDefinition['chapter']> = {
  'parse-error': section('owes', 'Stage 1: parse error and the unknown id'),
  'not-an-object': section('owes', 'Stage 2: invalid request'),
  'method-not-a-string': section('owes', 'Stage 2: invalid request'),
  'id-null': section('shapes', "MCP's rules for ids"),
  batch: section('batching', 'MCP had batches for one version'),
  'unknown-method': section('owes', 'Stage 3: method not found'),
  'notification-no-response': section('owes', 'Notifications: silence, even on failure'),
  'string-id-echoed': section('shapes', 'Matching answers to questions'),
  'number-id-echoed': section('shapes', 'Matching answers to questions'),
  'ids-in-flight': section('streams', 'What "in flight" means'),
  'unknown-tool': section('tools', 'The same unknown tool, two SDK answers'),
  'tool-error-is-result': section('tools', 'SEP-1303: input validation moved to the result'),
  'business-failure-is-result': section('tools', 'Which failures go where'),
  'backend-unavailable-is-result': section('tools', '"Should a failed backend call be -32603?"'),
  'tool-args-not-object': section('owes', 'Stage 4: invalid params'),
  'invalid-params': section('owes', 'Stage 4: invalid params'),
  'meta-missing': section('modern', 'The `_meta` envelope on every request'),
  'header-mismatch': section('http', 'The mirrored headers and -32020'),
  'missing-capability': section('http', 'Capabilities and versions: errors that tell the client what to do'),
  'unsupported-version': section('http', 'Capabilities and versions: errors that tell the client what to do'),
  cancellation: section('streams', 'Cancelling: one signal per transport'),
  'http-content-type': section('http', 'Two layers, one exchange'),
  'http-session-id': section('http', 'A modern server meets an older client'),
  'http-get-405': section('http', 'A modern server meets an older client'),
};

/** Every check, in the order the probe runs them and the report lists them (a rule no chapter teaches is left out). */
export const CHECKS: readonly CheckDefinition[] = PROBE_RULES.flatMap((rule) => {
  const chapter = TAUGHT_IN[rule.id];
  return chapter ? [{ ...rule, chapter }] : [];
});

/** The report's `level`, `spec` and `chapter` members, and the level's note, for a check under a revision and transport. */
export function describeCheck(check: CheckDefinition, version: McpVersion, transport: Transport) {
  const citation = check.cite(version, transport);
  return {
    level: check.level(version, transport),
    spec: { url: mcpRef(citation.version, citation.page).url, quote: citation.quote },
    chapter: { id: check.chapter.id, anchor: slugifyHeading(check.chapter.heading), title: check.chapter.title },
    levelNote: check.levelNote?.(version, transport),
  };
}

/** The checks a run makes, for its era and transport. */
export function checksFor(era: Era, transport: Transport): CheckDefinition[] {
  return CHECKS.filter((c) => c.eras.includes(era) && c.transports.includes(transport));
}
