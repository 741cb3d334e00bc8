import { describe, expect, it } from 'vitest';
import { emptyProgress, migrateV1ToV2, readProgressText, readProgressValue } from '../../../src/progress/migrate.ts';

const v1 = {
  format: 'mcp-message-lab/progress',
  version: 1,
  completed: ['01-message-shapes'],
  checksPassed: ['05-error-semantics-and-retries'],
  widgets: {
    '05-error-semantics-and-retries/retry-table': {
      answers: { 'unknown-method': { layer: 'method-dispatch' } },
      passed: true,
    },
    '02-what-a-receiver-owes/owed-table': { answers: {} },
  },
  savedAt: '2026-11-01T10:00:00.000Z',
};

describe('migrateV1ToV2', () => {
  it('turns completed chapters into self-marks with the v1 save time', () => {
    const v2 = migrateV1ToV2(v1 as never);
    expect(v2.chapters['01-message-shapes']?.selfMark).toEqual({ canExplain: true, at: '2026-11-01T10:00:00.000Z' });
  });

  it('turns passed checks into passed completion checks', () => {
    const v2 = migrateV1ToV2(v1 as never);
    expect(v2.chapters['05-error-semantics-and-retries']?.checks.completion?.passed).toBe(true);
  });

  it('moves each widget state under its chapter, keeping the state and marking passed tables done', () => {
    const v2 = migrateV1ToV2(v1 as never);
    expect(v2.chapters['05-error-semantics-and-retries']?.widgets['retry-table']).toEqual({
      kind: 'decision-table',
      state: { answers: { 'unknown-method': { layer: 'method-dispatch' } }, passed: true },
      done: true,
      at: '2026-11-01T10:00:00.000Z',
    });
    expect(v2.chapters['02-what-a-receiver-owes']?.widgets['owed-table']?.done).toBe(false);
  });
});

describe('readProgressValue', () => {
  it('reads the current version unchanged', () => {
    const p = emptyProgress('2026-11-02T00:00:00.000Z');
    expect(readProgressValue(p)).toEqual({ kind: 'ok', progress: p });
  });

  it('migrates a v1 document and says it did', () => {
    const outcome = readProgressValue(v1);
    expect(outcome.kind).toBe('ok');
    if (outcome.kind === 'ok') {
      expect(outcome.migratedFrom).toBe(1);
      expect(outcome.progress.version).toBe(2);
    }
  });

  it('refuses data that is not ours', () => {
    expect(readProgressValue({ theme: 'dark' })).toMatchObject({ kind: 'unreadable' });
    expect(readProgressValue([1, 2])).toMatchObject({ kind: 'unreadable', reason: 'it is not a JSON object' });
  });

  it('refuses a newer version instead of guessing', () => {
    const outcome = readProgressValue({ ...emptyProgress(), version: 3 });
    expect(outcome.kind).toBe('unreadable');
    if (outcome.kind === 'unreadable') expect(outcome.reason).toMatch(/newer version/);
  });

  it('refuses a damaged v2 document and names the field', () => {
    const outcome = readProgressValue({
      ...emptyProgress(),
      chapters: { '01-message-shapes': { checks: {}, widgets: {}, codeLabs: { lab: { passed: 'yes', at: 'x' } } } },
    });
    expect(outcome.kind).toBe('unreadable');
    if (outcome.kind === 'unreadable') expect(outcome.reason).toMatch(/codeLabs/);
  });

  it('refuses text that is not JSON', () => {
    expect(readProgressText('{"format":')).toEqual({ kind: 'unreadable', reason: 'it is not valid JSON' });
  });
});
