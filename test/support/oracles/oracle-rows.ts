/**
 * What the differential tests share: the model's verdict on a message in the terms an oracle can answer, and the
 * shape of the tables that explain a disagreement.
 *
 * A row never looks at the model's findings (a bug that emits a finding would explain itself): it decides from the
 * message alone, cites the spec sentence our verdict rests on, and carries an example that must show the difference.
 */
import { classifyMessage, type Classification, type Protocol } from '#message-model';

/** The single-message kinds; every other kind is `invalid` to an oracle. */
const SINGLE_MESSAGE_KINDS = ['request', 'notification', 'result', 'error'] as const;
export type OracleKind = (typeof SINGLE_MESSAGE_KINDS)[number] | 'invalid';

/** The model's answer: the kind, and whether the message breaks no rule (a single message with no error finding). */
export interface ModelVerdict {
  kind: OracleKind;
  valid: boolean;
  c: Classification;
}

export function modelVerdict(text: string, protocol: Protocol): ModelVerdict {
  const c = classifyMessage(text, { protocol });
  const kind = (SINGLE_MESSAGE_KINDS as readonly string[]).includes(c.kind) ? (c.kind as OracleKind) : 'invalid';
  return { kind, valid: kind !== 'invalid' && !c.findings.some((f) => f.severity === 'error'), c };
}

/** How a disagreement goes: we call valid what the oracle rejects, or the other way round, or we name another kind. */
type Direction = 'we-accept' | 'we-reject' | 'other-kind';

export function directionOf(ours: { kind: OracleKind; valid: boolean }, theirs: { kind: OracleKind; valid: boolean }) {
  if (ours.valid && !theirs.valid) return 'we-accept';
  if (!ours.valid && theirs.valid) return 'we-reject';
  if (ours.kind !== 'invalid' && theirs.kind !== 'invalid' && ours.kind !== theirs.kind) return 'other-kind';
  return undefined;
}

/** A row of an intended-differences table. */
export interface IntendedDifference<V extends string> {
  id: string;
  direction: Direction;
  /** The versions (or oracle variants) under which the row applies. */
  versions: readonly V[];
  /** Why we differ, in a sentence. */
  reason: string;
  /** The spec sentence our verdict rests on, quoted short, and its section. */
  spec: string;
  /** Whether the row explains this message; decided from the parsed message (and the version) alone. */
  applies: (value: unknown, version: V) => boolean;
  /** A message that shows the difference. */
  example: string;
  /** Examples for versions where `example` does not show it (a code MCP defines only in a later version). */
  examples?: Partial<Record<V, string>>;
}

/**
 * A disagreement that is a bug in the model. The test asserts that its example still disagrees, so the row must be
 * deleted the day the model is fixed.
 */
export interface PendingModelFix<V extends string> {
  id: string;
  direction: Direction;
  versions: readonly V[];
  /** What the model gets wrong and what the spec says instead, in a sentence. */
  request: string;
  applies: (value: unknown, version: V) => boolean;
  example: string;
  /** Examples for versions where `example` does not show the bug (a 2026-07-28 request needs its envelope). */
  examples?: Partial<Record<V, string>>;
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The parsed `params` of a message, when it is an object. */
export const paramsOf = (v: unknown) => (isObject(v) && isObject(v.params) ? v.params : undefined);
/** The parsed `result` of a message, when it is an object. */
export const resultOf = (v: unknown) => (isObject(v) && isObject(v.result) ? v.result : undefined);
