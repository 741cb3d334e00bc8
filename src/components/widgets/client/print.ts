/**
 * Printing a chapter prints the learner's work, not the page's starting state: before printing, each code lab
 * gets a print-only copy of the learner's own code (from the progress store; the editor itself may be unloaded or
 * show only the lines on screen), and after printing it is removed. Buttons, controls and unchosen options are
 * hidden by the print styles in src/styles/global.css. Browser only.
 */
import { currentChapter, progressStore } from '../../../progress/browser.ts';

function learnersCode(lab: HTMLElement, chapter: string): string | undefined {
  const exercise = lab.dataset.exercise;
  if (!exercise) return undefined;
  const state = progressStore().getWidget(chapter, `code-lab-${exercise}`)?.state as { code?: unknown } | undefined;
  return typeof state?.code === 'string' ? state.code : undefined;
}

function beforePrint(): void {
  const chapter = currentChapter();
  if (!chapter) return;
  for (const lab of document.querySelectorAll<HTMLElement>('lab-code-lab')) {
    lab.querySelector('[data-role="print-code"]')?.remove();
    const code = learnersCode(lab, chapter);
    if (code === undefined) continue;
    const figure = document.createElement('figure');
    figure.className = 'print-only lab-print-code';
    figure.dataset.role = 'print-code';
    const caption = document.createElement('figcaption');
    caption.textContent = 'Your code';
    const pre = document.createElement('pre');
    pre.textContent = code;
    figure.append(caption, pre);
    lab.querySelector('[data-role="editor"]')?.after(figure);
    lab.dataset.printsOwnCode = 'true';
  }
}

function afterPrint(): void {
  for (const figure of document.querySelectorAll('[data-role="print-code"]')) figure.remove();
  for (const lab of document.querySelectorAll<HTMLElement>('[data-prints-own-code]')) delete lab.dataset.printsOwnCode;
}

window.addEventListener('beforeprint', beforePrint);
window.addEventListener('afterprint', afterPrint);
