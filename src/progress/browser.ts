/**
 * The page's one progress store over window.localStorage, shared by every widget on the page, kept in step with
 * other tabs, with a notice at the top of <main> whenever data has been set aside. Browser only.
 */
import { createProgressStore, type ProgressStore, type StorageLike } from './store.ts';

let store: ProgressStore | undefined;

/** A Storage stand-in when localStorage is unavailable (blocked cookies, some private modes). */
function memoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

/** The page's progress store (created on first use). */
export function progressStore(): ProgressStore {
  if (store) return store;
  let storage: StorageLike;
  let unavailable = false;
  try {
    storage = window.localStorage;
    storage.getItem('mcp-message-lab:progress');
  } catch {
    storage = memoryStorage();
    unavailable = true;
  }
  const opened = createProgressStore(storage);
  store = opened;
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith('mcp-message-lab:progress')) opened.reload();
  });
  queueMicrotask(() =>
    showProgressNotice(
      unavailable
        ? 'This browser does not allow saving progress, so it lasts only until you leave the page.'
        : undefined,
    ),
  );
  return opened;
}

/** The chapter id of the current page (/chapters/<id>/), if it is a chapter. */
export function currentChapter(): string | undefined {
  // Anywhere in the path: inside an LMS the package is served under the LMS's own prefix, and a file address ends
  // in index.html (a SCORM launch).
  return /\/chapters\/([a-z0-9-]+)(?:\/(?:index\.html)?)?$/.exec(window.location.pathname)?.[1];
}

/** Shows (or refreshes) the notice about set-aside data and storage problems at the top of <main>. */
export function showProgressNotice(extra?: string): void {
  const s = progressStore();
  const entries = s.setAside();
  const problem = extra ?? s.storageProblem();
  let notice = document.getElementById('lab-progress-notice');
  if (entries.length === 0 && !problem) {
    notice?.remove();
    return;
  }
  if (!notice) {
    notice = document.createElement('section');
    notice.id = 'lab-progress-notice';
    notice.className = 'lab-notice';
    notice.setAttribute('role', 'status');
    notice.setAttribute('aria-label', 'About your saved progress');
    const main = document.querySelector('main') ?? document.body;
    main.prepend(notice);
  }
  notice.replaceChildren();
  if (problem) {
    const p = document.createElement('p');
    p.textContent = problem;
    notice.append(p);
  }
  if (entries.length > 0) {
    const p = document.createElement('p');
    p.textContent =
      entries.length === 1
        ? `Some saved progress could not be read, so it was kept aside, unchanged: ${entries[0]!.reason} `
        : `${entries.length} pieces of saved progress could not be read and were kept aside, unchanged. `;
    const link = document.createElement('a');
    link.href = '/progress/#set-aside';
    link.textContent = 'Review, download or discard it on the progress page';
    p.append(link, '.');
    notice.append(p);
  }
}
