/**
 * The progress store: one versioned JSON document in localStorage (key `mcp-message-lab:progress`). Storage is
 * injected, so the same code runs in the browser and in tests. Data that cannot be read is never overwritten:
 * it is moved, byte for byte, to a `…:set-aside:<time>` key and reported. Resets and imports keep the state they
 * replace under `…:backup`, so the last one can be undone.
 */
import { GradedRecordSchema } from '../course/graded-kinds.ts';
import type { GradedAction } from './graded.ts';
import { emptyChapter, emptyProgress, readProgressText } from './migrate.ts';
import {
  ProgressV3Schema,
  type Assist,
  type ChapterProgress,
  type CheckRecord,
  type Progress,
  type WidgetRecord,
} from './schema.ts';

/** The localStorage key of the store. */
export const PROGRESS_KEY = 'mcp-message-lab:progress';
/** Unreadable data found under PROGRESS_KEY is moved to a key with this prefix and the time it was found. */
export const SET_ASIDE_PREFIX = 'mcp-message-lab:progress:set-aside:';
/** The state replaced by the last reset or import. */
export const BACKUP_KEY = 'mcp-message-lab:progress:backup';
/** The largest widget state the store accepts, in characters of JSON. */
export const MAX_WIDGET_STATE = 64 * 1024;

/** The part of the Web Storage API the store uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

/** Data that was found unreadable and kept aside. */
export interface SetAsideEntry {
  key: string;
  /** Why it could not be read. */
  reason: string;
  /** When it was set aside (ISO 8601). */
  at: string;
  /** The original text, exactly as it was stored. */
  raw: string;
}

/** The outcome of an import. */
export type ImportOutcome =
  { kind: 'imported'; migratedFrom?: number; chapters: number } | { kind: 'invalid'; reason: string };

/** The outcome of a change: saved, or kept in memory only because storage refused it, or rejected as invalid. */
export type SaveOutcome =
  { kind: 'saved' } | { kind: 'not-saved'; reason: string } | { kind: 'rejected'; reason: string };

/** What a widget saves. */
export interface WidgetSave {
  kind: string;
  state: unknown;
  done: boolean;
  /** Help to record (merged with what is recorded: see mergeAssist). */
  assist?: Partial<Assist>;
}

/** What a code lab records. */
export interface CodeLabSave {
  passed: boolean;
  attempts?: number;
  /** Help to record (merged with what is recorded: see mergeAssist). */
  assist?: Partial<Assist>;
}

const NO_ASSIST: Assist = { hints: 0, solutionShown: false, linkLoaded: false, imported: false };

/**
 * Merges newly reported help into the recorded help: hints and a shown solution are never forgotten until the item
 * is reset (a learner cannot hide that they looked), while `linkLoaded` and `imported` take the latest value given,
 * since they describe where the answers held now came from. Undefined when there is nothing to record.
 */
export function mergeAssist(recorded: Assist | undefined, given: Partial<Assist> | undefined): Assist | undefined {
  if (!given) return recorded;
  const base = recorded ?? NO_ASSIST;
  const hints = Number.isInteger(given.hints) ? Math.max(0, Math.min(99, given.hints!)) : 0;
  const merged: Assist = {
    hints: Math.max(base.hints, hints),
    solutionShown: base.solutionShown || given.solutionShown === true,
    linkLoaded: given.linkLoaded ?? base.linkLoaded,
    imported: given.imported ?? base.imported,
  };
  return recorded === undefined && JSON.stringify(merged) === JSON.stringify(NO_ASSIST) ? undefined : merged;
}

/** The store's API (see src/progress/README.md). */
export interface ProgressStore {
  /** A copy of all progress. */
  read(): Progress;
  /** A copy of one chapter's progress (empty if nothing is recorded). */
  chapter(chapterId: string): ChapterProgress;
  /** Sets or clears the chapter's "I can explain this" mark. */
  setSelfMark(chapterId: string, canExplain: boolean): SaveOutcome;
  /** Records a graded check (the completion check is `completion`). */
  recordCheck(chapterId: string, checkId: string, record: Omit<CheckRecord, 'at'>): SaveOutcome;
  /** Records a code lab run; `assist` is merged with the help recorded before. */
  recordCodeLab(chapterId: string, exerciseId: string, record: CodeLabSave): SaveOutcome;
  /** A widget's saved record, if any. */
  getWidget(chapterId: string, widgetId: string): WidgetRecord | undefined;
  /** Keeps a graded action as its item's last graded answer (src/course/graded-kinds.ts `GradedRecord`). */
  recordGraded(action: GradedAction): SaveOutcome;
  /**
   * Saves a widget's state (JSON-serialisable, at most MAX_WIDGET_STATE characters). `assist` is merged with the help
   * recorded before; answers loaded from a link are never saved as done.
   */
  saveWidget(chapterId: string, widgetId: string, save: WidgetSave): SaveOutcome;
  resetWidget(chapterId: string, widgetId: string): SaveOutcome;
  /** Clears one chapter; the previous state goes to the backup. */
  resetChapter(chapterId: string): SaveOutcome;
  /** Clears everything; the previous state goes to the backup. */
  resetAll(): SaveOutcome;
  /** True when a reset or import can be undone. */
  hasBackup(): boolean;
  /** Restores the state replaced by the last reset or import (the current state becomes the backup). */
  undoLast(): SaveOutcome;
  /** All progress as pretty-printed JSON, for a file download. */
  exportJson(): string;
  /**
   * Replaces progress with an exported file's contents (any known version; older ones migrate). Every widget and
   * code lab it brings is marked `assist.imported`: it was not done in this browser.
   */
  importJson(text: string): ImportOutcome;
  /** Data set aside because it could not be read, oldest first. */
  setAside(): SetAsideEntry[];
  /** Deletes one set-aside entry (after the learner has chosen to). */
  discardSetAside(key: string): void;
  /** Re-reads storage (another tab may have written). */
  reload(): void;
  /** Calls `listener` after every change (including reloads); returns an unsubscribe function. */
  subscribe(listener: (p: Progress) => void): () => void;
  /** Set when storage is unavailable or refused the last write: progress then lives only in this page. */
  storageProblem(): string | undefined;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Opens the store on `storage`, setting aside unreadable data and migrating older versions. */
export function createProgressStore(
  storage: StorageLike,
  now: () => string = () => new Date().toISOString(),
): ProgressStore {
  let progress: Progress = emptyProgress(now());
  let problem: string | undefined;
  const listeners = new Set<(p: Progress) => void>();

  function safeGet(key: string): string | null {
    try {
      return storage.getItem(key);
    } catch (error) {
      problem = `This browser does not let the page read saved progress (${error instanceof Error ? error.message : String(error)}).`;
      return null;
    }
  }

  function safeSet(key: string, value: string): boolean {
    try {
      storage.setItem(key, value);
      return true;
    } catch (error) {
      problem = `This browser refused to save progress (${error instanceof Error ? error.message : String(error)}); it is kept on this page only until you leave.`;
      return false;
    }
  }

  function setAsideRaw(raw: string, reason: string): void {
    const at = now();
    let key = `${SET_ASIDE_PREFIX}${at}`;
    for (let n = 2; safeGet(key) !== null; n += 1) key = `${SET_ASIDE_PREFIX}${at}#${n}`;
    if (safeSet(key, JSON.stringify({ reason, at, raw }))) {
      try {
        storage.removeItem(PROGRESS_KEY);
      } catch {
        // The original stays where it was; we simply do not write over it until it can be moved.
      }
    }
  }

  function load(): void {
    const raw = safeGet(PROGRESS_KEY);
    if (raw === null) {
      progress = emptyProgress(now());
      return;
    }
    const outcome = readProgressText(raw);
    if (outcome.kind === 'ok') {
      progress = outcome.progress;
      if (outcome.migratedFrom !== undefined) safeSet(PROGRESS_KEY, JSON.stringify(progress));
    } else {
      setAsideRaw(raw, `The saved progress could not be read: ${outcome.reason}.`);
      progress = emptyProgress(now());
    }
  }

  function emit(): void {
    for (const listener of listeners) listener(clone(progress));
  }

  /** Applies a change to a copy, validates it, and saves it. */
  function change(mutate: (draft: Progress) => void): SaveOutcome {
    const draft = clone(progress);
    mutate(draft);
    draft.updatedAt = now();
    const valid = ProgressV3Schema.safeParse(draft);
    if (!valid.success) {
      const issue = valid.error.issues[0];
      return {
        kind: 'rejected',
        reason: `That change would make progress invalid (${issue ? `${issue.path.map(String).join('.')}: ${issue.message}` : 'unknown'}).`,
      };
    }
    // Never write over data this page could not read (another tab or an older page may have written it meanwhile).
    const current = safeGet(PROGRESS_KEY);
    if (current !== null && readProgressText(current).kind !== 'ok')
      setAsideRaw(current, 'The saved progress changed to something this page cannot read.');
    progress = valid.data;
    const saved = safeSet(PROGRESS_KEY, JSON.stringify(progress));
    if (saved) problem = undefined;
    emit();
    return saved ? { kind: 'saved' } : { kind: 'not-saved', reason: problem ?? 'Storage refused the write.' };
  }

  function chapterOf(draft: Progress, chapterId: string): ChapterProgress {
    return (draft.chapters[chapterId] ??= emptyChapter());
  }

  function prune(draft: Progress, chapterId: string): void {
    const c = draft.chapters[chapterId];
    if (
      c &&
      !c.selfMark &&
      !Object.keys(c.checks).length &&
      !Object.keys(c.widgets).length &&
      !Object.keys(c.codeLabs).length &&
      !Object.keys(c.graded ?? {}).length
    ) {
      delete draft.chapters[chapterId];
    }
  }

  function backupThen(mutate: (draft: Progress) => void): SaveOutcome {
    safeSet(BACKUP_KEY, JSON.stringify(progress));
    return change(mutate);
  }

  load();

  return {
    read: () => clone(progress),
    chapter: (chapterId) => clone(progress.chapters[chapterId] ?? emptyChapter()),
    setSelfMark: (chapterId, canExplain) =>
      change((d) => {
        if (canExplain) chapterOf(d, chapterId).selfMark = { canExplain: true, at: now() };
        else if (d.chapters[chapterId]) {
          delete d.chapters[chapterId].selfMark;
          prune(d, chapterId);
        }
      }),
    recordCheck: (chapterId, checkId, record) =>
      change((d) => void (chapterOf(d, chapterId).checks[checkId] = { ...clone(record), at: now() })),
    recordCodeLab: (chapterId, exerciseId, { assist, ...record }) =>
      change((d) => {
        const labs = chapterOf(d, chapterId).codeLabs;
        const merged = mergeAssist(labs[exerciseId]?.assist, assist);
        labs[exerciseId] = { ...record, ...(merged ? { assist: merged } : {}), at: now() };
      }),
    recordGraded: ({ chapter, item, assist: _assist, ...record }) => {
      const parsed = GradedRecordSchema.safeParse(record);
      if (!parsed.success) return { kind: 'rejected', reason: `The graded answer of ${item} has an unexpected shape.` };
      return change((d) => void ((chapterOf(d, chapter).graded ??= {})[item] = parsed.data));
    },
    getWidget: (chapterId, widgetId) => {
      const record = progress.chapters[chapterId]?.widgets[widgetId];
      return record ? clone(record) : undefined;
    },
    saveWidget: (chapterId, widgetId, save) => {
      let json: string | undefined;
      try {
        json = JSON.stringify(save.state);
      } catch {
        json = undefined;
      }
      if (json === undefined) return { kind: 'rejected', reason: 'The widget state is not JSON.' };
      if (json.length > MAX_WIDGET_STATE)
        return {
          kind: 'rejected',
          reason: `The widget state is too large to save (${json.length} characters; the limit is ${MAX_WIDGET_STATE}).`,
        };
      return change((d) => {
        const widgets = chapterOf(d, chapterId).widgets;
        const merged = mergeAssist(widgets[widgetId]?.assist, save.assist);
        widgets[widgetId] = {
          kind: save.kind,
          state: JSON.parse(json!),
          done: save.done && merged?.linkLoaded !== true,
          ...(merged ? { assist: merged } : {}),
          at: now(),
        };
      });
    },
    resetWidget: (chapterId, widgetId) =>
      change((d) => {
        if (d.chapters[chapterId]) {
          delete d.chapters[chapterId].widgets[widgetId];
          delete d.chapters[chapterId].graded?.[widgetId];
          prune(d, chapterId);
        }
      }),
    resetChapter: (chapterId) => backupThen((d) => void delete d.chapters[chapterId]),
    resetAll: () => backupThen((d) => void (d.chapters = {})),
    hasBackup: () => safeGet(BACKUP_KEY) !== null,
    undoLast: () => {
      const raw = safeGet(BACKUP_KEY);
      const outcome = raw === null ? undefined : readProgressText(raw);
      if (!outcome || outcome.kind !== 'ok') return { kind: 'rejected', reason: 'There is nothing to undo.' };
      return backupThen((d) => void (d.chapters = outcome.progress.chapters));
    },
    exportJson: () => JSON.stringify(progress, null, 2),
    importJson: (text) => {
      const outcome = readProgressText(text);
      if (outcome.kind !== 'ok') return { kind: 'invalid', reason: `The file cannot be imported: ${outcome.reason}.` };
      const chapters = outcome.progress.chapters;
      for (const chapter of Object.values(chapters)) {
        for (const record of [...Object.values(chapter.widgets), ...Object.values(chapter.codeLabs)])
          record.assist = { ...(record.assist ?? NO_ASSIST), imported: true };
      }
      const saved = backupThen((d) => void (d.chapters = chapters));
      if (saved.kind === 'rejected') return { kind: 'invalid', reason: saved.reason };
      return {
        kind: 'imported',
        chapters: Object.keys(outcome.progress.chapters).length,
        ...(outcome.migratedFrom !== undefined ? { migratedFrom: outcome.migratedFrom } : {}),
      };
    },
    setAside: () => {
      const entries: SetAsideEntry[] = [];
      let count = 0;
      try {
        count = storage.length;
      } catch {
        return entries;
      }
      for (let i = 0; i < count; i += 1) {
        const key = storage.key(i);
        if (!key || !key.startsWith(SET_ASIDE_PREFIX)) continue;
        const raw = safeGet(key) ?? '';
        try {
          const parsed = JSON.parse(raw) as { reason?: unknown; at?: unknown; raw?: unknown };
          entries.push({
            key,
            reason: typeof parsed.reason === 'string' ? parsed.reason : 'unknown',
            at: typeof parsed.at === 'string' ? parsed.at : '',
            raw: typeof parsed.raw === 'string' ? parsed.raw : raw,
          });
        } catch {
          entries.push({ key, reason: 'unknown', at: '', raw });
        }
      }
      return entries.sort((a, b) => a.at.localeCompare(b.at));
    },
    discardSetAside: (key) => {
      if (!key.startsWith(SET_ASIDE_PREFIX)) return;
      try {
        storage.removeItem(key);
      } catch {
        // Nothing to do: the entry stays and is still reported.
      }
    },
    reload: () => {
      load();
      emit();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    storageProblem: () => problem,
  };
}
