/**
 * Loads the message model, and the course module built on it. Every widget imports them through these dynamic
 * imports, so the bundler emits the model (and zod) as one chunk and the course's data and graders as another,
 * fetched once per page and cached across pages.
 *
 * A chapter is often read online and practised after the network has gone (a classroom's Wi-Fi), so a widget
 * starts loading what its checks need at the page's first idle moment, not at the first check; a load that fails
 * is forgotten, so the next check (or the network coming back) tries again instead of waiting on a dead promise.
 */
export type Model = typeof import('#message-model');
/** The course module: decision table, timelines and completion checks (with their content). */
export type Course = typeof import('#course');
/** What a widget needs once it grades (feedback, verdict painting), loaded once with the course. */
export type Verdicts = typeof import('./verdicts.ts');

/** Keeps a chunk's import while it loads and once it has loaded; forgets a failed one, so the next call retries. */
function retryable<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/** The grading views, loaded once. */
export const loadVerdicts: () => Promise<Verdicts> = retryable(() => import('./verdicts.ts'));

/** The message model, loaded once. */
export const loadModel: () => Promise<Model> = retryable(() => import('#message-model'));

/** The course module (which loads the model too), loaded once. */
export const loadCourse: () => Promise<Course> = retryable(() => import('#course'));

/** How long the idle load may wait for an idle moment. */
const IDLE_TIMEOUT_MS = 5000;

/**
 * Loads what the widget's checks need (`load`, by default the model) as soon as the learner shows intent (pointer
 * over, or focus inside, the widget) and otherwise at the page's first idle moment, so that checking works when the
 * network drops after the chapter has loaded. When the network comes back after a failed load, it tries again.
 */
export function warmModelOnIntent(element: HTMLElement, load: () => Promise<unknown> = loadModel): void {
  const warm = () => {
    load().then(
      () => {
        // Marks the widget as able to check offline from now on (the browser tests wait for it).
        element.dataset.graders = 'ready';
      },
      () => {
        // Nothing to say yet: the learner has not asked for a check. The check itself says what it could not load.
      },
    );
  };
  const onIntent = () => {
    warm();
    element.removeEventListener('pointerover', onIntent);
    element.removeEventListener('focusin', onIntent);
  };
  element.addEventListener('pointerover', onIntent, { passive: true });
  element.addEventListener('focusin', onIntent);
  if ('requestIdleCallback' in window) requestIdleCallback(warm, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(warm, 200);
  window.addEventListener('online', warm);
}

/** What a widget says when a check cannot run because its grader could not be loaded. */
export const GRADER_UNAVAILABLE =
  'This check could not run: its grader has not loaded and the network seems to be down. Your answers are kept; check again when you are back online.';

/**
 * Handles a check that failed: when the failure was loading the grader, the widget's status line says so (and the
 * next check loads it again); any other failure is a bug, reported to the console as before.
 */
export function reportCheckFailure(element: HTMLElement): (error: unknown) => void {
  return (error: unknown) => {
    const status = element.querySelector<HTMLElement>('[data-role="status"], [data-role="summary"]');
    if (isLoadFailure(error) && status) {
      status.textContent = GRADER_UNAVAILABLE;
      element.dataset.graderUnavailable = 'true';
      window.addEventListener('online', () => delete element.dataset.graderUnavailable, { once: true });
      return;
    }
    console.error(error);
  };
}

/** Whether an error is a dynamic import that could not fetch its chunk (browsers word it differently). */
function isLoadFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically|Unable to preload/i.test(
      error.message,
    )
  );
}
