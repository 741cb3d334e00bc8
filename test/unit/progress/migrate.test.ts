import { describe, expect, it } from 'vitest';
import {
  emptyProgress,
  migrateV1ToV2,
  migrateV2ToV3,
  readProgressText,
  readProgressValue,
} from '../../../src/progress/migrate.ts';

const v1 = {
  format: 'mcp-message-lab/progress',
  version: 1,
  completed: ['message-shapes'],
  checksPassed: ['error-semantics-and-retries'],
  widgets: {
    'error-semantics-and-retries/retry-table': {
      answers: { 'unknown-method': { layer: 'method-dispatch' } },
      passed: true,
    },
    'what-a-receiver-owes/owed-table': { answers: {} },
  },
  savedAt: '2026-11-01T10:00:00.000Z',
};

describe('migrateV1ToV2', () => {
  it('turns completed chapters into self-marks with the v1 save time', () => {
    const v2 = migrateV1ToV2(v1 as never);
    expect(v2.chapters['message-shapes']?.selfMark).toEqual({ canExplain: true, at: '2026-11-01T10:00:00.000Z' });
  });

  it('turns passed checks into passed completion checks', () => {
    const v2 = migrateV1ToV2(v1 as never);
    expect(v2.chapters['error-semantics-and-retries']?.checks.completion?.passed).toBe(true);
  });

  it('moves each widget state under its chapter, keeping the state and marking passed tables done', () => {
    const v2 = migrateV1ToV2(v1 as never);
    expect(v2.chapters['error-semantics-and-retries']?.widgets['retry-table']).toEqual({
      kind: 'decision-table',
      state: { answers: { 'unknown-method': { layer: 'method-dispatch' } }, passed: true },
      done: true,
      at: '2026-11-01T10:00:00.000Z',
    });
    expect(v2.chapters['what-a-receiver-owes']?.widgets['owed-table']?.done).toBe(false);
  });
});

/** A hand-written version-2 document: a table that a shared link overwrote (its stash exists), and one that did not. */
const v2 = {
  format: 'mcp-message-lab/progress',
  version: 2,
  updatedAt: '2026-11-20T10:00:00.000Z',
  chapters: {
    'error-semantics-and-retries': {
      checks: {},
      widgets: {
        'ch05-table': {
          kind: 'decision-table',
          state: {
            answers: { 'unknown-method': { layer: 'method-dispatch' } },
            hintLevel: 2,
            solution: true,
            passed: true,
          },
          done: true,
          at: '2026-11-20T09:00:00.000Z',
        },
        'ch05-table--before-link': {
          kind: 'decision-table-stash',
          state: { answers: { 'unknown-method': { layer: 'transport' } }, hintLevel: 0 },
          done: false,
          at: '2026-11-20T09:00:00.000Z',
        },
        'classify-x': {
          kind: 'classify-fixture',
          state: { kind: 'request' },
          done: true,
          at: '2026-11-20T09:00:00.000Z',
        },
      },
      codeLabs: {},
    },
    'what-a-receiver-owes': {
      checks: {},
      widgets: {
        'owed-table': {
          kind: 'decision-table',
          state: { answers: {}, hintLevel: 1 },
          done: false,
          at: '2026-11-20T09:00:00.000Z',
        },
      },
      codeLabs: { 'what-a-receiver-owes': { passed: true, attempts: 2, at: '2026-11-20T09:00:00.000Z' } },
    },
  },
};

describe('migrateV2ToV3', () => {
  it("moves a table's hint level and shown solution into its assist record", () => {
    const v3 = migrateV2ToV3(v2 as never);
    expect(v3.version).toBe(3);
    expect(v3.chapters['what-a-receiver-owes']?.widgets['owed-table']?.assist).toEqual({
      hints: 1,
      solutionShown: false,
      linkLoaded: false,
      imported: false,
    });
  });

  it('marks a table whose answers a link replaced as link-loaded and not solved, and keeps the stash', () => {
    const v3 = migrateV2ToV3(v2 as never);
    const chapter = v3.chapters['error-semantics-and-retries']!;
    expect(chapter.widgets['ch05-table']).toMatchObject({
      done: false,
      assist: { hints: 2, solutionShown: true, linkLoaded: true, imported: false },
    });
    expect(chapter.widgets['ch05-table--before-link']?.state).toEqual(
      v2.chapters['error-semantics-and-retries'].widgets['ch05-table--before-link'].state,
    );
  });

  it('leaves other widgets, checks and code labs as they were', () => {
    const v3 = migrateV2ToV3(v2 as never);
    expect(v3.chapters['error-semantics-and-retries']?.widgets['classify-x']).toEqual(
      v2.chapters['error-semantics-and-retries'].widgets['classify-x'],
    );
    expect(v3.chapters['what-a-receiver-owes']?.codeLabs).toEqual(v2.chapters['what-a-receiver-owes'].codeLabs);
  });
});

describe('readProgressValue', () => {
  it('migrates a v2 document to v3 and says it did', () => {
    const outcome = readProgressValue(v2);
    expect(outcome).toMatchObject({ kind: 'ok', migratedFrom: 2, progress: { version: 3 } });
  });

  it('reads the current version unchanged', () => {
    const p = emptyProgress('2026-11-02T00:00:00.000Z');
    expect(readProgressValue(p)).toEqual({ kind: 'ok', progress: p });
  });

  it('migrates a v1 document and says it did', () => {
    const outcome = readProgressValue(v1);
    expect(outcome.kind).toBe('ok');
    if (outcome.kind === 'ok') {
      expect(outcome.migratedFrom).toBe(1);
      expect(outcome.progress.version).toBe(3);
    }
  });

  it('refuses data that is not ours', () => {
    expect(readProgressValue({ theme: 'dark' })).toMatchObject({ kind: 'unreadable' });
    expect(readProgressValue([1, 2])).toMatchObject({ kind: 'unreadable', reason: 'it is not a JSON object' });
  });

  it('refuses a newer version instead of guessing', () => {
    const outcome = readProgressValue({ ...emptyProgress(), version: 4 });
    expect(outcome.kind).toBe('unreadable');
    if (outcome.kind === 'unreadable') expect(outcome.reason).toMatch(/newer version/);
  });

  it('refuses a damaged v2 document and names the field', () => {
    const outcome = readProgressValue({
      ...emptyProgress(),
      chapters: { 'message-shapes': { checks: {}, widgets: {}, codeLabs: { lab: { passed: 'yes', at: 'x' } } } },
    });
    expect(outcome.kind).toBe('unreadable');
    if (outcome.kind === 'unreadable') expect(outcome.reason).toMatch(/codeLabs/);
  });

  it('refuses text that is not JSON', () => {
    expect(readProgressText('{"format":')).toEqual({ kind: 'unreadable', reason: 'it is not valid JSON' });
  });
});

describe('progress saved under chapter ids from before the rename (content/course.json renamed)', () => {
  const at = (m: number) => `2026-11-30T10:0${m}:00.000Z`;
  const saved = {
    format: 'mcp-message-lab/progress',
    version: 3,
    updatedAt: at(5),
    chapters: {
      '05-error-semantics-and-retries': {
        selfMark: { canExplain: true, at: at(1) },
        checks: { completion: { passed: true, correct: 5, total: 5, at: at(2) } },
        widgets: {},
        codeLabs: {},
      },
      'error-semantics-and-retries': {
        checks: { completion: { passed: false, correct: 1, total: 5, at: at(1) } },
        widgets: {},
        codeLabs: {},
      },
      '08-faq': { selfMark: { canExplain: true, at: at(3) }, checks: {}, widgets: {}, codeLabs: {} },
    },
  };

  it('files them under the ids the chapters have now, keeping the newer record of each item', () => {
    const outcome = readProgressValue(saved);
    if (outcome.kind !== 'ok') throw new Error(outcome.reason);
    expect(Object.keys(outcome.progress.chapters).sort()).toEqual(['error-semantics-and-retries', 'faq']);
    const ch = outcome.progress.chapters['error-semantics-and-retries']!;
    // The check passed at 10:02 under the old id is newer than the failed try at 10:01 under the new one.
    expect(ch.checks.completion).toMatchObject({ passed: true, correct: 5 });
    expect(ch.selfMark).toEqual({ canExplain: true, at: at(1) });
    expect(outcome.progress.chapters.faq!.selfMark?.canExplain).toBe(true);
  });
});
