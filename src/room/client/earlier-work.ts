/**
 * Work done before joining a room: the graded answers the progress store kept (`chapters.<id>.graded`,
 * src/course/graded-kinds.ts) in the room's chapters, graded before the learner joined. The room does not count
 * them unless the learner sends them; sending makes each the event a live announcement makes
 * (events-from-progress.ts `eventFromGraded`), and the server re-grades it like any other. Pure.
 *
 * The key of each is derived from what it records (learner, chapter, item, when it was graded), so a second press or
 * a second tab queues and stores it once.
 */
import type { GradedRecord } from '../../course/graded-kinds.ts';
import type { Progress } from '../../progress/schema.ts';
import { derivedKey, eventFromGraded } from './events-from-progress.ts';
import type { UnsequencedEvent } from './queue.ts';

/** One kept graded answer, where it was made. */
export interface EarlierWork {
  chapter: string;
  item: string;
  record: GradedRecord;
}

/** The graded answers kept in `chapters` (the room's) and graded before `joinedAt` (ms since the epoch). */
export function earlierWork(progress: Progress, chapters: readonly string[], joinedAt: number): EarlierWork[] {
  const work: EarlierWork[] = [];
  for (const chapter of chapters) {
    for (const [item, record] of Object.entries(progress.chapters[chapter]?.graded ?? {})) {
      if (Date.parse(record.at) < joinedAt) work.push({ chapter, item, record });
    }
  }
  return work;
}

/** The room event of each piece of earlier work, made at `at`. */
export function eventsFromEarlierWork(work: readonly EarlierWork[], learnerId: string, at: number): UnsequencedEvent[] {
  return work.map(({ chapter, item, record }) =>
    eventFromGraded({ ...record, chapter, item }, derivedKey(learnerId, chapter, item, 'earlier', record.at), at),
  );
}
