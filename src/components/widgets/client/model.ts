/**
 * Loads the message model, and the course module built on it, on demand. Every widget imports them through these
 * dynamic imports, so the bundler emits the model (and zod) as one chunk and the course's data and graders as
 * another, each fetched on the first interaction and cached across pages.
 */
export type Model = typeof import('#message-model');
/** The course module: decision table, timelines and completion checks (with their content). */
export type Course = typeof import('#course');

let pending: Promise<Model> | undefined;
let pendingCourse: Promise<Course> | undefined;

/** What a widget needs once it grades (feedback, verdict painting), loaded once with the course. */
export type Verdicts = typeof import('./verdicts.ts');
let pendingVerdicts: Promise<Verdicts> | undefined;

/** The grading views, loaded once, on the first check. */
export function loadVerdicts(): Promise<Verdicts> {
  pendingVerdicts ??= import('./verdicts.ts');
  return pendingVerdicts;
}

/** The message model, loaded once. */
export function loadModel(): Promise<Model> {
  pending ??= import('#message-model');
  return pending;
}

/** The course module (which loads the model too), loaded once. */
export function loadCourse(): Promise<Course> {
  pendingCourse ??= import('#course');
  return pendingCourse;
}

/**
 * Starts loading the model (or, with `load`, the course module) as soon as the learner shows intent (pointer over,
 * or focus inside, the widget).
 */
export function warmModelOnIntent(element: HTMLElement, load: () => Promise<unknown> = loadModel): void {
  const warm = () => {
    void load();
    element.removeEventListener('pointerover', warm);
    element.removeEventListener('focusin', warm);
  };
  element.addEventListener('pointerover', warm, { passive: true });
  element.addEventListener('focusin', warm);
}
