import { describe, expect, it } from 'vitest';
import { eventFromGraded, eventsFromProgressChange } from '../../../src/room/client/events-from-progress.ts';
import { RoomEventSchema } from '../../../src/room/protocol.ts';
import type { Progress } from '../../../src/progress/schema.ts';

const CH = 'error-semantics-and-retries';
const AT = '2026-11-30T09:00:00.000Z';

function progress(
  widgets: Progress['chapters'][string]['widgets'] = {},
  extra: Partial<Progress['chapters'][string]> = {},
): Progress {
  return {
    format: 'mcp-message-lab/progress',
    version: 3,
    updatedAt: AT,
    chapters: { [CH]: { checks: {}, widgets, codeLabs: {}, ...extra } },
  } as Progress;
}

const table = (hints: number, solutionShown = false, linkLoaded = false) => ({
  'ch05-table': {
    kind: 'decision-table',
    state: { answers: { 'backend-unavailable': { layer: 'transport' } } },
    done: false,
    at: AT,
    assist: { hints, solutionShown, linkLoaded, imported: false },
  },
});

describe('room events from the browser', () => {
  it('turns each graded action into a wire event the server accepts, without the browser’s verdict', () => {
    const actions = [
      {
        kind: 'decision-table',
        chapter: CH,
        item: 'ch05-table',
        correct: 0,
        total: 12,
        passed: false,
        answers: { 'backend-unavailable': { layer: 'transport' } },
      },
      {
        kind: 'completion-check',
        chapter: CH,
        item: 'completion',
        correct: 1,
        total: 5,
        passed: false,
        answers: { q1: { choice: 'a' } },
      },
      {
        kind: 'classify-prediction',
        chapter: CH,
        item: 'classify-x',
        correct: 1,
        total: 1,
        passed: true,
        answers: {
          fixture: 'notification-progress',
          protocol: '2026-07-28',
          kind: 'notification',
          reply: { send: 'nothing' },
        },
      },
      {
        kind: 'code-lab',
        chapter: CH,
        item: '06-retry-safety',
        correct: 3,
        total: 4,
        passed: false,
        answers: { passed: false, tests: { passed: 3, total: 4 }, codeHash: 'c'.repeat(64) },
      },
      {
        kind: 'http-exchange-prediction',
        chapter: 'errors-on-streamable-http',
        item: 'http-http-unknown-method-404',
        correct: 2,
        total: 3,
        passed: false,
        answers: { exchange: 'http-unknown-method-404', status: 'error', body: 'error', broken: 'client' },
      },
    ] as const;
    for (const action of actions) {
      const event = eventFromGraded({ ...action, at: AT }, 'key-12345678', 1);
      const parsed = RoomEventSchema.safeParse({ ...event, seq: 1 });
      expect(parsed.success, action.kind).toBe(true);
      expect(JSON.stringify(event)).not.toMatch(/"correct"|"passed":true/);
    }
    const lab = eventFromGraded({ ...actions[3], at: AT }, 'key-12345678', 1);
    expect(lab).toMatchObject({ codeHash: 'c'.repeat(64), tests: { passed: 3, total: 4 }, passed: false });
  });

  it('sends what the widget announced as it is: nothing is read back from saved state', () => {
    const event = eventFromGraded(
      {
        kind: 'classify-prediction',
        chapter: CH,
        item: 'classify-request-id-null-2025-11-25',
        correct: 1,
        total: 1,
        passed: true,
        answers: { fixture: 'request-id-null', protocol: '2025-11-25', kind: 'request', text: '{"jsonrpc":"2.0"}' },
        at: AT,
      },
      'key-12345678',
      1,
    );
    expect(event).toEqual({
      key: 'key-12345678',
      at: 1,
      chapterId: CH,
      kind: 'classify',
      itemId: 'classify-request-id-null-2025-11-25',
      action: 'predict',
      fixtureId: 'request-id-null',
      protocol: '2025-11-25',
      prediction: { kind: 'request' },
      text: '{"jsonrpc":"2.0"}',
    });
  });

  it('notices a hint opened further, a solution shown and answers loaded from a link, each once', () => {
    const before = progress(table(1));
    const after = progress(table(2, true, true));
    const events = eventsFromProgressChange(before, after, 'learner-1', 1);
    expect(events.map((e) => ('action' in e ? e.action : e.kind))).toEqual(['hint', 'solution', 'load-link']);
    expect(eventsFromProgressChange(after, after, 'learner-1', 1)).toEqual([]);
    expect(eventsFromProgressChange(after, progress(table(0)), 'learner-1', 1)).toEqual([]);
  });

  it('gives every tab the same key for the same change, and another learner another key', () => {
    const a = eventsFromProgressChange(progress(table(0)), progress(table(1)), 'learner-1', 1);
    const b = eventsFromProgressChange(progress(table(0)), progress(table(1)), 'learner-1', 999);
    const c = eventsFromProgressChange(progress(table(0)), progress(table(1)), 'learner-2', 1);
    expect(a[0]!.key).toBe(b[0]!.key);
    expect(a[0]!.key).not.toBe(c[0]!.key);
    expect(RoomEventSchema.safeParse({ ...a[0], seq: 1 }).success).toBe(true);
  });

  it('notices the self-mark ticked and cleared', () => {
    const ticked = progress({}, { selfMark: { canExplain: true, at: AT } });
    expect(eventsFromProgressChange(progress(), ticked, 'l', 1)).toMatchObject([
      { kind: 'self-mark', canExplain: true },
    ]);
    expect(eventsFromProgressChange(ticked, progress(), 'l', 1)).toMatchObject([
      { kind: 'self-mark', canExplain: false },
    ]);
  });
});
