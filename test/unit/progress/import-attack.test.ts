/**
 * Attack tests for importing a progress file someone else made: a widget's state is opaque JSON the schema does not
 * look inside, so the file can nest it as deeply as 5 MB allows.
 */
import { describe, expect, it } from 'vitest';
import { readProgressText } from '../../../src/progress/migrate.ts';
import { createProgressStore } from '../../../src/progress/store.ts';
import { memoryStorage } from '../../support/memory-storage.ts';

const NOW = '2026-11-30T10:00:00.000Z';

/** A version 3 progress file whose one decision table's state is `state` (JSON text). */
const fileWithState = (state: string) =>
  `{"format":"mcp-message-lab/progress","version":3,"updatedAt":"2026-11-30T09:00:00.000Z","chapters":{"error-semantics-and-retries":{"checks":{},"codeLabs":{},"widgets":{"table-1":{"kind":"decision-table","state":${state},"done":false,"at":"2026-11-30T09:00:00.000Z"}}}}}`;

describe('an imported progress file nested a million levels deep', () => {
  // 2 MB, under the page's 5 MB cap for a progress file. JSON.parse reads it, but copying or saving it
  // (JSON.stringify) overflows the stack: importJson threw, and the store kept the unreadable copy, so every
  // later read on the page threw too.
  const depth = 1_000_000;
  const text = fileWithState(`${'['.repeat(depth)}${']'.repeat(depth)}`);

  it('is refused with a reason, and the store stays as it was', () => {
    const map = memoryStorage();
    const storage = { ...map, key: (i: number) => [...map.map.keys()][i] ?? null, length: 0 };
    const store = createProgressStore(storage, () => NOW);
    const outcome = store.importJson(text);
    expect(outcome.kind).toBe('invalid');
    expect(outcome.kind === 'invalid' && outcome.reason).toMatch(/nest/);
    expect(store.read().chapters).toEqual({});
  });

  it('is unreadable as stored text too', () => {
    expect(readProgressText(text).kind).toBe('unreadable');
  });

  it('still reads a file whose widget state nests a few levels', () => {
    const outcome = readProgressText(
      fileWithState('{"answers":{"unknown-method":{"layer":"transport"}},"checked":true}'),
    );
    expect(outcome.kind).toBe('ok');
  });
});
