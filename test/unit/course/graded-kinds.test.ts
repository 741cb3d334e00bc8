/**
 * Every graded kind reaches every consumer on its way from the widget to the grade. Each consumer keeps a table
 * keyed by kind (a missing key is a compile error there); this test names the consumer when a kind is missing at
 * run time too, and registers a dummy kind to show that it would.
 */
import { describe, expect, it } from 'vitest';
import { GRADERS } from '../../../src/course/graded-graders.ts';
import { GRADED_ANSWERS, GRADED_KIND_CONTRACTS, GRADED_KINDS } from '../../../src/course/graded-kinds.ts';
import { SCORM_INTERACTION_TYPES } from '../../../src/lms/scorm/cmi.ts';
import { CHECKLIST_ITEMS } from '../../../src/progress/items.ts';
import { RECEIPT_BUILDERS } from '../../../src/receipts/from-progress.ts';
import { RECEIPT_GRADERS } from '../../../src/receipts/grade.ts';
import { EVENTS_FROM_GRADED } from '../../../src/room/client/events-from-progress.ts';
import { DASHBOARD_TALLIES } from '../../../src/room/dashboard-model.ts';
import { GRADED_EVENT_SCHEMAS } from '../../../src/room/protocol.ts';
import { SERVER_GRADERS } from '../../../src/server/grade-event.ts';

/** Every consumer of the contract, by the name a failure gives. */
const CONSUMERS: Readonly<Record<string, object>> = {
  'answers schema (src/course/graded-kinds.ts GRADED_ANSWERS)': GRADED_ANSWERS,
  'contract (src/course/graded-kinds.ts GRADED_KIND_CONTRACTS)': GRADED_KIND_CONTRACTS,
  'grader (src/course/graded-graders.ts GRADERS)': GRADERS,
  'progress checklist (src/progress/items.ts CHECKLIST_ITEMS)': CHECKLIST_ITEMS,
  'receipt builder (src/receipts/from-progress.ts RECEIPT_BUILDERS)': RECEIPT_BUILDERS,
  'receipt grader (src/receipts/grade.ts RECEIPT_GRADERS)': RECEIPT_GRADERS,
  'room event (src/room/client/events-from-progress.ts EVENTS_FROM_GRADED)': EVENTS_FROM_GRADED,
  'room event schema (src/room/protocol.ts GRADED_EVENT_SCHEMAS)': GRADED_EVENT_SCHEMAS,
  'server grader (src/server/grade-event.ts SERVER_GRADERS)': SERVER_GRADERS,
  'dashboard/roster column (src/room/dashboard-model.ts DASHBOARD_TALLIES)': DASHBOARD_TALLIES,
  'SCORM interaction (src/lms/scorm/cmi.ts SCORM_INTERACTION_TYPES)': SCORM_INTERACTION_TYPES,
};

/** "<consumer> lacks <kind>" for every consumer without an entry for a kind. */
function missingConsumers(kinds: readonly string[]): string[] {
  return kinds.flatMap((kind) =>
    Object.entries(CONSUMERS).flatMap(([name, table]) => (Object.hasOwn(table, kind) ? [] : [`${name} lacks ${kind}`])),
  );
}

describe('the graded-kind contract', () => {
  it('reaches every consumer for every kind', () => {
    expect(missingConsumers(GRADED_KINDS)).toEqual([]);
  });

  it('names each consumer a newly registered kind has not reached yet', () => {
    expect(missingConsumers([...GRADED_KINDS, 'dummy-report'])).toEqual(
      Object.keys(CONSUMERS).map((name) => `${name} lacks dummy-report`),
    );
  });

  it('sends each kind as the room event its contract names', () => {
    for (const kind of GRADED_KINDS)
      expect(GRADED_EVENT_SCHEMAS[kind].def.shape.kind.def.values, kind).toEqual([
        GRADED_KIND_CONTRACTS[kind].roomEvent,
      ]);
  });
});
