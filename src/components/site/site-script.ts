/**
 * The behaviour every page loads once (SiteScript.astro): the theme toggle, following the system theme until the
 * learner chooses, build-time days in the reader's locale, and interview answers opened for printing.
 */
import { localizeTimes } from '../../lib/dates.ts';
import { THEME_STORAGE_KEY, isTheme, type Theme } from './theme.ts';

const root = document.documentElement;
const toggle = document.getElementById('theme-toggle');
const systemDark = window.matchMedia('(prefers-color-scheme: dark)');

function storedTheme(): Theme | undefined {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(value) ? value : undefined;
  } catch {
    return undefined; // storage blocked (private mode, policy): follow the system
  }
}

function applyTheme(theme: Theme): void {
  root.setAttribute('data-theme', theme);
  toggle?.setAttribute('aria-pressed', String(theme === 'dark'));
}

applyTheme(storedTheme() ?? (systemDark.matches ? 'dark' : 'light'));

toggle?.addEventListener('click', () => {
  const next: Theme = root.getAttribute('data-theme') === 'dark' ? 'light' : 'dark';
  applyTheme(next);
  try {
    localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Not remembered, but the page still switches.
  }
});

systemDark.addEventListener('change', (event) => {
  if (!storedTheme()) applyTheme(event.matches ? 'dark' : 'light');
});

// Days written at build time (<time data-local-date>) in the reader's own locale.
localizeTimes();

// Printing: open every closed <details> so interview answers appear in the handout, then close them again.
// (The print stylesheet also expands them where the browser supports ::details-content.)
let openedForPrint: HTMLDetailsElement[] = [];
window.addEventListener('beforeprint', () => {
  openedForPrint = [...document.querySelectorAll<HTMLDetailsElement>('details:not([open])')];
  for (const d of openedForPrint) d.open = true;
});
window.addEventListener('afterprint', () => {
  for (const d of openedForPrint) d.open = false;
  openedForPrint = [];
});
