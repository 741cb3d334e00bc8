/**
 * <lab-http-playground>: the Playground's HTTP mode. Reads a pasted request and response (readHttpText) or a HAR file
 * (readHar), classifies every MCP exchange with classifyHttpExchange and shows each one layer by layer with the same
 * renderer as chapter 10's widget. The model and the renderer load on the first read; input stays in the browser.
 * A HAR over the cap is refused before it is read.
 */
import type { HttpExchange, Protocol } from '#message-model';
import { h, must } from '../../../lib/dom.ts';
import { readData } from './dom.ts';
import { loadModel, warmModelOnIntent } from './model.ts';

interface Example {
  id: string;
  title: string;
  request: string;
  response: string;
}

/** At most this many exchanges are drawn; the summary counts them all. */
const SHOWN = 50;

class LabHttpPlayground extends HTMLElement {
  private form!: HTMLFormElement;

  connectedCallback(): void {
    if (this.dataset.upgraded) return;
    this.dataset.upgraded = 'true';
    const { examples } = readData<{ examples: Example[] }>(this);
    this.form = must<HTMLFormElement>(this, '[data-role="form"]');
    this.form.hidden = false;
    warmModelOnIntent(this);
    const request = must<HTMLTextAreaElement>(this, '#pgh-request');
    const response = must<HTMLTextAreaElement>(this, '#pgh-response');
    for (const input of this.form.querySelectorAll<HTMLInputElement>('input[name="pgh-mode"]'))
      input.addEventListener('change', () => this.showMode());
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.read();
    });
    must(this, '[data-action="clear"]').addEventListener('click', () => {
      request.value = '';
      response.value = '';
      must<HTMLTextAreaElement>(this, '#pgh-har-text').value = '';
      must<HTMLInputElement>(this, '#pgh-har-file').value = '';
      must(this, '[data-role="result"]').replaceChildren();
      this.say('');
    });
    for (const button of this.querySelectorAll<HTMLButtonElement>('[data-example]')) {
      button.addEventListener('click', () => {
        const example = examples.find((e) => e.id === button.dataset.example);
        if (!example) return;
        must<HTMLInputElement>(this, '#pgh-mode-text').checked = true;
        this.showMode();
        request.value = example.request;
        response.value = example.response;
        void this.read();
      });
    }
    this.showMode();
  }

  private mode(): 'text' | 'har' {
    return must<HTMLInputElement>(this, '#pgh-mode-har').checked ? 'har' : 'text';
  }

  private showMode(): void {
    const har = this.mode() === 'har';
    must(this, '[data-role="har-fields"]').hidden = !har;
    must(this, '[data-role="text-fields"]').hidden = har;
  }

  private say(text: string): void {
    must(this, '[data-role="status"]').textContent = text;
  }

  /** The exchanges to read, with a label each, or a sentence saying why there are none. */
  private async collect(
    model: typeof import('#message-model'),
  ): Promise<{ items: { label: string; exchange: HttpExchange }[]; skipped: string[] } | string> {
    if (this.mode() === 'text') {
      const r = model.readHttpText(
        must<HTMLTextAreaElement>(this, '#pgh-request').value,
        must<HTMLTextAreaElement>(this, '#pgh-response').value,
      );
      if (r.kind === 'bad-input') return r.message;
      return { items: [{ label: 'The exchange', exchange: r.exchange }], skipped: [] };
    }
    const file = must<HTMLInputElement>(this, '#pgh-har-file').files?.[0];
    let text = must<HTMLTextAreaElement>(this, '#pgh-har-text').value;
    if (file) {
      if (file.size > model.HAR_MAX_BYTES)
        return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MiB; the Playground reads at most ${model.HAR_MAX_BYTES / 1024 / 1024} MiB. Export only the MCP requests (filter the network panel by the endpoint).`;
      text = await file.text();
    }
    if (text.trim() === '') return 'Choose a HAR file or paste its text first.';
    const har = model.readHar(text);
    if (har.kind === 'bad-input') return har.message;
    return {
      items: har.exchanges.map((e) => ({
        label: `Entry ${e.index}: ${e.exchange.request.method} ${e.url}`,
        exchange: e.exchange,
      })),
      skipped: har.skipped,
    };
  }

  private async read(): Promise<void> {
    this.say('Reading…');
    const [model, render] = await Promise.all([loadModel(), import('../lib/exchange-render.ts')]);
    const collected = await this.collect(model);
    const result = must(this, '[data-role="result"]');
    if (typeof collected === 'string') {
      result.replaceChildren();
      this.say(collected);
      return;
    }
    const chosen = must<HTMLSelectElement>(this, '#pgh-protocol').value;
    const options = chosen === '' ? {} : { protocol: chosen as Protocol };
    const sections: HTMLElement[] = [];
    let breaking = 0;
    // One session state for the whole HAR, in order, as `mcp-lab classify --http` reads it: an initialize decides the
    // era of the exchanges of its session that follow.
    const session = model.createHttpSession();
    for (const [i, item] of collected.items.entries()) {
      const c = model.classifyHttpExchange(item.exchange, { ...options, session });
      if (c.kind === 'exchange' && c.findings.some((f) => f.severity === 'error')) breaking += 1;
      if (i >= SHOWN) continue;
      const body = h('div', { class: 'lab-http-reading' });
      if (c.kind === 'exchange') body.innerHTML = render.renderExchangeReading(c);
      else body.textContent = c.message;
      sections.push(
        h(
          'section',
          { class: 'lab-panel lab-http-result' },
          h(
            'h4',
            {},
            c.kind === 'exchange'
              ? `${item.label} → ${model.statusLine(c.response.status)}`
              : `${item.label}: not read`,
          ),
          body,
        ),
      );
    }
    const n = collected.items.length;
    const summary = h(
      'p',
      { class: 'lab-small' },
      n === 0
        ? 'No MCP exchange found: no request carried an MCP header or a JSON-RPC body.'
        : `${n} exchange${n === 1 ? '' : 's'} read, ${breaking} breaking a rule${n > SHOWN ? `; the first ${SHOWN} are shown` : ''}.`,
    );
    const skipped = collected.skipped.length
      ? h('ul', { class: 'lab-small' }, ...collected.skipped.slice(0, 20).map((s) => h('li', {}, `Skipped ${s}`)))
      : '';
    result.replaceChildren(
      h('h3', { tabindex: '-1' }, 'What the classifier reads'),
      summary,
      skipped || '',
      ...sections,
    );
    this.say('');
    result.querySelector<HTMLElement>('h3')?.focus();
  }
}

if (!customElements.get('lab-http-playground')) customElements.define('lab-http-playground', LabHttpPlayground);
