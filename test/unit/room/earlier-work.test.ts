import { describe, expect, it } from 'vitest';
import { earlierWork, eventsFromEarlierWork } from '../../../src/room/client/earlier-work.ts';
import { eventFromGraded } from '../../../src/room/client/events-from-progress.ts';
import { RoomEventSchema } from '../../../src/room/protocol.ts';
import type { Progress } from '../../../src/progress/schema.ts';

const IN_ROOM = 'error-semantics-and-retries';
const OTHER = 'message-shapes';
const JOINED_AT = Date.parse('2026-11-30T10:00:00.000Z');
const BEFORE = '2026-11-30T09:00:00.000Z';
const AFTER = '2026-11-30T10:30:00.000Z';

const tableRecord = (at: string) => ({
  kind: 'decision-table' as const,
  answers: { 'malformed-incident-id': { layer: 'json-parser' } },
  correct: 0,
  total: 12,
  passed: false,
  at,
});

const chapter = (graded: NonNullable<Progress['chapters'][string]['graded']>) => ({
  checks: {},
  widgets: {},
  codeLabs: {},
  graded,
});

const progress: Progress = {
  format: 'mcp-message-lab/progress',
  version: 3,
  updatedAt: AFTER,
  chapters: {
    [IN_ROOM]: chapter({
      'ch05-table': tableRecord(BEFORE),
      completion: {
        kind: 'completion-check',
        answers: { q1: 'b' },
        correct: 1,
        total: 1,
        passed: true,
        at: AFTER,
      },
    }),
    [OTHER]: chapter({ 'ch01-table': tableRecord(BEFORE) }),
    // Saved before graded answers were kept: nothing to bring.
    faq: { checks: {}, widgets: {}, codeLabs: {} },
  },
} as Progress;

describe('work done before joining a room', () => {
  it("chooses only the room's chapters and only what was graded before the join", () => {
    const chosen = earlierWork(progress, [IN_ROOM, 'faq'], JOINED_AT);
    expect(chosen).toEqual([{ chapter: IN_ROOM, item: 'ch05-table', record: tableRecord(BEFORE) }]);
  });

  it('chooses nothing when the room has none of the chapters worked on, or everything came after the join', () => {
    expect(earlierWork(progress, ['faq'], JOINED_AT)).toEqual([]);
    expect(earlierWork(progress, [IN_ROOM, OTHER], Date.parse(BEFORE))).toEqual([]);
  });

  it('counts work in every room chapter it was done in', () => {
    const chosen = earlierWork(progress, [OTHER, IN_ROOM], JOINED_AT);
    expect(chosen.map((w) => `${w.chapter}/${w.item}`).sort()).toEqual([
      `${IN_ROOM}/ch05-table`,
      `${OTHER}/ch01-table`,
    ]);
  });

  it('sends each record as the event a live announcement makes, under a key every tab derives alike', () => {
    const chosen = earlierWork(progress, [IN_ROOM], JOINED_AT);
    const learner = 'learner-0123456789abcdef';
    const [event] = eventsFromEarlierWork(chosen, learner, 1234);
    const live = eventFromGraded({ ...tableRecord(BEFORE), chapter: IN_ROOM, item: 'ch05-table' }, event!.key, 1234);
    expect(event).toEqual(live);
    expect(RoomEventSchema.safeParse({ ...event, seq: 1 }).success).toBe(true);
    // A second press, or a second tab, makes the same key: the queue and the server store it once.
    expect(eventsFromEarlierWork(chosen, learner, 9999)[0]!.key).toBe(event!.key);
    expect(eventsFromEarlierWork(chosen, 'learner-other-0123456789', 1234)[0]!.key).not.toBe(event!.key);
  });
});
