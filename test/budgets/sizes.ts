/**
 * Size budgets, read from a built site (dist/, or the directory given as the first argument). Prints figures and
 * exits non-zero only when a budget is exceeded:
 *   - the JavaScript a chapter page loads before any interaction (its module scripts and everything they import
 *     statically; dynamic import() and workers excluded) is at most 40 KB gzipped;
 *   - the message model that widgets share is exactly one chunk, and no chapter page loads it before interaction.
 * Other helpers add their own section to SECTIONS.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { codeLabSection } from './code-lab.ts';

const dist = resolve(process.argv[2] ?? 'dist');
const KB = 1024;
/** Budget: JS a chapter page loads before interaction, gzipped. */
const CHAPTER_JS_BUDGET = 40 * KB;
/** Strings that only the message model's code contains (finding ids and a model-only label). */
const MODEL_MARKERS = ['structured-content-not-mirrored', 'input-required-request-invalid'];

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`No built site at ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}

const gzCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    gzCache.set(file, size);
  }
  return size;
}

/** The file a URL path in the built site refers to. */
function fileFor(urlPath: string): string {
  return join(dist, urlPath.split('?')[0]!.replace(/^\//, ''));
}

/** Static imports of a built JS module (minified ESM: `import{a}from"./x.js"`, `import"./y.js"`); not import(). */
function staticImports(code: string): string[] {
  const found: string[] = [];
  const re = /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.js)["']/g;
  for (const m of code.matchAll(re)) found.push(m[1]!);
  // `export * from "./x.js"` and `export{a}from"./x.js"` also load at once.
  for (const m of code.matchAll(/(?:^|[;}\s])export\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+\.js)["']/g))
    found.push(m[1]!);
  return found;
}

/** Every JS file a page loads before interaction: module scripts, modulepreloads and their static imports. */
function pageScripts(html: string): Set<string> {
  const roots: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) roots.push(fileFor(m[1]!));
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) roots.push(fileFor(m[1]!));
  const seen = new Set<string>();
  const inline: string[] = [];
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g))
    inline.push(m[1]!);
  for (const code of inline)
    for (const spec of staticImports(code))
      roots.push(spec.startsWith('/') ? fileFor(spec) : join(dist, '_astro', spec));
  const queue = [...roots];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const spec of staticImports(code))
      queue.push(spec.startsWith('/') ? fileFor(spec) : resolve(file, '..', spec));
  }
  return seen;
}

/** Inline classic scripts count too: they run before interaction. */
function inlineScriptBytes(html: string): number {
  let total = 0;
  for (const m of html.matchAll(
    /<script\b(?![^>]*\bsrc=)(?![^>]*type="(?:application\/json|application\/ld\+json)")[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    if (m[1]!.trim()) total += gzipSync(m[1]!, { level: 9 }).length;
  }
  return total;
}

function htmlPages(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...htmlPages(full));
    else if (name === 'index.html') out.push(full);
  }
  return out;
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;
let failed = false;

/** One budget section: prints its figures, returns false when over budget. */
type Section = { title: string; run: () => boolean };

const jsFiles = readdirSync(join(dist, '_astro')).filter((f) => f.endsWith('.js'));
const modelChunks = jsFiles.filter(
  (f) => !/worker/i.test(f) && MODEL_MARKERS.every((m) => readFileSync(join(dist, '_astro', f), 'utf8').includes(m)),
);
const modelFiles = new Set(modelChunks.map((f) => join(dist, '_astro', f)));

const SECTIONS: Section[] = [
  {
    title: 'JavaScript a page loads before interaction (gzipped; budget for chapters 40 KB)',
    run: () => {
      let ok = true;
      const pages = htmlPages(dist).sort();
      for (const page of pages) {
        const html = readFileSync(page, 'utf8');
        const files = pageScripts(html);
        const total = [...files].reduce((sum, f) => sum + gzipSize(f), 0) + inlineScriptBytes(html);
        const route = `/${page.slice(dist.length + 1).replace(/index\.html$/, '')}`;
        const isChapter = /^\/chapters\/[^/]+\/$/.test(route);
        const loadsModel = [...files].some((f) => modelFiles.has(f));
        const over = isChapter && total > CHAPTER_JS_BUDGET;
        if (over || (isChapter && loadsModel)) ok = false;
        if (isChapter || ['/', '/playground/', '/progress/'].includes(route)) {
          console.log(
            `  ${over ? 'OVER' : '    '} ${route.padEnd(48)} ${kb(total).padStart(9)} in ${files.size} file${files.size === 1 ? '' : 's'}${loadsModel ? (isChapter ? '  (loads the model before interaction: not allowed)' : '  (loads the model)') : ''}`,
          );
        }
      }
      return ok;
    },
  },
  {
    title: 'The shared message-model chunk',
    run: () => {
      if (modelChunks.length !== 1) {
        console.log(
          `  The model is in ${modelChunks.length} chunks (${modelChunks.join(', ') || 'none found'}); it must be exactly one.`,
        );
        return false;
      }
      const file = join(dist, '_astro', modelChunks[0]!);
      console.log(
        `  one chunk: ${modelChunks[0]} ${kb(statSync(file).size)} raw, ${kb(gzipSize(file))} gzipped (loaded on first interaction)`,
      );
      return true;
    },
  },
  codeLabSection(dist),
];

for (const section of SECTIONS) {
  console.log(`\n${section.title}`);
  if (!section.run()) failed = true;
}
console.log(failed ? '\nOver budget.' : '\nAll budgets met.');
process.exit(failed ? 1 : 0);
