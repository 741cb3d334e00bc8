/**
 * Turns what happens in the learner's browser into room events: each graded action the widgets announce
 * (src/progress/graded.ts) and each change of help recorded in the progress store (a hint opened, a solution shown,
 * answers loaded from a link, "I can explain this" ticked). The server re-grades from the answers carried here;
 * the browser's own verdict is not sent. Pure.
 *
 * Graded actions get a random idempotency key (they happen in one tab). Help changes are noticed by every open tab,
 * so their key is derived from what they record (learner, chapter, item, what changed, its new value): every tab
 * makes the same key, and the server stores the change once.
 */
import type { GradedAction } from '../../progress/graded.ts';
import type { Progress } from '../../progress/schema.ts';
import { sha256Hex } from '../../lib/sha256.ts';
import { CLASSIFY_ITEM_ID } from '../protocol.ts';
import type { UnsequencedEvent } from './queue.ts';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A key derived from what an event records (64 hex characters). */
export function derivedKey(...parts: (string | number | boolean)[]): string {
  return sha256Hex(parts.map(String).join('\u0000'));
}

/** The fixture id in a classify widget's id (`classify-<fixture>-<protocol>`), for widgets that do not say it. */
export function fixtureFromWidgetId(widgetId: string): string | undefined {
  return CLASSIFY_ITEM_ID.exec(widgetId)?.[1];
}

/**
 * Adds what the server needs and the widget's announcement leaves out, from the widget's saved state: a classify
 * prediction's fixture (from the widget id) and edited message, a code lab's code hash.
 */
export function enrichGradedAction(action: GradedAction, savedState: (widgetId: string) => unknown): GradedAction {
  const answers = isRecord(action.answers) ? action.answers : {};
  if (action.kind === 'classify-fixture') {
    const state = savedState(action.item);
    const text = isRecord(state) && typeof state.text === 'string' ? state.text : undefined;
    const fixture = typeof answers.fixture === 'string' ? answers.fixture : fixtureFromWidgetId(action.item);
    return {
      ...action,
      answers: {
        ...answers,
        ...(fixture ? { fixture } : {}),
        ...(text !== undefined && answers.text === undefined ? { text } : {}),
      },
    };
  }
  if (action.kind === 'code-lab' && typeof answers.codeHash !== 'string') {
    const state = savedState(`code-lab-${action.item}`);
    const code = isRecord(state) && typeof state.code === 'string' ? state.code : undefined;
    if (code !== undefined) return { ...action, answers: { ...answers, codeHash: `sha256:${sha256Hex(code)}` } };
  }
  return action;
}

/** The room event for one graded action, or undefined when the action carries nothing the server can grade. */
export function eventFromGraded(action: GradedAction, key: string, at: number): UnsequencedEvent | undefined {
  const base = { key, at, chapterId: action.chapter };
  const answers = action.answers;
  switch (action.kind) {
    case 'decision-table':
      return {
        ...base,
        kind: 'decision-table',
        itemId: action.item,
        action: 'check',
        answers: isRecord(answers) ? (answers as Record<string, Record<string, string>>) : {},
        hintLevel: Math.min(3, Math.max(0, action.assist?.hints ?? 0)),
      };
    case 'completion-check':
      return {
        ...base,
        kind: 'completion-check',
        itemId: 'completion',
        action: 'check',
        answers: isRecord(answers) ? answers : {},
      };
    case 'classify-fixture': {
      if (!isRecord(answers) || typeof answers.fixture !== 'string' || typeof answers.protocol !== 'string')
        return undefined;
      const reply = isRecord(answers.reply) ? answers.reply : undefined;
      return {
        ...base,
        kind: 'classify',
        itemId: action.item,
        action: 'predict',
        fixtureId: answers.fixture,
        protocol: answers.protocol,
        prediction: {
          ...(typeof answers.kind === 'string' && answers.kind ? { kind: answers.kind } : {}),
          ...(typeof reply?.send === 'string' ? { send: reply.send } : {}),
          ...(typeof reply?.code === 'number' && Number.isInteger(reply.code) ? { code: reply.code } : {}),
        },
        ...(typeof answers.text === 'string' ? { text: answers.text } : {}),
      };
    }
    case 'code-lab': {
      const hash =
        isRecord(answers) && typeof answers.codeHash === 'string' ? answers.codeHash.replace(/^sha256:/, '') : '';
      return {
        ...base,
        kind: 'code-lab',
        itemId: action.item,
        action: 'run',
        passed: action.passed,
        tests: { passed: Math.max(0, action.correct), total: Math.max(0, action.total) },
        ...(/^[0-9a-f]{64}$/.test(hash) ? { codeHash: hash } : {}),
      };
    }
    case 'http-exchange':
      // The room's wire format has no event for an HTTP-exchange prediction yet, so the server cannot grade one;
      // it stays in the learner's own progress (and receipt) and is not sent.
      return undefined;
  }
  return undefined;
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
