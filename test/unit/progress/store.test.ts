import { beforeEach, describe, expect, it } from 'vitest';
import {
  BACKUP_KEY,
  PROGRESS_KEY,
  SET_ASIDE_PREFIX,
  createProgressStore,
  type StorageLike,
} from '../../../src/progress/store.ts';

/** A Map-backed Storage that can be told to refuse writes. */
class MemoryStorage implements StorageLike {
  map = new Map<string, string>();
  refuse = false;
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (this.refuse) throw new Error('QuotaExceededError');
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

let clock = 0;
const now = () => new Date(Date.UTC(2026, 10, 1, 12, 0, clock++)).toISOString();
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  clock = 0;
});

describe('createProgressStore', () => {
  it('starts empty and saves a self-mark', () => {
    const store = createProgressStore(storage, now);
    expect(store.read().chapters).toEqual({});
    expect(store.setSelfMark('message-shapes', true)).toEqual({ kind: 'saved' });
    const again = createProgressStore(storage, now);
    expect(again.chapter('message-shapes').selfMark?.canExplain).toBe(true);
  });

  it('removes an empty chapter when its only mark is cleared', () => {
    const store = createProgressStore(storage, now);
    store.setSelfMark('message-shapes', true);
    store.setSelfMark('message-shapes', false);
    expect(store.read().chapters).toEqual({});
  });

  it('keeps widget states, checks and code labs per chapter', () => {
    const store = createProgressStore(storage, now);
    store.saveWidget('error-semantics-and-retries', 'retry-table', {
      kind: 'decision-table',
      state: { answers: { a: { layer: 'x' } } },
      done: false,
    });
    store.recordCheck('error-semantics-and-retries', 'completion', {
      passed: true,
      correct: 4,
      total: 4,
      answers: { q1: { choice: 'a' } },
    });
    store.recordCodeLab('designing-your-own-errors', 'designing-your-own-errors', { passed: true, attempts: 3 });
    const read = createProgressStore(storage, now).read();
    expect(read.chapters['error-semantics-and-retries']?.widgets['retry-table']?.state).toEqual({
      answers: { a: { layer: 'x' } },
    });
    expect(read.chapters['error-semantics-and-retries']?.checks.completion).toMatchObject({
      passed: true,
      correct: 4,
      total: 4,
    });
    expect(read.chapters['designing-your-own-errors']?.codeLabs['designing-your-own-errors']).toMatchObject({
      passed: true,
      attempts: 3,
    });
  });

  it('rejects a widget state that is too large, and keeps the old one', () => {
    const store = createProgressStore(storage, now);
    store.saveWidget('message-shapes', 'w', { kind: 'classify-fixture', state: 'small', done: false });
    const outcome = store.saveWidget('message-shapes', 'w', {
      kind: 'classify-fixture',
      state: 'x'.repeat(70_000),
      done: false,
    });
    expect(outcome.kind).toBe('rejected');
    expect(store.getWidget('message-shapes', 'w')?.state).toBe('small');
  });

  it('rejects an invalid chapter id without changing anything', () => {
    const store = createProgressStore(storage, now);
    expect(store.setSelfMark('not a chapter', true).kind).toBe('rejected');
    expect(storage.getItem(PROGRESS_KEY)).toBeNull();
  });

  it('sets corrupt data aside byte for byte and reports it', () => {
    storage.setItem(PROGRESS_KEY, '{"format":"mcp-message-lab/progress","version":2,"chapt');
    const store = createProgressStore(storage, now);
    const aside = store.setAside();
    expect(aside).toHaveLength(1);
    expect(aside[0]!.key.startsWith(SET_ASIDE_PREFIX)).toBe(true);
    expect(aside[0]!.raw).toBe('{"format":"mcp-message-lab/progress","version":2,"chapt');
    expect(aside[0]!.reason).toMatch(/not valid JSON/);
    expect(store.read().chapters).toEqual({});
    expect(storage.getItem(PROGRESS_KEY)).toBeNull();
  });

  it('sets foreign data aside rather than writing over it', () => {
    storage.setItem(PROGRESS_KEY, '{"someone":"else"}');
    const store = createProgressStore(storage, now);
    store.setSelfMark('message-shapes', true);
    expect(store.setAside().map((e) => e.raw)).toEqual(['{"someone":"else"}']);
  });

  it('discards a set-aside entry only when asked', () => {
    storage.setItem(PROGRESS_KEY, 'garbage');
    const store = createProgressStore(storage, now);
    const [entry] = store.setAside();
    store.discardSetAside(entry!.key);
    expect(store.setAside()).toEqual([]);
  });

  it('migrates a stored v1 document and saves it as the current version (3)', () => {
    storage.setItem(
      PROGRESS_KEY,
      JSON.stringify({
        format: 'mcp-message-lab/progress',
        version: 1,
        completed: ['what-a-receiver-owes'],
        checksPassed: [],
        widgets: {},
        savedAt: '2026-10-01T00:00:00.000Z',
      }),
    );
    const store = createProgressStore(storage, now);
    expect(store.chapter('what-a-receiver-owes').selfMark?.canExplain).toBe(true);
    expect(JSON.parse(storage.getItem(PROGRESS_KEY)!).version).toBe(3);
  });

  it('round-trips through export and import without losing anything, marking what it brings as imported', () => {
    const store = createProgressStore(storage, now);
    store.setSelfMark('message-shapes', true);
    store.saveWidget('error-semantics-and-retries', 't', {
      kind: 'decision-table',
      state: { answers: { x: { retry: 'never-as-is' } }, hintLevel: 2 },
      done: true,
    });
    store.recordCheck('error-semantics-and-retries', 'completion', { passed: false, correct: 2, total: 3 });
    const exported = store.exportJson();
    const before = store.read().chapters;
    store.resetAll();
    expect(store.read().chapters).toEqual({});
    expect(store.importJson(exported)).toEqual({ kind: 'imported', chapters: 2 });
    const widget = before['error-semantics-and-retries']!.widgets.t!;
    widget.assist = { hints: 0, solutionShown: false, linkLoaded: false, imported: true };
    expect(store.read().chapters).toEqual(before);
  });

  it('imports an older export by migrating it', () => {
    const store = createProgressStore(storage, now);
    const outcome = store.importJson(
      JSON.stringify({
        format: 'mcp-message-lab/progress',
        version: 1,
        completed: ['tool-failures-vs-protocol-failures'],
        checksPassed: [],
        widgets: {},
        savedAt: '2026-10-01T00:00:00.000Z',
      }),
    );
    expect(outcome).toEqual({ kind: 'imported', chapters: 1, migratedFrom: 1 });
  });

  it('refuses to import a file that is not progress, and changes nothing', () => {
    const store = createProgressStore(storage, now);
    store.setSelfMark('message-shapes', true);
    expect(store.importJson('{"hello":1}').kind).toBe('invalid');
    expect(store.chapter('message-shapes').selfMark).toBeDefined();
  });

  it('an imported file naming __proto__ (a chapter, a widget, a v1 widget key) stores nothing under it and changes no prototype', () => {
    const store = createProgressStore(storage, now);
    const at = '2026-10-01T00:00:00.000Z';
    const v3 = (chapters: string) =>
      `{"format":"mcp-message-lab/progress","version":3,"updatedAt":"${at}","chapters":${chapters}}`;
    const widget = `{"kind":"decision-table","state":{"polluted":true},"done":true,"at":"${at}"}`;
    store.importJson(v3(`{"__proto__":{"checks":{},"widgets":{},"codeLabs":{}}}`));
    store.importJson(v3(`{"message-shapes":{"checks":{},"widgets":{"__proto__":${widget}},"codeLabs":{}}}`));
    store.importJson(
      `{"format":"mcp-message-lab/progress","version":1,"completed":[],"checksPassed":[],"widgets":{"message-shapes/__proto__":{"polluted":true}},"savedAt":"${at}"}`,
    );
    const read = store.read();
    expect(Object.getPrototypeOf(read.chapters)).toBe(Object.prototype);
    for (const chapter of Object.values(read.chapters)) {
      expect(Object.getPrototypeOf(chapter.widgets)).toBe(Object.prototype);
      expect(Object.keys(chapter.widgets)).not.toContain('__proto__');
    }
    expect(storage.getItem(PROGRESS_KEY) ?? '').not.toContain('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('resets a widget, a chapter and everything, and can undo the last reset', () => {
    const store = createProgressStore(storage, now);
    store.saveWidget('error-semantics-and-retries', 'a', { kind: 'decision-table', state: 1, done: false });
    store.saveWidget('error-semantics-and-retries', 'b', { kind: 'decision-table', state: 2, done: false });
    store.setSelfMark('message-shapes', true);
    store.resetWidget('error-semantics-and-retries', 'a');
    expect(store.getWidget('error-semantics-and-retries', 'a')).toBeUndefined();
    expect(store.getWidget('error-semantics-and-retries', 'b')?.state).toBe(2);
    store.resetChapter('error-semantics-and-retries');
    expect(store.read().chapters['error-semantics-and-retries']).toBeUndefined();
    expect(store.read().chapters['message-shapes']).toBeDefined();
    store.undoLast();
    expect(store.getWidget('error-semantics-and-retries', 'b')?.state).toBe(2);
    store.resetAll();
    expect(store.read().chapters).toEqual({});
    expect(storage.getItem(BACKUP_KEY)).not.toBeNull();
  });

  it('keeps working in memory and says so when storage refuses writes', () => {
    const store = createProgressStore(storage, now);
    storage.refuse = true;
    const outcome = store.setSelfMark('message-shapes', true);
    expect(outcome.kind).toBe('not-saved');
    expect(store.chapter('message-shapes').selfMark).toBeDefined();
    expect(store.storageProblem()).toMatch(/refused/);
  });

  it('tells subscribers about every change', () => {
    const store = createProgressStore(storage, now);
    const seen: number[] = [];
    store.subscribe((p) => seen.push(Object.keys(p.chapters).length));
    store.setSelfMark('message-shapes', true);
    store.setSelfMark('what-a-receiver-owes', true);
    expect(seen).toEqual([1, 2]);
  });

  it('keeps hints and a shown solution once recorded, even when a later save reports fewer', () => {
    const store = createProgressStore(storage, now);
    const save = (assist: object) =>
      store.saveWidget('error-semantics-and-retries', 't', {
        kind: 'decision-table',
        state: {},
        done: false,
        assist,
      });
    save({ hints: 2, solutionShown: true });
    save({ hints: 0, solutionShown: false });
    expect(store.getWidget('error-semantics-and-retries', 't')?.assist).toEqual({
      hints: 2,
      solutionShown: true,
      linkLoaded: false,
      imported: false,
    });
    store.resetWidget('error-semantics-and-retries', 't');
    save({ hints: 1 });
    expect(store.getWidget('error-semantics-and-retries', 't')?.assist?.hints).toBe(1);
  });

  it('never saves answers loaded from a link as done', () => {
    const store = createProgressStore(storage, now);
    store.saveWidget('error-semantics-and-retries', 't', {
      kind: 'decision-table',
      state: {},
      done: true,
      assist: { linkLoaded: true },
    });
    expect(store.getWidget('error-semantics-and-retries', 't')?.done).toBe(false);
    // Still link-loaded on a later save that does not say otherwise.
    store.saveWidget('error-semantics-and-retries', 't', { kind: 'decision-table', state: {}, done: true });
    expect(store.getWidget('error-semantics-and-retries', 't')?.done).toBe(false);
    store.saveWidget('error-semantics-and-retries', 't', {
      kind: 'decision-table',
      state: {},
      done: true,
      assist: { linkLoaded: false },
    });
    expect(store.getWidget('error-semantics-and-retries', 't')?.done).toBe(true);
  });

  it('records no assist for a widget that had no help', () => {
    const store = createProgressStore(storage, now);
    store.saveWidget('error-semantics-and-retries', 't', { kind: 'decision-table', state: {}, done: false });
    store.recordCodeLab('error-semantics-and-retries', 'lab', { passed: true, assist: { hints: 0 } });
    expect(store.getWidget('error-semantics-and-retries', 't')).not.toHaveProperty('assist');
    expect(store.chapter('error-semantics-and-retries').codeLabs.lab).not.toHaveProperty('assist');
  });

  it('merges the help a code lab reports across runs', () => {
    const store = createProgressStore(storage, now);
    store.recordCodeLab('error-semantics-and-retries', 'lab', { passed: false, assist: { solutionShown: true } });
    store.recordCodeLab('error-semantics-and-retries', 'lab', { passed: true, attempts: 2 });
    expect(store.chapter('error-semantics-and-retries').codeLabs.lab).toMatchObject({
      passed: true,
      attempts: 2,
      assist: { solutionShown: true },
    });
  });

  it('marks every widget and code lab of an imported file as imported', () => {
    const source = createProgressStore(new MemoryStorage(), now);
    source.saveWidget('error-semantics-and-retries', 't', { kind: 'decision-table', state: {}, done: true });
    source.recordCodeLab('error-semantics-and-retries', 'lab', { passed: true });
    const store = createProgressStore(storage, now);
    expect(store.importJson(source.exportJson())).toMatchObject({ kind: 'imported' });
    const chapter = store.chapter('error-semantics-and-retries');
    expect(chapter.widgets.t?.assist?.imported).toBe(true);
    expect(chapter.codeLabs.lab?.assist?.imported).toBe(true);
    expect(chapter.widgets.t?.done).toBe(true);
  });
});
