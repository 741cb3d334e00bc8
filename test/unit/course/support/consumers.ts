/**
 * Every consumer table of the graded-kind contract (each derived from the registry), by the name a failure gives.
 * The kind's own grader (src/course/graded-graders.ts) is part of adding a kind, not a consumer.
 */
import { CHECKLIST_ITEMS } from '../../../../src/progress/items.ts';
import { RECEIPT_BUILDERS } from '../../../../src/receipts/from-progress.ts';
import { RECEIPT_GRADERS } from '../../../../src/receipts/grade.ts';
import { EVENTS_FROM_GRADED } from '../../../../src/room/client/events-from-progress.ts';
import { GRADED_EVENT_SCHEMAS } from '../../../../src/room/protocol.ts';
import { SERVER_GRADERS } from '../../../../src/server/grade-event.ts';

export const CONSUMERS: Readonly<Record<string, object>> = {
  'progress checklist (src/progress/items.ts CHECKLIST_ITEMS)': CHECKLIST_ITEMS,
  'receipt builder (src/receipts/from-progress.ts RECEIPT_BUILDERS)': RECEIPT_BUILDERS,
  'receipt grader (src/receipts/grade.ts RECEIPT_GRADERS)': RECEIPT_GRADERS,
  'room event (src/room/client/events-from-progress.ts EVENTS_FROM_GRADED)': EVENTS_FROM_GRADED,
  'room event schema (src/room/protocol.ts GRADED_EVENT_SCHEMAS)': GRADED_EVENT_SCHEMAS,
  'server grader (src/server/grade-event.ts SERVER_GRADERS)': SERVER_GRADERS,
};

/** "<consumer> lacks <kind>" for every consumer without an entry for a kind. */
export function missingConsumers(kinds: readonly string[]): string[] {
  return kinds.flatMap((kind) =>
    Object.entries(CONSUMERS).flatMap(([name, table]) => (Object.hasOwn(table, kind) ? [] : [`${name} lacks ${kind}`])),
  );
}
