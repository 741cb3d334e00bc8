/**
 * `<lab-agenda-planner>` (AgendaPlanner.astro): the chosen chapters and break policy become the agenda rows and
 * summary (`src/instructor/agenda.ts`, drawn by `agenda-render.ts`), remembered in this browser.
 */
import {
  BREAK_POLICIES,
  DEFAULT_BREAK_POLICY,
  agendaSummary,
  buildAgenda,
  isBreakPolicy,
  type AgendaChapter,
  type BreakPolicyId,
} from '../../instructor/agenda.ts';
import { renderAgendaRows } from '../../instructor/agenda-render.ts';

const STORAGE_KEY = 'mcp-lab-agenda';

class AgendaPlanner extends HTMLElement {
  connectedCallback() {
    const chapters = JSON.parse(this.querySelector('[data-role="chapters"]')!.textContent ?? '[]') as AgendaChapter[];
    const form = this.querySelector<HTMLFormElement>('[data-role="form"]')!;
    const rows = this.querySelector<HTMLElement>('[data-role="rows"]')!;
    const summary = this.querySelector<HTMLElement>('[data-role="summary"]')!;
    form.hidden = false;
    this.restore(form);

    const render = () => {
      const chosen = new Set(new FormData(form).getAll('chapter').map(String));
      const breaks = String(
        form.elements.namedItem('breaks') instanceof HTMLSelectElement
          ? (form.elements.namedItem('breaks') as HTMLSelectElement).value
          : DEFAULT_BREAK_POLICY,
      );
      const options = {
        start: (form.elements.namedItem('start') as HTMLInputElement).value,
        breakPolicy: (isBreakPolicy(breaks) ? breaks : DEFAULT_BREAK_POLICY) as BreakPolicyId,
        openingMinutes: Number((form.elements.namedItem('opening') as HTMLInputElement).value || 0),
        closingMinutes: Number((form.elements.namedItem('closing') as HTMLInputElement).value || 0),
      };
      const agenda = buildAgenda(
        chapters.filter((c) => chosen.has(c.id)),
        options,
      );
      if (agenda.kind !== 'agenda') {
        summary.textContent = agenda.message;
        rows.replaceChildren();
        return;
      }
      summary.textContent = agendaSummary(agenda);
      rows.innerHTML = renderAgendaRows(agenda);
      this.save(form);
    };
    form.addEventListener('input', render);
    form.addEventListener('change', render);
    form.addEventListener('submit', (e) => e.preventDefault());
    // The agenda alone on paper: the page is marked while the print dialog is open (the print CSS leaves out
    // everything but [data-print-region]), and prints in full again afterwards.
    form.querySelector('[data-action="print"]')!.addEventListener('click', () => {
      const root = document.documentElement;
      root.dataset.printAlone = 'true';
      window.addEventListener('afterprint', () => delete root.dataset.printAlone, { once: true });
      window.print();
    });
    form.querySelector('[data-action="reset"]')!.addEventListener('click', () => {
      form.reset();
      render();
    });
    render();
  }

  /** Remembers the plan in this browser so a reload keeps it (the plan is the instructor's, not a learner's). */
  save(form: HTMLFormElement) {
    try {
      const data = new FormData(form);
      localStorage.setItem(
        STORAGE_KEY,
        JSON.stringify({
          chapters: data.getAll('chapter'),
          start: data.get('start'),
          breaks: data.get('breaks'),
          opening: data.get('opening'),
          closing: data.get('closing'),
        }),
      );
    } catch {
      // Storage refused: the plan simply is not remembered.
    }
  }

  restore(form: HTMLFormElement) {
    let saved: Record<string, unknown> | undefined;
    try {
      saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') ?? undefined;
    } catch {
      saved = undefined;
    }
    if (!saved || typeof saved !== 'object') return;
    if (Array.isArray(saved.chapters)) {
      for (const box of form.querySelectorAll<HTMLInputElement>('input[name="chapter"]'))
        box.checked = saved.chapters.includes(box.value);
    }
    const set = (name: string, value: unknown) => {
      const el = form.elements.namedItem(name);
      if (typeof value === 'string' && (el instanceof HTMLInputElement || el instanceof HTMLSelectElement))
        el.value = value;
    };
    set('start', saved.start);
    if (typeof saved.breaks === 'string' && (BREAK_POLICIES as readonly string[]).includes(saved.breaks))
      set('breaks', saved.breaks);
    set('opening', saved.opening);
    set('closing', saved.closing);
  }
}

if (!customElements.get('lab-agenda-planner')) customElements.define('lab-agenda-planner', AgendaPlanner);
