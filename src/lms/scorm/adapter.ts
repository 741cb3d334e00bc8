/**
 * The SCORM adapter, loaded by boot.ts only when the page finds an LMS's API: it opens the session, resumes the
 * chapter from cmi.suspend_data, reports the chapter's completion, success and score (cmi.ts) whenever progress
 * changes, records each graded action as an interaction, and commits when an item is graded, when the page is
 * hidden and when it closes (Terminate, which commits). The learner's progress store stays the page's store;
 * the LMS gets a copy. Every call's error is read back; a refusal is told to the learner in words. Browser only.
 */
import { progressStore } from '../../progress/browser.ts';
import { onGraded, type GradedAction } from '../../progress/graded.ts';
import type { ProgressItem } from '../../progress/items.ts';
import type { ChapterProgress } from '../../progress/schema.ts';
import type { ProgressStore } from '../../progress/store.ts';
import {
  chapterReport,
  ELEMENTS,
  interactionValues,
  reportValues,
  sessionTime,
  SUSPEND_LIMIT,
  type CmiValues,
} from './cmi.ts';
import type { FoundApi } from './find-api.ts';
import { decodeSuspend, encodeSuspend, type SuspendTier } from './suspend.ts';

/** The LMS session, the same calls for both versions; every call reads the LMS's last error. */
interface Session {
  init(): boolean;
  get(element: string): string;
  set(element: string, value: string): boolean;
  commit(): boolean;
  finish(): boolean;
  /** The last error as "code: text", or undefined when the last call succeeded. */
  error(): string | undefined;
}

function session(found: FoundApi): Session {
  let last: string | undefined;
  const check = (result: string, lastError: () => string, text: (code: string) => string) => {
    const code = lastError();
    last = code === '0' || code === '' ? undefined : `${code}: ${text(code)}`;
    return result === 'true' && last === undefined;
  };
  if (found.version === 'scorm12') {
    const api = found.api;
    const c = (result: string) =>
      check(
        result,
        () => api.LMSGetLastError(),
        (code) => api.LMSGetErrorString(code),
      );
    return {
      init: () => c(api.LMSInitialize('')),
      get: (element) => {
        const value = api.LMSGetValue(element);
        c('true');
        return value;
      },
      set: (element, value) => c(api.LMSSetValue(element, value)),
      commit: () => c(api.LMSCommit('')),
      finish: () => c(api.LMSFinish('')),
      error: () => last,
    };
  }
  const api = found.api;
  const c = (result: string) =>
    check(
      result,
      () => api.GetLastError(),
      (code) => api.GetErrorString(code),
    );
  return {
    init: () => c(api.Initialize('')),
    get: (element) => {
      const value = api.GetValue(element);
      c('true');
      return value;
    },
    set: (element, value) => c(api.SetValue(element, value)),
    commit: () => c(api.Commit('')),
    finish: () => c(api.Terminate('')),
    error: () => last,
  };
}

/** A short status line at the top of <main> about the LMS connection; replaced, never stacked. */
function tell(text: string): void {
  let note = document.getElementById('lab-lms-notice');
  if (!note) {
    note = document.createElement('p');
    note.id = 'lab-lms-notice';
    note.className = 'lab-notice';
    note.setAttribute('role', 'status');
    (document.querySelector('main') ?? document.body).prepend(note);
  }
  note.textContent = text;
}

/** The items on this chapter's checklist, from the page (ChapterChecklist.astro); none on a chapter for reading. */
function pageItems(): ProgressItem[] {
  const data = document.querySelector('[data-checklist] script[data-role="items"]')?.textContent;
  try {
    return data ? (JSON.parse(data) as ProgressItem[]) : [];
  } catch {
    return [];
  }
}

/**
 * Writes into the store what the LMS kept and this browser lacks (another computer, a cleared browser), through
 * the store's own API. What this browser has is kept: it is the newer work, and goes to the LMS at the next commit.
 */
function restore(store: ProgressStore, chapter: string, saved: ChapterProgress): number {
  const local = store.chapter(chapter);
  let restored = 0;
  const saw = (outcome: { kind: string }) => {
    if (outcome.kind !== 'rejected') restored++;
  };
  if (saved.selfMark && !local.selfMark) saw(store.setSelfMark(chapter, true));
  for (const [id, check] of Object.entries(saved.checks))
    if (!local.checks[id])
      saw(
        store.recordCheck(chapter, id, {
          passed: check.passed,
          correct: check.correct,
          total: check.total,
          ...(check.answers === undefined ? {} : { answers: check.answers }),
        }),
      );
  for (const [id, widget] of Object.entries(saved.widgets))
    if (!local.widgets[id])
      saw(
        store.saveWidget(chapter, id, {
          kind: widget.kind,
          state: widget.state,
          done: widget.done,
          ...(widget.assist ? { assist: widget.assist } : {}),
        }),
      );
  for (const [id, lab] of Object.entries(saved.codeLabs))
    if (!local.codeLabs[id])
      saw(
        store.recordCodeLab(chapter, id, {
          passed: lab.passed,
          ...(lab.attempts === undefined ? {} : { attempts: lab.attempts }),
          ...(lab.assist ? { assist: lab.assist } : {}),
        }),
      );
  return restored;
}

/** Starts reporting this chapter page to the LMS whose API was found. */
export function startScorm(found: FoundApi): void {
  // The chapter this page is (src/pages/chapters/[id].astro marks its article); the package's addresses are the
  // LMS's, so the path does not say. The LMS launches chapter pages; other pages have nothing to report.
  const chapter = document.querySelector<HTMLElement>('article.chapter[data-chapter]')?.dataset.chapter;
  if (!chapter) return;
  const lms = session(found);
  const names = ELEMENTS[found.version];
  if (!lms.init()) {
    tell(
      `Your LMS did not open a session for this page (error ${lms.error() ?? 'unknown'}): it records the chapter ` +
        'it opened from its own course menu. Your progress here is saved in this browser only.',
    );
    return;
  }
  const started = Date.now();
  const store = progressStore();
  const items = pageItems();
  const sent = new Map<string, string>();
  const refused = new Set<string>();
  // What the LMS keeps until this page has something newer: a commit before the resume below must not wipe it.
  // SCORM 2004 keeps suspend_data only for an attempt left with exit "suspend" (cmi.entry "resume"); reading it
  // otherwise is error 403, "not initialized". SCORM 1.2 answers "" for a new attempt.
  const kept = found.version === 'scorm12' || lms.get('cmi.entry') === 'resume' ? lms.get(names.suspendData) : '';
  let suspend = kept;
  let tier: SuspendTier = 'full';
  let open = true;

  const set = (values: CmiValues) => {
    for (const [element, value] of values) {
      if (sent.get(element) === value) continue;
      if (lms.set(element, value)) sent.set(element, value);
      else if (!refused.has(element)) {
        refused.add(element);
        tell(
          `Your LMS refused to record ${element} (error ${lms.error() ?? 'unknown'}); your progress is still saved in this browser.`,
        );
      }
    }
  };
  const commit = () => {
    if (open && !lms.commit())
      tell(
        `Your LMS did not save your progress (error ${lms.error() ?? 'unknown'}); it is still saved in this browser.`,
      );
  };

  /** Reports the chapter's standing and brings suspend_data up to date (deflating is asynchronous). */
  const update = async () => {
    const record = store.chapter(chapter);
    set(reportValues(found.version, chapterReport(items, record)));
    const encoded = await encodeSuspend(chapter, record, SUSPEND_LIMIT[found.version]);
    if (!open) return;
    if (encoded.tier !== tier && encoded.tier !== 'full')
      tell(
        encoded.tier === 'marks'
          ? `Your LMS keeps at most ${SUSPEND_LIMIT[found.version].toLocaleString('en')} characters for this chapter: it keeps what you have done and your scores, but your answers stay in this browser only.`
          : `Your LMS keeps at most ${SUSPEND_LIMIT[found.version].toLocaleString('en')} characters for this chapter, too few for your progress here: it keeps your status and score, and your progress stays in this browser only.`,
      );
    tier = encoded.tier;
    suspend = encoded.text;
    set([[names.suspendData, suspend]]);
  };
  let pending: Promise<void> = Promise.resolve();
  const queueUpdate = () => (pending = pending.then(update, update));

  const graded = (action: GradedAction) => {
    if (action.chapter !== chapter || !open) return;
    // The widget saves before or right after it announces: report once its save is in the store.
    setTimeout(() => {
      void queueUpdate().then(() => {
        if (!open) return;
        const n = Number(lms.get(names.interactionCount)) || 0;
        set(interactionValues(found.version, n, action));
        commit();
      });
    }, 0);
  };

  const finish = () => {
    if (!open) return;
    set([
      [names.suspendData, suspend],
      [names.exit, 'suspend'],
      [names.sessionTime, sessionTime(found.version, Date.now() - started)],
    ]);
    open = false;
    lms.finish();
  };

  void (async () => {
    const saved = await decodeSuspend(chapter, kept);
    if (saved.kind === 'record') restore(store, chapter, saved.record);
    else if (saved.kind === 'unreadable')
      tell(
        `The progress your LMS kept for this chapter could not be read (${saved.reason}); this browser's progress is used instead.`,
      );
    await queueUpdate();
    commit();
    store.subscribe(() => void queueUpdate());
    onGraded(graded);
  })();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      set([[names.suspendData, suspend]]);
      commit();
    }
  });
  window.addEventListener('pagehide', finish);
}
