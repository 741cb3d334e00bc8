/**
 * <lab-message-timeline>: the fault and retry controls for the server-rendered sequence diagram. Each change asks
 * the model's buildTimeline for the exchange and redraws the diagram, the outcome and the step list.
 */
import type { TimelineFault, TimelineRetry } from '#message-model';
import { renderTimelineOutcome, renderTimelineSteps, renderTimelineSvg } from '../lib/timeline-render.ts';
import { must } from './dom.ts';
import { loadModel, warmModelOnIntent } from './model.ts';

class LabMessageTimeline extends HTMLElement {
  connectedCallback(): void {
    if (this.dataset.upgraded) return;
    this.dataset.upgraded = 'true';
    const controls = must<HTMLFormElement>(this, '[data-role="controls"]');
    controls.hidden = false;
    controls.addEventListener('submit', (e) => e.preventDefault());
    warmModelOnIntent(this);
    controls.addEventListener('change', () => void this.redraw());
  }

  private async redraw(): Promise<void> {
    const model = await loadModel();
    const fault = must<HTMLSelectElement>(this, '[data-role="fault"]').value as TimelineFault;
    const retry = must<HTMLSelectElement>(this, '[data-role="retry"]').value as TimelineRetry;
    const timeline = model.buildTimeline({ scenario: this.dataset.scenario ?? '', fault, retry });
    const base = this.dataset.base ?? 'tl';
    must(this, '[data-role="summary"]').textContent = timeline.summary;
    must(this, '[data-role="svg"]').innerHTML = renderTimelineSvg(timeline, base);
    must(this, '[data-role="outcome"]').innerHTML = renderTimelineOutcome(timeline);
    must(this, '[data-role="steps"]').innerHTML = renderTimelineSteps(timeline);
  }
}

if (!customElements.get('lab-message-timeline')) customElements.define('lab-message-timeline', LabMessageTimeline);
