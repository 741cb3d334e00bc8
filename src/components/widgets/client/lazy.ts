/**
 * Loads a widget's code when the learner is about to use it, not with the page: the server-rendered widget reads
 * and works as text without it (its controls stay hidden until the element upgrades), so a chapter page's
 * JavaScript before interaction stays small (npm run budgets). A widget's code loads at the first of:
 *   - the widget coming within a screen's height of the viewport (IntersectionObserver);
 *   - intent on it: pointer over, touch, or keyboard focus inside it;
 *   - `now()` holding at load or after a fragment change (a shared link addressed to the widget);
 *   - the page going idle after load, so every widget is ready before it is scrolled to, printed or reached by a
 *     link inside the page (the idle callback waits for the page's own work; the timeout caps the wait).
 * Each widget's element module defines its custom element, which upgrades every instance on the page at once.
 * Browser only.
 */

export interface LoadWhenNeededOptions {
  /** Load at once when this holds (checked at load and on every fragment change). */
  now?: () => boolean;
}

/** What a widget whose code could not load says, in its status line. */
const LOAD_FAILED =
  'This exercise could not load: the network seems to be down. It loads by itself when you are back online (or reload the page).';

/** How long the idle fallback may wait for an idle moment after the page's load event. */
const IDLE_TIMEOUT_MS = 3000;

export function loadWhenNeeded(tag: string, load: () => Promise<unknown>, options: LoadWhenNeededOptions = {}): void {
  const elements = [...document.querySelectorAll<HTMLElement>(tag)];
  if (elements.length === 0) return;
  let started = false;
  const cleanups: (() => void)[] = [];
  const start = () => {
    if (started) return;
    started = true;
    for (const cleanup of cleanups) cleanup();
    load().then(
      () => {
        for (const element of elements) delete element.dataset.loadFailed;
      },
      (error: unknown) => {
        // A failed chunk (offline without a cached copy, or a new deployment) leaves the widget as text; say why,
        // and try again when the network comes back.
        for (const element of elements) {
          element.dataset.loadFailed = 'true';
          const status = element.querySelector<HTMLElement>('[data-role="status"]');
          if (status) status.textContent = LOAD_FAILED;
        }
        console.error(`${tag} could not load`, error);
        started = false;
        window.addEventListener('online', start, { once: true });
      },
    );
  };

  if (options.now?.()) {
    start();
    return;
  }

  if ('IntersectionObserver' in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) start();
      },
      { rootMargin: '100% 0px' },
    );
    for (const element of elements) observer.observe(element);
    cleanups.push(() => observer.disconnect());
  }

  for (const element of elements) {
    for (const type of ['pointerover', 'touchstart', 'focusin'] as const) {
      element.addEventListener(type, start, { passive: true });
      cleanups.push(() => element.removeEventListener(type, start));
    }
  }

  if (options.now) {
    const onHash = () => {
      if (options.now?.()) start();
    };
    window.addEventListener('hashchange', onHash);
    cleanups.push(() => window.removeEventListener('hashchange', onHash));
  }

  const idle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(start, 200);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
