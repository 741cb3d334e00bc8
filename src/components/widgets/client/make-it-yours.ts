/**
 * <lab-make-it-yours>: the "I can explain this" self-mark, stored in progress. It records the learner's own
 * judgement and nothing else; the component's text says so.
 */
import { formatDate } from '../../../lib/dates.ts';
import { progressStore } from '../../../progress/browser.ts';
import { must } from '../../../lib/dom.ts';

class LabMakeItYours extends HTMLElement {
  connectedCallback(): void {
    if (this.dataset.upgraded) return;
    this.dataset.upgraded = 'true';
    const chapter = this.dataset.chapter ?? '';
    const box = must<HTMLInputElement>(this, '[data-role="checkbox"]');
    const status = must(this, '[data-role="status"]');
    must(this, '[data-role="mark"]').hidden = false;
    const store = progressStore();
    const show = () => {
      const mark = store.chapter(chapter).selfMark;
      box.checked = Boolean(mark);
      status.textContent = mark ? `Marked on ${formatDate(mark.at) ?? 'an unknown day'}.` : '';
    };
    show();
    store.subscribe(show);
    box.addEventListener('change', () => {
      const outcome = store.setSelfMark(chapter, box.checked);
      if (outcome.kind !== 'saved') status.textContent = outcome.reason;
    });
  }
}

if (!customElements.get('lab-make-it-yours')) customElements.define('lab-make-it-yours', LabMakeItYours);
