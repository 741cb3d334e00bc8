/**
 * <lab-message-timeline>: the fault and retry controls for the server-rendered sequence diagram. Each change asks
 * the course's buildTimeline for the exchange and redraws the diagram, the outcome and the step list. Stepping
 * through shows one more arrow at a time and keeps the outcome back until the last step; on a narrow screen the
 * diagram scrolls inside its own box and says so. On a page with a decision table, the outcome and summary (worded
 * in the table's options) stay held back until the learner has checked every table there with every cell answered,
 * or asks to see them (timeline-hold.ts).
 */
import type { TimelineFault, TimelineRetry } from '#course';
import { currentChapter, progressStore } from '../../../progress/browser.ts';
import { must } from '../../../lib/dom.ts';
import { syncChoice } from './grid.ts';
import { loadCourse, reportCheckFailure, warmModelOnIntent } from './model.ts';
import { syncHeld } from './timeline-hold.ts';

class LabMessageTimeline extends HTMLElement {
  /** The step shown last (1-based); 0 means every step is shown. */
  private step = 0;

  connectedCallback(): void {
    if (this.dataset.upgraded) return;
    this.dataset.upgraded = 'true';
    const controls = must<HTMLFormElement>(this, '[data-role="controls"]');
    controls.hidden = false;
    this.dataset.summary = must(this, '[data-role="summary"]').textContent ?? '';
    controls.addEventListener('submit', (e) => e.preventDefault());
    warmModelOnIntent(this, loadCourse);
    // Each menu shows its chosen option in full beside it, wrapping, as the decision table's cells do.
    for (const select of controls.querySelectorAll('select')) syncChoice(select);
    controls.addEventListener('change', (event) => {
      const target = event.target as HTMLElement;
      if (!(target instanceof HTMLSelectElement)) return;
      syncChoice(target);
      this.redraw().catch(reportCheckFailure(this));
    });
    this.watchOverflow();
    this.watchTables();
    controls.addEventListener('click', (event) => {
      const action = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-action]')?.dataset.action;
      const total = this.querySelectorAll('[data-role="steps"] li[data-step]').length;
      if (action === 'first') this.step = 1;
      else if (action === 'prev') this.step = Math.max(1, this.step - 1);
      else if (action === 'next') this.step = Math.min(total, this.step + 1);
      else if (action === 'all') this.step = 0;
      else return;
      this.showStep();
    });
  }

  /**
   * Holds the outcome back while a decision table on the page has not been attempted (a check with every cell
   * answered, which the table records as `attempted`), and lets go when one is or when the learner asks.
   */
  private watchTables(): void {
    const tables = [...document.querySelectorAll<HTMLElement>('lab-decision-table[data-table-id]')].map(
      (t) => t.dataset.tableId ?? '',
    );
    if (tables.length === 0) return;
    const chapter = currentChapter();
    const store = progressStore();
    const attempted = (id: string) => {
      const state = chapter ? store.getWidget(chapter, id)?.state : undefined;
      return typeof state === 'object' && state !== null && (state as { attempted?: unknown }).attempted === true;
    };
    const update = () => {
      this.dataset.held = String(this.dataset.released !== 'true' && !tables.every(attempted));
      syncHeld(this);
    };
    store.subscribe(update);
    update();
    must(this, '[data-action="release"]').addEventListener('click', () => {
      this.dataset.released = 'true';
      update();
      // The button is gone: focus moves to what it showed.
      const outcome = must(this, '[data-role="outcome"]');
      outcome.tabIndex = -1;
      outcome.focus();
    });
  }

  /** Shows the "scrolls sideways" cue only while the diagram is wider than its box. */
  private watchOverflow(): void {
    const figure = must(this, '[data-role="svg"]');
    const cue = must(this, '[data-role="scroll-cue"]');
    const update = () => {
      const overflows = figure.scrollWidth > figure.clientWidth + 1;
      cue.hidden = !overflows;
      figure.toggleAttribute('data-overflows', overflows);
    };
    new ResizeObserver(update).observe(figure);
    update();
  }

  /**
   * Hides the steps after the current one in the diagram and the list, says which step this is, and keeps the
   * outcome back until the last step (it would give away what the steps are about to show).
   */
  private showStep(): void {
    const total = this.querySelectorAll('[data-role="steps"] li[data-step]').length;
    for (const el of this.querySelectorAll<HTMLElement | SVGElement>('[data-step]')) {
      const n = Number(el.dataset.step);
      el.classList.toggle('lab-tl-future', this.step > 0 && n > this.step);
      el.classList.toggle('lab-tl-current', this.step > 0 && n === this.step);
      if (el.tagName.toLowerCase() === 'li') {
        if (this.step > 0 && n === this.step) el.setAttribute('aria-current', 'step');
        else el.removeAttribute('aria-current');
      }
    }
    const button = (a: string) => this.querySelector<HTMLButtonElement>(`[data-action="${a}"]`)!;
    const focused = document.activeElement;
    button('prev').disabled = this.step <= 1;
    button('next').disabled = this.step === 0 || this.step >= total;
    button('all').disabled = this.step === 0;
    this.dataset.stepping = String(this.step > 0);
    this.dataset.outcomeWaits = String(this.step > 0 && this.step < total);
    // A button that just became disabled drops focus to <body>: move it to the next thing the learner would press.
    if (focused instanceof HTMLButtonElement && focused.disabled && this.contains(focused)) {
      const next = ['next', 'all', 'prev', 'first'].map(button).find((b) => !b.disabled);
      next?.focus();
    }
    const current = this.querySelector<HTMLElement>(`[data-role="steps"] li[data-step="${this.step}"]`);
    const summary = must(this, '[data-role="summary"]');
    summary.textContent =
      this.step === 0
        ? (this.dataset.summary ?? summary.textContent)
        : `Step ${this.step} of ${total}: ${current?.dataset.text ?? ''}`;
    syncHeld(this);
  }

  private async redraw(): Promise<void> {
    // The renderer is needed only once the learner changes the exchange, so it loads with the model.
    const [model, { renderTimelineOutcome, renderTimelineSteps, renderTimelineSvg }] = await Promise.all([
      loadCourse(),
      import('../lib/timeline-render.ts'),
    ]);
    const fault = must<HTMLSelectElement>(this, '[data-role="fault"]').value as TimelineFault;
    const retry = must<HTMLSelectElement>(this, '[data-role="retry"]').value as TimelineRetry;
    const timeline = model.buildTimeline({ scenario: this.dataset.scenario ?? '', fault, retry });
    const base = this.dataset.base ?? 'tl';
    this.dataset.summary = timeline.summary;
    must(this, '[data-role="summary"]').textContent = timeline.summary;
    must(this, '[data-role="svg"]').innerHTML = renderTimelineSvg(timeline, base);
    must(this, '[data-role="outcome"]').innerHTML = renderTimelineOutcome(timeline);
    must(this, '[data-role="steps"]').innerHTML = renderTimelineSteps(timeline);
    if (this.step > timeline.steps.length) this.step = timeline.steps.length;
    this.showStep();
  }
}

if (!customElements.get('lab-message-timeline')) customElements.define('lab-message-timeline', LabMessageTimeline);
