/** The two colour themes and where the learner's choice is remembered (read before first paint by BaseLayout). */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The localStorage key holding "light" or "dark"; anything else there means "follow the system". */
export const THEME_STORAGE_KEY = 'lab-theme';

/** True for a stored value that names a theme. */
export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}
