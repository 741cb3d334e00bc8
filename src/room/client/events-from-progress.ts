/**
 * Turns what happens in the learner's browser into room events: each graded action the widgets announce
 * (src/progress/graded.ts, in the shape src/course/graded-kinds.ts gives each kind) and each change of help recorded in the progress store (a hint opened, a solution shown,
 * answers loaded from a link, "I can explain this" ticked). The server re-grades from the answers carried here;
 * the browser's own verdict is not sent. Pure.
 *
 * Graded actions get a random idempotency key (they happen in one tab). Help changes are noticed by every open tab,
 * so their key is derived from what they record (learner, chapter, item, what changed, its new value): every tab
 * makes the same key, and the server stores the change once.
 */
import { contractOf, perKind, type GradedKind } from '../../course/graded-kinds.ts';
import type { GradedAction } from '../../progress/graded.ts';
import type { Progress } from '../../progress/schema.ts';
import { sha256Hex } from '../../lib/sha256.ts';
import type { UnsequencedEvent } from './queue.ts';
import { isRecord } from '../../lib/record.ts';

/** A key derived from what an event records (64 hex characters). */
export function derivedKey(...parts: (string | number | boolean)[]): string {
  return sha256Hex(parts.map(String).join('\u0000'));
}

type ActionOf<K extends GradedKind> = Extract<GradedAction, { kind: K }>;
type EventBase = Pick<UnsequencedEvent, 'key' | 'at' | 'chapterId'>;

type EventFrom<K extends GradedKind> = (action: ActionOf<K>, base: EventBase) => UnsequencedEvent;

/**
 * The room event of a graded kind from what its widget announced, in the generic shape (src/room/protocol.ts
 * `gradedEventSchema`): the item, the contract's action and the answers as the widget gave them.
 */
const genericEvent =
  (kind: GradedKind): EventFrom<GradedKind> =>
  (action, base) =>
    ({
      ...base,
      kind: contractOf(kind).roomEvent,
      itemId: action.item,
      action: contractOf(kind).roomAction,
      answers: action.answers,
    }) as UnsequencedEvent;

/** The kinds whose room event has fields of its own (src/room/protocol.ts, the shapes rooms already store). */
const OWN_EVENTS: { readonly [K in GradedKind]?: EventFrom<K> } = {
  'decision-table': (action, base) => ({
    ...base,
    kind: 'decision-table',
    itemId: action.item,
    action: 'check',
    answers: action.answers,
    hintLevel: Math.min(3, Math.max(0, action.assist?.hints ?? 0)),
  }),
  'classify-prediction': ({ item, answers: { fixture, protocol, kind, reply, text } }, base) => ({
    ...base,
    kind: 'classify',
    itemId: item,
    action: 'predict',
    fixtureId: fixture,
    protocol,
    prediction: {
      ...(kind ? { kind } : {}),
      ...(reply?.send ? { send: reply.send } : {}),
      ...(reply?.code !== undefined ? { code: reply.code } : {}),
    },
    ...(text !== undefined ? { text } : {}),
  }),
  'code-lab': ({ item, answers: { passed, tests, codeHash } }, base) => ({
    ...base,
    kind: 'code-lab',
    itemId: item,
    action: 'run',
    passed,
    tests,
    ...(codeHash !== undefined ? { codeHash } : {}),
  }),
};

/**
 * The room event of each graded kind, made from what the widget announced (src/course/graded-kinds.ts): the
 * answers are sent as the widget gave them, nothing is read back from saved state.
 */
export const EVENTS_FROM_GRADED = perKind(
  (kind) => (OWN_EVENTS as Partial<Record<GradedKind, EventFrom<GradedKind>>>)[kind] ?? genericEvent(kind),
);

/** The room event for one graded action. */
export function eventFromGraded(action: GradedAction, key: string, at: number): UnsequencedEvent {
  const make = EVENTS_FROM_GRADED[action.kind] as (a: GradedAction, base: EventBase) => UnsequencedEvent;
  return make(action, { key, at, chapterId: action.chapter });
}

/**
 * The help that changed between two snapshots of the store: hints opened further, a solution shown, answers
 * loaded from a link, a self-mark ticked or cleared. Only increases count (a reset is not a new hint).
 */
export function eventsFromProgressChange(
  before: Progress,
  after: Progress,
  learnerId: string,
  at: number,
): UnsequencedEvent[] {
  const events: UnsequencedEvent[] = [];
  for (const [chapterId, chapter] of Object.entries(after.chapters)) {
    const old = before.chapters[chapterId];
    for (const [itemId, record] of Object.entries(chapter.widgets)) {
      if (record.kind !== 'decision-table') continue;
      const was = old?.widgets[itemId]?.assist;
      const now = record.assist;
      if (!now) continue;
      const state = isRecord(record.state) ? record.state : {};
      const answers = isRecord(state.answers) ? (state.answers as Record<string, Record<string, string>>) : {};
      const hintLevel = Math.min(3, now.hints);
      if (now.hints > (was?.hints ?? 0)) {
        events.push({
          key: derivedKey(learnerId, chapterId, itemId, 'hint', now.hints),
          at,
          chapterId,
          kind: 'decision-table',
          itemId,
          action: 'hint',
          answers,
          hintLevel,
        });
      }
      if (now.solutionShown && !was?.solutionShown) {
        events.push({
          key: derivedKey(learnerId, chapterId, itemId, 'solution', record.at),
          at,
          chapterId,
          kind: 'decision-table',
          itemId,
          action: 'solution',
          answers,
          hintLevel,
        });
      }
      if (now.linkLoaded && !was?.linkLoaded) {
        events.push({
          key: derivedKey(learnerId, chapterId, itemId, 'load-link', record.at),
          at,
          chapterId,
          kind: 'decision-table',
          itemId,
          action: 'load-link',
          answers,
          hintLevel,
        });
      }
    }
    for (const [itemId, record] of Object.entries(chapter.codeLabs)) {
      if (record.assist?.solutionShown && !old?.codeLabs[itemId]?.assist?.solutionShown) {
        events.push({
          key: derivedKey(learnerId, chapterId, itemId, 'solution', record.at),
          at,
          chapterId,
          kind: 'code-lab',
          itemId,
          action: 'solution',
          passed: record.passed,
        });
      }
    }
    const marked = chapter.selfMark?.canExplain === true;
    const wasMarked = old?.selfMark?.canExplain === true;
    if (marked !== wasMarked) {
      events.push({
        key: derivedKey(learnerId, chapterId, 'self-mark', marked, chapter.selfMark?.at ?? after.updatedAt),
        at,
        chapterId,
        kind: 'self-mark',
        action: 'mark',
        canExplain: marked,
      });
    }
  }
  return events;
}
