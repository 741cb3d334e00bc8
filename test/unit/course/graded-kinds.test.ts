/**
 * Every graded kind reaches every consumer on its way from the widget to the grade. Each consumer derives its
 * per-kind table from the registry (src/course/graded-kinds.ts `perKind`); this test names the consumer when a kind
 * is missing at run time. graded-kinds-dummy.test.ts registers a kind none of them has seen.
 */
import { describe, expect, it } from 'vitest';
import { GRADED_ANSWERS, GRADED_KIND_CONTRACTS, GRADED_KINDS } from '../../../src/course/graded-kinds.ts';
import { CONSUMERS, missingConsumers } from './support/consumers.ts';
import { GRADED_EVENT_SCHEMAS } from '../../../src/room/protocol.ts';

describe('the graded-kind contract', () => {
  it('reaches every consumer for every kind', () => {
    expect(missingConsumers(GRADED_KINDS)).toEqual([]);
  });

  it('names each consumer a kind has not reached', () => {
    expect(missingConsumers(['not-a-kind'])).toEqual(Object.keys(CONSUMERS).map((name) => `${name} lacks not-a-kind`));
  });

  it('has an answers schema and a contract for every kind', () => {
    expect(Object.keys(GRADED_ANSWERS)).toEqual([...GRADED_KINDS]);
    expect(Object.keys(GRADED_KIND_CONTRACTS)).toEqual([...GRADED_KINDS]);
  });

  it('sends each kind as the room event its contract names', () => {
    for (const kind of GRADED_KINDS)
      expect(GRADED_EVENT_SCHEMAS[kind].def.shape.kind.def.values, kind).toEqual([
        GRADED_KIND_CONTRACTS[kind].roomEvent,
      ]);
  });
});
