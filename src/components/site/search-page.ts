/**
 * The search page (src/pages/search.astro): asks Pagefind, loaded on first use, for the query in the box or the
 * `?q=` parameter and lists the hits with their marked excerpts.
 */

// A module, not a global script: its names (`status`, `list`) stay its own.
export {};
interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
}
interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string };
  sub_results?: PagefindSubResult[];
}
interface Pagefind {
  search(query: string): Promise<{ results: { data(): Promise<PagefindResultData> }[] }>;
  options?(opts: Record<string, unknown>): Promise<void>;
}

const input = document.getElementById('search-input') as HTMLInputElement | null;
const form = document.querySelector<HTMLFormElement>('.search-form');
const status = document.getElementById('search-status');
const list = document.getElementById('search-results');
let pagefind: Promise<Pagefind> | undefined;
let latest = 0;

function loadPagefind(): Promise<Pagefind> {
  // A variable path keeps the bundler from resolving a file that only exists after pagefind has run.
  const path = '/pagefind/pagefind.js';
  pagefind ??= import(/* @vite-ignore */ path) as Promise<Pagefind>;
  return pagefind;
}

/** Pagefind excerpts are escaped text with <mark> around the hits; keep only that markup. */
function excerptNode(html: string): HTMLElement {
  const p = document.createElement('p');
  p.className = 'search-excerpt';
  const parts = html.split(/(<mark>|<\/mark>)/);
  let marked = false;
  for (const part of parts) {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    else {
      // A <template> keeps the spaces at the edges of each part (an HTML document would drop leading ones).
      const template = document.createElement('template');
      template.innerHTML = part;
      const text = template.content.textContent ?? '';
      if (marked) {
        const m = document.createElement('mark');
        m.textContent = text;
        p.append(m);
      } else p.append(text);
    }
  }
  return p;
}

async function run(query: string): Promise<void> {
  const id = ++latest;
  const q = query.trim();
  if (!list || !status) return;
  if (q.length === 0) {
    list.replaceChildren();
    status.textContent = '';
    return;
  }
  status.textContent = 'Searching…';
  let found: PagefindResultData[];
  try {
    const pf = await loadPagefind();
    const { results } = await pf.search(q);
    found = await Promise.all(results.slice(0, 20).map((r) => r.data()));
  } catch {
    if (id === latest)
      status.textContent =
        'The search index could not be loaded. Try reloading the page, or browse the course outline.';
    return;
  }
  if (id !== latest) return; // a newer query has started
  list.replaceChildren(
    ...found.map((r) => {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = r.url;
      a.textContent = r.meta.title ?? r.url;
      a.className = 'search-result-title';
      li.append(a, excerptNode(r.excerpt));
      const subs = (r.sub_results ?? []).filter((s) => s.url !== r.url).slice(0, 3);
      if (subs.length > 0) {
        const ul = document.createElement('ul');
        ul.className = 'search-subresults';
        for (const s of subs) {
          const sli = document.createElement('li');
          const sa = document.createElement('a');
          sa.href = s.url;
          sa.textContent = s.title;
          sli.append(sa);
          ul.append(sli);
        }
        li.append(ul);
      }
      return li;
    }),
  );
  status.textContent =
    found.length === 0
      ? `No results for “${q}”.`
      : `${found.length} ${found.length === 1 ? 'result' : 'results'} for “${q}”.`;
}

let timer: number | undefined;
input?.addEventListener('input', () => {
  window.clearTimeout(timer);
  timer = window.setTimeout(() => {
    const q = input.value;
    const url = new URL(location.href);
    if (q.trim()) url.searchParams.set('q', q);
    else url.searchParams.delete('q');
    history.replaceState(null, '', url);
    void run(q);
  }, 150);
});
form?.addEventListener('submit', (event) => {
  event.preventDefault();
  void run(input?.value ?? '');
});

const initial = new URL(location.href).searchParams.get('q');
if (input && initial) {
  input.value = initial;
  void run(initial);
}
