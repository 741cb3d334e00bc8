/**
 * Loads the message model on demand. Every widget imports it through this one dynamic import, so the bundler
 * emits the model (and zod) as a single chunk that is fetched on the first interaction and cached across pages.
 */
export type Model = typeof import('#message-model');

let pending: Promise<Model> | undefined;

/** The message model, loaded once. */
export function loadModel(): Promise<Model> {
  pending ??= import('#message-model');
  return pending;
}

/** Starts loading the model as soon as the learner shows intent (pointer over, or focus inside, the widget). */
export function warmModelOnIntent(element: HTMLElement): void {
  const warm = () => {
    void loadModel();
    element.removeEventListener('pointerover', warm);
    element.removeEventListener('focusin', warm);
  };
  element.addEventListener('pointerover', warm, { passive: true });
  element.addEventListener('focusin', warm);
}
